"""gupai.core."""
