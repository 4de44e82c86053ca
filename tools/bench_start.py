"""``make bench``'s ``start`` section: what a user waits for before the first game, and the last percent of a big run.

Every figure is a ``gupai`` command run as a user runs it, in a fresh
process, its CPU time (user and system, the process's and its workers')
taken from the operating system:

- ``gupai --help``: the command line's start (no numpy, numba or jsonschema
  is imported for it). Target: under 0.15 s of CPU.
- ``gupai simulate kap-shap -n 1``: one game on the default engine
  (``auto``, which plays a run this short on the reference engine).
  Target: under 0.5 s of CPU. The same game on ``--engine fast`` (its
  kernels already in numba's cache) is shown beside it: numba's own import
  costs most of it.
- ``gupai simulate kap-shap -n 1000000`` with ``--jobs 1`` and ``--jobs 2``
  (the fast path): wall and CPU time. Targets: ``--jobs 2`` at least 1.8
  times faster in wall time, for at most 10% more CPU, on a machine with
  two cores or more (the load average is printed beside it: other work on
  the machine lowers the speedup).

Each small command is timed five times (the least CPU counts); the two big
runs twice each, in turns (the faster of each counts, with its CPU).
"""

from __future__ import annotations

import os
import sys

from tools.bench import Bench, gupai_cost, process_cost, section

__all__ = ["BIG_RUN", "MAX_HELP_CPU", "MAX_JOBS_CPU", "MAX_SIMULATE_ONE_CPU", "MIN_JOBS_SPEEDUP"]

#: ``gupai --help``'s CPU seconds, at most.
MAX_HELP_CPU = 0.15
#: ``gupai simulate kap-shap -n 1``'s CPU seconds, at most.
MAX_SIMULATE_ONE_CPU = 0.5
#: Games of the big run, and what ``--jobs 2`` must reach against ``--jobs 1`` on it.
BIG_RUN = 1_000_000
MIN_JOBS_SPEEDUP = 1.8
MAX_JOBS_CPU = 1.10

#: numba and its array library, as the fast path imports them (SciPy hidden from numba's BLAS check).
_IMPORT_NUMBA = "import sys; sys.modules['scipy'] = None; import numba, numba.np.arraymath"


def _least_cpu(*args: str, runs: int = 5) -> float:
    return min(gupai_cost(*args)[1] for _ in range(runs))


@section("start")
def start_section(bench: Bench) -> None:
    """gupai --help and simulate -n 1 in CPU seconds; 10^6 games with --jobs 2 against --jobs 1."""
    bench.line("start: gupai commands in a fresh process, CPU time of the process and its workers")
    one = ("simulate", "kap-shap", "-n", "1", "--jobs", "1")
    gupai_cost(*one, "--engine", "fast")  # the kernels in numba's cache (compiled now if they are not)
    help_cpu = _least_cpu("--help")
    one_cpu = _least_cpu(*one)
    fast_cpu = _least_cpu(*one, "--engine", "fast")
    numba_cpu = min(_python_cpu(_IMPORT_NUMBA) for _ in range(5)) - min(_python_cpu("pass") for _ in range(5))
    bench.line(f"  {'gupai --help':<52} {help_cpu:>6.2f} s CPU (least of 5)")
    bench.line(f"  {'gupai simulate kap-shap -n 1 (auto: reference)':<52} {one_cpu:>6.2f} s CPU (least of 5)")
    bench.line(
        f"  {'gupai simulate kap-shap -n 1 --engine fast':<52} {fast_cpu:>6.2f} s CPU (least of 5; "
        f"importing numba alone: {numba_cpu:.2f} s)"
    )
    bench.target(f"gupai --help < {MAX_HELP_CPU} s CPU", help_cpu < MAX_HELP_CPU, f"{help_cpu:.3f} s")
    bench.target(
        f"gupai simulate kap-shap -n 1 < {MAX_SIMULATE_ONE_CPU} s CPU",
        one_cpu < MAX_SIMULATE_ONE_CPU,
        f"{one_cpu:.3f} s",
    )

    big = ("simulate", "kap-shap", "-n", str(BIG_RUN), "--json")
    runs = {1: (float("inf"), 0.0), 2: (float("inf"), 0.0)}
    for _ in range(2):  # in turns: each meets the machine in the same state when other load comes and goes
        for jobs in (1, 2):
            runs[jobs] = min(runs[jobs], gupai_cost(*big, "--jobs", str(jobs)))
    for jobs, (wall, cpu) in runs.items():
        bench.line(
            f"  {f'{BIG_RUN:,} Kap Shap games, --jobs {jobs}':<52} {wall:>6.2f} s wall {cpu:>6.2f} s CPU (best of 2 by wall)"
        )
    speedup, cost = runs[1][0] / runs[2][0], runs[2][1] / runs[1][1]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    detail = f"{speedup:.2f}x wall for {cost:.2f}x the CPU, {cores} core(s), load average {os.getloadavg()[0]:.1f}"
    if cores < 2:
        bench.line(f"  INFO  --jobs 2 not judged on one core: {detail}")
        return
    bench.target(f"--jobs 2 >= {MIN_JOBS_SPEEDUP}x wall on {BIG_RUN:,} games", speedup >= MIN_JOBS_SPEEDUP, detail)
    bench.target(f"--jobs 2 <= {MAX_JOBS_CPU:.2f}x the CPU of --jobs 1", cost <= MAX_JOBS_CPU, detail)


def _python_cpu(code: str) -> float:
    return process_cost([sys.executable, "-c", code])[1]
