"""Steps of play in Kap Shap and Kap Tai Shap: deals, turns, takes, draws, discards, declarations, the end.

Context (Given)
    ``seat <s> is dealt [t] [t] ...`` (a deal given as hands: the rest of the
    sets is the stock, after the tiles of ``the stock begins [t] ...``),
    ``the stock begins [t] [t] ...`` / ``the stock is [t] [t] ...``
    (exactly), ``seat <s> plays first``
Actions (When)
    ``seat <s> discards [t]``, ``seat <s> takes [t]``, ``seat <s> draws``, ``seat <s> declares`` (each must be
    legal), and ``seat <s> tries to ...`` for a move that may be refused
Outcomes (Then)
    deals (a wall or a boneyard laid out tile by tile:
    :mod:`gupai.conformance.steps.deal`): ``seat <s> is the first player``;
    moves: ``seat <s> may take [t]`` / ``may not take [t] (rule <id>)``
    (likewise ``draw``, ``discard [t]``, ``declare``), ``the legal moves are:
    take [t], draw``, ``there are no legal moves``, ``the move is refused
    under rule <id>``, ``the move is allowed``; state: ``it is seat <s>'s
    turn``, ``seat <s> holds [t] ...`` / ``holds <n> tiles``, ``the table
    holds [t] ...`` (oldest first), ``the table is empty``, ``the stock holds
    <n> tiles``; the end: ``the game is not over``, ``the game is over: seat
    <s> wins``, ``the game is over with no winner (<reason>)``, ``the
    settlement is <+a> <b> ...``, ``the declared split is eye [a] [b], pairs
    [c]+[d] ...``

A position is dealt with ``new_game`` (a ``hands`` deal), a move is an
``apply``, and ``may`` asks ``check``, which must agree with
``legal_actions``.
"""

from __future__ import annotations

from gupai.conformance.attribution import KAP_MOVE_RULES as MOVE_RULES
from gupai.conformance.attribution import table_order_fault
from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import ScenarioRun, canonical_split, faces, parse_split, show, tiles_in
from gupai.core.errors import GupaiError
from gupai.core.hands import counts_of
from gupai.core.tiles import parse_tiles
from gupai.games.kap.config import flipped_reading
from gupai.protocol.messages import Answer

__all__ = ["STEPS"]

STEPS = StepList()


@STEPS.given(r"seat (?P<seat>\d+) is dealt (?P<tiles>.+)")
def _dealt(run: ScenarioRun, seat: str, tiles: str) -> None:
    run.hands[int(seat)] = tiles_in(tiles)


@STEPS.given(r"the stock (?P<how>begins|is) (?P<tiles>.+)")
def _stock(run: ScenarioRun, how: str, tiles: str) -> None:
    run.stock_start = tiles_in(tiles)
    run.stock_exact = how == "is"
    run.in_game = False


@STEPS.when(r"the position is offered")
def _offered(run: ScenarioRun) -> None:
    """The position dealt as written, hands of any size (``the game is refused``, ``the refusal cites rule``)."""
    config = run.config()
    run.sat_down = run.new_game(run.position_deal(config, sizes=False), players=config.players, sets=config.sets)
    run.in_game = run.sat_down.is_ok


@STEPS.given(r"seat (?P<seat>\d+) plays first")
def _first(run: ScenarioRun, seat: str) -> None:
    run.first = int(seat)


@STEPS.when(
    r"seat (?P<seat>\d+) (?P<tries>tries to )?(?P<verb>discards?|takes?|draws?|declares?|pass(?:es)? the turn)"
    r"(?: (?P<tile>\[[^\]]+\]))?",
)
def _move(run: ScenarioRun, seat: str, tries: str | None, verb: str, tile: str | None) -> None:
    """A move; a pass (stock-out=play-on) is written "passes the turn", apart from Tsung Shap's "passes"."""
    run.ensure_game()
    verb = verb.split()[0]
    word = "pass" if verb.startswith("pass") else verb[:-1] if verb.endswith("s") else verb
    action = run.action(int(seat), f"{word} {tile or ''}")
    answer = run.ask("apply", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"apply {word}: the engine answered {answer.describe()}")
    run.tried = answer
    run.moves += answer.is_ok
    if not tries and not answer.is_ok:
        raise StepError(
            f"seat {seat} must be able to {word} {tile or ''}: the engine answered {answer.describe()}",
            rules=(_move_rule(run, int(seat), word),),
        )


