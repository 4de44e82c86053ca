"""Tsung Shap's actions and events: what a player decides, and what the log records.

A decision is one of :class:`Lay` (a tile at an end of the row),
:class:`TakeCapture` (a capture with the tile just laid, written ``take ...``),
:class:`Claim` (a capture the opponent missed) or :class:`Pass`. Each action
exists once, in :data:`ACTIONS`, and its index there is its *code*: the engine
steps on codes, the fast path of a game.

>>> parse_tsung_action("take triple ends"), action_code(parse_tsung_action("pass")) == PASS_CODE
(TakeCapture(capture=Capture('triple ends')), True)
>>> str(ACTIONS[TAKE0 + PAIR_LEFT]), str(ACTIONS[CLAIM0 + LONE_TEN])
('take pair left', 'claim ten ends')

A turn has up to three decisions, each a phase:

``claim``
    the opponent missed a capture with the last tile laid: claim one of
    them (:class:`Claim`) or not (:class:`Pass`);
``lay``
    lay a tile at an end (:class:`Lay`); with hidden tiles the tile is the
    one just turned over, in the four-tile variant one of the hand;
``take``
    the tile laid can capture: take one capture (:class:`TakeCapture`) or none
    (:class:`Pass`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gupai.core.errors import IllegalActionError
from gupai.core.tiles import KIND_COUNT, Tile, faces

__all__ = [
    "ACTIONS",
    "CAPTURE_CODES",
    "CAPTURE_NAMES",
    "CLAIM",
    "CLAIM0",
    "ENDS",
    "LAY",
    "LEFT",
    "LONE_PAIR",
    "LONE_TEN",
    "OVER",
    "PAIR_LEFT",
    "PAIR_RIGHT",
    "PASS",
    "PASS_CODE",
    "RIGHT",
    "TAKE",
    "TAKE0",
    "TRACE_CAPTURE",
    "TRACE_CLAIM",
    "TRACE_LAY",
    "TRACE_REFILL",
    "TRACE_REVEAL",
    "TRIPLE_ENDS",
    "TRIPLE_LEFT",
    "TRIPLE_RIGHT",
    "Action",
    "Capture",
    "Claim",
    "Lay",
    "Pass",
    "TakeCapture",
    "TsungEvent",
    "action_code",
    "capture_of",
    "parse_tsung_action",
    "trace_event",
    "trace_json",
]

#: The phases of a turn: the decision a game waits for (``OVER`` when the game is over).
LAY, TAKE, CLAIM, OVER = "lay", "take", "claim", "over"

#: The ends of the row, by index: ``ENDS[LEFT]``, ``ENDS[RIGHT]``.
ENDS = ("left", "right")
LEFT, RIGHT = 0, 1

#: Capture codes: which row tiles join the laid tile (the row before it is laid).
PAIR_LEFT, PAIR_RIGHT, TRIPLE_LEFT, TRIPLE_RIGHT, TRIPLE_ENDS, LONE_PAIR, LONE_TEN = range(1, 8)
#: Capture code -> (kind, at), as the log writes it.
CAPTURE_NAMES = {
    PAIR_LEFT: ("pair", "left"),
    PAIR_RIGHT: ("pair", "right"),
    TRIPLE_LEFT: ("triple", "left"),
    TRIPLE_RIGHT: ("triple", "right"),
    TRIPLE_ENDS: ("triple", "ends"),
    LONE_PAIR: ("pair", "ends"),
    LONE_TEN: ("ten", "ends"),
}
#: (kind, at) -> capture code.
CAPTURE_CODES = {name: code for code, name in CAPTURE_NAMES.items()}


@dataclass(frozen=True, slots=True)
class Capture:
    """Which tiles join the laid tile: ``kind`` pair, triple or ten; ``at`` left, right or ends.

    ``pair left``: the tile at the left end. ``triple left``: the two tiles at
    the left end. ``triple ends``: one tile at each end. On a row of one
    tile, ``pair ends`` and ``ten ends`` take the lone tile.

    >>> Capture("triple", "ends"), str(Capture("pair", "left"))
    (Capture('triple ends'), 'pair left')
    """

    kind: str
    at: str

    def __post_init__(self) -> None:
        if (self.kind, self.at) not in CAPTURE_CODES:
            raise IllegalActionError(
                f"{self.kind} {self.at!s} is not a capture (pair left|right|ends, triple left|right|ends, ten ends)",
                where=f"{self.kind} {self.at}",
            )

    @classmethod
    def parse(cls, text: str) -> Capture:
        """``"triple ends"`` -> ``Capture('triple ends')``."""
        words = text.split()
        if len(words) != 2:
            raise IllegalActionError(f"{text!r} is not a capture (e.g. 'pair left', 'triple ends')", where=text)
        return cls(words[0], words[1])

    @property
    def code(self) -> int:
        return CAPTURE_CODES[(self.kind, self.at)]

    def __str__(self) -> str:
        return f"{self.kind} {self.at}"

    def __repr__(self) -> str:
        return f"Capture('{self.kind} {self.at}')"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``tile`` at the ``end`` ("left" or "right") of the row."""

    tile: Tile
    end: str

    def __str__(self) -> str:
        return f"lay {self.tile} {self.end}"


