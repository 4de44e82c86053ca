"""A large JSON Lines file cut into byte ranges, for workers that read their own part.

With ``validate --jobs N``, shipping every line from the reading process to
the workers costs the parent as much as the checking saves; so does reading
the file in the parent only to find where its lines end. Instead the parent
only cuts the file's bytes into ranges of :data:`RANGE_BYTES`, finer near
the end (arithmetic: it reads none of them) and hands each worker a :class:`FileRange`. A range
holds the lines that *start* in it (as Hadoop's line reader splits a file):
its worker skips the line it begins in the middle of (the range before
holds that one) and reads its last line to its end, past the range's end if
need be. Each byte of the file is so read about once, by one process; no
process reads a byte at or past the end the file had when it was cut.

The lines' numbers are counted by the workers from their range's first line;
the reading process, which records the ranges in order, adds the lines of
the ranges before.

>>> import io
>>> data = b'{"a": 1}\\n\\n{"b": 2}\\n{"c": 3}'
>>> parts = list(cut_bytes("f", "f", (0, 0), start=0, stop=len(data), size=12))
>>> [(part.start, part.end) for part in parts]
[(0, 12), (12, 24), (24, 27)]
>>> def lines(part):
...     reader = owned(io.BytesIO(data), part)
...     return list(iter(lambda: reader.readline(100), b""))
>>> [lines(part) for part in parts]
[[b'{"a": 1}\\n', b'\\n', b'{"b": 2}\\n'], [b'{"c": 3}'], []]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from gupai.log.validate import LogIssue

__all__ = [
    "RANGE_BYTES",
    "RANGE_FINEST",
    "RANGE_FROM",
    "FileRange",
    "OwnedLines",
    "RangeVerdicts",
    "cut_bytes",
    "owned",
]

#: The bytes of a file in one range (its lines are those that start in it).
RANGE_BYTES = 1 << 18

#: The finest range, near the end of a file (see :func:`cut_bytes`).
RANGE_FINEST = RANGE_BYTES // 8

#: A JSON Lines file is cut into ranges for the workers when at least this many bytes of it are left to read.
RANGE_FROM = 1 << 20


@dataclass(frozen=True, slots=True)
class RangeVerdicts:
    """What a worker found in a byte range; each line's number counts from the range's first line (1)."""

    #: The first document: its line, text and errors (its match link to the line before is the reader's to check).
    first: tuple[int, str, list[LogIssue]] | None
    #: Each later line with something to say: its errors, or why it cannot be read.
    rest: list[tuple[int, list[LogIssue] | str]]
    #: How many other documents were valid.
    quiet: int
    #: The last document's text (for the match link of the range after).
    last: str | None
    #: How many lines start in the range, blank ones included.
    lines: int
    #: Why the range could not be read at all (the file went away or changed), if it could not.
    failed: str | None = None
    #: How many later documents were invalid past the errors the worker lists (their errors not looked for).
    hidden: int = 0
    #: How many later lines could not be read past those listed in ``rest``.
    unread: int = 0
    #: How many later documents were valid logs of games in progress past those listed in ``rest``.
    unfinished: int = 0
    #: How many later documents were valid logs using a retired reading past those listed in ``rest``.
    noted: int = 0


@dataclass(frozen=True, slots=True)
class FileRange:
    """The lines that start in bytes ``start`` to ``end`` of the file at ``path`` (shown as ``file``)."""

    path: str
    file: str
    #: The file's device and inode, as the reading process opened it: the worker reads no other file.
    identity: tuple[int, int]
    start: int
    end: int
    #: The file's size when it was cut: no byte at or past it is read.
    stop: int


def cut_bytes(
    path: str, file: str, identity: tuple[int, int], *, start: int, stop: int, size: int, finest: int | None = None
) -> Iterator[FileRange]:
    """Bytes ``start`` to ``stop`` of a file in ranges of ``size`` bytes (the last one perhaps shorter).

    With ``finest``, the ranges near the end are finer: each holds an eighth of the bytes left, but at most
    ``size`` and at least ``finest``. The processes that share the ranges so run out of work at about the same
    moment, not a whole range apart.

    >>> [part.end - part.start for part in cut_bytes("f", "f", (0, 0), start=0, stop=100, size=8, finest=2)]
    [8, 8, 8, 8, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1]
    """
    size = max(size, 1)
    finest = size if finest is None else max(1, min(finest, size))
    begin = start
    while begin < stop:
        end = min(begin + min(size, max(finest, (stop - begin) // 8)), stop)
        yield FileRange(path, file, identity, begin, end, stop)
        begin = end


class OwnedLines:
    """A file's lines from byte ``at`` (where one starts) that start before ``end``; no byte at or past ``stop``.

    A line that starts before ``end`` is read to its end, however far past ``end`` that is.
    """

    def __init__(self, stream: BinaryIO, at: int, end: int, stop: int) -> None:
        self.stream, self.at, self.end, self.stop = stream, at, end, stop
        self.line_start = True
        #: The lines begun so far.
        self.count = 0

    def readline(self, limit: int) -> bytes:
        if self.line_start and self.at >= self.end:
            return b""  # the next line starts in the range after
        line = self.stream.readline(max(0, min(limit, self.stop - self.at)))
        self.count += self.line_start and bool(line)
        self.at += len(line)
        self.line_start = line.endswith(b"\n")
        return line


def owned(stream: BinaryIO, part: FileRange) -> OwnedLines:
    """The lines of ``part`` in ``stream`` (the file it names, opened), which is moved to the first of them.

    A range that begins in the middle of a line skips it, reading at most the
    range's own bytes to find where it ends; a range in which no line starts
    holds no line.
    """
    at = part.start
    if at > 0:
        stream.seek(at - 1)
        skipped = stream.readline(max(0, min(part.end, part.stop) - at + 1))  # the byte before, then the range's
        at += len(skipped) - 1
        if not skipped.endswith(b"\n"):
            at = part.end  # no line end in the range: no line starts in it
    else:
        stream.seek(0)
    return OwnedLines(stream, at, part.end, part.stop)
