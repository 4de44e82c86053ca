"""gupai.games.kap."""
