"""Steps about the tile set and how tiles are written: capabilities ``describe`` and ``read_tile``.

Context (Given)
    ``one set of Chinese dominoes`` / ``<n> sets of Chinese dominoes``
Outcomes (Then)
    ``it holds <n> tiles of <k> kinds``, ``<n> of its tiles are civil, of <k>
    kinds``, ``[t] is a civil tile with <n> spots, <k> in a set``, ``it holds
    <c> copies of each civil kind and <m> of each military kind`` (asked with
    ``describe``); ``"<text>" is the tile [t]``, ``"<text>" is not a tile``
    (asked with ``read_tile``)
"""

from __future__ import annotations

from typing import Any

from gupai.conformance.attribution import SET_RULE
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import TILE, ScenarioRun, tiles_in

__all__ = ["STEPS"]

STEPS = StepList()


def _kinds(run: ScenarioRun) -> list[dict[str, Any]]:
    """The engine's description of the scenario's sets (asked once)."""
    key = f"describe:{run.pool_sets}"
    if key not in run.cache:
        answer = run.expect_ok(run.capability("describe", sets=run.pool_sets), "describe")
        found: list[dict[str, Any]] = list(answer.doc["tiles"])
        named = [kind["tile"] for kind in found]
        if len(named) != len(set(named)):
            raise StepError(f"describe lists a kind twice: {named}")
        run.cache[key] = found
    kinds: list[dict[str, Any]] = run.cache[key]
    return kinds


@STEPS.given(r"(?P<sets>one|\d+) sets? of Chinese dominoes")
def _pool(run: ScenarioRun, sets: str) -> None:
    run.pool_sets = 1 if sets == "one" else int(sets)


@STEPS.then(r"it holds (?P<total>\d+) tiles(?: of (?P<kinds>\d+) kinds)?", rules=(SET_RULE,))
def _pool_size(run: ScenarioRun, total: str, kinds: str | None) -> None:
    described = [kind for kind in _kinds(run) if kind["copies"] > 0]
    held = sum(kind["copies"] for kind in described)
    if held != int(total) or (kinds is not None and len(described) != int(kinds)):
        raise StepError(f"the engine describes {held} tiles of {len(described)} kinds")


@STEPS.then(
    r"(?P<count>\d+) of its tiles are (?P<series>civil|military), of (?P<kinds>\d+) kinds",
    rules=(SET_RULE,),
)
def _series(run: ScenarioRun, count: str, series: str, kinds: str) -> None:
    described = [kind for kind in _kinds(run) if kind["series"] == series and kind["copies"] > 0]
    held = sum(kind["copies"] for kind in described)
    if held != int(count) or len(described) != int(kinds):
        raise StepError(f"the engine describes {held} {series} tiles of {len(described)} kinds")


@STEPS.then(
    rf"(?P<tile>{TILE}) is an? (?P<series>civil|military) tile with (?P<spots>\d+) spots, (?P<copies>\d+) in a set",
    rules=(SET_RULE,),
)
def _kind(run: ScenarioRun, tile: str, series: str, spots: str, copies: str) -> None:
    (face,) = (t.face for t in tiles_in(tile))
    found = [kind for kind in _kinds(run) if kind["tile"] == face]
    want = {"tile": face, "series": series, "spots": int(spots), "copies": int(copies) * run.pool_sets}
    if found != [want]:
        raise StepError(f"the engine describes [{face}] as {found or 'nothing'}")


@STEPS.then(
    r"it holds (?P<civil>\d+) copies of each civil kind and (?P<military>\d+) of each military kind",
    rules=(SET_RULE,),
)
def _copies(run: ScenarioRun, civil: str, military: str) -> None:
    want = {"civil": int(civil), "military": int(military)}
    wrong = [kind for kind in _kinds(run) if kind["copies"] != want.get(kind["series"])]
    if wrong:
        raise StepError(f"the engine describes {wrong}")


@STEPS.then(rf'"(?P<text>[^"]*)" is the tile (?P<tile>{TILE})', rules=(SET_RULE,))
def _spelling(run: ScenarioRun, text: str, tile: str) -> None:
    expected = tile.strip("[]")
    (written,) = tiles_in(tile)
    if written.face != expected:
        raise StepError(f"the scenario writes [{expected}]: the canonical spelling is [{written.face}]")
    answer = run.capability("read_tile", text=text)
    if not answer.is_ok or answer.doc["tile"] != expected:
        raise StepError(f"the engine reads {text!r} as {answer.doc.get('tile') or answer.describe()}, not [{expected}]")


@STEPS.then(r'"(?P<text>[^"]*)" is not a tile', rules=(SET_RULE,))
def _not_a_tile(run: ScenarioRun, text: str) -> None:
    answer = run.capability("read_tile", text=text)
    if answer.is_ok:
        raise StepError(f"the engine reads {text!r} as [{answer.doc['tile']}]")
    run.same_wording(answer, repr(text))
