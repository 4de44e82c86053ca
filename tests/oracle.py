"""An independent, deliberately plain reference for pairs, eyes and hands.

Nothing here uses gupai's internals: the tile set, the counts toward tens, the
printed tables' omissions and the search are restated from the rules and
written the slow, obvious way (backtracking over a list of tiles; brute force
over every winning hand). Tiles are ``(high, low)`` tuples, which order the
way ``gupai.Tile`` documents (by high end, then low end). The tests compare
gupai's answers with these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product

import numpy as np

__all__ = [
    "CIVIL",
    "FACES",
    "MILITARY",
    "READINGS",
    "Reading",
    "copies",
    "counts_toward_tens",
    "distance",
    "is_eye",
    "is_pair",
    "legal_pairs",
    "splits",
    "winning_hands",
]

TileT = tuple[int, int]
Split = tuple[tuple[TileT, TileT], tuple[tuple[TileT, TileT], ...]]

#: Every face of the Chinese set, high end first: the 21 ways to pick two ends.
FACES: tuple[TileT, ...] = tuple((high, low) for high in range(6, 0, -1) for low in range(high, 0, -1))
#: The civil series (two copies a set): the doubles, [6-5], [6-4], [6-1], [5-1], [3-1].
CIVIL: frozenset[TileT] = frozenset(
    {(6, 6), (1, 1), (4, 4), (3, 1), (5, 5), (3, 3), (2, 2), (6, 5), (6, 4), (6, 1), (5, 1)}
)
MILITARY: frozenset[TileT] = frozenset(FACES) - CIVIL
#: The twenties the printed tables leave out.
OMITTED: frozenset[frozenset[TileT]] = frozenset(
    {frozenset({(5, 5), (6, 4)}), frozenset({(6, 5), (6, 3)}), frozenset({(6, 5), (5, 4)})}
)

#: pagat's printed table (source 004 lines 30-67), five twenties and sixteen tens, printed
#: with [4-2] counting 3 ("the [4-2] counts as having three pips"): the table is these pairs
#: whatever a reading says [4-2] counts.
PAGAT_TABLE: frozenset[frozenset[TileT]] = frozenset(
    frozenset(pair)
    for pair in (
        ((6, 6), (6, 2)), ((6, 6), (5, 3)), ((6, 6), (4, 4)), ((6, 4), (6, 4)), ((5, 5), (5, 5)),
        ((6, 2), (1, 1)), ((6, 1), (2, 1)), ((6, 1), (4, 2)), ((5, 3), (1, 1)), ((5, 2), (2, 1)),
        ((5, 2), (4, 2)), ((5, 1), (3, 1)), ((5, 1), (2, 2)), ((4, 4), (1, 1)), ((4, 3), (2, 1)),
        ((4, 3), (4, 2)), ((4, 1), (3, 2)), ((4, 1), (4, 1)), ((3, 3), (3, 1)), ((3, 3), (2, 2)),
        ((3, 2), (3, 2)),
    )
)  # fmt: skip

#: Celko's table (Game Cabinet, source 001 lines 21-29) as the copy prints it:
#: the first five rows run two columns together.
CELKO_ROWS = (
    "6-6 & 6-26-2 & 1-1",
    "6-6 & 5-35-3 & 1-1",
    "6-6 & 4-45-2 & 2-1",
    "6-4 & 6-44-4 & 1-1",
    "5-5 & 5-54-2 & 3-1",
    "4-2 & 2-2",
    "3-4 & 2-1",
    "3-3 & 3-1",
    "3-3 & 2-2",
)


@cache
def celko_pairs() -> frozenset[frozenset[TileT]]:
    """Celko's pairs, each run of two columns split after its third tile face."""
    found = set()
    for row in CELKO_ROWS:
        digits = [int(ch) for ch in row if ch.isdigit()]
        tiles = [(max(digits[i], digits[i + 1]), min(digits[i], digits[i + 1])) for i in range(0, len(digits), 2)]
        for start in range(0, len(tiles), 2):
            found.add(frozenset(tiles[start : start + 2]))
    return frozenset(found)


@dataclass(frozen=True)
class Reading:
    """One combination of the three options that decide pairs and eyes."""

    four_two_value: int = 3
    pair_set: str = "arithmetic"
    eye: str = "identical"

    def options(self) -> dict[str, str]:
        """The reading as the spec's option assignments."""
        return {"four-two-value": str(self.four_two_value), "pair-set": self.pair_set, "eye": self.eye}


