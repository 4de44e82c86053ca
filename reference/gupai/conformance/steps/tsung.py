"""The Tsung Shap scenarios bound through the engine protocol (importing this module registers the steps).

The steps of ``features/tsung-shap/`` (``tests/steps/tsung.py`` runs them
in-process) asked of an engine: a position is dealt as a ``row`` deal, each
lay, capture, claim and pass is an ``apply``, and the steps compare the
engine's ``state``, ``legal_actions`` and the events it reported since the
start. A ``legal_actions`` capture carries the tiles it takes, its points and
whether it sweeps, so ``seat 0 may take [2-2] [6-6] [3-1] as a triple worth
20`` is a question about the engine's legal moves.

Where a step asks why a capture was not open to a tile laid earlier (``seat
1 may not take the lone tile as a pair (rule ts.opening)`` once the turn has
passed), the binding checks that the engine did not offer that capture right
after the lay; the rule id is then not asked (rule ids are optional in
answers). The wording of a refusal (``the refusal says ...``) is the
engine's own and is not compared: such a step is reported as not
expressible.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai.conformance.steps.collecting import ScenarioRun, StepError, UnexpressibleError, _step
from gupai.core.errors import HandError
from gupai.core.options import resolve_options
from gupai.core.tiles import Tile, set_counts
from gupai.games.agents import make_agent
from gupai.games.kap.deal import parse_positions
from gupai.games.tsung.config import tsung_config
from gupai.games.tsung.deal import complete_position
from gupai.protocol.messages import PROTOCOL_VERSION, Answer
from gupai.protocol.server import ReferenceEngine
from gupai.protocol.tsung_session import TsungSession

__all__ = ["TsungSetup", "tsung_setup"]

_TILES = r"(?P<tiles>(?:\[[^\]]+\] ?)+)"
_CAPTURE = (
    r"(?:the (?P<kind>pair|triple) at (?:the (?P<at>left|right) end|(?P<both>both ends))"
    r"|the lone tile as an? (?P<lone>pair|ten))"
)
_TILE_RE = re.compile(r"\[[^\]]+\]")


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(token) for token in _TILE_RE.findall(text)]


def _faces(tiles: Sequence[Tile]) -> list[str]:
    return [t.face for t in tiles]


def _show(faces: Sequence[str]) -> str:
    return " ".join(f"[{f}]" for f in faces) or "nothing"


def _capture(kind: str | None, at: str | None, both: str | None, lone: str | None) -> tuple[str, str]:
    if lone is not None:
        return lone, "ends"
    return str(kind), "ends" if both else str(at)


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
    order: list[Tile] = field(default_factory=list)
    dealt: dict[str, Any] | None = None
    shadow: ReferenceEngine = field(default_factory=ReferenceEngine)


def tsung_setup(run: ScenarioRun) -> TsungSetup:
    """The scenario's Tsung Shap context (made on first use)."""
    if run.tsung is None:
        run.tsung = TsungSetup()
        run.tsung.shadow.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    assert isinstance(run.tsung, TsungSetup)
    return run.tsung


def _options(run: ScenarioRun) -> dict[str, str]:
    if run.game is None:
        run.game = "tsung-shap"
    return run.options()


def _new_game(run: ScenarioRun, deal: Mapping[str, Any] | None) -> Answer:
    setup = tsung_setup(run)
    fields = {"game": run.game, "options": _options(run), "players": 2, "sets": 1, "deal": deal}
    answer = run.ask("new_game", **fields)
    if answer.kind in ("unsupported", "error"):
        raise StepError(f"new_game: the engine answered {answer.describe()}")
    setup.shadow.handle({"id": 0, "cmd": "new_game", **fields})
    setup.events = list(answer.doc.get("events", [])) if answer.is_ok else []
    setup.started = answer.is_ok
    setup.offered = None
    return answer


