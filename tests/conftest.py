"""Shared test configuration: scenario steps, scenario tags, hypothesis.

Scenarios and steps
    ``tests/scenarios/test_features.py`` binds every ``.feature`` file under
    ``features/`` (``bdd_features_base_dir`` in ``pyproject.toml``); do not
    bind them again elsewhere. The steps are the one set of step bindings in
    ``reference/gupai/conformance/steps/`` (what ``gupai conformance run`` asks
    of an engine too); ``tests/scenarios/frontend.py``, the plugin below,
    registers each with pytest-bdd and runs it against the reference engine
    in-process. To add an area: put its ``.feature`` files anywhere under
    ``features/`` and its steps in a module of ``gupai.conformance.steps``
    joined in ``gupai.conformance.steps.registry``; nothing changes here.

Tags
    Every scenario carries ``@rule:<rule id>`` for each rule it tests and
    ``@option:<key>=<value>`` for each option value it needs beyond the
    ``culin`` preset, on the scenario itself (not on the Feature, a Rule or an
    Examples table). They become the registered markers ``rule`` and
    ``option``, so ``pytest -m rule`` or ``pytest -m "rule(id='ks.pair.ten')"``
    and ``pytest -m "option(key='pair-set')"`` select scenarios.
    ``tests/scenarios/test_traceability.py`` checks the tags against ``spec/``;
    after a run that included it, the terminal summary ends with a "rule
    coverage" section (computed in the controller, so it shows under
    pytest-xdist too).

The ``slow`` marker
    The slowest tests (the strict site build, the benches, fuzzing, whole
    corpora, simulations) carry ``@pytest.mark.slow``. ``make test`` runs
    everything; for a quick run while developing, ``pytest -m "not slow"``
    (``-n 2`` to use both cores). Mark a test slow when ``pytest --durations=25``
    shows it among the slowest, never to hide a failure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import settings

from tests.site_cdp import Browser, chromium

pytest_plugins = ["tests.scenarios.frontend", "tests.xdist_teardown", "tests.mutation_memos"]

#: Tag prefixes that become markers, and what each marker means.
TAG_MARKERS = {
    "rule": "rule(id): the scenario tests the spec rule with this permanent id (tag @rule:<id>)",
    "option": "option(key=value): the scenario needs this option value beyond the culin preset (tag @option:<k>=<v>)",
}

#: The test after which the end-of-run "rule coverage" section is printed.
COVERAGE_TEST = "tests/scenarios/test_traceability.py::test_every_executable_rule_has_a_scenario"

settings.register_profile("gupai", deadline=None, print_blob=True)
settings.load_profile("gupai")


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``rule`` and ``option`` markers (``--strict-markers`` is on)."""
    for text in TAG_MARKERS.values():
        config.addinivalue_line("markers", text)


def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> bool | None:
    """Turn ``@rule:<id>`` and ``@option:<k>=<v>`` tags into ``rule``/``option`` markers.

    ``@rule:ks.pair.ten`` becomes ``pytest.mark.rule("ks.pair.ten", id="ks.pair.ten")``
    and ``@option:pair-set=printed`` becomes
    ``pytest.mark.option("pair-set=printed", key="pair-set", value="printed")``
    (keyword arguments so that ``-m "rule(id='...')"`` can select them). Other
    tags fall through to pytest-bdd's default (one marker named after the tag).
    """
    prefix, sep, value = tag.partition(":")
    if not sep or prefix not in TAG_MARKERS:
        return None
    if prefix == "rule":
        pytest.mark.rule(value, id=value)(function)
    else:
        key, _, option_value = value.partition("=")
        pytest.mark.option(value, key=key, value=option_value)(function)
    return True


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the rule coverage (pending rules, rules without scenarios) when the traceability test ran, and
    why the Play pages' browser test was skipped, if it was (a site built without the Pyodide runtime).

    Computed here, in the process that writes the summary, so that it is printed
    under pytest-xdist too (a worker's ``config.stash`` never reaches the controller).
    """
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        if "test_site_play" in getattr(report, "nodeid", "") and isinstance(longrepr, tuple):
            terminalreporter.write_line(f"note: {longrepr[2].removeprefix('Skipped: ')}")
            break
    ran = any(
        getattr(report, "nodeid", "").endswith(COVERAGE_TEST) and getattr(report, "when", "call") == "call"
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
    )
    if not ran:
        return
    from tests.scenarios.test_traceability import coverage_summary

    terminalreporter.section("rule coverage")
    for line in coverage_summary():
        terminalreporter.write_line(line)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives headless Chromium (it asks for the ``browser`` fixture) ``browser``: ``make
    test`` leaves them to ``make browser``, which CI runs after it (``.ci/run``)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """A headless Chromium for a module of the rules site's browser tests, closed after it."""
    opened = Browser(chromium())
    try:
        yield opened
    finally:
        opened.close()
