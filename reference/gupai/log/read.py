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

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, NamedTuple

from gupai.core.errors import GupaiError
from gupai.core.jsonread import JSONReadError, JSONSyntaxError, loads
from gupai.core.workers import out_of_descriptors
from gupai.log import ranges
from gupai.log.batches import BATCH_BYTES, BATCH_GAMES, Batch, Batches, Submit
from gupai.log.ranges import FileRange, OwnedLines, RangeVerdicts, cut_bytes, owned
from gupai.log.streams import (
    Joined,
    UnusableError,
    decode,
    expand,
    looks_like_lines,
    open_regular,
    read_up_to,
    shown,
)
from gupai.log.validate import UNFINISHED_NOTE, LogIssue
from gupai.log.verdicts import (
    MAX_ERRORS_PER_GAME,
    MAX_ERRORS_PER_RUN,
    MAX_UNREADABLE_LINES,
    Run,
    Validation,
    check_batch,
    check_document,
    listed_of,
    only_note,
)

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
    "UnreadableLogError",
    "Validation",
    "check_batch",
    "check_document",
    "check_range",
    "log_files",
    "read_documents",
    "validate_all",
    "validate_paths",
    "validate_text",
]

#: A document (a ``.json`` file, one line of a ``.jsonl`` file) larger than this is not read.
MAX_BYTES = 4 * 1024 * 1024


def check_range(part: FileRange) -> RangeVerdicts:
    """A worker's task: read the lines of a byte range of a JSON Lines file, as the reading process would, and
    check them (their numbers count from the range's first line).

    Each line but the first gets its match link to the line before checked here; the first one's is the
    reading process's, which knows the range before. The worker sends back no more than the reader can keep:
    the errors of its games are explained until they fill a run's list (:data:`MAX_ERRORS_PER_RUN`, at most
    :data:`MAX_ERRORS_PER_GAME` counted a game, no more than the reader lists of them); later invalid games are
    judged and counted in ``hidden``, and unreadable lines past as many are counted in ``unread``.
    """
    run = Run()
    rest: list[tuple[int, list[LogIssue] | str]] = []
    first: tuple[int, str, list[LogIssue]] | None = None
    last: str | None = None
    quiet = number = kept = hidden = unread = listed_unread = unfinished = listed_notes = noted = 0
    try:
        with open_regular(part.path) as opened:
            info = os.fstat(opened.fileno())
            if (info.st_dev, info.st_ino) != part.identity:
                raise UnusableError("replaced while it was read: not read")
            reader = owned(opened, part)
            for line, text, readable in _documents(reader, lines=True):
                number = line or 0  # always a number: the lines of a JSON Lines file
                if not readable:
                    if listed_unread < MAX_UNREADABLE_LINES:
                        rest.append((number, text))
                        listed_unread += 1
                    else:
                        unread += 1
                    continue
                explain = kept < MAX_ERRORS_PER_RUN
                doc, found = run.verdict(text, part.file, number, explain=explain)
                if first is None:
                    first = (number, text, found)
                    run.links.follow(text, part.file)
                else:
                    found = run.links.check(text, part.file, number, found, doc=doc)
                    if not found:
                        quiet += 1
                    elif only_note(found):  # valid, in progress or of a retired reading: sent back while the
                        # reader may list them (it keeps a list of each kind), counted after
                        if listed_notes < 2 * MAX_ERRORS_PER_RUN:
                            rest.append((number, found))
                            listed_notes += 1
                        elif found[0].message == UNFINISHED_NOTE:
                            unfinished += 1
                        else:
                            noted += 1
                    elif explain:
                        rest.append((number, found))
                    else:
                        hidden += 1
                if found and explain and not only_note(found):  # (the reader lists at least this many)
                    kept += min(listed_of(found), MAX_ERRORS_PER_GAME)
                last = text
            number = reader.count
    except (OSError, UnusableError) as error:  # the file went away or changed kind since it was opened
        if isinstance(error, OSError) and out_of_descriptors(error):  # the machine's fault, not the file's
            raise GupaiError(_no_descriptor(part.file)) from None
        why = f"{part.file}: {getattr(error, 'strerror', None) or error}"
        return RangeVerdicts(
            first,
            rest,
            quiet,
            last,
            number,
            failed=why,
            hidden=hidden,
            unread=unread,
            unfinished=unfinished,
            noted=noted,
        )
    return RangeVerdicts(
        first, rest, quiet, last, number, hidden=hidden, unread=unread, unfinished=unfinished, noted=noted
    )


