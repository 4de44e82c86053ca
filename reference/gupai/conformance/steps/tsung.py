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

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from gupai.conformance.attribution import tsung_capture_rule
from gupai.conformance.attribution import tsung_move_rule as move_rule
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import ScenarioRun, faces, show, tiles_in
from gupai.conformance.steps.deal import full_order
from gupai.conformance.steps.tsung_setup import (
    TILES,
    act,
    ensure,
    legal_of,
    missed_capture_rule,
    new_game,
    state_of,
    tsung_setup,
)
from gupai.games.agents import make_agent
from gupai.games.tsung.mismatch import describe_event
from gupai.protocol.tsung_session import TsungSession

__all__ = ["STEPS"]

STEPS = StepList()

_CAPTURE = (
    r"(?:the (?P<kind>pair|triple) at (?:the (?P<at>left|right) end|(?P<both>both ends))"
    r"|the lone tile as an? (?P<lone>pair|ten))"
)


def _capture(kind: str | None, at: str | None, both: str | None, lone: str | None) -> tuple[str, str]:
    if lone is not None:
        return lone, "ends"
    return str(kind), "ends" if both else str(at)


# -------------------------------------------------------------------- actions
@STEPS.when(
    r"seat (?P<seat>[01]) (?P<tries>tries to )?lays? (?P<tile>\[[^\]]+\]) "
    r"(?:at the (?P<end>left|right) end|on the empty table)",
)
def _lay(run: ScenarioRun, seat: str, tries: str | None, tile: str, end: str | None) -> None:
    (laid,) = tiles_in(tile)
    act(run, {"type": "lay", "seat": int(seat), "tile": laid.face, "end": end or "left"}, tries)


@STEPS.when(rf"seat (?P<seat>[01]) (?P<tries>tries to )?(?P<verb>takes?|claims?) {_CAPTURE}")
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
    act(run, {"type": move, "seat": int(seat), "kind": what, "at": where}, tries)


@STEPS.when(r"seat (?P<seat>[01]) (?P<tries>tries to )?(?:takes? nothing|does not claim|pass(?:es)?)")
def _pass(run: ScenarioRun, seat: str, tries: str | None) -> None:
    act(run, {"type": "pass", "seat": int(seat)}, tries)


@STEPS.when(r"the Tsung Shap tiles are dealt(?:, seat (?P<first>[01]) laying first)?", rules=("deal", "first-player"))
def _dealt(run: ScenarioRun, first: str | None = None) -> None:
    setup = tsung_setup(run)
    deal: dict[str, Any] = {"order": faces(full_order(run, 1))}
    if first is not None:  # the first seat given with the order (first-player=previous-higher: the match's)
        deal["first_player"] = int(first)
    run.expect_ok(new_game(run, deal), "dealing the tiles laid out")
    setup.dealt = state_of(run)


@STEPS.when(r"the Tsung Shap tiles are offered, seat (?P<first>[01]) laying first", rules=("deal", "first-player"))
def _offered(run: ScenarioRun, first: str) -> None:
    tsung_setup(run).set_up = new_game(run, {"order": faces(full_order(run, 1)), "first_player": int(first)})


@STEPS.then(r"the deal is refused under rule (?P<rule>[a-z0-9.-]+)")
def _deal_refused(run: ScenarioRun, rule: str) -> None:
    answer = tsung_setup(run).set_up
    if answer is None or answer.is_ok:
        raise StepError(f"the deal should be refused under rule {rule}, but the engine starts the game", rules=(rule,))
    run.same_rule(answer, rule)


@STEPS.when(r"a Tsung Shap game is set up", rules=("deal",))
def _set_up(run: ScenarioRun) -> None:
    tsung_setup(run).set_up = new_game(run, None)


@STEPS.when(r"the game is played out by (?P<agent>greedy|random) agents(?: with seed (?P<seed>\d+))?")
def _played_out(run: ScenarioRun, agent: str, seed: str | None) -> None:
    setup = ensure(run)
    session = setup.shadow.session
    if not isinstance(session, TsungSession):
        raise StepError("the reference could not follow the engine's game")
    chooser = make_agent(agent)
    rng = random.Random(int(seed or 0))
    state = session.game
    while not state.is_terminal:
        action = session.action_json(chooser.choose(state, state.legal_actions(), rng))
        act(run, action, None)


# ------------------------------------------------------------------ outcomes
@STEPS.then(r"seat (?P<seat>[01]) has turned over (?P<tile>\[[^\]]+\])", rules=("turn.reveal",))
def _turned_over(run: ScenarioRun, seat: str, tile: str) -> None:
    state = state_of(run)
    face = tiles_in(tile)[0].face
    if state["current_player"] != int(seat) or state["revealed"] != face:
        raise StepError(f"seat {state['current_player']} is to play and has turned over {state['revealed']}")
    last = tsung_setup(run).events[-1] if tsung_setup(run).events else None
    if last != {"type": "reveal", "seat": int(seat), "tile": face}:
        raise StepError(f"the last event the engine reported is {last}, not seat {seat} turning over [{face}]")


