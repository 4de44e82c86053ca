"""The harness catches an engine that, on a Tsung Shap capture, removes another copy of a captured face.

The fake ``tests/fakes/takes_another_copy.py`` removes each captured face's
first copy from the left (``--from-right``: from the right) instead of the
tile at the captured end. The scenarios of
``features/tsung-shap/duplicate-copies.feature`` and the corpus's logs of such
captures must fail it, against the capture's rule.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gupai.conformance.cases import CaseResult, collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "takes_another_copy.py"
SCENARIOS = "scenario:tsung-shap/duplicate-copies/*"
LOGS = "log:tsung-shap/valid/culin-triple-at-*"


def _run(*args: str) -> list[CaseResult]:
    cases = select_cases(collect_cases(), run=(SCENARIOS, LOGS))
    with EngineProcess([sys.executable, str(FAKE), *args], timeout=10.0, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    return results


def _named(results: list[CaseResult], fragment: str) -> list[CaseResult]:
    return [r for r in results if fragment in r.case.id]


@pytest.mark.parametrize(("args", "side"), [((), "left"), (("--from-right",), "right")])
def test_an_engine_that_takes_another_copy_of_a_captured_face_fails_under_the_capture_rule(
    args: tuple[str, ...], side: str
) -> None:
    results = _run(*args)
    failed = [r for r in results if r.outcome == "fail"]
    # Each log of a capture with another copy on the engine's side fails, against ts.capture.triple.
    logs = _named(failed, f"-to-the-{side}-random-")
    assert len(logs) == 3 and all(r.failed_rules == ("ts.capture.triple",) for r in logs)
    assert all(": row is [" in r.message for r in logs)
    # Scenarios: the row after the capture is wrong, and the failure counts against the capture's rule.
    scenarios = [r for r in failed if r.case.kind == "scenario"]
    assert scenarios and all("Then the Tsung Shap row is" in r.message for r in scenarios)
    assert all("ts.capture.triple" in r.failed_rules for r in scenarios)
    # Which scenarios fail depends on the side the engine reads the row from (the row's wording, hand-written).
    if side == "left":
        expected = {
            "right-end-leaves-another-copy-of-its-tile-in-the-middle",
            "right-end-leaves-another-copy-of-its-tile-at-the-left-end",
            "laid-at-the-right",
            "copy-of-the-tile-laid",
            "claimed-triple",
        }
    else:
        expected = {
            "left-end-leaves-another-copy-of-its-tile-in-the-middle",
            "left-end-leaves-another-copy-of-its-tile-at-the-right-end",
            "laid-at-the-left",
        }
    assert {key for key in expected if _named(scenarios, key)} == expected
    assert len(scenarios) == len(expected)
    # The pair scenario takes both copies of its face: nothing to remove in error, it passes.
    assert all(r.outcome == "pass" for r in _named(results, "a-pair-at-the-far-end"))


def test_the_reference_passes_every_case_of_another_copy() -> None:
    cases = select_cases(collect_cases(), run=(SCENARIOS, LOGS))
    assert len(cases) == 9 + 6
    with EngineProcess([sys.executable, "-m", "gupai.protocol.server"], timeout=10.0, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    assert all(r.outcome == "pass" for r in results), [r.message for r in results if r.outcome != "pass"]
