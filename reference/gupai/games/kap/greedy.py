"""The greedy policy of the collecting games: keep the tiles closest to a winning hand.

:class:`gupai.games.agents.GreedyAgent` plays it on a :class:`KapState`.

>>> import random
>>> from gupai.games.kap.config import collecting_config
>>> from gupai.games.kap.deal import random_deal
>>> config = collecting_config("kap-shap")
>>> state = KapState(config, random_deal(config, random.Random(7)))
>>> legal = state.legal_actions()
>>> choice = greedy_kap(state, legal)
>>> choice in legal, choice.__class__.__name__
(True, 'Discard')
"""

from __future__ import annotations

from collections.abc import Sequence

from gupai.core.hands import KEY_UNITS as _UNIT
from gupai.core.tiles import KIND_COUNT
from gupai.games.kap.actions import Action, Declare, Discard, Take
from gupai.games.kap.state import KapState
from gupai.games.kap.strategy import HandPlanner, planner_for

__all__ = ["greedy_kap"]


def greedy_kap(state: KapState, legal: Sequence[Action]) -> Action:
    """The greedy choice among ``legal``.

    It declares every win; takes the discard that most shortens its distance
    from a winning hand (only when it does shorten it; else it draws, or
    passes when the stock is empty under stock-out=play-on); and discards the tile
    whose loss leaves the hand closest to winning, breaking ties towards the
    hand that the most live tiles (copies it has not seen in its hand or on
    the table) would improve, then towards the kind most seen on the table.
    """
    planner = planner_for(state.config.evaluator)
    seat = state.current_player
    hand = list(state.hand_counts(seat))
    key = state.hand_key(seat)
    kept = planner.kept_key
    first = legal[0]
    if first.__class__ is Declare:
        return first
    if first.__class__ is Discard:
        best: list[Action] = []
        best_kept = -1
        for action in legal:
            kind = action.tile.index  # type: ignore[union-attr]
            hand[kind] -= 1
            score = kept(key - _UNIT[kind], hand)
            hand[kind] += 1
            if score > best_kept:
                best, best_kept = [action], score
            elif score == best_kept:
                best.append(action)
        if len(best) == 1:
            return best[0]
        return _most_outs(state, planner, hand, key, best)
    now = kept(key, hand)
    chosen: Action = legal[-1]  # drawing (or, the stock empty, passing) comes last
    for action in legal:
        if action.__class__ is Take:
            kind = action.tile.index  # type: ignore[union-attr]
            hand[kind] += 1
            gain = kept(key + _UNIT[kind], hand)
            hand[kind] -= 1
            if gain > now:
                chosen, now = action, gain
    return chosen


def _most_outs(state: KapState, planner: HandPlanner, hand: list[int], key: int, tied: list[Action]) -> Action:
    """Among equally good discards, keep the hand that the most live tiles improve.

    A tile is live when the player has not seen every copy of it: copies in
    the player's hand and face up on the table are dead. Ties after that go
    to the discard already most seen on the table, then to legal order.
    """
    table = state.table
    seen = [0] * KIND_COUNT
    for kind in table:
        seen[kind] += 1
    caps = state.config.evaluator.caps
    best, best_score = tied[0], (-1, -1)
    for action in tied:
        kind = action.tile.index  # type: ignore[union-attr]
        hand[kind] -= 1
        useful = planner.useful_kinds(hand, key - _UNIT[kind])
        outs = sum(caps[t] - hand[t] - seen[t] for t in useful)
        hand[kind] += 1
        score = (outs, seen[kind])
        if score > best_score:
            best, best_score = action, score
    return best
