"""The worker pool's share for the calling process (WorkerPool.submit_or_run)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gupai.core.pool import WorkerPool


def _slow_pid(item: int) -> tuple[int, int]:
    time.sleep(0.02)
    return item, os.getpid()


def test_the_calling_process_checks_a_share_once_the_workers_have_enough_queued() -> None:
    with WorkerPool(1) as pool:
        futures = [pool.submit_or_run(_slow_pid, item) for item in range(12)]
        results = [future.result() for future in futures]
    assert [item for item, _ in results] == list(range(12))
    here = [item for item, pid in results if pid == os.getpid()]
    assert here, "the calling process took no share"
    assert len(here) < 12, "the worker took no share"
    assert results[0][1] != os.getpid()  # the first tasks go to the worker, which has none queued


def _fails(item: int) -> int:
    raise ValueError(f"bad item {item}")


def test_a_task_that_fails_here_fails_in_its_future_as_a_worker_s_would() -> None:
    with WorkerPool(1) as pool:
        futures = [pool.submit_or_run(_fails, item, ahead=1) for item in range(3)]
        for item, future in enumerate(futures):
            with pytest.raises(ValueError, match=f"bad item {item}"):
                future.result()


def _logged(item: int, log: str, seconds: float) -> tuple[int, int]:
    """Sleep, then note the item in the log file (one line per run) and return it with the process that ran it."""
    time.sleep(seconds)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{item}\n")
    return item, os.getpid()


def test_a_task_no_worker_has_begun_is_run_here_when_its_result_is_asked(tmp_path: Path) -> None:
    log = str(tmp_path / "runs")
    with WorkerPool(1) as pool:
        busy = pool.submit_or_run(_logged, 0, log, 0.5, ahead=8)  # the worker's, for half a second
        queued = [pool.submit_or_run(_logged, item, log, 0.0, ahead=8) for item in range(1, 6)]
        last = queued[-1].result()  # queued behind the busy one: taken back and run here at once
        assert last == (5, os.getpid())
        assert not busy.done()  # ... without waiting for the worker
        results = [busy.result(), *(task.result() for task in queued)]
    assert [item for item, _ in results] == list(range(6))
    assert results[0][1] != os.getpid()
    # waiting for the busy one, the calling process ran the others the worker had not begun
    assert {pid for _, pid in results[1:-1]} <= {os.getpid(), results[0][1]}
    runs = sorted(int(line) for line in Path(log).read_text(encoding="utf-8").split())
    assert runs == list(range(6))  # each task ran once: none both here and in a worker


def test_once_a_worker_is_lost_the_calling_process_runs_no_task(tmp_path: Path) -> None:
    log = str(tmp_path / "runs")
    with WorkerPool(1) as pool:
        pool.restart()  # as after a lost worker: the task that killed it may come again
        tasks = [pool.submit_or_run(_logged, item, log, 0.05, ahead=1) for item in range(5)]
        results = [task.result() for task in reversed(tasks)]  # the last first: none is taken back
    assert os.getpid() not in {pid for _, pid in results}


def test_a_task_dropped_with_a_broken_pool_is_not_taken_for_checked() -> None:
    from concurrent.futures import Future

    from gupai.log.batches import _checked

    dropped: Future[int] = Future()
    dropped.cancel()  # as the pool's queue is dropped when it is torn down
    done: Future[int] = Future()
    done.set_result(1)
    failed: Future[int] = Future()
    failed.set_exception(ValueError("lost"))
    assert [_checked(f) for f in (dropped, done, failed, Future())] == [False, True, False, False]


_BOTH_WAYS = """
from gupai.core.pool import WorkerPool
with WorkerPool(2) as pool:
    big = bytes(3 << 20)
    tasks = [pool.submit(bytes, big) for _ in range(6)]  # three times the pipes' size each way, all at once
    assert [len(t.result()) for t in tasks] == [3 << 20] * 6
print("done")
"""


def test_tasks_and_outcomes_larger_than_the_pipes_flow_both_ways_at_once() -> None:
    """The calling process writes tasks without blocking and reads outcomes as it writes: no deadlock."""
    done = subprocess.run([sys.executable, "-c", _BOTH_WAYS], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "done", done.stderr


def _refuse(why: str) -> object:
    raise TypeError(why)


class _Unreadable:
    """A value whose pickle cannot be read back (reading it calls a function that refuses)."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return _refuse, ("refused on reading",)


def _unpicklable(kind: str) -> object:
    if kind == "result":
        return lambda: None
    if kind == "unreadable":
        return _Unreadable()
    raise ValueError("a", threading.Lock())  # an error that cannot be pickled


def test_an_outcome_that_cannot_be_sent_fails_its_task_with_what_it_was() -> None:
    with WorkerPool(1) as pool:
        with pytest.raises(RuntimeError, match=r"could not be sent: AttributeError: Can.t pickle"):
            pool.submit(_unpicklable, "result").result()
        with pytest.raises(RuntimeError, match="could not be sent: ValueError"):
            pool.submit(_unpicklable, "error").result()
        with pytest.raises(RuntimeError, match="could not be read: TypeError: refused on reading"):
            pool.submit(_unpicklable, "unreadable").result()
        assert pool.submit(pow, 3, 2).result() == 9  # the worker goes on


def test_the_pool_runs_no_thread_and_reaps_its_workers() -> None:
    threads = threading.active_count()
    with WorkerPool(2) as pool:
        tasks = [pool.submit(_slow_pid, item) for item in range(6)]
        assert threading.active_count() == threads
        pids = {task.result()[1] for task in tasks}
    assert pids and os.getpid() not in pids
    for pid in pids:  # reaped: not a child any more (not even a zombie)
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    with pytest.raises(Exception, match="stop"), WorkerPool(2) as pool:
        pids = {pool.submit(_slow_pid, item).result()[1] for item in range(2)}
        pool.submit(time.sleep, 30)
        raise RuntimeError("stop")  # left by an error: the workers are killed at once, and reaped
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_where_no_worker_can_be_forked_the_pool_runs_each_task_here(monkeypatch: pytest.MonkeyPatch) -> None:
    import gupai.core.pool as pool_module

    monkeypatch.setattr(pool_module, "CAN_FORK", False)
    with WorkerPool(2) as pool:
        assert [pool.submit(_slow_pid, n).result() for n in range(2)] == [(0, os.getpid()), (1, os.getpid())]
        assert pool.submit_or_run(_slow_pid, 2).result() == (2, os.getpid())
        assert list(pool.map_ordered(abs, [-1, -2])) == [1, 2]


def test_a_refused_fork_raises_and_leaves_no_pipe_open(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    before = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "fork", refuse)
    with pytest.raises(BlockingIOError), WorkerPool(2) as pool:
        pool.submit(pow, 2, 3)
    assert len(os.listdir("/proc/self/fd")) == before


def _slowly_doubled(x: int) -> int:
    import time

    time.sleep(0.2)
    return 2 * x


def test_a_stopped_worker_is_named_killed_and_its_work_done_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33: a SIGSTOPped worker made validate --jobs 3 wait forever, with no message."""
    import signal as signals

    from gupai.core import pool as pools

    monkeypatch.setattr(pools, "STALL_SECONDS", 0.5)
    with pools.WorkerPool(2) as pool:
        results = pool.map_ordered(_slowly_doubled, list(range(10)))
        first = next(results)
        assert pool._workers is not None
        stopped = pool._workers[0].pid
        os.kill(stopped, signals.SIGSTOP)
        assert [first, *results] == [2 * x for x in range(10)]
        assert pool.restarts == 1
    assert f"worker process {stopped} was stopped for " in capsys.readouterr().err
