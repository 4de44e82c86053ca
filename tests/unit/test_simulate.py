"""Simulation: streaming statistics, determinism across jobs, equality with `gupai play`."""

from __future__ import annotations

import json
import math
import random

import pytest

from gupai.core.errors import OptionError
from gupai.log.play import play_game
from gupai.sim.simulate import (
    RUNNERS,
    KapRunner,
    KapTally,
    Simulation,
    chunks,
    compare,
    simulate,
    simulation_document,
)
from gupai.sim.stats import Histogram, mean_interval, median_interval, wilson_interval
from tests.extras import needs

# ------------------------------------------------------------ statistics


def test_wilson_interval_known_values() -> None:
    # Wilson's interval for 50/100 and 0/10, and the worked example of
    # Newcombe (1998), 81 successes of 263: 0.2553 to 0.3662.
    e = wilson_interval(50, 100)
    assert (round(e.low, 4), round(e.high, 4)) == (0.4038, 0.5962)
    e = wilson_interval(0, 10)
    assert e.low == 0.0 and round(e.high, 4) == 0.2775
    e = wilson_interval(81, 263)
    assert (round(e.low, 4), round(e.high, 4)) == (0.2553, 0.3662)
    e = wilson_interval(10, 10)
    assert e.high == 1.0 and round(e.low, 4) == 0.7225


def test_mean_interval_known_values() -> None:
    # mean 5, sample sd sqrt(32/7): half-width 1.96 * 2.138 / sqrt(8)
    e = mean_interval(Histogram.of([2, 4, 4, 4, 5, 5, 7, 9]))
    half = 1.959963984540054 * math.sqrt(32 / 7) / math.sqrt(8)
    assert e.value == 5.0
    assert e.low == pytest.approx(5 - half) and e.high == pytest.approx(5 + half)
    assert mean_interval(Histogram.of([3])).to_json()["ci95"] == [3.0, 3.0]


def test_median_interval_order_statistics() -> None:
    # The textbook ranks for n = 100 are the 40th and the 61st observations.
    e = median_interval(Histogram.of(range(1, 101)))
    assert (e.value, e.low, e.high) == (50.5, 40.0, 61.0)
    e = median_interval(Histogram.of([7] * 9))
    assert (e.value, e.low, e.high) == (7.0, 7.0, 7.0)


def test_histogram_matches_the_sample_and_merges_exactly() -> None:
    rng = random.Random(5)
    sample = [rng.randint(1, 40) for _ in range(1001)]
    whole = Histogram.of(sample)
    parts = Histogram()
    for start in range(0, len(sample), 97):
        parts.merge(Histogram.of(sample[start : start + 97]))
    assert parts == whole
    ordered = sorted(sample)
    assert whole.n == len(sample) and whole.total == sum(sample)
    assert whole.median == ordered[500]
    mean = sum(sample) / len(sample)
    variance = sum((x - mean) ** 2 for x in sample) / (len(sample) - 1)
    assert whole.mean == pytest.approx(mean) and whole.variance == pytest.approx(variance)
    assert whole.quantile(0.9) == ordered[math.ceil(0.9 * len(sample)) - 1]
    assert Histogram.from_json(whole.to_json()) == whole


def test_kap_tally_counts_positions_from_the_first_player() -> None:
    t = KapTally(players=4)
    t.add(turns=4, first=2, winner=3, reason="declared")  # position 1, first round
    t.add(turns=5, first=2, winner=2, reason="declared")  # position 0
    t.add(turns=30, first=0, winner=None, reason="stock-exhausted")
    assert t.wins_by_position == [1, 1, 0, 0] and t.wins_by_seat == [0, 0, 1, 1]
    s = t.summary()
    assert s["first_round"]["value"] == pytest.approx(1 / 3)
    assert s["stock_exhausted"]["value"] == pytest.approx(1 / 3)
    assert s["round_distribution"] == [[1, 1], [2, 1], [8, 1]]
    assert s["rounds"]["mean"]["value"] == pytest.approx(13 / 4)


# ------------------------------------------------------------- simulating


def test_chunks_depend_only_on_the_number_of_games() -> None:
    for games in (1, 9, 10, 11, 320, 1000, 100_000):
        plan = chunks(games, seed=3)
        assert sum(count for _, count in plan) == games
        assert [first for first, _ in plan] == [3 + sum(c for _, c in plan[:i]) for i in range(len(plan))]


@pytest.mark.parametrize(
    ("game", "players", "preset"),
    [("kap-shap", None, "culin"), ("kap-tai-shap", 4, "one-tile")],
)
def test_results_are_identical_for_any_number_of_jobs(game: str, players: int | None, preset: str) -> None:
    sim = Simulation(game, preset=preset, players=players)
    docs = [
        json.dumps(simulation_document([simulate(sim, games=40, seed=11, jobs=jobs)]), sort_keys=True)
        for jobs in (1, 2, 3)
    ]
    assert docs[0] == docs[1] == docs[2]


