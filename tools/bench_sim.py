"""The ``simulate`` benchmark section: how fast ``gupai simulate`` plays, and that its memory stays flat.

- *one core*: greedy games of Kap Shap and of ten-player, four-set Kap Tai
  Shap under Culin's rules, played as ``gupai simulate`` plays them (no log,
  the engine's ``step``). The greedy planner remembers what it computed for
  each hand, so a process plays faster the more games it has played: the
  section reports the rate over a cold start, then the steady-state rate on
  fresh seeds after it. Rates are per second of wall-clock time and per
  second of this process's CPU time; the targets (2,000 and 500 games a
  second per core) are judged on the steady-state CPU-time rate, which other
  processes on a shared machine do not distort.
- *jobs*: ``--jobs 1`` and ``--jobs 2`` in turn, each on fresh seeds, after
  the warm-up (so the forked workers start warm too), wall-clock; the best
  of each counts. Target: 1.7 times faster with two jobs on two cores (the
  load average is printed beside it: other work on the machine lowers it).
  Also checked: both give the same figures on the same seeds.
- *memory*: the peak of traced allocations while simulating 2,000 and then
  8,000 games (random agents, so that only the simulator's own memory is
  measured, not the greedy planner's bounded caches). Target: the larger run
  peaks no higher than the smaller one, give or take a fifth.
"""

from __future__ import annotations

import os
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass

from gupai.sim.simulate import KapRunner, Simulation, default_jobs, simulate
from tools.bench import Bench, section

__all__ = ["MIN_JOBS_SPEEDUP", "MIN_KAP_SHAP_GAMES", "MIN_KAP_TAI_SHAP_GAMES", "SIZES", "Sizes", "simulate_section"]

MIN_KAP_SHAP_GAMES = 2_000
MIN_KAP_TAI_SHAP_GAMES = 500
MIN_JOBS_SPEEDUP = 1.7


@dataclass(frozen=True, slots=True)
class Sizes:
    """How many games each measurement plays."""

    kap_shap: tuple[int, int] = (10_000, 5_000)  # cold start (warm-up), steady state
    kap_tai_shap: tuple[int, int] = (3_000, 1_500)
    jobs: int = 4_000
    memory: tuple[int, int] = (2_000, 8_000)  # smaller, larger run


SIZES = Sizes()


def _play(runner: KapRunner, seeds: Sequence[int]) -> tuple[int, float, float]:
    tally = runner.new_tally()
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        runner.play(seed, tally)
    return tally.games, time.perf_counter() - wall, time.process_time() - cpu


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        return 0.0


@section("simulate")
def simulate_section(bench: Bench) -> None:
    """gupai simulate: greedy games per second per core, --jobs 2 against 1, flat memory."""
    bench.line("simulate: greedy games without logs, culin; a cold start, then steady state on fresh seeds")
    cases = (("kap-shap", 2, MIN_KAP_SHAP_GAMES), ("kap-tai-shap", 10, MIN_KAP_TAI_SHAP_GAMES))
    for game, players, target in cases:
        warm, timed = SIZES.kap_shap if game == "kap-shap" else SIZES.kap_tai_shap
        runner = KapRunner(Simulation(game, players=players))
        _, warm_wall, warm_cpu = _play(runner, range(warm))
        games, wall, cpu = _play(runner, range(100_000, 100_000 + timed))
        label = f"{runner.config.spec.name}, {players} players"
        bench.line(
            f"  {label + ', first ' + f'{warm:,}':<40} {warm / warm_cpu:>8,.0f} games per CPU second "
            f"({warm / warm_wall:,.0f} per wall second)"
        )
        bench.line(
            f"  {label + ', the next ' + f'{games:,}':<40} {games / cpu:>8,.0f} games per CPU second "
            f"({games / wall:,.0f} per wall second, load average {_load():.1f})"
        )
        bench.target(
            f"{label}: >= {target:,} greedy games/s per core",
            games / cpu >= target,
            f"{games / cpu:,.0f} games per CPU second in steady state ({games / wall:,.0f} per wall second)",
        )

    cores = default_jobs()
    sim = Simulation("kap-shap", engine="reference")  # the fast path's own section is tools.bench_fast
    check = [simulate(sim, games=400, seed=0, jobs=jobs).summary() for jobs in (1, 2)]
    bench.target("--jobs 1 and --jobs 2 give the same figures", check[0] == check[1], "the same 400 games")
    n = SIZES.jobs
    best = {1: float("inf"), 2: float("inf")}
    start = 200_000
    for _ in range(2):
        for jobs in (1, 2):
            began = time.perf_counter()
            simulate(sim, games=n, seed=start, jobs=jobs)
            best[jobs] = min(best[jobs], time.perf_counter() - began)
            start += n
    speedup = best[1] / best[2]
    for jobs in (1, 2):
        bench.line(f"  {f'Kap Shap, --jobs {jobs}':<40} {n / best[jobs]:>8,.0f} games/s wall (best of 2, fresh seeds)")
    detail = f"{speedup:.2f}x on {cores} core(s), load average {_load():.1f}"
    if cores < 2:
        bench.line(f"  INFO  --jobs 2 speedup not judged (one core): {detail}")
    else:
        bench.target(f"--jobs 2 >= {MIN_JOBS_SPEEDUP}x --jobs 1", speedup >= MIN_JOBS_SPEEDUP, detail)

    peaks = []
    small, large = SIZES.memory
    for games in (small, large):
        tracemalloc.start()
        simulate(Simulation("kap-shap", agents=("random",), engine="reference"), games=games, seed=0, jobs=1)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    bench.line(
        f"  traced peak: {peaks[0] / 1024:,.0f} KiB for {small:,} games, {peaks[1] / 1024:,.0f} KiB for {large:,}"
    )
    bench.target(
        "memory flat as games grow",
        peaks[1] <= 1.2 * peaks[0] + 64 * 1024,
        f"{peaks[1] / max(1, peaks[0]):.2f}x the peak for {large / small:g} times the games",
    )
    bench.line()
