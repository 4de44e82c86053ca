"""The Tsung Shap benchmark section of ``make bench`` (registered as ``tsung`` in :mod:`tools.bench`).

It times, on this one thread:

- greedy games under every preset, engine and agents only (the loop
  ``gupai play`` runs, without writing the log), in games per second. Target:
  5,000 games per second under Culin's rules (navpil's Java simulator plays
  about 15,000);
- random games under Culin's rules, the same way;
- greedy games with their logs (:func:`gupai.log.tsung.play_tsung`);
- the validator on Tsung Shap logs (schema and replay), in events per second.

The deals are shuffled before the clock starts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.games.agents import Player, make_agent
from gupai.games.tsung.config import GAME, TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal
from gupai.games.tsung.play import run_tsung
from gupai.log.tsung import play_tsung
from gupai.log.validate import validate_log
from tools.bench import Bench, section

__all__ = ["JAVA_GAMES_PER_SECOND", "MIN_GREEDY_GAMES_PER_SECOND", "run"]

MIN_GREEDY_GAMES_PER_SECOND = 5_000
JAVA_GAMES_PER_SECOND = 15_000
GAMES = 2_000


def run(bench: Bench, *, games: int = GAMES) -> None:
    """The section: see the module's docstring. ``games`` deals a preset (half as many logs)."""
    bench.line("tsung: games on one thread (engine and agents, no log), then with logs, then validated")
    culin_rate = 0.0
    for preset in game_spec(GAME).presets:
        options = resolve_options(GAME, preset=preset.name)
        config = tsung_config(options)
        rng = random.Random(f"bench:{preset.name}")
        deals = [random_tsung_deal(config, rng) for _ in range(games)]
        seats = [make_agent("greedy"), make_agent("greedy")]

        def play(items: Sequence[TsungDeal], config: TsungConfig = config, seats: list[Player] = seats) -> int:
            agent_rng = random.Random(0)
            for deal in items:
                run_tsung(config, deal, seats, agent_rng, 10_000)
            return len(items)

        measured = bench.measure(play, deals, repeats=min(bench.repeats, 3))
        bench.report(f"{preset.name}, greedy", measured, unit="games")
        if preset.name == "culin":
            culin_rate = measured.rate
    bench.target(
        "Tsung Shap greedy games (culin)",
        culin_rate >= MIN_GREEDY_GAMES_PER_SECOND,
        f"{culin_rate:,.0f} games/s (target {MIN_GREEDY_GAMES_PER_SECOND:,}; navpil's Java simulator about "
        f"{JAVA_GAMES_PER_SECOND:,}: {culin_rate / JAVA_GAMES_PER_SECOND:.0%} of it)",
    )

    options = resolve_options(GAME)
    config = tsung_config(options)
    rng = random.Random("bench:random")
    deals = [random_tsung_deal(config, rng) for _ in range(games)]
    randoms = [make_agent("random"), make_agent("random")]

    def play_random(items: Sequence[TsungDeal]) -> int:
        agent_rng = random.Random(0)
        for deal in items:
            run_tsung(config, deal, randoms, agent_rng, 10_000)
        return len(items)

    bench.report("culin, random", bench.measure(play_random, deals, repeats=min(bench.repeats, 3)), unit="games")

    seeds = list(range(max(1, games // 2)))

    def with_logs(items: Sequence[int]) -> list[dict[str, object]]:
        return [play_tsung(GAME, options, seed=seed) for seed in items]

    logged = bench.measure(with_logs, seeds, repeats=min(bench.repeats, 3))
    bench.report("culin, greedy, with the log", logged, unit="games")
    logs = logged.result
    assert isinstance(logs, list)
    events = sum(len(log["events"]) for log in logs)

    def validate(items: Sequence[dict[str, object]]) -> int:
        for log in items:
            assert validate_log(log) == []
        return len(items)

    checked = bench.measure(validate, logs, repeats=min(bench.repeats, 3))
    rate = events / checked.seconds
    bench.line(
        f"  {'culin logs validated (schema + replay)':<52} {rate:>12,.0f} events/s  ({len(logs)} logs, "
        f"{events:,} events, best {checked.seconds:.3f} s)"
    )


@section("tsung")
def tsung_section(bench: Bench) -> None:
    """Tsung Shap: greedy and random games per second, with and without logs, and log validation."""
    run(bench)
