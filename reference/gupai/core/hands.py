"""Hands as count vectors, the winning-hand check, its splits, and distance.

A hand is a count vector over the 21 kinds. The evaluator answers "is this
hand winning?" by one set lookup in the precomputed set of every winning hand
(keyed by the vector's bytes, or by its packed key, four bits a kind), and
lists every distinct split (eye + ten-pairs) in canonical order.

>>> ev = HandEvaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
>>> hand = counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1".split()))
>>> ev.is_winning(hand)
True
>>> [str(d) for d in ev.decompositions(hand)]
['eye 6-6 6-6, pairs 6-4+6-4 5-1+3-1 4-3+2-1']
>>> ev.distance(counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 6-5".split())))
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain, combinations_with_replacement
from operator import mul
from typing import TYPE_CHECKING

from gupai.core.errors import HandError
from gupai.core.pairs import PairRules
from gupai.core.tiles import KIND_COUNT, Tile, greatest_first, parse_tiles, set_counts

if TYPE_CHECKING:
    import numpy as np  # imported where it is used (distances): reading and validating logs never need it

__all__ = [
    "CACHED_CONFIGURATIONS",
    "KEY_UNITS",
    "Decomposition",
    "HandEvaluator",
    "counts_of",
    "evaluator",
    "hand_key",
    "has_numpy",
    "parse_tiles",
]

BITS = 4

#: Evaluators (and their tables) kept for the configurations used last; older ones are rebuilt when asked for.
CACHED_CONFIGURATIONS = 16
#: One tile of each kind in a packed hand key (:func:`hand_key`): kind ``i`` counts ``KEY_UNITS[i]``.
KEY_UNITS = tuple(1 << (BITS * i) for i in range(KIND_COUNT))


def counts_of(tiles: Iterable[Tile]) -> tuple[int, ...]:
    """The count vector of some tiles.

    >>> counts_of([Tile("6-6"), Tile("6-6")])[0]
    2
    """
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile.index] += 1
    return tuple(counts)


def hand_key(counts: Sequence[int]) -> int:
    """Pack a count vector into one integer, four bits a kind.

    >>> hand_key((2,) + (0,) * 20), hand_key((0, 1) + (0,) * 19)
    (2, 16)
    """
    # One C-level pass (count times 16**kind) instead of a generator: the
    # winning check is this plus one set lookup.
    return sum(map(mul, counts, KEY_UNITS))


@dataclass(frozen=True, slots=True, order=True)
class Decomposition:
    """One split of a winning hand: the eye and the ten-pairs.

    Tiles in a pair are greatest first; pairs are greatest first.
    """

    eye: tuple[Tile, Tile]
    pairs: tuple[tuple[Tile, Tile], ...]

    def __str__(self) -> str:
        pairs = " ".join(f"{a}+{b}" for a, b in self.pairs)
        return f"eye {self.eye[0]} {self.eye[1]}, pairs {pairs}"

    def to_json(self) -> dict[str, list[str] | list[list[str]]]:
        return {
            "eye": [str(t) for t in self.eye],
            "pairs": [[str(a), str(b)] for a, b in self.pairs],
        }


class HandEvaluator:
    """The winning check, splits and distance for one game configuration.

    ``pairs_in_hand`` is 3 for Kap Shap and 4 for Kap Tai Shap; ``sets`` caps
    how many copies of each kind a hand, and a winning hand it aims at, can
    hold.
    """

    def __init__(self, *, pairs_in_hand: int, rules: PairRules, sets: int = 1) -> None:
        self.pairs_in_hand = pairs_in_hand
        self.rules = rules
        self.sets = sets
        self.size = 2 + 2 * pairs_in_hand
        self.caps = set_counts(sets)
        self._pairs = rules.legal_pair_indices()
        self._partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({j for a, b in self._pairs for i2, j in ((a, b), (b, a)) if i2 == i}))
            for i in range(KIND_COUNT)
        )
        self._eyes = rules.eye_kinds()
        self._pair_set, self._eye_set = frozenset(self._pairs), frozenset(self._eyes)
        self._winning = _winning_keys(self._pairs, self._eyes, pairs_in_hand)
        self._winning_bytes: frozenset[bytes] | None = None  # built on the first is_winning
        #: Whether is_winning looks hands up by their bytes (with numpy); without, by their packed keys, since
        #: the byte table costs seconds to build on the standard library alone.
        self._by_bytes = has_numpy()
        self._targets: np.ndarray | tuple[bytes, ...] | None = None
        self._distance_cached = lru_cache(maxsize=1 << 16)(self._distance)
        self._decompositions_cached = lru_cache(maxsize=1 << 12)(self._decompositions)

    # ---------------------------------------------------------------- checks
    def check_counts(self, counts: Sequence[int], *, where: str = "hand") -> None:
        """Reject a hand larger than a winning hand or beyond the sets' copies."""
        total = sum(counts)
        if total > self.size:
            raise HandError(f"{where} has {total} tiles; a hand holds at most {self.size}", where=where)
        for i, n in enumerate(counts):
            if n > self.caps[i]:
                tile = Tile.from_index(i)
                sets = "one set holds" if self.sets == 1 else f"{self.sets} sets hold"
                raise HandError(f"{where} has {n} copies of [{tile}], but {sets} only {self.caps[i]}", where=where)

    def is_winning(self, counts: Sequence[int]) -> bool:
        """True when the tiles split into one eye and the ten-pairs."""
        # The hot path: ``bytes(counts)`` is one C-level pass, and a 21-byte
        # vector is looked up as it is. Anything else (not 21 small counts,
        # say a numpy int64 vector) takes the packed key of its counts.
        try:
            key = bytes(counts)
        except (TypeError, ValueError):
            key = b""
        if len(key) == KIND_COUNT and self._by_bytes:
            table = self._winning_bytes
            if table is None:
                table = self._winning_bytes = _winning_bytes(self._pairs, self._eyes, self.pairs_in_hand)
            return key in table
        return hand_key([int(n) for n in counts]) in self._winning

    def makes_pair(self, a: int, b: int) -> bool:
        """Whether tiles of kinds ``a`` and ``b`` are a ten-pair (as :meth:`PairRules.is_pair`, on kind indices).

        >>> ev = evaluator(pairs_in_hand=3, rules=PairRules())
        >>> ev.makes_pair(Tile("6-4").index, Tile("5-5").index), ev.makes_pair(Tile("6-4").index, Tile("6-6").index)
        (True, False)
        """
        return ((a, b) if a <= b else (b, a)) in self._pair_set

    def makes_eye(self, a: int, b: int) -> bool:
        """Whether tiles of kinds ``a`` and ``b`` are an eye (as :meth:`PairRules.is_eye`, on kind indices)."""
        return a == b and a in self._eye_set

    def is_winning_key(self, key: int) -> bool:
        """:meth:`is_winning` on a packed key (see :func:`hand_key`)."""
        return key in self._winning

    @property
    def winning_keys(self) -> frozenset[int]:
        return self._winning

    # -------------------------------------------------------- decompositions
    def decompositions(self, counts: Sequence[int]) -> list[Decomposition]:
        """Every distinct split of a winning hand, in canonical order; [] if none.

        The last few thousand hands' splits are remembered (a replay asks for a
        declared hand's splits twice: to check the split shown, and to win).
        """
        return list(self._decompositions_cached(tuple(counts)))

    def _decompositions(self, counts: tuple[int, ...]) -> tuple[Decomposition, ...]:
        if sum(counts) != self.size or not self.is_winning(counts):
            return ()
        # Worked on ranks (0 for the greatest tile): a pair is (greater, lesser), the pairs of a split
        # greatest first, and the splits greatest first, all in plain integer order.
        rank, tile = _ranks()
        found: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
        work = list(counts)
        for eye in self._eyes:
            if work[eye] < 2:
                continue
            work[eye] -= 2
            for pairs in self._split_pairs(work, rank):
                found.add((rank[eye], tuple(sorted(pairs))))
            work[eye] += 2
        return tuple(
            Decomposition(eye=(tile[eye], tile[eye]), pairs=tuple((tile[a], tile[b]) for a, b in pairs))
            for eye, pairs in sorted(found)
        )

    def _split_pairs(self, work: list[int], rank: Sequence[int], start: int = 0) -> list[list[tuple[int, int]]]:
        """Every way to pair off ``work``'s tiles, as rank pairs; no kind below ``start`` is left."""
        first, end = start, len(work)
        while first < end and not work[first]:
            first += 1
        if first == end:
            return [[]]
        results = []
        work[first] -= 1
        for partner in self._partners[first]:
            if work[partner] <= 0:
                continue
            work[partner] -= 1
            a, b = rank[first], rank[partner]
            pair = (a, b) if a <= b else (b, a)
            for rest in self._split_pairs(work, rank, first):
                results.append([pair, *rest])
            work[partner] += 1
        work[first] += 1
        return results

    # ------------------------------------------------------------ distance
    def distance(self, counts: Sequence[int]) -> int:
        """Tiles the hand still needs: a winning hand's size less the most of
        the hand's tiles that some winning hand (within the sets) keeps. For a
        hand of the winning size it is the number of tile exchanges."""
        result: int = self._distance_cached(tuple(counts))
        return result

    def _distance(self, counts: tuple[int, ...]) -> int:
        """Tiles the hand still needs: a winning hand's size less the most of
        the hand's tiles that some winning hand (within the sets) keeps. For a
        hand of the winning size it is the number of tile exchanges."""
        targets = self.targets()
        if isinstance(targets, tuple):  # without numpy: the same sum, row by row, on the kinds the hand holds
            held = [(kind, n) for kind, n in enumerate(counts) if n]
            kept = max((sum(min(row[kind], n) for kind, n in held) for row in targets), default=0)
            return self.size - kept
        import numpy as np

        hand = np.asarray(counts, dtype=np.int8)
        kept = int(np.minimum(targets, hand).sum(axis=1, dtype=np.int16).max())
        return self.size - kept

    def targets(self) -> np.ndarray | tuple[bytes, ...]:
        """Every winning count vector the sets can hold, one row each (without numpy, one ``bytes`` a row)."""
        if self._targets is None:
            # A hand holds at most ``size`` of a kind: beyond that the sets' copies change nothing, so
            # evaluators for many sets share one table (and a count never outgrows a byte).
            caps = tuple(min(cap, self.size) for cap in self.caps)
            made = _targets if has_numpy() else _targets_pure
            self._targets = made(self._pairs, self._eyes, self.pairs_in_hand, caps)
        return self._targets


