"""The ``navpil`` agent: the computer player of navpil's Java simulator, as it documents its strategy.

navpil/gupai (``rummy/kapshap/ComputerKapShapPlayer.java``) plays Kap Shap
and Kap Tai Shap by bucketing tiles by their value mod 10. This module plays
the same strategy on a :class:`KapState`, with the Java player's tie-breaks:

- **A hand's best split.** Every identical pair in the hand is tried as the
  eye, in the order the Java player's ``HashSet`` of eyes gives them (doubles
  first). The rest goes into buckets by value mod 10, civil tiles first; 0 and
  5 pair with themselves, ``i`` with ``10 - i``, first with first; what is
  left over is *deadwood*. The split with the fewest deadwood tiles wins; ties
  go to the highest sum of the deadwood's priorities less their minimum (the
  first such split). Trying an eye moves its two tiles to the end of the
  hand's order, as the Java player's list operations do, which decides which
  tile of a bucket is left over.
- **A tile's priority** is the number of complements still unseen: the
  copies in the sets of the bucket that pairs with it, less those in the
  hand, less the open discards when only the latest may be taken, plus them
  when any may be.
- **The discard** is the deadwood tile (the whole hand when it has none) of
  lowest priority; ties go to military before civil, then to the tile that
  comes first in the Java order (lesser high end, then lesser low end).
- **Offered discards** (the latest, or all of them in table order): one that
  completes a winning hand is taken at once; otherwise the one that leaves
  the fewest deadwood tiles, ties to the highest deadwood priority (sum less
  minimum; a hand of pairs without an eye counts as two deadwood tiles, its
  two lowest priorities). It is declined when the tile the player would then
  discard is the tile offered.

One deliberate difference: the Java player finds an eye only between tiles
next to each other in its list, and the offered tile is added at the end, so
it can miss a win the offered tile completes and decline it. This agent
never declines a win (the engine's own winning check is asked first).

>>> import random
>>> from gupai.games.kap.config import collecting_config
>>> from gupai.games.kap.deal import random_deal
>>> config = collecting_config("kap-shap")
>>> state = KapState(config, random_deal(config, random.Random(7)))
>>> legal = state.legal_actions()
>>> navpil_kap(state, legal) in legal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from gupai.core.hands import CACHED_CONFIGURATIONS
from gupai.core.pairs import tens_value
from gupai.core.tiles import KIND_COUNT, Tile, kinds, set_counts
from gupai.games.kap.actions import TAKES, Action, Declare, Discard, Take
from gupai.games.kap.config import CollectingConfig
from gupai.games.kap.state import KapState

__all__ = ["NavpilTables", "navpil_java", "navpil_kap", "navpil_tables"]

_BUCKETS = 10
#: The Java HashSet's table size (its default; a hand holds at most five eyes, never enough to grow it).
_HASH_BUCKETS = 16


@dataclass(frozen=True, slots=True)
class NavpilTables:
    """What the strategy needs to know of the tiles, for one configuration."""

    #: Each kind's bucket: its value in making up tens, mod 10.
    bucket: tuple[int, ...]
    #: The bucket each bucket pairs with (0 and 5 with themselves).
    complement: tuple[int, ...]
    #: 1 for a civil kind, 0 for a military one.
    civil: tuple[int, ...]
    #: Each kind's place in the Java order of tiles (high end, then low end, ascending).
    rank: tuple[int, ...]
    #: Every kind, in the order the Java player's HashSet of eyes lists them.
    eye_order: tuple[int, ...]
    #: Each kind's bucket in that HashSet (the order eyes found in another order are listed in).
    eye_hash: tuple[int, ...]
    #: Copies in the sets of each bucket.
    total: tuple[int, ...]
    #: +1 when any discard may be taken (open discards are still to come), -1 when only the latest.
    open_sign: int


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def navpil_tables(config: CollectingConfig) -> NavpilTables:
    """The tables of ``config``'s tiles (cached for the configurations used last).

    >>> from gupai.games.kap.config import collecting_config
    >>> t = navpil_tables(collecting_config("kap-shap"))
    >>> [Tile.from_index(k).face for k in t.eye_order[:3]], t.complement[3], t.complement[5], t.open_sign
    (['1-1', '2-2', '3-3'], 7, 5, 1)
    """
    four_two = config.rules.four_two_value
    bucket = tuple(tens_value(Tile.from_index(k), four_two_value=four_two) % _BUCKETS for k in range(KIND_COUNT))
    complement = tuple((_BUCKETS - m) % _BUCKETS for m in range(_BUCKETS))
    faces = kinds()
    civil = tuple(int(kind.is_civil) for kind in faces)
    order = sorted(range(KIND_COUNT), key=lambda k: (faces[k].high, faces[k].low))
    rank = tuple(order.index(k) for k in range(KIND_COUNT))

    def java_hash(k: int) -> int:  # Objects.hash(Objects.hash(top, bottom)) of the Java Ngan
        h = 31 + (31 * (31 + faces[k].high) + faces[k].low)
        return (h ^ (h >> 16)) & (_HASH_BUCKETS - 1)

    eye_order = tuple(sorted(order, key=java_hash))  # stable: within a hash bucket, the order found (Java order)
    total = [0] * _BUCKETS
    for k, copies in enumerate(set_counts(config.sets)):
        total[bucket[k]] += copies
    sign = 1 if config.options["take"] == "any" else -1
    eye_hash = tuple(java_hash(k) for k in range(KIND_COUNT))
    return NavpilTables(bucket, complement, civil, rank, eye_order, eye_hash, tuple(total), sign)


def _priority(t: NavpilTables, kind: int, own: Sequence[int], table: Sequence[int]) -> int:
    """Unseen complements of ``kind``: ``own`` and ``table`` are bucket counts."""
    c = t.complement[t.bucket[kind]]
    return t.total[c] - own[c] + t.open_sign * table[c]


def _bucket_counts(t: NavpilTables, tiles: Sequence[int]) -> list[int]:
    counts = [0] * _BUCKETS
    for kind in tiles:
        counts[t.bucket[kind]] += 1
    return counts


def _deadwood(t: NavpilTables, order: list[int], eye: int) -> list[int]:
    """The tiles left unpaired when ``eye`` (or -1) is the eye; like the Java player, moves the eye's
    two tiles to the end of ``order``. The deadwood comes back in the Java order."""
    if eye >= 0:
        order.remove(eye)
        order.remove(eye)
    buckets: list[list[int]] = [[] for _ in range(_BUCKETS)]
    for kind in order:
        buckets[t.bucket[kind]].append(kind)
    civil = t.civil
    for tiles in buckets:
        tiles.sort(key=lambda k: -civil[k])  # civil first, stable
    dead: list[int] = []
    for m in range(_BUCKETS):
        c = t.complement[m]
        if c == m:
            if len(buckets[m]) % 2:
                dead.append(buckets[m][-1])
        elif m < c:
            small, big = buckets[m], buckets[c]
            dead.extend(small[len(big) :] if len(small) > len(big) else big[len(small) :])
    if eye >= 0:
        order.extend((eye, eye))
    dead.sort(key=t.rank.__getitem__)
    return dead


def _spread(t: NavpilTables, dead: Sequence[int], own: Sequence[int], table: Sequence[int]) -> int:
    """The sum of the deadwood's priorities less their minimum."""
    priorities = [_priority(t, k, own, table) for k in dead]
    return sum(priorities) - min(priorities)


