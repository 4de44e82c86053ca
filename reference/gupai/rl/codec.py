"""Integer actions and observation tensors of every game, shared by the OpenSpiel games and the PettingZoo envs.

A :class:`Codec` is made from a loaded game. Its action ids are fixed for the
family: in the collecting games a take of kind ``k`` is ``k``, a discard
``21 + k``, the draw 42, the pass 43, the declaration 44; in Tsung Shap an
action's id is its code (:func:`gupai.games.tsung.actions.action_code`).
A tensor is built from the seat's observation only (``state.observation(seat)``),
so it holds nothing the seat may not know; the information-state tensor adds
what the seat has seen happen (the moves so far, counted).

>>> from gupai.games.registry import load_game
>>> codec = Codec(load_game("kap-shap"))
>>> codec.num_actions, codec.observation_size, codec.information_size
(45, 74, 179)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gupai.core.tiles import KIND_COUNT
from gupai.games.kap.actions import DECLARE, DISCARDS, DRAW, PASS, TAKES
from gupai.games.kap.game import KapGame
from gupai.games.kap.view import KapObservation
from gupai.games.tsung.actions import ACTIONS, CAPTURE_NAMES, action_code
from gupai.games.tsung.view import TsungObservation

__all__ = ["KAP_ACTIONS", "Codec"]

#: Every action of the collecting games, by id.
KAP_ACTIONS = (*TAKES, *DISCARDS, DRAW, PASS, DECLARE)
_KAP_IDS = {action: index for index, action in enumerate(KAP_ACTIONS)}
_KAP_PHASES = ("hold", "start", "draw", "over")
_TSUNG_PHASES = ("lay", "take", "claim", "over")
_CAPTURES = len(CAPTURE_NAMES)


class Codec:
    """A game's actions as integers and its observations as flat float vectors."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.kap = isinstance(game, KapGame)
        self.players: int = game.players
        self.num_actions = len(KAP_ACTIONS) if self.kap else len(ACTIONS)
        self.row_length = 32 * game.config.sets
        p = self.players
        if self.kap:
            self.observation_size = 3 * KIND_COUNT + 3 * p + 1 + len(_KAP_PHASES)
            self.information_size = self.observation_size + (2 * p + 1) * KIND_COUNT
        else:
            self.observation_size = (self.row_length + 2) * KIND_COUNT + 2 * 4 + 1 + 2 + len(_TSUNG_PHASES) + _CAPTURES
            self.information_size = self.observation_size + 4 * KIND_COUNT

    # ------------------------------------------------------------ actions
    def action_id(self, action: Any) -> int:
        """The integer of an action of this game."""
        if self.kap:
            return _KAP_IDS[action]
        return action_code(action)

    def action(self, action_id: int) -> Any:
        """The action an integer stands for."""
        return KAP_ACTIONS[action_id] if self.kap else ACTIONS[action_id]

    def is_action_id(self, action_id: object) -> bool:
        """Whether ``action_id`` stands for an action (Tsung Shap's ids 42 and 50, where no capture's code
        falls, stand for none).

        >>> from gupai.games.registry import load_game
        >>> codec = Codec(load_game("tsung-shap"))
        >>> [codec.is_action_id(n) for n in (0, 42, 50, 58, 59)]
        [True, False, False, True, False]
        """
        if not isinstance(action_id, int) or not 0 <= action_id < self.num_actions:
            return False
        return self.kap or self.action_id(self.action(action_id)) == action_id

    def legal_ids(self, legal: Sequence[Any]) -> list[int]:
        """The legal actions' integers, ascending."""
        return sorted(self.action_id(action) for action in legal)

    # ------------------------------------------------------------ tensors
    def tensor(self, observation: Any, *, information: bool) -> list[float]:
        """The observation (or, with ``information``, the information state) as a flat vector."""
        if isinstance(observation, KapObservation):
            return self._kap(observation, information)
        return self._tsung(observation, information)

    def _kap(self, seen: KapObservation, information: bool) -> list[float]:
        p = self.players
        hand, table, latest = [0.0] * KIND_COUNT, [0.0] * KIND_COUNT, [0.0] * KIND_COUNT
        for tile in seen.hand:
            hand[tile.index] += 1
        for tile in seen.table:
            table[tile.index] += 1
        if seen.table:
            latest[seen.table[-1].index] = 1.0
        sizes = [float(n) for n in seen.hand_sizes]
        me = [1.0 if seat == seen.seat else 0.0 for seat in range(p)]
        mover = [1.0 if seat == seen.current_player and not seen.is_terminal else 0.0 for seat in range(p)]
        phase = [1.0 if seen.phase == name else 0.0 for name in _KAP_PHASES]
        out = [*hand, *table, *latest, *sizes, *me, *mover, float(seen.stock_left), *phase]
        if information:
            moved = [0.0] * (2 * p + 1) * KIND_COUNT  # taken and discarded by each seat, then own draws
            for event in seen.events:
                if event.tile is None:
                    continue
                if event.type == "take":
                    moved[(2 * event.seat) * KIND_COUNT + event.tile.index] += 1
                elif event.type == "discard":
                    moved[(2 * event.seat + 1) * KIND_COUNT + event.tile.index] += 1
                elif event.type == "draw":
                    moved[2 * p * KIND_COUNT + event.tile.index] += 1
            out.extend(moved)
        return out

    def _tsung(self, seen: TsungObservation, information: bool) -> list[float]:
        row = [0.0] * (self.row_length * KIND_COUNT)
        for at, tile in enumerate(seen.row):
            row[at * KIND_COUNT + tile.index] = 1.0
        revealed, hand = [0.0] * KIND_COUNT, [0.0] * KIND_COUNT
        if seen.revealed is not None:
            revealed[seen.revealed.index] = 1.0
        for tile in seen.hand:
            hand[tile.index] += 1
        me = [1.0 if seat == seen.seat else 0.0 for seat in (0, 1)]
        mover = [1.0 if seat == seen.current_player and not seen.is_terminal else 0.0 for seat in (0, 1)]
        phase = [1.0 if seen.phase == name else 0.0 for name in _TSUNG_PHASES]
        captures = [0.0] * _CAPTURES
        for capture, _points in seen.open_captures:
            captures[capture.code] = 1.0
        counts = [*(float(n) for n in seen.face_down), *(float(n) for n in seen.hand_sizes), *me, *mover]
        out = [*row, *revealed, *hand, *counts, float(seen.stock_left), *map(float, seen.scores), *phase, *captures]
        if information:
            moved = [0.0] * 4 * KIND_COUNT  # laid by each seat, then captured by each seat
            for event in seen.events:
                if event.type == "lay" and event.tile is not None:
                    moved[event.seat * KIND_COUNT + event.tile.index] += 1
                elif event.type in ("capture", "claim"):
                    for tile in event.tiles:
                        moved[(2 + event.seat) * KIND_COUNT + tile.index] += 1
            out.extend(moved)
        return out
