"""The worker processes of ``--jobs``: forked, thread-free, torn down at once; they ignore Ctrl-C and die with
their parent.

A :class:`WorkerPool` forks its workers (:mod:`gupai.core.workers`) when
its first task is submitted and talks to each through two pipes. It runs no
thread: the calling process hands the workers their tasks and takes their
outcomes back itself, whenever it calls the pool (to submit, to wait, to
run a task of its own), so the checking in the calling process never waits
for a helper thread to get the interpreter, nor does a worker for its next
task. Each worker holds at most :data:`DEPTH` tasks (the one it runs, the
next one); the rest wait in the pool, where the calling process can take
them back (:meth:`Task.claim`).

Left by an exception (a signal, an error), the pool kills its workers at
once, drops the tasks and reaps the workers.

When a worker is lost (killed by the kernel for its memory, say), the pool
breaks and every task it held fails with :class:`BrokenProcessPool`;
:meth:`WorkerPool.restart` gives a fresh pool, so that the caller can submit
those tasks again.

Where the system cannot fork (no ``os.fork``), a pool runs each task in the
calling process when it is submitted.

A worker found stopped (SIGSTOP, a debugger) for :data:`STALL_SECONDS` while
it holds tasks is named on stderr and killed: its tasks fail as a lost
worker's, which the callers run again in a fresh pool (before, the pool
waited for it forever).

Each worker costs the calling process two file descriptors (its pipes). A
pool that the limit on open descriptors (``ulimit -n``) cannot hold starts
as many workers as it can, with a note on stderr; if not one fits, or the
system's table of open files fills as the workers start, it raises a
:class:`~gupai.core.errors.GupaiError` that names the limit (exit status 2).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Future
from typing import Any

from gupai.core.errors import GupaiError
from gupai.core.workers import (
    CAN_FORK,
    SPARE_DESCRIPTORS,
    descriptors,
    fork_worker,
    frame,
    out_of_descriptors,
    unframed,
)

__all__ = ["AHEAD", "DEPTH", "BrokenProcessPool", "Task", "WorkerPool"]

#: Tasks queued for each worker by :meth:`WorkerPool.submit_or_run` before the calling process runs one itself.
AHEAD = 4

#: Tasks handed to a worker at once: the one it runs and the next (which it begins the moment it is done).
DEPTH = 2

#: Bytes read from a worker's pipe at a time.
_CHUNK = 1 << 20

#: Seconds a worker may stay stopped (SIGSTOP, a debugger) while it holds tasks before it is killed: its tasks
#: then fail as a lost worker's, and the callers that can (validate, simulate) run them again in a fresh pool.
STALL_SECONDS = 5.0

#: How often (milliseconds) a waiting pool looks at its workers' states when none has sent anything.
_STALL_POLL_MS = 500


class BrokenProcessPool(BrokenExecutor):
    """A worker process was lost (killed, or it died): the tasks the pool held fail with this."""


def _run_here(fn: Callable[..., Any], args: tuple[Any, ...]) -> Future[Any]:
    """``fn(*args)`` run in this process, as a done future: its result, or its exception (as a worker's)."""
    here: Future[Any] = Future()
    try:
        here.set_result(fn(*args))
    except Exception as error:
        here.set_exception(error)
    return here


class Task:
    """A task of the pool and its outcome (a worker's, or the calling process's); waiting for it, the calling
    process takes the workers' outcomes and hands them their next tasks.

    A task of :meth:`WorkerPool.submit_or_run` (``shared``), asked for its
    result before any worker has begun it, is taken back and run by the
    calling process; asked while a worker runs it, the calling process
    meanwhile runs the tasks that no worker has begun rather than only wait.
    (A task a worker has begun is never run twice.)
    """

    __slots__ = ("_args", "_fn", "_future", "_here", "_pool", "_shared")

    def __init__(
        self, pool: WorkerPool, future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...], *, shared: bool
    ) -> None:
        self._pool, self._future, self._fn, self._args, self._shared = pool, future, fn, args, shared
        self._here: Future[Any] | None = None

    def claim(self) -> bool:
        """Take the task back and run it here, if no worker has begun it (whether this did)."""
        if not self._shared or self._here is not None or self._pool.restarts or not self._future.cancel():
            return False
        self._here = _run_here(self._fn, self._args)
        return True

    def done(self) -> bool:
        if not self._settled_now():
            self._pool._pump()
        return self._settled_now()

    def _settled_now(self) -> bool:
        return self._here is not None or self._future.done()

    def _settled(self) -> Future[Any]:
        if self._here is None and not self.claim():
            self._pool._wait(self._future, help_out=self._shared)
        return self._here if self._here is not None else self._future

    def result(self) -> Any:
        return self._settled().result()

    def exception(self) -> BaseException | None:
        return self._settled().exception()