def _phase(actions: Sequence[Mapping[str, Any]]) -> str:
    kinds = {a["type"] for a in actions}
    return "lay" if "lay" in kinds else "take" if "capture" in kinds else "claim" if "claim" in kinds else "none"


@STEPS.then(r"seat (?P<seat>[01]) is to (?P<what>lay|choose a capture|claim or pass)", rules=("turn.order",))
def _is_to(run: ScenarioRun, seat: str, what: str) -> None:
    state = state_of(run)
    phase = _phase(legal_of(run))
    want = {"lay": "lay", "choose a capture": "take", "claim or pass": "claim"}[what]
    if (state["current_player"], phase) != (int(seat), want):
        # a claim or a capture the engine does not offer: the rule that makes it legal; else the turn order
        rule = {"take": "capture.choice", "claim": "claim"}.get(want, "turn.order")
        raise StepError(f"seat {state['current_player']} is to {phase} (by its legal moves)", rules=(rule,))


def _outcome_rule(run: ScenarioRun, action: Mapping[str, Any]) -> str:
    """The rule the reference (the scenario's shadow) names for a capture the engine lists with a wrong outcome."""
    answer = tsung_setup(run).shadow.handle({"id": 0, "cmd": "check", "action": dict(action)})
    return str(answer.get("rule") or move_rule(action))


def _captures(actions: Sequence[Mapping[str, Any]], verb: str) -> list[Mapping[str, Any]]:
    move = "capture" if verb == "take" else "claim"
    return [a for a in actions if a["type"] == move]


@STEPS.then(
    rf"seat (?P<seat>[01]) may (?P<verb>take|claim) {TILES}as an? (?P<kind>pair|triple|ten|sweep) worth (?P<points>\d+)",
)
def _may_take(run: ScenarioRun, seat: str, verb: str, tiles: str, kind: str, points: str) -> None:
    state = state_of(run)
    kinds = {"pair": "capture.pair", "triple": "capture.triple", "ten": "lone-tile", "sweep": "sweep"}
    if state["current_player"] != int(seat):  # the engine moved on: the capture it missed
        rule = missed_capture_rule(run) or ("claim" if verb == "claim" else kinds[kind])
        raise StepError(f"it is seat {state['current_player']}'s turn", rules=(rule,))
    wanted = sorted(faces(tiles_in(tiles)))
    found = []
    for action in _captures(legal_of(run), verb):
        if "tiles" not in action or "points" not in action:
            raise StepError(f"the engine's legal {action['type']} names no tiles and points: {action}")
        found.append(f"{action['kind']} {action['at']} {show(action['tiles'])} for {action['points']}")
        if sorted(action["tiles"]) == wanted and action["points"] == int(points):
            if kind == "sweep" and not action.get("sweep"):
                raise StepError(f"{action['kind']} {action['at']} is not a sweep", rules=("sweep",))
            if kind != "sweep" and action["kind"] != kind:
                raise StepError(f"{action['kind']} {action['at']} is not a {kind}", rules=(move_rule(action),))
            return
    same_tiles = [a for a in _captures(legal_of(run), verb) if sorted(a["tiles"]) == wanted]
    if same_tiles:  # the capture is offered, worth another number of points: the rule the reference names for it
        raise StepError(f"the captures open are: {'; '.join(found)}", rules=(_outcome_rule(run, same_tiles[0]),))
    # a claim missing while others are offered: the engine claims, but misses this kind of capture
    rule = "claim" if verb == "claim" and not found else kinds[kind]
    raise StepError(f"the captures open are: {'; '.join(found) or 'none'}", rules=(rule,))


@STEPS.then(r"seat (?P<seat>[01]) may take nothing", rules=("capture.choice",))
def _may_take_nothing(run: ScenarioRun, seat: str) -> None:
    state = state_of(run)
    open_now = _captures(legal_of(run), "take")
    if state["current_player"] == int(seat) and open_now:
        shown = ", ".join(f"{a['kind']} {a['at']}" for a in open_now)
        raise StepError(f"seat {seat} may take {shown}")


