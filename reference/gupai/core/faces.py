"""Many tile faces read at once, as a log writes them: ``"6-4"``, high end first.

A log's deal lists a hundred tiles or more; looking each face up in a
dictionary hashes each string first. :func:`canonical_kinds` reads them all
with a few operations on bytes instead: the faces joined by commas must be
exactly ``h-l,h-l,...`` (so no face holds a comma, and each is three
characters); the high ends and the low ends, one byte each, make one byte a
tile, ``6 * (high - 1) + (low - 1)``, and a table of 36 entries names its
kind, or refuses a face written low end first (``"4-6"``). The answer is
always what :func:`gupai.core.tiles.kinds_of` reads for faces written so,
or ``None``; ``tests/unit/test_faces.py`` holds the two together.
:func:`kind_bytes` reads faces from any iterable (several lists chained:
a deal's order, hands and stock in one go), one byte a kind.

>>> canonical_kinds(["6-6", "1-1", "6-4"]), canonical_kinds(["4-6"]), canonical_kinds(["6-6,1-1"])
([0, 1, 8], None, None)
>>> kind_bytes(iter(["6-6", "1-1", "6-4"]), 3), kind_bytes(iter(["6-6", "1-1"]), 3)
(b'\\x00\\x01\\x08', None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gupai.core.tiles import KIND_COUNT, Tile

__all__ = ["canonical_kinds", "end_kinds", "kind_bytes"]

#: A digit 1-6 as 0-5; any other byte as 255 (no tile).
_DIGIT = bytes(b - 0x31 if 0x31 <= b <= 0x36 else 255 for b in range(256))


def _pair_table() -> bytes:
    """``6 * (high - 1) + (low - 1)`` as the kind of the face ``high-low``; 255 for a face no tile is spelled as."""
    table = bytearray([255] * 256)
    for kind in range(KIND_COUNT):
        high, _, low = Tile.from_index(kind).face.partition("-")
        table[6 * (int(high) - 1) + int(low) - 1] = kind
    return bytes(table)


_KIND = _pair_table()


def canonical_kinds(faces: Sequence[str]) -> list[int] | None:
    """The kinds of tile faces when every one is written as a log writes it (high end first), else ``None``."""
    try:
        count = len(faces)
    except TypeError:
        return None
    kinds = kind_bytes(faces, count)
    return None if kinds is None else list(kinds)


def kind_bytes(faces: Iterable[str], count: int) -> bytes | None:
    """The kinds of the tile faces that ``faces`` yields, ``count`` of them (the caller counted them), one byte
    each, when every one is written as a log writes it (high end first); else ``None``.

    The faces joined by commas are read as ``h-l,h-l,...``: with a dash in
    every face's second place and a comma in every fourth place, and no
    other comma, the ``count - 1`` commas the join puts in are exactly
    these, so every face is three characters.
    """
    if count <= 0:
        return b"" if count == 0 and next(iter(faces), None) is None else None
    try:
        data = ",".join(faces).encode("ascii")
    except (TypeError, UnicodeEncodeError):  # not all strings, or not ASCII: not tiles
        return None
    if len(data) != 4 * count - 1:
        return None
    if data[1::4] != b"-" * count or data[3::4] != b"," * (count - 1):
        return None  # a face that is not three characters, high, dash, low
    return end_kinds(data[0::4], data[2::4])


def end_kinds(highs: bytes, lows: bytes) -> bytes | None:
    """The kinds of the tiles whose high ends and low ends are the digits ``highs`` and ``lows`` (ASCII, one a tile),
    one byte each; ``None`` when one is not a face as a log writes it (a digit not 1-6, a low end above the high).

    >>> end_kinds(b"661", b"641"), end_kinds(b"4", b"6"), end_kinds(b"7", b"1")
    (b'\\x00\\x08\\x01', None, None)
    """
    highs, lows = highs.translate(_DIGIT), lows.translate(_DIGIT)
    count = len(highs)
    if len(lows) != count or 255 in highs or 255 in lows:
        return None
    # Each byte of highs is at most 5: times 6, plus a low end (at most 5), it stays within its byte.
    pairs = (int.from_bytes(highs, "big") * 6 + int.from_bytes(lows, "big")).to_bytes(count, "big")
    kinds = pairs.translate(_KIND)
    return None if 255 in kinds else kinds
