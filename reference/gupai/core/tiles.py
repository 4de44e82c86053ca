"""The Chinese domino set: tiles, their kinds, and sets of several sets.

A :class:`Tile` is a frozen value with one canonical spelling, high end first:

>>> Tile.parse("4-6")
Tile('6-4')
>>> Tile.parse("4-6") == Tile("6-4")
True
>>> Tile("6-4").pips, Tile("6-4").is_civil
(10, True)

The 21 kinds are numbered 0..20 in the order of ``spec/tiles.yaml`` (the
civil series by rank, then the military series); hands and tile pools are
count vectors over those kinds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gupai.core.errors import TileError
from gupai.core.resources import data_dir
from gupai.core.specfiles import read_yaml

__all__ = [
    "KIND_COUNT",
    "PairTable",
    "Tile",
    "TileKind",
    "all_tiles",
    "count_vector",
    "faces",
    "greatest_first",
    "kind_of",
    "kinds",
    "kinds_of",
    "pair_tables",
    "parse_tiles",
    "set_counts",
    "set_mismatch",
    "spelling",
    "tiles_from_counts",
]

_FACE = re.compile(r"\s*(?:\[\s*([1-6])\s*[-:/]\s*([1-6])\s*\]|([1-6])\s*[-:/]\s*([1-6]))\s*\Z")

KIND_COUNT = 21


@dataclass(frozen=True, slots=True)
class TileKind:
    """One of the 21 kinds of tile, as ``spec/tiles.yaml`` describes it."""

    index: int
    face: str
    high: int
    low: int
    series: str
    copies: int
    rank: int
    english: str
    cantonese: str
    chinese: str

    @property
    def pips(self) -> int:
        """The spots on the tile (face value: [4-2] is 6 here)."""
        return self.high + self.low

    @property
    def is_civil(self) -> bool:
        return self.series == "civil"


@cache
def kinds() -> tuple[TileKind, ...]:
    """The 21 tile kinds in spec order.

    >>> len(kinds()), kinds()[0].face, kinds()[-1].face
    (21, '6-6', '2-1')
    >>> sum(k.copies for k in kinds())
    32
    """
    doc: dict[str, Any] = read_yaml(data_dir("spec") / "tiles.yaml")
    result = []
    for index, entry in enumerate(doc["kinds"]):
        high, low = (int(part) for part in entry["face"].split("-"))
        result.append(
            TileKind(
                index=index,
                face=entry["face"],
                high=high,
                low=low,
                series=entry["series"],
                copies=int(entry["copies"]),
                rank=int(entry["rank"]),
                english=entry["english"],
                cantonese=entry["cantonese"],
                chinese=entry["chinese"],
            )
        )
    if len(result) != KIND_COUNT:  # pragma: no cover - guarded by the spec tests
        raise TileError(f"spec/tiles.yaml lists {len(result)} kinds, not {KIND_COUNT}")
    return tuple(result)


@cache
def faces() -> tuple[str, ...]:
    """Each kind's face, in kind order: the one spelling a log writes (``faces()[k]`` names kind ``k``).

    >>> faces()[:2], len(faces())
    (('6-6', '1-1'), 21)
    """
    return tuple(kind.face for kind in kinds())


@dataclass(frozen=True, slots=True)
class PairTable:
    """A reading of the ``pair-set`` option that lists pairs (``pair_tables`` in ``spec/tiles.yaml``).

    ``omit`` takes pairs away from the arithmetic; ``only`` lists the pairs
    exactly. Each pair is a frozenset of one or two faces. ``four_two_value``
    is what [4-2] counts in the table as printed: a table's pairs are the
    ones it prints, whatever the ``four-two-value`` option says.
    """

    name: str
    source: str
    omit: frozenset[frozenset[str]] = frozenset()
    only: frozenset[frozenset[str]] | None = None
    four_two_value: int | None = None


@cache
def pair_tables() -> dict[str, PairTable]:
    """The pair tables of ``spec/tiles.yaml``, by reading name.

    >>> tables = pair_tables()
    >>> len(tables["printed"].omit), len(tables["celko-table"].only or ())
    (3, 14)
    """
    doc: dict[str, Any] = read_yaml(data_dir("spec") / "tiles.yaml")

    def faces(rows: list[list[str]]) -> frozenset[frozenset[str]]:
        return frozenset(frozenset(row) for row in rows)

    return {
        name: PairTable(
            name=name,
            source=entry["source"],
            omit=faces(entry.get("omit", [])),
            only=faces(entry["only"]) if "only" in entry else None,
            four_two_value=int(entry["four-two-value"]) if "four-two-value" in entry else None,
        )
        for name, entry in doc.get("pair_tables", {}).items()
    }


@cache
def _index_by_face() -> dict[tuple[int, int], int]:
    return {(k.high, k.low): k.index for k in kinds()}


@dataclass(frozen=True, slots=True, order=False)
class Tile:
    """A Chinese domino, e.g. ``Tile("6-4")``. Build it with :meth:`parse`.

    Tiles order by (high end, low end): ``Tile("6-6")`` is the greatest.

    >>> sorted([Tile("2-1"), Tile("6-6"), Tile("6-4")], reverse=True)
    [Tile('6-6'), Tile('6-4'), Tile('2-1')]
    """

    face: str
    high: int = field(init=False, repr=False, compare=False)
    low: int = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)
    """The kind's number, 0..20, in ``spec/tiles.yaml`` order."""

    def __post_init__(self) -> None:
        match = _FACE.match(self.face) if isinstance(self.face, str) else None
        if match is None:
            raise TileError(
                f"{self.face!r} is not a tile: write two spots from 1 to 6, e.g. '6-4'", where=str(self.face)
            )
        a, b = (int(g) for g in match.groups() if g is not None)
        high, low = max(a, b), min(a, b)
        object.__setattr__(self, "face", f"{high}-{low}")
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "index", _index_by_face()[(high, low)])

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"6-4"``, ``"4-6"``, ``"[6:4]"`` or ``"6/4"`` into a tile.

        >>> Tile.parse("[1:3]")
        Tile('3-1')
        >>> Tile.parse("7-1")
        Traceback (most recent call last):
        ...
        gupai.core.errors.TileError: '7-1' is not a tile: write two spots from 1 to 6, e.g. '6-4'
        """
        tile = _tile_by_spelling().get(text) if text.__class__ is str else None
        return tile if tile is not None else cls(text)  # the canonical spelling: looked up

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile of kind ``index`` (0..20)."""
        return _TILES_BY_INDEX()[index]

    @property
    def kind(self) -> TileKind:
        return kinds()[self.index]

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_civil(self) -> bool:
        return self.kind.is_civil

    @property
    def is_military(self) -> bool:
        return not self.kind.is_civil

    def __str__(self) -> str:
        return self.face

    def __repr__(self) -> str:
        return f"Tile({self.face!r})"

    def __lt__(self, other: Tile) -> bool:
        return (self.high, self.low) < (other.high, other.low)

    def __le__(self, other: Tile) -> bool:
        return (self.high, self.low) <= (other.high, other.low)

    def __gt__(self, other: Tile) -> bool:
        return (self.high, self.low) > (other.high, other.low)

    def __ge__(self, other: Tile) -> bool:
        return (self.high, self.low) >= (other.high, other.low)


