"""The navpil agent against positions worked by hand from navpil's Java player (ComputerKapShapPlayer).

Each expectation is derived on paper from the Java code's rules (buckets by
value mod 10, deadwood, priorities as unseen complements, military first on
ties), not from this agent's output.
"""

from __future__ import annotations

import random

import pytest

from gupai.core.errors import OptionError
from gupai.core.tiles import Tile, set_counts
from gupai.games.agents import make_agent
from gupai.games.kap.actions import DRAW, Discard, Take
from gupai.games.kap.config import collecting_config
from gupai.games.kap.deal import Deal
from gupai.games.kap.state import KapState


def _state(first: str, second: str) -> KapState:
    """Kap Shap (culin: any discard may be taken), seat 0 to open holding ``first``, seat 1 holding ``second``."""
    config = collecting_config("kap-shap")
    hands = [[Tile(face).index for face in text.split()] for text in (first, second)]
    left = list(set_counts(1))
    for hand in hands:
        for kind in hand:
            left[kind] -= 1
    stock = tuple(kind for kind, n in enumerate(left) for _ in range(n))
    deal = Deal(order=(), dice=None, first_player=0, hands=(tuple(hands[0]), tuple(hands[1])), stock=stock)
    return KapState(config, deal)


def _choose(state: KapState) -> object:
    return make_agent("navpil").choose(state, state.legal_actions(), random.Random(0))


def test_it_discards_the_deadwood_tile_with_fewest_unseen_complements() -> None:
    # Eye 6-6; 6-4 and 5-5 pair (0); 2-1 (3) pairs with the civil 6-1 (7) before the military 5-2;
    # deadwood 3-1 (four sixes unseen: 3-3 x2, 5-1 x2) and 5-2 (two threes in the set, 2-1 held: one).
    state = _state("6-6 6-6 6-4 5-5 3-1 6-1 5-2 2-1", "1-1 1-1 2-2 2-2 4-4 4-4 3-3")
    assert _choose(state) == Discard(Tile("5-2"))


def test_it_declines_a_discard_it_would_throw_back() -> None:
    # With 6-3 the deadwood is 6-1 and 6-3, two unseen complements each: military first, so 6-3 goes back.
    state = _state("6-3 1-1 1-1 2-2 2-2 4-4 4-4 3-3", "6-6 6-6 6-4 5-5 3-1 5-1 6-1")
    state.apply(Discard(Tile("6-3")))
    assert _choose(state) == DRAW


def test_it_takes_the_discard_that_leaves_the_least_deadwood() -> None:
    # 2-1 pairs the lone 6-1, leaving the deadwood 6-6 (four unseen eights) and 6-5 (two unseen nines):
    # the tile to go would be 6-5, not the 2-1, so it is taken.
    state = _state("2-1 1-1 1-1 2-2 2-2 4-4 4-4 3-3", "6-6 6-4 5-5 3-1 5-1 6-1 6-5")
    state.apply(Discard(Tile("2-1")))
    assert _choose(state) == Take(Tile("2-1"))


def test_it_never_declines_a_win_the_java_player_would() -> None:
    # The offered 3-3 makes the eye and wins. The Java player adds it at the end of its sorted hand and
    # finds eyes only between neighbours, so it sees deadwood 3-3 and 5-1 (three unseen fours each),
    # would discard the 3-3 (the first in its order) and declines. This agent takes the win.
    state = _state("3-3 1-1 1-1 2-2 2-2 4-4 4-4 6-6", "3-3 6-4 5-5 3-1 5-1 6-1 2-1")
    state.apply(Discard(Tile("3-3")))
    assert _choose(state) == Take(Tile("3-3"))
    state.apply(Take(Tile("3-3")))
    assert state.can_declare()


def test_it_plays_only_the_collecting_games() -> None:
    from gupai.sim.simulate import Simulation, simulate

    with pytest.raises(OptionError, match="navpil agent plays Kap Shap"):
        simulate(Simulation("tsung-shap", agents=("navpil",), engine="reference"), games=1, seed=0, jobs=1)


def test_the_java_player_declines_that_win() -> None:
    """The trial copy of the Java player (navpil_java), defects included, declines the same win."""
    from gupai.games.kap.navpil import navpil_java

    state = _state("3-3 1-1 1-1 2-2 2-2 4-4 4-4 6-6", "3-3 6-4 5-5 3-1 5-1 6-1 2-1")
    state.apply(Discard(Tile("3-3")))
    assert navpil_java(state, state.legal_actions(), {}) == DRAW


def test_the_java_player_with_wins_taken_takes_it() -> None:
    """The variant that keeps the Java eye search but takes every win takes the same offer."""
    from gupai.games.kap.navpil import navpil_java

    state = _state("3-3 1-1 1-1 2-2 2-2 4-4 4-4 6-6", "3-3 6-4 5-5 3-1 5-1 6-1 2-1")
    state.apply(Discard(Tile("3-3")))
    assert navpil_java(state, state.legal_actions(), {}, take_wins=True) == Take(Tile("3-3"))