def _ensure(run: ScenarioRun) -> TsungSetup:
    """Deal the position the context steps describe (once), as ``tests/steps/tsung.py`` builds it."""
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
    turns = [
        setup.turns.get(0, 0 if setup.new_game else 1 + setup.to_move),
        setup.turns.get(1, 0 if setup.new_game else 1),
    ]
    deal = {
        "row": _faces(row),
        "to_move": setup.to_move,
        "piles": [_faces(p) for p in piles],
        "stock": _faces(stock),
        "hands": [_faces(setup.hands.get(0, [])), _faces(setup.hands.get(1, []))] if config.four else None,
        "scores": list(setup.scores),
        "turns": turns,
        "laid": 0 if setup.new_game else None,
    }
    run.expect_ok(_new_game(run, deal), "the scenario's position")
    return setup


def _state(run: ScenarioRun) -> dict[str, Any]:
    _ensure(run)
    doc: dict[str, Any] = run.expect_ok(run.ask("state"), "state").doc["state"]
    return doc


def _legal(run: ScenarioRun) -> list[dict[str, Any]]:
    _ensure(run)
    actions: list[dict[str, Any]] = run.expect_ok(run.ask("legal_actions"), "legal_actions").doc["actions"]
    return actions


def _act(run: ScenarioRun, action: dict[str, Any], tries: str | None) -> None:
    setup = _ensure(run)
    answer = run.ask("apply", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"apply {action['type']}: the engine answered {answer.describe()}")
    run.tried = answer
    if answer.is_ok:
        setup.events.extend(answer.doc["events"])
        setup.shadow.handle({"id": 0, "cmd": "apply", "action": action})
        if action["type"] == "lay":
            setup.offered = _legal(run)
    elif not tries:
        raise StepError(
            f"seat {action['seat']} must be able to {action['type']}: the engine answered {answer.describe()}"
        )


# ------------------------------------------------------------------- context
@_step("given", r"a new Tsung Shap game")
def _given_new(run: ScenarioRun) -> None:
    setup = tsung_setup(run)
    setup.new_game, setup.row = True, []


@_step("given", rf"a Tsung Shap row {_TILES}(?:with seat (?P<seat>[01]) to play)?")
def _given_row(run: ScenarioRun, tiles: str, seat: str | None) -> None:
    setup = tsung_setup(run)
    setup.row, setup.to_move = _tiles(tiles), int(seat or 0)


@_step("given", rf"seat (?P<seat>[01])'s face-down tiles (?P<how>are|begin) {_TILES}")
def _given_pile(run: ScenarioRun, seat: str, how: str, tiles: str) -> None:
    tsung_setup(run).piles[int(seat)] = (_tiles(tiles), how == "begin")


@_step("given", r"seat (?P<seat>[01]) has no face-down tiles left")
def _given_no_pile(run: ScenarioRun, seat: str) -> None:
    tsung_setup(run).piles[int(seat)] = ([], False)


@_step("given", rf"the common stock (?P<how>is|begins) {_TILES}")
def _given_stock(run: ScenarioRun, how: str, tiles: str) -> None:
    tsung_setup(run).stock = (_tiles(tiles), how == "begins")


@_step("given", r"the common stock is empty")
def _given_empty_stock(run: ScenarioRun) -> None:
    tsung_setup(run).stock = ([], False)


@_step("given", rf"seat (?P<seat>[01])'s hand is {_TILES}")
def _given_hand(run: ScenarioRun, seat: str, tiles: str) -> None:
    tsung_setup(run).hands[int(seat)] = _tiles(tiles)


@_step("given", r"the scores are (?P<a>\d+) to (?P<b>\d+)")
def _given_scores(run: ScenarioRun, a: str, b: str) -> None:
    tsung_setup(run).scores = (int(a), int(b))


@_step("given", r"seat (?P<seat>[01]) has had (?P<n>\d+) turns?")
def _given_turns(run: ScenarioRun, seat: str, n: str) -> None:
    tsung_setup(run).turns[int(seat)] = int(n)


