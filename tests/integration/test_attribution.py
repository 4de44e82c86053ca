"""Failures count against the rule really broken: for each fake engine that breaks one rule, that rule only.

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

from gupai.conformance.cases import Case, CaseResult, collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

FAKES = Path(__file__).resolve().parents[1] / "fakes"
KAP_SCENARIOS = ("scenario:kap-shap/*", "scenario:kap-tai-shap/*")
KAP = (*KAP_SCENARIOS, "log:kap-shap/*", "log:kap-tai-shap/*")
TSUNG = ("scenario:tsung-shap/*", "log:tsung-shap/*")

BROKEN = [
    ("takes_another_copy", TSUNG, {"ts.capture.triple"}),
    ("misses_claims", TSUNG, {"ts.claim"}),
    ("misses_triples", TSUNG, {"ts.capture.triple"}),
    ("wrong_points", TSUNG, {"ts.capture.triple"}),
]


@pytest.mark.parametrize(("fake", "globs", "broken"), BROKEN, ids=[name for name, _, _ in BROKEN])
def test_the_rule_counted_most_often_is_the_rule_the_fake_breaks(
    fake: str, globs: tuple[str, ...], broken: set[str]
) -> None:
    _assert_counted_against(fake, _run(fake, globs), broken)


def _run(fake: str, globs: tuple[str, ...]) -> list[CaseResult]:
    cases = select_cases(collect_cases(), run=globs)
    with EngineProcess([sys.executable, str(FAKES / f"{fake}.py")], timeout=20, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, cases)
    assert restarts == 0
    return results


def _assert_counted_against(fake: str, results: list[CaseResult], broken: set[str]) -> None:
    tally = Counter(rule for r in results if r.outcome == "fail" for rule in r.failed_rules)
    assert tally, f"{fake} is not caught"
    assert tally.most_common(1)[0][0] in broken, tally.most_common(5)
    # one rule per failing case (its first failing assertion's), and that rule is the one the fake breaks
    assert [r.case.id for r in results if r.outcome == "fail" and len(r.failed_rules) != 1] == []
    off = {r.case.id: r.failed_rules[0] for r in results if r.outcome == "fail" and r.failed_rules[0] not in broken}
    assert off == ELSEWHERE.get(fake, {}), off


FOUR_TWO = {"ks.tiles.four-two", "kts.tiles.four-two"}


def _mentions_four_two(case: Case) -> bool:
    assert case.scenario is not None
    text = " ".join(step.text + " ".join(" ".join(row) for row in step.datatable or ()) for step in case.scenario.steps)
    return "[4-2]" in text or "kinds of ten-pair" in text or "the ten-pairs are" in text


def test_an_engine_that_counts_4_2_as_6_fails_exactly_the_cases_that_depend_on_it() -> None:
    """tests/fakes/four_two_six.py claims four-two-value=3 and plays 6: every Kap case, the failures counted
    against the four-two rule, the invalid logs that need [4-2] at 6 failed, the scenarios that never mention
    [4-2] passed, and the cases of four-two-value=6 not asked."""
    results = _run("four_two_six", KAP)
    _assert_counted_against("four_two_six", results, FOUR_TWO)
    failed = [r for r in results if r.outcome == "fail"]
    assert {rule for r in failed for rule in r.failed_rules} >= FOUR_TWO
    assert {r.case.id for r in failed if r.case.kind == "invalid-log"} == {
        "log:kap-shap/invalid/ks.tiles.four-two--declared-a-hand-that-needs-4-2-to-count-6",
        "log:kap-tai-shap/invalid/kts.tiles.four-two--declared-a-hand-that-needs-4-2-to-count-6",
    }
    for result in failed:
        if result.case.kind == "invalid-log":
            assert result.failed_rules == result.case.rules and "but the engine answered ok" in result.message
        elif result.case.kind == "scenario":
            assert _mentions_four_two(result.case), result.case.id
        else:
            assert set(result.failed_rules) <= FOUR_TWO, result
    skipped = {r.message for r in results if r.outcome == "skip"}
    assert "needs option four-two-value=6; the engine claims four-two-value=3" in skipped
    untouched = [
        r for r in results if r.case.kind == "scenario" and not _mentions_four_two(r.case) and r.outcome != "skip"
    ]
    assert untouched and all(r.outcome == "pass" for r in untouched)


def test_an_engine_whose_tile_value_is_wrong_for_4_2_is_caught_under_the_four_two_rule() -> None:
    """tests/fakes/tile_value_wrong.py plays right but answers tile_value [4-2] with 6: only the steps asking
    tile_value can catch it (no log replay asks it, so the Kap scenarios and the tile and pair ones are run),
    each failure about tens values or ten-pairs and counted against the four-two rule."""
    results = _run("tile_value_wrong", (*KAP_SCENARIOS, "scenario:pairs/*", "scenario:tiles/*"))
    _assert_counted_against("tile_value_wrong", results, FOUR_TWO)
    failed = [r for r in results if r.outcome == "fail"]
    assert failed and all("toward tens" in r.message or "ten-pairs" in r.message for r in failed)
    assert {rule for r in failed for rule in r.failed_rules} >= FOUR_TWO  # "[4-2] counts 3 toward tens"
    assert all(r.outcome == "pass" for r in results if r not in failed and not _mentions_four_two(r.case))


#: The failures counted against another rule than the fake breaks, each for the reason given.
ELSEWHERE = {
    # The step asserts the refusal's rule id (ks.pair.ten); the fake's hand evaluator refuses the declaration as
    # no winning hand (ks.declare.valid): its first failing assertion is the rule id the scenario names.
    # So too where the step names ks.declare.valid: the hand wins only under Celko's table, which pairs [4-2] (at 6)
    # with [3-1]; the fake, counting [4-2] 6, finds the hand winning under pair-set=arithmetic and refuses it under
    # ks.pair.ten (the reading it would need), where the page names ks.declare.valid.
    "four_two_six": {
        "scenario:kap-shap/winning/declaring-a-twenty-the-printed-tables-omit-is-refused-under-pair-set-printed": (
            "ks.pair.ten"
        ),
        "scenario:kap-shap/refusals/a-hand-that-would-win-only-under-celko-s-table-is-no-valid-declaration-under-"
        "the-printed-one": "ks.declare.valid",
    },
}


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


def test_a_wrong_count_of_ten_pairs_names_the_pair_missing() -> None:
    """An engine that refuses [6-4]+[6-4] hears which pair it lacks, not only 23 against 24."""
    from typing import Any

    from gupai.conformance.runner import run_scenario
    from gupai.protocol.messages import Answer, check_answer, request
    from gupai.protocol.server import ReferenceEngine

    engine = ReferenceEngine()
    engine.handle(request("start", 0, protocol=1))

    def ask(cmd: str, **fields: Any) -> Answer:
        answer = engine.handle(request(cmd, 1, **fields))
        if cmd == "pair" and sorted(fields["tiles"]) == ["6-4", "6-4"]:
            answer["ten_pair"] = False
        return check_answer(answer, command=cmd, id=1)

    case = next(c for c in collect_cases() if c.id.startswith("scenario:kap-tai-shap/pairs/the-ten-pairs-under-each"))
    result = run_scenario(case, ask, capabilities=("pair", "tile_value"))
    assert result.outcome == "fail", result
    assert result.message.endswith("the engine accepts 23 kinds of ten-pair, not 24: missing [6-4]+[6-4]")
    assert result.failed_rules == ("kts.pair.ten",)
