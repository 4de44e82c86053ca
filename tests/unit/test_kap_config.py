"""A Kap configuration: the players and sets the rules allow, the sets by default, the reading a verdict turns on.

Expected values come from spec/ (ks/kts.equipment.players and .sets, the ``sets-rule`` option, ks.pair.ten's
``pair-set`` values, ks.eye) and from hands worked by hand; the exact refusals are what a log's reader and an engine
author see (docs/engine/refusals.md).
"""

from __future__ import annotations

import pickle

import pytest

from gupai.core.errors import OptionError, ReplayError
from gupai.core.hands import counts_of
from gupai.core.options import resolve_options
from gupai.core.tiles import parse_tiles
from gupai.games.kap.config import collecting_config, config_of, default_sets, flipped_reading


def _counts(hand: str) -> tuple[int, ...]:
    return counts_of(parse_tiles(hand.split()))


# ------------------------------------------------------------ the reading a hand's verdict turns on
# eye [1-1][1-1], [6-6]+[6-2] and [3-3]+[2-2], and [5-5]+[6-4]: a twenty no printed table shows (pair-set=printed)
ARITHMETIC_ONLY = "1-1 1-1 6-6 6-2 3-3 2-2 5-5 6-4"
# Kap Tai Shap, two sets: eye [6-3][6-3] (two military tiles, ks.eye), then [6-6]+[6-2], [6-4]+[6-4], [3-3]+[2-2],
# [4-4]+[1-1]: no other split ([6-4][6-4] as the eye leaves the nines without a partner)
MILITARY_EYE = "6-3 6-3 6-6 6-2 6-4 6-4 3-3 2-2 4-4 1-1"


@pytest.mark.parametrize(
    ("pair_set", "flip"),
    [("arithmetic", ("pair.ten", "pair-set", "printed")), ("printed", ("pair.ten", "pair-set", "arithmetic"))],
)
def test_a_hand_that_wins_under_one_pair_set_only_names_the_pair_set(pair_set: str, flip: tuple[str, ...]) -> None:
    config = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"pair-set": pair_set}))
    assert flipped_reading(config, _counts(ARITHMETIC_ONLY)) == flip


@pytest.mark.parametrize(
    ("eye", "flip"), [("identical", ("eye", "eye", "civil")), ("civil", ("eye", "eye", "identical"))]
)
def test_a_military_eye_names_the_eye_reading(eye: str, flip: tuple[str, ...]) -> None:
    options = resolve_options("kap-tai-shap", overrides={"eye": eye})
    config = collecting_config("kap-tai-shap", options, players=4, sets=2)
    assert flipped_reading(config, _counts(MILITARY_EYE)) == flip


def test_a_hand_that_wins_under_every_reading_flips_under_none() -> None:
    # eye [1-1][1-1], [6-6]+[6-2], [3-3]+[2-2], [6-4]+[6-4]: no [4-2], no missing twenty, a civil eye
    assert flipped_reading(collecting_config("kap-shap"), _counts("1-1 1-1 6-6 6-2 3-3 2-2 6-4 6-4")) is None


# ------------------------------------------------------------ the players and sets
@pytest.mark.parametrize(
    ("game", "players", "message", "rule"),
    [
        ("kap-shap", 3, "Kap Shap takes 2 players, not 3", "ks.equipment.players"),
        ("kap-tai-shap", 41, "Kap Tai Shap takes 2 to 40 players, not 41", "kts.equipment.players"),
    ],
)
def test_a_player_count_the_rules_do_not_allow_is_refused_with_the_range(
    game: str, players: int, message: str, rule: str
) -> None:
    with pytest.raises(OptionError) as caught:
        collecting_config(game, players=players)
    assert (caught.value.message, caught.value.where, caught.value.rule) == (message, "players", rule)
    # a log's or a request's players: the same refusal at /players
    with pytest.raises(ReplayError) as refused:
        config_of(game, {}, players=players, sets=None)
    assert (refused.value.pointer, refused.value.rule, refused.value.message) == ("/players", rule, message)


def test_a_log_with_too_many_sets_is_refused_at_its_sets() -> None:
    with pytest.raises(ReplayError) as refused:
        config_of("kap-tai-shap", {}, players=4, sets=41)
    assert (refused.value.pointer, refused.value.rule) == ("/sets", "kts.equipment.sets")
    assert refused.value.message.startswith("the kit plays Kap Tai Shap with at most 40 sets, not 41")