@cache
def _TILES_BY_INDEX() -> tuple[Tile, ...]:  # noqa: N802 - a cached constant
    return tuple(Tile(k.face) for k in kinds())


def parse_tiles(tokens: str | Iterable[str | Tile]) -> list[Tile]:
    """Parse several tiles, from one text (split on spaces and commas) or a list; the error names the first
    token that is not a tile.

    >>> parse_tiles(["6-6", "1-1"]), parse_tiles("6-6 4-6, [3:1]")
    ([Tile('6-6'), Tile('1-1')], [Tile('6-6'), Tile('6-4'), Tile('3-1')])
    """
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    result = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Tile):
            result.append(token)
            continue
        try:
            result.append(Tile.parse(token))
        except TileError as error:
            raise TileError(f"token {position} {error.message}", where=f"token {position}") from None
    return result


def set_counts(sets: int = 1) -> tuple[int, ...]:
    """How many copies of each kind ``sets`` full sets hold.

    >>> set_counts(2)[:3], set_counts(2)[-1]
    ((4, 4, 4), 2)
    """
    if sets < 1:
        raise TileError(f"a game needs at least one set, not {sets}", where="sets")
    return tuple(k.copies * sets for k in kinds())


def all_tiles(sets: int = 1) -> list[Tile]:
    """Every tile of ``sets`` sets, in kind order (civil kinds twice per set).

    >>> len(all_tiles(1)), len(all_tiles(3))
    (32, 96)
    """
    return [Tile.from_index(i) for i, n in enumerate(set_counts(sets)) for _ in range(n)]