@STEPS.then(r"the captures open are: (?P<listed>.+)", rules=("capture.pair", "capture.triple", "capture.reach"))
def _open(run: ScenarioRun, listed: str) -> None:
    actions = [a for a in legal_of(run) if a["type"] in ("capture", "claim")]
    shown = sorted(f"{a['kind']} {a['at']} for {a.get('points')}" for a in actions)
    expected = sorted(item.strip() for item in listed.split(","))
    if shown != expected:  # the first capture told wrongly names the one rule counted
        moves = sorted(f"{a['kind']} {a['at']}" for a in actions)
        wanted = sorted(item.rsplit(" for ", 1)[0] for item in expected)
        if moves == wanted:  # the same captures, worth other points: the rule the reference names for the first
            wrong = [a for a in actions if f"{a['kind']} {a['at']} for {a.get('points')}" not in expected]
            rules = [_outcome_rule(run, wrong[0])] if wrong else []
        else:
            move = "claim" if any(a["type"] == "claim" for a in actions) else "capture"
            first = sorted(set(wanted) - set(moves)) or sorted(set(moves) - set(wanted))
            kind, _, at = first[0].partition(" ")
            rules = [move_rule({"type": move, "kind": kind, "at": at})]
        raise StepError(f"the captures open are: {', '.join(shown) or 'none'}", rules=rules)


@STEPS.then(rf"seat (?P<seat>[01]) may not (?P<verb>take|claim) {_CAPTURE} \(rule (?P<rule>[a-z0-9.-]+)\)")
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
    setup = ensure(run)
    what, where = _capture(kind, at, both, lone)
    move = "capture" if verb == "take" else "claim"
    state = state_of(run)
    phase = _phase(legal_of(run))
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


@STEPS.then(r"the move breaks rule (?P<rule>[a-z0-9.-]+)")
def _breaks(run: ScenarioRun, rule: str) -> None:
    if run.tried is None:
        raise StepError("no move was tried")
    if run.tried.is_ok:
        raise StepError(f"the move was allowed, but it breaks {rule}")
    run.same_rule(run.tried, rule)


@STEPS.then(r'the refusal says "(?P<fragment>[^"]+)"')
def _refusal_says(run: ScenarioRun, fragment: str) -> None:
    if run.tried is None or run.tried.is_ok:
        raise StepError("nothing was refused")
    run.same_wording(run.tried, fragment)


@STEPS.then(rf"the Tsung Shap row is {TILES}", rules=("turn.lay",))
def _row(run: ScenarioRun, tiles: str) -> None:
    row = state_of(run)["row"]
    if row != faces(tiles_in(tiles)):
        moves = [e for e in tsung_setup(run).events if e["type"] in ("lay", "capture", "claim")]
        last = moves[-1] if moves else None  # the row a capture left: the capture's rule
        rules = (tsung_capture_rule(last),) if last and last["type"] != "lay" else ()
        raise StepError(f"the row is {show(row)}", rules=rules)


@STEPS.then(r"the Tsung Shap table is empty", rules=("sweep",))
def _table_empty(run: ScenarioRun) -> None:
    row = state_of(run)["row"]
    if row:
        raise StepError(f"the row is {show(row)}")


@STEPS.then(r"the scores are (?P<a>\d+) to (?P<b>\d+)", rules=("score",))
def _scores(run: ScenarioRun, a: str, b: str) -> None:
    scores = state_of(run)["scores"]
    if scores != [int(a), int(b)]:
        raise StepError(f"the scores are {scores[0]} to {scores[1]}")


@STEPS.then(rf"seat (?P<seat>[01])'s hand is {TILES}", rules=("german.hand",))
def _hand(run: ScenarioRun, seat: str, tiles: str) -> None:
    hands = state_of(run)["hands"]
    held = sorted(hands[int(seat)]) if hands is not None else None
    if held != sorted(faces(tiles_in(tiles))):
        raise StepError(f"seat {seat}'s hand is {show(held) if held is not None else 'none (no four-tile hands)'}")


@STEPS.then(r"the last capture (?P<verdict>is|is not) a sweep", rules=("sweep",))
def _sweep(run: ScenarioRun, verdict: str) -> None:
    taken = [e for e in ensure(run).events if e["type"] in ("capture", "claim")]
    if not taken:
        raise StepError("the engine reported no capture")
    if taken[-1]["sweep"] is not (verdict == "is"):
        raise StepError(f"the last capture the engine reported is {taken[-1]}")


_TILE = r"\[[^\]]+\]"
_SAID = (
    (re.compile(rf"seat (?P<seat>[01]) turns over (?P<tile>{_TILE})"), "reveal"),
    (re.compile(rf"seat (?P<seat>[01]) draws (?P<tile>{_TILE}) into the hand"), "refill"),
    (re.compile(rf"seat (?P<seat>[01]) lays (?P<tile>{_TILE}) at the (?P<end>left|right) end"), "lay"),
    (
        re.compile(
            rf"seat (?P<seat>[01]) (?P<verb>takes|claims) the (?P<kind>pair|triple|ten) {TILES}"
            r"(?:at the (?P<at>left|right) end|at (?P<both>both ends)) for (?P<points>\d+)(?P<sweep>, a sweep)?"
        ),
        "take",
    ),
)


