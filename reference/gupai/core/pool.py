"""The worker processes of ``--jobs``: they ignore Ctrl-C, die with their parent, and are torn down at once.

A :class:`WorkerPool` is a process pool (``concurrent.futures``) whose
workers

- ignore SIGINT: a Ctrl-C at the terminal reaches the whole process group,
  and only the parent decides what it means (it stops the run);
- are killed by the kernel when the parent dies, however it dies (Linux's
  ``PR_SET_PDEATHSIG``; elsewhere a worker whose parent has gone exits at
  its next task);
- are killed, not waited for, when the pool is left by an exception (a
  signal, an error): the queued tasks are dropped and the workers reaped
  within a second.

When a worker is lost (killed by the kernel for its memory, say), the pool
breaks and every task it held fails with :class:`BrokenProcessPool`;
:meth:`WorkerPool.restart` gives a fresh pool, so that the caller can submit
those tasks again.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

__all__ = ["BrokenProcessPool", "WorkerPool"]

_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when its parent dies; exit now if it has died already."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)


#: The signals that stop a command: held back while the workers are forked (see :func:`_stops_held`).
_STOPS = frozenset({signal.SIGINT, signal.SIGTERM})


@contextlib.contextmanager
def _stops_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back while the workers are forked; one that came meanwhile is handled after.

    A handler that runs in the middle of a fork runs inside the fork's own
    hooks (``logging`` registers some), which ignore what it raises: the
    command's stop would be lost, and the run would go on to its end.
    """
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_worker(parent: int, initializer: Callable[..., None] | None, args: Sequence[Any]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them back (_stops_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
    _die_with_parent(parent)
    if initializer is not None:
        initializer(*args)


class WorkerPool:
    """``jobs`` worker processes (forked where the system can), with an optional ``initializer(*initargs)``.

    >>> with WorkerPool(2) as pool:
    ...     pool.submit(pow, 2, 10).result()
    1024
    """

    def __init__(self, jobs: int, *, initializer: Callable[..., None] | None = None, initargs: Sequence[Any] = ()):
        self.jobs = jobs
        self._initializer = initializer
        self._initargs = tuple(initargs)
        self._executor: ProcessPoolExecutor | None = None
        self._out: list[Future[Any]] = []  # the workers' tasks not known to be done (for submit_or_run)
        #: How many times the pool was rebuilt after losing a worker.
        self.restarts = 0

    def _make(self) -> ProcessPoolExecutor:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        return ProcessPoolExecutor(
            self.jobs,
            mp_context=context,
            initializer=_start_worker,
            initargs=(os.getpid(), self._initializer, self._initargs),
        )

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """Run ``fn(*args)`` in a worker; its future (failed with :class:`BrokenProcessPool` if the pool is)."""
        if self._executor is None:
            self._executor = self._make()
            with _stops_held():  # the first task forks the workers
                return self._submit(fn, *args)
        return self._submit(fn, *args)

    def submit_or_run(self, fn: Callable[..., Any], /, *args: Any, ahead: int = 2) -> Future[Any]:
        """:meth:`submit`, unless every worker has ``ahead`` tasks waiting already: then ``fn(*args)`` runs here,
        at once, and its future is done (with its result, or its exception). The calling process so takes its
        share of the work instead of only waiting: ``jobs - 1`` workers and it keep ``jobs`` cores busy.

        >>> with WorkerPool(1) as pool:
        ...     [pool.submit_or_run(pow, 2, n, ahead=1).result() for n in range(4)]
        [1, 2, 4, 8]
        """
        self._out = [future for future in self._out if not future.done()]
        if self._executor is None or len(self._out) < ahead * self.jobs:
            return self.submit(fn, *args)
        here: Future[Any] = Future()
        try:
            here.set_result(fn(*args))
        except Exception as error:  # as a worker's task fails: in its future
            here.set_exception(error)
        return here

    def _submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        assert self._executor is not None
        try:
            future = self._executor.submit(fn, *args)
            self._out.append(future)
            return future
        except BrokenProcessPool as error:  # a worker was lost before this task: it fails as the tasks out do
            failed: Future[Any] = Future()
            failed.set_exception(error)
            return failed

    def map_ordered(self, fn: Callable[[Any], Any], items: Sequence[Any], *, window: int = 0) -> Iterator[Any]:
        """``fn(item)`` for each of ``items``, in order, with at most ``window`` (default: twice the jobs) out.

        After a lost worker, every item out is submitted again, once, to a fresh pool; an item whose worker
        is lost a second time raises :class:`BrokenProcessPool`.

        >>> with WorkerPool(2) as pool:
        ...     list(pool.map_ordered(abs, [-1, 2, -3]))
        [1, 2, 3]
        """
        window = window or 2 * self.jobs
        out: deque[tuple[Any, Future[Any], bool]] = deque()
        for item in items:
            out.append((item, self.submit(fn, item), False))
            while len(out) > window:
                yield self._oldest(fn, out)
        while out:
            yield self._oldest(fn, out)

    def _oldest(self, fn: Callable[[Any], Any], out: deque[tuple[Any, Future[Any], bool]]) -> Any:
        item, future, again = out.popleft()
        try:
            return future.result()
        except BrokenProcessPool:
            if again:
                raise
        waiting = [item, *(each for each, _, _ in out)]
        out.clear()
        self.restart()
        out.extend((each, self.submit(fn, each), True) for each in waiting)
        return self._oldest(fn, out)

    def restart(self) -> None:
        """Drop the pool (broken by a lost worker) and its tasks; the next :meth:`submit` starts a fresh one."""
        self.kill()
        self.restarts += 1

    def kill(self) -> None:
        """Kill every worker now, drop every queued task, and reap the workers."""
        executor, self._executor = self._executor, None
        self._out = []
        if executor is None:
            return
        workers = dict(getattr(executor, "_processes", None) or {})
        manager = getattr(executor, "_executor_manager_thread", None)
        for process in workers.values():
            with contextlib.suppress(Exception):
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)
        for process in workers.values():
            with contextlib.suppress(Exception):
                process.join(timeout=1.0)
        if manager is not None:
            # The pool's manager thread sees its workers gone and closes its wake-up pipe. Left running, it
            # races Python 3.11's exit hook, which may write to that pipe as it closes: a stray "OSError: [Errno
            # 9] Bad file descriptor" after the one-line stop message. It ends at once, its workers dead.
            manager.join(timeout=1.0)

    def close(self) -> None:
        """Wait for the tasks submitted, then stop the workers."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self.close()
        else:  # an error or a signal: nothing more is wanted from the workers
            self.kill()
