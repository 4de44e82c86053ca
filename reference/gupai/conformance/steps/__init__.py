"""gupai.conformance.steps."""
