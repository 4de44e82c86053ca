"""Steps about hands: winning or not, the splits, the distance, declarations: capability ``evaluate_hand``.

Actions (When)
    ``the player holds [t] [t] ...`` (any spelling; a token that is not a
    tile makes the hand rejected), ``the player declares the eye [t] [t] and
    the pairs [a]+[b] [c]+[d] ...``
Outcomes (Then)
    ``the hand is winning`` / ``not winning``, ``the hand splits <n> way(s)``
    (optionally with a table ``| eye | pairs |``), ``the hand is <n> tile(s)
    from winning`` (capability ``distance``), ``the hand is rejected: "<part
    of the message>"``, ``the declaration is valid`` / ``refused``

The hand is asked once, with ``evaluate_hand`` under the scenario's game,
options, players and sets; the engine's winning splits decide the
declaration steps (a declaration is valid when it shows the hand's tiles
split as one of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gupai.conformance.attribution import SET_RULE
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import ScenarioRun, canonical_split, parse_split, show, show_split
from gupai.core.errors import GupaiError
from gupai.core.hands import counts_of
from gupai.core.tiles import Tile, parse_tiles
from gupai.games.kap.config import flipped_reading
from gupai.protocol.messages import Answer

__all__ = ["STEPS"]

STEPS = StepList()


def _verdict(run: ScenarioRun) -> Answer:
    """The engine's ``evaluate_hand`` answer on the scenario's hand (asked once)."""
    if run.hand is None:
        raise StepError("the scenario holds no hand: write 'When the player holds ...' first")
    if run.verdict is None:
        run.verdict = run.capability("evaluate_hand", hand=run.hand, players=run.players, sets=run.sets)
    return run.verdict


def _evaluated(run: ScenarioRun) -> dict[str, Any]:
    answer = _verdict(run)
    if not answer.is_ok:
        raise StepError(f"the engine rejects the hand: {answer.describe()}")
    doc = dict(answer.doc)
    splits = [canonical_split(split) for split in doc["splits"]]
    if len(splits) != len(set(splits)):
        raise StepError("evaluate_hand lists a split twice")
    doc["canonical"] = sorted(splits, reverse=True)
    return doc


def _verdict_rules(run: ScenarioRun) -> tuple[str, ...]:
    """The rule a wrong verdict on the hand breaks: the reading under which the verdict flips, else the win rule."""
    try:
        counts = counts_of(parse_tiles(run.hand or []))
        flip = flipped_reading(run.config(), counts)
    except GupaiError:
        return ("hand.win",)
    return (flip[0],) if flip is not None else ("hand.win",)


def _distance(run: ScenarioRun, doc: dict[str, Any]) -> int | None:
    """The distance the engine gave, ``None`` if it does not announce ``distance``; an announced one must be there."""
    if "distance" not in run.capabilities:
        return None
    if "distance" not in doc:
        raise StepError("the engine announces distance, but its evaluate_hand answer has none")
    return int(doc["distance"])


@STEPS.when(r"the player holds (?P<text>.+)")
def _holds(run: ScenarioRun, text: str) -> None:
    run.hand = text.replace("[", " [").split()
    run.verdict = None


@STEPS.when(r"the player declares the eye (?P<eye>(?:\[[^\]]+\] ?){2}) ?and the pairs (?P<pairs>.+)")
def _declares(run: ScenarioRun, eye: str, pairs: str) -> None:
    run.declared = parse_split(eye, pairs)


@STEPS.then(r"the hand is winning", rules=("hand.win",))
def _winning(run: ScenarioRun) -> None:
    doc = _evaluated(run)
    if not doc["winning"] or not doc["splits"]:
        raise StepError(
            f"the engine says winning {doc['winning']} with {len(doc['splits'])} splits", rules=_verdict_rules(run)
        )
    distance = _distance(run, doc)
    if distance not in (None, 0):
        raise StepError(f"the engine says the winning hand is {distance} tiles from winning")


@STEPS.then(r"the hand is not winning", rules=("hand.win",))
def _not_winning(run: ScenarioRun) -> None:
    doc = _evaluated(run)
    if doc["winning"] or doc["splits"]:
        raise StepError(
            f"the engine says winning {doc['winning']} with {len(doc['splits'])} splits", rules=_verdict_rules(run)
        )
    distance = _distance(run, doc)
    if distance == 0:
        raise StepError("the engine says the hand is not winning but 0 tiles from winning")


def _split_count(run: ScenarioRun, count: str) -> list[Any]:
    splits: list[Any] = _evaluated(run)["canonical"]
    want = 1 if count == "one" else int(count)
    if len(splits) != want:
        raise StepError(f"the engine gives {len(splits)} splits, not {want}: " + "; ".join(map(show_split, splits)))
    return splits


@STEPS.then(r"the hand splits (?P<count>one|\d+) ways?", rules=("hand.win",))
def _splits(run: ScenarioRun, count: str) -> None:
    _split_count(run, count)


@STEPS.then(r"the hand splits (?P<count>one|\d+) ways?:", rules=("hand.win",))
def _split_table(run: ScenarioRun, count: str, datatable: Sequence[Sequence[str]]) -> None:
    header, *rows = datatable
    if list(header) != ["eye", "pairs"]:
        raise StepError(f"the table's columns are | eye | pairs |, not {list(header)}")
    splits = _split_count(run, count)
    expected = [canonical_split(parse_split(eye, pairs)) for eye, pairs in rows]
    if sorted(expected, reverse=True) != splits:
        missing = "; ".join(map(show_split, sorted(set(expected) - set(splits)))) or "none"
        extra = "; ".join(map(show_split, sorted(set(splits) - set(expected)))) or "none"
        raise StepError(f"the engine's splits differ: not given {missing}; given but not listed {extra}")


@STEPS.then(r"the hand is (?P<distance>\d+) tiles? from winning", rules=("hand.win",))
def _distance_step(run: ScenarioRun, distance: str) -> None:
    run.need("distance", "how far a hand is from winning")
    found = _distance(run, _evaluated(run))
    if found != int(distance):
        raise StepError(f"the engine says the hand is {found} tiles from winning, not {distance}")


@STEPS.then(r'the hand is rejected: "(?P<fragment>[^"]+)"', rules=(SET_RULE,))
def _hand_rejected(run: ScenarioRun, fragment: str) -> None:
    answer = _verdict(run)
    if answer.is_ok:
        raise StepError(f"the hand should be rejected ({fragment}), but the engine evaluates it")
    run.same_wording(answer, fragment)


@STEPS.then(r"the declaration is (?P<verdict>valid|refused)", rules=("declare.valid",))
def _declaration(run: ScenarioRun, verdict: str) -> None:
    if run.declared is None:
        raise StepError("nothing was declared: write 'When the player declares ...' first")
    doc = _evaluated(run)
    declared = canonical_split(run.declared)
    held = sorted(Tile.parse(token).face for token in run.hand or [])
    shown = sorted([*declared[0], *(face for pair in declared[1] for face in pair)])
    valid = held == shown and declared in doc["canonical"]
    if valid != (verdict == "valid"):
        given = "; ".join(map(show_split, doc["canonical"])) or "none"
        raise StepError(
            f"the declaration is {verdict}, but the engine's winning splits are: {given} ({show(held)})",
            rules=("declare.valid",) if doc["winning"] else _verdict_rules(run),
        )
