"""The validator's verdicts: one document checked, a run's findings kept within their caps, a worker's batch.

:class:`Run` is what the reader (:mod:`gupai.log.read`) fills in as it reads:
each document checked here or handed to the workers, the verdicts recorded
in reading order, the match links between the lines of a file checked.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

from gupai.core import stops
from gupai.core.errors import GupaiError
from gupai.core.jsonread import JSONReadError, loads
from gupai.games.base import is_unfinished
from gupai.log.batches import Batch, Batches
from gupai.log.match import MatchLinks
from gupai.log.quick import accepted
from gupai.log.ranges import FileRange, RangeVerdicts, owned
from gupai.log.streams import UnusableError, open_regular
from gupai.log.validate import (
    MORE_SCHEMA_ERRORS,
    RETIRED_NOTE,
    UNEXPLAINED,
    UNFINISHED_NOTE,
    LogIssue,
    log_notes,
    validate_log,
)

__all__ = [
    "MAX_ERRORS_PER_GAME",
    "MAX_ERRORS_PER_RUN",
    "MAX_UNREADABLE_LINES",
    "Run",
    "Validation",
    "check_batch",
    "check_batch_unexplained",
    "check_document",
    "is_note",
    "listed_of",
    "only_note",
]

#: Errors listed for one game; the rest are counted.
MAX_ERRORS_PER_GAME = 100

#: Errors listed for a whole run; the rest of the game that reaches it are counted. The games after it are
#: judged (valid or not) but their errors are neither looked for nor counted: explaining a schema error costs
#: about a millisecond, so 100,000 short invalid lines cost 100 s for errors nobody sees.
MAX_ERRORS_PER_RUN = 1000

#: Lines that cannot be read (not UTF-8, too long) listed for a whole run; the rest are counted.
MAX_UNREADABLE_LINES = 1000


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
    #: The valid logs of games in progress (format 2), each as ``(file, game)``: valid so far, unfinished.
    unfinished: tuple[tuple[str, int | None], ...] = ()
    #: How many valid logs of games in progress were read (:attr:`unfinished` lists the first 1,000).
    unfinished_games: int = 0
    #: Invalid games after the run's :data:`MAX_ERRORS_PER_RUN` listed errors: their errors were not looked for.
    unexplained: int = 0
    #: Lines that could not be read beyond the :data:`MAX_UNREADABLE_LINES` listed in ``unreadable``.
    unreadable_unlisted: int = 0
    #: The valid logs that use a retired reading (a format-1 log read as it was written), each as
    #: ``(file, game, note)``: the first 1,000 (:attr:`noted_games` counts them all).
    notes: tuple[tuple[str, int | None, str], ...] = ()
    #: How many valid logs that use a retired reading were read.
    noted_games: int = 0

    @property
    def unlisted(self) -> int:
        """Errors counted but not listed."""
        return self.errors - self.listed


@dataclass
class Run:
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
    #: The workers can open the files (local processes): a large .jsonl is read by them, in byte ranges.
    workers_read: bool = False
    #: The number of the first line of the next byte range recorded (:meth:`record_range`).
    line: int = 1
    #: The valid logs of games in progress, as ``(file, game)``; :attr:`unfinished_count` counts them all.
    unfinished: list[tuple[str, int | None]] = field(default_factory=list)
    unfinished_count: int = 0
    unexplained: int = 0
    unreadable_lines: int = 0
    unreadable_unlisted: int = 0
    #: The valid logs that use a retired reading, as ``(file, game, note)``; :attr:`noted_count` counts them all.
    notes: list[tuple[str, int | None, str]] = field(default_factory=list)
    noted_count: int = 0

    @property
    def room(self) -> int:
        """How many more issues the run lists: when none, the errors of later games are not looked for."""
        return MAX_ERRORS_PER_RUN - len(self.issues)

    def unreadable_line(self, why: str) -> None:
        """A line that cannot be read (``file:line: why``): listed, up to :data:`MAX_UNREADABLE_LINES`."""
        if self.unreadable_lines < MAX_UNREADABLE_LINES:
            self.unreadable.append(why)
            self.unreadable_lines += 1
        else:
            self.unreadable_unlisted += 1

    def game(self, text: str, file: str, game: int | None) -> None:
        """Validate one document's text (here, or in a batch for the workers), keeping what the caps allow."""
        if self.batches is None:
            self.game_here(text, file, game)
        else:
            self.batches.add(text, file, game)

    def game_here(self, text: str, file: str, game: int | None) -> None:
        """Validate one document's text in this process (after every verdict before it is recorded)."""
        doc, found = self.verdict(text, file, game)  # a valid log is read once, for its match link too
        self._record(self.links.check(text, file, game, found, doc=doc), file, game)

    def record_batch(self, batch: Batch, verdicts: list[list[LogIssue]]) -> None:
        """Record a batch's verdicts, which came back from a worker (each game's match links checked here, in
        reading order)."""
        for (text, file, game), found in zip(batch, verdicts, strict=True):
            self._record(self.links.check(text, file, game, found), file, game)

    def record_range(self, part: FileRange, verdicts: RangeVerdicts) -> None:
        """Record what a worker found in a byte range of a file, whose first line is line :attr:`line` (the first
        line's match link checked here); :attr:`line` moves on to the range after."""
        stops.check()
        base, file = self.line - 1, part.file
        if verdicts.first is not None:
            number, text, found = verdicts.first
            self._record(self.links.check(text, file, base + number, found), file, base + number)
        for number, item in verdicts.rest:
            if isinstance(item, str):
                self.unreadable_line(f"{file}:{base + number}: {item}")
            else:
                self._record(item, file, base + number)
        self.games += verdicts.quiet + verdicts.hidden + verdicts.unfinished + verdicts.noted
        self.unfinished_count += verdicts.unfinished
        self.noted_count += verdicts.noted
        self.invalid_games += verdicts.hidden
        self.unexplained += verdicts.hidden
        self.unreadable_unlisted += verdicts.unread
        if verdicts.last is not None:
            self.links.follow(verdicts.last, file)
        if verdicts.failed is not None and verdicts.failed not in self.unreadable:  # said once, not once a range
            self.unreadable.append(verdicts.failed)
        self.line += verdicts.lines

    def lost_range(self, part: FileRange) -> str:
        """A range whose worker was lost twice, not judged: its lines (``file:first-last``), counted here so
        that the ranges after it keep their numbers."""
        lines = 0
        with contextlib.suppress(OSError, UnusableError), open_regular(part.path) as opened:
            reader = owned(opened, part)
            while reader.readline(1 << 20):
                pass
            lines = reader.count
        first, self.line = self.line, self.line + lines
        return f"{part.file}:{first}-{first + max(lines, 1) - 1}"

    def finish(self) -> None:
        """Wait for every batch out, recording the verdicts in reading order."""
        if self.batches is not None:
            self.batches.finish()

    def _record(self, found: list[LogIssue], file: str, game: int | None) -> None:
        stops.check()  # a stop signal is acted on within a game, whatever became of its first exception
        self.games += 1
        if not found:
            return
        if is_note(found[0]):  # a valid log of a game in progress, or one that uses a retired reading (a note,
            # first and alone)
            if len(found) == 1:
                if found[0].message == UNFINISHED_NOTE:
                    self.unfinished_count += 1
                    if len(self.unfinished) < MAX_ERRORS_PER_RUN:
                        self.unfinished.append((file, game))
                else:
                    self.noted_count += 1
                    if len(self.notes) < MAX_ERRORS_PER_RUN:
                        self.notes.append((file, game, found[0].message))
                return
            found = found[1:]  # (invalid after all: its link to the game before, checked after its own verdict)
        self.invalid_games += 1
        room = self.room
        if room <= 0 or found[0].message == UNEXPLAINED:  # past the listed errors: judged, not explained
            self.unexplained += 1
            return
        errors = listed_of(found)
        self.errors += errors
        shown = [LogIssue(file, game, i.event, i.pointer, i.rule, i.message) for i in found[:MAX_ERRORS_PER_GAME]]
        if errors > MAX_ERRORS_PER_GAME:
            more = f"... {errors - MAX_ERRORS_PER_GAME} more error(s) in this game not listed"
            shown.append(LogIssue(file, game, None, "", None, more))
        self.issues.extend(shown[:room])
        self.listed += min(errors, MAX_ERRORS_PER_GAME, room)
        if self.room <= 0 and self.batches is not None:  # the batches sent from now on are judged, not explained
            self.batches.task = check_batch_unexplained

    def check(self, text: str, file: str, game: int | None, *, explain: bool = True) -> list[LogIssue]:
        """The document's errors (their file and game may be another copy's: :meth:`game` sets them).

        A valid Kap log is usually found so by the quick path (:mod:`gupai.log.quick`); anything else
        goes the long way, which explains what is wrong (unless not ``explain``: see :func:`check_document`)."""
        return self.verdict(text, file, game, explain=explain)[1]

    def verdict(
        self, text: str, file: str, game: int | None, *, explain: bool | None = None
    ) -> tuple[dict[str, Any] | None, list[LogIssue]]:
        """The document as the quick path read it (``None`` if it did not vouch for it), and its errors: a valid
        log is decoded once, for its match link too (the ``doc`` of :meth:`gupai.log.match.MatchLinks.check`).

        ``explain`` (by default, whether the run lists more issues): whether a schema error is explained."""
        doc = accepted(text)
        if doc is not None:
            return doc, [LogIssue(file, game, None, "/version", None, note) for note in log_notes(doc)]
        return None, self._long_way(text, file, game, explain=self.room > 0 if explain is None else explain)

    def _long_way(self, text: str, file: str, game: int | None, *, explain: bool) -> list[LogIssue]:
        """The strict reader, the whole schema and the replay (:func:`check_document`)."""
        # The same short line always gets the same verdict: a stream of copies costs one check.
        key = text if len(text) <= 512 else None  # shorter than any valid log: copies of junk
        if key is not None and key in self.cache:
            return self.cache[key]
        try:
            doc = loads(text)
            found = check_document(doc, file=file, game=game, explain=explain)
        except JSONReadError as error:
            found = [LogIssue(file, game, None, "", None, f"not JSON: {error.message}")]
        else:
            if not found and isinstance(doc, dict) and is_unfinished(doc):  # (valid: a format-2 log)
                found = [LogIssue(file, game, None, "/result", None, UNFINISHED_NOTE)]
            elif not found:  # valid: a format-1 log may use a retired reading (never one in progress)
                found = [LogIssue(file, game, None, "/version", None, note) for note in log_notes(doc)]
        if key is not None and found[:1] != [LogIssue(file, game, None, "", None, UNEXPLAINED)]:
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
            tuple(self.unfinished),
            self.unfinished_count,
            self.unexplained,
            self.unreadable_unlisted,
            tuple(self.notes),
            self.noted_count,
        )


