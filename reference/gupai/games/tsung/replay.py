"""Validating Tsung Shap logs: a replay through the engine, event by event.

The schema has checked the log's shape; this replay checks the rules. Every
problem names the event index, the JSON pointer, a ``ts.*`` rule id and a
sentence a person understands; the replay stops at the first one. Importing
problem is a :class:`~gupai.core.errors.ReplayError`; the log validator
(:mod:`gupai.log.validate`) turns it into a report.

>>> import random
>>> from gupai.games.agents import make_agent
>>> from gupai.games.tsung.config import tsung_config
>>> from gupai.games.tsung.deal import deal_json, random_tsung_deal
>>> from gupai.games.tsung.play import run_tsung
>>> config = tsung_config()
>>> deal = random_tsung_deal(config, random.Random(5))
>>> state = run_tsung(config, deal, [make_agent("greedy")] * 2, random.Random(5))
>>> log = {"options": config.options.as_dict(), "players": 2, "sets": 1, "deal": deal_json(deal),
...        "events": [trace_json(r) for r in state.trace], "result": state.result()}
>>> replay_tsung(log).scores == state.scores
True
>>> log["result"]["scores"][0] += 1
>>> try:
...     replay_tsung(log)
... except ReplayError as error:
...     print(error.rule, error.pointer)
ts.score /result/scores
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.options import read_options
from gupai.core.tiles import Tile, kinds_of, set_mismatch
from gupai.games.base import is_unfinished
from gupai.games.match import check_match
from gupai.games.tsung.actions import (
    ACTIONS,
    CAPTURE_CODES,
    CLAIM,
    CLAIM0,
    ENDS,
    PASS_CODE,
    TAKE,
    TAKE0,
    Action,
    capture_of,
    trace_json,
)
from gupai.games.tsung.config import GAME, TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, tsung_deal_from_order
from gupai.games.tsung.mismatch import (
    describe_event,
    explain_mismatch,
    explain_unexpected_lay,
    lays_again_because,
    shown,
)
from gupai.games.tsung.state import TsungState

__all__ = ["check_deal", "implicit_pass", "replay_tsung"]

_Error = ReplayError
_Event = dict[str, Any]


def _config(doc: dict[str, Any]) -> TsungConfig:
    options = read_options(GAME, doc["options"])
    try:
        config = tsung_config(options)
    except GupaiError as error:
        raise _Error(f"/options/{error.where}", error.rule or "ts.end", error.message) from None
    if doc["players"] != config.players:
        raise _Error("/players", "ts.equipment", f"Tsung Shap is played by 2 players, not {doc['players']}")
    if doc["sets"] != config.sets:
        raise _Error("/sets", "ts.equipment", f"Tsung Shap is played with one set, not {doc['sets']}")
    return config


def check_deal(config: TsungConfig, deal: Mapping[str, Any], *, partial: bool = False) -> TsungDeal:
    """Check a recorded deal against the rules and return it cut from its order; raise the first problem.

    The order must be exactly the tiles of one set, seat 0 lays first (unless
    the first player follows the previous game of a match), and
    the piles, stock and hands must be the order cut as the options say. A
    log records everything; a protocol request may leave out ``first_player``,
    ``piles``, ``stock`` and ``hands`` (``partial``), and what it leaves out is
    not checked. The log validator and the protocol session both check with it.

    >>> from gupai.games.tsung.config import tsung_config
    >>> order = ["6-6", "6-6", "1-1", "1-1", *["4-4"] * 2, *["3-1"] * 2, *["5-5"] * 2, *["3-3"] * 2, *["2-2"] * 2]
    >>> try:
    ...     check_deal(tsung_config(), {"order": order}, partial=True)
    ... except ReplayError as error:
    ...     print(error.pointer, error.rule)
    /deal/order ts.equipment
    """
    order = kinds_of(deal["order"])
    wrong = set_mismatch(order, config.sets)
    if wrong:
        raise _Error(
            "/deal/order",
            "ts.equipment",
            "the deal's order is not exactly the tiles of one set: " + ", ".join(wrong[:6]),
        )
    first = deal.get("first_player")
    if config.after_match:  # the previous game's higher scorer: given, and checked across a match (gupai.games.match)
        cut = tsung_deal_from_order(config, order, first=first or 0)
    else:
        cut = tsung_deal_from_order(config, order)
        if (first is not None or not partial) and first != cut.first_player:
            raise _Error(
                "/deal/first_player",
                "ts.first-player",
                f"seat {cut.first_player} lays first under option first-player={config.options['first-player']}, "
                f"but the deal records seat {first}",
            )
    stock_reading = f"option stock={config.options['stock']}"
    piles = deal.get("piles")
    if (piles is None) != (cut.piles is None) and ("piles" in deal or not partial):
        what = "records no piles" if piles is None else "records piles"
        rule = "ts.stock" if config.common else "ts.deal"
        raise _Error(
            "/deal/piles",
            rule,
            f"the deal {what}, but under {stock_reading}, hand={config.options['hand']} "
            + ("each seat has a pile" if cut.piles is not None else "there are none"),
        )
    if cut.piles is not None and piles is not None:
        for seat in _seats_differing(piles, cut.piles):
            span = "the first sixteen" if seat == 0 else "the last sixteen"
            skip = ", after its four-tile hand" if config.four else ""
            want = shown([Tile.from_index(k).face for k in cut.piles[seat]][:6])
            raise _Error(
                f"/deal/piles/{seat}",
                "ts.deal",
                f"seat {seat}'s pile is not {span} tiles of the order{skip}, in order: it should begin {want} ...",
            )
    stock = deal.get("stock")
    if (stock is None) != (cut.stock is None) and ("stock" in deal or not partial):
        what = "records no common stock" if stock is None else "records a common stock"
        raise _Error(
            "/deal/stock",
            "ts.stock",
            f"the deal {what}, but under {stock_reading} "
            + ("the tiles stay in one" if cut.stock is not None else "each seat has its own half"),
        )
    if cut.stock is not None and stock is not None and kinds_of(stock) != list(cut.stock):
        skip = " after the two four-tile hands" if config.four else ""
        raise _Error("/deal/stock", "ts.stock", f"the common stock is not the order{skip}, in order")
    hands = deal.get("hands")
    if (hands is None) != (cut.hands is None) and ("hands" in deal or not partial):
        what = "records no hands" if hands is None else "records hands"
        raise _Error(
            "/deal/hands",
            "ts.german.hand",
            f"the deal {what}, but under option hand={config.options['hand']} "
            + ("each seat holds four tiles" if cut.hands is not None else "tiles stay face down"),
        )
    if cut.hands is not None and hands is not None:
        for seat in _seats_differing(hands, cut.hands):
            want = shown([Tile.from_index(k).face for k in cut.hands[seat]])
            raise _Error(
                f"/deal/hands/{seat}", "ts.german.hand", f"seat {seat}'s hand should be {want}, cut from the order"
            )
    return cut


def _seats_differing(given: Sequence[Sequence[str]], cut: Sequence[Sequence[int]]) -> list[int]:
    """The seats whose recorded tiles (pile or hand) are not what the order cuts (the last, for extra seats)."""
    differing = [seat for seat in range(len(cut)) if seat >= len(given) or kinds_of(given[seat]) != list(cut[seat])]
    return differing or ([len(cut) - 1] if len(given) != len(cut) else [])


def implicit_pass(state: TsungState, following: Mapping[str, Any] | None) -> bool:
    """Whether the log passed, unwritten, on the decision ``state`` waits for, the next event being ``following``.

    A log writes the capture taken and the claim made, never the pass that
    declines one: in the take or claim phase, unless the next event is that
    capture or claim, the player passed. The validator's replay and the
    conformance harness's log replay both read a log's decisions with it.
    """
    if state.phase == TAKE:
        return following is None or following["type"] != "capture"
    if state.phase == CLAIM:
        return following is None or following["type"] != "claim"
    return False


# ---------------------------------------------------------------- replay
def replay_tsung(doc: dict[str, Any]) -> TsungState:
    """Replay a schema-valid Tsung Shap log; raise the first problem found."""
    config = _config(doc)
    deal = check_deal(config, doc["deal"])
    check_match(doc.get("match"), game=GAME, reading=config.options["first-player"], first_player=deal.first_player)
    state = TsungState(config, deal)
    events: list[_Event] = doc["events"]
    unfinished = is_unfinished(doc)
    end = len(events)
    if unfinished:  # a game in progress writes the passes it ends on (no event after them shows them)
        while end and events[end - 1].get("type") == "pass":
            end -= 1
    pos = _match(state, events[:end], 0, 0)
    while pos < end:
        pos = _decision(state, events[:end], pos)
    if unfinished:
        _trailing_passes(state, events, end)
        return state
    while implicit_pass(state, None):  # the log's last tile laid (or claim open) was left untaken
        since = len(state.trace)
        state.step(PASS_CODE)
        pos = _match(state, events, pos, since)
    _check_result(state, doc)
    return state


def _trailing_passes(state: TsungState, events: list[_Event], pos: int) -> None:
    """Replay the passes an unfinished log ends on (from ``pos``): each a decision the state waits for, which
    leaves no event behind; then the game must still be on."""
    for at in range(pos, len(events)):
        if state.phase not in (TAKE, CLAIM) or state.is_terminal:
            raise _Error(f"/events/{at}", "ts.end", f"event {at} passes, but no capture or claim is open", at)
        _check_seat(state, events[at], at)
        since = len(state.trace)
        state.step(PASS_CODE)
        if len(state.trace) > since:
            want = trace_json(state.trace[since])
            raise _Error(
                "/events", "ts.end", f"the events stop where {describe_event(want)}: the log must write it", at
            )
    if state.is_terminal:
        raise _Error(
            "/result",
            "ts.end",
            f"the events end the game ({_end_reason(state)}), so the log must record its result, not an unfinished game",
        )


def _capture_code(event: _Event, at: str, pos: int) -> int:
    """The capture a ``capture`` or ``claim`` event names."""
    code = CAPTURE_CODES.get((event["kind"], event["at"]))
    if code is not None:
        return code
    if event["kind"] == "ten":
        raise _Error(
            f"{at}/at", "ts.lone-tile", "a ten takes the lone tile of a row of one: it is written at ends", pos
        )
    raise _Error(
        f"{at}/at", "ts.capture.pair", "a pair takes one end tile (left or right), or the lone tile (ends)", pos
    )


def _decision(state: TsungState, events: list[_Event], pos: int) -> int:
    """Replay the decision the state waits for, from the events at ``pos``; the position after its events."""
    event = events[pos]
    at = f"/events/{pos}"
    kind = event["type"]
    seat = state.current_player
    if state.is_terminal:
        raise _Error(at, "ts.end", f"event {pos} follows the end of the game ({_end_reason(state)})", pos)
    since = len(state.trace)
    if kind == "pass":
        raise _Error(
            at,
            "ts.capture.choice",
            "a pass is written only at the end of an unfinished log (format 2); elsewhere it is left out",
            pos,
        )
    if state.phase == CLAIM or state.phase == TAKE:
        if state.phase == TAKE and kind == "capture" and event["seat"] != seat:
            raise _Error(
                f"{at}/seat",
                "ts.claim",
                f"seat {event['seat']} took a capture with seat {seat}'s tile: a missed capture is claimed, "
                "with a claim event, at the start of the next turn",
                pos,
            )
        if not implicit_pass(state, event):
            _check_seat(state, event, pos)
            base = CLAIM0 if state.phase == CLAIM else TAKE0
            code = base + _capture_code(event, at, pos)
            problem = state.why_illegal(_action(code))
            if problem is not None:
                raise _Error(at, problem[0], problem[1], pos)
            state.step(code)
        else:
            state.step(PASS_CODE)
        return _match(state, events, pos, since)
    # the lay
    if kind != "lay":
        raise _Error(at, *explain_unexpected_lay(state, events, pos))
    _check_seat(state, event, pos)
    tile = Tile(event["tile"])
    code = tile.index * 2 + ENDS.index(event["end"])
    problem = state.why_illegal(_action(code))
    if problem is not None:
        raise _Error(at, problem[0], problem[1], pos)
    following = events[pos + 1] if pos + 1 < len(events) else None
    if following is not None and following["type"] == "capture" and following["seat"] == seat:
        capture = _capture_code(following, f"/events/{pos + 1}", pos + 1)
        not_open = state.why_not_capture(capture_of(capture), tile, event["end"])
        if not_open is not None:
            raise _Error(f"/events/{pos + 1}", not_open[0], not_open[1], pos + 1)
    state.step(code)
    return _match(state, events, pos, since)


def _action(code: int) -> Action:
    return ACTIONS[code]


def _check_seat(state: TsungState, event: _Event, pos: int) -> None:
    seat = state.current_player
    if event["seat"] == seat:
        return
    at = f"/events/{pos}/seat"
    if state.tiles_laid == 0:
        raise _Error(at, "ts.first-player", f"seat {event['seat']} acted first, but seat {seat} lays first", pos)
    if state.restarting:
        raise _Error(
            at,
            "ts.sweep.restart",
            f"seat {event['seat']} laid, but seat {seat} {lays_again_because(state)}",
            pos,
        )
    raise _Error(at, "ts.turn.order", f"seat {event['seat']} acted, but it is seat {seat}'s turn", pos)


def _match(state: TsungState, events: list[_Event], pos: int, since: int) -> int:
    """Check the events the engine produced since trace index ``since`` against the log's from ``pos``."""
    trace = state.trace
    for index in range(since, len(trace)):
        want = trace_json(trace[index])
        if pos >= len(events):
            raise _Error(
                "/events",
                "ts.end",
                f"the events stop where {describe_event(want)}: the game is not over",
            )
        got = events[pos]
        if got != want and {k: v for k, v in got.items() if not k.startswith("x-")} != want:  # x- keys: ignored
            rule, pointer, message = explain_mismatch(state, events, pos, want, index)
            raise _Error(f"/events/{pos}{pointer}", rule, message, pos)
        pos += 1
    return pos


