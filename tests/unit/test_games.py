"""The game registry and the Game/State protocols every family implements."""

from __future__ import annotations

import pytest

import gupai
from gupai.core.errors import OptionError, SpecError
from gupai.core.spec import game_spec, games
from gupai.games import registry
from gupai.games.base import Game, State
from gupai.games.kap.actions import Action
from gupai.games.kap.config import CollectingConfig
from gupai.games.kap.deal import Deal
from gupai.games.kap.game import KapGame
from gupai.games.kap.state import KapState
from gupai.games.tsung.actions import Action as TsungAction
from gupai.games.tsung.config import TsungConfig
from gupai.games.tsung.deal import TsungDeal
from gupai.games.tsung.game import TsungGame
from gupai.games.tsung.state import TsungState
from gupai.log.play import play_game

# Static checks (mypy): each family's classes satisfy the protocols.
_KAP_STATE: type[State[Action]] = KapState
_TSUNG_STATE: type[State[TsungAction]] = TsungState


def _kap_game(game: KapGame) -> Game[CollectingConfig, Deal, KapState]:
    return game


def _tsung_game(game: TsungGame) -> Game[TsungConfig, TsungDeal, TsungState]:
    return game


def test_every_spec_game_is_registered_by_its_family() -> None:
    assert set(registry.GAMES) == set(games())
    assert {game: game_spec(game).family for game in games()} == {
        "kap-shap": "kap",
        "kap-tai-shap": "kap",
        "tsung-shap": "tsung",
    }


@pytest.mark.parametrize(("game", "cls"), [("kap-shap", KapGame), ("kap-tai-shap", KapGame), ("tsung-shap", TsungGame)])
def test_load_game_plays_to_the_end(game: str, cls: type) -> None:
    loaded = gupai.load_game(game, preset="culin")
    assert isinstance(loaded, cls)
    assert loaded.id == game
    state = loaded.new_state(loaded.random_deal(seed=1))
    for _ in range(10_000):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[0])
    assert state.is_terminal
    assert state.result()["reason"]


def test_load_game_options_and_players() -> None:
    game = gupai.load_game("kap-tai-shap", players=6, sets=3, pair_set="printed")
    assert (game.players, game.config.sets, game.config.options["pair-set"]) == (6, 3, "printed")
    with pytest.raises(OptionError, match="no option 'colour'"):
        gupai.load_game("kap-shap", colour="red")
    with pytest.raises(OptionError, match="one set"):
        gupai.load_game("kap-shap", sets=2)
    with pytest.raises(OptionError, match="2 players, not 3"):
        gupai.load_game("tsung-shap", players=3)
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        gupai.load_game("chess")


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap", "tsung-shap"])
def test_random_deal_by_seed_is_the_deal_play_uses(game: str) -> None:
    loaded = gupai.load_game(game)
    deal = loaded.random_deal(seed=7)
    log = play_game(game, seed=7)
    assert [gupai.Tile.from_index(k).face for k in deal.order] == log["deal"]["order"]
    assert loaded.random_deal(seed=7) == deal


def test_kap_deal_from_order_matches_the_deal_module() -> None:
    game = gupai.load_game("kap-shap", first_player="seat-0")
    order = list(range(21)) + [0] * 11
    deal = game.deal_from_order(order)
    assert deal.first_player == 0
    assert [len(hand) for hand in deal.hands] == [8, 7]


def test_tsung_refuses_dice() -> None:
    game = gupai.load_game("tsung-shap")
    with pytest.raises(OptionError, match="no dice"):
        game.deal_from_order(list(range(21)) + list(range(11)), dice=(1, 2, 3, 4))


def test_an_unknown_family_is_a_spec_error() -> None:
    with pytest.raises(SpecError, match="family 'tsung' has no engine"):
        registry.build_games({"kap": KapGame.from_options})
