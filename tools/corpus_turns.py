"""Invalid logs for the turn's, the declaration's and the unfinished log's checks of Kap Shap and Kap Tai Shap.

Part of the conformance corpus (:mod:`tools.corpus` yields them with its own
cases): the checks of a move made at the wrong step of a turn (a discard
before taking or drawing, a draw, take or pass holding a full hand, a discard
where the second tile must be drawn), the throw-back under
``discard-taken=taken-tile``, the opening under ``opening=discard-draw-discard``,
a declaration whose hand is not the hand held, a log recorded unfinished whose
events end the game, and a wall too short to cut for its players. Each log is
a valid game with one thing changed, the change being what the rule named
forbids, so that an engine author's validator is judged on each check too.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator

from gupai.core.spec import game_spec
from gupai.core.tiles import Tile, set_counts
from gupai.log.play import play_game
from tools.corpus_events import Log, hand_before, search, table_before

__all__ = ["invalid_turn_cases"]


def _one_turn(log: Log, at: int, length: int) -> bool:
    """Whether events ``at`` .. ``at + length - 1`` are one seat's, ``at`` the first of its turn."""
    events = log["events"]
    seats = {e["seat"] for e in events[at : at + length]}
    return at >= 2 and len(seats) == 1 and events[at - 1]["seat"] not in seats


def _turn_of(log: Log, *kinds: str) -> int | None:
    """The first turn (past the opening) that begins with events of these types."""
    types = [e["type"] for e in log["events"]]
    for at in range(2, len(types) - len(kinds) + 1):
        if tuple(types[at : at + len(kinds)]) == kinds and _one_turn(log, at, len(kinds)):
            return at
    return None


def _next_stock_tile(log: Log, at: int) -> str:
    """The tile the stock gives the next draw after the events before ``at`` (the stock is in draw order)."""
    drawn = sum(e["type"] == "draw" for e in log["events"][:at])
    tile: str = log["deal"]["stock"][drawn]
    return tile


