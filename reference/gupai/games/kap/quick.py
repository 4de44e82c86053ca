"""A quick accept path for the validator: the events of a Kap log replayed in one tight loop.

:func:`quick_replay` answers one question, fast: is this log certainly
valid? ``True`` only when the one replay path (:func:`gupai.games.kap.replay.replay_kap`)
would accept it too; ``False`` means "not known here", and the validator
then runs the schema and that replay, which find and explain the error. It
never explains anything itself, so every message, pointer and rule id of an
invalid log is the one replay path's.

It shares that path's deal check (:func:`~gupai.games.kap.replay.check_deal`),
configuration, match check and split check (:func:`~gupai.games.kap.splits.split_fault`),
and mirrors only the per-event legality and moves of
:class:`~gupai.games.kap.state.KapState` (``why_illegal`` and ``step``) in
local variables, without building an action or an explanation per event.
It also checks each event's shape as the log schema does (the validator
then leaves the events out of its schema check): a key, a type, a seat or
a tile the schema would refuse is "not known here". ``tests/property/test_quick_replay.py``
holds it to the full path on mutated logs of every preset: the same verdict
for each.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-tai-shap", players=6, seed=1)
>>> shaped = lambda event: set(event) == {"type", "seat", "hand", "decomposition"}  # the schema's, roughly
>>> quick_replay(log, declared=shaped)
True
>>> log["events"][1]["seat"] = 5 - log["events"][1]["seat"]
>>> quick_replay(log, declared=shaped)
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from gupai.core.tiles import KIND_COUNT, Tile
from gupai.games.kap.config import COLLECTING_GAMES
from gupai.games.kap.replay import check_deal, config_of
from gupai.games.kap.splits import shown_split, split_fault
from gupai.games.match import check_match

__all__ = ["quick_replay"]

# Phases and what came before (KapState's strings, as small ints here).
_START, _HOLD, _DRAW, _OVER = 0, 1, 2, 3
_AFTER_START, _AFTER_DEAL, _AFTER_DRAW, _AFTER_TAKE = 0, 1, 2, 3
_UNIT = tuple(1 << (4 * k) for k in range(KIND_COUNT))

#: The keys of an event of each type, exactly (the schema's required keys; an ``x-`` key goes the long way).
_KEYS = {"discard": 3, "take": 3, "draw": 3, "pass": 2, "declare": 4}


@cache
def _faces() -> tuple[dict[str, int], tuple[str, ...]]:
    """Each tile's canonical face (the only spelling the schema allows) as its kind, and back."""
    faces = tuple(Tile.from_index(k).face for k in range(KIND_COUNT))
    return {face: k for k, face in enumerate(faces)}, faces


def quick_replay(doc: Mapping[str, Any], *, declared: Callable[[Any], bool]) -> bool:
    """Whether a Kap log that passed the schema (its events aside) is certainly valid; ``False``: not known here.

    ``declared`` tells whether a declare event has the schema's shape (the
    validator passes the log schema's check of an event: this loop checks
    the shape of the other events itself). Never raises for a document that
    passed the schema: anything unexpected is ``False``.
    """
    try:
        return doc["game"] in COLLECTING_GAMES and _replay(doc, declared)
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError):
        return False


