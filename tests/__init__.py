"""gupai's tests: unit, property, spec, CLI and Gherkin scenario tests."""