# -------------------------------------------------------------------- actions
@_step(
    "when",
    r"seat (?P<seat>[01]) (?P<tries>tries to )?lays? (?P<tile>\[[^\]]+\]) "
    r"(?:at the (?P<end>left|right) end|on the empty table)",
)
def _lay(run: ScenarioRun, seat: str, tries: str | None, tile: str, end: str | None) -> None:
    (laid,) = _tiles(tile)
    _act(run, {"type": "lay", "seat": int(seat), "tile": laid.face, "end": end or "left"}, tries)


@_step("when", rf"seat (?P<seat>[01]) (?P<tries>tries to )?(?P<verb>takes?|claims?) {_CAPTURE}")
def _take(
    run: ScenarioRun,
    seat: str,
    tries: str | None,
    verb: str,
    kind: str | None,
    at: str | None,
    both: str | None,
    lone: str | None,
) -> None:
    what, where = _capture(kind, at, both, lone)
    move = "capture" if verb.startswith("take") else "claim"
    _act(run, {"type": move, "seat": int(seat), "kind": what, "at": where}, tries)


@_step("when", r"seat (?P<seat>[01]) (?P<tries>tries to )?(?:takes? nothing|does not claim|pass(?:es)?)")
def _pass(run: ScenarioRun, seat: str, tries: str | None) -> None:
    _act(run, {"type": "pass", "seat": int(seat)}, tries)


@_step("when", r"the Tsung Shap tiles are shuffled with seed (?P<seed>\d+)")
def _shuffled(run: ScenarioRun, seed: str) -> None:
    setup = tsung_setup(run)
    order = [kind for kind, n in enumerate(set_counts(1)) for _ in range(n)]
    random.Random(int(seed)).shuffle(order)
    setup.order = [Tile.from_index(k) for k in order]
    run.expect_ok(_new_game(run, {"order": _faces(setup.order)}), "dealing the shuffled order")
    setup.dealt = _state(run)


@_step("when", r"a Tsung Shap game is set up")
def _set_up(run: ScenarioRun) -> None:
    tsung_setup(run).set_up = _new_game(run, None)


@_step("when", r"the game is played out by (?P<agent>greedy|random) agents(?: with seed (?P<seed>\d+))?")
def _played_out(run: ScenarioRun, agent: str, seed: str | None) -> None:
    setup = _ensure(run)
    session = setup.shadow.session
    if not isinstance(session, TsungSession):
        raise StepError("the reference could not follow the engine's game")
    chooser = make_agent(agent)
    rng = random.Random(int(seed or 0))
    state = session.game
    while not state.is_terminal:
        action = session.action_json(chooser.choose(state, state.legal_actions(), rng))
        _act(run, action, None)


# ------------------------------------------------------------------ outcomes
@_step("then", r"seat (?P<seat>[01]) has turned over (?P<tile>\[[^\]]+\])")
def _turned_over(run: ScenarioRun, seat: str, tile: str) -> None:
    state = _state(run)
    face = _tiles(tile)[0].face
    if state["current_player"] != int(seat) or state["revealed"] != face:
        raise StepError(f"seat {state['current_player']} is to play and has turned over {state['revealed']}")
    last = tsung_setup(run).events[-1] if tsung_setup(run).events else None
    if last != {"type": "reveal", "seat": int(seat), "tile": face}:
        raise StepError(f"the last event the engine reported is {last}, not seat {seat} turning over [{face}]")


def _phase(actions: Sequence[Mapping[str, Any]]) -> str:
    kinds = {a["type"] for a in actions}
    return "lay" if "lay" in kinds else "take" if "capture" in kinds else "claim" if "claim" in kinds else "none"


@_step("then", r"seat (?P<seat>[01]) is to (?P<what>lay|choose a capture|claim or pass)")
def _is_to(run: ScenarioRun, seat: str, what: str) -> None:
    state = _state(run)
    phase = _phase(_legal(run))
    want = {"lay": "lay", "choose a capture": "take", "claim or pass": "claim"}[what]
    if (state["current_player"], phase) != (int(seat), want):
        raise StepError(f"seat {state['current_player']} is to {phase} (by its legal moves)")


def _captures(actions: Sequence[Mapping[str, Any]], verb: str) -> list[Mapping[str, Any]]:
    move = "capture" if verb == "take" else "claim"
    return [a for a in actions if a["type"] == move]


