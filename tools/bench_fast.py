"""The ``fast`` benchmark section: ``gupai simulate``'s fast path against its targets, the reference and the Java simulator.

- *games per CPU second*, one core, greedy agents, for each row of issue 15's
  table: ``simulate(..., jobs=1)`` on the fast path (``engine="fast"``),
  after a warm-up that loads the compiled kernels, timed by this process's
  CPU clock (which other processes on a shared machine do not distort);
  beside it the reference engine on fewer games (after as many to warm its
  planner's memo), the speed-up, and navpil's Java simulator's figure (the
  only other engine of these games): measured in the run when a JDK and
  navpil's compiled classes are here (:mod:`tools.bench_java`: its own
  RunManySimulations loop over the row's rules, in a Java process), else the
  one recorded on this machine on :data:`JAVA_RECORDED`, labelled so. Targets: Kap Shap >= 13,000, Kap Tai
  Shap (10 players, 4 sets) >= 3,700, Tsung Shap >= 24,000 and its
  four-tile variant >= 15,000 games per CPU second. Beside each rate, its
  game's *seeded deals* per CPU second (:mod:`tools.bench_floor`: the kit's
  own seed keys (SHA-512, in Python), its numba MT19937 seeding, the shuffle
  and the cut alone, measured in the same run, in turns with the rate: the
  best of three of each) and the *deal share*, the part of a game's CPU time
  that its seeded deal takes (games per second over seeded deals per
  second). It is no floor of the machine's: a C loop seeding bit for bit
  alike runs 1.6x faster (issue 35). Targets: the deal >= 50% of a Kap
  Shap culin game, >= 85% of a Tsung Shap navpil-classic game (the play
  after the deal no dearer than the deal, and under a fifth of it). Each row's rate and floor are measured in a fresh
  process (:func:`fast_and_floor`), as ``gupai simulate`` runs: this one
  holds what the sections before built (the reference planner's memos,
  other sections' games and workers), which costs the game's chunks more
  than the bare deals (Tsung Shap read 84% of its floor after the ``play``
  and ``simulate`` sections, 91% in a fresh process).
- *memory*: the peak resident set of a fresh process that simulates 10,000
  and then one that simulates 100,000 greedy games of ten-player Kap Tai
  Shap (fast path, ``jobs=1``), forked by ``tools/peak_rss.py`` (forked from
  this large process, the child's ``ru_maxrss`` would start at this one's:
  Linux carries it through fork and exec); target: the larger run's peak under 1.2
  times the smaller's. The fast path keeps no cache: the greedy planner's
  estimate is a few sums over the ten classes of kinds, computed for each
  hand, and a kernel call's arrays are fixed by the game, not the number of
  games. (The reference engine's greedy planner memoises hands in
  dictionaries of two generations, each capped at ``cache_size`` entries:
  that is what grows its memory until the caps fill.)
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from gupai.games.kap.strategy import HandPlanner
from gupai.sim.simulate import Simulation, simulate
from tools.bench import Bench, in_fresh_process, section
from tools.bench_floor import floor_rate
from tools.bench_java import CLASSES_VARIABLE, RECORDED_ON, Navpil, find_navpil, java_driver
from tools.bench_java import ROUNDS as JAVA_ROUNDS

__all__ = [
    "JAVA_RECORDED",
    "MAX_MEMORY_RATIO",
    "MEMORY_GAMES",
    "ROWS",
    "Row",
    "fast_section",
    "java_figure",
    "java_note",
    "peak_rss",
]

#: When the Java simulator's recorded figures of :data:`ROWS` were measured (on this machine, by navpil's own
#: RunManySimulations loop): without a JDK and navpil's classes the table shows them, labelled recorded, with this date.
JAVA_RECORDED = RECORDED_ON
PEAK_RSS = Path(__file__).resolve().with_name("peak_rss.py")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: what is played, the target, the Java simulator's figure, the games timed."""

    label: str
    simulation: Simulation
    target: int
    java: str  # recorded on JAVA_RECORDED
    java_args: tuple[str, ...]  # NavpilBench's arguments for navpil's same rules (tools/navpil/NavpilBench.java)
    java_games: int  # the games of each of its rounds
    games: int
    reference_games: int
    floor_target: float = 0.0  # the least share of a game's CPU time its seeded deal (tools.bench_floor) must take


