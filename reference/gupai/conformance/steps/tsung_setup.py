"""The Tsung Shap context: a position set up, dealt to the engine, and the steps that describe it.

Context (Given)
    ``a new Tsung Shap game``, ``a Tsung Shap row [t] [t] ...`` (optionally
    ``with seat <s> to play``), ``seat <s>'s face-down tiles are [t] ...`` /
    ``begin [t] ...``, ``seat <s> has no face-down tiles left``, ``the common
    stock is [t] ...`` / ``begins [t] ...`` / ``is empty``, ``seat <s>'s hand
    is [t] [t] [t] [t]``, ``the scores are <a> to <b>``, ``seat <s> has had
    <n> turns``
Outcomes of a deal of the tiles laid out (Then)
    ``seat <s>'s pile, in the order it is turned over, is [t] ...``, ``the
    common stock, in the order it is turned over, is [t] ...``, ``there are
    no piles`` (``hands``, ``common stock``), ``seat <s> lays first``

The position is dealt as a ``row`` deal the first time a step needs the
engine; a shadow reference engine follows the game so that ``the game is
played out by ... agents`` can choose the moves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gupai.conformance.attribution import tsung_move_rule as move_rule
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import ScenarioRun, faces, show, tiles_in
from gupai.core.errors import HandError
from gupai.core.options import resolve_options
from gupai.core.tiles import Tile
from gupai.games.tsung.config import tsung_config
from gupai.games.tsung.deal import complete_position
from gupai.protocol.messages import PROTOCOL_VERSION, Answer
from gupai.protocol.server import ReferenceEngine

__all__ = [
    "STEPS",
    "TILES",
    "TsungSetup",
    "act",
    "dealt_state",
    "ensure",
    "legal_of",
    "new_game",
    "state_of",
    "tsung_setup",
]

STEPS = StepList()


#: Several tiles as the features write them, the step argument ``tiles``.
TILES = r"(?P<tiles>(?:\[[^\]]+\] ?)+)"


@dataclass
class TsungSetup:
    """A Tsung Shap position being described, then the game the engine plays from it."""

    row: list[Tile] | None = None
    new_game: bool = False
    to_move: int = 0
    piles: dict[int, tuple[list[Tile], bool]] = field(default_factory=dict)
    stock: tuple[list[Tile], bool] | None = None
    hands: dict[int, list[Tile]] = field(default_factory=dict)
    scores: tuple[int, int] = (0, 0)
    turns: dict[int, int] = field(default_factory=dict)
    started: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    offered: list[dict[str, Any]] | None = None
    set_up: Answer | None = None
    dealt: dict[str, Any] | None = None
    shadow: ReferenceEngine = field(default_factory=ReferenceEngine)


def tsung_setup(run: ScenarioRun) -> TsungSetup:
    """The scenario's Tsung Shap context (made on first use)."""
    if run.tsung is None:
        run.tsung = TsungSetup()
        run.tsung.shadow.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    assert isinstance(run.tsung, TsungSetup)
    return run.tsung


def tsung_options(run: ScenarioRun) -> dict[str, str]:
    if run.game is None:
        run.game = "tsung-shap"
    return run.options()


def new_game(run: ScenarioRun, deal: Mapping[str, Any] | None) -> Answer:
    setup = tsung_setup(run)
    tsung_options(run)  # (names the game)
    fields = {"game": run.game, "options": run.request_options(), "players": 2, "sets": 1, "deal": deal}
    run.need_position(deal)
    answer = run.ask("new_game", **fields)
    if answer.kind in ("unsupported", "error"):
        raise StepError(f"new_game: the engine answered {answer.describe()}")
    setup.shadow.handle({"id": 0, "cmd": "new_game", **fields})
    setup.events = list(answer.doc.get("events", [])) if answer.is_ok else []
    setup.started = answer.is_ok
    setup.offered = None
    return answer


