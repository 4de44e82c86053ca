"""The worker processes of :class:`~gupai.core.pool.WorkerPool`: forked, each with a pipe in and a pipe out.

A worker is forked from the calling process, so it has every module and
table that process had built, and it runs no thread. It reads tasks from
its pipe in, each a pickled ``(fn, args)`` in a frame (its length in eight
bytes, then its bytes), runs them one at a time, and writes each outcome to
its pipe out in the same frames: ``(True, result)`` or ``(False, error)``.
It exits when its pipe in is closed, and

- ignores SIGINT: a Ctrl-C at the terminal reaches the whole process group,
  and only the parent decides what it means (it stops the run);
- is killed by the kernel when the parent dies, however it dies (Linux's
  ``PR_SET_PDEATHSIG``; elsewhere it exits when its pipe in closes, as it
  does with the parent).

>>> unframed(bytearray(frame(b"abc") + b"x"))
(b'abc', bytearray(b'x'))
>>> unframed(bytearray(frame(b"abc")[:5]))
(None, bytearray(b'\\x03\\x00\\x00\\x00\\x00'))
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = [
    "CAN_FORK",
    "HEADER",
    "SPARE_DESCRIPTORS",
    "descriptors",
    "fork_worker",
    "frame",
    "out_of_descriptors",
    "stops_held",
    "unframed",
]

#: Whether this system can fork workers (POSIX): elsewhere a pool runs its tasks in the calling process.
CAN_FORK = hasattr(os, "fork") and hasattr(os, "set_blocking")

#: The bytes of a frame's header: its length, little-endian.
HEADER = 8

#: The bytes a pipe is asked to hold (Linux's ``F_SETPIPE_SZ``; the most an unprivileged process may ask by
#: default): a task or an outcome of up to this size is written at once, whatever the other end is doing.
PIPE_BYTES = 1 << 20

_F_SETPIPE_SZ = 1031
_PR_SET_PDEATHSIG = 1

#: The signals that stop a command: held back while a worker is forked (see :func:`stops_held`).
_STOPS = frozenset({signal.SIGINT, signal.SIGTERM})


#: File descriptors a run keeps free beside its workers' pipes (two a worker): the file it reads, the output it
#: writes, a spec file or a cache entry, a range's file in each worker.
SPARE_DESCRIPTORS = 8


def descriptors() -> tuple[int, int] | None:
    """This process's limit on open file descriptors (``ulimit -n``, the soft one) and how many are open now;
    ``None`` where either is unknown (or there is no limit).

    >>> limit, now = descriptors() or (1024, 3)
    >>> 3 <= now < limit
    True
    """
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):  # pragma: no cover - not on POSIX
        return None
    if limit == resource.RLIM_INFINITY:  # pragma: no cover - an unlimited system
        return None
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return limit, len(os.listdir(folder)) - 1  # (less the descriptor the listing itself opened)
        except OSError:
            continue
    return None  # pragma: no cover - neither listing exists


def out_of_descriptors(error: OSError) -> bool:
    """Whether ``error`` is the process's (or the system's) table of open files being full."""
    import errno

    return error.errno in (errno.EMFILE, errno.ENFILE)


def frame(data: bytes) -> bytes:
    """``data`` with its length before it."""
    return len(data).to_bytes(HEADER, "little") + data


def unframed(buffer: bytearray) -> tuple[bytes | None, bytearray]:
    """The first whole frame's data in ``buffer`` and what follows it; ``None`` and ``buffer`` if none is whole."""
    if len(buffer) < HEADER:
        return None, buffer
    end = HEADER + int.from_bytes(buffer[:HEADER], "little")
    if len(buffer) < end:
        return None, buffer
    return bytes(buffer[HEADER:end]), buffer[end:]


@contextlib.contextmanager
def stops_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back while a worker is forked; one that came meanwhile is handled after.

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


def _wide(fd: int) -> None:
    """Ask the kernel for a larger pipe buffer (Linux); elsewhere, or if refused, the pipe keeps its own."""
    if sys.platform.startswith("linux"):
        import fcntl

        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, _F_SETPIPE_SZ, PIPE_BYTES)


def fork_worker(
    others: Sequence[int], initializer: Callable[..., None] | None, initargs: Sequence[Any]
) -> tuple[int, int, int]:
    """Fork a worker: its pid, the end to write its tasks to and the end to read its outcomes from (both
    non-blocking). ``others``: the ends this process holds of other workers' pipes, which the new one closes."""
    prctl = _prctl()  # (found here, not in each worker: importing ctypes costs a fresh fork's pages 8 ms)
    parent = os.getpid()
    tasks_in, tasks_out = os.pipe()
    results_in, results_out = os.pipe()
    try:
        _wide(tasks_out)
        _wide(results_out)
        with stops_held():
            pid = os.fork()
            if pid == 0:  # the worker: it never returns from here
                try:
                    for fd in (*others, tasks_out, results_in):
                        os.close(fd)
                    _serve(parent, prctl, tasks_in, results_out, initializer, initargs)
                finally:
                    os._exit(1)
    except BaseException:  # no worker (the system refused the fork, or a stop came first): no pipe either
        for fd in (tasks_in, tasks_out, results_in, results_out):
            os.close(fd)
        raise
    os.close(tasks_in)
    os.close(results_out)
    os.set_blocking(tasks_out, False)
    os.set_blocking(results_in, False)
    return pid, tasks_out, results_in


def _prctl() -> Callable[..., int] | None:
    """Linux's ``prctl``, through ctypes; ``None`` elsewhere (or if it cannot be found)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        found: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None
    return found


def _die_with_parent(parent: int, prctl: Callable[..., int] | None) -> None:
    """Ask the kernel to kill this process when its parent dies; exit now if it has died already."""
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)


def _serve(
    parent: int,
    prctl: Callable[..., int] | None,
    tasks: int,
    results: int,
    initializer: Callable[..., None] | None,
    initargs: Sequence[Any],
) -> None:
    """The worker's life: its tasks, one at a time, until its pipe in closes; then it exits (0)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them back (stops_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
    _die_with_parent(parent, prctl)
    if initializer is not None:
        initializer(*initargs)
    while True:
        header = _read_exactly(tasks, HEADER)
        if header is None:
            os._exit(0)
        task = _read_exactly(tasks, int.from_bytes(header, "little"))
        if task is None:
            os._exit(1)
        _write_all(results, frame(_outcome(task)))


def _outcome(task: bytes) -> bytes:
    """The pickled outcome of a pickled task: ``(True, result)``, or ``(False, error)``.

    An error or a result that cannot be pickled is sent as a ``RuntimeError`` saying what it was.
    """
    try:
        fn, args = pickle.loads(task)
        outcome: tuple[bool, Any] = (True, fn(*args))
    except Exception as error:
        outcome = (False, error)
    try:
        return pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        what = outcome[1] if not outcome[0] else error
        failed = RuntimeError(f"the worker's outcome could not be sent: {type(what).__name__}: {what}")
        return pickle.dumps((False, failed), pickle.HIGHEST_PROTOCOL)


def _read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from ``fd`` (blocking), or ``None`` if it closes first."""
    parts: list[bytes] = []
    left = size
    while left:
        part = os.read(fd, min(left, PIPE_BYTES))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
