"""Running a simulation's chunks on a Dask distributed cluster (``gupai simulate --cluster ADDRESS``).

The seeds are cut into the same chunks as on one machine
(:func:`gupai.sim.chunks.chunks`); each chunk is played on a
worker by the runner the simulation names (the fast path or the reference
engine), and the chunks' tallies come back and are merged in seed order, so
the figures are the same as with ``--jobs``, bit for bit. Before the first
task, every worker builds the simulation's runner once and loads (or
compiles) the fast path's kernels (:func:`warm_worker`), so no task pays for
it; and the chunks go to the workers in groups, about
:data:`TASKS_PER_THREAD` tasks a worker thread, so that a big run is not
thousands of tasks of a few milliseconds each. The workers need
gupai installed (the same version); the optional extra ``cluster`` brings
``dask.distributed``::

    pip install 'gupai[cluster]'
    dask scheduler                          # on one machine: tcp://HOST:8786
    dask worker tcp://HOST:8786             # on each machine that plays
    gupai simulate kap-shap -n 1000000 --cluster tcp://HOST:8786

A cluster at dask's defaults costs about a tenth of a core while idle, and
as much on top of a run: its workers' profilers sample every thread each
10 ms, its event loops check their own health each 20 ms, and its memory and
system monitors read the process each 100 and 500 ms. :data:`QUIET_CONFIG`
slows these down; a scheduler and workers started with it (in a dask
configuration file, or as the environment :func:`quiet_environment` gives)
cost under 1% of a core while idle (``make bench``'s ``cluster`` section).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gupai.core.errors import OptionError
from gupai.sim.chunks import FAST_CHUNKS_PER_TASK, play_chunk, play_chunks, task_groups

__all__ = [
    "HEARTBEAT_SECONDS",
    "QUIET_CONFIG",
    "TASKS_PER_THREAD",
    "TaskCancelledError",
    "cluster_chunk_results",
    "dask_client",
    "dask_setup",
    "play_chunk_task",
    "play_chunks_task",
    "quiet_environment",
    "task_cancelled",
    "warm_worker",
]

#: Runners a worker built, by simulation (a worker builds each once).
_RUNNERS: dict[Any, Any] = {}

#: About how many tasks each worker thread gets: enough to balance the load, few enough that each is long.
TASKS_PER_THREAD = 4

#: Dask settings for a cluster that plays gupai's few long tasks and costs little while idle: each key's
#: default, then why it may change. ``profile.enabled`` (True): the statistical profiler samples every
#: worker thread each 10 ms, for the dashboard's profile. ``tick.interval`` (20 ms): each server checks its
#: event loop's health; a blocked loop is still reported after ``tick.limit`` (3 s). ``system-monitor``
#: (500 ms, with disk I/O): CPU, memory and network readings for the dashboard. ``memory.monitor-interval``
#: (100 ms): the spill, pause and terminate thresholds, checked also each time a task stores a result.
#: ``active-memory-manager.start`` (True, each 2 s): drops extra copies of stored data, which gupai's tasks
#: leave none of. (A worker's heartbeat, each 0.5 s on a small cluster, is the scheduler's choice, not a
#: setting.)
QUIET_CONFIG: dict[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.disk": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.scheduler.active-memory-manager.start": False,
}


#: How often a worker reports to a scheduler that preloads this module (:func:`dask_setup`); dask asks for
#: every 0.5 s up to 10 workers, and each report (its memory, its monitors' readings) costs both sides.
HEARTBEAT_SECONDS = 5.0


def dask_setup(server: Any) -> None:
    """Dask's preload hook: ``dask scheduler --preload gupai.sim.cluster`` asks its workers for a heartbeat each
    :data:`HEARTBEAT_SECONDS` at least (on any other server, it does nothing).

    A worker's heartbeat carries its metrics; the scheduler tells it when to send the next, by a function of
    the number of workers that no setting changes, so this wraps that function in the scheduler's process.
    A lost worker is still noticed at once (its connection closes), and one that hangs after the scheduler's
    ``worker-ttl`` (5 minutes).
    """
    try:
        from distributed import Scheduler, scheduler
    except ImportError:  # pragma: no cover - only a dask server calls it
        return
    dask_interval = getattr(scheduler, "heartbeat_interval", None)
    if not isinstance(server, Scheduler) or dask_interval is None or getattr(dask_interval, "gupai", False):
        return

    def heartbeat_interval(n: int) -> float:  # (dask's name and signature: n workers)
        return max(HEARTBEAT_SECONDS, float(dask_interval(n)))

    heartbeat_interval.gupai = True  # type: ignore[attr-defined]
    scheduler.heartbeat_interval = heartbeat_interval


def quiet_environment() -> dict[str, str]:
    """:data:`QUIET_CONFIG` as the environment variables dask reads at start (``DASK_DISTRIBUTED__...``).

    >>> quiet_environment()["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"]
    'False'
    >>> len(quiet_environment()) == len(QUIET_CONFIG)
    True
    """
    return {
        "DASK_" + "__".join(part.upper().replace("-", "_") for part in key.split(".")): str(value)
        for key, value in QUIET_CONFIG.items()
    }


def _runner(simulation: Any) -> Any:
    runner = _RUNNERS.get(simulation)
    if runner is None:
        runner = _RUNNERS[simulation] = simulation.runner()
    return runner


def warm_worker(simulation: Any) -> None:
    """Run on each worker before any task: build the runner, and load or compile the fast path's kernels.

    >>> from gupai.sim.simulate import Simulation
    >>> warm_worker(Simulation("kap-shap", engine="reference"))
    """
    warm = getattr(_runner(simulation), "warm", None)
    if warm is not None:
        warm()


class TaskCancelledError(RuntimeError):
    """A worker's task stopped early: its client is gone (stopped by a signal) or no longer wants it."""


