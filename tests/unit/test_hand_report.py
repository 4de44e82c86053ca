"""``evaluate_hand``: what ``gupai hand`` answers for one hand, under the options chosen or a game's own.

The hands and their verdicts are worked by hand from the rule texts of ``spec/games/kap-shap.yaml`` and
``kap-tai-shap.yaml`` (ks.hand.win: an eye and three ten-pairs, four in Kap Tai Shap; ks.tiles.four-two:
[4-2] counts 3 by default; ks.pair.ten: counts adding to 10 or 20), not taken from the code.
"""

from __future__ import annotations

from typing import Any

import pytest

from gupai.core.errors import HandError
from gupai.core.options import resolve_options
from gupai.core.tiles import Tile
from gupai.games.kap.hand import HandReport, evaluate_hand
from gupai.games.registry import load_game

#: An eye [1-1] [1-1] and three ten-pairs only if [4-2] counts 6 ([4-2]+[2-2] = 6+4); with 6 it splits two ways:
#: [6-4]+[6-4] and [5-5]+[5-5] (twenties), or [6-4]+[5-5] twice.
NEEDS_SIX = "1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4"
#: Kap Shap's default reading: [4-2] counts 3, so [2-2] (4) has no partner; one exchange ([4-2] for [3-3], 6) wins.
NEEDS_SIX_SPLITS = [
    {"eye": ["1-1", "1-1"], "pairs": [["6-4", "6-4"], ["5-5", "5-5"], ["4-2", "2-2"]]},
    {"eye": ["1-1", "1-1"], "pairs": [["6-4", "5-5"], ["6-4", "5-5"], ["4-2", "2-2"]]},
]


def test_a_winning_hand_is_reported_whole_greatest_first() -> None:
    report = evaluate_hand("kap-shap", NEEDS_SIX, four_two_value="6")
    assert report.to_json() == {
        "game": "kap-shap",
        "preset": "culin",
        "options": resolve_options("kap-shap", overrides={"four-two-value": "6"}).as_dict(),
        "sets": 1,
        "tiles": ["6-4", "6-4", "5-5", "5-5", "4-2", "2-2", "1-1", "1-1"],
        "winning": True,
        "decompositions": NEEDS_SIX_SPLITS,
        "distance": 0,
    }
    assert report.tiles == tuple(Tile(face) for face in report.to_json()["tiles"])
    assert report.options["four-two-value"] == "6"


def test_the_same_hand_under_the_default_reading_is_one_exchange_from_winning() -> None:
    report = evaluate_hand("kap-shap", NEEDS_SIX.split())
    assert (report.winning, report.decompositions, report.distance) == (False, (), 1)
    assert report.options["four-two-value"] == "3"
    assert report.to_json()["winning"] is False and report.to_json()["decompositions"] == []


def test_a_hand_short_of_the_winning_size_is_not_winning_and_counts_the_tiles_it_lacks() -> None:
    # An eye [6-6] [6-6] and two twenties ([6-4]+[6-4], [5-5]+[5-5]); [3-1] (4) needs a 6 or 16: one tile short
    report = evaluate_hand("kap-shap", "6-6 6-6 5-5 5-5 4-6 4-6 3-1")
    assert (report.winning, report.decompositions, report.distance) == (False, (), 1)
    assert [str(t) for t in report.tiles] == ["6-6", "6-6", "6-4", "6-4", "5-5", "5-5", "3-1"]
    assert evaluate_hand("kap-shap", []).distance == 8


def test_a_preset_and_options_are_read_as_given() -> None:
    # eye [6-6] [6-6], pairs [6-4]+[6-4], [5-5]+[5-5] (twenties), [4-3]+[2-1] (7+3); the arithmetic also allows
    # [6-4]+[5-5] twice, a twenty pagat's printed table leaves out
    hand = "6-6 6-6 6-4 6-4 5-5 5-5 4-3 2-1"
    arithmetic = evaluate_hand("kap-shap", hand)
    printed = evaluate_hand("kap-shap", hand, "pagat")
    assert (arithmetic.options.preset, printed.options.preset) == ("culin", "pagat")
    assert printed.options["pair-set"] == "printed" and arithmetic.options["pair-set"] == "arithmetic"
    assert len(arithmetic.decompositions) == 2 and len(printed.decompositions) == 1
    assert str(printed.decompositions[0]) == "eye 6-6 6-6, pairs 6-4+6-4 5-5+5-5 4-3+2-1"
    options = resolve_options("kap-shap", preset="pagat")
    assert evaluate_hand("kap-shap", hand, options=options).options == options
    assert evaluate_hand("kap-shap", hand, pair_set="printed").options["pair-set"] == "printed"


def test_sets_and_players_are_the_games() -> None:
    # Kap Tai Shap: an eye and four ten-pairs; eye [6-6] [6-6], [6-6]+[4-4] (12+8), [6-4]+[6-4], [5-5]+[5-5],
    # [4-3]+[2-1]: three [6-6], which only two sets hold
    hand = "6-6 6-6 6-6 4-4 6-4 6-4 5-5 5-5 4-3 2-1"
    three = evaluate_hand("kap-tai-shap", hand, sets=3)  # four players would use two sets
    assert (three.sets, three.winning, three.distance) == (3, True, 0)
    assert three.to_json()["sets"] == 3 and three.to_json()["game"] == "kap-tai-shap"
    with pytest.raises(HandError, match=r"3 copies of \[6-6\], but one set holds only 2"):
        evaluate_hand("kap-tai-shap", hand, players=2, sets=1)
    # sets-rule=two-per-five: two sets for every five players, rounded up (4 players, the default: 2; 6: 3)
    assert evaluate_hand("kap-tai-shap", hand).sets == 2
    assert evaluate_hand("kap-tai-shap", hand, players=6).sets == 3


def test_a_loaded_game_is_judged_under_its_own_options() -> None:
    game = load_game("kap-shap", "pagat")
    report = evaluate_hand(game, "6-6 6-6 6-4 6-4 5-5 5-5 4-3 2-1")
    assert report.game == "kap-shap" and report.options == game.config.options
    assert len(report.decompositions) == 1  # pagat's printed table: not [6-4]+[5-5]
    six = load_game("kap-tai-shap", players=6, sets=3)
    assert evaluate_hand(six, "6-6 6-6").sets == 3


@pytest.mark.parametrize(
    "given",
    [{"preset": "culin"}, {"options": resolve_options("kap-shap")}, {"players": 2}, {"sets": 1}, {"eye": "civil"}],
    ids=["preset", "options", "players", "sets", "an option"],
)
def test_a_loaded_game_takes_no_other_options(given: dict[str, Any]) -> None:
    with pytest.raises(TypeError) as caught:
        evaluate_hand(load_game("kap-shap"), "6-6 6-6", **given)
    assert str(caught.value) == "a loaded game is judged under its own options: give its id to choose others"


def test_a_hand_no_set_holds_is_refused() -> None:
    with pytest.raises(HandError, match=r"hand has 9 tiles; a hand holds at most 8"):
        evaluate_hand("kap-shap", "6-6 6-6 6-4 6-4 5-5 5-5 4-3 2-1 1-1")
    with pytest.raises(HandError, match=r"2 copies of \[6-3\], but one set holds only 1"):
        evaluate_hand("kap-shap", "6-3 6-3")


def test_the_report_is_a_frozen_value() -> None:
    report = evaluate_hand("kap-shap", "6-6 6-6")
    assert isinstance(report, HandReport)
    with pytest.raises(AttributeError):
        report.winning = True  # type: ignore[misc]
