"""The protocol's ``table`` keeps the physical order, and a table with the right tiles in another order is told so.

``tests/fakes/takes_the_oldest_copy.py`` removes the oldest copy of a face it
takes (navpil's choice, issue 37), the reference the copy discarded last. The
harness fails it only where the order shows, each case under the take's rule,
with the fault named: "same tiles, another order".
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from gupai.conformance.cases import CaseResult, collect_cases, select_cases
from gupai.conformance.logreplay import _state_diffs
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "takes_the_oldest_copy.py"
VALID_KAP_LOGS = ("log:kap-shap/valid/*", "log:kap-tai-shap/valid/*")


def test_a_table_in_another_order_is_named_so() -> None:
    diffs = _state_diffs({"table": ["6-5", "3-1", "6-5"]}, {"table": ["3-1", "6-5", "6-5"]})
    assert [key for key, _ in diffs] == ["table"]
    assert diffs[0][1].startswith("same tiles, another order: the table is [6-5] [3-1] [6-5], the reference's ")
    # other tiles are not "another order": the lists are shown as they are
    other = _state_diffs({"table": ["6-5", "3-1"]}, {"table": ["3-1", "6-6"]})
    assert other == [("table", 'table is ["6-5", "3-1"], the reference has ["3-1", "6-6"]')]


def test_an_engine_that_takes_the_oldest_copy_fails_exactly_where_the_order_shows_under_the_take_rule() -> None:
    """Every valid Kap log: the engine fails those, and only those, where a take of a face on the table twice
    leaves another order (predicted from the log alone), at that take, under the take's rule, with the fault
    named; the order changes no move, so every other log passes."""
    cases = select_cases(collect_cases(), run=VALID_KAP_LOGS)
    with EngineProcess([sys.executable, str(FAKE)], timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    _assert_failed_where_the_order_shows(results)
    assert 0 < sum(r.outcome == "fail" for r in results) < len(results) == len(cases)


def _assert_failed_where_the_order_shows(results: Sequence[CaseResult]) -> None:
    predicted = {}
    for r in results:
        assert r.case.path is not None
        at = _first_take_of_an_older_copy(r.case.path)
        if at is not None:
            predicted[r.case.id] = at
    failed = {r.case.id: r for r in results if r.outcome != "pass"}
    assert sorted(failed) == sorted(predicted)
    for case_id, r in failed.items():
        assert r.failed_rules in (("ks.turn.take",), ("kts.turn.take",)), case_id
        assert r.message.startswith(f"event {predicted[case_id]} (") and "same tiles, another order" in r.message


NAVPIL_FAKE = Path(__file__).resolve().parents[1] / "fakes" / "plays_as_navpil.py"
NAVPIL_LOGS = ("log:kap-shap/valid/navpil-*", "log:kap-tai-shap/valid/navpil-*", "log:tsung-shap/valid/navpil-*")


def _first_take_of_an_older_copy(path: Path) -> int | None:
    """The first take where removing the oldest copy of the face leaves another table than removing the copy
    discarded last (read from the log alone: discards go on the table in order, a take removes a copy)."""
    table: list[str] = []
    for index, event in enumerate(json.loads(path.read_text(encoding="utf-8"))["events"]):
        if event["type"] == "discard":
            table.append(event["tile"])
        elif event["type"] == "take":
            oldest, latest = list(table), list(table)
            oldest.remove(event["tile"])
            del latest[len(latest) - 1 - latest[::-1].index(event["tile"])]
            if oldest != latest:
                return index
            table = latest
    return None


def test_navpil_s_logs_pass_an_engine_that_plays_as_navpil_does_but_where_its_table_order_shows() -> None:
    """navpil's readings only, the oldest copy taken: its Tsung Shap logs all pass (the second opening tile
    laid at the left, opening-end=left), its Kap logs pass but where a take leaves the table in another order,
    each failed there, under the take's rule, as "same tiles, another order"."""
    cases = select_cases(collect_cases(), run=NAVPIL_LOGS)
    with EngineProcess([sys.executable, str(NAVPIL_FAKE)], timeout=20, start_timeout=60) as engine:
        claims, results, restarts = run_cases(engine, cases)
    assert restarts == 0 and claims.values("tsung-shap", "lone-tile") == ("pair",)
    kap = [r for r in results if r.case.game != "tsung-shap"]
    tsung = [r for r in results if r.case.game == "tsung-shap"]
    single = [r for r in tsung if dict(r.case.options)["hand"] == "hidden"]
    assert (len(kap), len(tsung), len(single)) == (26, 8, 5)
    assert [(r.case.id, r.message) for r in tsung if r.outcome != "pass"] == []
    assert {dict(r.case.options)["opening-end"] for r in single} == {"left"}
    _assert_failed_where_the_order_shows(kap)
    assert 0 < sum(r.outcome == "fail" for r in kap) < len(kap)