def _play_result(game: str, preset: str, players: int | None, seed: int) -> dict[str, object]:
    log = play_game(game, preset=preset, players=players, seed=seed)
    result: dict[str, object] = log["result"]
    result["first_player"] = log["deal"]["first_player"]
    return result


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [
        ("kap-shap", "culin", None),
        ("kap-shap", "one-tile", None),
        ("kap-shap", "celko", None),
        ("kap-tai-shap", "culin", 10),
        ("kap-tai-shap", "latest-then-draw", 5),
    ],
)
def test_a_simulated_game_is_the_game_gupai_play_plays(game: str, preset: str, players: int | None) -> None:
    runner = KapRunner(Simulation(game, preset=preset, players=players))
    tally = runner.new_tally()
    expected = KapTally(players=runner.players)
    for seed in range(20, 26):
        state = runner.state(seed)
        log = play_game(game, preset=preset, players=players, seed=seed)
        assert state.result() == log["result"], seed
        assert [len(h) for h in state.deal.hands] == [len(h) for h in log["deal"]["hands"]]
        runner.play(seed, tally)
        result = log["result"]
        expected.add(
            turns=result["turns"], first=log["deal"]["first_player"], winner=result["winner"], reason=result["reason"]
        )
    assert tally.summary() == expected.summary()
    summary = simulate(Simulation(game, preset=preset, players=players), games=6, seed=20, jobs=1).summary()
    assert summary == expected.summary()


def test_a_simulated_tsung_shap_game_is_the_game_gupai_play_plays() -> None:
    pytest.importorskip("gupai.games.tsung.play")
    for preset in ("culin", "spieltdomino", "gupai-site"):
        runner = RUNNERS["tsung-shap"](Simulation("tsung-shap", preset=preset))
        for seed in range(3):
            state = runner.state(seed)
            log = play_game("tsung-shap", preset=preset, seed=seed)
            assert state.result() == log["result"], (preset, seed)
    doc = simulation_document([simulate(Simulation("tsung-shap"), games=12, jobs=2)])
    summary = doc["runs"][0]["summary"]
    assert summary["games"] == 12
    wins = [round(w["value"] * 12) for w in summary["win_rate_by_seat"]]
    assert sum(wins) + round(summary["ties"]["value"] * 12) == 12
    assert sum(c for _, c in summary["sweeps"]["distribution"]) == 12


def test_compare_plays_the_same_seeds_for_each_preset() -> None:
    a, b = compare([Simulation("kap-shap"), Simulation("kap-shap", preset="one-tile")], games=8, seed=4, jobs=1)
    assert (a.seed, a.games, b.seed, b.games) == (4, 8, 4, 8)
    doc = simulation_document([a, b])
    assert [run["label"] for run in doc["runs"]] == ["culin", "one-tile"]
    assert doc["seeds"] == [4, 11]


def test_bad_simulations_are_option_errors() -> None:
    with pytest.raises(OptionError, match="no preset"):
        simulate(Simulation("kap-shap", preset="nope"), games=1)
    with pytest.raises(OptionError, match="players"):
        simulate(Simulation("kap-shap", players=3), games=1)
    with pytest.raises(OptionError, match="at least one game"):
        simulate(Simulation("kap-shap"), games=0)
    with pytest.raises(OptionError, match="jobs"):
        simulate(Simulation("kap-shap"), games=1, jobs=0)
    with pytest.raises(OptionError, match="agents"):
        simulate(Simulation("kap-shap", agents=("greedy", "random", "greedy")), games=1)


def test_memory_stays_flat_as_games_grow() -> None:
    # The tally holds one count per distinct length, never one entry per game.
    small = simulate(Simulation("kap-shap", agents=("random",)), games=50, jobs=1).tally
    large = simulate(Simulation("kap-shap", agents=("random",)), games=500, jobs=1).tally
    assert large.games == 500
    assert len(large.turns.counts()) <= 30 and len(small.turns.counts()) <= 30


def test_the_simulate_bench_section_reports_every_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    needs("fast")  # tools.bench loads every section, the fast path's among them
    from tools import bench
    from tools import bench_sim as simbench

    small = simbench.Sizes(kap_shap=(20, 30), kap_tai_shap=(5, 5), jobs=40, memory=(20, 80))
    monkeypatch.setattr(simbench, "SIZES", small)
    out = io.StringIO()
    status = bench.main(["simulate", "--repeats", "1"], out=out)
    text = out.getvalue()
    assert status in (0, 1)  # the speed targets depend on the machine; the rest does not
    assert "PASS  --jobs 1 and --jobs 2 give the same figures" in text
    assert "Kap Shap, 2 players: >= 2,000 greedy games/s per core" in text
    assert "Kap Tai Shap, 10 players: >= 500 greedy games/s per core" in text
    assert "memory flat as games grow" in text
    assert "simulate" in bench.SECTIONS


def test_an_agent_that_draws_randomness_on_forced_moves_still_matches_play(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections.abc import Sequence
    from typing import Any

    from gupai.games import agents

    class Fidgety:
        name = "fidgety"

        def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            rng.random()  # consumes randomness even when the move is forced
            return rng.choice(list(legal))

    monkeypatch.setitem(agents.AGENTS, "fidgety", Fidgety)
    for preset in ("culin", "one-tile"):
        runner = KapRunner(Simulation("kap-shap", preset=preset, agents=("fidgety", "greedy")))
        for seed in range(4):
            log = play_game("kap-shap", preset=preset, seed=seed, agents=("fidgety", "greedy"))
            assert runner.state(seed).result() == log["result"], (preset, seed)