@pytest.mark.parametrize(
    ("game", "sets", "message", "rule"),
    [
        ("kap-shap", 2, "Kap Shap is played with one set, not 2", "ks.equipment.set"),
        ("kap-tai-shap", 0, "a game needs at least one set, not 0", "kts.equipment.sets"),
    ],
)
def test_a_set_count_the_rules_do_not_allow_is_refused(game: str, sets: int, message: str, rule: str) -> None:
    with pytest.raises(OptionError) as caught:
        collecting_config(game, players=2, sets=sets)
    assert (caught.value.message, caught.value.where, caught.value.rule) == (message, "sets", rule)


def test_sets_that_leave_no_stock_are_refused() -> None:
    # Kap Tai Shap, 7 players: 10 + 6 * 9 = 64 tiles dealt, all the 64 of two sets, and no stock left
    with pytest.raises(OptionError) as caught:
        collecting_config("kap-tai-shap", players=7, sets=2)
    assert (caught.value.message, caught.value.where, caught.value.rule) == (
        "2 set(s) hold 64 tiles: too few to deal 64 tiles to 7 players and leave a stock",
        "sets",
        "kts.equipment.sets",
    )


@pytest.mark.parametrize(
    ("overrides", "where", "rule", "said"),
    [
        (
            {"first-player": "previous-winner"},
            "first-player",
            "ks.deal.first-player",
            "first-player=previous-winner deals from seat 0 whoever plays first, so every hand must be the same "
            "size: it goes with opening=draw, not opening=discard",
        ),
        (
            {"stock-out": "play-on"},
            "stock-out",
            "ks.end.stock",
            "stock-out=play-on goes only with the one-tile turn (turn=take-or-draw), not turn=take-and-draw: "
            "under it every turn draws",
        ),
    ],
)
def test_options_that_do_not_go_together_are_refused_at_the_option(
    overrides: dict[str, str], where: str, rule: str, said: str
) -> None:
    with pytest.raises(OptionError) as caught:
        collecting_config("kap-shap", resolve_options("kap-shap", overrides=overrides))
    assert (caught.value.message, caught.value.where, caught.value.rule) == (said, where, rule)


def test_tsung_shap_is_not_a_collecting_game() -> None:
    with pytest.raises(OptionError) as caught:
        collecting_config("tsung-shap")
    assert (caught.value.message, caught.value.where) == (
        "tsung-shap is not a collecting game (collecting games: kap-shap, kap-tai-shap)",
        "tsung-shap",
    )


def test_the_fewest_sets_give_every_player_two_full_piles_of_five() -> None:
    # sets-rule=fewest: 16 players of Kap Tai Shap (nine tiles each) need 32 piles of five, 160 tiles: 5 sets exactly;
    # 17 players need 34 piles, 170 tiles: 6 sets
    assert (default_sets(16, "fewest"), default_sets(17, "fewest")) == (5, 6)


def test_an_unknown_sets_rule_is_refused_with_its_name() -> None:
    with pytest.raises(OptionError) as caught:
        default_sets(4, "most")
    assert (caught.value.message, caught.value.where) == ("unknown sets-rule 'most'", "sets-rule")


def test_a_configuration_found_again_is_the_one_asked_for() -> None:
    # one after another, as a corpus reads its logs: each answer is the game, players and sets of its own log
    asked = [("kap-tai-shap", 3, 2), ("kap-tai-shap", 2, 2), ("kap-tai-shap", 2, 1), ("kap-shap", 2, 1)]
    for game, players, sets in asked + asked[::-1]:
        config = config_of(game, {}, players=players, sets=sets)
        assert (config.spec.id, config.players, config.sets) == (game, players, sets)


def test_an_option_value_that_is_not_a_string_is_refused_as_a_bad_option() -> None:
    with pytest.raises(OptionError) as caught:
        config_of("kap-shap", {"pair-set": ["printed"]}, players=2, sets=1)  # type: ignore[dict-item]
    assert caught.value.where == "pair-set"


def test_a_configuration_pickled_is_found_again_with_its_game_players_sets_and_options() -> None:
    options = resolve_options("kap-tai-shap", overrides={"pair-set": "printed", "opening": "draw"})
    config = collecting_config("kap-tai-shap", options, players=5, sets=3)
    again = pickle.loads(pickle.dumps(config))
    assert (again.spec.id, again.players, again.sets, again.options) == ("kap-tai-shap", 5, 3, options)