def play_chunks_task(simulation: Any, chunks: list[tuple[int, int]]) -> Any:
    """A worker's task: play several chunks of seeds (each its own match) into one tally.

    The fast path plays them :data:`~gupai.sim.chunks.FAST_CHUNKS_PER_TASK` at a
    call, counted in one go, as local workers do; the reference engine one at
    a time. A task's tally is the sum of its chunks', so the figures are those
    of ``--jobs``, bit for bit.

    Dask cannot stop a task that is running; so before each call (a few
    thousand games of the fast path, at most a few hundred of the reference
    engine) the task asks whether it is still wanted (:func:`task_cancelled`),
    and raises :class:`TaskCancelledError` if not: a ``gupai simulate
    --cluster`` stopped by Ctrl-C or SIGTERM leaves no worker playing for nobody.

    >>> from gupai.sim.simulate import Simulation, simulate
    >>> play_chunks_task(Simulation("kap-shap"), [(0, 3), (3, 4)]).summary() == simulate(
    ...     Simulation("kap-shap"), games=7, jobs=1).summary()
    True
    """
    runner = _runner(simulation)
    step = FAST_CHUNKS_PER_TASK if getattr(runner, "play_chunks", None) is not None else 1
    tally = None
    for start in range(0, len(chunks), step):
        if task_cancelled():
            raise TaskCancelledError(f"the task was cancelled before the chunk of seeds from {chunks[start][0]}")
        part = play_chunks(runner, chunks[start : start + step])
        if tally is None:
            tally = part
        else:
            tally.merge(part)
    return tally


def task_cancelled() -> bool:
    """Whether the task running in this thread on a Dask worker has been cancelled (False off a worker).

    >>> task_cancelled()
    False
    """
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):  # no dask.distributed, or not in a worker's task
        return False
    task = worker.state.tasks.get(worker.get_current_task())
    return task is None or task.state in ("cancelled", "released", "forgotten")


def play_chunk_task(simulation: Any, chunk: tuple[int, int]) -> Any:
    """A worker's task: play one chunk of seeds into a tally (:func:`gupai.sim.chunks.play_chunk`, as locally).

    >>> from gupai.sim.simulate import Simulation, simulate
    >>> play_chunk_task(Simulation("kap-shap"), (0, 5)).summary() == simulate(
    ...     Simulation("kap-shap"), games=5, jobs=1).summary()
    True
    """
    return play_chunk(_runner(simulation), chunk)


@contextmanager
def dask_client(address: str, *, timeout: float = 10.0) -> Iterator[Any]:
    """A client of the Dask scheduler at ``address``, closed on leaving (``gupai simulate`` and ``gupai validate``).

    Without ``dask.distributed`` installed, or with no scheduler there, an
    :class:`OptionError` says so in one line.

    >>> with dask_client("tcp://127.0.0.1:1", timeout=0.2):  # doctest: +ELLIPSIS
    ...     pass
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: no Dask scheduler reached at tcp://127.0.0.1:1: ...
    """
    try:
        from distributed import Client
    except ImportError:
        raise OptionError(
            "--cluster needs dask.distributed: install gupai's optional extra, pip install 'gupai[cluster]'",
            where="cluster",
        ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise OptionError(f"no Dask scheduler reached at {address}: {error}", where="cluster") from None
    with client:
        yield client


def cluster_chunk_results(
    simulation: Any, plan: list[tuple[int, int]], address: str, *, timeout: float = 10.0
) -> Iterator[tuple[int, Any]]:
    """Each task's (games, tally), in seed order, played on the cluster whose scheduler is at ``address``.

    A few long tasks (about :data:`TASKS_PER_THREAD` a worker thread), each
    answering one tally; this process waits on each task's future in turn
    (no polling), so it spends next to nothing while the workers play.
    """
    with dask_client(address, timeout=timeout) as client:
        client.run(warm_worker, simulation)  # every worker, once, before any task
        groups = task_groups(plan, workers=sum(client.nthreads().values()), per_worker=TASKS_PER_THREAD)
        futures = client.map(play_chunks_task, [simulation] * len(groups), groups, pure=False)
        for group, future in zip(groups, futures, strict=True):
            yield sum(count for _, count in group), future.result()
