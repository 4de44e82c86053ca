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
>>> log["result"]["scores"][0] += 10
>>> try:
...     replay_tsung(log)
... except ReplayError as error:
...     print(error.rule, error.pointer)
ts.score /result/scores
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.options import resolve_options
from gupai.core.tiles import Tile, set_counts
from gupai.games.tsung.actions import (
    ACTIONS,
    CAPTURE_CODES,
    CLAIM,
    CLAIM0,
    ENDS,
    PASS_CODE,
    TAKE,
    TAKE0,
    TRACE_CAPTURE,
    Action,
    capture_of,
    trace_json,
)
from gupai.games.tsung.captures import FOUR_TWO
from gupai.games.tsung.config import GAME, TsungConfig, tsung_config
from gupai.games.tsung.deal import tsung_deal_from_order
from gupai.games.tsung.state import TsungState

__all__ = ["replay_tsung"]

_Error = ReplayError
_Event = dict[str, Any]


def _kinds(faces: Sequence[str]) -> list[int]:
    return [Tile(face).index for face in faces]


def _shown(faces: Sequence[str]) -> str:
    return " ".join(f"[{face}]" for face in faces) or "nothing"


# ------------------------------------------------------------- the setup
def _config(doc: dict[str, Any]) -> TsungConfig:
    options = resolve_options(GAME, overrides=doc["options"])
    try:
        config = tsung_config(options)
    except GupaiError as error:
        raise _Error(f"/options/{error.where}", error.rule or "ts.end", error.message) from None
    if doc["players"] != 2:
        raise _Error("/players", "ts.equipment", f"Tsung Shap is played by 2 players, not {doc['players']}")
    if doc["sets"] != 1:
        raise _Error("/sets", "ts.equipment", f"Tsung Shap is played with one set, not {doc['sets']}")
    return config


def _check_deal(config: TsungConfig, deal: dict[str, Any]) -> list[int]:
    order = _kinds(deal["order"])
    counts = [0] * 21
    for kind in order:
        counts[kind] += 1
    expected = set_counts(1)
    if tuple(counts) != expected:
        wrong = [
            f"[{Tile.from_index(k)}] x{counts[k]} (should be {expected[k]})"
            for k in range(21)
            if counts[k] != expected[k]
        ]
        raise _Error(
            "/deal/order",
            "ts.equipment",
            "the deal's order is not exactly the tiles of one set: " + ", ".join(wrong[:6]),
        )
    if deal["first_player"] != 0:
        raise _Error(
            "/deal/first_player",
            "ts.first-player",
            f"seat 0 lays first, but the deal records seat {deal['first_player']}",
        )
    cut = tsung_deal_from_order(config, order)
    stock_reading = f"option stock={config.options['stock']}"
    if (deal["piles"] is None) != (cut.piles is None):
        what = "records no piles" if deal["piles"] is None else "records piles"
        rule = "ts.stock" if config.common else "ts.deal"
        raise _Error(
            "/deal/piles",
            rule,
            f"the deal {what}, but under {stock_reading}, hand={config.options['hand']} "
            + ("each seat has a pile" if cut.piles is not None else "there are none"),
        )
    if cut.piles is not None:
        for seat in (0, 1):
            if _kinds(deal["piles"][seat]) != list(cut.piles[seat]):
                span = "the first sixteen" if seat == 0 else "the last sixteen"
                skip = ", after its four-tile hand" if config.four else ""
                want = _shown([Tile.from_index(k).face for k in cut.piles[seat]][:6])
                raise _Error(
                    f"/deal/piles/{seat}",
                    "ts.deal",
                    f"seat {seat}'s pile is not {span} tiles of the order{skip}, in order: it should begin {want} ...",
                )
    if (deal["stock"] is None) != (cut.stock is None):
        what = "records no common stock" if deal["stock"] is None else "records a common stock"
        raise _Error(
            "/deal/stock",
            "ts.stock",
            f"the deal {what}, but under {stock_reading} "
            + ("the tiles stay in one" if cut.stock is not None else "each seat has its own half"),
        )
    if cut.stock is not None and _kinds(deal["stock"]) != list(cut.stock):
        skip = " after the two four-tile hands" if config.four else ""
        raise _Error("/deal/stock", "ts.stock", f"the common stock is not the order{skip}, in order")
    if (deal["hands"] is None) != (cut.hands is None):
        what = "records no hands" if deal["hands"] is None else "records hands"
        raise _Error(
            "/deal/hands",
            "ts.german.hand",
            f"the deal {what}, but under option hand={config.options['hand']} "
            + ("each seat holds four tiles" if cut.hands is not None else "tiles stay face down"),
        )
    if cut.hands is not None:
        for seat in (0, 1):
            if _kinds(deal["hands"][seat]) != list(cut.hands[seat]):
                want = _shown([Tile.from_index(k).face for k in cut.hands[seat]])
                raise _Error(
                    f"/deal/hands/{seat}", "ts.german.hand", f"seat {seat}'s hand should be {want}, cut from the order"
                )
    return order


