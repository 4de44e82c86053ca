"""gupai.sim."""
