"""Failures count against the rule really broken: for each fake engine that breaks one rule, that rule leads.

Each fake of ``tests/fakes`` below breaks exactly one rule (its docstring says
which). Run through the cases of its game, the rule its failures count
against most often must be that rule: a missing claim counts against
``ts.claim``, not against the early reveal it causes; a hand evaluator that
counts [4-2] wrong counts against ``*.tiles.four-two``, not ``*.declare``; a
triple listed with the wrong points counts once, against the rule the reference
names for it (``ts.capture.triple``, as the validator does).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

FAKES = Path(__file__).resolve().parents[1] / "fakes"
KAP = ("scenario:kap-shap/*", "log:kap-shap/*", "scenario:kap-tai-shap/*", "log:kap-tai-shap/*")
TSUNG = ("scenario:tsung-shap/*", "log:tsung-shap/*")

BROKEN = [
    ("four_two_six", KAP, {"ks.tiles.four-two", "kts.tiles.four-two"}),
    ("tile_value_wrong", (*KAP, "scenario:pairs/*", "scenario:tiles/*"), {"ks.tiles.four-two", "kts.tiles.four-two"}),
    ("takes_another_copy", TSUNG, {"ts.capture.triple"}),
    ("misses_claims", TSUNG, {"ts.claim"}),
    ("misses_triples", TSUNG, {"ts.capture.triple"}),
    ("wrong_points", TSUNG, {"ts.capture.triple"}),
]


@pytest.mark.parametrize(("fake", "globs", "broken"), BROKEN, ids=[name for name, _, _ in BROKEN])
def test_the_rule_counted_most_often_is_the_rule_the_fake_breaks(
    fake: str, globs: tuple[str, ...], broken: set[str]
) -> None:
    cases = select_cases(collect_cases(), run=globs)
    with EngineProcess([sys.executable, str(FAKES / f"{fake}.py")], timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    tally = Counter(rule for r in results if r.outcome == "fail" for rule in r.failed_rules)
    assert tally, f"{fake} is not caught"
    (top, most), *rest = tally.most_common()
    assert top in broken, tally.most_common(5)
    assert all(count < most for rule, count in rest if rule not in broken), tally.most_common(5)


def test_an_invalid_log_refused_under_another_rule_passes_with_the_rule_id_as_its_own_outcome() -> None:
    from gupai.conformance.report import Report

    cases = select_cases(
        collect_cases(), run=("log:kap-shap/invalid/ks.turn.take--*", "log:kap-shap/invalid/ks.turn.order--*")
    )
    with EngineProcess([sys.executable, str(FAKES / "wrong_rule_ids.py")], timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    take = [r for r in results if r.case.rules == ("ks.turn.take",)]
    order = [r for r in results if r.case.rules == ("ks.turn.order",)]
    assert take and order
    assert all(r.outcome == "pass" and r.rule_mismatch == "ks.turn.order" for r in take)
    assert all(r.outcome == "pass" and r.rule_mismatch is None for r in order)
    report = Report("fake", {}, tuple(results))
    assert report.summary()["rule_mismatches"] == len(take)
    assert "refused under ks.turn.order, not ks.turn.take" in report.text()


def test_the_reference_engine_refuses_every_invalid_log_under_the_rule_its_validator_names() -> None:
    """One truth: the protocol engine and the validator judge a faulty log alike, rule id included."""
    cases = select_cases(collect_cases(), run=("log:*/invalid/*",))
    command = [sys.executable, "-m", "gupai.protocol.server"]
    with EngineProcess(command, timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    assert all(r.outcome in ("pass", "skip") for r in results)
    assert [(r.case.id, r.rule_mismatch) for r in results if r.rule_mismatch] == []