# ---------------------------------------------------------------- replay
def replay_tsung(doc: dict[str, Any]) -> TsungState:
    """Replay a schema-valid Tsung Shap log; raise the first problem found."""
    config = _config(doc)
    order = _check_deal(config, doc["deal"])
    state = TsungState(config, tsung_deal_from_order(config, order))
    events: list[_Event] = doc["events"]
    pos = _match(state, events, 0, 0)
    while pos < len(events):
        pos = _decision(state, events, pos)
    while state.phase in (TAKE, CLAIM):  # the log's last tile laid (or claim open) was left untaken
        since = len(state.trace)
        state.step(PASS_CODE)
        pos = _match(state, events, pos, since)
    _check_result(state, doc)
    return state


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
    if state.phase == CLAIM or state.phase == TAKE:
        explicit = kind == ("claim" if state.phase == CLAIM else "capture")
        if state.phase == TAKE and kind == "capture" and event["seat"] != seat:
            raise _Error(
                f"{at}/seat",
                "ts.claim",
                f"seat {event['seat']} took a capture with seat {seat}'s tile: a missed capture is claimed, "
                "with a claim event, at the start of the next turn",
                pos,
            )
        if explicit:
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
        raise _Error(at, *_unexpected_in_lay(state, events, pos))
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
        raise _Error(at, "ts.first-player", f"seat {event['seat']} acted first, but seat 0 lays first", pos)
    if state.restarting:
        raise _Error(
            at,
            "ts.sweep.restart",
            f"seat {event['seat']} laid, but seat {seat} cleared the table and must lay again to restart the row",
            pos,
        )
    raise _Error(at, "ts.turn.order", f"seat {event['seat']} acted, but it is seat {seat}'s turn", pos)


def _unexpected_in_lay(state: TsungState, events: list[_Event], pos: int) -> tuple[str, str, int]:
    """(rule, message, index) for an event other than a lay where a tile must be laid."""
    event = events[pos]
    kind = event["type"]
    seat = state.current_player
    who = f"seat {event['seat']}"
    previous = events[pos - 1]["type"] if pos else ""
    if kind == "claim":
        if not state.config.claims:
            return (
                "ts.claim",
                f"{who} claimed a capture, but under option missed-capture=none a missed capture is lost",
                pos,
            )
        return "ts.claim", f"{who} claimed a capture, but no capture was left untaken by the last tile laid", pos
    if kind == "capture":
        if previous in ("capture", "claim"):
            return "ts.capture.choice", f"{who} took a second capture: a tile laid belongs to one capture only", pos
        return "ts.turn.lay", f"{who} took a capture without laying a tile first", pos
    if kind == "refill":
        if not state.config.four:
            return (
                "ts.german.hand",
                f"{who} drew a tile into a hand, but under option hand=hidden there is no hand",
                pos,
            )
        return "ts.german.hand", f"{who} drew a tile without laying one: the hand is refilled after each tile laid", pos
    # a reveal
    if state.config.four:
        return (
            "ts.turn.reveal",
            f"{who} turned a tile over, but under option hand=four tiles are held face up and chosen",
            pos,
        )
    revealed = state.revealed
    return "ts.turn.lay", f"{who} turned over another tile, but seat {seat} must first lay [{revealed}]", pos


def _match(state: TsungState, events: list[_Event], pos: int, since: int) -> int:
    """Check the events the engine produced since trace index ``since`` against the log's from ``pos``."""
    trace = state.trace
    for index in range(since, len(trace)):
        want = trace_json(trace[index])
        if pos >= len(events):
            raise _Error(
                "/events",
                "ts.end",
                f"the events stop where {_describe(want)}: the game is not over",
            )
        got = events[pos]
        if got != want:
            rule, pointer, message = _mismatch(state, events, pos, want, index)
            raise _Error(f"/events/{pos}{pointer}", rule, message, pos)
        pos += 1
    return pos


def _describe(event: _Event) -> str:
    seat = f"seat {event['seat']}"
    kind = event["type"]
    if kind == "reveal":
        return f"{seat} turns over [{event['tile']}]"
    if kind == "refill":
        return f"{seat} draws [{event['tile']}] into the hand"
    if kind == "lay":
        return f"{seat} lays [{event['tile']}] {event['end']}"
    return f"{seat} takes {_shown(event['tiles'])}"


def _source(state: TsungState, seat: int) -> str:
    return "the common stock" if state.config.common else f"seat {seat}'s pile"