def _end_reason(state: TsungState) -> str:
    return f"end={state.reason}"


def _check_result(state: TsungState, doc: dict[str, Any]) -> None:
    recorded = doc["result"]
    if not state.is_terminal:
        doing = {"lay": "lay a tile", "take": "take a capture or pass", "claim": "claim or pass"}[state.phase]
        raise _Error(
            "/events",
            "ts.end",
            f"the events stop with seat {state.current_player} to {doing}: the game is not over "
            f"(option end={state.config.end})",
        )
    actual = state.result()
    if recorded["scores"] != actual["scores"]:
        unplayed = [[*state.hand(seat), *state.pile(seat)] for seat in (0, 1)]
        groups = [state.row_tiles(), *unplayed, state.stock()]
        groups.append([tile for group in groups for tile in group])
        extra = sum(recorded["scores"]) - sum(actual["scores"])
        for left in groups:
            pips = sum(tile.pips for tile in left)
            if left and extra > 0 and extra in (pips, 10 * pips):
                raise _Error(
                    "/result/scores",
                    "ts.score.leftover",
                    f"the result gives the scores {recorded['scores']}, which count tiles left over "
                    f"({' '.join(f'[{t}]' for t in left)}); tiles left at the end score nothing, so the scores "
                    f"are {actual['scores']}",
                )
        raise _Error(
            "/result/scores",
            "ts.score",
            f"the result gives the scores {recorded['scores']}, but the captures and claims add up to {actual['scores']}",
        )
    if recorded["captures"] != actual["captures"]:
        for seat in (0, 1):
            for key, value in actual["captures"][seat].items():
                if recorded["captures"][seat][key] != value:
                    raise _Error(
                        f"/result/captures/{seat}/{key}",
                        "ts.score",
                        f"the result counts {recorded['captures'][seat][key]} {key} for seat {seat}, but its "
                        f"captures and claims hold {value}",
                    )
    for key in ("winner", "reason", "turns"):
        if recorded[key] != actual[key]:
            tie = key == "winner" and actual["scores"][0] == actual["scores"][1]
            raise _Error(
                f"/result/{key}",
                "ts.end.tie" if tie else "ts.end",
                f"the result records {key} {json.dumps(recorded[key])}, but the game gives {json.dumps(actual[key])}"
                + (" (the higher score wins; equal scores are a tie, null)" if key == "winner" else ""),
            )
