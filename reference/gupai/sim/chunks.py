"""A run's seeds cut into chunks, the chunks grouped into tasks, and the tasks played on worker processes.

The cut depends only on the number of games (:func:`chunks`), never on the
number of jobs or on the cluster: each chunk is one match (under a
first-player rule that follows the previous game) and its games are the
same wherever it is played, so a run's figures are the same for any
``--jobs`` and on a cluster (:mod:`gupai.sim.cluster`). What changes with
the workers is only how many chunks go to a task (:func:`task_groups`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from typing import Any

from gupai.core.pool import BrokenProcessPool, WorkerPool
from gupai.core.workers import CAN_FORK

__all__ = [
    "FAST_CHUNKS_PER_TASK",
    "TASKS_PER_WORKER",
    "chunks",
    "default_jobs",
    "local_chunk_results",
    "play_chunk",
    "task_groups",
]

#: About how many tasks each worker gets: enough to balance the load, few enough that each is long.
TASKS_PER_WORKER = 8

#: A task of the fast path on local workers holds at most this many chunks (a task of the reference
#: engine, one): a chunk of the fast path takes a few milliseconds, about what sending a task and its
#: tally costs the parent, and a task this long still lets the progress bar move every tenth of a second.
FAST_CHUNKS_PER_TASK = 16


def chunks(games: int, seed: int = 0) -> list[tuple[int, int]]:
    """Cut seeds ``seed .. seed+games-1`` into (first seed, count) chunks.

    The cut depends only on ``games`` (never on the number of jobs): about 32
    chunks, each of 10 to 250 games, in seed order.

    >>> chunks(5)
    [(0, 5)]
    >>> chunks(1000, seed=7)[:2], len(chunks(1000))
    ([(7, 32), (39, 32)], 32)
    """
    size = max(10, min(250, math.ceil(games / 32)))
    return [(seed + start, min(size, games - start)) for start in range(0, games, size)]


def task_groups(
    plan: list[tuple[int, int]], *, workers: int, per_worker: int = TASKS_PER_WORKER, most: int | None = None
) -> list[list[tuple[int, int]]]:
    """The chunks of ``plan`` cut into consecutive groups, about ``per_worker`` a worker, of at most ``most``.

    >>> plan = [(seed, 10) for seed in range(0, 400, 10)]
    >>> [len(group) for group in task_groups(plan, workers=2, per_worker=4)]
    [5, 5, 5, 5, 5, 5, 5, 5]
    >>> len(task_groups(plan, workers=64)), sum(task_groups(plan, workers=3), []) == plan
    (40, True)
    >>> groups = task_groups(chunks(10**6), workers=2, most=FAST_CHUNKS_PER_TASK)
    >>> len(groups), {len(group) for group in groups}
    (250, {16})
    """
    size = max(1, len(plan) // (per_worker * max(1, workers)))
    if most is not None:
        size = min(size, most)
    return [plan[start : start + size] for start in range(0, len(plan), size)]


def default_jobs() -> int:
    """The cores this process may use.

    >>> default_jobs() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def play_chunk(runner: Any, chunk: tuple[int, int]) -> Any:
    """A chunk's games, played by ``runner`` (a :class:`gupai.sim.simulate.Runner`) as one match, tallied.

    Here, on local workers and on a cluster's alike.
    """
    first, count = chunk
    fast = getattr(runner, "play_chunk", None)
    if fast is not None:  # the fast path plays a chunk in one call
        return fast(first, count)
    tally = runner.new_tally()
    new_match = getattr(runner, "new_match", None)
    if new_match is not None:  # each chunk is one match (first-player=previous-winner/previous-higher)
        new_match()
    for seed in range(first, first + count):
        runner.play(seed, tally)
    return tally


def play_chunks(runner: Any, group: list[tuple[int, int]]) -> Any:
    """The tally of a group of chunks (each chunk its own match, as when played one by one), merged.

    The fast path plays them one call each and counts them in one go (:meth:`gupai.sim.fast.runner.ChunkedRunner.play_chunks`).
    """
    fast = getattr(runner, "play_chunks", None)
    if fast is not None:
        return fast(group)
    tally = play_chunk(runner, group[0])
    for chunk in group[1:]:
        tally.merge(play_chunk(runner, chunk))
    return tally


#: A worker's runner, and the simulation it plays. The parent sets both before it forks the workers, which
#: so inherit the runner built (its kernels loaded, its tables made); a worker started afresh builds its own.
_WORKER: dict[str, Any] = {}


def _worker_init(simulation: Any) -> None:
    if _WORKER.get("simulation") != simulation or "runner" not in _WORKER:
        _WORKER["simulation"], _WORKER["runner"] = simulation, simulation.runner()


def _worker_task(group: list[tuple[int, int]]) -> Any:
    return play_chunks(_WORKER["runner"], group)


def local_chunk_results(
    simulation: Any, runner: Any, plan: list[tuple[int, int]], jobs: int
) -> Iterator[tuple[int, Any]]:
    """Each task's (games, tally), in seed order: in this process, or in ``jobs`` processes (``jobs - 1`` worker
    processes, and this one, which plays its share whenever the workers have enough queued).

    The fast path's chunks go up to :data:`FAST_CHUNKS_PER_TASK` to a task,
    at least :data:`TASKS_PER_WORKER` tasks a worker; the reference engine's
    one to a task (a chunk of it is long already).
    """
    # in this process (also where no worker can be forked): the fast path's chunks grouped as for one worker
    local = jobs <= 1 or len(plan) <= 1 or not CAN_FORK
    if getattr(runner, "play_chunks", None) is not None:
        work = task_groups(plan, workers=1 if local else jobs, most=FAST_CHUNKS_PER_TASK)
    else:
        work = [[chunk] for chunk in plan]
    if local or len(work) <= 1:
        for group in work:
            yield sum(count for _, count in group), play_chunks(runner, group)
        return
    warm = getattr(runner, "warm", None)
    if warm is not None:
        warm()  # the pool forks its workers, which inherit the loaded kernels
    _WORKER["simulation"], _WORKER["runner"] = simulation, runner  # and the runner itself
    # Workers ignore Ctrl-C, die with this process, and are killed at once when the run stops (a signal, an
    # error); a lost worker loses the tasks out, which are played again once in a fresh pool, by its workers
    # alone (a task that killed a worker could kill this process too).
    try:
        with WorkerPool(min(jobs, len(work)) - 1, initializer=_worker_init, initargs=(simulation,)) as pool:
            for group, tally in zip(work, pool.map_ordered(_worker_task, work, share=True), strict=True):
                yield sum(count for _, count in group), tally
    except BrokenProcessPool:
        raise RuntimeError("a worker process was lost twice playing the same games: the simulation stopped") from None
    finally:
        _WORKER.clear()  # the parent's runner stays the caller's; the workers have forked with it
