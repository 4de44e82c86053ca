"""``make bench``: gupai's performance figures, section by section.

.. code-block:: sh

    python -m tools.bench              # every section
    python -m tools.bench hands        # one section (or several)
    python -m tools.bench --list       # the sections
    python -m tools.bench hands --hands 50000 --seed 7

A section is a function of a :class:`Bench`, registered with
``@section("name")``. It times work with :meth:`Bench.measure` (the best of a
few runs, in this one thread) and states each target with
:meth:`Bench.target`, which prints a ``PASS`` or ``FAIL`` line. The command
exits with status 1 if a target fails, 2 on a bad command line.

To add a section from another module (an engine, the validator), decorate
its function with :func:`section` and add the module to
:data:`SECTION_MODULES`; :func:`main` imports them before it runs.

The ``hands`` section times the winning-hand check, ``HandEvaluator.is_winning``
on count vectors, on random hands of Kap Tai Shap (ten tiles, four sets) and
Kap Shap (eight tiles, one set), next to a plain backtracking check of the
same hands: try each two identical tiles as the eye, then pair the first
remaining tile with each tile it makes a ten-pair with, and so on, asking the
public :class:`~gupai.core.pairs.PairRules` (``is_eye``, ``is_pair``) about tiles.

>>> from gupai import PairRules, parse_tiles
>>> plain_is_winning(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1".split()), PairRules())
True
>>> plain_is_winning(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 6-5".split()), PairRules())
False
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, TypeVar

from gupai.core.hands import HandEvaluator, hand_key
from gupai.core.options import resolve_options
from gupai.core.pairs import PairRules
from gupai.core.tiles import KIND_COUNT, Tile, set_counts, tiles_from_counts
from gupai.games.kap.config import collecting_config

__all__ = [
    "GUPAI",
    "SECTIONS",
    "SECTION_MODULES",
    "Bench",
    "Measurement",
    "gupai_cost",
    "in_fresh_process",
    "main",
    "plain_is_winning",
    "process_cost",
    "random_hands",
    "section",
]

T = TypeVar("T")
SectionFunc = Callable[["Bench"], None]

#: Every registered section, by name, in registration order.
SECTIONS: dict[str, SectionFunc] = {}

#: Modules holding sections, imported by :func:`main` before it runs.
SECTION_MODULES: list[str] = [
    "tools.bench",
    "tools.bench_tsung",
    "tools.bench_protocol",
    "tools.bench_kap",
    "tools.bench_sim",
    "tools.bench_fast",
    "tools.bench_api",
    "tools.bench_validate",
    "tools.bench_start",
    "tools.bench_cluster",
]

#: The ``gupai`` command of this environment, run as a user runs it.
GUPAI = str(Path(sys.executable).parent / "gupai")


def process_cost(argv: Sequence[str], *, name: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user and system, the process's and its children's) of running ``argv``.

    The command must succeed: else an ``AssertionError`` names it (as ``name``, if given) and says why.

    >>> wall, cpu = process_cost([sys.executable, "-c", "pass"])
    >>> 0 < cpu < 5 and wall > 0
    True
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(list(argv), capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        what = name or " ".join(argv)
        raise AssertionError(f"{what} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def gupai_cost(*args: str) -> tuple[float, float]:
    """Wall and CPU seconds (the command's and its children's) of ``gupai ARGS``, which must succeed.

    >>> wall, cpu = gupai_cost("--version")
    >>> 0 < cpu < 5 and wall > 0
    True
    """
    return process_cost([GUPAI, *args], name=" ".join(["gupai", *args]))


def in_fresh_process(function: str, *args: Any) -> Any:
    """``function(*args)`` (``"module.name"``; its arguments and its answer JSON) run in a fresh Python process.

    As a command runs: this process holds what the sections before built
    (the reference planner's memos, other sections' games and workers),
    which a user's ``gupai`` does not, and which the garbage collector and
    the allocator would make every later measure pay for.

    >>> in_fresh_process("math.hypot", 3, 4)
    5.0
    """
    module, name = function.rsplit(".", 1)
    code = f"import json, sys; from {module} import {name}; print(json.dumps({name}(*json.loads(sys.argv[1]))))"
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
        cwd=Path(__file__).resolve().parent.parent,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


#: The hands section's targets.
MIN_HANDS_PER_SECOND = 500_000
MIN_SPEEDUP = 50.0


def section(name: str) -> Callable[[SectionFunc], SectionFunc]:
    """Register a benchmark section under ``name``."""

    def register(func: SectionFunc) -> SectionFunc:
        if name in SECTIONS and SECTIONS[name] is not func:
            raise ValueError(f"benchmark section {name!r} is registered twice")
        SECTIONS[name] = func
        return func

    return register


@dataclass(frozen=True, slots=True)
class Measurement:
    """How fast some work ran: items, the best time, and what the work returned."""

    items: int
    seconds: float
    result: object

    @property
    def rate(self) -> float:
        """Items per second (in the best run)."""
        return self.items / self.seconds if self.seconds > 0 else math.inf


@dataclass
class Bench:
    """What a section uses: timing, printing, and its targets' verdicts."""

    hands: int = 200_000
    seed: int = 2024
    repeats: int = 5
    out: TextIO = field(default_factory=lambda: sys.stdout)
    verdicts: list[tuple[str, bool]] = field(default_factory=list)

    def line(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def measure(
        self, work: Callable[[Sequence[T]], object], items: Sequence[T], *, repeats: int | None = None
    ) -> Measurement:
        """Time ``work(items)``: the best of ``repeats`` runs (the result of the last)."""
        (result,) = self.race([(work, items)], rounds=repeats)
        return result

    def race(
        self, entries: Sequence[tuple[Callable[[Sequence[T]], object], Sequence[T]]], *, rounds: int | None = None
    ) -> list[Measurement]:
        """Time several pieces of work in turn, round after round; each one's best run counts.

        Taking turns lets each meet the machine in the same state when other
        processes' load comes and goes, so their ratio is steadier than that
        of runs timed one after the other.
        """
        best = [math.inf] * len(entries)
        results: list[object] = [None] * len(entries)
        for _ in range(rounds or self.repeats):
            for k, (work, items) in enumerate(entries):
                start = time.perf_counter()
                results[k] = work(items)
                best[k] = min(best[k], time.perf_counter() - start)
        return [
            Measurement(items=len(items), seconds=seconds, result=result)
            for (_, items), seconds, result in zip(entries, best, results, strict=True)
        ]

    def report(self, label: str, m: Measurement, *, unit: str = "hands") -> None:
        self.line(f"  {label:<52} {m.rate:>12,.0f} {unit}/s  ({m.items:,} {unit}, best {m.seconds:.3f} s)")

    def target(self, name: str, ok: bool, detail: str) -> bool:
        """Record and print one target's verdict."""
        self.verdicts.append((name, ok))
        self.line(f"  {'PASS' if ok else 'FAIL'}  {name}: {detail}")
        return ok

    @property
    def failed(self) -> list[str]:
        return [name for name, ok in self.verdicts if not ok]


# ------------------------------------------------------------------ hands
def random_hands(sets: int, size: int, count: int, *, seed: int) -> list[tuple[int, ...]]:
    """``count`` random hands of ``size`` tiles drawn from ``sets`` sets, as count vectors.

    >>> [sum(h) for h in random_hands(4, 10, 3, seed=1)]
    [10, 10, 10]
    """
    pool = [kind for kind, copies in enumerate(set_counts(sets)) for _ in range(copies)]
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        counts = [0] * KIND_COUNT
        for kind in rng.sample(pool, size):
            counts[kind] += 1
        hands.append(tuple(counts))
    return hands


def _pairs_off(tiles: list[Tile], rules: PairRules) -> bool:
    if not tiles:
        return True
    first = tiles[0]
    for k in range(1, len(tiles)):
        if rules.is_pair(first, tiles[k]) and _pairs_off(tiles[1:k] + tiles[k + 1 :], rules):
            return True
    return False


def plain_is_winning(tiles: list[Tile], rules: PairRules) -> bool:
    """The plain backtracking check: an eye, then ten-pairs one tile at a time."""
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            if rules.is_eye(tiles[i], tiles[j]):
                rest = tiles[:i] + tiles[i + 1 : j] + tiles[j + 1 :]
                if _pairs_off(rest, rules):
                    return True
    return False


def _pruned_is_winning(ev: HandEvaluator) -> Callable[[tuple[int, ...]], bool]:
    """A tuned backtracking check on count vectors, for scale: partner lists, lowest kind first."""
    pairs = ev.rules.legal_pair_indices()
    partners = [sorted({b if a == i else a for a, b in pairs if i in (a, b)}) for i in range(KIND_COUNT)]
    eyes = ev.rules.eye_kinds()

    def pairs_off(work: list[int]) -> bool:
        first = next((i for i, n in enumerate(work) if n), None)
        if first is None:
            return True
        work[first] -= 1
        for j in partners[first]:
            if work[j]:
                work[j] -= 1
                done = pairs_off(work)
                work[j] += 1
                if done:
                    work[first] += 1
                    return True
        work[first] += 1
        return False

    def check(counts: tuple[int, ...]) -> bool:
        work = list(counts)
        for eye in eyes:
            if work[eye] >= 2:
                work[eye] -= 2
                done = pairs_off(work)
                work[eye] += 2
                if done:
                    return True
        return False

    return check


def _time_game(bench: Bench, game: str, players: int, *, ratio_target: bool) -> None:
    config = collecting_config(game, resolve_options(game), players=players)
    ev, rules = config.evaluator, config.rules
    bench.line(f"{config.spec.name}, preset culin, {config.sets} set(s), {ev.size}-tile hands, seed {bench.seed}")
    hands = random_hands(config.sets, ev.size, bench.hands, seed=bench.seed)
    sample = hands[: max(1, bench.hands // 40)]
    tiles = [list(tiles_from_counts(h)) for h in sample]  # converted before the clock starts
    pruned = _pruned_is_winning(ev)
    ev.is_winning(hands[0])  # build the lookup tables before the clock starts
    keys = [hand_key(h) for h in hands]  # the engine's own form: KapState keeps each hand's packed key
    fast, slow, tuned, keyed = bench.race(
        [
            (lambda hs: sum(map(ev.is_winning, hs)), hands),
            (lambda ts: sum(plain_is_winning(t, rules) for t in ts), tiles),
            (lambda hs: sum(map(pruned, hs)), sample),
            (lambda ks: sum(map(ev.is_winning_key, ks)), keys),
        ]
    )
    bench.report("HandEvaluator.is_winning (count vectors)", fast)
    bench.report("HandEvaluator.is_winning_key (packed keys)", keyed)
    bench.report("plain backtracking (tiles, PairRules.is_eye/is_pair)", slow)
    bench.report("for scale: pruned backtracking (count vectors)", tuned)
    agree = sum(map(ev.is_winning, sample)) == slow.result == tuned.result
    bench.line(f"  winning hands: {sum(map(ev.is_winning, hands)):,} of {len(hands):,}")
    bench.target(f"{game}: the three checks agree", agree, f"{slow.result} winning of the same {len(sample):,} hands")
    bench.target(
        f"{game}: is_winning >= {MIN_HANDS_PER_SECOND:,} hands/s",
        fast.rate >= MIN_HANDS_PER_SECOND,
        f"{fast.rate:,.0f} hands/s",
    )
    speedup = f"{fast.rate / slow.rate:,.0f}x plain backtracking, {fast.rate / tuned.rate:,.1f}x the pruned search"
    if ratio_target:
        bench.target(
            f"{game}: is_winning >= {MIN_SPEEDUP:.0f}x plain backtracking",
            fast.rate / slow.rate >= MIN_SPEEDUP,
            speedup,
        )
    else:
        bench.line(f"  INFO  {game}: {speedup} (no target: eight tiles of one set seldom hold an eye to try)")
    bench.line(f"  INFO  {game}: packed keys {keyed.rate / slow.rate:,.0f}x plain backtracking")
    bench.line()


@section("hands")
def hands_section(bench: Bench) -> None:
    """The winning-hand check: table lookup against plain backtracking."""
    _time_game(bench, "kap-tai-shap", 10, ratio_target=True)
    _time_game(bench, "kap-shap", 2, ratio_target=False)


# ------------------------------------------------------------------- main
def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the named sections (all by default); 0 if every target passes, 1 if not, 2 on bad usage."""
    for module in SECTION_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:  # a section of an extra not installed here (fast: numba)
            if error.name not in ("numba", "numpy"):
                raise
            print(f"bench: {module}'s sections need numba, the extra fast (pip install 'gupai[fast]')", file=sys.stderr)
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION", help="sections to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--hands", type=int, default=200_000, help="random hands per game (default: 200000)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random hands (default: 2024)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs, the best counts (default: 5)")
    args = parser.parse_args(argv)
    bench = Bench(hands=args.hands, seed=args.seed, repeats=args.repeats, out=out or sys.stdout)
    if args.list:
        for name, func in SECTIONS.items():
            bench.line(f"{name}: {(func.__doc__ or '').strip().splitlines()[0] if func.__doc__ else ''}")
        return 0
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown or args.hands < 1 or args.repeats < 1:
        what = f"unknown section(s): {', '.join(unknown)}" if unknown else "--hands and --repeats must be at least 1"
        print(f"tools.bench: error: {what} (sections: {', '.join(SECTIONS)})", file=sys.stderr)
        return 2
    for name in args.sections or list(SECTIONS):
        bench.line(f"== {name} " + "=" * max(0, 70 - len(name)))
        SECTIONS[name](bench)
    if bench.failed:
        bench.line(f"FAIL: {len(bench.failed)} of {len(bench.verdicts)} targets: {'; '.join(bench.failed)}")
        return 1
    bench.line(f"PASS: all {len(bench.verdicts)} targets")
    return 0


if __name__ == "__main__":
    # Run the package's own module, not this __main__ copy, so that sections
    # registered from other modules land in the registry main() reads.
    from tools.bench import main as package_main

    sys.exit(package_main())
