# The two quick-start commands: `make demo` and `make test`.
# Every target creates .venv if missing and installs the project into it;
# a second run reuses it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PYTHONHASHSEED := 0

.PHONY: demo test lint typecheck unit bench docs site fuzz clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs,sim]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m gupai.demo

lint: $(STAMP)
	$(BIN)/ruff check reference tests
	$(BIN)/ruff format --check reference tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python -m gupai.bench

docs: $(STAMP)
	$(BIN)/mkdocs serve

clean:
	rm -rf $(VENV) site