@_step(
    "then",
    rf"seat (?P<seat>[01]) may (?P<verb>take|claim) {_TILES}as an? (?P<kind>pair|triple|ten|sweep) worth (?P<points>\d+)",
)
def _may_take(run: ScenarioRun, seat: str, verb: str, tiles: str, kind: str, points: str) -> None:
    state = _state(run)
    if state["current_player"] != int(seat):
        raise StepError(f"it is seat {state['current_player']}'s turn")
    wanted = sorted(_faces(_tiles(tiles)))
    found = []
    for action in _captures(_legal(run), verb):
        if "tiles" not in action or "points" not in action:
            raise StepError(f"the engine's legal {action['type']} names no tiles and points: {action}")
        found.append(f"{action['kind']} {action['at']} {_show(action['tiles'])} for {action['points']}")
        if sorted(action["tiles"]) == wanted and action["points"] == int(points):
            if kind == "sweep" and not action.get("sweep"):
                raise StepError(f"{action['kind']} {action['at']} is not a sweep")
            if kind != "sweep" and action["kind"] != kind:
                raise StepError(f"{action['kind']} {action['at']} is not a {kind}")
            return
    raise StepError(f"the captures open are: {'; '.join(found) or 'none'}")


@_step("then", r"seat (?P<seat>[01]) may take nothing")
def _may_take_nothing(run: ScenarioRun, seat: str) -> None:
    state = _state(run)
    open_now = _captures(_legal(run), "take")
    if state["current_player"] == int(seat) and open_now:
        shown = ", ".join(f"{a['kind']} {a['at']}" for a in open_now)
        raise StepError(f"seat {seat} may take {shown}")


@_step("then", r"the captures open are: (?P<listed>.+)")
def _open(run: ScenarioRun, listed: str) -> None:
    actions = [a for a in _legal(run) if a["type"] in ("capture", "claim")]
    shown = sorted(f"{a['kind']} {a['at']} for {a.get('points')}" for a in actions)
    expected = sorted(item.strip() for item in listed.split(","))
    if shown != expected:
        raise StepError(f"the captures open are: {', '.join(shown) or 'none'}")


@_step("then", rf"seat (?P<seat>[01]) may not (?P<verb>take|claim) {_CAPTURE} \(rule (?P<rule>[a-z0-9.-]+)\)")
def _may_not_take(
    run: ScenarioRun,
    seat: str,
    verb: str,
    kind: str | None,
    at: str | None,
    both: str | None,
    lone: str | None,
    rule: str,
) -> None:
    setup = _ensure(run)
    what, where = _capture(kind, at, both, lone)
    move = "capture" if verb == "take" else "claim"
    state = _state(run)
    phase = _phase(_legal(run))
    if state["current_player"] == int(seat) and (verb == "claim" or phase in ("take", "claim")):
        answer = run.ask("check", action={"type": move, "seat": int(seat), "kind": what, "at": where})
        if answer.kind not in ("ok", "illegal"):
            raise StepError(f"check {move}: the engine answered {answer.describe()}")
        if answer.is_ok:
            raise StepError(f"seat {seat} may not {verb} the {what} at {where}, but the engine allows it")
        if answer.rule is None:
            run.notes.append(f"refused without a rule id (the scenario names {rule})")
        elif answer.rule != rule:
            raise StepError(f"refused under rule {answer.rule}, not {rule}: {answer.message}")
        return
    offered = [a for a in setup.offered or [] if a["type"] == "capture" and (a["kind"], a["at"]) == (what, where)]
    if offered:
        raise StepError(f"the engine offered {offered[0]} after the last tile laid")
    run.notes.append(f"the {what} at {where} was not offered after the last tile laid; rule {rule} not asked")


