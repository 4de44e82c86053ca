"""The protocol's ``table`` keeps the physical order, and a table with the right tiles in another order is told so.

``tests/fakes/takes_the_oldest_copy.py`` removes the oldest copy of a face it
takes (navpil's choice, issue 37), the reference the copy discarded last. The
harness fails it only where the order shows, each case under the take's rule,
with the fault named: "same tiles, another order".
"""

from __future__ import annotations

import sys
from pathlib import Path

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.logreplay import _state_diffs
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "takes_the_oldest_copy.py"
KAP = ("scenario:kap-shap/*", "log:kap-shap/*", "scenario:kap-tai-shap/*", "log:kap-tai-shap/*")


def test_a_table_in_another_order_is_named_so() -> None:
    diffs = _state_diffs({"table": ["6-5", "3-1", "6-5"]}, {"table": ["3-1", "6-5", "6-5"]})
    assert [key for key, _ in diffs] == ["table"]
    assert diffs[0][1].startswith("same tiles, another order: the table is [6-5] [3-1] [6-5], the reference's ")
    # other tiles are not "another order": the lists are shown as they are
    other = _state_diffs({"table": ["6-5", "3-1"]}, {"table": ["3-1", "6-6"]})
    assert other == [("table", 'table is ["6-5", "3-1"], the reference has ["3-1", "6-6"]')]


def test_an_engine_that_takes_the_oldest_copy_fails_under_the_take_rule_with_the_fault_named() -> None:
    cases = select_cases(collect_cases(), run=KAP)
    with EngineProcess([sys.executable, str(FAKE)], timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    failed = [r for r in results if r.outcome == "fail"]
    assert failed, "an engine that takes the oldest copy is not caught"
    assert {rule for r in failed for rule in r.failed_rules} <= {"ks.turn.take", "kts.turn.take"}
    assert all(len(r.failed_rules) == 1 for r in failed)
    assert all("same tiles, another order: the table is " in r.message for r in failed), [
        r.message for r in failed if "same tiles" not in r.message
    ]
    # the order changes no move: only the cases whose table shows a take of a face held twice fail
    assert len(failed) < len(results) // 4