_OPENING = (("opening", "discard"),)  # the Java simulator deals no opening draw
ROWS: tuple[Row, ...] = (
    Row(
        "Kap Shap culin",
        Simulation("kap-shap"),
        13_000,
        "9,600-10,100",
        ("kap", "culin", "2", "1"),
        20_000,
        40_000,
        1_000,
        0.5,
    ),
    Row(
        "Kap Shap latest-then-draw (opening=discard)",
        Simulation("kap-shap", preset="latest-then-draw", overrides=_OPENING),
        13_000,
        "13,000-13,900",
        ("kap", "classic", "2", "1"),
        20_000,
        40_000,
        1_000,
    ),
    Row(
        "Kap Shap one-tile (opening=discard)",
        Simulation("kap-shap", preset="one-tile", overrides=_OPENING),
        13_000,
        "12,700-13,200",
        ("kap", "gin", "2", "1"),
        20_000,
        40_000,
        1_000,
    ),
    Row(
        "Kap Tai Shap 10p 4 sets culin",
        Simulation("kap-tai-shap", players=10, sets=4),
        3_700,
        "2,700-3,050",
        ("kap", "culin", "10", "4"),
        5_000,
        10_000,
        200,
    ),
    Row(
        "Kap Tai Shap 10p latest-then-draw",
        Simulation("kap-tai-shap", preset="latest-then-draw", players=10, sets=4, overrides=_OPENING),
        3_700,
        "3,670",
        ("kap", "classic", "10", "4"),
        5_000,
        10_000,
        200,
    ),
    Row(
        "Kap Tai Shap 10p one-tile",
        Simulation("kap-tai-shap", preset="one-tile", players=10, sets=4, overrides=_OPENING),
        3_700,
        "3,100",
        ("kap", "gin", "10", "4"),
        5_000,
        10_000,
        200,
    ),
    Row(
        "Tsung Shap navpil-classic",
        Simulation("tsung-shap", preset="navpil-classic"),
        24_000,
        "22,000-24,000",
        ("tsung", "classic"),
        40_000,
        60_000,
        3_000,
        0.85,
    ),
    Row(
        "Tsung Shap four-tile (navpil-spieldomino)",
        Simulation("tsung-shap", preset="navpil-spieldomino"),
        15_000,
        "14,900",
        ("tsung", "spieldomino"),
        40_000,
        60_000,
        2_000,
    ),
)

#: The smaller and the larger memory run (ten-player Kap Tai Shap, greedy).
MEMORY_GAMES = (10_000, 100_000)

#: Each row's rate and its floor are measured this many times, in turns; the best of each counts.
ROUNDS = 3
MAX_MEMORY_RATIO = 1.2

_RSS_SCRIPT = """
import sys
from gupai.sim.simulate import Simulation, simulate
simulate(Simulation("kap-tai-shap", players=10, sets=4), games=int(sys.argv[1]), seed=0, jobs=1)
"""


def fast_and_floor(index: int) -> tuple[float, float]:
    """Row ``index``'s fast-path rate and its seeded-deal floor, in this process: the best of :data:`ROUNDS` each,
    measured in turns (so that the game and its floor meet the machine in the same states)."""
    row = ROWS[index]
    sim = replace(row.simulation, engine="fast")  # (auto would play the short warm-up on the reference)
    simulate(sim, games=200, seed=10**7, jobs=1)  # warm-up: loads the compiled kernels
    fast = floor = 0.0
    for k in range(ROUNDS):
        fast = max(fast, _rate(sim, row.games, 10**6 + k * row.games))
        floor = max(floor, floor_rate(sim, games=row.games, seed=10**6 + k * row.games))
    return fast, floor


def _rate(simulation: Simulation, games: int, seed: int) -> float:
    """Games per CPU second of ``simulate(..., jobs=1)``."""
    began = time.process_time()
    simulate(simulation, games=games, seed=seed, jobs=1)
    return games / max(1e-9, time.process_time() - began)


