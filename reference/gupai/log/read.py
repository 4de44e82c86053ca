"""Reading logs for the validator: files, directories and standard input, every read bounded.

A document (a ``.json`` file, or one line of a ``.jsonl`` file) is read only
up to :data:`MAX_BYTES`; a larger one is *unusable input*, not an invalid log.
A ``.jsonl`` file or stream is read a line at a time, so that its length
costs time but no memory. Only regular files and ``-`` (standard input) are
read: a FIFO or a device named on the command line is refused unopened, so
that nothing can make the validator wait or read without end. Errors are
kept for the first :data:`MAX_ERRORS_PER_GAME` of a game and the first
:data:`MAX_ERRORS_PER_RUN` of a run; the rest are counted. (The schema check
of a game stops at its first :data:`~gupai.log.validate.MAX_SCHEMA_ERRORS`
errors, and says so.)

>>> print(validate_text('{"format": "gupai-log"', file="x.json")[0])
x.json: / [schema] not JSON: Expecting ',' delimiter at line 1 column 23
>>> validate_text('{"a": 1, "a": 2}', file="x.json")[0].message
'not JSON: duplicate key "a" in an object'
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from gupai.core.errors import GupaiError
from gupai.core.jsonread import JSONReadError, loads
from gupai.log.validate import MORE_SCHEMA_ERRORS, LogIssue, validate_log

__all__ = [
    "BATCH_BYTES",
    "BATCH_GAMES",
    "MAX_BYTES",
    "MAX_ERRORS_PER_GAME",
    "MAX_ERRORS_PER_RUN",
    "Batch",
    "Submit",
    "UnreadableLogError",
    "Validation",
    "check_batch",
    "check_document",
    "read_documents",
    "validate_all",
    "validate_paths",
    "validate_text",
]

#: A document (a ``.json`` file, one line of a ``.jsonl`` file) larger than this is not read.
MAX_BYTES = 4 * 1024 * 1024

#: Errors listed for one game; the rest are counted.
MAX_ERRORS_PER_GAME = 100

#: Errors listed for a whole run; the rest are counted.
MAX_ERRORS_PER_RUN = 1000

#: Documents a worker checks at once (``--jobs``, ``--cluster``), and at most about this many bytes of them.
BATCH_GAMES = 64
BATCH_BYTES = 2 * MAX_BYTES

_SUFFIXES = (".json", ".jsonl")

#: Documents for a worker: (text, file, game) each, in reading order.
Batch = list[tuple[str, str, int | None]]

#: Hands a worker a function and a batch; returns what has ``.result()``: a
#: process pool's or a Dask client's ``submit``.
Submit = Callable[[Callable[[Batch], list[list[LogIssue]]], Batch], Any]


@dataclass(frozen=True, slots=True)
class Validation:
    """What a validation run found.

    ``issues`` lists at most :data:`MAX_ERRORS_PER_RUN` errors; ``errors``
    counts them all. ``unreadable`` holds one ``path: why`` line per input
    that could not be read (exit status 2).
    """

    issues: tuple[LogIssue, ...]
    games: int
    invalid_games: int
    errors: int
    unreadable: tuple[str, ...]

    listed: int = 0

    @property
    def unlisted(self) -> int:
        """Errors counted but not listed."""
        return self.errors - self.listed


@dataclass
class _Run:
    issues: list[LogIssue] = field(default_factory=list)
    games: int = 0
    invalid_games: int = 0
    errors: int = 0
    unreadable: list[str] = field(default_factory=list)
    listed: int = 0
    cache: dict[str, list[LogIssue]] = field(default_factory=dict)
    submit: Submit | None = None
    window: int = 4
    batch: Batch = field(default_factory=list)
    batch_bytes: int = 0
    pending: deque[tuple[Batch, Any]] = field(default_factory=deque)

    def game(self, text: str, file: str, game: int | None) -> None:
        """Validate one document's text (here, or in a batch for the workers), keeping what the caps allow."""
        if self.submit is None:
            self._record(self.check(text, file, game), file, game)
            return
        self.batch.append((text, file, game))
        self.batch_bytes += len(text)
        if len(self.batch) >= BATCH_GAMES or self.batch_bytes >= BATCH_BYTES:
            self._send()

    def _send(self) -> None:
        """Hand the batch to the workers; collect the oldest while more than ``window`` are out."""
        if self.batch and self.submit is not None:
            self.pending.append((self.batch, self.submit(check_batch, self.batch)))
            self.batch, self.batch_bytes = [], 0
        while len(self.pending) > self.window:
            self._collect()

    def _collect(self) -> None:
        batch, future = self.pending.popleft()
        for (_, file, game), found in zip(batch, future.result(), strict=True):
            self._record(found, file, game)

    def finish(self) -> None:
        """Wait for every batch out, recording the verdicts in reading order."""
        self._send()
        while self.pending:
            self._collect()

    def _record(self, found: list[LogIssue], file: str, game: int | None) -> None:
        self.games += 1
        if not found:
            return
        self.invalid_games += 1
        errors = len(found) - (found[-1].message == MORE_SCHEMA_ERRORS)  # the schema check's last note is no error
        self.errors += errors
        room = MAX_ERRORS_PER_RUN - len(self.issues)
        if room <= 0:
            return
        shown = [LogIssue(file, game, i.event, i.pointer, i.rule, i.message) for i in found[:MAX_ERRORS_PER_GAME]]
        if errors > MAX_ERRORS_PER_GAME:
            more = f"... {errors - MAX_ERRORS_PER_GAME} more error(s) in this game not listed"
            shown.append(LogIssue(file, game, None, "", None, more))
        self.issues.extend(shown[:room])
        self.listed += min(errors, MAX_ERRORS_PER_GAME, room)

    def check(self, text: str, file: str, game: int | None) -> list[LogIssue]:
        """The document's errors (their file and game may be another copy's: :meth:`game` sets them)."""
        # The same short line always gets the same verdict: a stream of copies costs one check.
        key = text if len(text) <= 512 else None  # shorter than any valid log: copies of junk
        if key is not None and key in self.cache:
            return self.cache[key]
        try:
            found = check_document(loads(text), file=file, game=game)
        except JSONReadError as error:
            found = [LogIssue(file, game, None, "", None, f"not JSON: {error.message}")]
        if key is not None:
            if len(self.cache) >= 256:
                self.cache.clear()
            self.cache[key] = found
        return found

    def result(self) -> Validation:
        return Validation(
            tuple(self.issues), self.games, self.invalid_games, self.errors, tuple(self.unreadable), self.listed
        )


