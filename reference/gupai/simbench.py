"""The ``simulate`` benchmark section: how fast ``gupai simulate`` plays, and that its memory stays flat.

- *one core*: greedy games of Kap Shap and of ten-player, four-set Kap Tai
  Shap under Culin's rules, played as ``gupai simulate`` plays them (no log,
  the engine's ``_step``), after a warm-up so that the greedy planner's
  per-hand caches are in their steady state, on fresh seeds. Reported per
  second of wall-clock time and per second of this process's CPU time; the
  targets (2,000 and 500 games a second per core) are judged on CPU time,
  which other processes on a shared machine do not distort.
- *jobs*: the same seeds with ``--jobs 1`` and ``--jobs 2`` (after the
  warm-up, so the forked workers start warm too), wall-clock, alternated and
  the best of each counted. Target: 1.7 times faster on two idle cores. When
  the machine is busy (load average above a quarter of a core per core
  before the run) the ratio is reported, not judged.
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

from .bench import Bench, section
from .simulate import KapRunner, Simulation, default_jobs, simulate

__all__ = ["MIN_JOBS_SPEEDUP", "MIN_KAP_SHAP_GAMES", "MIN_KAP_TAI_SHAP_GAMES", "SIZES", "Sizes", "simulate_section"]

MIN_KAP_SHAP_GAMES = 2_000
MIN_KAP_TAI_SHAP_GAMES = 500
MIN_JOBS_SPEEDUP = 1.7


@dataclass(frozen=True, slots=True)
class Sizes:
    """How many games each measurement plays."""

    kap_shap: tuple[int, int] = (3_000, 4_000)  # warm-up, timed
    kap_tai_shap: tuple[int, int] = (1_500, 1_500)
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
    bench.line("simulate: greedy games without logs, culin; steady state after a warm-up, fresh seeds")
    cases = (("kap-shap", 2, MIN_KAP_SHAP_GAMES), ("kap-tai-shap", 10, MIN_KAP_TAI_SHAP_GAMES))
    for game, players, target in cases:
        warm, timed = SIZES.kap_shap if game == "kap-shap" else SIZES.kap_tai_shap
        runner = KapRunner(Simulation(game, players=players))
        _, _, warm_cpu = _play(runner, range(warm))
        games, wall, cpu = _play(runner, range(10_000, 10_000 + timed))
        label = f"{runner.config.spec.name}, {players} players"
        bench.line(
            f"  {label:<28} steady {games / wall:>8,.0f} games/s wall, {games / cpu:>8,.0f} per CPU second  "
            f"(warm-up {warm / warm_cpu:,.0f} per CPU second; {games:,} games, load {_load():.1f})"
        )
        bench.target(
            f"{label}: >= {target:,} greedy games/s per core",
            games / cpu >= target,
            f"{games / cpu:,.0f} games per CPU second ({games / wall:,.0f} per wall second)",
        )

    cores = default_jobs()
    sim = Simulation("kap-shap")
    seeds = list(range(20_000, 20_000 + SIZES.jobs))
    busy = _load() > 0.25 * (os.cpu_count() or 1)
    one, two = bench.race(
        [
            (lambda s: simulate(sim, games=len(s), seed=s[0], jobs=1).summary(), seeds),
            (lambda s: simulate(sim, games=len(s), seed=s[0], jobs=2).summary(), seeds),
        ],
        rounds=2,
    )
    speedup = one.seconds / two.seconds
    same = one.result == two.result
    bench.report("Kap Shap, --jobs 1", one, unit="games")
    bench.report("Kap Shap, --jobs 2", two, unit="games")
    bench.target("--jobs 1 and --jobs 2 give the same figures", same, "identical summaries" if same else "differ")
    detail = f"{speedup:.2f}x on {cores} core(s), load average {_load():.1f}"
    if cores < 2 or busy:
        why = "fewer than two cores" if cores < 2 else "the machine is busy"
        bench.line(f"  INFO  --jobs 2 speedup not judged ({why}): {detail}")
    else:
        bench.target(f"--jobs 2 >= {MIN_JOBS_SPEEDUP}x --jobs 1", speedup >= MIN_JOBS_SPEEDUP, detail)

    peaks = []
    small, large = SIZES.memory
    for games in (small, large):
        tracemalloc.start()
        simulate(Simulation("kap-shap", agents=("random",)), games=games, seed=0, jobs=1)
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
