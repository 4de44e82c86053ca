"""A Kap deal given as a position (hands, stock, first player), as the engine protocol's ``new_game`` may give it.

No log holds a position (a log records the shuffled order; the corpus's
``deal`` logs judge that check), so the position's own checks are held here:
the first player a seat of the table, one hand a player, each of the size the
deal gives (8 tiles to the first player of Kap Shap, 7 to the other, or 7 to
each under ``opening=draw``: rules ks.deal.wall and ks.opening), no more
copies of a tile than one set holds.
"""

from __future__ import annotations

from typing import Any

import pytest

from gupai.core.errors import ReplayError
from gupai.core.options import resolve_options
from gupai.games.kap.config import collecting_config
from gupai.games.kap.deal_check import check_position
from gupai.protocol.messages import PROTOCOL_VERSION
from gupai.protocol.server import ReferenceEngine

#: Seat 0 first: 8 tiles, seat 1: 7, and 17 in the stock, the 32 tiles of one set.
HANDS = [
    ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "6-5"],
    ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "2-1"],
]
STOCK = [
    *("4-2", "6-1", "5-3", "1-1", "4-4", "4-4", "3-2", "6-3", "5-2"),
    *("6-1", "5-4", "4-1", "2-2", "3-3", "6-5", "3-1", "5-1"),
]


def position(**changes: Any) -> dict[str, Any]:
    return {"hands": [list(h) for h in HANDS], "stock": list(STOCK), "first_player": 0, **changes}


def refused(position: dict[str, Any], **overrides: str) -> ReplayError:
    config = collecting_config("kap-shap", resolve_options("kap-shap", overrides=overrides or None))
    with pytest.raises(ReplayError) as caught:
        check_position(config, position)
    return caught.value


def test_a_position_of_the_sizes_the_deal_gives_is_taken_as_it_stands() -> None:
    deal = check_position(collecting_config("kap-shap"), position())
    assert deal.first_player == 0 and [len(h) for h in deal.hands] == [8, 7] and len(deal.stock) == 17
    assert deal.order == () and deal.dice is None


@pytest.mark.parametrize("first", [2, 3, 40])
def test_the_first_player_is_a_seat_of_the_table(first: int) -> None:
    error = refused(position(first_player=first))
    assert (error.pointer, error.rule) == ("/deal/first_player", None)
    assert error.message == f"seat {first} plays first, but there are 2 players"


def test_seat_1_may_play_first_with_the_first_players_eighth_tile() -> None:
    hands = [HANDS[0][:7], [*HANDS[1], HANDS[0][7]]]
    deal = check_position(collecting_config("kap-shap"), position(hands=hands, first_player=1))
    assert deal.first_player == 1 and [len(h) for h in deal.hands] == [7, 8]


@pytest.mark.parametrize("hands", [HANDS[:1], [*HANDS, []]], ids=["one hand", "three hands"])
def test_one_hand_a_player(hands: list[list[str]]) -> None:
    error = refused(position(hands=hands))
    assert (error.pointer, error.rule) == ("/deal/hands", None)
    assert error.message == f"the deal gives {len(hands)} hands for 2 players"


@pytest.mark.parametrize(
    ("seat", "hand", "want"),
    [
        (1, HANDS[1][:6], 7),  # a tile short
        (1, [*HANDS[1], "4-2"], 7),  # a tile more than a player who is not first holds
        (0, HANDS[0][:7], 8),  # the first player without the eighth tile
        (1, [], 7),
    ],
)
def test_each_hand_holds_what_the_deal_gives_its_seat(seat: int, hand: list[str], want: int) -> None:
    hands = [list(h) for h in HANDS]
    hands[seat] = hand
    error = refused(position(hands=hands))
    assert (error.pointer, error.rule) == (f"/deal/hands/{seat}", "ks.deal.wall")
    assert error.message == f"seat {seat} is dealt {len(hand)} tiles: the deal gives it {want}"


def test_under_opening_draw_the_first_player_is_dealt_no_tile_more() -> None:
    error = refused(position(), opening="draw", deal="boneyard")
    assert (error.pointer, error.rule) == ("/deal/hands/0", "ks.deal.boneyard")
    assert error.message == "seat 0 is dealt 8 tiles: the deal gives it 7"


def test_no_more_copies_than_one_set_holds() -> None:
    error = refused(position(stock=["6-6", *STOCK[1:]]))  # a third 6-6 for the 4-2 (one set holds two)
    assert (error.pointer, error.rule) == ("/deal", "ks.equipment.set")
    assert error.message == "the deal holds 3 copies of [6-6], more than one set holds"
    # two surplus faces are both named, the message one line
    error = refused(position(stock=["6-6", "6-1", "6-1", *STOCK[3:]]))  # 6-1 x3 for the 5-3 and the 1-1
    assert error.message == "the deal holds 3 copies of [6-6], 3 copies of [6-1], more than one set holds"


def test_no_more_copies_than_the_sets_of_a_game_of_several_hold() -> None:
    # Kap Tai Shap, two players, two sets: seat 0 dealt 10 tiles, seat 1 nine, 45 in the stock; five 6-6 where two
    # sets hold four
    config = collecting_config("kap-tai-shap", players=2, sets=2)
    hands = [["6-6"] * 4 + ["5-5"] * 4 + ["4-4", "3-3"], ["6-6"] + ["1-1"] * 4 + ["2-2"] * 4]
    with pytest.raises(ReplayError) as caught:
        check_position(config, {"hands": hands, "stock": ["3-3"] * 3 + ["4-4"] * 3 + ["6-5"] * 2, "first_player": 0})
    assert (caught.value.pointer, caught.value.rule) == ("/deal", "kts.equipment.sets")
    assert caught.value.message == "the deal holds 5 copies of [6-6], more than 2 sets hold"


def new_game(deal: dict[str, Any]) -> dict[str, Any]:
    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    request = {"id": 1, "cmd": "new_game", "game": "kap-shap", "options": {}, "players": 2, "sets": 1, "deal": deal}
    answer: dict[str, Any] = engine.handle(request)
    return answer


def test_the_protocol_refuses_a_position_as_the_check_does() -> None:
    assert new_game(position()) == {"id": 1, "answer": "ok"}
    hands = [HANDS[0], HANDS[1][:6]]
    assert new_game(position(hands=hands)) == {
        "id": 1,
        "answer": "illegal",
        "rule": "ks.deal.wall",
        "message": "seat 1 is dealt 6 tiles: the deal gives it 7",
    }
    # a malformed position breaks no rule of play: an error, not an illegal deal
    assert new_game(position(first_player=2)) == {
        "id": 1,
        "answer": "error",
        "message": "seat 2 plays first, but there are 2 players",
    }