def check_batch(batch: Batch) -> list[list[LogIssue]]:
    """A worker's task: each document's errors, in the batch's order.

    >>> for found in check_batch([("[1]", "a.jsonl", 1), ("[", "a.jsonl", 2)]):
    ...     print(found[0])
    a.jsonl:1: / [schema] [1] is not of type 'object'
    a.jsonl:2: / [schema] not JSON: Expecting value at line 1 column 2
    """
    run = _Run()
    return [run.check(text, file, game) for text, file, game in batch]


def check_document(doc: object, *, file: str, game: int | None) -> list[LogIssue]:
    """The errors of one document read by :func:`gupai.core.jsonread.loads`, each a :class:`LogIssue`.

    >>> print(check_document([], file="x.json", game=None)[0])
    x.json: / [schema] [] is not of type 'object'
    """
    try:
        return validate_log(doc, file=file, game=game, integral=True)
    except RecursionError:
        return [LogIssue(file, game, None, "", None, "not a log: nested too deeply")]
    except GupaiError as error:  # a value the schema let through but the rules reject
        return [LogIssue(file, game, None, "", error.rule, error.message)]


def validate_text(text: str, *, file: str = "<log>", lines: bool = False) -> list[LogIssue]:
    """Validate one document, or a JSON Lines corpus when ``lines`` is true.

    >>> validate_text('{}\\n{}', file="two.jsonl", lines=True)[0].game
    1
    """
    run = _Run()
    refused: list[LogIssue] = []
    for number, line in enumerate(text.split("\n") if lines else [text], start=1):
        game = number if lines else None
        if len(line) > MAX_BYTES:
            refused.append(LogIssue(file, game, None, "", None, f"larger than {_mib(MAX_BYTES)}: not read"))
        elif line.strip() or not lines:
            run.game(line, file, game)
    return list(run.issues) + refused


