"""Frozen engines keep every pass through any change of a default or a reading.

tests/fakes/version_1_defaults.py claims protocol 1 with ``options: {}`` for
every game and plays version 1's defaults only (written in it, not read from
spec/). When the kit moves a default (``lone-tile``: ``no-capture`` ->
``pair``), a case written under the new default is asked under the old one
when it does not depend on it (the reference gives the same verdict), and a
case that depends on it is not supported, never failed. The literal engines
(tests/literal/) are held to their frozen passes in test_literal_engine.py.
tests/fakes/printed_recounted.py speaks protocol 1 on version 1's reading of
pair-set=printed with four-two-value=6, corrected in protocol 2.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_case, run_cases
from tests.integration.frozen import frozen_passes, lost_passes

FAKES = Path(__file__).resolve().parents[1] / "fakes"


def test_an_engine_of_protocol_1_with_the_defaults_keeps_every_pass_it_had_when_frozen() -> None:
    wanted = set(frozen_passes("version-1-defaults"))
    cases = [case for case in collect_cases() if case.id in wanted]
    with EngineProcess([sys.executable, str(FAKES / "version_1_defaults.py")], timeout=20, start_timeout=60) as engine:
        claims, results, restarts = run_cases(engine, cases)
    assert not claims.lists("tsung-shap", "lone-tile")
    assert lost_passes("version-1-defaults", results) == []
    assert restarts == 0
    # the cases written under lone-tile=pair that do not depend on it are asked under no-capture, and say so
    moved = [r for r in results if dict(r.case.options).get("lone-tile") == "pair"]
    assert len(moved) > 40
    assert all(r.notes[0].startswith("asked under ") and "lone-tile=no-capture" in r.notes[0] for r in moved)


RECOUNTED_CASES = ("scenario:kap-shap/*", "scenario:kap-tai-shap/*", "log:kap-shap/*", "log:kap-tai-shap/*")


def test_an_engine_of_protocol_1_on_the_old_printed_table_keeps_every_pass_and_is_not_held_to_the_new_one() -> None:
    """pair-set=printed with four-two-value=6 recounted the printed table with [4-2] at 6 until 2026-11-26; an
    engine of protocol 1 reads it so, and is never asked a case of the corrected reading (protocol 2's).

    The engine is the reference but under four-two-value=6, so the cases of that value are the ones run (the
    reference's own passes are held by every other run); its frozen passes elsewhere must still be cases."""
    every = select_cases(collect_cases(), run=RECOUNTED_CASES)
    assert set(frozen_passes("printed-recounted")) <= {case.id for case in every}
    cases = [case for case in every if dict(case.options)["four-two-value"] == "6"]
    asked = {case.id for case in cases}
    command = [sys.executable, str(FAKES / "printed_recounted.py")]
    with EngineProcess(command, timeout=20, start_timeout=60) as engine:
        claims, results, restarts = run_cases(engine, cases)
        assert claims.protocol == 1 and claims.supports("kap-shap", "pair-set", "printed")
        assert [(r.case.id, r.message) for r in results if r.outcome == "fail"] == []
        assert [lost for lost in lost_passes("printed-recounted", results) if lost[0] in asked] == []
        assert restarts == 0 and sum(r.outcome == "pass" for r in results) > 10
        # the cases of the corrected reading: not supported, saying why
        newer = {r.case.id: r for r in results if r.message.startswith("needs protocol 2: ")}
        assert sorted(newer) == [
            "scenario:kap-shap/pairs/the-printed-table-is-its-21-printed-pairs-even-where-4-2-counts-6",
            "scenario:kap-tai-shap/pairs/the-printed-table-is-pagat-s-21-pairs-added-up-with-4-2-at-3-even-where-4-2-counts-6",
        ]
        assert all(r.outcome == "skip" and r.unasked == "claims" for r in newer.values())
        assert all("pair-set=printed-recounted" in r.message for r in newer.values())
        # held to protocol 2, the same engine fails them: the version is what keeps its passes
        engine.start()
        for result in newer.values():
            held = run_case(result.case, engine.ask, engine.ask_many, replace(claims, protocol=2))
            assert held.outcome == "fail" and "[4-2]+[2-2]" in held.message, held.message
    # the reference speaks protocol 2 and passes them
    with EngineProcess([sys.executable, "-m", "gupai.protocol.server"], timeout=20, start_timeout=60) as reference:
        claims, results, _ = run_cases(reference, [r.case for r in newer.values()])
    assert claims.protocol == 2 and [r.outcome for r in results] == ["pass", "pass"]


def test_the_frozen_pass_lists_name_cases_of_every_game() -> None:
    for name, prefixes in {
        "version-1-defaults": ("scenario:kap-shap/", "scenario:kap-tai-shap/", "scenario:tsung-shap/", "log:"),
        "literal-kap-shap": ("scenario:kap-shap/", "log:kap-shap/"),
        "literal-kap-tai-shap": ("scenario:kap-tai-shap/", "log:kap-tai-shap/"),
        "literal-tsung-shap": ("scenario:tsung-shap/", "log:tsung-shap/"),
        "printed-recounted": ("scenario:kap-shap/", "scenario:kap-tai-shap/", "log:kap-shap/", "log:kap-tai-shap/"),
    }.items():
        passes = frozen_passes(name)
        assert len(passes) == len(set(passes)) > 100
        assert all(any(p.startswith(prefix) for p in passes) for prefix in prefixes), name
