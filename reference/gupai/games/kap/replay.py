"""The one replay path of Kap Shap and Kap Tai Shap: a recorded deal and its events checked against the rules.

The log validator (:mod:`gupai.log.validate`), the protocol server's session
(:mod:`gupai.protocol.kap_session`) and, through the server, the harness's
log replay all check a deal and each event here: there is no second copy of
the deal check, the turn order or the declaration check. A problem is a
:class:`~gupai.core.errors.ReplayError` naming the JSON pointer, the rule
and why.

What the rules mean, and so what is compared (``ks.deal.wall``,
``ks.deal.draw-order`` in ``spec/``): a hand is a multiset of tiles (the
order a hand is listed in means nothing), while the stock keeps its draw
order. A declared hand and its split are likewise compared as multisets,
in the declare event and in the result alike.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-shap", seed=3)
>>> replay_kap(log).is_terminal
True
>>> log["deal"]["hands"][0].reverse()  # the same hand, listed in another order
>>> replay_kap(log).result() == log["result"]
True
>>> log["events"][0]["seat"] = 1 - log["events"][0]["seat"]
>>> replay_kap(log)
Traceback (most recent call last):
...
gupai.core.errors.ReplayError: seat 0 acted, but it is seat 1's turn (turn 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.hands import Decomposition
from gupai.core.options import written_options
from gupai.core.tiles import Tile, count_vector, kinds_of
from gupai.games.base import is_unfinished
from gupai.games.kap.actions import DECLARE, DRAW, Action, Event, action_of
from gupai.games.kap.config import config_of
from gupai.games.kap.deal_check import check_deal, check_position, checked_deal
from gupai.games.kap.splits import shown_split, split_fault
from gupai.games.kap.state import KapState
from gupai.games.match import check_match

__all__ = [
    "apply_event",
    "check_deal",
    "check_event",
    "check_position",
    "check_result",
    "checked_deal",
    "replay_kap",
]


# ----------------------------------------------------------------- events
_NOT_WINNING: dict[tuple[Any, ...], tuple[str, str]] = {}


def _not_winning(state: KapState, seat: int) -> tuple[str, str]:
    """Why a hand that is not winning cannot be declared (remembered: a scenario may ask hundreds of times)."""
    config = state.config
    key = (config.spec.id, config.options.entries, config.sets, config.players, seat, state.hand_counts(seat))
    found = _NOT_WINNING.get(key)
    if found is None:
        problem = state.why_illegal(DECLARE)
        assert problem is not None
        found = (problem[0], problem[1])
        if len(_NOT_WINNING) > 4096:
            _NOT_WINNING.clear()
        _NOT_WINNING[key] = found
    return found


def check_event(state: KapState, event: Mapping[str, Any], index: int | None = None) -> ReplayError | None:
    """``None`` when ``event`` may come next, else the rule it breaks.

    ``index`` is the event's place in a log (for the pointer); a protocol
    move has none. A draw's ``tile``, a declaration's ``hand`` and
    ``decomposition`` are checked when present; the hand and the split as
    multisets.
    """
    return _check(state, event, action_of(event), index)


def _check(state: KapState, event: Mapping[str, Any], action: Action, index: int | None) -> ReplayError | None:
    """:func:`check_event` of the event's action, read once by the caller (a replay's every event comes here)."""
    if state.phase == "over":
        return _after_the_end(state, action, index)
    seat = event["seat"]
    if seat != state.current_player:
        return ReplayError(
            f"{_at(index)}/seat",
            state.config.rule("turn.order"),
            f"seat {seat} acted, but it is seat {state.current_player}'s turn (turn {state.turn})",
            index,
        )
    if action is DECLARE:
        return _check_declare(state, event, seat, index)
    problem = state.why_illegal(action)
    if problem is not None:
        return ReplayError(_at(index), problem[0], problem[1], index)
    if action is DRAW and "tile" in event:
        expected = Tile.from_index(state.stock[state.stock_drawn])
        if event["tile"] != expected.face:
            return ReplayError(
                f"{_at(index)}/tile",
                state.config.rule("deal.draw-order"),
                f"seat {seat} drew [{event['tile']}], but the next tile of the stock is [{expected}]",
                index,
            )
    return None


def _at(index: int | None) -> str:
    """The JSON pointer of a log's event; a protocol move has none."""
    return f"/events/{index}" if index is not None else ""


def _after_the_end(state: KapState, action: Action, index: int | None) -> ReplayError:
    if index is None:
        problem = state.why_illegal(action)
        assert problem is not None
        return ReplayError("", problem[0], problem[1])
    return ReplayError(
        _at(index), state.over_rule(), f"event {index} follows the end of the game ({state.reason})", index
    )


