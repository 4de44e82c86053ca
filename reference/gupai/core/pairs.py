"""Ten-pairs and eyes: which two tiles make a pair under a game's options.

A ten-pair is two tiles whose counts add up to 10 or 20, [4-2] counting as the
``four-two-value`` option says. Under ``pair-set=printed`` the pairs are those
of the printed tables: the arithmetic with [4-2] counting 3, as the tables
were printed, less the three twenties no table lists; under
``pair-set=celko-table`` the pairs are exactly the fourteen of Celko's table.
Either table is the pairs it prints, whatever the option says [4-2] counts.
The tables are data: ``pair_tables`` in ``spec/tiles.yaml``.

>>> rules = PairRules(four_two_value=3, pair_set="arithmetic", eye="identical")
>>> len(rules.legal_pairs()), len(rules.evolve(pair_set="printed").legal_pairs())
(24, 21)
>>> rules.is_pair(Tile("6-5"), Tile("6-3")), rules.evolve(pair_set="printed").is_pair(Tile("6-5"), Tile("6-3"))
(True, False)
>>> rules.is_pair(Tile("4-2"), Tile("6-1")), rules.evolve(four_two_value=6).is_pair(Tile("4-2"), Tile("3-1"))
(True, True)
>>> printed = rules.evolve(pair_set="printed")
>>> printed.evolve(four_two_value=6).legal_pairs() == printed.legal_pairs()
True
>>> celko = rules.evolve(pair_set="celko-table")
>>> len(celko.legal_pairs()), celko.is_pair(Tile("4-2"), Tile("3-1")), celko.is_pair(Tile("6-1"), Tile("2-1"))
(14, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache

from gupai.core.errors import OptionError
from gupai.core.tiles import KIND_COUNT, Tile, kinds, pair_tables

__all__ = ["PRINTED_OMISSIONS", "PairRules", "pair_rules_from_options", "tens_value"]

#: The three twenties the arithmetic allows but no printed table lists (from ``spec/tiles.yaml``).
PRINTED_OMISSIONS: frozenset[frozenset[str]] = pair_tables()["printed"].omit

#: The reading under which every pair the arithmetic allows is legal.
ARITHMETIC = "arithmetic"


def tens_value(tile: Tile, *, four_two_value: int = 3) -> int:
    """What ``tile`` counts in making up tens.

    >>> tens_value(Tile("4-2")), tens_value(Tile("4-2"), four_two_value=6), tens_value(Tile("6-5"))
    (3, 6, 11)
    """
    return four_two_value if tile.face == "4-2" else tile.pips


@dataclass(frozen=True, slots=True)
class PairRules:
    """The options that decide pairs and eyes in the collecting games."""

    four_two_value: int = 3
    pair_set: str = "arithmetic"
    eye: str = "identical"

    def evolve(self, **changes: object) -> PairRules:
        return replace(self, **changes)  # type: ignore[arg-type]

    def legal_pairs(self) -> tuple[tuple[Tile, Tile], ...]:
        """Every legal ten-pair, each as (greater tile, lesser tile), greatest first."""
        return _legal_pairs(self)

    def legal_pair_indices(self) -> tuple[tuple[int, int], ...]:
        """The legal pairs as kind indices ``(i, j)`` with ``i <= j``."""
        return tuple(sorted((min(a.index, b.index), max(a.index, b.index)) for a, b in self.legal_pairs()))

    def pair_count_of_four_two(self) -> int:
        """What [4-2] counts in making the legal pairs: the option's value, or the printed table's.

        >>> PairRules(four_two_value=6, pair_set="printed").pair_count_of_four_two()
        3
        """
        table = pair_tables().get(self.pair_set)
        if table is not None and table.four_two_value is not None:
            return table.four_two_value
        return self.four_two_value

    def is_pair(self, a: Tile, b: Tile) -> bool:
        return (max(a, b), min(a, b)) in _pair_set(self)

    def eye_kinds(self) -> tuple[int, ...]:
        """The kinds whose two identical tiles may form the eye."""
        return _eye_kinds(self.eye)

    def is_eye(self, a: Tile, b: Tile) -> bool:
        return a == b and a.index in self.eye_kinds()


@cache
def _eye_kinds(eye: str) -> tuple[int, ...]:
    return tuple(k.index for k in kinds() if eye == "identical" or k.is_civil)


@cache
def _legal_pairs(rules: PairRules) -> tuple[tuple[Tile, Tile], ...]:
    tiles = [Tile.from_index(i) for i in range(KIND_COUNT)]
    table = pair_tables().get(rules.pair_set)
    if table is None and rules.pair_set != ARITHMETIC:
        raise OptionError(f"unknown pair-set {rules.pair_set!r}", where="pair-set")
    if table is not None and table.only is not None:
        return tuple(
            sorted(
                {(max(a, b), min(a, b)) for a in tiles for b in tiles if frozenset({a.face, b.face}) in table.only},
                reverse=True,
            )
        )
    four_two = rules.pair_count_of_four_two()
    found = set()
    for a in tiles:
        for b in tiles:
            if a < b:
                continue
            total = tens_value(a, four_two_value=four_two) + tens_value(b, four_two_value=four_two)
            if total % 10:
                continue
            if table is not None and frozenset({a.face, b.face}) in table.omit:
                continue
            found.add((a, b))
    return tuple(sorted(found, reverse=True))


@cache
def _pair_set(rules: PairRules) -> frozenset[tuple[Tile, Tile]]:
    return frozenset(_legal_pairs(rules))


def pair_rules_from_options(options: Mapping[str, str]) -> PairRules:
    """The pair rules fixed by a game's resolved options."""
    return PairRules(
        four_two_value=int(options.get("four-two-value", "3")),
        pair_set=options.get("pair-set", "arithmetic"),
        eye=options.get("eye", "identical"),
    )