#: Every reading: four-two-value x pair-set x eye.
READINGS: tuple[Reading, ...] = tuple(
    Reading(v, p, e) for v, p, e in product((3, 6), ("arithmetic", "printed", "celko-table"), ("identical", "civil"))
)


def copies(tile: TileT, sets: int) -> int:
    """How many copies of ``tile`` ``sets`` sets hold."""
    return (2 if tile in CIVIL else 1) * sets


def counts_toward_tens(tile: TileT, reading: Reading) -> int:
    """Spots, except that [4-2] counts as the reading says."""
    return reading.four_two_value if tile == (4, 2) else tile[0] + tile[1]


def is_pair(a: TileT, b: TileT, reading: Reading) -> bool:
    """Two tiles counting 10 or 20 together; under a printed table, a pair the table prints."""
    if reading.pair_set == "celko-table":
        return frozenset({a, b}) in celko_pairs()
    if reading.pair_set == "printed":
        return frozenset({a, b}) in PAGAT_TABLE
    total = counts_toward_tens(a, reading) + counts_toward_tens(b, reading)
    return total in (10, 20)


def is_eye(a: TileT, b: TileT, reading: Reading) -> bool:
    """Two identical tiles (civil only, under the civil reading)."""
    return a == b and (reading.eye == "identical" or a in CIVIL)


def legal_pairs(reading: Reading) -> list[tuple[TileT, TileT]]:
    """Every legal ten-pair, greater tile first, greatest pair first."""
    found = {(max(a, b), min(a, b)) for a in FACES for b in FACES if is_pair(a, b, reading)}
    return sorted(found, reverse=True)


def _pairings(tiles: list[TileT], reading: Reading) -> Iterator[list[tuple[TileT, TileT]]]:
    """Every way to cut ``tiles`` into ten-pairs: the first tile with each possible partner."""
    if not tiles:
        yield []
        return
    first, rest = tiles[0], tiles[1:]
    for k, partner in enumerate(rest):
        if is_pair(first, partner, reading):
            for more in _pairings(rest[:k] + rest[k + 1 :], reading):
                yield [(max(first, partner), min(first, partner)), *more]


def splits(hand: Iterable[TileT], reading: Reading) -> list[Split]:
    """Every distinct split of ``hand`` into an eye and ten-pairs, greatest first.

    A hand of any even size is searched; the callers ask about 8 or 10 tiles.
    """
    tiles = sorted(hand, reverse=True)
    found: set[Split] = set()
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            if not is_eye(tiles[i], tiles[j], reading):
                continue
            rest = tiles[:i] + tiles[i + 1 : j] + tiles[j + 1 :]
            for pairs in _pairings(rest, reading):
                found.add(((tiles[i], tiles[j]), tuple(sorted(pairs, reverse=True))))
    return sorted(found, reverse=True)


@cache
def winning_hands(reading: Reading, pairs_in_hand: int, sets: int) -> np.ndarray:
    """Every winning hand the sets can hold, as count vectors over ``FACES`` (brute force)."""
    index = {face: i for i, face in enumerate(FACES)}
    rows = []
    for combo in combinations_with_replacement(legal_pairs(reading), pairs_in_hand):
        row = [0] * len(FACES)
        for a, b in combo:
            row[index[a]] += 1
            row[index[b]] += 1
        rows.append(row)
    with_eyes = []
    for eye in FACES:
        if is_eye(eye, eye, reading):
            block = np.array(rows, dtype=np.int16)
            block[:, index[eye]] += 2
            with_eyes.append(block)
    table = np.concatenate(with_eyes)
    caps = np.array([copies(face, sets) for face in FACES], dtype=np.int16)
    table = table[(table <= caps).all(axis=1)]  # duplicates do no harm to a maximum
    return table


def distance(hand: Iterable[TileT], reading: Reading, pairs_in_hand: int, sets: int) -> int:
    """A winning hand's size less the most of ``hand``'s tiles any winning hand keeps."""
    counts = Counter(hand)
    vector = np.array([counts.get(face, 0) for face in FACES], dtype=np.int16)
    kept = int(np.minimum(winning_hands(reading, pairs_in_hand, sets), vector).sum(axis=1).max())
    return 2 + 2 * pairs_in_hand - kept