def _check_declare(state: KapState, event: Mapping[str, Any], seat: int, index: int | None) -> ReplayError | None:
    """A declaration: the hand must win, and the hand and split it shows must be the hand's."""
    rule, at = state.config.rule, _at(index)
    if state.phase == "hold" and not state.can_declare():
        if "decomposition" in event:  # the rule of the part of the split the log shows that is wrong
            fault = split_fault(state.config, state.hand_counts(seat), shown_split(event["decomposition"]))
            if fault is not None:
                return ReplayError(f"{at}/decomposition", fault[0], f"seat {seat} showed {fault[1]}", index)
        return ReplayError(at, *_not_winning(state, seat), index)
    problem = state.why_illegal(DECLARE)
    if problem is not None:
        return ReplayError(at, problem[0], problem[1], index)
    held = state.hand_counts(seat)
    if "hand" in event and tuple(count_vector(kinds_of(event["hand"]))) != held:
        hand = [t.face for t in state.hand(seat)]
        return ReplayError(
            f"{at}/hand", rule("declare.valid"), f"seat {seat} declared {event['hand']}, but holds {hand}", index
        )
    if "decomposition" in event:
        fault = split_fault(state.config, held, shown_split(event["decomposition"]))
        if fault is not None:
            return ReplayError(f"{at}/decomposition", fault[0], f"seat {seat} showed {fault[1]}", index)
    return None


def apply_event(state: KapState, event: Mapping[str, Any]) -> Event:
    """Apply an event :func:`check_event` passed; a declaration keeps the split it shows."""
    result = state.apply_unchecked(action_of(event))
    if result.type == "declare" and _keep_split(state, event):
        result = replace(result, decomposition=state.decomposition)
    return result


def _keep_split(state: KapState, event: Mapping[str, Any]) -> bool:
    """After a declaration: the game keeps the split the event shows (true), if it shows one."""
    if "decomposition" not in event:
        return False
    shown = shown_split(event["decomposition"])
    if isinstance(shown, Decomposition):
        state.decomposition = shown
        return True
    return False


# ----------------------------------------------------------------- result
_END_RULES = {
    "declared": "end.win",
    "stock-exhausted": "end.stock",
    "dead-rounds": "end.termination",
    "abandoned": "end.abandoned",
}


def _canonical(key: str, value: Any) -> Any:
    """A result field as compared: the hand and the split as multisets, the rest as written."""
    if key == "hand" and isinstance(value, list):
        try:
            return sorted(kinds_of(value))
        except (GupaiError, TypeError):
            return value
    if key == "decomposition" and value is not None:
        return shown_split(value)
    return value


#: Result fields compared as written (the hand and the split are compared as multisets).
_AS_WRITTEN = frozenset({"winner", "reason", "turns", "settlement"})


def check_result(state: KapState, recorded: Mapping[str, Any]) -> ReplayError | None:
    """``None`` when the recorded result is the one the replayed game reached."""
    rule = state.config.rule
    if recorded.get("reason") == "abandoned":  # ks.end.abandoned: the events stop before any end
        if state.is_terminal:
            return ReplayError(
                "/result/reason",
                rule("end.abandoned"),
                f"the result records an abandoned game, but the events end it ({state.reason}) at turn {state.turn}",
            )
        state.abandon()
    if not state.is_terminal:
        return ReplayError(
            "/events",
            rule(_END_RULES.get(str(recorded.get("reason")), "end.win")),
            f"the events stop at turn {state.turn} with seat {state.current_player} to {state.phase}: "
            "the game is not over",
        )
    won = state.decomposition is not None
    ours = {  # the game's own outcome, as _canonical reads the recorded one (the hand and split as multisets)
        "winner": state.winner,
        "reason": state.reason,
        "turns": state.turn,
        "hand": sorted([tile.index for tile in state.winning_hand]) if won else None,
        "decomposition": state.decomposition,
        "settlement": state.settlement(),
    }
    for key, value in ours.items():
        written = recorded.get(key)
        if (written if value is None or key in _AS_WRITTEN else _canonical(key, written)) != value:
            actual = state.result()
            if key == "settlement":
                target = "settle" if actual.get("winner") is not None else "settle.refund"
            elif key == "turns":
                target = "end.turns"
            else:
                target = "end.abandoned" if actual.get("reason") == "abandoned" else "end.win"
            return ReplayError(
                f"/result/{key}",
                rule(target),
                f"the result records {key} {json.dumps(recorded.get(key))}, but the game gives {json.dumps(actual.get(key))}",
            )
    return None


def replay_kap(doc: Mapping[str, Any]) -> KapState:
    """Replay a schema-valid log of Kap Shap or Kap Tai Shap; the first rule it breaks raises :class:`ReplayError`."""
    config = config_of(doc["game"], written_options(doc), players=doc["players"], sets=doc["sets"])
    deal = check_deal(config, doc["deal"])
    check_match(
        doc.get("match"),
        game=doc["game"],
        reading=config.options["first-player"],
        first_player=deal.first_player,
        players=config.players,
    )
    state = KapState(config, deal)
    events: Sequence[Mapping[str, Any]] = doc["events"]
    step = state.step
    for index, event in enumerate(events):
        action = action_of(event)  # read once: checked, then applied
        problem = _check(state, event, action, index)
        if problem is not None:
            raise problem
        step(action)  # the engine's own move; a log needs no event built back
        if action is DECLARE:
            _keep_split(state, event)
    if is_unfinished(doc):
        if state.is_terminal:
            raise ReplayError(
                "/result",
                state.config.rule(_END_RULES.get(str(state.reason), "end.win")),
                f"the events end the game ({state.reason}) at turn {state.turn}, so the log must record its result, "
                "not an unfinished game",
            )
        return state
    problem = check_result(state, doc["result"])
    if problem is not None:
        raise problem
    return state
