"""The built-in policies played from one seat's observation: what they read of a state, rebuilt from what the seat knows.

The greedy policies (:func:`~gupai.games.kap.greedy.greedy_kap`,
:func:`~gupai.games.tsung.greedy.greedy_tsung`) read a few fields of the
state, all of them things the seat to act may know: its own hand, the face-up
table or row, the tiles laid, the open captures. A seat view holds just
those, made from ``state.observation(seat)``; asking it for another seat's
hand is an error. So the built-in ``greedy`` and ``random`` agents play the
:class:`~gupai.games.agents.Agent` protocol as well as the engine's.

>>> from gupai.games.registry import load_game
>>> from gupai.games.kap.greedy import greedy_kap
>>> game = load_game("kap-shap")
>>> state = game.new_state(game.random_deal(seed=1))
>>> seen = kap_seat_view(state.observation(state.current_player))
>>> greedy_kap(seen, state.legal_actions()) == greedy_kap(state, state.legal_actions())
True
"""

from __future__ import annotations

from typing import Any

from gupai.core.errors import IllegalActionError
from gupai.core.hands import hand_key
from gupai.core.tiles import KIND_COUNT
from gupai.games.kap.view import KapObservation
from gupai.games.tsung.view import TsungObservation

__all__ = ["KapSeatView", "TsungSeatView", "kap_seat_view", "tsung_seat_view"]


class KapSeatView:
    """What the collecting games' greedy policy reads, for the seat to act only."""

    def __init__(self, seen: KapObservation) -> None:
        self.config = seen.config
        self.current_player = seen.seat
        self.table = [tile.index for tile in seen.table]
        counts = [0] * KIND_COUNT
        for tile in seen.hand:
            counts[tile.index] += 1
        self._counts = tuple(counts)

    def _own(self, seat: int) -> None:
        if seat != self.current_player:
            raise IllegalActionError(f"seat {self.current_player} cannot see seat {seat}'s hand", where="observation")

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        self._own(seat)
        return self._counts

    def hand_key(self, seat: int) -> int:
        self._own(seat)
        return hand_key(self._counts)


class TsungSeatView:
    """What Tsung Shap's greedy policy reads, for the seat to act only."""

    def __init__(self, seen: TsungObservation) -> None:
        self.config = seen.config
        self.current_player = seen.seat
        self.phase = seen.phase
        self.row = [tile.index for tile in seen.row]
        self.revealed_kind = seen.revealed.index if seen.revealed is not None else -1
        self.open_codes = [capture.code for capture, _ in seen.open_captures]
        self.open_points = [points for _, points in seen.open_captures]
        self.laid_counts = [0] * KIND_COUNT
        for event in seen.events:
            if event.type == "lay" and event.tile is not None:
                self.laid_counts[event.tile.index] += 1
        self.tiles_laid = sum(self.laid_counts)
        hands: list[list[int]] = [[], []]
        hands[seen.seat] = [tile.index for tile in seen.hand]
        self.hand_kinds = _OwnHands(hands, seen.seat)


class _OwnHands(list[list[int]]):
    """The four-tile hands, the other seat's unreadable."""

    def __init__(self, hands: list[list[int]], seat: int) -> None:
        super().__init__(hands)
        self.seat = seat

    def __getitem__(self, seat: Any) -> Any:
        if seat != self.seat:
            raise IllegalActionError(f"seat {self.seat} cannot see seat {seat}'s hand", where="observation")
        return super().__getitem__(seat)


def kap_seat_view(seen: KapObservation) -> KapSeatView:
    """The view the greedy policy plays from (the seat must be the one to act)."""
    return KapSeatView(seen)


def tsung_seat_view(seen: TsungObservation) -> TsungSeatView:
    """The view the greedy policy plays from (the seat must be the one to act)."""
    return TsungSeatView(seen)
