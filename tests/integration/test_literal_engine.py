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
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases
from gupai.protocol.messages import Answer
from tests.integration.frozen import lost_passes

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
    assert lost_passes("literal-kap-shap", results) == []  # every case it passed when frozen
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
    assert lost_passes("literal-tsung-shap", results) == []  # every case it passed when frozen
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
    assert lost_passes("literal-kap-tai-shap", results) == []  # every case it passed when frozen
    assert {r.case.kind for r in passed} == {"scenario", "valid-log", "invalid-log"}
    # an engine of protocol 1 is not asked the corrected printed table with [4-2] at 6 (protocol 2's reading)
    unasked = [(r.case.id, r.message.split(":")[0]) for r in results if r.outcome == "skip" and r.unasked is not None]
    assert unasked == [
        (
            "scenario:kap-tai-shap/pairs/the-printed-table-is-pagat-s-21-pairs-added-up-with-4-2-at-3-even-where-4-2-counts-6",
            "needs protocol 2",
        )
    ]


def _hands(game: str, rng: random.Random) -> list[dict[str, Any]]:
    """Seeded evaluate_hand requests: hands of an eye and pairs by spots, with none to three tiles changed, some a tile short."""
    kinds = [f"{high}-{low}" for high in range(6, 0, -1) for low in range(high, 0, -1) if f"{high}-{low}" != "6-1"]
    kinds.append("6-1")  # the 21 kinds
    spots = {kind: int(kind[0]) + int(kind[2]) for kind in kinds}
    tens = [(a, b) for a in kinds for b in kinds if (spots[a] + spots[b]) % 10 == 0]  # by spots, [4-2] at 6
    size = 8 if game == "kap-shap" else 10
    requests = []
    for _ in range(120):
        options = {
            "four-two-value": rng.choice(["3", "6"]),
            "eye": rng.choice(["identical", "civil"]),
            "pair-set": rng.choice(["arithmetic", "printed", "celko-table"]),
        }
        sets = 1 if game == "kap-shap" else rng.choice([1, 2, 4, 8])
        players = 2 if sets == 1 else 4
        eye = rng.choice(kinds)
        hand = [eye, eye, *(tile for _ in range(size // 2 - 1) for tile in rng.choice(tens))]
        for _ in range(rng.choice([0, 1, 2, 3])):
            hand[rng.randrange(size)] = rng.choice(kinds)
        if rng.random() < 0.2:
            hand.pop()
        requests.append({"game": game, "options": options, "players": players, "sets": sets, "hand": hand})
    return requests


@pytest.mark.parametrize(("game", "engine"), [("kap-shap", ENGINE), ("kap-tai-shap", KTS)], ids=["ks", "kts"])
def test_the_literal_engines_evaluate_hands_as_the_reference_does(game: str, engine: Path) -> None:
    """Two readings of the pages, the literal engine's and the reference's, agree on whether a hand wins, in how
    many splits, and how many tiles it is from winning (random hands of every pair-set, eye and [4-2] count)."""
    requests = [("evaluate_hand", doc) for doc in _hands(game, random.Random(f"literal-{game}"))]
    with (
        EngineProcess([sys.executable, str(engine)], timeout=20, start_timeout=60) as literal,
        EngineProcess([sys.executable, "-m", "gupai.protocol.server"], timeout=20, start_timeout=60) as reference,
    ):
        literal.start()
        reference.start()
        ours, theirs = literal.ask_many(requests), reference.ask_many(requests)

    def seen(answer: Answer) -> tuple[object, ...]:
        doc = answer.doc
        return answer.kind, doc.get("winning"), len(doc.get("splits", ())), doc.get("distance")

    assert [seen(a) for a in ours] == [seen(a) for a in theirs]
    assert {seen(a)[3] for a in theirs} >= {0, 1, 2}  # winning hands and near ones, not only far ones
    assert any(a.kind == "illegal" for a in theirs)  # and hands the sets cannot hold
