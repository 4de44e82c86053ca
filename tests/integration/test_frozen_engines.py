"""Frozen engines keep every pass through any change of a default or a reading.

tests/fakes/version_1_defaults.py claims protocol 1 with ``options: {}`` for
every game and plays version 1's defaults only (written in it, not read from
spec/). When the kit moves a default (``lone-tile``: ``no-capture`` ->
``pair``), a case written under the new default is asked under the old one
when it does not depend on it (the reference gives the same verdict), and a
case that depends on it is not supported, never failed. The literal engines
(tests/literal/) are held to their frozen passes in test_literal_engine.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gupai.conformance.cases import collect_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases
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


def test_the_frozen_pass_lists_name_cases_of_every_game() -> None:
    for name, prefixes in {
        "version-1-defaults": ("scenario:kap-shap/", "scenario:kap-tai-shap/", "scenario:tsung-shap/", "log:"),
        "literal-kap-shap": ("scenario:kap-shap/", "log:kap-shap/"),
        "literal-kap-tai-shap": ("scenario:kap-tai-shap/", "log:kap-tai-shap/"),
        "literal-tsung-shap": ("scenario:tsung-shap/", "log:tsung-shap/"),
    }.items():
        passes = frozen_passes(name)
        assert len(passes) == len(set(passes)) > 100
        assert all(any(p.startswith(prefix) for p in passes) for prefix in prefixes), name