@_step("then", r"the move breaks rule (?P<rule>[a-z0-9.-]+)")
def _breaks(run: ScenarioRun, rule: str) -> None:
    if run.tried is None:
        raise StepError("no move was tried")
    if run.tried.is_ok:
        raise StepError(f"the move was allowed, but it breaks {rule}")
    if run.tried.rule is None:
        run.notes.append(f"refused without a rule id (the scenario names {rule})")
    elif run.tried.rule != rule:
        raise StepError(f"refused under rule {run.tried.rule}, not {rule}: {run.tried.message}")


@_step("then", r'the refusal says "(?P<fragment>[^"]+)"')
def _refusal_says(run: ScenarioRun, fragment: str) -> None:
    if run.tried is None or run.tried.is_ok:
        raise StepError("nothing was refused")
    raise UnexpressibleError("the wording of a refusal is the engine's own (the refusal itself is checked)")


@_step("then", rf"the Tsung Shap row is {_TILES}")
def _row(run: ScenarioRun, tiles: str) -> None:
    row = _state(run)["row"]
    if row != _faces(_tiles(tiles)):
        raise StepError(f"the row is {_show(row)}")


@_step("then", r"the Tsung Shap table is empty")
def _table_empty(run: ScenarioRun) -> None:
    row = _state(run)["row"]
    if row:
        raise StepError(f"the row is {_show(row)}")


@_step("then", r"the scores are (?P<a>\d+) to (?P<b>\d+)")
def _scores(run: ScenarioRun, a: str, b: str) -> None:
    scores = _state(run)["scores"]
    if scores != [int(a), int(b)]:
        raise StepError(f"the scores are {scores[0]} to {scores[1]}")


@_step("then", rf"seat (?P<seat>[01])'s hand is {_TILES}")
def _hand(run: ScenarioRun, seat: str, tiles: str) -> None:
    hands = _state(run)["hands"]
    held = sorted(hands[int(seat)]) if hands is not None else None
    if held != sorted(_faces(_tiles(tiles))):
        raise StepError(f"seat {seat}'s hand is {_show(held) if held is not None else 'none (no four-tile hands)'}")


@_step("then", r"the last capture (?P<verdict>is|is not) a sweep")
def _sweep(run: ScenarioRun, verdict: str) -> None:
    taken = [e for e in _ensure(run).events if e["type"] in ("capture", "claim")]
    if not taken:
        raise StepError("the engine reported no capture")
    if taken[-1]["sweep"] is not (verdict == "is"):
        raise StepError(f"the last capture the engine reported is {taken[-1]}")


@_step("then", r"the events since the start are:")
def _events(run: ScenarioRun, docstring: str | None = None) -> None:
    expected = [json.loads(line) for line in (docstring or "").splitlines() if line.strip()]
    actual = _ensure(run).events
    if actual != expected:
        raise StepError("the engine reported:\n" + "\n".join(json.dumps(e) for e in actual))


@_step(
    "then",
    r"the Tsung Shap game is over: seat (?P<seat>[01]) wins (?P<a>\d+) to (?P<b>\d+)(?: \((?P<reason>[a-z-]+)\))?",
)
def _won(run: ScenarioRun, seat: str, a: str, b: str, reason: str | None) -> None:
    state = _state(run)
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") != int(seat) or state["scores"] != [int(a), int(b)]:
        raise StepError(f"terminal {state['terminal']}, scores {state['scores']}, result {result or None}")
    if reason is not None and result.get("reason") != reason:
        raise StepError(f"the game ended by {result.get('reason')}, not {reason}")


@_step("then", r"the Tsung Shap game is over in a tie at (?P<a>\d+) to (?P<b>\d+)")
def _tie(run: ScenarioRun, a: str, b: str) -> None:
    state = _state(run)
    result = state["result"] or {}
    if not state["terminal"] or "winner" not in result or result["winner"] is not None:
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not a tie")
    if state["scores"] != [int(a), int(b)]:
        raise StepError(f"the scores are {state['scores']}")


@_step("then", r"the Tsung Shap game is not over")
def _not_over(run: ScenarioRun) -> None:
    state = _state(run)
    if state["terminal"]:
        raise StepError(f"the game is over: {state['result']}")


