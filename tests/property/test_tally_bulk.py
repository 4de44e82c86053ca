"""The fast path's bulk tallies (``add_games``) count what ``add`` counts game by game: a differential test."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai.sim.stats import Histogram
from gupai.sim.tally import KapTally, TsungTally


@st.composite
def kap_games(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int, int]]]:
    players = draw(st.integers(2, 10))
    game = st.tuples(st.integers(1, 120), st.integers(0, players - 1), st.integers(-1, players - 1), st.integers(0, 3))
    return players, draw(st.lists(game, max_size=60))


@given(kap_games())
@settings(max_examples=200, deadline=None)
def test_kap_bulk_equals_game_by_game(case: tuple[int, list[tuple[int, int, int, int]]]) -> None:
    players, games = case
    one_by_one = KapTally(players=players)
    for turns, first, winner, reason in games:
        one_by_one.add(turns=turns, first=first, winner=None if winner < 0 else winner, reason=KapTally.REASONS[reason])
    bulk = KapTally(players=players)
    rows = np.asarray(games, dtype=np.int64).reshape(len(games), 4)
    bulk.add_games(rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3])
    assert bulk == one_by_one
    if games:
        assert bulk.summary() == one_by_one.summary()


_TSUNG_GAME = st.tuples(
    st.integers(1, 80),
    st.integers(0, 1),
    st.integers(0, 300),
    st.integers(0, 300),
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(-1, 1),
)


@given(st.lists(_TSUNG_GAME, max_size=60))
@settings(max_examples=200, deadline=None)
def test_tsung_bulk_equals_game_by_game(games: list[tuple[int, int, int, int, int, int, int]]) -> None:
    one_by_one = TsungTally()
    for turns, first, s0, s1, w0, w1, winner in games:
        one_by_one.add(
            turns=turns, first=first, scores=(s0, s1), sweeps=(w0, w1), winner=None if winner < 0 else winner
        )
    bulk = TsungTally()
    rows = np.asarray(games, dtype=np.int64).reshape(len(games), 7)
    bulk.add_games(rows[:, 0], rows[:, 1], rows[:, 2:4], rows[:, 4:6], rows[:, 6])
    assert bulk == one_by_one


@given(st.lists(st.one_of(st.integers(-50, 50), st.integers(-(10**12), 10**12)), max_size=80))
@settings(max_examples=200, deadline=None)
def test_a_histogram_counts_an_array_as_it_counts_each_value(values: list[int]) -> None:
    """Both ways of counting an array (bins for a narrow range, sorting for a wide one) agree with add."""
    one_by_one = Histogram.of(values)
    bulk = Histogram()
    bulk.add_all(np.asarray(values, dtype=np.int64))
    assert bulk == one_by_one and bulk.n == len(values)