def tiles_from_counts(counts: Sequence[int]) -> Iterator[Tile]:
    """The tiles of a count vector, greatest first."""
    tiles = _TILES_BY_INDEX()
    for i in greatest_first():
        for _ in range(counts[i]):
            yield tiles[i]


@cache
def greatest_first() -> tuple[int, ...]:
    """The kinds, greatest tile first (by high end, then low end), as tiles order.

    >>> [Tile.from_index(k).face for k in greatest_first()[:3]], Tile.from_index(greatest_first()[-1]).face
    (['6-6', '6-5', '6-4'], '1-1')
    """
    return tuple(sorted(range(KIND_COUNT), key=lambda i: (kinds()[i].high, kinds()[i].low), reverse=True))


@cache
def _tile_by_spelling() -> dict[str, Tile]:
    return {tile.face: tile for tile in _TILES_BY_INDEX()}


@cache
def _index_by_spelling() -> dict[str, int]:
    return {Tile.from_index(k).face: k for k in range(KIND_COUNT)}


def kind_of(face: str) -> int:
    """A tile face (either end first) as its kind index; :class:`TileError` when it is not a tile.

    >>> kind_of("6-6"), kind_of("4-6")
    (0, 8)
    """
    kind = _index_by_spelling().get(face) if face.__class__ is str else None
    return kind if kind is not None else Tile(face).index


def spelling(kinds: Iterable[int]) -> str:
    """Tile kinds written as faces, separated by spaces (what :func:`kinds_of` reads back).

    >>> spelling([0, 20]), kinds_of(spelling([0, 20]).split())
    ('6-6 2-1', [0, 20])
    """
    return " ".join(_TILES_BY_INDEX()[k].face for k in kinds)


def kinds_of(faces: Iterable[str]) -> list[int]:
    """Tile faces (either end first) as kind indices; the canonical spelling is looked up directly.

    >>> kinds_of(["6-6", "4-6"])
    [0, 8]
    """
    index = _index_by_spelling()
    faces = faces if isinstance(faces, list | tuple) else list(faces)
    try:
        return list(map(index.__getitem__, faces))  # every face in its canonical spelling: the usual case
    except (KeyError, TypeError):
        return [index[face] if isinstance(face, str) and face in index else Tile(face).index for face in faces]


def count_vector(kinds: Iterable[int]) -> list[int]:
    """How many of each kind: a multiset of tiles.

    >>> count_vector([0, 0, 8])[:9]
    [2, 0, 0, 0, 0, 0, 0, 0, 1]
    """
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return counts


def set_mismatch(kinds: Iterable[int], sets: int) -> list[str]:
    """How a list of tiles differs from exactly the tiles of ``sets`` sets: one phrase a wrong kind, ``[]`` if none.

    >>> set_mismatch(kinds_of(["6-6"] * 3 + [t.face for t in all_tiles()][2:]), 1)
    ['[6-6] x3 (should be 2)']
    """
    counts = count_vector(kinds)
    expected = set_counts(sets)
    return [
        f"[{Tile.from_index(k)}] x{counts[k]} (should be {expected[k]})"
        for k in range(KIND_COUNT)
        if counts[k] != expected[k]
    ]