def _replay(doc: Mapping[str, Any], declared_shape: Callable[[Any], bool]) -> bool:  # noqa: C901, PLR0911, PLR0912, PLR0915 - one tight loop, by design
    config = config_of(doc["game"], doc["options"], players=doc["players"], sets=doc["sets"])
    deal = check_deal(config, doc["deal"])
    opts = config.options
    check_match(
        doc.get("match"), game=doc["game"], reading=opts["first-player"], first_player=deal.first_player, players=config.players
    )
    kind_of, faces = _faces()
    n = config.players
    take_any = opts["take"] == "any"
    two_tiles = opts["turn"] == "take-and-draw"
    discard_drawn = opts["drawn-tile"] == "discard-unless-win"
    opening_draw = opts["opening"] == "discard-draw-discard"
    draw_first = config.draw_first
    taken_back = opts["discard-taken"] == "allowed"
    held_copy = opts["discard-taken"] == "taken-tile"
    must_declare = opts["declare"] == "mandatory"
    dead_round = opts["termination"] == "three-dead-rounds"
    no_consecutive = opts["termination"] == "no-consecutive-takes"
    play_on = opts["stock-out"] == "play-on"
    winning = config.evaluator.winning_keys
    unit, keys_of = _UNIT, _KEYS

    hands: list[list[int]] = []
    keys: list[int] = []
    for tiles in deal.hands:
        counts, key = [0] * KIND_COUNT, 0
        for kind in tiles:
            counts[kind] += 1
            key += unit[kind]
        hands.append(counts)
        keys.append(key)
    stock = deal.stock
    left = len(stock)
    drawn_at = 0
    table: list[int] = []
    cur = deal.first_player
    phase = _START if draw_first else _HOLD
    after = _AFTER_START if draw_first else _AFTER_DEAL
    taken = drawn = -1
    turn = 1
    opening = True
    stage = 0
    drew = took = False
    took_last = [False] * n
    quiet = 0  # turns without a draw
    passes = 0
    reason = ""
    declared: Mapping[str, Any] | None = None

    for event in doc["events"]:
        if phase == _OVER or event.__class__ is not dict:
            return False
        seat = event["seat"]
        what = event["type"]
        if seat.__class__ is not int or seat != cur or len(event) != keys_of[what]:
            return False
        hand = hands[cur]
        if what == "declare":
            if phase != _HOLD or keys[cur] not in winning or not declared_shape(event):
                return False
            declared, reason, phase = event, "declared", _OVER
            continue
        if phase == _HOLD and must_declare and keys[cur] in winning:
            return False
        if what == "discard":
            kind = kind_of[event["tile"]]
            if phase != _HOLD or not hand[kind]:
                return False
            if after == _AFTER_DRAW and discard_drawn and kind != drawn:
                return False
            if (
                kind == taken
                and after == _AFTER_TAKE
                and not taken_back
                and not (held_copy and hand[kind] > 1)
            ):
                return False
            hand[kind] -= 1
            keys[cur] -= unit[kind]
            table.append(kind)
            if opening and opening_draw and stage == 0:
                stage = 1
                phase = _DRAW
                continue
            if after == _AFTER_TAKE and two_tiles:
                phase = _DRAW
                continue
        elif what == "draw":
            if phase == _HOLD or drawn_at == left:
                return False
            kind = stock[drawn_at]
            if event["tile"] != faces[kind]:
                return False
            drawn_at += 1
            hand[kind] += 1
            keys[cur] += unit[kind]
            phase, after, drawn, drew = _HOLD, _AFTER_DRAW, kind, True
            continue
        elif what == "take":
            kind = kind_of[event["tile"]]
            if phase != _START or kind not in table or (not take_any and kind != table[-1]):
                return False
            if no_consecutive and not two_tiles and took_last[cur]:
                return False
            at = len(table) - 1 - table[::-1].index(kind)
            del table[at]
            hand[kind] += 1
            keys[cur] += unit[kind]
            phase, after, taken, took = _HOLD, _AFTER_TAKE, kind, True
            continue
        elif what == "pass":
            if phase != _START or drawn_at != left or not play_on:
                return False
            passes += 1
        else:
            return False
        # the turn ends (a discard that ends it, or a pass)
        took_last[cur] = took
        quiet = 0 if drew else quiet + 1
        if took:
            passes = 0
        if drawn_at == left and (not play_on or passes >= n):
            phase, reason = _OVER, "stock-exhausted"
            continue
        if dead_round and quiet >= 3 * n:
            phase, reason = _OVER, "dead-rounds"
            continue
        cur = (cur + 1) % n
        turn += 1
        phase = after = _START
        taken = drawn = -1
        drew = took = False
        opening = False

    if phase != _OVER:
        return False  # abandoned, or stopped early: the long way says which
    return _result_holds(doc["result"], config, hands, reason, turn, cur if declared else None, declared)


def _result_holds(
    recorded: Mapping[str, Any],
    config: Any,
    hands: list[list[int]],
    reason: str,
    turn: int,
    winner: int | None,
    declared: Mapping[str, Any] | None,
) -> bool:
    """Whether the declaration shows its hand and a winning split, and the recorded result is the game's."""
    n = config.players
    if recorded["reason"] != reason or recorded["turns"] != turn or recorded["winner"] != winner:
        return False
    if winner is None or declared is None:
        return "hand" not in recorded and "decomposition" not in recorded and recorded["settlement"] == [0] * n
    if recorded["settlement"] != [n - 1 if seat == winner else -1 for seat in range(n)]:
        return False
    kind_of = _faces()[0]
    held = hands[winner]
    tiles = [kind for kind in range(KIND_COUNT) for _ in range(held[kind])]
    if sorted(map(kind_of.__getitem__, declared["hand"])) != tiles:
        return False
    if sorted(map(kind_of.__getitem__, recorded["hand"])) != tiles:
        return False
    shown = shown_split(declared["decomposition"])
    if isinstance(shown, str) or split_fault(config, tuple(held), shown) is not None:
        return False
    return shown_split(recorded["decomposition"]) == shown
