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

__all__ = ["AHEAD", "BrokenProcessPool", "Shared", "WorkerPool"]

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


#: Tasks queued for each worker by :meth:`WorkerPool.submit_or_run` before the calling process runs one itself.
AHEAD = 4


def _run_here(fn: Callable[..., Any], args: tuple[Any, ...]) -> Future[Any]:
    """``fn(*args)`` run in this process, as a done future: its result, or its exception (as a worker's)."""
    here: Future[Any] = Future()
    try:
        here.set_result(fn(*args))
    except Exception as error:
        here.set_exception(error)
    return here


class Shared:
    """A task of :meth:`WorkerPool.submit_or_run`, and its result: a worker's, or the calling process's.

    Asked for its result before any worker has begun it, the calling process
    takes the task back and runs it itself; asked while a worker runs it, the
    calling process meanwhile runs the tasks that no worker has begun rather
    than only wait. (A task a worker has begun is never run twice.)
    """

    __slots__ = ("_args", "_fn", "_future", "_here", "_pool")

    def __init__(self, pool: WorkerPool, future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self._pool, self._future, self._fn, self._args = pool, future, fn, args
        self._here: Future[Any] | None = future if future.done() else None

    def claim(self) -> bool:
        """Take the task back and run it here, if no worker has begun it (whether this did)."""
        if self._here is not None or self._pool.restarts or self._future.done() or not self._future.cancel():
            return False
        self._here = _run_here(self._fn, self._args)
        return True

    def done(self) -> bool:
        return self._here is not None or self._future.done()

    def _settled(self) -> Future[Any]:
        if self._here is None and not self.claim():
            self._pool._help_until(self._future)
        return self._here if self._here is not None else self._future

    def result(self) -> Any:
        return self._settled().result()

    def exception(self) -> BaseException | None:
        return self._settled().exception()


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
        self._shared: list[Shared] = []  # the tasks of submit_or_run not known to be done
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

    def submit_or_run(self, fn: Callable[..., Any], /, *args: Any, ahead: int = AHEAD) -> Shared:
        """:meth:`submit`, unless every worker has ``ahead`` tasks waiting already: then ``fn(*args)`` runs here,
        at once. The calling process so takes its share of the work instead of only waiting: ``jobs - 1``
        workers and it keep ``jobs`` cores busy. What it returns is a :class:`Shared`: asked for its result,
        it waits for no task that a worker has not begun.

        Once a worker has been lost, the calling process runs no task itself: the task that killed a worker,
        checked again alone in a fresh pool (:meth:`restart`), could kill it too.

        >>> with WorkerPool(1) as pool:
        ...     [pool.submit_or_run(pow, 2, n, ahead=1).result() for n in range(4)]
        [1, 2, 4, 8]
        """
        self._shared = [task for task in self._shared if not task.done()]  # (the rest are a worker's, queued or begun)
        if self._executor is None or len(self._shared) < ahead * self.jobs or self.restarts:
            task = Shared(self, self.submit(fn, *args), fn, args)
            if not self.restarts:
                self._shared.append(task)
            return task
        return Shared(self, _run_here(fn, args), fn, args)

    def _help_until(self, future: Future[Any]) -> None:
        """Until ``future`` (a worker's) is done, run here the tasks of :meth:`submit_or_run` that no worker has
        begun, the last submitted first (the workers take the first)."""
        while not future.done():
            if not any(task.claim() for task in reversed(self._shared)):
                return

    def _submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        assert self._executor is not None
        try:
            return self._executor.submit(fn, *args)
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
        self._shared = []
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