@dataclass(frozen=True, slots=True)
class TakeCapture:
    """TakeCapture a capture with the tile just laid."""

    capture: Capture

    def __str__(self) -> str:
        return f"take {self.capture}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim a capture the opponent missed with the last tile laid."""

    capture: Capture

    def __str__(self) -> str:
        return f"claim {self.capture}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Take no capture, or claim none."""

    def __str__(self) -> str:
        return "pass"


Action = Lay | TakeCapture | Claim | Pass

#: Where the codes of captures taken, of claims, and the code of the pass begin:
#: a lay is ``kind * 2 + end`` (0..41), a capture taken ``TAKE0 + capture code``,
#: a claim ``CLAIM0 + capture code``, the pass ``PASS_CODE``.
TAKE0, CLAIM0, PASS_CODE = 42, 50, 58
#: Every action once; an action's code indexes this table.
ACTIONS: list[Action] = [Lay(Tile.from_index(code // 2), ENDS[code % 2]) for code in range(2 * KIND_COUNT)]
ACTIONS += [Pass()] + [TakeCapture(Capture(*CAPTURE_NAMES[c])) for c in range(1, 8)]  # 42 is a placeholder
ACTIONS += [Pass()] + [Claim(Capture(*CAPTURE_NAMES[c])) for c in range(1, 8)]
ACTIONS.append(Pass())
#: The pass, as the table holds it.
PASS = ACTIONS[PASS_CODE]
_CODE_BY_ID = {id(action): code for code, action in enumerate(ACTIONS) if code not in (TAKE0, CLAIM0)}


def capture_of(code: int) -> Capture:
    """The :class:`Capture` of a capture code.

    >>> capture_of(TRIPLE_ENDS)
    Capture('triple ends')
    """
    return Capture(*CAPTURE_NAMES[code])


def action_code(action: Action) -> int:
    """An action's code: its index in :data:`ACTIONS`.

    >>> action_code(Lay(Tile("6-6"), "right")), action_code(Pass())
    (1, 58)
    """
    code = _CODE_BY_ID.get(id(action))
    if code is not None:
        return code
    if isinstance(action, Lay):
        if action.end not in ENDS:
            raise IllegalActionError(f"{action.end!r} is not an end (left, right)", where=str(action))
        return action.tile.index * 2 + ENDS.index(action.end)
    if isinstance(action, TakeCapture):
        return TAKE0 + action.capture.code
    if isinstance(action, Claim):
        return CLAIM0 + action.capture.code
    if isinstance(action, Pass):
        return PASS_CODE
    raise IllegalActionError(f"{action!r} is not a Tsung Shap action", where=repr(action))


def parse_tsung_action(text: str) -> Action:
    """Parse an action's text form.

    >>> parse_tsung_action("lay 4-6 right"), parse_tsung_action("take triple ends"), parse_tsung_action("pass")
    (Lay(tile=Tile('6-4'), end='right'), TakeCapture(capture=Capture('triple ends')), Pass())
    """
    words = text.split()
    if words == ["pass"]:
        return PASS
    if len(words) == 3 and words[0] == "lay" and words[2] in ENDS:
        return ACTIONS[Tile.parse(words[1]).index * 2 + ENDS.index(words[2])]
    if len(words) == 3 and words[0] in ("take", "claim"):
        capture = Capture(words[1], words[2])
        return ACTIONS[(TAKE0 if words[0] == "take" else CLAIM0) + capture.code]
    raise IllegalActionError(
        f"{text!r} is not an action (lay T left|right, take CAPTURE, claim CAPTURE, pass)", where=text
    )


# ----------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class TsungEvent:
    """What happened, as the log records it.

    ``reveal``: a hidden tile turned over. ``lay``: a tile laid at an end.
    ``capture``/``claim``: tiles taken, the laid tile first, then the row's
    tiles in row order, with their points and whether it was a sweep.
    ``refill``: a tile drawn into a four-tile hand.
    """

    type: str
    seat: int
    tile: Tile | None = None
    end: str | None = None
    capture: Capture | None = None
    tiles: tuple[Tile, ...] = ()
    points: int = 0
    sweep: bool = False

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.capture is not None:
            doc["kind"] = self.capture.kind
            doc["at"] = self.capture.at
            doc["tiles"] = [t.face for t in self.tiles]
            doc["points"] = self.points
            doc["sweep"] = self.sweep
            return doc
        if self.tile is not None:
            doc["tile"] = self.tile.face
        if self.end is not None:
            doc["end"] = self.end
        return doc


#: Trace records are compact tuples the engine appends, turned into events on
#: demand; their first item says what happened: ``(TRACE_REVEAL|TRACE_LAY|TRACE_REFILL,
#: seat, kind[, end])`` or ``(TRACE_CAPTURE|TRACE_CLAIM, seat, capture code, kinds, points, sweep)``.
TRACE_REVEAL, TRACE_LAY, TRACE_REFILL, TRACE_CAPTURE, TRACE_CLAIM = range(5)
_TRACE_TYPES = ("reveal", "lay", "refill", "capture", "claim")
_FACES = faces()


def trace_json(record: tuple[Any, ...]) -> dict[str, Any]:
    """One trace record as its log event (a plain dict)."""
    what = record[0]
    if what == TRACE_LAY:
        return {"type": "lay", "seat": record[1], "tile": _FACES[record[2]], "end": ENDS[record[3]]}
    if what <= TRACE_REFILL:
        return {"type": _TRACE_TYPES[what], "seat": record[1], "tile": _FACES[record[2]]}
    kind, at = CAPTURE_NAMES[record[2]]
    return {
        "type": _TRACE_TYPES[what],
        "seat": record[1],
        "kind": kind,
        "at": at,
        "tiles": [_FACES[k] for k in record[3]],
        "points": record[4],
        "sweep": record[5],
    }


def trace_event(record: tuple[Any, ...]) -> TsungEvent:
    """One trace record as a :class:`TsungEvent`."""
    what = record[0]
    if what == TRACE_LAY:
        return TsungEvent("lay", record[1], Tile.from_index(record[2]), ENDS[record[3]])
    if what <= TRACE_REFILL:
        return TsungEvent(_TRACE_TYPES[what], record[1], Tile.from_index(record[2]))
    capture = Capture(*CAPTURE_NAMES[record[2]])
    tiles = tuple(Tile.from_index(k) for k in record[3])
    return TsungEvent(_TRACE_TYPES[what], record[1], None, None, capture, tiles, record[4], record[5])