def validate_paths(paths: Iterable[str]) -> tuple[list[LogIssue], int, list[str]]:
    """Validate files, directories and ``-``; return (issues listed, games read, unreadable paths)."""
    result = validate_all(paths)
    return list(result.issues), result.games, list(result.unreadable)


def validate_all(paths: Iterable[str], *, submit: Submit | None = None, window: int = 4) -> Validation:
    """Validate files, directories (recursively, ``.json`` and ``.jsonl``) and ``-`` (standard input).

    With ``submit`` (a process pool's or a Dask client's), the documents are
    read here and checked by the workers in batches of :data:`BATCH_GAMES`,
    at most ``window`` batches out at once (so memory stays bounded); the
    verdicts are recorded in reading order, so the result is the same.

    >>> validate_all(["/nonexistent.json"]).unreadable
    ('/nonexistent.json: No such file or directory',)
    """
    run = _Run(submit=submit, window=window)
    for path in paths:
        for item in _expand(path, run):
            _read(run, item)
    run.finish()
    return run.result()


# ------------------------------------------------------------ sources
def _mib(size: int) -> str:
    return f"{size / 2**20:g} MiB"


def _expand(path: str, run: _Run) -> Iterator[str]:
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
    for top, dirs, files in os.walk(path, followlinks=True, onerror=lambda e: run.unreadable.append(_why(e))):
        try:
            info = os.stat(top)
        except OSError as error:
            run.unreadable.append(f"{_shown(top)}: {error.strerror or error}")
            dirs.clear()
            continue
        if (info.st_dev, info.st_ino) in seen:
            run.unreadable.append(f"{_shown(top)}: a symlink loop back to a directory already read: not followed")
            dirs.clear()
            continue
        seen.add((info.st_dev, info.st_ino))
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(top, name)
            try:
                os.stat(full)
            except OSError as error:  # a dangling symlink or a symlink loop
                run.unreadable.append(f"{_shown(full)}: {_symlink_problem(error)}")
                continue
            if name.lower().endswith(_SUFFIXES):
                found.append(full)
    if not found:
        run.unreadable.append(f"{_shown(path)}: no .json or .jsonl file in this directory")
    yield from found


def _symlink_problem(error: OSError) -> str:
    if error.strerror and "symbolic links" in error.strerror:
        return "a symlink loop: not read"
    return f"a dangling symlink ({error.strerror or error}): not read"


def _why(error: OSError) -> str:
    return f"{_shown(str(error.filename))}: {error.strerror or error}"