def validate_text(text: str, *, file: str = "<log>", lines: bool = False) -> list[LogIssue]:
    """Validate one document, or a JSON Lines corpus when ``lines`` is true.

    >>> validate_text('{}\\n{}', file="two.jsonl", lines=True)[0].game
    1
    """
    run = Run()
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
    run = Run()
    found: list[str] = []
    for path in expand(directory, run.unreadable):
        try:
            with open_regular(path) as stream:
                lines = path.lower().endswith(".jsonl")
                head = stream.read(MAX_BYTES) if not lines else b""
                while lines and (line := stream.readline(MAX_BYTES)) and not line.strip():
                    pass
                if LOG_MARK.encode() in (line if lines else head):
                    found.append(path)
        except (OSError, UnusableError) as error:
            run.unreadable.append(f"{shown(path)}: {getattr(error, 'strerror', None) or error}")
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
    workers_read: bool = False,
) -> Validation:
    """Validate files, directories (recursively, ``.json`` and ``.jsonl``) and ``-`` (standard input).

    With ``submit`` (a process pool's or a Dask client's), the documents are
    read here and checked by the workers in batches of :data:`BATCH_GAMES`,
    at most ``window`` batches out at once (so memory stays bounded); the
    verdicts are recorded in reading order, so the result is the same. With
    ``restart`` too (a :class:`~gupai.core.pool.WorkerPool`'s), a worker
    lost (``BrokenProcessPool``) costs only its own batch: the batches out
    are checked again one at a time in a fresh pool, and one that loses its
    worker again is listed in ``lost``, its games not judged. With
    ``workers_read`` too (the workers are processes of this machine, which
    can open the files), the rest of a large ``.jsonl`` file after its first
    game is not read here but cut into byte ranges at line ends
    (:mod:`gupai.log.ranges`), each read and checked by a worker: the result
    is the same, for much less work here.

    >>> validate_all(["/nonexistent.json"]).unreadable
    ('/nonexistent.json: No such file or directory',)
    """
    run = Run(workers_read=workers_read and submit is not None)
    if submit is not None:
        run.batches = Batches(submit, check_batch, run.record_batch, window=window, restart=restart)
    named: set[str] = set()
    for path in paths:
        if path == "-" and path in named:
            raise GupaiError("- (standard input) is named twice: it can be read only once", where="-")
        named.add(path)
        games, skipped, unreadable = run.games, len(run.skipped), len(run.unreadable)
        for item in expand(path, run.unreadable):
            _read(run, item, found=item != path)
        run.finish()
        if len(run.skipped) > skipped and (run.games, len(run.unreadable)) == (games, unreadable):
            run.unreadable.append(f"{shown(path)}: no game log in this directory (its .json files are not logs)")
    run.finish()
    return run.result()


# ------------------------------------------------------------ sources
def _mib(size: int) -> str:
    return f"{size / 2**20:g} MiB"


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
    name = shown(path) if path != "-" else "<stdin>"
    try:
        if path == "-":
            stream, lines = _read_stream(_stdin())
            yield from _checked(_documents(stream, lines=lines), name)
            return
        with open_regular(path) as opened:
            yield from _checked(_documents(opened, lines=path.lower().endswith(".jsonl")), name)
    except UnusableError as why:
        raise UnreadableLogError(f"{name}: {why}") from None
    except OSError as error:
        raise UnreadableLogError(f"{name}: {error.strerror or error}") from None


