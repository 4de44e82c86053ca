"""Reading helpers of the log reader (:mod:`gupai.log.read`): the files a path names, regular files opened,
bounded reads, decoding, a stream with its head already read, and a guess whether a text is JSON Lines."""

from __future__ import annotations

import contextlib
import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Protocol

__all__ = [
    "SUFFIXES",
    "Joined",
    "UnusableError",
    "decode",
    "expand",
    "looks_like_lines",
    "open_regular",
    "read_up_to",
    "shown",
]

#: The files of a directory that are read: JSON and JSON Lines.
SUFFIXES = (".json", ".jsonl")


class Reader(Protocol):
    """What can be read a number of bytes at a time."""

    def read(self, size: int, /) -> bytes: ...


def read_up_to(stream: Reader, size: int) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left > 0:
        chunk = stream.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def decode(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


class Joined:
    """Bytes already read, then the rest of a stream: read back a line at a time."""

    def __init__(self, head: bytes, tail: BinaryIO) -> None:
        self.head, self.tail = io.BytesIO(head), tail

    def read(self, size: int) -> bytes:
        data = self.head.read(size)
        return data if len(data) == size else data + self.tail.read(size - len(data))

    def readline(self, limit: int) -> bytes:
        line = self.head.readline(limit)
        if line.endswith(b"\n") or len(line) >= limit:
            return line
        return line + self.tail.readline(limit - len(line))


def looks_like_lines(data: bytes) -> bool:
    rows = [line for line in data.split(b"\n") if line.strip()]
    return len(rows) > 1 and all(r.lstrip().startswith(b"{") and r.rstrip().endswith(b"}") for r in rows)


def expand(path: str, unreadable: list[str]) -> Iterator[str]:
    """The files a path names: itself, or a directory's logs (following symlinked directories once)."""
    if path == "-":
        yield path
        return
    try:
        is_dir = Path(path).is_dir()
    except OSError:
        is_dir = False
    if not is_dir:
        yield path
        return
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    for top, dirs, files in os.walk(path, followlinks=True, onerror=lambda e: unreadable.append(why(e))):
        try:
            info = os.stat(top)
        except OSError as error:
            unreadable.append(f"{shown(top)}: {error.strerror or error}")
            dirs.clear()
            continue
        if (info.st_dev, info.st_ino) in seen:
            unreadable.append(f"{shown(top)}: a symlink loop back to a directory already read: not followed")
            dirs.clear()
            continue
        seen.add((info.st_dev, info.st_ino))
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(top, name)
            try:
                os.stat(full)
            except OSError as error:  # a dangling symlink or a symlink loop
                unreadable.append(f"{shown(full)}: {symlink_problem(error)}")
                continue
            if name.lower().endswith(SUFFIXES):
                found.append(full)
    if not found:
        unreadable.append(f"{shown(path)}: no .json or .jsonl file in this directory")
    yield from found


def symlink_problem(error: OSError) -> str:
    if error.strerror and "symbolic links" in error.strerror:
        return "a symlink loop: not read"
    return f"a dangling symlink ({error.strerror or error}): not read"


def why(error: OSError) -> str:
    return f"{shown(str(error.filename))}: {error.strerror or error}"


def shown(path: str) -> str:
    """A path as printed: bytes that are not UTF-8 in a file name (``surrogateescape``) shown escaped.

    >>> shown("caf\\udce9.json")
    'caf\\\\xe9.json'
    """
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def open_regular(path: str) -> BinaryIO:
    """A regular file opened for reading; anything else (a FIFO, a device, a socket) is refused unopened."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO would block here without O_NONBLOCK
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else None
            raise UnusableError(
                f"not a regular file ({kind or 'a socket or directory'}): not read (use - for a stream)"
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=1 << 16)  # a JSON Lines file is read a line at a time
    except BaseException:
        with contextlib.suppress(OSError):  # (already closed, if the file object had been made)
            os.close(fd)
        raise


class UnusableError(Exception):
    """An input that cannot be read as a log (the reason is the message)."""
