"""gupai.rl held to OpenSpiel's and PettingZoo's own API tests, on every game under three presets (the rl extra).

Skipped, whole, when open_spiel or pettingzoo is not installed (``pip install -e '.[rl]'``).
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.extras import needs

needs("rl")
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import gupai.rl  # noqa: E402
from gupai.core.options import DEFAULT_PRESET  # noqa: E402
from gupai.core.spec import game_spec, games  # noqa: E402
from gupai.games.registry import load_game  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _cases() -> list[tuple[str, str]]:
    """Every game under its default preset and two others."""
    cases: list[tuple[str, str]] = []
    for game in games():
        others = [p.name for p in game_spec(game).presets if p.name != DEFAULT_PRESET]
        cases.extend((game, preset) for preset in [DEFAULT_PRESET, *others[:2]])
    return cases


CASES = _cases()


def _spiel(game: str, preset: str) -> Any:
    return gupai.rl.spiel_game(game, preset)


def _decisions(state: Any, rng: Any) -> Iterator[int]:
    """Play ``state`` on to its end: each chance node's outcome drawn with its probability, and at each player's
    decision that player yielded (the caller moves for them)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=chances)))
            continue
        yield state.current_player()


def _play_against_random(spiel: Any, bot: Any, rng: Any) -> None:
    """Two games of ``bot`` (seat 0) against random players, chance sampled; every move legal, returns zero-sum."""
    for _ in range(2):
        state = spiel.new_initial_state()
        for player in _decisions(state, rng):
            chooser = bot if player == 0 else uniform_random.UniformRandomBot(player, rng)
            action = chooser.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sum(state.returns()) == 0


def test_importing_gupai_rl_registers_every_game_and_nothing_else_registers() -> None:
    """In a fresh interpreter: ``import gupai`` (and its games) registers nothing; ``import gupai.rl`` registers all."""
    script = (
        "import pyspiel, gupai, gupai.games.registry, gupai.log.write\n"
        "before = {n for n in pyspiel.registered_names() if n.startswith('python_gupai_')}\n"
        "import gupai.rl\n"
        "import importlib; importlib.reload(gupai.rl)  # a second import does nothing new\n"
        "after = sorted(n for n in pyspiel.registered_names() if n.startswith('python_gupai_'))\n"
        "print(sorted(before), after, pyspiel.load_game('python_gupai_kap_shap').num_players())\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    names = sorted("python_gupai_" + game.replace("-", "_") for game in games())
    assert run.stdout.split("\n")[0] == f"[] {names} 2"


def test_registered_games_load_by_name_with_parameters() -> None:
    gupai.rl.register()  # already done by the import: a second time does nothing
    spiel = pyspiel.load_game("python_gupai_kap_tai_shap(preset=pagat,players=5,take=latest)")
    assert spiel.num_players() == 5 and spiel.made.gupai.config.options["take"] == "latest"


def test_every_game_has_three_presets_to_test() -> None:
    assert len(CASES) == 3 * len(games())


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_openspiel_random_sim_test_passes_with_serialization(game: str, preset: str) -> None:
    pyspiel.random_sim_test(_spiel(game, preset), num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_pettingzoo_api_test_passes(game: str, preset: str) -> None:
    api_test(gupai.rl.env(game, preset), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game", list(games()))
def test_an_mcts_bot_plays_games_against_random(game: str) -> None:
    spiel = _spiel(game, DEFAULT_PRESET)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(spiel, 2, 16, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=False)
    _play_against_random(spiel, bot, rng)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_resampled_world_is_one_the_seat_cannot_tell_from_the_real_one(game: str, preset: str) -> None:
    """OpenSpiel's contract for ``resample_from_infostate``: the same information state for the player, the same
    moves; and the hidden tiles dealt again (some worlds differ from the real one), the seen ones kept."""
    spiel = _spiel(game, preset)
    rng = np.random.RandomState(11)
    dealt = spiel.tile_count + spiel.dice
    checked = varied = 0
    state = spiel.new_initial_state()
    for player in _decisions(state, rng):
        if (len(state.history()) - dealt) % 5 == 0:  # a few points along the game
            for _ in range(3):
                world = state.resample_from_infostate(player, rng.uniform)
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.legal_actions() == state.legal_actions()
                assert world.history()[dealt:] == state.history()[dealt:]
                assert sorted(world.history()[: spiel.tile_count]) == sorted(state.history()[: spiel.tile_count])
                varied += world.history() != state.history()
                checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 3 and varied >= checked // 2, (checked, varied)


@pytest.mark.parametrize("game", list(games()))
def test_an_ismcts_bot_plays_games_against_random(game: str) -> None:
    spiel = _spiel(game, DEFAULT_PRESET)
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), 2.0, 16, random_state=rng)
    _play_against_random(spiel, bot, rng)


def test_the_deal_is_chance_and_the_play_is_the_engines() -> None:
    """The order the chance nodes pick, cut by the engine, is the game gupai plays from that order."""
    spiel = _spiel("kap-shap", DEFAULT_PRESET)
    game = load_game("kap-shap")
    deal = game.random_deal(seed=5)
    state = spiel.new_initial_state()
    for kind in deal.order:
        assert state.is_chance_node()
        state.apply_action(kind)
    for die in deal.dice or ():
        state.apply_action(die - 1)
    reference = game.new_state(deal)
    assert state.current_player() == reference.current_player
    assert state.legal_actions() == sorted(_kap_id(a) for a in reference.legal_actions())
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)


def _kap_id(action: Any) -> int:
    from gupai.rl.codec import KAP_ACTIONS

    return KAP_ACTIONS.index(action)


def test_a_tensor_is_made_from_the_seats_observation_alone() -> None:
    """OpenSpiel's tensors and strings are the codec's of ``observation(seat)`` (held free of hidden tiles
    by tests/property/test_state_api.py), and differ between seats."""
    from gupai.rl.codec import Codec

    spiel = _spiel("tsung-shap", DEFAULT_PRESET)
    game = load_game("tsung-shap")
    deal = game.random_deal(seed=9)
    state = spiel.new_initial_state()
    for kind in deal.order:
        state.apply_action(kind)
    reference = game.new_state(deal)
    codec = Codec(game)
    for seat in range(2):
        seen = reference.observation(seat)
        assert state.observation_tensor(seat) == pytest.approx(codec.tensor(seen, information=False))
        assert state.information_state_tensor(seat) == pytest.approx(codec.tensor(seen, information=True))
        assert state.observation_string(seat) == str(seen)
    assert state.observation_tensor(0) != state.observation_tensor(1)