def invalid_turn_cases(game: str, players: int) -> Iterator[tuple[str, Log]]:
    """The turn's, declaration's and unfinished log's faults of ``game`` with ``players`` players: (path, log)."""
    p = game_spec(game).prefix

    def case(rule: str, what: str, log: Log) -> tuple[str, Log]:
        return f"{game}/invalid/{p}.{rule}--{what}.json", log

    # A turn starts by taking a discard or drawing (culin: turn=take-and-draw, drawn-tile=keep).
    log = search(game, lambda g: _turn_of(g, "draw", "discard") is not None, players=players)
    at = _turn_of(log, "draw", "discard")
    assert at is not None
    seat = log["events"][at]["seat"]
    log["events"][at] = {"type": "discard", "seat": seat, "tile": hand_before(log, at, seat)[0]}
    yield case("turn.discard", "discarded-at-the-start-of-a-turn-before-taking-or-drawing", log)

    # Holding a full hand after the draw, the turn goes on with a discard (or a win): not a draw, a take or a pass.
    base = search(game, lambda g: _turn_of(g, "draw", "discard") is not None, players=players)
    at = _turn_of(base, "draw", "discard")
    assert at is not None
    seat = base["events"][at]["seat"]
    for rule, what, event in (
        ("turn.discard", "drew-again-holding-a-full-hand", {"type": "draw", "tile": _next_stock_tile(base, at + 1)}),
        ("turn.take", "took-a-discard-holding-a-full-hand", {"type": "take", "tile": table_before(base, at + 1)[-1]}),
        ("end.stock", "passed-holding-a-full-hand", {"type": "pass"}),
    ):
        log = copy.deepcopy(base)
        log["events"][at + 1] = {"type": event["type"], "seat": seat, **{k: v for k, v in event.items() if k == "tile"}}
        yield case(rule, what, log)

    # turn=take-and-draw: a take and its discard, then the second tile is drawn, not a second discard
    log = search(game, lambda g: _turn_of(g, "take", "discard", "draw") is not None, players=players)
    at = _turn_of(log, "take", "discard", "draw")
    assert at is not None
    seat = log["events"][at]["seat"]
    log["events"][at + 2] = {"type": "discard", "seat": seat, "tile": hand_before(log, at + 2, seat)[0]}
    yield case("turn.discard", "discarded-again-instead-of-drawing-after-a-take", log)

    # discard-taken=taken-tile: the tile just taken may not go back, though a copy held from before might
    def fresh_take(g: Log) -> int | None:
        at = _turn_of(g, "take", "discard")
        while at is not None and g["events"][at]["tile"] in hand_before(g, at, g["events"][at]["seat"]):
            nxt = _turn_of({**g, "events": g["events"][at + 1 :]}, "take", "discard")
            at = None if nxt is None else at + 1 + nxt
        return at

    log = search(game, lambda g: fresh_take(g) is not None, players=players, **{"discard-taken": "taken-tile"})
    at = fresh_take(log)
    assert at is not None
    log["events"][at + 1]["tile"] = log["events"][at]["tile"]
    yield case("turn.discard", "threw-back-the-taken-tile-under-discard-taken-taken-tile", log)

    # opening=discard-draw-discard (gupai-site): the first player discards, draws, then discards again
    log = play_game(game, preset="gupai-site", players=players, seed=1)
    first = log["events"][0]["seat"]
    assert [e["type"] for e in log["events"][:2]] == ["discard", "draw"] and log["events"][1]["seat"] == first
    log["events"][1] = {"type": "discard", "seat": first, "tile": hand_before(log, 1, first)[0]}
    yield case("opening", "discarded-twice-without-drawing-under-opening-discard-draw-discard", log)

    # A declaration shows the hand held: here one of its tiles is written as another face (the split still the hand's).
    log = search(game, lambda g: g["result"]["winner"] is not None, players=players)
    hand = log["events"][-1]["hand"]
    hand[0] = next(face for face in ("6-6", "1-1", "4-4") if face not in hand)
    yield case("declare.valid", "declared-a-hand-other-than-the-one-held", log)

    # A log recorded unfinished (its result "*") whose events end the game: the rule that ended it is broken.
    for rule, what, reason, agents, over in (
        ("end.win", "recorded-unfinished-after-the-declared-win", "declared", "greedy", {}),
        ("end.stock", "recorded-unfinished-after-the-stock-ran-out", "stock-exhausted", "random", {}),
        (
            "end.termination",
            "recorded-unfinished-after-three-dead-rounds",
            "dead-rounds",
            "random",
            {"turn": "take-or-draw"},
        ),
    ):
        log = search(game, lambda g, r=reason: g["result"]["reason"] == r, players=players, agents=agents, **over)  # type: ignore[misc]
        log["result"] = "*"
        yield case(rule, what, log)

    if game == "kap-tai-shap":  # a wall of five-tile piles, its cut moving pile tops: 10 players need 20 full piles
        order = [Tile.from_index(kind).face for kind, copies in enumerate(set_counts(3)) for _ in range(copies)]
        random.Random(10).shuffle(order)
        ends = [0, *range(10, 92, 9)]  # the first player (the dice total 10: seat 0) is dealt 10 tiles, the rest 9
        log = play_game(game, preset="culin", players=10, seed=1)
        for key in ("seed", "agents"):  # a deal written by hand, not played
            del log[key]
        log.update(players=10, sets=3, events=[], result="*")
        log["deal"] = {
            "order": order,
            "dice": [1, 2, 3, 4],
            "first_player": 0,
            "hands": [order[start:end] for start, end in itertools.pairwise(ends)],
            "stock": order[ends[-1] :],
        }
        yield case("deal.wall", "three-sets-cut-into-too-few-piles-for-ten-players", log)
