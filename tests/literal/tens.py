"""The tiles and the tens of the collecting games, written from the pages alone.

The set, what a tile counts, which two tiles make a ten-pair under each
pair-set, the splits of a hand into an eye and ten-pairs, and how many tiles a
hand is from winning: what Kap Shap and Kap Tai Shap's literal engine
(collecting.py) reads a hand with. Standard library only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

#: The twenties no printed table prints (option pair-set=printed leaves them out).
UNPRINTED = {("5-5", "6-4"), ("6-5", "6-3"), ("6-5", "5-4")}
#: Celko's table, exactly (pair-set=celko-table), whatever [4-2] counts.
CELKO = {
    ("6-6", "6-2"), ("6-6", "5-3"), ("6-6", "4-4"), ("6-4", "6-4"), ("5-5", "5-5"),
    ("6-2", "1-1"), ("5-3", "1-1"), ("5-2", "2-1"), ("4-4", "1-1"), ("4-2", "3-1"),
    ("4-2", "2-2"), ("4-3", "2-1"), ("3-3", "3-1"), ("3-3", "2-2"),
}  # fmt: skip

CIVIL = ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
MILITARY = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1", "3-2", "4-2", "2-1"]
SET = Counter({**{t: 2 for t in CIVIL}, **{t: 1 for t in MILITARY}})

#: What [4-2] counts in a printed table's pairs: the table's pairs are the ones it prints (pagat's with
#: [4-2] at 3, Celko's with [4-2] at 6), whatever four-two-value says (the options page, pair-set).
TABLE_FOUR_TWO = {"printed": 3, "celko-table": 6}


def tile_set(sets: int) -> Counter[str]:
    return Counter({t: n * sets for t, n in SET.items()})


def count(tile: str, four_two: int = 3) -> int:
    """What a tile counts toward tens: its spots, [4-2] 3 (or, to name another reading, 6)."""
    if tile == "4-2":
        return four_two
    high, low = tile.split("-")
    return int(high) + int(low)


def ten_pair(a: str, b: str, four_two: int = 3, pair_set: str = "arithmetic") -> bool:
    if pair_set == "celko-table":
        return (a, b) in CELKO or (b, a) in CELKO
    if pair_set == "printed" and ((a, b) in UNPRINTED or (b, a) in UNPRINTED):
        return False
    four_two = TABLE_FOUR_TWO.get(pair_set, four_two)
    return (count(a, four_two) + count(b, four_two)) % 10 == 0


def pairings(tiles: list[str], four_two: int = 3, pair_set: str = "arithmetic") -> list[list[list[str]]]:
    """Every way to split ``tiles`` into ten-pairs."""
    if not tiles:
        return [[]]
    first, rest = tiles[0], tiles[1:]
    found = []
    tried = set()
    for i, other in enumerate(rest):
        if other in tried or not ten_pair(first, other, four_two, pair_set):
            continue
        tried.add(other)
        for more in pairings(rest[:i] + rest[i + 1 :], four_two, pair_set):
            found.append([[first, other], *more])
    return found


def winning_split(
    hand: list[str], size: int, four_two: int = 3, civil_eye: bool = False, pair_set: str = "arithmetic"
) -> dict[str, Any] | None:
    """A split of a winning-sized hand (``size`` tiles) into an eye and ten-pairs, or None."""
    if len(hand) != size:
        return None
    for face, n in sorted(Counter(hand).items()):
        if n >= 2 and (face in CIVIL or not civil_eye):
            rest = list(hand)
            rest.remove(face)
            rest.remove(face)
            for pairs in pairings(sorted(rest), four_two, pair_set):
                return {"eye": [face, face], "pairs": pairs}
    return None


def distance(hand: list[str], size: int, four_two: int, civil_eye: bool, pair_set: str, sets: int) -> int:
    """How many tiles a hand is from winning: ``size`` (a winning hand's) less the most of its tiles some
    winning hand keeps, an eye and ten-pairs no more copies of a tile than ``sets`` sets hold.

    For a hand of the winning size it is the number of tiles to exchange; a short hand needs the missing ones
    too. The winning hands are searched eye by eye, pairs in order, dropping a branch that cannot keep more.
    """
    copies = tile_set(sets)
    kinds = sorted(SET)
    pairs = [(a, b) for i, a in enumerate(kinds) for b in kinds[i:] if ten_pair(a, b, four_two, pair_set)]
    held = Counter(hand)
    most = min(len(hand), size)  # no winning hand keeps more
    best = 0

    def keep(tile: str, rest: Counter[str], free: Counter[str]) -> int:
        """Use a copy of ``tile``; 1 when the hand holds one not yet kept."""
        free[tile] -= 1
        if rest[tile] > 0:
            rest[tile] -= 1
            return 1
        return 0

    def search(start: int, wanted: int, kept: int, rest: Counter[str], free: Counter[str]) -> None:
        nonlocal best
        if wanted == 0:
            best = max(best, kept)
            return
        for index in range(start, len(pairs)):
            if kept + 2 * wanted <= best or best == most:
                return
            a, b = pairs[index]
            if free[a] < 1 or free[b] < (2 if a == b else 1):
                continue
            first = keep(a, rest, free)
            second = keep(b, rest, free)
            search(index, wanted - 1, kept + first + second, rest, free)
            for tile, gained in ((a, first), (b, second)):  # one at a time: a and b may be one kind
                free[tile] += 1
                rest[tile] += gained

    for eye in kinds:
        if copies[eye] < 2 or (civil_eye and eye not in CIVIL):
            continue
        rest, free = Counter(held), Counter(copies)
        kept = keep(eye, rest, free) + keep(eye, rest, free)
        search(0, (size - 2) // 2, kept, rest, free)
    return size - best