def is_note(issue: LogIssue) -> bool:
    """Whether an issue is a note on a valid log (a game in progress, a retired reading), not an error."""
    return issue.message == UNFINISHED_NOTE or issue.message.startswith(RETIRED_NOTE)


def only_note(found: list[LogIssue]) -> bool:
    """Whether a game's issues are the one note of a valid log (in progress, or using a retired reading)."""
    return len(found) == 1 and is_note(found[0])


def listed_of(found: list[LogIssue]) -> int:
    """How many errors a game's issues hold (the schema check's last note, or the one issue of a game not
    explained, is no error)."""
    return len(found) - (found[-1].message in (MORE_SCHEMA_ERRORS, UNEXPLAINED))


def check_batch(batch: Batch) -> list[list[LogIssue]]:
    """A worker's task: each document's errors, in the batch's order.

    >>> for found in check_batch([("[1]", "a.jsonl", 1), ("[", "a.jsonl", 2)]):
    ...     print(found[0])
    a.jsonl:1: / [schema] [1] is not of type 'object'
    a.jsonl:2: / [schema] not JSON: Expecting value at line 1 column 2
    """
    run = Run()
    return [run.check(text, file, game) for text, file, game in batch]


def check_batch_unexplained(batch: Batch) -> list[list[LogIssue]]:
    """A worker's task once the run lists no more errors: each document's verdict, schema errors not explained.

    >>> for found in check_batch_unexplained([("[1]", "a.jsonl", 1), ("[", "a.jsonl", 2)]):
    ...     print(found[0])
    a.jsonl:1: / [schema] ... invalid: its errors were not looked for
    a.jsonl:2: / [schema] not JSON: Expecting value at line 1 column 2
    """
    run = Run()
    return [run.check(text, file, game, explain=False) for text, file, game in batch]


def check_document(doc: object, *, file: str, game: int | None, explain: bool = True) -> list[LogIssue]:
    """The errors of one document read by :func:`gupai.core.jsonread.loads`, each a :class:`LogIssue`
    (without ``explain``, a schema error is not explained: :data:`~gupai.log.validate.UNEXPLAINED`).

    >>> print(check_document([], file="x.json", game=None)[0])
    x.json: / [schema] [] is not of type 'object'
    """
    try:
        return validate_log(doc, file=file, game=game, integral=True, explain=explain)
    except RecursionError:
        return [LogIssue(file, game, None, "", None, "not a log: nested too deeply")]
    except GupaiError as error:  # a value the schema let through but the rules reject
        return [LogIssue(file, game, None, "", error.rule, error.message)]
