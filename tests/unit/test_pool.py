"""The worker pool's share for the calling process (WorkerPool.submit_or_run)."""

from __future__ import annotations

import os
import time

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
