"""What an OpenSpiel state of gupai holds beside the engine's state, made cheap to copy.

OpenSpiel clones a Python state by making a new initial state and deep-copying
each attribute of the old one. :class:`Dealing` (the deal's chance outcomes so
far) and :class:`Seen` (the tensors and strings already made of this state)
copy themselves in one step: a finished deal is shared (it changes no more),
and a copy starts with no cache of its own.

>>> import copy
>>> dealing = Dealing((2, 1), tiles=3, dice=0)
>>> dealing.deal(0)
>>> twin = copy.deepcopy(dealing)
>>> twin.deal(1); twin.order, dealing.order, twin.done
([0, 1], [0], False)
>>> twin.deal(0); twin.done, copy.deepcopy(twin) is twin
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Self

import numpy as np

__all__ = ["Dealing", "Play", "Seen"]


class Dealing:
    """The shuffled order and the dice dealt so far, and the copies of each tile kind still to deal."""

    __slots__ = ("dice", "dice_count", "left", "order", "tiles")

    def __init__(self, counts: Sequence[int], *, tiles: int, dice: int) -> None:
        self.order: list[int] = []
        self.left = list(counts)
        self.dice: list[int] = []
        self.tiles = tiles
        self.dice_count = dice

    @property
    def done(self) -> bool:
        """Whether every tile and die is dealt."""
        return len(self.order) == self.tiles and len(self.dice) == self.dice_count

    def deal(self, outcome: int) -> None:
        """The next chance outcome: a tile kind while tiles are left to deal, then a die's face less one."""
        if len(self.order) < self.tiles:
            self.order.append(outcome)
            self.left[outcome] -= 1
        else:
            self.dice.append(outcome + 1)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        if self.done:
            return self  # a whole deal is never changed again: shared
        twin = object.__new__(type(self))
        twin.order, twin.left, twin.dice = self.order.copy(), self.left.copy(), self.dice.copy()
        twin.tiles, twin.dice_count = self.tiles, self.dice_count
        return twin


class Play:
    """All an OpenSpiel state of gupai holds, in one field: OpenSpiel's clone deep-copies each field, and one is the
    cheapest (the game shared, the deal shared once whole, the engine's state cloned, no cache copied)."""

    __slots__ = ("dealing", "game", "seen", "state")

    def __init__(self, game: Any, dealing: Dealing) -> None:
        self.game = game
        self.dealing = dealing
        self.state: Any = None
        self.seen = Seen()

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        twin = object.__new__(Play)
        twin.game = self.game
        state = self.state
        if state is None:
            twin.dealing, twin.state = self.dealing.__deepcopy__(memo), None
        else:  # the deal is whole once the engine's state exists: shared
            twin.dealing, twin.state = self.dealing, state.clone()
        twin.seen = Seen()
        return twin


class Seen:
    """The tensors and strings made of one state, by (seat, kind): made once, cleared when the state moves on."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: dict[tuple[int, str], Any] = {}

    def tensor(self, seat: int, kind: str, make: Callable[[], Sequence[float]]) -> np.ndarray[Any, Any]:
        """The tensor ``make`` makes, as a float32 array (made at the first call for this seat and kind)."""
        found: np.ndarray[Any, Any] | None = self.made.get((seat, kind))
        if found is None:
            found = self.made[(seat, kind)] = np.asarray(make(), np.float32)
        return found

    def text(self, seat: int, kind: str, make: Callable[[], str]) -> str:
        """The string ``make`` makes (made at the first call for this seat and kind)."""
        key = (seat, kind + " text")  # (beside the tensor of the same kind)
        found: str | None = self.made.get(key)
        if found is None:
            found = self.made[key] = make()
        return found

    def clear(self) -> None:
        self.made.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Seen:
        return Seen()  # a copy makes its own (it is about to move on, as a rule)
