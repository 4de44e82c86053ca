"""The ``cluster`` benchmark section: ``gupai simulate --cluster`` against ``--jobs 2``, in CPU seconds.

A Dask cluster is started here as the README starts one (``dask scheduler``,
then ``dask worker --nworkers 2 --nthreads 1``: two worker processes, each
under its nanny), on this machine's loopback, with gupai's
:data:`~gupai.sim.cluster.QUIET_CONFIG` in its environment. Measured:

- *start-up*: wall seconds until both workers have joined, and the
  cluster's CPU seconds by then;
- *idle*: the CPU the scheduler, the nannies and the workers spend over
  :data:`IDLE_SECONDS` with nothing to do; target: under 1% of a core;
- *a run*: :data:`GAMES` greedy Kap Shap games (the fast path) played with
  ``--jobs 2``, then the same seeds with ``--cluster``; the CPU seconds of
  each, every process counted: for ``--jobs 2``, the command and its worker
  processes; for the cluster, the command (the client), the scheduler, the
  nannies and the workers, the last three read from ``/proc`` before and
  after (their threads' user and system time, and their ended children's).
  Target: the cluster's at most :data:`MAX_CPU_RATIO` times ``--jobs 2``'s.
  The cluster's run is its first: each worker loads the compiled kernels for
  it, as ``--jobs 2`` loads them once and forks. Both print the same JSON.

CPU time is what other sessions' load distorts least, but not nothing: a
loaded machine stretches a run's wall time, and the cluster's heartbeats and
monitors cost by the second, so the load average is printed beside.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tools.bench import GUPAI, Bench, section

__all__ = [
    "GAMES",
    "IDLE_SECONDS",
    "MAX_CPU_RATIO",
    "MAX_IDLE_SHARE",
    "cluster_section",
    "dask_cluster",
    "run_cost",
    "tree_cpu",
]

#: Kap Shap games of the run, and its first seed.
GAMES = 1_000_000
SEED = 3_000_000
#: How long the idle cluster is watched.
IDLE_SECONDS = 30.0
MAX_CPU_RATIO = 1.2
MAX_IDLE_SHARE = 0.01
#: The cluster's workers (processes of one thread each), as many as ``--jobs``.
WORKERS = 2

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (the state first), or None if it ended."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _descendants(pid: int) -> list[int]:
    """``pid`` and every live process below it, by their parents' ids in ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        fields = _stat(entry.name) if entry.name.isdigit() else None
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, ()))
    return found


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) of process ``pid`` and every live process below it, their ended children's too.

    >>> 0 < tree_cpu(os.getpid()) < 10_000
    True
    """
    total = 0
    for process in _descendants(pid):
        fields = _stat(process)
        if fields is not None:  # (one that ended meanwhile: its time went to its parent's ended children)
            total += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return total / _TICKS


def run_cost(argv: Sequence[str], *, env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Wall and CPU seconds of running ``argv`` (its children's included), and its standard output; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(list(argv), capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), done.stdout


@contextmanager
def dask_cluster(workdir: Path, env: dict[str, str], *, workers: int = WORKERS) -> Iterator[tuple[str, list[int]]]:
    """A scheduler and ``workers`` one-thread workers on loopback, started with the dask command, stopped on leaving.

    Yields the scheduler's address and the process ids of the scheduler and of the ``dask worker`` command
    (its nannies and their workers are below it). Their logs go to ``workdir``.
    """
    from distributed import Client

    dask = str(Path(sys.executable).parent / "dask")
    scheduler_file = str(workdir / "scheduler.json")
    common = ["--no-dashboard", "--host", "127.0.0.1"]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        with open(workdir / "scheduler.log", "wb") as log:
            processes.append(
                subprocess.Popen(
                    [
                        dask,
                        "scheduler",
                        *common,
                        "--port",
                        "0",
                        "--scheduler-file",
                        scheduler_file,
                        "--preload",
                        "gupai.sim.cluster",
                    ],
                    stdout=log,
                    stderr=log,
                    env=env,
                    stdin=subprocess.DEVNULL,
                )
            )
        with open(workdir / "workers.log", "wb") as log:
            processes.append(
                subprocess.Popen(
                    [
                        dask,
                        "worker",
                        *common,
                        "--scheduler-file",
                        scheduler_file,
                        "--nworkers",
                        str(workers),
                        "--nthreads",
                        "1",
                    ],
                    stdout=log,
                    stderr=log,
                    env=env,
                    stdin=subprocess.DEVNULL,
                )
            )
        with Client(scheduler_file=scheduler_file, timeout=120, set_as_default=False) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(workers, timeout=120)
            address = str(client.scheduler.address)
        yield address, [process.pid for process in processes]
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in reversed(processes):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _load() -> str:
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


@section("cluster")
def cluster_section(bench: Bench) -> None:
    """gupai simulate --cluster: CPU seconds against --jobs 2 (10^6 Kap Shap games), an idle cluster's CPU."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        bench.line("  skipped: needs dask.distributed, the extra cluster (pip install 'gupai[cluster]')")
        bench.line()
        return
    from gupai.sim.cluster import quiet_environment

    simulate = [
        GUPAI,
        "simulate",
        "kap-shap",
        "-n",
        f"{GAMES}",
        "--seed",
        f"{SEED}",
        "--engine",
        "fast",
        "--json",
        "-q",
    ]
    bench.line(f"cluster: {GAMES:,} greedy Kap Shap games (fast path), CPU seconds of every process; load {_load()}")
    run_cost([GUPAI, "simulate", "kap-shap", "-n", "2000", "--engine", "fast", "-q", "--jobs", "1"])  # kernels cached
    jobs_wall, jobs_cpu, jobs_out = run_cost([*simulate, "--jobs", "2"])
    bench.line(f"  {'--jobs 2':<36} {jobs_cpu:>8.1f} CPU s  ({jobs_wall:.1f} s wall)")
    env = {**os.environ, **quiet_environment()}
    with tempfile.TemporaryDirectory(prefix="gupai-bench-cluster-") as scratch:
        began = time.perf_counter()
        with dask_cluster(Path(scratch), env) as (address, pids):
            start_wall = time.perf_counter() - began
            start_cpu = sum(map(tree_cpu, pids))
            bench.line(f"  {'start-up (2 workers joined)':<36} {start_cpu:>8.1f} CPU s  ({start_wall:.1f} s wall)")
            time.sleep(2.0)  # the workers' first heartbeats and the client's leaving settle
            idle_before = sum(map(tree_cpu, pids))
            time.sleep(IDLE_SECONDS)
            idle = (sum(map(tree_cpu, pids)) - idle_before) / IDLE_SECONDS
            bench.line(f"  {'idle':<36} {idle:>8.2%} of a core  (over {IDLE_SECONDS:.0f} s)")
            before = [tree_cpu(pid) for pid in pids]
            wall, client, out = run_cost([*simulate, "--cluster", address], env=env)
            scheduler, workers = (tree_cpu(pid) - cpu for pid, cpu in zip(pids, before, strict=True))
    total = client + scheduler + workers
    bench.line(
        f"  {'--cluster':<36} {total:>8.1f} CPU s  ({wall:.1f} s wall; client {client:.1f}, scheduler {scheduler:.1f}, "
        f"nannies and workers {workers:.1f}; load {_load()})"
    )
    bench.target(
        "--cluster gives the figures of --jobs 2", json.loads(out) == json.loads(jobs_out), f"the same {GAMES:,} games"
    )
    bench.target(
        f"--cluster <= {MAX_CPU_RATIO}x the CPU of --jobs 2",
        total <= MAX_CPU_RATIO * jobs_cpu,
        f"{total / jobs_cpu:.2f}x ({total:.1f} against {jobs_cpu:.1f} CPU seconds)",
    )
    bench.target(
        f"an idle {WORKERS}-worker cluster < {MAX_IDLE_SHARE:.0%} of a core",
        idle < MAX_IDLE_SHARE,
        f"{idle:.2%} of a core over {IDLE_SECONDS:.0f} s (scheduler, nannies and workers)",
    )
    bench.line()
