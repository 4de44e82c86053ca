"""Kap deals worked by hand from the rules' words: the dice, the wall's cut, a boneyard's last tile.

Each expected deal is read from spec/'s rule text (ks.deal.wall, ks.deal.draw-order, ks.deal.first-player,
kts.deal.boneyard, kts.deal.wall), not from the code: a wall of piles four high, tile 1 of the order at the bottom
of the first pile; four dice thrown by seat 0 and counted from seat 1.
"""

from __future__ import annotations

import random

import pytest

from gupai.core.errors import OptionError
from gupai.core.options import resolve_options
from gupai.core.tiles import kinds_of
from gupai.games.kap.config import collecting_config
from gupai.games.kap.deal import Deal, cut_order, deal_from_order, random_deal

#: One Kap Shap set in a shuffled order, written pile by pile (each pile bottom first).
PILES = [
    "6-6 1-1 4-4 3-1",
    "5-5 3-3 2-2 6-5",
    "6-4 6-1 5-1 6-3",
    "5-4 6-2 5-3 5-2",
    "4-3 4-1 3-2 4-2",
    "2-1 6-6 1-1 4-4",
    "3-1 5-5 3-3 2-2",
    "6-5 6-4 6-1 5-1",
]


def test_a_wall_deal_worked_by_hand_is_the_deal_the_order_and_dice_make() -> None:
    # culin: four dice, total 5 counted from seat 1 reaches seat 1 (5 mod 2); seat 1 takes the first two piles,
    # seat 0 the third and the top three of the fourth (wall-cut=fourth-pile); the stock starts with the fourth
    # pile's bottom tile, then the piles from the bottom up (wall-draw=bottom)
    by_hand = Deal.of(
        order=" ".join(PILES),
        dice=(1, 1, 1, 2),
        first_player=1,
        hands=("6-4 6-1 5-1 6-3 6-2 5-3 5-2", "6-6 1-1 4-4 3-1 5-5 3-3 2-2 6-5"),
        stock="5-4 " + " ".join(PILES[4:]),
    )
    config = collecting_config("kap-shap")
    dealt = deal_from_order(config, kinds_of(" ".join(PILES).split()), dice=[1, 1, 1, 2])
    assert dealt == by_hand and dealt.dice == (1, 1, 1, 2)
    assert "dice=(1, 1, 1, 2)" in repr(dealt) and eval(repr(dealt)) == dealt  # the repr is Deal.of


def test_the_two_wall_cuts_of_one_order_are_two_deals() -> None:
    # ks.deal.wall with seat 0 first (dice total 4): fourth-pile leaves the fourth pile's bottom tile (5-4) first of
    # the stock; moved-top moves the third pile's top tile (6-3) to a pile of its own at the far end, drawn last,
    # and seat 1 takes the rest of the third pile and the whole fourth
    cuts = {
        "fourth-pile": (("6-4 6-1 5-1 6-3 6-2 5-3 5-2", "5-4 " + " ".join(PILES[4:]))),
        "moved-top": (("6-4 6-1 5-1 5-4 6-2 5-3 5-2", " ".join(PILES[4:]) + " 6-3")),
    }
    for cut, (seat_1, stock) in cuts.items():
        config = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"wall-cut": cut}))
        dealt = deal_from_order(config, kinds_of(" ".join(PILES).split()), dice=(1, 1, 1, 1))
        assert dealt == Deal.of(
            order=" ".join(PILES), dice=(1, 1, 1, 1), first_player=0, hands=(" ".join(PILES[:2]), seat_1), stock=stock
        ), cut


@pytest.mark.parametrize(("game", "prefix"), [("kap-shap", "ks"), ("kap-tai-shap", "kts")])
@pytest.mark.parametrize("dice", [None, (1, 2, 3), (1, 2, 3, 4, 5)], ids=["no dice", "three", "five"])
def test_first_player_dice_needs_the_four_dice(game: str, prefix: str, dice: tuple[int, ...] | None) -> None:
    config = collecting_config(game)
    with pytest.raises(OptionError) as caught:
        deal_from_order(config, kinds_of(" ".join(PILES).split()), dice=dice)
    assert (caught.value.message, caught.value.where, caught.value.rule) == (
        "first-player=dice needs 4 dice",
        "dice",
        f"{prefix}.deal.first-player",
    )


def test_the_dice_are_four_six_sided_dice() -> None:
    seen: list[int] = []
    for seed in range(50):
        dice = random_deal(collecting_config("kap-tai-shap"), random.Random(seed)).dice
        assert dice is not None and len(dice) == 4
        seen.extend(dice)
    assert sorted(set(seen)) == [1, 2, 3, 4, 5, 6]  # 200 throws: every face shows


def test_a_session_begins_with_seat_0_and_every_game_is_dealt_from_seat_0() -> None:
    # ks.deal.first-player, first-player=previous-winner: seat 0 begins the session, and the hands are dealt from
    # seat 0 whoever plays first; ks.deal.boneyard under opening=draw: seat 0 tiles 1-7, seat 1 tiles 8-14
    config = collecting_config("kap-shap", resolve_options("kap-shap", preset="navpil-culin"))
    order = kinds_of(" ".join(PILES).split())
    first_game = deal_from_order(config, order, dice=None)
    later_game = deal_from_order(config, order, dice=None, first=1)
    assert (first_game.first_player, later_game.first_player) == (0, 1)
    assert first_game.hands == later_game.hands == (tuple(order[:7]), tuple(order[7:14]))
    assert first_game.stock == later_game.stock == tuple(order[14:])


def test_a_boneyard_for_fourteen_players_leaves_one_tile_to_draw() -> None:
    # kts.deal.boneyard: 4 sets (128 tiles); the first player draws ten, each other player nine, anticlockwise:
    # 10 + 13 * 9 = 127 tiles dealt, and the stock is the last tile alone
    config = collecting_config(
        "kap-tai-shap", resolve_options("kap-tai-shap", overrides={"deal": "boneyard"}), players=14, sets=4
    )
    places = [f"p{k}" for k in range(128)]
    first, hands, stock = cut_order(config, places, dice=(1, 1, 1, 1))
    assert first == 4 and stock == ("p127",)
    assert hands[4] == tuple(places[:10]) and hands[5] == tuple(places[10:19]) and hands[3] == tuple(places[118:127])


def test_a_wall_too_short_for_two_piles_a_player_is_refused_with_the_sets_at_fault() -> None:
    # kts.deal.wall: 3 sets, 96 tiles in piles of five: 19 full piles, and 10 players take two each
    config = collecting_config("kap-tai-shap", players=10, sets=3)
    with pytest.raises(OptionError) as caught:
        random_deal(config, random.Random(1))
    assert (caught.value.message, caught.value.where, caught.value.rule) == (
        "a wall of 96 tiles has 19 full piles: too few for 10 players to take two piles each",
        "sets",
        "kts.deal.wall",
    )
