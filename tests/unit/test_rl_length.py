"""The length OpenSpiel is told a collecting game can last holds in play, and a game built to be long reaches it.

The independent truth: games played by the engine, at random and by players who take a discard whenever they
may and declare only when they must (the longest turns there are). Skipped when open_spiel is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import gupai.rl
from gupai.core.spec import game_spec
from gupai.games.kap.actions import DECLARE, Take

CASES = [(game, preset.name) for game in ("kap-shap", "kap-tai-shap") for preset in game_spec(game).presets]


def _long(legal: list[Any], rng: random.Random) -> Any:
    takes = [action for action in legal if isinstance(action, Take)]
    others = [action for action in legal if action is not DECLARE]
    return rng.choice(takes or others or legal)


def _length(spiel: Any, rng: random.Random, *, long: bool) -> int:
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        elif long:
            state.apply_action(spiel.codec.action_id(_long(state.state.legal_actions(), rng)))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return len(state.history())


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_no_collecting_game_outlasts_its_length_bound(game: str, preset: str) -> None:
    """Random games and long ones (always take, never declare by choice) under each preset stay within
    max_game_length; under the two-tile turn a long game comes within a turn of the bound (every turn of it
    takes, discards, draws and discards until the stock is empty)."""
    spiel = gupai.rl.spiel_game(game, preset)
    bound = spiel.max_game_length()
    rng = random.Random(f"{game} {preset}")
    lengths = [_length(spiel, rng, long=n % 2 == 0) for n in range(10)]
    assert max(lengths) <= bound
    if spiel.gupai.config.options["turn"] == "take-and-draw":
        assert max(lengths[0::2]) >= bound - 4, (lengths, bound)
