"""A large JSON Lines file cut into byte ranges at line ends, for workers that read their own part.

With ``validate --jobs N``, shipping every line from the reading process to
the workers costs the parent as much as the checking saves; instead the
parent only finds where the lines end (a byte search, at the disk's pace)
and hands each worker a :class:`FileRange`: the file, the bytes to read, and
the number of the first line in them. The worker reads the range through
:class:`Bounded`, so that it reads no byte outside it, whatever the file
holds.

>>> import io
>>> data = b'{"a": 1}\\n\\n{"b": 2}\\n{"c": 3}'
>>> [(r.start, r.end, r.number, r.lines) for r in split_lines(io.BytesIO(data), "f", "f", (0, 0), start=0, number=1, size=12)]
[(0, 10, 1, 2), (10, 19, 3, 1), (19, 27, 4, 1)]
>>> Bounded(io.BytesIO(data), 12).readline(100), Bounded(io.BytesIO(data), 5).readline(100)
(b'{"a": 1}\\n', b'{"a":')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from gupai.log.validate import LogIssue

__all__ = ["RANGE_BYTES", "RANGE_FROM", "Bounded", "FileRange", "RangeVerdicts", "split_lines"]

#: About how many bytes of a file a worker reads at once (a range ends at the first line end after this).
RANGE_BYTES = 1 << 18

#: A JSON Lines file is cut into ranges for the workers when at least this many bytes of it are left to read.
RANGE_FROM = 1 << 20


#: What a worker found in a byte range: the first document (line, text, its errors), then (line, its errors or
#: why it cannot be read) for each later line with something to say, how many others were valid, the last
#: document's text (for the match link of the range after).
RangeVerdicts = tuple[tuple[int, str, list[LogIssue]] | None, list[tuple[int, list[LogIssue] | str]], int, str | None]


@dataclass(frozen=True, slots=True)
class FileRange:
    """Bytes ``start`` to ``end`` of the file at ``path`` (shown as ``file``), whose first line is line ``number``."""

    path: str
    file: str
    #: The file's device and inode, as the reading process opened it: the worker reads no other file.
    identity: tuple[int, int]
    start: int
    end: int
    number: int
    #: How many lines the range holds (the last one perhaps without its line end).
    lines: int

    @property
    def name(self) -> str:
        """The range's lines, for a message: ``file:first-last``."""
        return f"{self.file}:{self.number}-{self.number + max(self.lines, 1) - 1}"


def split_lines(
    stream: BinaryIO, path: str, file: str, identity: tuple[int, int], *, start: int, number: int, size: int
) -> Iterator[FileRange]:
    """The rest of ``stream`` (at byte ``start``, line ``number``) in ranges of about ``size`` bytes or more.

    Each range but the last ends just after a line end; a line longer than
    ``size`` makes one range of its own size. Only one ``size`` of the file is
    held at a time.
    """
    begin = at = start
    while chunk := stream.read(size):
        cut = chunk.rfind(b"\n")
        if cut >= 0:
            end = at + cut + 1
            lines = chunk.count(b"\n")  # the chunks before it since ``begin`` held no line end
            yield FileRange(path, file, identity, begin, end, number, lines)
            number += lines
            begin = end
        at += len(chunk)
    if at > begin:
        yield FileRange(path, file, identity, begin, at, number, 1)


class Bounded:
    """The next ``left`` bytes of ``stream`` and no more: reads past them find the end of the input."""

    def __init__(self, stream: BinaryIO, left: int) -> None:
        self.stream, self.left = stream, left

    def read(self, size: int) -> bytes:
        data = self.stream.read(max(0, min(size, self.left)))
        self.left -= len(data)
        return data

    def readline(self, limit: int) -> bytes:
        line = self.stream.readline(max(0, min(limit, self.left)))
        self.left -= len(line)
        return line
