"""gupai.render."""
