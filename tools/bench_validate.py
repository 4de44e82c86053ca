"""``make bench``'s validate-jobs section: ``gupai validate --jobs 2`` against ``--jobs 1`` on one large file.

The corpus is 15,000 greedy Kap Shap games in one ``.jsonl`` file (3,000
games played, five times over). ``gupai validate`` runs as a user runs it, a
fresh process each time, ``--jobs 1`` and ``--jobs 2`` in turns, five times
(the machine's speed drifts by a tenth from one minute to the next); the best
wall time of each counts, and the CPU time of the process and its workers
is shown beside it. Target: ``--jobs 2`` at least 1.6 times faster in wall
time, on a machine with two cores or more (on a busy machine the figure
says so: the load average is printed with it).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

from gupai.log.format import dumps_log_line
from gupai.log.play import play_game
from tools.bench import GUPAI, Bench, gupai_cost, section

__all__ = ["GAMES", "MIN_SPEEDUP", "validate_jobs_section", "validate_run"]

#: The corpus's games (distinct ones, and how many times over).
GAMES, DISTINCT = 15_000, 3_000

#: ``--jobs 2`` against ``--jobs 1``, in wall time.
MIN_SPEEDUP = 1.6

#: Runs of each, in turns.
ROUNDS = 5


def validate_run(path: Path, jobs: int) -> tuple[float, float]:
    """Wall and CPU seconds (the command's and its workers') of ``gupai validate --jobs JOBS PATH``, which must pass."""
    return gupai_cost("validate", "--jobs", str(jobs), str(path))


def _at_once(paths: list[Path]) -> float:
    """Wall seconds of one ``gupai validate`` for each of ``paths``, all started at once (each must pass)."""
    began = time.perf_counter()
    running = [
        subprocess.Popen([GUPAI, "validate", str(p)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for p in paths
    ]
    for process in running:
        _, err = process.communicate()
        assert process.returncode == 0, f"gupai validate failed ({process.returncode}): {err.decode()[-500:]}"
    return time.perf_counter() - began


@section("validate-jobs")
def validate_jobs_section(bench: Bench) -> None:
    """15,000 Kap Shap games in one .jsonl: gupai validate --jobs 2 against --jobs 1, wall and CPU."""
    bench.line(f"validate-jobs: {GAMES:,} greedy Kap Shap games in one .jsonl, gupai validate in a fresh process")
    lines = "".join(dumps_log_line(play_game("kap-shap", seed=seed)) + "\n" for seed in range(DISTINCT))
    with tempfile.TemporaryDirectory(prefix="gupai-bench-") as folder:
        path = Path(folder) / "games.jsonl"
        corpus = (lines * (GAMES // DISTINCT)).splitlines(keepends=True)
        path.write_text("".join(corpus), encoding="utf-8")
        halves = [Path(folder) / "first.jsonl", Path(folder) / "second.jsonl"]  # the same games, half each
        halves[0].write_text("".join(corpus[: GAMES // 2]), encoding="utf-8")
        halves[1].write_text("".join(corpus[GAMES // 2 :]), encoding="utf-8")
        best = {1: (float("inf"), 0.0), 2: (float("inf"), 0.0)}
        apart = float("inf")
        for _ in range(ROUNDS):
            for jobs in (1, 2):
                wall, cpu = validate_run(path, jobs)
                best[jobs] = min(best[jobs], (wall, cpu))
            apart = min(apart, _at_once(halves))
    for jobs, (wall, cpu) in best.items():
        bench.line(f"  {f'--jobs {jobs}':<40} {wall:>6.2f} s wall {cpu:>6.2f} s CPU (best of {ROUNDS} by wall)")
    speedup = best[1][0] / best[2][0]
    bench.line(
        f"  {'two processes, half the file each':<40} {apart:>6.2f} s wall ({best[1][0] / apart:.2f}x: what this "
        "machine gives two processes that share nothing; for comparison, not a target)"
    )
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    detail = f"{speedup:.2f}x wall for {best[2][1] / best[1][1]:.2f}x the CPU, {cores} core(s), load average {load:.1f}"
    if cores < 2:
        bench.line(f"  --jobs 2 >= {MIN_SPEEDUP}x: not measured on one core ({detail})")
        return
    bench.target(f"validate --jobs 2 >= {MIN_SPEEDUP}x wall on {GAMES:,} games", speedup >= MIN_SPEEDUP, detail)
