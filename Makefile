# The two quick-start commands: `make demo` and `make test`.
# Every target creates .venv if missing and installs the project into it;
# a second run reuses it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PYTHONHASHSEED := 0
# Python's default, compiled modules kept in __pycache__: on a machine that
# turns it off, every one of the many Python processes the tests start would
# compile gupai's modules afresh (0.3 s each).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test lint typecheck kernels unit bench verify-fast docs site browser fuzz soak conformance analysis mutate clean

# Each long step says what it does as it starts, and how long it took.
NOW = date +%s
TOOK = $$(( $$($(NOW)) - start )) s

$(STAMP): pyproject.toml
	@echo "make: setting up $(VENV): pip installs gupai and its extras (test, docs, sim, cluster, fast, rl), once"
	@start=$$($(NOW)); \
	{ test -x $(BIN)/python || $(PYTHON) -m venv $(VENV); } && \
	$(BIN)/python -m pip install --quiet --upgrade pip && \
	$(BIN)/python tools/pip_progress.py -e '.[test,docs,sim,cluster,fast,rl]' && \
	touch $(STAMP) && echo "make: $(VENV) set up in $(TOOK)"

# The setup compiles the fast path's kernels first (once; `make kernels`), so
# that the tour and the first `gupai simulate` after it do not wait for them.
demo: kernels
	@$(BIN)/python -m tools.demo

lint: $(STAMP)
	$(BIN)/ruff check reference tests tools site_hooks
	$(BIN)/ruff format --check reference tests tools site_hooks

typecheck: $(STAMP)
	$(BIN)/mypy

# The fast path's numba kernels compiled once into numba's cache (the user's:
# ~/.cache/gupai/numba, or $GUPAI_CACHE_DIR/numba), so that the test processes
# load them instead of each compiling them for 40 s (tests/kernels.py).
kernels: $(STAMP)
	@$(BIN)/python -m tests.kernels

# One worker a core; a worker that runs out of tests takes over half of what
# the other has left (worksteal), so the two end together. The tests that
# drive the site in headless Chromium are `make browser`'s.
unit: $(STAMP)
	$(BIN)/pytest -q -n auto --dist worksteal -m "not browser"

# `site` builds the rules site strictly into site/; the unit tests then reuse
# that build (tests/site_build.py), including the headless-Chromium test.
# kernels, typecheck, site and lint each use one core: two run at a time, the
# longest first.
test: $(STAMP)
	@echo "make test: the kernels, mypy, the site and ruff (two at a time), then every test"
	@start=$$($(NOW)); \
	$(MAKE) --no-print-directory --jobs=2 --output-sync=target kernels typecheck site lint && \
	$(MAKE) --no-print-directory unit && echo "make test: passed in $(TOOK)"

bench: $(STAMP)
	$(BIN)/python -m tools.bench

# The fast path of `gupai simulate` held to the reference engine: 10,000 seeded
# games a game, preset and agent line-up played by both, every action the same
# (`make test` plays a few dozen: tests/property/test_fast_sim.py).
verify-fast: $(STAMP)
	$(BIN)/python -m tools.verify_fast --games 10000 --jobs 2

docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

# The rules site, built with --strict: a broken link, a spec entry without
# text, or a rule with no place on the site fails the build.
site: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The rules site in headless Chromium: every test marked `browser` (it drives
# the built site; tests/conftest.py marks them), one worker a core. Not part of
# `make test`, which a fresh machine without Chromium runs; CI runs both.
browser: $(STAMP)
	@echo "make browser: the rules site in headless Chromium, every page at 1280 and 400 px, the viewer and the Play pages"
	@start=$$($(NOW)); \
	$(BIN)/pytest -q -n auto --dist worksteal -m browser tests/integration && echo "make browser: passed in $(TOOK)"

# The fuzz run: 100,000 corrupted inputs each to the log validator and to the
# engine protocol's readers, zero tracebacks allowed; it prints the counts.
# (`make test` runs a short one: tests/property/test_fuzz.py.)
fuzz: $(STAMP)
	GUPAI_FUZZ_INPUTS=100000 $(BIN)/pytest -q -s tests/property/test_fuzz.py -k fuzz_the

# A million events validated from one JSON Lines stream: prints the events per
# CPU-second and the peak memory, and fails above 200 MB (GUPAI_SOAK_EVENTS=n for another size).
soak: $(STAMP)
	$(BIN)/python -m tools.soak

# The reference engine through the engine protocol, every case, with the
# per-rule report (`make test` runs the same self-test in tests/integration/test_harness.py).
conformance: $(STAMP)
	$(BIN)/gupai conformance run --engine '$(BIN)/gupai engine'

# Mutation testing of the rule modules (tools/mutate.py): mutmut mutates each
# module in a staging copy (.mutate/) and runs its mutants against the tests
# that cover it, two modules at a time under nice; it reports per module the
# mutants killed, survived and timed out, leaving out the equivalent ones that
# tests/mutation/equivalent.txt lists. Long (tens of minutes on two cores) and
# not part of `make test`; `make mutate MODULES=games/kap/deal_check.py` runs one.
MUTATE_STAMP := $(VENV)/.mutate-installed
$(MUTATE_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[mutate]'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	$(BIN)/python -m tools.mutate $(MODULES)

# The rules analysis page's figures (docs/assets/analysis/): a few minutes.
analysis: $(STAMP)
	$(BIN)/python -m tools.analysis

clean:
	rm -rf $(VENV) site