def said_event(text: str) -> dict[str, Any]:
    """An event as a scenario says it, as the protocol writes it.

    >>> said_event("seat 1 claims the pair [4-4] [4-4] at the right end for 160")
    {'type': 'claim', 'seat': 1, 'kind': 'pair', 'at': 'right', 'tiles': ['4-4', '4-4'], 'points': 160, 'sweep': False}
    """
    for pattern, what in _SAID:
        found = pattern.fullmatch(text.strip())
        if found is None:
            continue
        seat = int(found["seat"])
        if what in ("reveal", "refill"):
            return {"type": what, "seat": seat, "tile": tiles_in(found["tile"])[0].face}
        if what == "lay":
            return {"type": "lay", "seat": seat, "tile": tiles_in(found["tile"])[0].face, "end": found["end"]}
        return {
            "type": "capture" if found["verb"] == "takes" else "claim",
            "seat": seat,
            "kind": found["kind"],
            "at": "ends" if found["both"] else found["at"],
            "tiles": faces(tiles_in(found["tiles"])),
            "points": int(found["points"]),
            "sweep": found["sweep"] is not None,
        }
    raise StepError(f"the scenario says an event no step reads: {text!r}")


@STEPS.then(r"the log so far reads:")
def _events(run: ScenarioRun, datatable: Sequence[Sequence[str]] | None = None) -> None:
    if not datatable or [c.strip() for c in datatable[0]] != ["what happened"]:
        raise StepError("the step needs a table of one column, 'what happened', one event a row")
    expected = [said_event(row[0]) for row in datatable[1:]]
    actual = ensure(run).events
    if actual != expected:
        raise StepError("the engine reported: " + "; ".join(describe_event(e) for e in actual))


@STEPS.then(
    r"the Tsung Shap game is over: seat (?P<seat>[01]) wins (?P<a>\d+) to (?P<b>\d+)(?: \((?P<reason>[a-z-]+)\))?",
    rules=("end", "score"),
)
def _won(run: ScenarioRun, seat: str, a: str, b: str, reason: str | None) -> None:
    state = state_of(run)
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") != int(seat) or state["scores"] != [int(a), int(b)]:
        raise StepError(f"terminal {state['terminal']}, scores {state['scores']}, result {result or None}")
    if reason is not None and result.get("reason") != reason:
        raise StepError(f"the game ended by {result.get('reason')}, not {reason}")


@STEPS.then(r"the Tsung Shap game is over in a tie at (?P<a>\d+) to (?P<b>\d+)", rules=("end.tie",))
def _tie(run: ScenarioRun, a: str, b: str) -> None:
    state = state_of(run)
    result = state["result"] or {}
    if not state["terminal"] or "winner" not in result or result["winner"] is not None:
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not a tie")
    if state["scores"] != [int(a), int(b)]:
        raise StepError(f"the scores are {state['scores']}")


@STEPS.then(r"the Tsung Shap game is not over", rules=("end",))
def _not_over(run: ScenarioRun) -> None:
    state = state_of(run)
    if state["terminal"]:
        raise StepError(f"the game is over: {state['result']}")


@STEPS.then(
    r"seat (?P<seat>[01]) has laid (?P<n>\d+) of its tiles? and seat (?P<other>[01]) (?P<m>\d+)", rules=("end",)
)
def _laid(run: ScenarioRun, seat: str, n: str, other: str, m: str) -> None:
    events = ensure(run).events
    laid = [sum(1 for e in events if e["type"] == "lay" and e["seat"] == s) for s in (0, 1)]
    if (laid[int(seat)], laid[int(other)]) != (int(n), int(m)):
        raise StepError(f"the engine reported {laid[0]} lays by seat 0 and {laid[1]} by seat 1")


@STEPS.then(r"the turns played are (?P<a>\d+) for seat 0 and (?P<b>\d+) for seat 1", rules=("turn.order",))
def _turns(run: ScenarioRun, a: str, b: str) -> None:
    turns = state_of(run)["turns"]
    if turns != [int(a), int(b)]:
        raise StepError(f"the turns are {turns}")


@STEPS.then(r'the options are refused: "(?P<fragment>[^"]+)"')
def _options_refused(run: ScenarioRun, fragment: str) -> None:
    answer = tsung_setup(run).set_up
    if answer is None or answer.is_ok:
        raise StepError(f"the options should be refused ({fragment}), but the engine starts the game")
    run.notes.append(f"refused ({answer.describe()}); the reference's wording is not compared")


@STEPS.then(r"the options are accepted")
def _options_accepted(run: ScenarioRun) -> None:
    answer = tsung_setup(run).set_up
    if answer is None or not answer.is_ok:
        raise StepError(f"the options were refused: {answer.describe() if answer else 'no game was set up'}")
