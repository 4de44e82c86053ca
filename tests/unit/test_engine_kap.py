"""Properties of the Kap Shap / Kap Tai Shap engine over many seeded games."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai import resolve_options, set_counts
from gupai.core.spec import game_spec
from gupai.games.agents import make_agent
from gupai.games.kap.actions import Declare, parse_action
from gupai.games.kap.config import collecting_config
from gupai.games.kap.deal import deal_from_order, random_deal
from gupai.games.kap.state import KapState
from gupai.log.format import dumps_log
from gupai.log.play import play_game
from gupai.log.validate import validate_log

PRESETS = [(game, p.name) for game in ("kap-shap", "kap-tai-shap") for p in game_spec(game).presets]


def _pool(state: KapState) -> Counter[int]:
    """Every tile in the game, wherever it is: hands, table, stock left."""
    pool: Counter[int] = Counter()
    for seat in range(state.players):
        for kind, n in enumerate(state.hand_counts(seat)):
            pool[kind] += n
    pool.update(state.table)
    pool.update(state.stock[state.stock_drawn :])
    return pool


@pytest.mark.parametrize(("game", "preset"), PRESETS)
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_every_game_ends_and_conserves_tiles(game: str, preset: str, agent: str) -> None:
    players = 2 if game == "kap-shap" else 6
    options = resolve_options(game, preset=preset)
    config = collecting_config(game, options, players=players)
    full = Counter({k: n for k, n in enumerate(set_counts(config.sets)) if n})
    chooser = make_agent(agent)
    for seed in range(60):
        rng = random.Random(seed)
        state = KapState(config, random_deal(config, rng))
        assert _pool(state) == full
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, "a live game always has a legal move"
            for action in legal:
                assert state.why_illegal(action) is None
            state.apply(chooser.choose(state, legal, rng))
            assert _pool(state) == full
            steps += 1
            assert steps < 10_000
        assert state.legal_actions() == []
        result = state.result()
        assert sum(result["settlement"]) == 0
        if result["winner"] is not None:
            assert config.evaluator.is_winning(state.hand_counts(result["winner"]))


def _rebuild(log: dict[str, Any]) -> dict[str, Any]:
    """Replay a log's deal and actions through the engine and write the log anew."""
    options = resolve_options(log["game"], overrides=log["options"])
    config = collecting_config(log["game"], options, players=log["players"], sets=log["sets"])
    order = [parse_action(f"take {face}").tile.index for face in log["deal"]["order"]]  # type: ignore[union-attr]
    state = KapState(config, deal_from_order(config, order, dice=log["deal"]["dice"]))
    events: list[dict[str, Any]] = []
    for event in log["events"]:
        text = event["type"] if event["type"] in ("draw", "declare") else f"{event['type']} {event['tile']}"
        events.extend(done.to_json() for done in state.apply(parse_action(text)))
    return {**log, "events": events, "result": state.result()}


@settings(max_examples=60)
@given(
    case=st.sampled_from(PRESETS),
    seed=st.integers(min_value=0, max_value=10**6),
    agent=st.sampled_from(["random", "greedy"]),
    players=st.integers(min_value=2, max_value=12),
)
def test_logs_validate_and_replay_exactly(case: tuple[str, str], seed: int, agent: str, players: int) -> None:
    game, preset = case
    if game == "kap-shap":
        players = 2
    log = play_game(game, preset=preset, players=players, seed=seed, agents=(agent,))
    assert validate_log(log) == []
    assert dumps_log(_rebuild(log)) == dumps_log(log)


@pytest.mark.slow
def test_same_seed_same_bytes_across_processes() -> None:
    code = (
        "from gupai.log.play import play_game; from gupai.log.format import dumps_log;"
        "print(dumps_log(play_game('kap-tai-shap', preset='one-tile', players=7, seed=99, agents=('random','greedy','random','greedy','random','greedy','random'))))"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outputs.add(
            subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
        )
    assert len(outputs) == 1


def test_first_player_may_win_on_the_deal() -> None:
    config = collecting_config("kap-shap")
    hand = [parse_action(f"take {t}").tile.index for t in ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"]]  # type: ignore[union-attr]
    rest = [k for k in range(21) for _ in range(set_counts(1)[k])]
    for kind in hand:
        rest.remove(kind)
    order = hand + rest
    state = KapState(config, deal_from_order(config, order, dice=(1, 1, 1, 1)))
    assert state.legal_actions() == [Declare()]


def test_too_few_sets_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="too few to deal"):
        collecting_config("kap-tai-shap", players=20, sets=4)
    with pytest.raises(ValueError, match="takes 2 to 40 players"):
        collecting_config("kap-tai-shap", players=1)


@pytest.mark.parametrize(("game", "preset"), PRESETS)
@pytest.mark.slow
def test_thousands_of_games_end(game: str, preset: str) -> None:
    """Every preset, both agents, 2 to 12 players: 400 seeded games each end, and quickly."""
    options = resolve_options(game, preset=preset)
    longest = 0
    for seed in range(400):
        players = 2 if game == "kap-shap" else 2 + seed % 11
        config = collecting_config(game, options, players=players)
        rng = random.Random(seed)
        state = KapState(config, random_deal(config, rng))
        chooser = make_agent("random" if seed % 2 else "greedy")
        steps = 0
        while not state.is_terminal:
            state.step(chooser.choose(state, state.legal_actions(), rng))
            steps += 1
            assert steps <= 20_000, f"seed {seed} did not end"
        longest = max(longest, state.turn)
    # three dead rounds bound a game: at most (3n + 1) turns for every tile of the stock
    assert longest < 3 * 13 * 32 * 5
