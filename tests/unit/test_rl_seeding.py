"""PettingZoo environments seed as Gymnasium does: a seeded reset is reproducible, an unseeded one deals afresh.

The truth for a seeded deal is ``gupai play --seed``'s (``random_deal(seed=...)``);
for an unseeded one, that the deals differ. Skipped without pettingzoo.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gupai.rl
from gupai.games.registry import load_game


def _deal(env: Any) -> tuple[int, ...]:
    return tuple(env.state_.deal.order)


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap", "tsung-shap"])
def test_five_unseeded_resets_give_five_deals(game: str) -> None:
    env = gupai.rl.env(game)
    deals = set()
    for _ in range(5):
        env.reset()
        deals.add(_deal(env))
    assert len(deals) == 5
    other = gupai.rl.env(game)
    other.reset()
    assert _deal(other) not in deals  # a fresh environment's generator is seeded from entropy


@pytest.mark.parametrize("game", ["kap-shap", "tsung-shap"])
def test_a_seeded_reset_is_reproducible_and_seeds_the_resets_after_it(game: str) -> None:
    played = tuple(load_game(game).random_deal(seed=1).order)  # gupai play --seed 1
    runs = []
    for _ in range(2):
        env = gupai.rl.env(game)
        env.reset(seed=1)
        first = _deal(env)
        follow = []
        for _ in range(3):
            env.reset()
            follow.append(_deal(env))
        runs.append((first, follow))
    assert runs[0] == runs[1] and runs[0][0] == played
    assert len({runs[0][0], *runs[0][1]}) == 4  # the resets after it deal afresh, not seed 1 again
    env.reset(seed=2)
    assert _deal(env) == tuple(load_game(game).random_deal(seed=2).order)


def test_an_observation_is_numpy_arrays_in_its_space() -> None:
    env = gupai.rl.env("kap-shap")
    env.reset(seed=3)
    seen = env.observe(env.agent_selection)
    assert set(seen) == {"observation", "action_mask"}
    assert isinstance(seen["observation"], np.ndarray) and seen["observation"].dtype == np.float32
    assert isinstance(seen["action_mask"], np.ndarray) and seen["action_mask"].dtype == np.int8
    assert env.observation_space(env.agent_selection).contains(seen)
