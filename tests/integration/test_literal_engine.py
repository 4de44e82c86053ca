"""The literal engines (tests/literal/), written from the pages alone, pass the harness.

They share no code with the reference: if a page changes meaning, or leaves a
point an author must guess, an engine and the harness part ways and the test
fails. Kap Shap and Kap Tai Shap share one turn (collecting.py), each game's
own parts in its entry module; Tsung Shap's engine stands alone. Each plays
every reading of every option of its game; a case needing what an engine does
not claim is not supported, never failed.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases

LITERAL = Path(__file__).resolve().parents[1] / "literal"
ENGINE = LITERAL / "kap_shap.py"
TSUNG = LITERAL / "tsung_shap.py"
KTS = LITERAL / "kap_tai_shap.py"


#: The modules the collecting engines share (collecting.py, tens.py), by the names a script imports them by
#: and mypy reads them by.
SHARED = {name for path in LITERAL.glob("*.py") for name in (path.stem, f"tests.literal.{path.stem}")}


@pytest.mark.parametrize("engine", sorted(LITERAL.glob("*.py")), ids=lambda path: path.stem)
def test_the_literal_engines_import_nothing_but_the_standard_library(engine: Path) -> None:
    tree = ast.parse(engine.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {  # from tests.literal import tens
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "tests.literal"
        for alias in node.names
    }
    outside = {name for name in imported - SHARED if name.split(".")[0] not in sys.stdlib_module_names}
    assert outside <= {"__future__", "tests.literal"}


def test_the_literal_engine_passes_every_kap_shap_case_it_is_asked() -> None:
    cases = select_cases(collect_cases(), run=("scenario:kap-shap/*", "log:kap-shap/*", "scenario:tiles/*"))
    with EngineProcess([sys.executable, str(ENGINE)], timeout=20, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, cases)
    assert [(r.case.id, r.message) for r in results if r.outcome == "fail"] == []
    assert [(r.case.id, r.rule_mismatch) for r in results if r.rule_mismatch] == []
    assert restarts == 0
    passed = [r for r in results if r.outcome == "pass"]
    assert len(passed) >= 240  # every Kap Shap and tile case but the log the schema rejects
    kinds = {r.case.kind for r in passed}
    assert kinds == {"scenario", "valid-log", "invalid-log"}
    # what it does not claim is not supported, never failed
    assert all(r.unasked in ("claims", "distance", "askable", None) for r in results if r.outcome == "skip")


def test_the_literal_tsung_engine_passes_every_tsung_shap_case_it_is_asked() -> None:
    """Tsung Shap, every reading: every case it is asked passes, its refusals naming the reference's rules."""
    cases = select_cases(collect_cases(), run=("scenario:tsung-shap/*", "log:tsung-shap/*"))
    with EngineProcess([sys.executable, str(TSUNG)], timeout=20, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, cases)
    assert [(r.case.id, r.message) for r in results if r.outcome == "fail"] == []
    assert [(r.case.id, r.rule_mismatch) for r in results if r.rule_mismatch] == []
    assert restarts == 0
    passed = [r for r in results if r.outcome == "pass"]
    assert len(passed) >= 155  # every Tsung Shap case but the log the schema rejects
    assert {r.case.kind for r in passed} == {"scenario", "valid-log", "invalid-log"}


def test_the_literal_kap_tai_shap_engine_passes_every_kap_tai_shap_case_it_is_asked() -> None:
    """Kap Tai Shap, every reading, two to forty players, every capability: every case passes, and the tiles'."""
    cases = select_cases(collect_cases(), run=("scenario:kap-tai-shap/*", "log:kap-tai-shap/*", "scenario:tiles/*"))
    with EngineProcess([sys.executable, str(KTS)], timeout=20, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, cases)
    assert [(r.case.id, r.message) for r in results if r.outcome == "fail"] == []
    assert [(r.case.id, r.rule_mismatch) for r in results if r.rule_mismatch] == []
    assert restarts == 0
    passed = [r for r in results if r.outcome == "pass"]
    assert len(passed) >= 290  # every Kap Tai Shap and tile case but the log the schema rejects
    assert {r.case.kind for r in passed} == {"scenario", "valid-log", "invalid-log"}
    assert [r.case.id for r in results if r.outcome == "skip" and r.unasked is not None] == []