def _checked(found: Iterator[tuple[int | None, str, bool]], name: str) -> Iterator[tuple[int | None, str]]:
    for number, text, readable in found:
        if not readable:
            raise UnreadableLogError(f"{name}:{number}: {text}")
        yield number, text


def _stdin() -> BinaryIO:
    if sys.stdin is None or getattr(sys.stdin, "buffer", None) is None:
        raise UnusableError("standard input is closed: nothing to read")
    return sys.stdin.buffer


def _read(run: Run, path: str, *, found: bool = False) -> None:
    """Read one file (``found``: in a directory, so read only if it is a game log) or ``-``."""
    name = shown(path) if path != "-" else "<stdin>"
    try:
        if path == "-":
            stream, lines = _read_stream(_stdin())
            _feed(run, stream, name, lines=lines)
            return
        with open_regular(path) as opened:
            lower = path.lower()
            lines = lower.endswith(".jsonl") or (not lower.endswith(".json") and _sniffed_lines(opened))
            _feed(run, opened, name, lines=lines, found=found, path=path)
    except UnusableError as why:
        run.unreadable.append(f"{name}: {why}")
    except OSError as error:
        if out_of_descriptors(error):  # the machine's fault, not the file's
            raise GupaiError(_no_descriptor(name)) from None
        run.unreadable.append(f"{name}: {error.strerror or error}")


def _no_descriptor(name: str) -> str:
    return (
        f"too many open files to open {name} (the limit, ulimit -n, is reached: the file itself may be fine); "
        "raise the limit or run fewer --jobs"
    )


def _read_stream(stream: BinaryIO) -> tuple[Joined, bool]:
    """Standard input: one document, or JSON Lines when every line holds one object (the stream, and which)."""
    head = read_up_to(stream, MAX_BYTES + 1)
    complete = head if len(head) <= MAX_BYTES else head[: head.rfind(b"\n") + 1]
    lines = looks_like_lines(complete)
    if not lines and len(head) > MAX_BYTES:
        raise UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
    return Joined(head, stream), lines


def _sniffed_lines(opened: BinaryIO) -> bool:
    """Whether a file named neither ``.json`` nor ``.jsonl`` (``/dev/stdin`` redirected from a file, say) holds
    JSON Lines, judged as standard input is (:func:`_read_stream`); the file is left where it was."""
    at = opened.tell()
    head = read_up_to(opened, MAX_BYTES + 1)
    opened.seek(at)
    return looks_like_lines(head if len(head) <= MAX_BYTES else head[: head.rfind(b"\n") + 1])


#: What marks a file found in a directory as a game log: every log names its format, ``"gupai-log"``.
LOG_MARK = "gupai-log"


def _feed(
    run: Run, stream: BinaryIO | Joined, file: str, *, lines: bool, found: bool = False, path: str | None = None
) -> None:
    """Validate what ``stream`` holds; ``found`` (in a directory): only if its first document is a game log.

    ``path``: the file ``stream`` reads (not standard input), which the workers may open themselves."""
    any_game = False
    for number, text, readable in _documents(stream, lines=lines):
        if not readable:
            any_game = True
            run.unreadable_line(f"{file}:{number}: {text}")
            continue
        if found:  # the first document decides, for a file found in a directory
            found = False
            if LOG_MARK not in text:
                run.skipped.append(file)
                return
        if number is None:
            _refuse_unusable(text)
        any_game = True
        if lines and run.workers_read and _to_ranges(run, stream, path, file, (number, text)):
            return
        run.game(text, file, number)
    if not any_game and lines:
        if found:  # an empty file in a directory: not a log
            run.skipped.append(file)
        else:
            raise UnusableError("empty: no game log in it")


