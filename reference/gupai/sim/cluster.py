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
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gupai.core.errors import OptionError
from gupai.sim.chunks import play_chunk, task_groups

__all__ = [
    "TASKS_PER_THREAD",
    "TaskCancelledError",
    "cluster_chunk_results",
    "dask_client",
    "play_chunk_task",
    "play_chunks_task",
    "task_cancelled",
    "warm_worker",
]

#: Runners a worker built, by simulation (a worker builds each once).
_RUNNERS: dict[Any, Any] = {}

#: About how many tasks each worker thread gets: enough to balance the load, few enough that each is long.
TASKS_PER_THREAD = 4


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


def play_chunks_task(simulation: Any, chunks: list[tuple[int, int]]) -> list[Any]:
    """A worker's task: play several chunks of seeds, a tally each, in their order.

    Dask cannot stop a task that is running; so before each chunk (at most a few hundred games) the task
    asks whether it is still wanted (:func:`task_cancelled`), and raises :class:`TaskCancelledError` if not: a
    ``gupai simulate --cluster`` stopped by Ctrl-C or SIGTERM leaves no worker playing for nobody.
    """
    tallies = []
    for chunk in chunks:
        if task_cancelled():
            raise TaskCancelledError(f"the task was cancelled before the chunk of seeds from {chunk[0]}")
        tallies.append(play_chunk_task(simulation, chunk))
    return tallies


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
    """Each chunk's (count, tally), in seed order, played on the cluster whose scheduler is at ``address``."""
    with dask_client(address, timeout=timeout) as client:
        client.run(warm_worker, simulation)  # every worker, once, before any task
        groups = task_groups(plan, workers=sum(client.nthreads().values()), per_worker=TASKS_PER_THREAD)
        futures = client.map(play_chunks_task, [simulation] * len(groups), groups, pure=False)
        for group, future in zip(groups, futures, strict=True):
            for chunk, tally in zip(group, future.result(), strict=True):
                yield chunk[1], tally
