"""The bounds OpenSpiel is told (utilities, game length) hold in play and are not below a game built to reach them.

The independent truth: the Chinese set's copies and spots counted by hand, and
games played by the engine (random ones, and one where a seat takes every
capture it can while the other takes none). Skipped when open_spiel is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import gupai.rl
from gupai.core.spec import game_spec
from gupai.games.tsung.actions import Claim, Pass, TakeCapture
from gupai.games.tsung.greedy import greedy_tsung

#: The civil kinds (two copies in a set) with their spots, and the military ones (one copy).
CIVIL = {
    "6-6": 12,
    "1-1": 2,
    "4-4": 8,
    "3-1": 4,
    "5-5": 10,
    "3-3": 6,
    "2-2": 4,
    "6-5": 11,
    "6-4": 10,
    "6-1": 7,
    "5-1": 6,
}
MILITARY = {"6-3": 9, "5-4": 9, "6-2": 8, "5-3": 8, "5-2": 7, "4-3": 7, "4-1": 5, "3-2": 5, "4-2": 6, "2-1": 3}
PRESETS = [preset.name for preset in game_spec("tsung-shap").presets]


def test_the_default_utility_bound_is_every_tile_at_its_best_and_a_sweep_every_two_tiles() -> None:
    """One set, default options: each civil tile ten points a spot (in a pair), each military one a point a spot
    ([4-2] at six), and 40 for each of 16 sweeps; the old bound was 5,820."""
    best = sum(20 * spots for spots in CIVIL.values()) + sum(MILITARY.values()) + 40 * 16
    spiel = gupai.rl.spiel_game("tsung-shap")
    assert spiel.max_utility() == best == 2307 and spiel.min_utility() == -best


def _play(spiel: Any, rng: random.Random, taker: int | None) -> tuple[list[float], int]:
    """A game to its end: random moves, or with ``taker`` set, that seat greedy and the other never capturing."""
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
            continue
        if taker is None:
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        legal = state.state.legal_actions()
        if state.current_player() == taker:
            action = greedy_tsung(state.state, legal, rng)
        else:
            passes = [a for a in legal if isinstance(a, Pass)]
            lays = [a for a in legal if not isinstance(a, TakeCapture | Claim)]
            action = passes[0] if passes else greedy_tsung(state.state, lays, rng)
        state.apply_action(spiel.codec.action_id(action))
    returns: list[float] = state.returns()
    return returns, len(state.history())


@pytest.mark.parametrize("preset", PRESETS)
def test_no_tsung_game_leaves_the_utility_bounds_and_a_one_sided_game_stays_within_them(preset: str) -> None:
    """Random games and one-sided ones (seat 0 greedy, seat 1 passing every capture) under each preset: every
    return within [min_utility, max_utility], and every game within max_game_length."""
    spiel = gupai.rl.spiel_game("tsung-shap", preset)
    high, length = spiel.max_utility(), spiel.max_game_length()
    assert spiel.min_utility() == -high
    rng = random.Random(preset)
    margins = []
    for n in range(12):
        returns, moves = _play(spiel, rng, None if n % 2 else 0)
        margins.append(returns[0])
        assert all(abs(value) <= high for value in returns) and moves <= length
    assert max(margins) <= high and max(margins) > 0
