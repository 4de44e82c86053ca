"""Benchmark sections for the collecting games: validating logs, playing games.

``validate``: logs of many seeded games (every preset, two to ten players),
checked by :func:`gupai.log.validate.validate_paths` from files on disk, schema
and replay together, in events per second, beside the time ``json.loads``
alone takes on the same files. Target: 20,000 events per second.

``validate-lines``: the issue-15 measure, 1,500 six-player Kap Tai Shap
games (greedy agents, seeds 0-1,499) as one JSON Lines file, validated by
:func:`gupai.log.read.validate_all` in one process, in events per
CPU-second, and ``json.loads`` alone on the same lines in the same run
(both in a fresh process, as ``gupai validate`` runs: see :func:`tools.bench.in_fresh_process`).
Targets: 100,000 events per CPU-second, and at most 3x ``json.loads`` (issue 25).

``play``: greedy games with logs written (:func:`gupai.log.play.play_kap`), Kap
Shap and ten-player, four-set Kap Tai Shap under Culin's rules, in games per
second on this one thread, after a warm-up (8,000 and 3,000 games) so the
greedy planner's memos are in their steady state, on 2,000 fresh seeds.
Targets: 2,000 and 500.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from gupai.core.options import Options, resolve_options
from gupai.core.spec import game_spec
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_game, play_kap
from gupai.log.read import validate_all, validate_paths
from tools.bench import Bench, in_fresh_process, section

__all__ = [
    "MAX_TIMES_JSON_LOADS",
    "MIN_EVENTS_PER_CPU_SECOND",
    "MIN_EVENTS_PER_SECOND",
    "MIN_KAP_SHAP_GAMES",
    "MIN_KAP_TAI_SHAP_GAMES",
    "lines_race",
]

MIN_EVENTS_PER_SECOND = 20_000
MIN_EVENTS_PER_CPU_SECOND = 100_000
MAX_TIMES_JSON_LOADS = 3.0
MIN_KAP_SHAP_GAMES = 2_000
MIN_KAP_TAI_SHAP_GAMES = 500


def _write_logs(folder: Path, games: int) -> tuple[list[str], int]:
    paths, events = [], 0
    cases = [(game, preset.name) for game in ("kap-shap", "kap-tai-shap") for preset in game_spec(game).presets]
    for seed in range(games):
        game, preset = cases[seed % len(cases)]
        players = 2 if game == "kap-shap" else 2 + seed % 9
        agents = ("greedy",) if seed % 2 else ("random",)
        log = play_game(game, preset=preset, players=players, seed=seed, agents=agents)
        path = folder / f"{seed:05d}.json"
        path.write_text(dumps_log(log) + "\n", encoding="utf-8")
        paths.append(str(path))
        events += len(log["events"])
    return paths, events


@section("validate")
def validate_section(bench: Bench) -> None:
    """Validating collecting-game logs (schema and replay) against json.loads alone."""
    bench.line("validate: game logs from disk, schema and replay (every preset, 2-10 players)")
    with tempfile.TemporaryDirectory(prefix="gupai-bench-") as folder:
        paths, events = _write_logs(Path(folder), 400)

        def check(items: Sequence[str]) -> int:
            issues, _, _ = validate_paths(items)
            assert not issues, issues[0]
            return len(items)

        def load(items: Sequence[str]) -> int:
            for path in items:
                json.loads(Path(path).read_text(encoding="utf-8"))
            return len(items)

        validated, loaded = bench.race([(check, paths), (load, paths)], rounds=3)
    rate = events / validated.seconds
    bench.line(
        f"  {'validate (schema + replay)':<52} {rate:>12,.0f} events/s  ({len(paths)} logs, {events:,} events, best {validated.seconds:.3f} s)"
    )
    bench.line(
        f"  {'json.loads alone':<52} {events / loaded.seconds:>12,.0f} events/s  (best {loaded.seconds:.3f} s; validation costs {validated.seconds / loaded.seconds:.1f}x parsing)"
    )
    bench.target(
        "validator speed", rate >= MIN_EVENTS_PER_SECOND, f"{rate:,.0f} events/s (target {MIN_EVENTS_PER_SECOND:,})"
    )


def _cpu_race(entries: Sequence[Callable[[], object]], rounds: int) -> list[float]:
    """Each piece of work's best CPU time (this process's), in turns, round after round."""
    best = [float("inf")] * len(entries)
    for _ in range(rounds):
        for k, work in enumerate(entries):
            start = time.process_time()
            work()
            best[k] = min(best[k], time.process_time() - start)
    return best


def lines_race(path: str, games: int, rounds: int) -> tuple[float, float]:
    """The best CPU seconds of validating a JSON Lines file and of ``json.loads`` on its lines, in turns.

    The file's ``games`` must all be valid (else ``AssertionError``).
    """

    def check() -> None:
        result = validate_all([path])
        assert result.games == games and not result.errors and not result.unreadable, result.issues[:1]

    def load() -> None:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                json.loads(line)

    check()  # the schema compiled, the caches warm
    validated, loaded = _cpu_race([check, load], rounds=rounds)
    return validated, loaded


@section("validate-lines")
def validate_lines_section(bench: Bench) -> None:
    """1,500 six-player Kap Tai Shap games as JSON Lines: events per CPU-second, against json.loads."""
    bench.line("validate-lines: 1,500 six-player Kap Tai Shap games (greedy) in one .jsonl, one process")
    logs = [play_game("kap-tai-shap", players=6, seed=seed) for seed in range(1500)]
    events = sum(len(log["events"]) for log in logs)
    with tempfile.TemporaryDirectory(prefix="gupai-bench-") as folder:
        path = Path(folder) / "games.jsonl"
        path.write_text("".join(dumps_log_line(log) + "\n" for log in logs), encoding="utf-8")

        del logs  # the corpus is on disk: measured in a fresh process below
        validated, loaded = in_fresh_process("tools.bench_kap.lines_race", str(path), 1500, 25)
    rate, ratio = events / validated, validated / loaded
    bench.line(
        f"  {'validate (read, schema, replay)':<52} {rate:>12,.0f} events/CPU-s  ({events:,} events, best {validated:.3f} s)"
    )
    bench.line(f"  {'json.loads alone, same lines':<52} {events / loaded:>12,.0f} events/CPU-s  (best {loaded:.3f} s)")
    bench.target(
        "validation per CPU-second",
        rate >= MIN_EVENTS_PER_CPU_SECOND,
        f"{rate:,.0f} events/CPU-s (target {MIN_EVENTS_PER_CPU_SECOND:,})",
    )
    bench.target(
        "validation against json.loads",
        ratio <= MAX_TIMES_JSON_LOADS,
        f"{ratio:.1f}x json.loads's CPU time (target at most {MAX_TIMES_JSON_LOADS:g}x)",
    )


@section("play")
def play_section(bench: Bench) -> None:
    """Greedy Kap Shap and ten-player Kap Tai Shap games per second, logs written."""
    bench.line("play: greedy games with logs, one thread, steady state after a warm-up")
    for game, players, warm, target in (
        ("kap-shap", 2, 8000, MIN_KAP_SHAP_GAMES),
        ("kap-tai-shap", 10, 3000, MIN_KAP_TAI_SHAP_GAMES),
    ):
        options = resolve_options(game)
        for seed in range(warm):
            play_kap(game, options, players=players, seed=seed)
        seeds = list(range(warm, warm + 2000))

        def run(items: Sequence[int], game: str = game, players: int = players, options: Options = options) -> int:
            for seed in items:
                play_kap(game, options, players=players, seed=seed)
            return len(items)

        measured = bench.measure(run, seeds, repeats=1)  # fresh seeds: a rerun would hit the caches
        name = game_spec(game).name
        bench.report(f"{name}, {players} players, culin, greedy", measured, unit="games")
        bench.target(f"{name} games", measured.rate >= target, f"{measured.rate:,.0f} games/s (target {target:,})")
