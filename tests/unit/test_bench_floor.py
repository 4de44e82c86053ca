"""The seeded-deal floor of ``make bench`` does a game's whole deal: the same shuffle and dice as Python's own generator."""

# ruff: noqa: E402  (the imports after needs(): they need the extra)
from __future__ import annotations

import random

import numpy as np
import pytest

from tests.extras import needs

needs("fast")

from tools.bench_floor import _deal_arrays, deal_only

from gupai.sim.fast import fast_runner
from gupai.sim.fast.kap import game_keys
from gupai.sim.simulate import KapTally, Simulation, TsungTally


@pytest.mark.parametrize(
    ("simulation", "tally"),
    [(Simulation("kap-shap"), KapTally), (Simulation("tsung-shap", preset="navpil-classic"), TsungTally)],
)
def test_the_floor_deals_as_random_random_does(simulation: Simulation, tally: type) -> None:
    runner = fast_runner(simulation, tally)
    order0, dice, cut = _deal_arrays(runner)
    seeds = range(40, 60)
    keys = game_keys(simulation.game, seeds, runner.agent_codes)
    expected = 0
    for seed in seeds:
        rng = random.Random(f"gupai:{simulation.game}:deal:{seed}")
        order = list(order0)
        rng.shuffle(order)
        first = sum(rng.randrange(6) for _ in range(4)) if dice else 0
        expected += order[int(cut[0])] + first
    assert deal_only(order0, keys[0], keys[1], dice, cut) == expected
    assert len(set(cut.tolist())) == len(cut) and np.all(cut < len(order0))