def _best_hand(
    t: NavpilTables, order: list[int], table: Sequence[int], *, adjacent: bool = False
) -> tuple[bool, list[int]]:
    """(winning, deadwood) of the hand's best split; ``order`` is reordered as the Java player does.

    With ``adjacent`` the eyes are found as the Java player finds them, only
    between neighbours in ``order`` (see :func:`navpil_java`).
    """
    if adjacent:
        found = dict.fromkeys(b for a, b in pairwise(order) if a == b)
        eyes = sorted(found, key=t.eye_hash.__getitem__)
    else:
        counts = [0] * KIND_COUNT
        for kind in order:
            counts[kind] += 1
        eyes = [k for k in t.eye_order if counts[k] >= 2]
    if not eyes:
        return False, _deadwood(t, order, -1)
    splits = []
    for eye in eyes:
        dead = _deadwood(t, order, eye)
        if not dead:
            return True, dead
        splits.append(dead)
    fewest = min(len(dead) for dead in splits)
    good = [dead for dead in splits if len(dead) == fewest]
    if len(good) == 1:
        return False, good[0]
    own = _bucket_counts(t, order)
    best, best_spread = good[0], -1
    for dead in good:
        spread = _spread(t, dead, own, table)
        if spread > best_spread:
            best, best_spread = dead, spread
    return False, best


def _deadliest(t: NavpilTables, tiles: Sequence[int], own: Sequence[int], table: Sequence[int]) -> list[int]:
    """``tiles`` from the first to discard: lowest priority, then military, then their order in ``tiles``."""
    keyed = [(_priority(t, k, own, table), t.civil[k], i, k) for i, k in enumerate(tiles)]
    return [k for *_, k in sorted(keyed)]


def _sorted_hand(t: NavpilTables, counts: Sequence[int]) -> list[int]:
    return sorted((k for k in range(KIND_COUNT) for _ in range(counts[k])), key=t.rank.__getitem__)


