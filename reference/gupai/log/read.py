"""Reading logs for the validator: files, directories and standard input, every read bounded.

A document (a ``.json`` file, or one line of a ``.jsonl`` file) is read only
up to :data:`MAX_BYTES`; a larger one is *unusable input*, not an invalid log.
A ``.jsonl`` file or stream is read a line at a time, so that its length
costs time but no memory. Only regular files and ``-`` (standard input) are
read: a FIFO or a device named on the command line is refused unopened, so
that nothing can make the validator wait or read without end. Errors are
kept for the first :data:`MAX_ERRORS_PER_GAME` of a game and the first
:data:`MAX_ERRORS_PER_RUN` of a run; the rest are counted.

>>> print(validate_text('{"format": "gupai-log"', file="x.json")[0])
x.json: / [schema] not JSON: Expecting ',' delimiter at line 1 column 23
>>> validate_text('{"a": 1, "a": 2}', file="x.json")[0].message
'not JSON: duplicate key "a" in an object'
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, NamedTuple

from gupai.core.errors import GupaiError
from gupai.core.jsonread import JSONReadError, loads
from gupai.log.batches import BATCH_BYTES, BATCH_GAMES, Batch, Batches, Submit
from gupai.log.match import MatchLinks
from gupai.log.streams import Joined, decode, looks_like_lines, read_up_to
from gupai.log.validate import MAX_SCHEMA_ERRORS, LogIssue, validate_log

__all__ = [
    "BATCH_BYTES",
    "BATCH_GAMES",
    "LOG_MARK",
    "MAX_BYTES",
    "MAX_ERRORS_PER_GAME",
    "MAX_ERRORS_PER_RUN",
    "Batch",
    "PathsValidation",
    "Submit",
    "Validation",
    "check_batch",
    "log_files",
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

_SUFFIXES = (".json", ".jsonl")


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
    #: One ``file: games`` line per batch whose worker process was lost twice (the games were not judged).
    lost: tuple[str, ...] = ()
    #: Files found in a directory that are not game logs (no ``gupai-log`` in them), not judged.
    skipped: tuple[str, ...] = ()

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
    batches: Batches | None = None
    skipped: list[str] = field(default_factory=list)
    links: MatchLinks = field(default_factory=MatchLinks)

    def game(self, text: str, file: str, game: int | None) -> None:
        """Validate one document's text (here, or in a batch for the workers), keeping what the caps allow."""
        if self.batches is None:
            self._record(self.links.check(text, file, game, self.check(text, file, game)), file, game)
        else:
            self.batches.add(text, file, game)

    def record_batch(self, batch: Batch, verdicts: list[list[LogIssue]]) -> None:
        """Record a batch's verdicts, which came back from a worker (each game's match links checked here, in
        reading order)."""
        for (text, file, game), found in zip(batch, verdicts, strict=True):
            self._record(self.links.check(text, file, game, found), file, game)

    def finish(self) -> None:
        """Wait for every batch out, recording the verdicts in reading order."""
        if self.batches is not None:
            self.batches.finish()

    def _record(self, found: list[LogIssue], file: str, game: int | None) -> None:
        self.games += 1
        if not found:
            return
        self.invalid_games += 1
        self.errors += len(found)
        room = MAX_ERRORS_PER_RUN - len(self.issues)
        if room <= 0:
            return
        shown = [LogIssue(file, game, i.event, i.pointer, i.rule, i.message) for i in found[:MAX_ERRORS_PER_GAME]]
        if len(found) > MAX_ERRORS_PER_GAME:
            least = "at least " if len(found) >= MAX_SCHEMA_ERRORS else ""  # where the schema check stopped
            more = f"... {least}{len(found) - MAX_ERRORS_PER_GAME} more error(s) in this game not listed"
            shown.append(LogIssue(file, game, None, "", None, more))
        self.issues.extend(shown[:room])
        self.listed += min(len(found), MAX_ERRORS_PER_GAME, room)

    def check(self, text: str, file: str, game: int | None) -> list[LogIssue]:
        """The document's errors (their file and game may be another copy's: :meth:`game` sets them)."""
        # The same short line always gets the same verdict: a stream of copies costs one check.
        key = text if len(text) <= 512 else None  # shorter than any valid log: copies of junk
        if key is not None and key in self.cache:
            return self.cache[key]
        try:
            found = _guard(loads(text), file, game)
        except JSONReadError as error:
            found = [LogIssue(file, game, None, "", None, f"not JSON: {error.message}")]
        if key is not None:
            if len(self.cache) >= 256:
                self.cache.clear()
            self.cache[key] = found
        return found

    def result(self) -> Validation:
        return Validation(
            tuple(self.issues),
            self.games,
            self.invalid_games,
            self.errors,
            tuple(self.unreadable),
            self.listed,
            tuple(self.batches.lost if self.batches is not None else ()),
            tuple(self.skipped),
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


def _guard(doc: object, file: str, game: int | None) -> list[LogIssue]:
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


def log_files(directory: str) -> tuple[list[str], list[str]]:
    """The game logs in ``directory`` as ``validate`` reads them, and one ``path: why`` per problem met.

    Recursively, the ``.json`` and ``.jsonl`` files whose first document holds :data:`LOG_MARK`
    (every log names its format, ``"gupai-log"``); other files are not logs.
    """
    run = _Run()
    found: list[str] = []
    for path in _expand(directory, run):
        try:
            with _open(path) as stream:
                lines = path.lower().endswith(".jsonl")
                head = stream.read(MAX_BYTES) if not lines else b""
                while lines and (line := stream.readline(MAX_BYTES)) and not line.strip():
                    pass
                if LOG_MARK.encode() in (line if lines else head):
                    found.append(path)
        except (OSError, _UnusableError) as error:
            run.unreadable.append(f"{_shown(path)}: {getattr(error, 'strerror', None) or error}")
    return found, run.unreadable


class PathsValidation(NamedTuple):
    """What :func:`validate_paths` found: the issues listed, the games read, one ``path: why`` a path unread."""

    issues: list[LogIssue]
    games: int
    unreadable: list[str]

    @property
    def ok(self) -> bool:
        """Every game read is valid and every path was read."""
        return not self.issues and not self.unreadable


def validate_paths(paths: Iterable[str]) -> PathsValidation:
    """Validate files, directories and ``-``; return the issues listed, the games read, the unreadable paths.

    >>> found = validate_paths(["/nonexistent.json"])
    >>> found.ok, found.games, found.unreadable
    (False, 0, ['/nonexistent.json: No such file or directory'])
    """
    result = validate_all(paths)
    return PathsValidation(list(result.issues), result.games, list(result.unreadable))


def validate_all(
    paths: Iterable[str],
    *,
    submit: Submit | None = None,
    window: int = 4,
    restart: Callable[[], None] | None = None,
) -> Validation:
    """Validate files, directories (recursively, ``.json`` and ``.jsonl``) and ``-`` (standard input).

    With ``submit`` (a process pool's or a Dask client's), the documents are
    read here and checked by the workers in batches of :data:`BATCH_GAMES`,
    at most ``window`` batches out at once (so memory stays bounded); the
    verdicts are recorded in reading order, so the result is the same. With
    ``restart`` too (a :class:`~gupai.core.pool.WorkerPool`'s), a worker
    lost (``BrokenProcessPool``) costs only its own batch: the batches out
    are checked again one at a time in a fresh pool, and one that loses its
    worker again is listed in ``lost``, its games not judged.

    >>> validate_all(["/nonexistent.json"]).unreadable
    ('/nonexistent.json: No such file or directory',)
    """
    run = _Run()
    if submit is not None:
        run.batches = Batches(submit, check_batch, run.record_batch, window=window, restart=restart)
    named: set[str] = set()
    for path in paths:
        if path == "-" and path in named:
            raise GupaiError("- (standard input) is named twice: it can be read only once", where="-")
        named.add(path)
        games, skipped, unreadable = run.games, len(run.skipped), len(run.unreadable)
        for item in _expand(path, run):
            _read(run, item, found=item != path)
        run.finish()
        if len(run.skipped) > skipped and (run.games, len(run.unreadable)) == (games, unreadable):
            run.unreadable.append(f"{_shown(path)}: no game log in this directory (its .json files are not logs)")
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


def _read(run: _Run, path: str, *, found: bool = False) -> None:
    """Read one file (``found``: in a directory, so read only if it is a game log) or ``-``."""
    name = _shown(path) if path != "-" else "<stdin>"
    try:
        if path == "-":
            if sys.stdin is None or getattr(sys.stdin, "buffer", None) is None:
                raise _UnusableError("standard input is closed: nothing to read")
            _read_stream(run, sys.stdin.buffer)
            return
        with _open(path) as stream:
            _feed(run, stream, name, lines=path.lower().endswith(".jsonl"), found=found)
    except _UnusableError as why:
        run.unreadable.append(f"{name}: {why}")
    except OSError as error:
        run.unreadable.append(f"{name}: {error.strerror or error}")


def _read_stream(run: _Run, stream: BinaryIO) -> None:
    """Standard input: one document, or JSON Lines when every line holds one object."""
    head = read_up_to(stream, MAX_BYTES + 1)
    complete = head if len(head) <= MAX_BYTES else head[: head.rfind(b"\n") + 1]
    lines = looks_like_lines(complete)
    if not lines and len(head) > MAX_BYTES:
        raise _UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
    _feed(run, Joined(head, stream), "<stdin>", lines=lines)


#: What marks a file found in a directory as a game log: every log names its format, ``"gupai-log"``.
LOG_MARK = "gupai-log"


def _feed(run: _Run, stream: BinaryIO | Joined, file: str, *, lines: bool, found: bool = False) -> None:
    """Validate what ``stream`` holds; ``found`` (in a directory): only if its first document is a game log."""
    if not lines:
        data = read_up_to(stream, MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise _UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
        text = decode(data)
        if text is None:
            raise _UnusableError("not UTF-8: not read")
        if found and LOG_MARK not in text:
            run.skipped.append(file)
            return
        _refuse_unusable(text)
        run.game(text, file, None)
        return
    number, any_game = 0, False
    while True:
        line = stream.readline(MAX_BYTES + 2)
        if not line:
            if found:  # an empty file in a directory: not a log
                run.skipped.append(file)
            elif not any_game:
                raise _UnusableError("empty: no game log in it")
            return
        number += 1
        any_game = any_game or bool(line.strip())
        if not line.endswith(b"\n") and len(line) > MAX_BYTES:
            while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass  # skip the rest of an overlong line
            run.unreadable.append(f"{file}:{number}: a line larger than {_mib(MAX_BYTES)}: not read")
            continue
        text = decode(line)
        if text is None:
            run.unreadable.append(f"{file}:{number}: not UTF-8: not read")
        elif text.strip():
            if found and LOG_MARK not in text:  # the first document decides, for a file found in a directory
                run.skipped.append(file)
                return
            found = False
            run.game(text, file, number)


def _refuse_unusable(text: str) -> None:
    """Refuse, as unusable input, a document that is empty or is not JSON at all (a README, a binary).

    JSON that starts as an object or an array but breaks later is judged: an invalid log (exit 1).
    """
    body = text.lstrip(" \t\r\n")
    if not body:
        raise _UnusableError("empty: no game log in it")
    if body[0] in "{[":
        return
    try:
        loads(body)
    except (JSONReadError, RecursionError) as error:
        why = error.message if isinstance(error, JSONReadError) else "nested too deeply"
        raise _UnusableError(f"not JSON ({why}): not a game log") from None