class _Worker:
    """A worker process, as the pool sees it: its pid, its pipes, and the tasks it holds (the oldest first)."""

    __slots__ = ("inbox", "outbox", "pid", "results", "tasks", "working")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid, self.tasks, self.results = pid, tasks, results
        self.outbox = bytearray()  # task frames not yet written to its pipe
        self.inbox = bytearray()  # outcome bytes read, not yet a whole frame
        self.working: deque[Future[Any]] = deque()


class WorkerPool:
    """``jobs`` worker processes, forked, with an optional ``initializer(*initargs)``.

    >>> with WorkerPool(2) as pool:
    ...     pool.submit(pow, 2, 10).result()
    1024
    """

    def __init__(self, jobs: int, *, initializer: Callable[..., None] | None = None, initargs: Sequence[Any] = ()):
        if jobs < 1:
            raise ValueError(f"a worker pool needs at least one worker, not {jobs}")
        self.jobs = _fitting(jobs) if CAN_FORK else jobs
        self._initializer = initializer
        self._initargs = tuple(initargs)
        self._workers: list[_Worker] | None = None
        self._waiting: deque[tuple[Future[Any], bytes]] = deque()  # pickled tasks that no worker holds yet
        self._broken: BrokenProcessPool | None = None
        self._shared: list[Task] = []  # the tasks of submit_or_run not known to be done
        #: How many times the pool was rebuilt after losing a worker.
        self.restarts = 0
        self._stopped: dict[int, float] = {}  # worker pid -> when it was first seen stopped

    # ------------------------------------------------------------------ submitting
    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Task:
        """Run ``fn(*args)`` in a worker; its task (failed with :class:`BrokenProcessPool` if the pool is broken)."""
        future: Future[Any] = Future()
        task = Task(self, future, fn, args, shared=False)
        if not CAN_FORK:
            task._future = _run_here(fn, args)
            return task
        if self._broken is not None:  # a worker was lost before this task: it fails as the tasks out did
            future.set_exception(self._broken)
            return task
        try:
            data = frame(pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL))
        except Exception as error:
            future.set_exception(error)
            return task
        self._waiting.append((future, data))
        if self._workers is None:
            self._start()
        self._pump()
        return task

    def submit_or_run(self, fn: Callable[..., Any], /, *args: Any, ahead: int = AHEAD) -> Task:
        """:meth:`submit`, unless every worker has ``ahead`` tasks waiting already: then ``fn(*args)`` runs here,
        at once. The calling process so takes its share of the work instead of only waiting: ``jobs - 1``
        workers and it keep ``jobs`` cores busy. Asked for its result, the task waits for no task that a worker
        has not begun (:class:`Task`).

        Once a worker has been lost, the calling process runs no task itself: the task that killed a worker,
        checked again alone in a fresh pool (:meth:`restart`), could kill it too.

        >>> with WorkerPool(1) as pool:
        ...     [pool.submit_or_run(pow, 2, n, ahead=1).result() for n in range(4)]
        [1, 2, 4, 8]
        """
        self._pump()
        self._shared = [task for task in self._shared if not task._settled_now()]  # (a worker's, queued or begun)
        if self._workers is None or len(self._shared) < ahead * self.jobs or self.restarts:
            task = self.submit(fn, *args)
            task._shared = not self.restarts
            if task._shared:
                self._shared.append(task)
            return task
        task = Task(self, _run_here(fn, args), fn, args, shared=False)
        self._pump()  # the workers' outcomes meanwhile, and their next tasks
        return task

    def map_ordered(
        self, fn: Callable[[Any], Any], items: Sequence[Any], *, window: int = 0, share: bool = False
    ) -> Iterator[Any]:
        """``fn(item)`` for each of ``items``, in order, with at most ``window`` out (default: twice the jobs;
        with ``share``, twice :data:`AHEAD` a worker).

        ``share``: the calling process runs its share of the items too (:meth:`submit_or_run`).

        After a lost worker, every item out is submitted again, once, to a fresh pool; an item whose worker
        is lost a second time raises :class:`BrokenProcessPool`.

        >>> with WorkerPool(2) as pool:
        ...     list(pool.map_ordered(abs, [-1, 2, -3]))
        [1, 2, 3]
        >>> with WorkerPool(1) as pool:
        ...     list(pool.map_ordered(abs, range(-9, 0), share=True))
        [9, 8, 7, 6, 5, 4, 3, 2, 1]
        """
        window = window or (2 * AHEAD if share else 2) * self.jobs
        out: deque[tuple[Any, Task, bool]] = deque()
        for item in items:
            out.append((item, self.submit_or_run(fn, item) if share else self.submit(fn, item), False))
            while len(out) > window:
                yield self._oldest(fn, out)
        while out:
            yield self._oldest(fn, out)

    def _oldest(self, fn: Callable[[Any], Any], out: deque[tuple[Any, Task, bool]]) -> Any:
        item, task, again = out.popleft()
        try:
            return task.result()
        except BrokenProcessPool:
            if again:
                raise
        waiting = [item, *(each for each, _, _ in out)]
        out.clear()
        self.restart()
        out.extend((each, self.submit(fn, each), True) for each in waiting)
        return self._oldest(fn, out)

    # ------------------------------------------------------------------ the workers' pipes
    def _start(self) -> None:
        self._workers = []
        for _ in range(self.jobs):
            held = [fd for worker in self._workers for fd in (worker.tasks, worker.results)]
            try:
                self._workers.append(_Worker(*fork_worker(held, self._initializer, self._initargs)))
            except OSError as error:
                if not out_of_descriptors(error):
                    raise
                self.kill()
                raise GupaiError(_too_few(len(held) // 2 + 1, descriptors())) from None

    def _pump(self) -> None:
        """Take the outcomes the workers have sent, and hand them their next tasks; without waiting."""
        workers = self._workers
        if workers is None:
            return
        try:
            for worker in workers:
                self._take(worker)
            for worker in workers:
                self._hand(worker)
        except OSError:  # a pipe of a lost worker
            self._lose()

    def _wait(self, future: Future[Any], *, help_out: bool) -> None:
        """Until ``future`` is done: take outcomes and hand out tasks, and (``help_out``) run here, the last first,
        the tasks of :meth:`submit_or_run` that no worker has begun; else wait for the workers."""
        while not future.done():
            self._pump()
            if future.done() or self._workers is None:
                break
            if help_out and any(task.claim() for task in reversed(self._shared)):
                continue
            poller = select.poll()
            for worker in self._workers:
                poller.register(worker.results, select.POLLIN)
                if worker.outbox:
                    poller.register(worker.tasks, select.POLLOUT)
            if not poller.poll(_STALL_POLL_MS):
                self._mind_stalls()
        if not future.done():  # (the pool was killed meanwhile)
            future.set_exception(BrokenProcessPool("the pool was stopped before this task was done"))

    def _mind_stalls(self) -> None:
        """Kill, naming it on stderr, a worker stopped (by SIGSTOP, say: it would be waited for forever) for
        :data:`STALL_SECONDS` while it holds tasks; the next pump finds it lost."""
        now = time.monotonic()
        for worker in self._workers or ():
            if not worker.working or _state(worker.pid) not in ("T", "t"):
                self._stopped.pop(worker.pid, None)
                continue
            since = self._stopped.setdefault(worker.pid, now)
            if now - since >= STALL_SECONDS:
                with contextlib.suppress(OSError, ValueError):
                    print(
                        f"gupai: note: worker process {worker.pid} was stopped for {now - since:.0f} s with work "
                        "in hand: killed, and its work done again",
                        file=sys.stderr,
                    )
                with contextlib.suppress(OSError):
                    os.kill(worker.pid, signal.SIGKILL)
                self._stopped.pop(worker.pid, None)

    def _take(self, worker: _Worker) -> None:
        """Read what ``worker`` has sent; settle the tasks whose outcomes are whole."""
        while True:
            try:
                data = os.read(worker.results, _CHUNK)
            except BlockingIOError:
                break
            if not data:
                raise BrokenPipeError(f"worker {worker.pid} closed its pipe")
            worker.inbox += data
        while True:
            message, worker.inbox = unframed(worker.inbox)
            if message is None:
                return
            future = worker.working.popleft()
            try:
                ok, value = pickle.loads(message)
            except Exception as error:  # (an error class whose pickle cannot be read back, say)
                ok, value = (
                    False,
                    RuntimeError(f"the worker's outcome could not be read: {type(error).__name__}: {error}"),
                )
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _hand(self, worker: _Worker) -> None:
        """Give ``worker`` tasks up to :data:`DEPTH`, and write what its pipe takes of them now."""
        while len(worker.working) < DEPTH and self._waiting:
            future, data = self._waiting.popleft()
            if future.set_running_or_notify_cancel():  # (False: taken back by the calling process)
                worker.working.append(future)
                worker.outbox += data
        if worker.outbox:
            with contextlib.suppress(BlockingIOError):
                del worker.outbox[: os.write(worker.tasks, worker.outbox)]

    def _lose(self) -> None:
        """A worker was lost: the pool is broken, every task it held fails, and the other workers are killed."""
        self._broken = BrokenProcessPool(
            "a worker process was lost (killed, or it died) while the pool held these tasks"
        )
        self._drop(self._broken)

    def _drop(self, error: BrokenProcessPool) -> None:
        """Kill and reap every worker, and fail every task not done with ``error``."""
        workers, self._workers = self._workers or [], None
        for worker in workers:
            with contextlib.suppress(OSError):
                os.kill(worker.pid, signal.SIGKILL)
        for worker in workers:
            for fd in (worker.tasks, worker.results):
                with contextlib.suppress(OSError):
                    os.close(fd)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(worker.pid, 0)
        futures = [future for worker in workers for future in worker.working]
        futures += [future for future, _ in self._waiting]
        self._waiting.clear()
        self._shared = []
        for future in futures:
            if not future.done() and (future.running() or future.set_running_or_notify_cancel()):
                future.set_exception(error)

    def _outstanding(self) -> list[Future[Any]]:
        """The tasks a worker holds or will: not done, not taken back."""
        held = [future for worker in self._workers or () for future in worker.working]
        return held + [future for future, _ in self._waiting if not future.done()]

    # ------------------------------------------------------------------ ending
    def restart(self) -> None:
        """Drop the pool (broken by a lost worker) and its tasks; the next :meth:`submit` starts a fresh one."""
        self.kill()
        self._broken = None
        self.restarts += 1

    def kill(self) -> None:
        """Kill every worker now, drop every task, and reap the workers."""
        self._drop(BrokenProcessPool("the pool was stopped before this task was done"))

    def close(self) -> None:
        """Wait for the tasks submitted, then let the workers end (their pipes in closed) and reap them."""
        while self._workers is not None and (pending := self._outstanding()):
            self._wait(pending[0], help_out=False)
        workers, self._workers = self._workers or [], None
        for worker in workers:
            os.close(worker.tasks)
        for worker in workers:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(worker.pid, 0)
            os.close(worker.results)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self.close()
        else:  # an error or a signal: nothing more is wanted from the workers
            self.kill()


def _fitting(jobs: int) -> int:
    """How many of ``jobs`` workers the limit on open file descriptors leaves room for (each needs two, beside
    :data:`~gupai.core.workers.SPARE_DESCRIPTORS` kept free): ``jobs``, or fewer with a note on stderr; a
    :class:`GupaiError` naming the limit when not one fits."""
    known = descriptors()
    if known is None:
        return jobs
    limit, now = known
    fit = (limit - now - SPARE_DESCRIPTORS) // 2
    if fit >= jobs:
        return jobs
    if fit < 1:
        raise GupaiError(_too_few(jobs, known))
    with contextlib.suppress(OSError, ValueError):
        print(
            f"gupai: note: {jobs} worker processes need {2 * jobs + SPARE_DESCRIPTORS} file descriptors beside the "
            f"{now} open, but the limit (ulimit -n) is {limit}: {fit} worker(s) instead",
            file=sys.stderr,
        )
    return fit


def _too_few(jobs: int, known: tuple[int, int] | None) -> str:
    limit = (
        f"the limit (ulimit -n) is {known[0]}, with {known[1]} open" if known else "the limit (ulimit -n) is reached"
    )
    return (
        f"too few file descriptors for {jobs} worker process(es), two each and {SPARE_DESCRIPTORS} kept for the "
        f"files: {limit}; raise it (ulimit -n) or run fewer --jobs"
    )


def _state(pid: int) -> str:
    """A process's state letter from ``/proc`` (``T``: stopped; ``t``: stopped by a tracer), or ``""`` where
    unknown (no ``/proc``: a stopped worker is then waited for, as before)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return ""
    return text[text.rfind(b")") + 2 :][:1].decode("ascii", "replace")