def _to_ranges(run: Run, stream: BinaryIO | Joined, path: str | None, file: str, head: tuple[int | None, str]) -> bool:
    """Check ``head`` (a line's number and text) here and hand the rest of a large file, after it, to the
    workers in byte ranges; whether it did (if not, nothing was done).

    The line is checked in this process, after every verdict before it: what
    checking a game builds (the validators, the game's tables) is built once,
    before the workers are forked, rather than in each of them.
    """
    number, text = head
    if run.batches is None or number is None or isinstance(stream, Joined) or path is None:
        return False
    at = stream.tell()
    info = os.fstat(stream.fileno())
    if info.st_size - at < ranges.RANGE_FROM or _holed(stream.fileno(), at, info.st_size):
        return False
    run.finish()
    run.game_here(text, file, number)
    identity = (info.st_dev, info.st_ino)
    run.line = number + 1
    size, finest = ranges.RANGE_BYTES, ranges.RANGE_FINEST  # (cut_bytes keeps the finest within the size)
    for part in cut_bytes(path, file, identity, start=at, stop=info.st_size, size=size, finest=finest):
        run.batches.add_task(check_range, part, run.record_range, run.lost_range)
    run.finish()  # what the workers found is recorded before any later file is read
    return True


def _holed(fd: int, start: int, stop: int) -> bool:
    """Whether the file has a hole (a sparse file's, read as NUL bytes) between ``start`` and ``stop``: not JSON,
    so this process reads it, stopping at the first such line, rather than workers reading every range of it."""
    if not hasattr(os, "SEEK_HOLE"):  # pragma: no cover - not on Linux or the BSDs
        return False
    at = os.lseek(fd, 0, os.SEEK_CUR)
    try:
        return os.lseek(fd, start, os.SEEK_HOLE) < stop
    except OSError:  # a file system that cannot say
        return False
    finally:
        os.lseek(fd, at, os.SEEK_SET)


def _documents(stream: BinaryIO | Joined | OwnedLines, *, lines: bool) -> Iterator[tuple[int | None, str, bool]]:
    """(game, text, True) for each document; (line, why, False) for a line that cannot be read."""
    if not lines:
        assert not isinstance(stream, OwnedLines)  # (a range holds lines)
        data = read_up_to(stream, MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise UnusableError(f"larger than {_mib(MAX_BYTES)}: not read")
        text = decode(data)
        if text is None:
            raise UnusableError("not UTF-8: not read")
        yield None, text, True
        return
    number = 0
    while True:
        line = stream.readline(MAX_BYTES + 2)
        if not line:
            return
        number += 1
        if not line.endswith(b"\n") and len(line) > MAX_BYTES:
            if b"\0" in line:  # no JSON holds a NUL byte (a sparse or binary file): the rest is not read either
                yield (
                    number,
                    f"a line larger than {_mib(MAX_BYTES)} with NUL bytes, not JSON: not read, nor the rest",
                    False,
                )
                return
            while (rest := stream.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass  # skip the rest of an overlong line
            yield number, f"a line larger than {_mib(MAX_BYTES)}: not read", False
            continue
        text = decode(line)
        if text is None:
            yield number, "not UTF-8: not read", False
        elif text and not text.isspace():  # (text.strip(), without the copy)
            yield number, text, True


def _refuse_unusable(text: str) -> None:
    """Refuse, as unusable input, a document that is empty or is not JSON at all (a README, a binary, an object
    cut short: exit 2, as every command gives text that is not JSON).

    JSON that the strict reader refuses (a duplicate key, ``NaN``, nesting too deep, a byte order mark before
    it) is judged: an invalid log (exit 1), as an engine's or an API's reader refuses it.
    """
    body = text.lstrip(" \t\r\n")
    if not body:
        raise UnusableError("empty: no game log in it")
    try:
        loads(body)
    except JSONSyntaxError as error:
        raise UnusableError(f"not JSON ({error.message}): not a game log") from None
    except (JSONReadError, RecursionError):
        if body.lstrip("\ufeff")[:1] in ("{", "["):
            return
        raise UnusableError("not JSON: not a game log") from None
