"""Step definitions for the Gherkin scenarios in ``features/``.

Each module here is a pytest plugin (registered in ``tests/conftest.py``)
holding the steps and fixtures of one area of the rules.
"""