def ensure(run: ScenarioRun) -> TsungSetup:
    """Deal the position the context steps describe (once), as the scenario describes it."""
    setup = tsung_setup(run)
    if setup.started:
        return setup
    options = resolve_options("tsung-shap", preset=run.preset, overrides=run.overrides)
    try:
        config = tsung_config(options)
    except Exception as error:
        raise StepError(f"the scenario's options make no game: {error}") from None
    row = list(setup.row or [])
    try:
        piles, stock = complete_position(config, row=row, piles=setup.piles, stock=setup.stock, hands=setup.hands)
    except HandError as error:
        raise StepError(f"the scenario: {error.message}") from None
    hands = [faces(setup.hands.get(0, [])), faces(setup.hands.get(1, []))] if config.four else None
    # `turns`: the turns each seat has begun, the turn this position begins included (the steps say turns had)
    turns = [
        setup.turns.get(0, 0 if setup.new_game else 1 + setup.to_move),
        setup.turns.get(1, 0 if setup.new_game else 1),
    ]
    if any(piles) or stock or any(hands or ()):
        turns[setup.to_move] += 1
    deal = {
        "row": faces(row),
        "to_move": setup.to_move,
        "piles": None if config.common and not any(piles) else [faces(p) for p in piles],
        "stock": None if not config.common and not stock else faces(stock),
        "hands": hands,
        "scores": list(setup.scores),
        "turns": turns,
        # `laid`: the tiles laid so far; a row of one tile in mid-game is a restart, so never the opening's 1
        "laid": 0 if setup.new_game else max(2, len(row)) if row else 0,
    }
    run.expect_ok(new_game(run, deal), "the scenario's position")
    return setup


def state_of(run: ScenarioRun) -> dict[str, Any]:
    ensure(run)
    doc: dict[str, Any] = run.expect_ok(run.ask("state"), "state").doc["state"]
    return doc


def legal_of(run: ScenarioRun) -> list[dict[str, Any]]:
    ensure(run)
    actions: list[dict[str, Any]] = run.expect_ok(run.ask("legal_actions"), "legal_actions").doc["actions"]
    return actions


def act(run: ScenarioRun, action: dict[str, Any], tries: str | None) -> None:
    setup = ensure(run)
    answer = run.ask("apply", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"apply {action['type']}: the engine answered {answer.describe()}")
    run.tried = answer
    if answer.is_ok:
        setup.events.extend(answer.doc["events"])
        setup.shadow.handle({"id": 0, "cmd": "apply", "action": action})
        if action["type"] == "lay":
            setup.offered = legal_of(run)
    elif not tries:
        raise StepError(
            f"seat {action['seat']} must be able to {action['type']}: the engine answered {answer.describe()}",
            rules=(missed_capture_rule(run) or move_rule(action),),
        )


def missed_capture_rule(run: ScenarioRun) -> str | None:
    """The rule of the first capture or claim the reference (the scenario's shadow) offers and the engine does not.

    An engine that misses a capture moves on, and the scenario's next step fails on what follows (a pass
    refused, another seat's turn): the one rule it counts against is the rule of the capture it missed.
    """
    setup = ensure(run)
    theirs = setup.shadow.handle({"id": 0, "cmd": "legal_actions"}).get("actions") or []
    answer = run.ask("legal_actions")
    mine = answer.doc.get("actions", []) if answer.is_ok else []

    def key(action: Mapping[str, Any]) -> tuple[Any, ...]:
        return action.get("type"), action.get("kind"), action.get("at")

    offered = {key(a) for a in mine}
    missed = [a for a in theirs if a.get("type") in ("capture", "claim") and key(a) not in offered]
    return move_rule(missed[0]) if missed else None


# ------------------------------------------------------------------- context
@STEPS.given(r"a new Tsung Shap game")
def _given_new(run: ScenarioRun) -> None:
    setup = tsung_setup(run)
    setup.new_game, setup.row = True, []


@STEPS.given(rf"a Tsung Shap row {TILES}(?:with seat (?P<seat>[01]) to play)?")
def _given_row(run: ScenarioRun, tiles: str, seat: str | None) -> None:
    setup = tsung_setup(run)
    setup.row, setup.to_move = tiles_in(tiles), int(seat or 0)


