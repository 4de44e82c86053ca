"""gupai.conformance."""