@_step("then", r"seat (?P<seat>[01]) has laid (?P<n>\d+) of its tiles? and seat (?P<other>[01]) (?P<m>\d+)")
def _laid(run: ScenarioRun, seat: str, n: str, other: str, m: str) -> None:
    events = _ensure(run).events
    laid = [sum(1 for e in events if e["type"] == "lay" and e["seat"] == s) for s in (0, 1)]
    if (laid[int(seat)], laid[int(other)]) != (int(n), int(m)):
        raise StepError(f"the engine reported {laid[0]} lays by seat 0 and {laid[1]} by seat 1")


@_step("then", r"the turns played are (?P<a>\d+) for seat 0 and (?P<b>\d+) for seat 1")
def _turns(run: ScenarioRun, a: str, b: str) -> None:
    turns = _state(run)["turns"]
    if turns != [int(a), int(b)]:
        raise StepError(f"the turns are {turns}")


@_step("then", r'the options are refused: "(?P<fragment>[^"]+)"')
def _options_refused(run: ScenarioRun, fragment: str) -> None:
    answer = tsung_setup(run).set_up
    if answer is None or answer.is_ok:
        raise StepError(f"the options should be refused ({fragment}), but the engine starts the game")
    run.notes.append(f"refused ({answer.describe()}); the reference's wording is not compared")


@_step("then", r"the options are accepted")
def _options_accepted(run: ScenarioRun) -> None:
    answer = tsung_setup(run).set_up
    if answer is None or not answer.is_ok:
        raise StepError(f"the options were refused: {answer.describe() if answer else 'no game was set up'}")


# ---------------------------------------------------------------- the deal
def _dealt(run: ScenarioRun) -> dict[str, Any]:
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


@_step(
    "then",
    r"seat (?P<seat>[01])'s (?P<what>pile|hand) is the tiles at positions (?P<where>[0-9, and-]+) of the order",
)
def _cut(run: ScenarioRun, seat: str, what: str, where: str) -> None:
    dealt = _dealt(run)
    part = dealt["piles" if what == "pile" else "hands"]
    if part is None:
        raise StepError(f"the deal has no {what}s")
    order = tsung_setup(run).order
    expected = [order[p - 1].face for p in parse_positions(where)]
    if part[int(seat)] != expected:
        raise StepError(f"seat {seat}'s {what} is {_show(part[int(seat)])}, not {_show(expected)}")


@_step("then", r"the common stock is the tiles at positions (?P<where>[0-9, and-]+) of the order")
def _stock_cut(run: ScenarioRun, where: str) -> None:
    dealt = _dealt(run)
    if dealt["stock"] is None:
        raise StepError("the deal has no common stock")
    order = tsung_setup(run).order
    expected = [order[p - 1].face for p in parse_positions(where)]
    if dealt["stock"] != expected:
        raise StepError(f"the common stock is {_show(dealt['stock'])}, not {_show(expected)}")


@_step("then", r"there (?:are|is) no (?P<what>piles|common stock|hands)")
def _none(run: ScenarioRun, what: str) -> None:
    dealt = _dealt(run)
    key = {"piles": "piles", "common stock": "stock", "hands": "hands"}[what]
    if dealt[key] is not None:
        raise StepError(f"the engine's state has {key}: {dealt[key]}")


@_step("then", r"the order holds the (?P<n>\d+) tiles of one set")
def _order_holds(run: ScenarioRun, n: str) -> None:
    order = tsung_setup(run).order
    counts = [0] * 21
    for tile in order:
        counts[tile.index] += 1
    if len(order) != int(n) or tuple(counts) != set_counts(1):
        raise StepError(f"the order dealt holds {len(order)} tiles, not the {n} of one set")


@_step("then", r"seat (?P<seat>[01]) lays first")
def _lays_first(run: ScenarioRun, seat: str) -> None:
    state = _state(run)
    laid = [e for e in tsung_setup(run).events if e["type"] == "lay"]
    if state["current_player"] != int(seat) or laid or state["row"]:
        raise StepError(f"seat {state['current_player']} is to play, after {len(laid)} tiles laid")