def _mismatch(state: TsungState, events: list[_Event], pos: int, want: _Event, index: int) -> tuple[str, str, str]:
    """(rule, pointer suffix, message) for a log event that differs from what the engine did."""
    got = events[pos]
    kind, seat = want["type"], want["seat"]
    record_before = state.trace[index - 1] if index else None
    if kind in ("capture", "claim"):
        return _capture_mismatch(state, got, want)
    if got["type"] == "capture" and pos and events[pos - 1]["type"] in ("capture", "claim"):
        return (
            "ts.capture.choice",
            "",
            f"seat {got['seat']} took a second capture: a tile laid belongs to one capture only",
        )
    if kind == "refill":
        if got["type"] == "refill" and got["seat"] == seat:
            return (
                "ts.german.hand",
                "/tile",
                (f"seat {seat} drew [{got['tile']}], but the next tile of {_source(state, seat)} is [{want['tile']}]"),
            )
        return "ts.german.hand", "", f"seat {seat} should refill the hand with [{want['tile']}] after laying"
    if kind == "reveal":
        restart = record_before is not None and record_before[0] == TRACE_CAPTURE and record_before[1] == seat
        if got["type"] == "reveal" and got["seat"] == seat:
            return (
                "ts.turn.reveal",
                "/tile",
                (
                    f"seat {seat} turned over [{got['tile']}], but the next tile of {_source(state, seat)} is [{want['tile']}]"
                ),
            )
        if got["seat"] != seat:
            if pos == 0:
                return "ts.first-player", "/seat", f"seat {got['seat']} acted first, but seat 0 lays first"
            if restart:
                return (
                    "ts.sweep.restart",
                    "/seat",
                    (
                        f"seat {got['seat']} played, but seat {seat} cleared the table and must lay again to restart the row"
                    ),
                )
            if got["type"] == "claim":
                return "ts.claim", "", _no_claim(state, got)
            return "ts.turn.order", "/seat", f"seat {got['seat']} acted, but it is seat {seat}'s turn"
        if got["type"] == "lay":
            return (
                "ts.turn.reveal",
                "",
                f"seat {seat} laid [{got['tile']}] without turning over a tile (a reveal event) first",
            )
        if got["type"] == "claim":
            return "ts.claim", "", _no_claim(state, got)
        if got["type"] == "capture":
            return (
                "ts.capture.choice",
                "",
                f"seat {seat} took a second capture: a tile laid belongs to one capture only",
            )
        return (
            "ts.german.hand",
            "",
            f"seat {seat} drew a tile into a hand, but under option hand=hidden there is no hand",
        )
    # a lay: the engine laid what the log says, so only a malformed copy differs
    return (
        "ts.turn.lay",
        "",
        f"the lay is recorded as {json.dumps(got)}, expected {json.dumps(want)}",
    )  # pragma: no cover


def _no_claim(state: TsungState, event: _Event) -> str:
    if not state.config.claims:
        return f"seat {event['seat']} claimed a capture, but under option missed-capture=none a missed capture is lost"
    return f"seat {event['seat']} claimed a capture, but no capture was left untaken by the last tile laid"


def _capture_mismatch(state: TsungState, got: _Event, want: _Event) -> tuple[str, str, str]:
    who = f"seat {want['seat']}"
    kind = want["kind"]
    rule = {"pair": "ts.capture.pair", "triple": "ts.capture.triple", "ten": "ts.lone-tile"}[kind]
    if got["tiles"] != want["tiles"]:
        return (
            rule,
            "/tiles",
            (
                f"{who} listed {_shown(got['tiles'])} as the {kind} at {want['at']}, but the tiles taken are "
                f"{_shown(want['tiles'])} (the tile laid first, then the row's in order)"
            ),
        )
    if got["sweep"] != want["sweep"]:
        if want["sweep"]:
            return (
                "ts.sweep",
                "/sweep",
                f"{who} cleared the table from a row of two with {_shown(want['tiles'])}: that is a sweep",
            )
        return (
            "ts.sweep",
            "/sweep",
            f"{who} marked {_shown(want['tiles'])} a sweep, but it is not (a sweep takes a row of two)",
        )
    options = state.config.options
    if want["sweep"]:
        how = "40 plus the tiles' points" if state.config.sweep_add else "40"
        return (
            "ts.sweep",
            "/points",
            (
                f"{who} scored the sweep {_shown(want['tiles'])} {got['points']}, but under option "
                f"sweep-score={options['sweep-score']} a sweep scores {how}: {want['points']}"
            ),
        )
    values = state.config.values
    faces = [Tile(face).index for face in want["tiles"]]
    if kind != "pair" and FOUR_TWO in faces:
        other = 3 if values[FOUR_TWO] == 6 else 6
        if got["points"] == want["points"] - values[FOUR_TWO] + other:
            return (
                "ts.tiles.four-two",
                "/points",
                (
                    f"{who} scored {_shown(want['tiles'])} {got['points']}, counting [4-2] as {other}, but under option "
                    f"four-two-value={options['four-two-value']} it counts {values[FOUR_TWO]}: {want['points']}"
                ),
            )
    if kind == "pair":
        how = "a fixed 50" if options["pair-score"] == "fifty" else "ten points a spot"
        return (
            rule,
            "/points",
            f"{who} scored the pair {_shown(want['tiles'])} {got['points']}, but a pair scores {how}: {want['points']}",
        )
    spots = "+".join(str(values[k]) for k in faces)
    return (
        rule,
        "/points",
        (
            f"{who} scored the {kind} {_shown(want['tiles'])} {got['points']}, but a {kind} scores a point a spot: "
            f"{spots} = {want['points']}"
        ),
    )


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
