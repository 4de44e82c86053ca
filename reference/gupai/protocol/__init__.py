"""gupai.protocol."""
