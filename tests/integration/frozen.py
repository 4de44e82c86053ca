"""Engines frozen at a release keep every pass: the pass lists recorded when each was frozen.

``fixtures/frozen/<name>.txt`` lists the case ids an engine passed when it
was frozen (comments begin with ``#``). A frozen engine never changes, so a
case it no longer passes is a meaning the kit changed under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gupai.conformance.cases import CaseResult

FROZEN = Path(__file__).parent / "fixtures" / "frozen"


def frozen_passes(name: str) -> list[str]:
    """The case ids ``name`` passed when it was frozen."""
    lines = (FROZEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def lost_passes(name: str, results: Sequence[CaseResult]) -> list[tuple[str, str, str]]:
    """Each frozen pass of ``name`` that ``results`` do not pass: (case id, outcome, message)."""
    outcomes = {r.case.id: r for r in results}
    lost = []
    for case_id in frozen_passes(name):
        result = outcomes.get(case_id)
        if result is None:
            lost.append((case_id, "gone", "the case is no longer in the corpus"))
        elif result.outcome != "pass":
            lost.append((case_id, result.outcome, result.message))
    return lost
