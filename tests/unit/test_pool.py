"""The worker pool's share for the calling process (WorkerPool.submit_or_run)."""

from __future__ import annotations

import os
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