def _move_rule(run: ScenarioRun, seat: int, kind: str) -> str:
    """The rule that makes a move legal; for a declaration, the reading that makes the hand win, if one decides.

    In the opening turn (before the first player's opening discard, or its
    discard, draw and discard), the opening rule makes the move legal.
    """
    if kind != "declare":
        opening = run.config().options["opening"] if run.game else "draw"
        if opening != "draw" and run.moves < (3 if opening == "discard-draw-discard" else 1):
            return "opening"
        return MOVE_RULES[kind]
    try:
        hand = run.state()["hands"][seat]
        flip = flipped_reading(run.config(), counts_of(parse_tiles(hand)))
    except (GupaiError, LookupError, TypeError):
        return MOVE_RULES[kind]
    return flip[0] if flip is not None else MOVE_RULES[kind]


# ------------------------------------------------------------------ the deal
@STEPS.then(r"seat (?P<seat>\d+) is the first player", rules=("deal.first-player",))
def _is_first(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    if state["current_player"] != int(seat):
        raise StepError(f"seat {state['current_player']} is to move first, not seat {seat}")


# ------------------------------------------------------------------- moves
def _may(run: ScenarioRun, seat: str, move: str) -> tuple[bool, Answer]:
    """Whether ``seat`` may make ``move`` now: ``check`` must agree with ``legal_actions`` and the turn."""
    run.ensure_game()
    action = run.action(int(seat), move)
    answer = run.ask("check", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"check {move}: the engine answered {answer.describe()}")
    current = run.state()["current_player"]
    listed = current == int(seat) and (action["type"], action.get("tile")) in run.legal()
    if listed != answer.is_ok:
        where = (
            "legal_actions lists it"
            if listed
            else ("legal_actions does not list it" if current == int(seat) else f"it is seat {current}'s turn")
        )
        raise StepError(f"the engine's check answers {answer.kind} to seat {seat} {move}, but {where}")
    return answer.is_ok, answer


@STEPS.then(r"seat (?P<seat>\d+) may (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare|pass the turn)")
def _then_may(run: ScenarioRun, seat: str, move: str) -> None:
    move = move.removesuffix(" the turn")
    allowed, answer = _may(run, seat, move)
    if not allowed:
        raise StepError(
            f"seat {seat} may {move}, but the engine answered {answer.describe()}",
            rules=(_move_rule(run, int(seat), move.split()[0]),),
        )


@STEPS.then(
    r"seat (?P<seat>\d+) may not (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare|pass the turn)"
    r"(?: \(rule (?P<rule>[a-z0-9.-]+)\))?",
)
def _then_may_not(run: ScenarioRun, seat: str, move: str, rule: str | None) -> None:
    move = move.removesuffix(" the turn")
    allowed, answer = _may(run, seat, move)
    if allowed:
        raise StepError(
            f"seat {seat} may not {move}, but the engine allows it",
            rules=(rule or _move_rule(run, int(seat), move.split()[0]),),
        )
    run.same_rule(answer, rule)


def _same_rule(run: ScenarioRun, answer: Answer, rule: str | None) -> None:
    if rule is None:
        return
    if answer.rule is None:
        run.notes.append(f"refused without a rule id (the scenario names {rule})")
    elif answer.rule != rule:
        raise StepError(f"refused under rule {answer.rule}, not {rule}: {answer.message}")


@STEPS.then(r"the legal moves are: (?P<moves>.+)")
def _legal_moves(run: ScenarioRun, moves: str) -> None:
    run.ensure_game()
    expected = set()
    for move in moves.split(","):
        action = run.action(0, move.strip())
        expected.add((action["type"], action.get("tile")))
    actual = run.legal()
    if actual != expected:
        show = _show_moves
        wrong = sorted(expected - actual) or sorted(actual - expected)  # an omitted move first: what makes it legal
        raise StepError(
            f"the legal moves are {show(actual)}; missing {show(expected - actual)}, extra {show(actual - expected)}",
            rules=tuple(sorted({_move_rule(run, run.state()["current_player"] or 0, kind) for kind, _ in wrong})),
        )


def _show_moves(moves: set[tuple[str, str | None]]) -> str:
    return ", ".join(sorted(f"{t} [{tile}]" if tile else t for t, tile in moves)) or "none"


@STEPS.then(r"there are no legal moves", rules=("end.win", "end.stock", "end.termination"))
def _no_moves(run: ScenarioRun) -> None:
    run.ensure_game()
    actual = run.legal()
    if actual:
        raise StepError(f"the engine lists {len(actual)} legal moves after the end")


@STEPS.then(r"the move is refused under rule (?P<rule>[a-z0-9.-]+)")
def _refused(run: ScenarioRun, rule: str) -> None:
    if run.tried is None:
        raise StepError("no move was tried")
    if run.tried.is_ok:
        raise StepError(f"the move was allowed, but it breaks {rule}")
    run.same_rule(run.tried, rule)


@STEPS.then(r"the move is allowed")
def _allowed(run: ScenarioRun) -> None:
    if run.tried is None or not run.tried.is_ok:
        raise StepError(f"the move was refused: {run.tried.describe() if run.tried else 'no move was tried'}")


# ------------------------------------------------------------------- state
@STEPS.then(r"it is seat (?P<seat>\d+)'s turn", rules=("turn.order",))
def _turn(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    if state["terminal"] or state["current_player"] != int(seat):
        raise StepError(f"current_player is {state['current_player']} (terminal: {state['terminal']}), not seat {seat}")


@STEPS.then(r"seat (?P<seat>\d+) holds (?P<count>\d+) tiles")
def _holds_count(run: ScenarioRun, seat: str, count: str) -> None:
    held = run.state()["hands"][int(seat)]
    if len(held) != int(count):
        raise StepError(f"seat {seat} holds {len(held)} tiles, not {count}")


@STEPS.then(r"seat (?P<seat>\d+) holds (?P<tiles>\[.+)")
def _holds_tiles(run: ScenarioRun, seat: str, tiles: str) -> None:
    held = sorted(run.state()["hands"][int(seat)])
    expected = sorted(faces(tiles_in(tiles)))
    if held != expected:
        raise StepError(f"seat {seat} holds {show(held)}, not {show(expected)}")


@STEPS.then(r"the table holds (?P<tiles>\[.+)", rules=("turn.discard", "turn.take"))
def _table(run: ScenarioRun, tiles: str) -> None:
    table = run.state()["table"]
    expected = faces(tiles_in(tiles))
    if table != expected:
        raise StepError(
            table_order_fault(table, expected, "the scenario's")
            or f"the table holds {show(table)}, not {show(expected)}"
        )


@STEPS.then(r"the table is empty", rules=("turn.discard", "turn.take"))
def _table_empty(run: ScenarioRun) -> None:
    table = run.state()["table"]
    if table:
        raise StepError(f"the table holds {show(table)}")


@STEPS.then(r"the stock holds (?P<count>\d+) tiles?")
def _stock_size(run: ScenarioRun, count: str) -> None:
    state = run.state()
    if state["stock_size"] != int(count) or len(state["stock"]) != int(count):
        raise StepError(f"stock_size is {state['stock_size']} and the stock lists {len(state['stock'])}, not {count}")


# ------------------------------------------------------------------- the end
@STEPS.then(r"the game is not over", rules=("end.win", "end.stock", "end.termination"))
def _not_over(run: ScenarioRun) -> None:
    state = run.state()
    if state["terminal"] or state["result"] is not None:
        raise StepError(f"the game is over: {state['result']}")


@STEPS.then(r"the game is over: seat (?P<seat>\d+) wins", rules=("end.win",))
def _wins(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") != int(seat) or result.get("reason") != "declared":
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not a win by seat {seat}")


@STEPS.then(r"the game is over with no winner \((?P<reason>[a-z-]+)\)", rules=("end.stock", "end.termination"))
def _no_winner(run: ScenarioRun, reason: str) -> None:
    state = run.state()
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") is not None or result.get("reason") != reason:
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not over with no winner ({reason})")


@STEPS.then(r"the settlement is (?P<amounts>[-+0-9 ]+)", rules=("settle", "settle.refund"))
def _settlement(run: ScenarioRun, amounts: str) -> None:
    state = run.state()
    expected = [int(a) for a in amounts.split()]
    settled = (state["result"] or {}).get("settlement", state["scores"])
    if settled != expected or state["scores"] != expected:
        raise StepError(f"the settlement is {settled} (scores {state['scores']}), not {expected}")


@STEPS.then(r"the result counts (?P<count>\d+) turns?", rules=("end.turns",))
def _result_turns(run: ScenarioRun, count: str) -> None:
    result = run.state()["result"] or {}
    if result.get("turns") != int(count):
        raise StepError(f"the result counts {result.get('turns')} turns (result {result or None})")


@STEPS.then(r"the declared split is eye (?P<eye>(?:\[[^\]]+\] ?){2}), pairs (?P<pairs>.+)", rules=("declare.valid",))
def _declared_split(run: ScenarioRun, eye: str, pairs: str) -> None:
    result = run.state()["result"] or {}
    shown = result.get("decomposition")
    if shown is None or canonical_split(shown) != canonical_split(parse_split(eye, pairs)):
        raise StepError(f"the declared split is {shown}")
