"""The validator's documents sent to workers in batches (``--jobs``, ``--cluster``), the verdicts taken back in order.

At most ``window`` batches are out at once, so memory stays bounded
whatever the corpus. With a pool that can be rebuilt (``restart``, a
:class:`~gupai.core.pool.WorkerPool`'s), a worker lost (``BrokenProcessPool``:
killed for its memory, say) costs only its own batch: every batch out is
checked again, alone, in a fresh pool, and one that loses its worker a
second time is reported in :attr:`Batches.lost`, its games not judged; the
others are judged as usual.

Beside the batches of documents, other work may be queued in the same order
with :meth:`Batches.add_task` (the byte ranges of a large file that the
workers read themselves, :mod:`gupai.log.ranges`): its results are recorded
between the batches read before it and after it, and a lost worker costs it
what it costs a batch.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gupai.log.validate import LogIssue

__all__ = ["BATCH_BYTES", "BATCH_GAMES", "Batch", "Batches", "Submit", "batch_name"]

#: Documents a worker checks at once, and at most about this many bytes of them.
BATCH_GAMES = 64
BATCH_BYTES = 8 * 1024 * 1024

#: Documents for a worker: (text, file, game) each, in reading order.
Batch = list[tuple[str, str, int | None]]

#: A worker's task: each document's errors, in the batch's order.
Task = Callable[[Batch], list[list[LogIssue]]]

#: Hands a worker a function and its argument (a batch, or another task's); returns what has ``.result()``: a
#: process pool's or a Dask client's ``submit``.
Submit = Callable[[Callable[[Any], Any], Any], Any]


@dataclass(frozen=True, slots=True)
class _Out:
    """Work handed to the workers: its argument, its future, the function, how its result is recorded, and how
    its loss is (naming its games)."""

    item: Any
    future: Any
    task: Callable[[Any], Any]
    record: Callable[[Any, Any], None]
    lost: Callable[[Any], str]


def batch_name(batch: Batch) -> str:
    """The games of a batch, for a message: ``file:first-last`` for each file in it (``file`` for a ``.json``).

    >>> batch_name([("{}", "a.jsonl", 3), ("{}", "a.jsonl", 9), ("{}", "b.json", None)])
    'a.jsonl:3-9, b.json'
    """
    spans: dict[str, list[int]] = {}
    for _, file, game in batch:
        spans.setdefault(file, []).extend([] if game is None else [game])
    return ", ".join(f"{file}:{min(games)}-{max(games)}" if games else file for file, games in spans.items())


class Batches:
    """Documents gathered into batches for ``task`` on the workers; ``record(batch, verdicts)`` in reading order."""

    def __init__(
        self,
        submit: Submit,
        task: Task,
        record: Callable[[Batch, list[list[LogIssue]]], None],
        *,
        window: int = 4,
        restart: Callable[[], None] | None = None,
    ) -> None:
        self.submit, self.task, self.record = submit, task, record
        self.window, self.restart = window, restart
        self.batch: Batch = []
        self.batch_bytes = 0
        self.pending: deque[_Out] = deque()
        #: One line per batch whose worker was lost twice (its games not judged).
        self.lost: list[str] = []

    def add(self, text: str, file: str, game: int | None) -> None:
        """Add one document; a full batch goes to the workers."""
        self.batch.append((text, file, game))
        self.batch_bytes += len(text)
        if len(self.batch) >= BATCH_GAMES or self.batch_bytes >= BATCH_BYTES:
            self._send()

    def add_task(
        self, task: Callable[[Any], Any], item: Any, record: Callable[[Any, Any], None], lost: Callable[[Any], str]
    ) -> None:
        """Queue ``task(item)`` after the documents added so far; ``record(item, result)`` in its turn.

        Should its worker be lost twice, ``lost(item)`` is called in its turn instead, and names its games for a
        message.
        """
        self._send()
        self.pending.append(_Out(item, self.submit(task, item), task, record, lost))
        self._send()

    def finish(self) -> None:
        """Wait for every batch out, recording the verdicts in reading order."""
        self._send()
        while self.pending:
            self._collect()

    def _send(self) -> None:
        """Hand the batch to the workers; collect the oldest while more than ``window`` are out."""
        if self.batch:
            batch = self.batch
            self.pending.append(_Out(batch, self.submit(self.task, batch), self.task, self.record, batch_name))
            self.batch, self.batch_bytes = [], 0
        while len(self.pending) > self.window:
            self._collect()

    def _collect(self) -> None:
        from gupai.core.pool import BrokenProcessPool  # (a pool's, loaded by then: not at import)

        out = self.pending.popleft()
        try:
            verdicts = out.future.result()
        except BrokenProcessPool:
            if self.restart is None:
                raise
            self._recover(out)
            return
        out.record(out.item, verdicts)

    def _recover(self, out: _Out) -> None:
        """A worker was lost, and with it every batch out: each is checked again, alone, in a fresh pool (but
        one already checked, by the calling process or before the loss)."""
        from gupai.core.pool import BrokenProcessPool

        assert self.restart is not None
        again = [out, *self.pending]
        self.pending.clear()
        self.restart()
        for each in again:
            if _checked(each.future):  # checked before the loss (or here)
                each.record(each.item, each.future.result())
                continue
            try:
                verdicts = self.submit(each.task, each.item).result()
            except BrokenProcessPool:  # lost again, alone: this batch is the one to blame
                self.restart()
                self.lost.append(each.lost(each.item))
                continue
            each.record(each.item, verdicts)


def _checked(future: Any) -> bool:
    """Whether ``future`` holds a result (not an error; not dropped with a broken pool's queue)."""
    from concurrent.futures import CancelledError

    try:
        return bool(future.done()) and future.exception() is None
    except CancelledError:
        return False