@cache
def _ranks() -> tuple[tuple[int, ...], tuple[Tile, ...]]:
    """Each kind's rank (0 for the greatest tile, by high end then low end), and the tile of each rank."""
    order = greatest_first()
    rank = [0] * KIND_COUNT
    for place, kind in enumerate(order):
        rank[kind] = place
    return tuple(rank), tuple(Tile.from_index(kind) for kind in order)


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def _winning_keys(pairs: tuple[tuple[int, int], ...], eyes: tuple[int, ...], n: int) -> frozenset[int]:
    pair_keys = [KEY_UNITS[i] + KEY_UNITS[j] for i, j in pairs]
    sums = {sum(combo) for combo in combinations_with_replacement(pair_keys, n)}
    eye_keys = [2 * KEY_UNITS[e] for e in eyes]
    return frozenset(s + e for s in sums for e in eye_keys)


@cache
def has_numpy() -> bool:
    """Whether numpy can be imported: the games run on the standard library alone (a browser's Python), more
    slowly where it builds the tables of winning hands and distances."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


#: Each byte's low and high nibble, as :meth:`bytes.translate` tables.
_LOW = bytes(b & 15 for b in range(256))
_HIGH = bytes(b >> 4 for b in range(256))


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def _winning_bytes(pairs: tuple[tuple[int, int], ...], eyes: tuple[int, ...], n: int) -> frozenset[bytes]:
    """:func:`_winning_keys` as count vectors in bytes, one byte a kind (numpy's way, or the standard library's)."""
    if not has_numpy():
        return frozenset(_key_bytes(key) for key in _winning_keys(pairs, eyes, n))
    import numpy as np

    keys = _winning_keys(pairs, eyes, n)
    width = (KIND_COUNT * BITS + 7) // 8
    packed = np.frombuffer(b"".join(k.to_bytes(width, "little") for k in keys), dtype=np.uint8).reshape(-1, width)
    counts = np.empty((len(keys), 2 * width), dtype=np.uint8)
    counts[:, 0::2] = packed & 15  # kind 2i is the low nibble of byte i
    counts[:, 1::2] = packed >> 4
    blob = np.ascontiguousarray(counts[:, :KIND_COUNT]).tobytes()
    return frozenset(blob[i : i + KIND_COUNT] for i in range(0, len(blob), KIND_COUNT))


def _key_bytes(key: int) -> bytes:
    """A packed key (four bits a kind) as its count vector, one byte a kind.

    >>> list(_key_bytes(hand_key((2, 1) + (0,) * 18 + (3,))))[:3], len(_key_bytes(0))
    ([2, 1, 0], 21)
    """
    packed = key.to_bytes((KIND_COUNT * BITS + 7) // 8, "little")
    counts = bytearray(2 * len(packed))
    counts[0::2] = packed.translate(_LOW)  # kind 2i is the low nibble of byte i
    counts[1::2] = packed.translate(_HIGH)
    return bytes(counts[:KIND_COUNT])


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def _targets_pure(
    pairs: tuple[tuple[int, int], ...], eyes: tuple[int, ...], n: int, caps: tuple[int, ...]
) -> tuple[bytes, ...]:
    """:func:`_targets` on the standard library alone: the same rows, in the same order, as ``bytes``."""
    pair_keys = [KEY_UNITS[i] + KEY_UNITS[j] for i, j in pairs]
    multisets = []
    for combo in combinations_with_replacement(range(len(pairs)), n):
        row = _key_bytes(sum(pair_keys[c] for c in combo))
        if all(map(int.__le__, row, caps)):
            multisets.append(row)
    rows: list[bytes] = []
    for e in eyes:
        for row in multisets:
            if row[e] + 2 <= caps[e]:
                with_eye = bytearray(row)
                with_eye[e] += 2
                rows.append(bytes(with_eye))
    return tuple(rows)


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def _targets(pairs: tuple[tuple[int, int], ...], eyes: tuple[int, ...], n: int, caps: tuple[int, ...]) -> np.ndarray:
    import numpy as np

    pair_rows = np.zeros((len(pairs), KIND_COUNT), dtype=np.int8)
    for row, (i, j) in enumerate(pairs):
        pair_rows[row, i] += 1
        pair_rows[row, j] += 1
    # Built a column at a time and filtered before the eyes are added: a few bytes a row, not a tuple a row.
    combos = np.fromiter(
        chain.from_iterable(combinations_with_replacement(range(len(pairs)), n)), dtype=np.int16
    ).reshape(-1, n)
    multisets = pair_rows[combos[:, 0]]
    for column in range(1, n):
        multisets += pair_rows[combos[:, column]]
    del combos
    limit = np.asarray(caps, dtype=np.int8)
    multisets = multisets[(multisets <= limit).all(axis=1)]
    blocks = []
    for e in eyes:
        block = multisets.copy()
        block[:, e] += 2
        blocks.append(block[(block <= limit).all(axis=1)])
    full = np.concatenate(blocks) if blocks else np.zeros((0, KIND_COUNT), dtype=np.int8)
    full.setflags(write=False)
    result: np.ndarray = full
    return result


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def evaluator(*, pairs_in_hand: int, rules: PairRules, sets: int = 1) -> HandEvaluator:
    """A shared evaluator for one configuration (building one costs a little).

    The last :data:`CACHED_CONFIGURATIONS` configurations used are kept, and
    their tables are shared by configurations that differ only in sets the
    hands cannot tell apart: a stream of logs or requests naming ever new
    configurations costs time, not memory.

    >>> evaluator(pairs_in_hand=4, rules=PairRules(), sets=10).targets() is evaluator(
    ...     pairs_in_hand=4, rules=PairRules(), sets=20
    ... ).targets()
    True
    """
    return HandEvaluator(pairs_in_hand=pairs_in_hand, rules=rules, sets=sets)
