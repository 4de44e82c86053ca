"""gupai.games."""
