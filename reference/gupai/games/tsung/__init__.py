"""gupai.games.tsung."""
