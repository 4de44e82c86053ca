"""A quick accept path for the validator: the events of a Kap log replayed in one tight loop.

:func:`quick_replay` answers one question, fast: is this log certainly
valid? ``True`` only when the one replay path (:func:`gupai.games.kap.replay.replay_kap`)
would accept it too; ``False`` means "not known here", and the validator
then runs the schema and that replay, which find and explain the error. It
never explains anything itself, so every message, pointer and rule id of an
invalid log is the one replay path's.

It shares that path's deal check (:mod:`gupai.games.kap.deal_check`: its
:func:`~gupai.games.kap.deal_check.dealt_first` when the validator read the
deal's tiles in bulk, else :func:`~gupai.games.kap.deal_check.checked_deal`),
configuration and match check, and the hand evaluator's winning hands, eyes
and ten-pairs; it mirrors only the per-event legality and moves of
:class:`~gupai.games.kap.state.KapState` (``why_illegal`` and ``step``), in
local variables, without building an action or an explanation per event,
and the split check (:func:`~gupai.games.kap.splits.split_fault` finds no
fault: the eye, the pairs and the hand's tiles).
It also checks the shape of each event (a declaration's too) and of the
result as the log schema does (the validator then leaves them out of its
schema check): a key, a
type, a seat, a tile or a number the schema would refuse is "not known
here"; so are the deal's tiles, unless the deal check finds them written
exactly as a log writes them. ``tests/property/test_quick_path.py``
holds it to the full path on mutated logs of every preset: the same verdict
for each.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-tai-shap", players=6, seed=1)
>>> quick_replay(log)
True
>>> log["events"][1]["seat"] = 5 - log["events"][1]["seat"]
>>> quick_replay(log)
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from gupai.core.hands import BITS, KEY_UNITS
from gupai.core.options import written_options
from gupai.core.tiles import KIND_COUNT, faces
from gupai.games.kap.config import COLLECTING_GAMES, CollectingConfig, config_of
from gupai.games.kap.deal_check import checked_deal, dealt_first
from gupai.games.match import check_match

__all__ = ["quick_replay"]

#: A tile kind's weight in a packed hand key, as KapState packs it (four bits a kind).
_SHIFT = tuple(BITS * k for k in range(KIND_COUNT))


#: Each tile's one spelling (the only one the schema allows), as its kind and as its weight in a packed key.
_FACES = faces()
_KIND_OF = {face: kind for kind, face in enumerate(_FACES)}
_UNIT_OF = {face: KEY_UNITS[kind] for kind, face in enumerate(_FACES)}


def quick_replay(doc: Mapping[str, Any], *, read: tuple[bytes, tuple[int, ...]] | None = None) -> bool:
    """Whether a Kap log that passed the schema (its events, result and deal tiles aside) is certainly valid;
    ``False``: not known here.

    The shape of each event is checked here as the schema checks it. ``read``: the deal's tiles,
    already read from the text as kinds (the order's, each hand's, the
    stock's, one byte a tile) with each hand's size (then the deal's lists
    are not read: :func:`~gupai.games.kap.deal_check.dealt_first` checks the deal). Never
    raises for a document that passed the schema: anything unexpected is
    ``False``.
    """
    try:
        return doc["game"] in COLLECTING_GAMES and _replay(doc, read)
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError):
        return False


class _Setup(NamedTuple):
    """What a replay reads on every move, read once a configuration: KapState's flags, and the rest."""

    reading: str  # option first-player
    players: int
    next_seat: tuple[int, ...]
    winning: frozenset[int]
    take_any: bool
    two_tiles: bool
    discard_drawn: bool
    opening_draw: bool
    draw_first: bool
    taken_back: bool
    held_copy: bool
    must_declare: bool
    dead_round: bool
    no_consecutive: bool
    play_on: bool
    #: Two faces (either order) that make an eye, and two that make a ten-pair: their packed key.
    eyes: dict[tuple[str, str], int]
    pairs: dict[tuple[str, str], int]
    pairs_in_hand: int


_SETUPS: dict[int, tuple[CollectingConfig, _Setup]] = {}


def _setup(config: CollectingConfig) -> _Setup:
    """The configuration's setup (the last few configurations' remembered, each by the object itself)."""
    found = _SETUPS.get(id(config))
    if found is not None and found[0] is config:
        return found[1]
    opts = config.options
    n = config.players
    setup = _Setup(
        reading=opts["first-player"],
        players=n,
        next_seat=tuple((seat + 1) % n for seat in range(n)),
        winning=config.evaluator.winning_keys,
        take_any=opts["take"] == "any",
        two_tiles=opts["turn"] == "take-and-draw",
        discard_drawn=opts["drawn-tile"] == "discard-unless-win",
        opening_draw=opts["opening"] == "discard-draw-discard",
        draw_first=config.draw_first,
        taken_back=opts["discard-taken"] == "allowed",
        held_copy=opts["discard-taken"] == "taken-tile",
        must_declare=opts["declare"] == "mandatory",
        dead_round=opts["termination"] == "three-dead-rounds",
        no_consecutive=opts["termination"] == "no-consecutive-takes",
        play_on=opts["stock-out"] == "play-on",
        **_splits(config),
    )
    if len(_SETUPS) >= 64:
        _SETUPS.clear()
    _SETUPS[id(config)] = (config, setup)
    return setup


def _splits(config: CollectingConfig) -> dict[str, Any]:
    """The eyes and the ten-pairs of a configuration, as the hand evaluator makes them, by their faces."""
    ev = config.evaluator
    both = [(a, b) for a in range(KIND_COUNT) for b in range(KIND_COUNT)]
    return {
        "eyes": {(_FACES[a], _FACES[b]): KEY_UNITS[a] + KEY_UNITS[b] for a, b in both if ev.makes_eye(a, b)},
        "pairs": {(_FACES[a], _FACES[b]): KEY_UNITS[a] + KEY_UNITS[b] for a, b in both if ev.makes_pair(a, b)},
        "pairs_in_hand": ev.pairs_in_hand if ev.size < 16 else -1,  # (a larger hand: no packed key holds it)
    }


def _replay(doc: Mapping[str, Any], read: tuple[bytes, tuple[int, ...]] | None) -> bool:
    config = config_of(doc["game"], written_options(doc), players=doc["players"], sets=doc["sets"])
    if read is None:
        deal, as_written = checked_deal(config, doc["deal"])
        if not as_written:  # a tile spelled otherwise, or a hand listed in another order: the schema decides
            return False
        first = deal.first_player
        hands: Sequence[Sequence[int]] = deal.hands
        stock: Sequence[int] = deal.stock
    else:
        kinds, sizes = read
        recorded = doc["deal"]
        found = dealt_first(config, kinds, sizes, dice=recorded["dice"], recorded_first=recorded["first_player"])
        if found is None:  # not dealt so: the long way says why
            return False
        first = found
        at = len(kinds) // 2  # the hands' tiles follow the order's, then the stock's
        hands = []
        for size in sizes:
            hands.append(kinds[at : at + size])
            at += size
        stock = kinds[at:]
    setup = _setup(config)
    (
        reading,
        n,
        after_seat,
        winning,
        take_any,
        two_tiles,
        discard_drawn,
        opening_draw,
        draw_first,
        taken_back,
        held_copy,
        must_declare,
        dead_round,
        no_consecutive,
        play_on,
        _,
        _,
        _,
    ) = setup
    match = doc.get("match")
    if match is not None:
        check_match(match, game=doc["game"], reading=reading, first_player=first, players=n)
    kind_of, faces, unit, shift = _KIND_OF, _FACES, KEY_UNITS, _SHIFT
    dead = 3 * n  # turns without a draw that end the game (termination=three-dead-rounds)

    # Each hand as KapState packs it: four bits a kind, (key >> shift[kind]) & 15 copies held.
    keys: list[int] = []
    for tiles in hands:
        key = 0
        for kind in tiles:  # (a loop adds these long ints faster than sum() does)
            key += unit[kind]
        keys.append(key)
    left = len(stock)
    drawn_at = 0
    table: list[int] = []
    append = table.append
    cur = first
    key = keys[cur]  # the hand of the seat to move (written back when its turn ends)
    # KapState's phase (start, hold, draw, over) and what came before (start, deal, draw, take)
    phase = "start" if draw_first else "hold"
    after = "start" if draw_first else "deal"
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
    passed = 0  # passes in all

    for event in doc["events"]:
        what = event["type"]
        # the seat is the very int object of the seat to move: not a bool, not another number
        if event["seat"] is not cur:
            return False
        if phase == "hold":  # a discard, or a declaration
            if key in winning:
                if what == "declare":  # (its hand and split: checked at the end)
                    declared, reason, phase = event, "declared", "over"
                    continue
                if must_declare:
                    return False
            if what != "discard":
                return False
            kind = kind_of[event["tile"]]
            if not (key >> shift[kind]) & 15:
                return False
            if discard_drawn and after == "draw" and kind != drawn:
                return False
            if (
                kind == taken
                and after == "take"
                and not taken_back
                and not (held_copy and (key >> shift[kind]) & 15 > 1)
            ):
                return False
            key -= unit[kind]
            append(kind)
            if opening_draw and opening and stage == 0:
                stage = 1
                phase = "draw"
                continue
            if after == "take" and two_tiles:
                phase = "draw"
                continue
        elif phase == "start" or phase == "draw":  # a turn's first step, or the draw a turn must make
            if what == "draw":
                if drawn_at == left:
                    return False
                kind = stock[drawn_at]
                if event["tile"] != faces[kind]:
                    return False
                drawn_at += 1
                key += unit[kind]
                phase, after, drawn, drew = "hold", "draw", kind, True
                continue
            if phase == "draw":
                return False
            if what == "take":
                kind = kind_of[event["tile"]]
                if kind not in table or (not take_any and kind != table[-1]):
                    return False
                if no_consecutive and not two_tiles and took_last[cur]:
                    return False
                if table[-1] == kind:  # the latest discard (always so under take=latest)
                    table.pop()
                else:  # the latest copy of it
                    del table[len(table) - 1 - table[::-1].index(kind)]
                key += unit[kind]
                phase, after, taken, took = "hold", "take", kind, True
                continue
            if what != "pass" or drawn_at != left or not play_on:
                return False
            passes += 1
            passed += 1
        else:  # the game is over: no event may follow
            return False
        # the turn ends (a discard that ends it, or a pass)
        keys[cur] = key
        took_last[cur] = took
        quiet = 0 if drew else quiet + 1
        if took:
            passes = 0
        if drawn_at == left and (not play_on or passes >= n):
            phase, reason = "over", "stock-exhausted"
            continue
        if dead_round and quiet >= dead:
            phase, reason = "over", "dead-rounds"
            continue
        cur = after_seat[cur]
        key = keys[cur]
        turn += 1
        phase = after = "start"  # (taken and drawn are read only after a take, a draw: set anew then)
        drew = took = opening = False

    if phase != "over":
        return False  # abandoned, or stopped early: the long way says which
    # Each event holds the keys read above (the type, the seat, a tile but in a pass; a declaration, the keys its
    # schema requires): as many keys in all as those, and no event holds another.
    events = doc["events"]
    if sum(map(len, events)) != 3 * len(events) - passed + (declared is not None):
        return False
    if declared is None:
        return _no_winner(doc["result"], n, reason, turn)
    return _winner_holds(doc["result"], config, setup, declared, cur, turn, key)


def _no_winner(recorded: Mapping[str, Any], players: int, reason: str, turn: int) -> bool:
    """Whether the recorded result is exactly (as the schema reads it, too) that of a game ended without a winner."""
    return (
        len(recorded) == 4  # winner, reason, turns and settlement: no hand, no split
        and recorded["winner"] is None
        and recorded["reason"] == reason
        and _count_is(recorded["turns"], turn)
        and _seats_get(recorded["settlement"], [0] * players)
    )


def _count_is(value: Any, count: int) -> bool:
    """Whether ``value`` is the integer ``count`` (not a bool, not a float)."""
    return value.__class__ is int and value == count


def _seats_get(value: Any, settlement: list[int]) -> bool:
    """Whether ``value`` is the list of integers ``settlement`` (no bool among them)."""
    return value.__class__ is list and value == settlement and bool not in set(map(type, value))


def _winner_holds(
    recorded: Mapping[str, Any],
    config: CollectingConfig,
    setup: _Setup,
    declared: Mapping[str, Any],
    winner: int,
    turn: int,
    key: int,
) -> bool:
    """Whether the declaration shows the hand held (packed as ``key``) and a winning split of it, and the
    recorded result is exactly (as the schema reads it, too) the game's."""
    n = config.players
    if len(recorded) != 6 or recorded["winner"] is not winner or recorded["reason"] != "declared":
        return False
    if not _count_is(recorded["turns"], turn):
        return False
    settlement = [-1] * n  # every other seat pays the winner one stake
    settlement[winner] = n - 1
    if not _seats_get(recorded["settlement"], settlement):
        return False
    # A winning hand holds fewer than 16 tiles: with as many tiles, the same key is the same tiles.
    hand, written = declared["hand"], recorded["hand"]
    if hand.__class__ is not list or len(hand) != config.evaluator.size or _key_of(hand) != key:
        return False
    if written != hand and (written.__class__ is not list or len(written) != len(hand) or _key_of(written) != key):
        return False
    split = declared["decomposition"]
    return recorded["decomposition"] == split and _winning_split(setup, split, key)


def _key_of(faces: list[str]) -> int:
    """The packed key of tiles written in their one spelling (``KeyError`` for another)."""
    unit = _UNIT_OF
    key = 0
    for face in faces:
        key += unit[face]
    return key


def _winning_split(setup: _Setup, split: Mapping[str, Any], key: int) -> bool:
    """Whether a split (of the schema's shape: an object of an eye, a list of two tiles, and pairs, a list of such
    lists, and nothing else) is the hand packed as ``key``, split into an eye and ten-pairs:
    :func:`~gupai.games.kap.splits.split_fault` finds no fault in it."""
    if split.__class__ is not dict or len(split) != 2:
        return False
    pairs, eye = split["pairs"], split["eye"]
    tiles = setup.eyes.get(tuple(eye)) if eye.__class__ is list else None
    if tiles is None or pairs.__class__ is not list or len(pairs) != setup.pairs_in_hand:
        return False
    known = setup.pairs
    for pair in pairs:
        found = known.get(tuple(pair)) if pair.__class__ is list else None
        if found is None:
            return False
        tiles += found
    return tiles == key  # as many tiles as a winning hand (fewer than 16): the same key is the same tiles
