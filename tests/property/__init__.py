"""property tests."""
