"""The greedy policy of Tsung Shap: take the best capture there is, now.

The ``greedy`` agent (:mod:`gupai.games.agents`) plays Tsung Shap with
:func:`greedy_tsung`.

>>> import random
>>> from gupai.core.tiles import Tile
>>> from gupai.games.tsung.config import tsung_config
>>> row, piles = [Tile("6-6"), Tile("3-1"), Tile("4-4")], [[Tile("2-2")], [Tile("5-5")]]
>>> state = TsungState.from_position(tsung_config(), row=row, piles=piles)
>>> lay = greedy_tsung(state, state.legal_actions(), random.Random(0))
>>> str(lay), state.captures_for(lay.tile, lay.end)  # 4 + 12 + 4: the two tiles at the left end make twenty
('lay 2-2 left', [(Capture('triple left'), 20)])
>>> state.apply(lay) and str(greedy_tsung(state, state.legal_actions(), random.Random(0)))
'take triple left'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gupai.core.tiles import set_counts
from gupai.games.tsung.actions import ACTIONS, CLAIM, CLAIM0, LAY, TAKE, TAKE0, Action
from gupai.games.tsung.captures import capture_points, find_captures
from gupai.games.tsung.state import TsungState

__all__ = ["greedy_tsung"]


def greedy_tsung(state: TsungState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The greedy policy: take the best capture there is, now.

    Claim or take the capture worth most (always: every capture scores).
    With hidden tiles lay where the tile captures most, else at the left end.
    With four tiles in hand, lay the tile and end whose best capture scores
    most; among lays that capture nothing, lay the tile the opponent can
    least profit from: one whose identical twin cannot come (it is in the
    hand or already laid, or the tile is military and has none) before one
    whose twin is unseen, then the tile with the fewest spots (a pair is
    worth ten a spot to whoever makes it), then the first in legal order.
    """
    phase = state.phase
    if phase in (TAKE, CLAIM):
        caps, points = state.open_codes, state.open_points
        best = 0
        for i in range(1, len(caps)):
            if points[i] > points[best]:
                best = i
        return ACTIONS[(TAKE0 if phase == TAKE else CLAIM0) + caps[best]]
    if phase != LAY:  # pragma: no cover - a finished game has no legal action
        return legal[0]
    kind = state.revealed_kind
    if kind >= 0:
        if state.config.either_end or (state.tiles_laid == 1 and state.config.opening_left):
            return ACTIONS[kind * 2]  # the captures are the same at either end
        return ACTIONS[kind * 2 + _best_end(state, kind)[0]]
    return ACTIONS[_best_four(state)]


def _best_end(state: TsungState, kind: int) -> tuple[int, int]:
    """(end, points) of the best capture ``kind`` can make; the left end when none."""
    best_end, best = 0, 0
    config, row, laid = state.config, state.row, state.tiles_laid
    one = config.either_end or (laid == 1 and config.opening_left)  # (opening-end=left: the left end only)
    for end in (0,) if one else (0, 1):  # under either-end both ends open the same captures
        for code in find_captures(config, row, laid, kind, end):
            points = capture_points(config, row, code, kind)
            if points > best:
                best_end, best = end, points
    return best_end, best


def _best_four(state: TsungState) -> int:
    hand = state.hand_kinds[state.current_player]
    values = state.config.values
    best_code, best_key = -1, (-1, 0, 0)
    laid = state.laid_counts
    copies = set_counts(state.config.sets)
    for kind in hand:
        end, points = _best_end(state, kind) if state.row else (0, 0)
        if points:
            key = (points, 0, 0)
        else:
            twin_unseen = copies[kind] - laid[kind] - hand.count(kind) > 0
            key = (0, -int(twin_unseen), -values[kind])
        if key > best_key:
            best_code, best_key = kind * 2 + end, key
    return best_code
