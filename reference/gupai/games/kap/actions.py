"""The actions of Kap Shap and Kap Tai Shap, and the events they record.

An action is a value: take a discard, draw, discard, declare, or pass (only
when the stock is empty under option ``stock-out=play-on``). Its text form
(``take 6-4``) is what scenarios and the command line write; its JSON form
(an event of a log, a move of the protocol) is read by :func:`action_of`.

>>> parse_action("discard 4-6"), action_of({"type": "draw", "seat": 0})
(Discard(tile=Tile('6-4')), Draw())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import IllegalActionError
from gupai.core.hands import Decomposition
from gupai.core.tiles import KIND_COUNT, Tile, kind_of

__all__ = [
    "DECLARE",
    "DISCARDS",
    "DRAW",
    "PASS",
    "TAKES",
    "Action",
    "Declare",
    "Discard",
    "Draw",
    "Event",
    "Pass",
    "Take",
    "action_of",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Take:
    """Take a face-up discard from the table into the hand."""

    tile: Tile

    def __str__(self) -> str:
        return f"take {self.tile}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the next tile of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a tile face up on the table."""

    tile: Tile

    def __str__(self) -> str:
        return f"discard {self.tile}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Take nothing and end the turn: only with the stock empty under option ``stock-out=play-on``."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a winning hand."""

    def __str__(self) -> str:
        return "declare"


Action = Take | Draw | Discard | Declare | Pass

#: The one draw, the one declaration and the one pass (actions are values: one object each).
DRAW = Draw()
DECLARE = Declare()
PASS = Pass()


#: Every take and every discard, by tile kind.
TAKES = tuple(Take(Tile.from_index(k)) for k in range(KIND_COUNT))
DISCARDS = tuple(Discard(Tile.from_index(k)) for k in range(KIND_COUNT))


def parse_action(text: str) -> Action:
    """Parse an action's text form.

    >>> parse_action("take 4-6"), parse_action("draw"), parse_action("pass")
    (Take(tile=Tile('6-4')), Draw(), Pass())
    """
    words = text.split()
    if words == ["draw"]:
        return DRAW
    if words == ["pass"]:
        return PASS
    if words == ["declare"]:
        return DECLARE
    if len(words) == 2 and words[0] in ("take", "discard"):
        tile = Tile.parse(words[1])
        return TAKES[tile.index] if words[0] == "take" else DISCARDS[tile.index]
    raise IllegalActionError(f"{text!r} is not an action (take T, draw, discard T, declare, pass)", where=text)


def action_of(event: Mapping[str, Any]) -> Action:
    """The action a recorded event (or a protocol move) stands for.

    >>> action_of({"type": "take", "seat": 0, "tile": "4-6"}), action_of({"type": "declare", "seat": 1})
    (Take(tile=Tile('6-4')), Declare())
    """
    kind = event["type"]
    if kind == "draw":
        return DRAW
    if kind == "take":
        return TAKES[kind_of(event["tile"])]
    if kind == "discard":
        return DISCARDS[kind_of(event["tile"])]
    if kind == "pass":
        return PASS
    return DECLARE


@dataclass(frozen=True, slots=True)
class Event:
    """What an applied action did, as the log records it."""

    type: str
    seat: int
    tile: Tile | None = None
    hand: tuple[Tile, ...] = ()
    decomposition: Decomposition | None = None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.tile is not None:
            doc["tile"] = str(self.tile)
        if self.decomposition is not None:
            doc["hand"] = [str(t) for t in self.hand]
            doc["decomposition"] = self.decomposition.to_json()
        return doc