def _shown(path: str) -> str:
    """A path as printed: bytes that are not UTF-8 in a file name (``surrogateescape``) shown escaped.

    >>> _shown("caf\\udce9.json")
    'caf\\\\xe9.json'
    """
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _open(path: str) -> BinaryIO:
    """A regular file opened for reading; anything else (a FIFO, a device, a socket) is refused unopened."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO would block here without O_NONBLOCK
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else None
            raise _UnusableError(
                f"not a regular file ({kind or 'a socket or directory'}): not read (use - for a stream)"
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=1 << 16)  # a JSON Lines file is read a line at a time
    except BaseException:
        os.close(fd)
        raise


class _UnusableError(Exception):
    pass


class UnreadableLogError(GupaiError):
    """An input :func:`read_documents` cannot read: not a regular file, too large, not UTF-8 (exit status 2)."""


def read_documents(path: str) -> Iterator[tuple[int | None, str]]:
    """The documents of one log file (or ``-``, standard input), read as the validator reads them.

    Yields (line number in a JSON Lines input, else ``None``; text), one at
    a time, so a long ``.jsonl`` costs no memory; raises
    :class:`UnreadableLogError` for what the validator would count as
    unreadable (a FIFO or a device, a document over :data:`MAX_BYTES`,
    bytes that are not UTF-8).

    >>> list(read_documents("/dev/null"))
    Traceback (most recent call last):
    ...
    gupai.log.read.UnreadableLogError: /dev/null: not a regular file (a device): not read (use - for a stream)
    """
    name = _shown(path) if path != "-" else "<stdin>"
    try:
        if path == "-":
            stream, lines = _read_stream(sys.stdin.buffer)
            yield from _checked(_documents(stream, name, lines=lines), name)
            return
        with _open(path) as opened:
            yield from _checked(_documents(opened, name, lines=path.lower().endswith(".jsonl")), name)
    except _UnusableError as why:
        raise UnreadableLogError(f"{name}: {why}") from None
    except OSError as error:
        raise UnreadableLogError(f"{name}: {error.strerror or error}") from None


def _checked(found: Iterator[tuple[int | None, str, bool]], name: str) -> Iterator[tuple[int | None, str]]:
    for number, text, readable in found:
        if not readable:
            raise UnreadableLogError(text)
        yield number, text


def _read(run: _Run, path: str) -> None:
    name = _shown(path) if path != "-" else "<stdin>"
    try:
        if path == "-":
            stream, lines = _read_stream(sys.stdin.buffer)
            _feed(run, stream, name, lines=lines)
            return
        with _open(path) as opened:
            _feed(run, opened, name, lines=path.lower().endswith(".jsonl"))
    except _UnusableError as why:
        run.unreadable.append(f"{name}: {why}")
    except OSError as error:
        run.unreadable.append(f"{name}: {error.strerror or error}")


def _read_stream(stream: BinaryIO) -> tuple[_Joined, bool]:
    """Standard input: one document, or JSON Lines when every line holds one object (the stream, and which)."""
    head = _read_up_to(stream, MAX_BYTES + 1)
    complete = head if len(head) <= MAX_BYTES else head[: head.rfind(b"\n") + 1]
    lines = _looks_like_lines(complete)
    if not lines and len(head) > MAX_BYTES:
        raise _UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
    return _Joined(head, stream), lines


def _read_up_to(stream: BinaryIO | _Joined, size: int) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left > 0:
        chunk = stream.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _feed(run: _Run, stream: BinaryIO | _Joined, file: str, *, lines: bool) -> None:
    for number, text, readable in _documents(stream, file, lines=lines):
        if readable:
            run.game(text, file, number)
        else:
            run.unreadable.append(text)


def _documents(stream: BinaryIO | _Joined, file: str, *, lines: bool) -> Iterator[tuple[int | None, str, bool]]:
    """(game, text, True) for each document; (game, why, False) for a line that cannot be read."""
    if not lines:
        data = _read_up_to(stream, MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise _UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
        text = _decode(data)
        if text is None:
            raise _UnusableError("not UTF-8: not read")
        yield None, text, True
        return
    number = 0
    while True:
        line = stream.readline(MAX_BYTES + 2)
        if not line:
            return
        number += 1
        if not line.endswith(b"\n") and len(line) > MAX_BYTES:
            while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass  # skip the rest of an overlong line
            yield number, f"{file}:{number}: a line larger than {_mib(MAX_BYTES)}: not read", False
            continue
        text = _decode(line)
        if text is None:
            yield number, f"{file}:{number}: not UTF-8: not read", False
        elif text.strip():
            yield number, text, True


def _decode(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


class _Joined:
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


def _looks_like_lines(data: bytes) -> bool:
    rows = [line for line in data.split(b"\n") if line.strip()]
    return len(rows) > 1 and all(r.lstrip().startswith(b"{") and r.rstrip().endswith(b"}") for r in rows)