@STEPS.given(rf"seat (?P<seat>[01])'s face-down tiles (?P<how>are|begin) {TILES}")
def _given_pile(run: ScenarioRun, seat: str, how: str, tiles: str) -> None:
    tsung_setup(run).piles[int(seat)] = (tiles_in(tiles), how == "begin")


@STEPS.given(r"seat (?P<seat>[01]) has no face-down tiles left")
def _given_no_pile(run: ScenarioRun, seat: str) -> None:
    tsung_setup(run).piles[int(seat)] = ([], False)


@STEPS.given(rf"the common stock (?P<how>is|begins) {TILES}")
def _given_stock(run: ScenarioRun, how: str, tiles: str) -> None:
    tsung_setup(run).stock = (tiles_in(tiles), how == "begins")


@STEPS.given(r"the common stock is empty")
def _given_empty_stock(run: ScenarioRun) -> None:
    tsung_setup(run).stock = ([], False)


@STEPS.given(rf"seat (?P<seat>[01])'s hand is {TILES}")
def _given_hand(run: ScenarioRun, seat: str, tiles: str) -> None:
    tsung_setup(run).hands[int(seat)] = tiles_in(tiles)


@STEPS.given(r"the scores are (?P<a>\d+) to (?P<b>\d+)")
def _given_scores(run: ScenarioRun, a: str, b: str) -> None:
    tsung_setup(run).scores = (int(a), int(b))


@STEPS.given(r"seat (?P<seat>[01]) has had (?P<n>\d+) turns?")
def _given_turns(run: ScenarioRun, seat: str, n: str) -> None:
    tsung_setup(run).turns[int(seat)] = int(n)


# ---------------------------------------------------------------- the deal
def dealt_state(run: ScenarioRun) -> dict[str, Any]:
    """The state right after the shuffled deal, with the first tile turned over put back where it came from."""
    setup = tsung_setup(run)
    if setup.dealt is None:
        raise StepError("no order was dealt")
    dealt: dict[str, Any] = json.loads(json.dumps(setup.dealt))
    revealed = dealt.get("revealed")
    if revealed is not None:
        if dealt["stock"] is not None:
            dealt["stock"] = [revealed, *dealt["stock"]]
        elif dealt["piles"] is not None:
            seat = dealt["current_player"]
            dealt["piles"][seat] = [revealed, *dealt["piles"][seat]]
    return dealt


@STEPS.then(rf"seat (?P<seat>[01])'s pile, in the order it is turned over, is {TILES}", rules=("deal",))
def _pile_dealt(run: ScenarioRun, seat: str, tiles: str) -> None:
    piles = dealt_state(run)["piles"]
    if piles is None:
        raise StepError("the deal has no piles")
    expected = faces(tiles_in(tiles))
    if piles[int(seat)] != expected:
        raise StepError(f"seat {seat}'s pile, in the order it is turned over, is {show(piles[int(seat)])}")


@STEPS.then(rf"the common stock, in the order it is turned over, is {TILES}", rules=("stock",))
def _stock_dealt(run: ScenarioRun, tiles: str) -> None:
    stock = dealt_state(run)["stock"]
    if stock is None:
        raise StepError("the deal has no common stock")
    if stock != faces(tiles_in(tiles)):
        raise StepError(f"the common stock, in the order it is turned over, is {show(stock)}")


@STEPS.then(r"there (?:are|is) no (?P<what>piles|common stock|hands)", rules=("stock", "german.hand"))
def _none(run: ScenarioRun, what: str) -> None:
    dealt = dealt_state(run)
    key = {"piles": "piles", "common stock": "stock", "hands": "hands"}[what]
    if dealt[key] is not None:
        raise StepError(f"the engine's state has {key}: {dealt[key]}")


@STEPS.then(r"seat (?P<seat>[01]) lays first", rules=("first-player",))
def _lays_first(run: ScenarioRun, seat: str) -> None:
    state = state_of(run)
    laid = [e for e in tsung_setup(run).events if e["type"] == "lay"]
    if state["current_player"] != int(seat) or laid or state["row"]:
        raise StepError(f"seat {state['current_player']} is to play, after {len(laid)} tiles laid")
