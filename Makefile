# The two quick-start commands: `make demo` and `make test`.
# Every target creates .venv if missing and installs the project into it;
# a second run reuses it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: demo test lint typecheck unit bench docs site browser fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs,sim]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m gupai.demo

lint: $(STAMP)
	$(BIN)/ruff check reference tests site_hooks
	$(BIN)/ruff format --check reference tests site_hooks

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --strict site_hooks

unit: $(STAMP)
	$(BIN)/pytest -q

# `site` builds the rules site strictly into site/; the unit tests then reuse
# that build (tests/site_build.py), including the headless-Chromium test.
test: lint typecheck site unit

bench: $(STAMP)
	$(BIN)/python -m gupai.bench

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

# The rules site, built with --strict: a broken link, a spec entry without
# text, or a rule with no place on the site fails the build.
site: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The rules site in headless Chromium alone (also part of `unit`).
browser: site
	$(BIN)/pytest -q tests/test_site_browser.py

clean:
	rm -rf $(VENV) site
