"""A game the rules may never end is stopped at the engine's cap (ks.end.abandoned), through every door.

Under termination=no-consecutive-takes with stock-out=play-on, once the stock
is empty a seat that took last turn must pass, and a full round of passes
ends the game (ks.end.stock). With three seats, seats that take whenever they
may, but pass after a take by the seat before them, take and pass by turns
for ever: take, pass, take, pass, ... (three is odd, so each seat alternates)
and no round is all passes. The engine stops such a game after
ABANDON_AFTER_TURNS turns, as under termination=none.
"""

from __future__ import annotations

from gupai.games.kap.actions import Action, Declare, Pass, Take
from gupai.games.kap.game import KapGame
from gupai.games.kap.state import ABANDON_AFTER_TURNS, KapState, may_never_end
from gupai.games.registry import load_game
from gupai.rl.bounds import kap_moves_bound


def _game(*, termination: str = "no-consecutive-takes", stock_out: str = "play-on") -> KapGame:
    """Kap Tai Shap for three under the one-tile turn."""
    return load_game("kap-tai-shap", players=3, turn="take-or-draw", termination=termination, stock_out=stock_out)


def _play(state: KapState, *, limit: int) -> list[str]:
    """Play as the docstring's seats do until the game is over or ``limit`` moves; each move's kind."""
    kinds: list[str] = []
    last = None
    while not state.is_terminal and len(kinds) < limit:
        legal = state.legal_actions()
        passes = [a for a in legal if isinstance(a, Pass)]
        takes = [a for a in legal if isinstance(a, Take)]
        declare = [a for a in legal if isinstance(a, Declare)]
        move: Action
        if declare:
            move = declare[0]
        elif passes and last == "take":
            move = passes[0]
        else:
            move = (takes or passes or legal)[0]
        kind = type(move).__name__.lower()
        last = kind if kind in ("take", "pass", "draw") else last
        kinds.append(kind)
        state.step(move)
        if state.turn_cap is not None and state.turn > state.turn_cap and not state.is_terminal:
            state.abandon()  # as every door does (gupai play, simulate, the table, OpenSpiel, PettingZoo)
    return kinds


def test_three_seats_taking_and_passing_by_turns_are_stopped_at_the_cap() -> None:
    game = _game()
    assert may_never_end(game.config.options, 3)
    state = game.new_state(game.random_deal(seed=1))
    kinds = _play(state, limit=10 * ABANDON_AFTER_TURNS)
    assert state.is_terminal and state.reason == "abandoned" and state.winner is None
    assert state.turn == ABANDON_AFTER_TURNS
    # what it was doing when stopped: pass; take and discard; pass; ... never a round of three passes
    tail = [k for k in kinds[-30:] if k != "discard"]
    assert set(tail) == {"pass", "take"} and "pass,pass" not in ",".join(tail)
    assert len(kinds) <= kap_moves_bound(game.config, 32 * game.config.sets)


def test_without_play_on_or_with_the_dead_rounds_the_same_seats_end_by_the_rules() -> None:
    for game in (_game(stock_out="end"), _game(termination="three-dead-rounds")):
        assert not may_never_end(game.config.options, 3) and game.new_state(game.random_deal(seed=1)).turn_cap is None
        state = game.new_state(game.random_deal(seed=1))
        _play(state, limit=10 * ABANDON_AFTER_TURNS)
        assert state.is_terminal and state.reason != "abandoned"
