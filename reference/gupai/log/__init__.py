"""gupai.log."""
