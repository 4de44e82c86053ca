"""scenarios tests."""