def _discard(t: NavpilTables, state: KapState, legal: Sequence[Action]) -> tuple[Action, list[int]]:
    """The discard, and the hand left in the Java player's order."""
    seat = state.current_player
    order = _sorted_hand(t, state.hand_counts(seat))
    table = _bucket_counts(t, state.table)
    own = _bucket_counts(t, order)
    _, dead = _best_hand(t, order, table)
    allowed = {action.tile.index: action for action in legal if isinstance(action, Discard)}
    for tiles in (dead or order, order):  # a tile the rules forbid (the one just taken): the next best
        for kind in _deadliest(t, tiles, own, table):
            if kind in allowed:
                order.remove(kind)
                return allowed[kind], order
    return legal[-1], order  # pragma: no cover - a hand always holds a discardable tile


def _offer(
    t: NavpilTables,
    state: KapState,
    legal: Sequence[Action],
    hand: list[int] | None = None,
    *,
    java: bool = False,
    take_wins: bool = True,
) -> Action:
    decline = legal[-1]  # the draw, or the pass when the stock is empty (stock-out=play-on): offer() returned null
    takes = {action.tile.index for action in legal if isinstance(action, Take)}
    if not takes:
        return decline
    seat = state.current_player
    if hand is None:
        hand = _sorted_hand(t, state.hand_counts(seat))
    key, winning, unit = state.hand_key(seat), state.config.evaluator.winning_keys, 4
    offered = list(dict.fromkeys(k for k in state.table if k in takes))  # table order, oldest first
    for kind in offered:  # never decline a win
        if take_wins and key + (1 << (unit * kind)) in winning:
            return TAKES[kind]
    table_all = _bucket_counts(t, state.table)
    max_spread, best_dead, wished, max_dead = -1, None, -1, len(hand) + 1
    for kind in offered:
        table = list(table_all)
        table[t.bucket[kind]] -= 1
        copy = [*hand, kind]
        won, dead = _best_hand(t, copy, table, adjacent=java)
        if won:
            return TAKES[kind]
        if not dead:  # pairs and no eye: as two deadwood tiles, the hand's two lowest priorities
            if max_dead > 2:
                max_dead, max_spread, best_dead, wished = 2, -1, None, -1
            own = _bucket_counts(t, hand)
            priorities = sorted(_priority(t, k, own, table) for k in hand)[:2]
            spread = sum(priorities) - min(priorities)
        else:
            if len(dead) > max_dead:
                continue
            if len(dead) < max_dead:
                max_dead, max_spread, best_dead, wished = len(dead), -1, None, -1
            spread = _spread(t, dead, _bucket_counts(t, copy), table)
        if spread > max_spread:
            max_spread, best_dead, wished = spread, dead, kind
    if wished < 0 or best_dead is None:
        return decline
    table = list(table_all)
    table[t.bucket[wished]] -= 1
    own_tiles = [*hand, wished]
    would_discard = _deadliest(t, best_dead or own_tiles, _bucket_counts(t, own_tiles), table)[0]
    if would_discard == wished:  # no point taking a tile only to discard it
        return decline
    return TAKES[wished]


def navpil_kap(state: KapState, legal: Sequence[Action]) -> Action:
    """navpil's choice among ``legal`` (see the module's description)."""
    first = legal[0]
    if first.__class__ is Declare or len(legal) == 1:
        return first
    t = navpil_tables(state.config)
    if first.__class__ is Discard:
        return _discard(t, state, legal)[0]
    return _offer(t, state, legal)


def navpil_java(
    state: KapState, legal: Sequence[Action], orders: dict[int, list[int]], *, take_wins: bool = False
) -> Action:
    """The Java player's choice, defects and all: for measuring what they cost, not an agent of gupai.

    The Java player keeps its hand as a list: dealt in the order dealt, sorted
    when a tile comes in, then reordered by its search for eyes. Offered a
    discard it adds it at the end of that list and finds eyes only between
    neighbours, so it misses an eye the offered tile makes (unless the list
    ends with its twin) and any eye its unsorted dealt hand holds apart; it
    can then decline a win. ``orders`` keeps each seat's list from one call
    to the next (one dict a game). ``take_wins``: take an offered tile that
    wins before anything else, as the ``navpil`` agent does (so that the
    eye search's cost can be told apart from the declined wins').
    """
    first = legal[0]
    if first.__class__ is Declare or len(legal) == 1:
        return first
    t = navpil_tables(state.config)
    seat = state.current_player
    if first.__class__ is Discard:
        action, orders[seat] = _discard(t, state, legal)
        return action
    counts = list(state.hand_counts(seat))
    order = orders.get(seat)
    if order is None:
        order = list(state.deal.hands[seat])
    if sorted(order) != [k for k in range(KIND_COUNT) for _ in range(counts[k])]:  # pragma: no cover
        order = _sorted_hand(t, counts)
    return _offer(t, state, legal, order, java=True, take_wins=take_wins)