def peak_rss(games: int, script: str = _RSS_SCRIPT) -> int:
    """The peak resident set (KiB) of a fresh process simulating ``games`` greedy ten-player Kap Tai Shap games
    (or running ``script`` with ``games`` as its argument), forked by the small ``tools/peak_rss.py``."""
    done = subprocess.run(
        [sys.executable, str(PEAK_RSS), sys.executable, "-c", script, str(games)],
        check=True,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    last = done.stderr.strip().splitlines()[-1]
    if not last.startswith("peak-rss-kb "):
        raise RuntimeError(f"tools/peak_rss.py said {last!r}")
    return int(last.split()[1])


def java_figure(row: Row, measure: Callable[[Sequence[str], int], float] | None) -> tuple[str, float]:
    """The row's Java figure as the table prints it, and the rate to compare with: measured by ``measure``
    (:func:`tools.bench_java.java_driver`'s), or without it the recorded one (its low end).

    >>> java_figure(ROWS[0], None)
    ('9,600-10,100', 9600.0)
    >>> java_figure(ROWS[0], lambda args, games: 1234.5)
    ('1,234', 1234.5)
    """
    if measure is None:
        return row.java, float(row.java.split("-")[0].replace(",", ""))
    rate = measure(row.java_args, row.java_games)
    return f"{rate:,.0f}", rate


def java_note(navpil: Navpil | str) -> str:
    """The table's note on its Java column: measured (from where, how), or recorded (when, and why not measured).

    >>> print(java_note("no JDK here (java and javac)"))  # doctest: +ELLIPSIS
    Java, recorded: ... on 2026-11-23, not measured in this run (no JDK here (java and javac); ...
    """
    if isinstance(navpil, Navpil):
        return (
            f"Java, measured: navpil's simulator in this run (its classes: {navpil.classes}), through its own "
            "RunManySimulations loop in calls of 100 games, games per CPU second of the Java process, the best of "
            f"{JAVA_ROUNDS} rounds after one to warm up; a runaway gin game, which navpil's loop never ends, declines "
            "discards after 900 turns, and a call navpil's player fails in loses its games (tools/navpil/NavpilBench.java; "
            f"recorded on {JAVA_RECORDED}: tools/bench_fast.py's ROWS)."
        )
    return (
        f"Java, recorded: navpil's simulator on this machine on {JAVA_RECORDED}, not measured in this run "
        f"({navpil}; to measure it: a JDK, and ${CLASSES_VARIABLE} naming navpil's compiled classes)."
    )


@section("fast")
def fast_section(bench: Bench) -> None:
    """The fast path: greedy games per CPU second against the targets, the reference and Java; flat memory."""
    navpil = find_navpil()
    heading = "Java, measured" if isinstance(navpil, Navpil) else "Java, recorded"
    bench.line("fast path: greedy games per CPU second, one core (reference engine and Java simulator beside it)")
    bench.line(
        f"  {'game / rules':<44} {'fast':>8} {'reference':>10} {'x':>6} {heading:>14} {'fast/Java':>10} "
        f"{'seeded deals':>12} {'deal share':>10}"
    )
    with ExitStack() as stack:
        measure = stack.enter_context(java_driver(navpil)) if isinstance(navpil, Navpil) else None
        for index, row in enumerate(ROWS):
            _fast_row(bench, row, index, measure)
    bench.line(f"  {java_note(navpil)}")
    bench.line(
        "  Seeded deals: the kit's own seeding (SHA-512 keys, numba MT19937), shuffle and cut alone; deal share: "
        "the part of a game's CPU time they take (no machine floor: a C loop seeding alike is 1.6x faster)."
    )
    _memory(bench)
    bench.line()


def _fast_row(bench: Bench, row: Row, index: int, measure: Callable[[Sequence[str], int], float] | None) -> None:
    fast, floor = in_fresh_process("tools.bench_fast.fast_and_floor", index)
    slow = replace(row.simulation, engine="reference")
    _rate(slow, row.reference_games, 2 * 10**6)  # warm-up: fills the reference planner's memo
    reference = _rate(slow, row.reference_games, 10**6)
    java, java_rate = java_figure(row, measure)
    bench.line(
        f"  {row.label:<44} {fast:>8,.0f} {reference:>10,.0f} {fast / reference:>5.1f}x {java:>14} "
        f"{fast / java_rate:>9.2f}x {floor:>12,.0f} {fast / floor:>10.0%}"
    )
    if row.floor_target:
        bench.target(
            f"{row.label}: its seeded deal >= {row.floor_target:.0%} of a game's CPU time",
            fast >= row.floor_target * floor,
            f"{fast / floor:.0%} ({fast:,.0f} games against {floor:,.0f} seeded deals per CPU second)",
        )
    bench.target(
        f"{row.label}: >= {row.target:,} games per CPU second",
        fast >= row.target,
        f"{fast:,.0f} games per CPU second on the fast path ({row.games:,} games, best of {ROUNDS})",
    )


def _memory(bench: Bench) -> None:
    small, large = MEMORY_GAMES
    peaks = [peak_rss(games) for games in (small, large)]
    cache = inspect.signature(HandPlanner).parameters["cache_size"].default
    bench.line(
        f"  peak RSS, ten-player Kap Tai Shap, greedy, fast path: {peaks[0] / 1024:,.0f} MiB for {small:,} games, "
        f"{peaks[1] / 1024:,.0f} MiB for {large:,}"
    )
    bench.line(
        "  caches: the fast path keeps none (the planner's estimate is computed for each hand; the kernel's arrays "
        "are sized by the game). The reference planner memoises kept tiles and useful kinds by hand key in two "
        f"generations of at most {cache:,} entries each, which its memory grows into."
    )
    bench.target(
        f"memory flat: peak RSS at {large:,} greedy games < {MAX_MEMORY_RATIO} x at {small:,}",
        peaks[1] < MAX_MEMORY_RATIO * peaks[0],
        f"{peaks[1] / peaks[0]:.3f}x",
    )
