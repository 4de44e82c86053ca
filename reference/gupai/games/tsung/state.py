"""The reference engine of Tsung Shap and its German four-tile variant.

Tsung Shap is the fishing game of the family: each tile laid goes to the
left or the right end of a row, and may capture an identical end tile (a
pair, ten points a spot) or two end tiles making a multiple of ten with it
(a triple, a point a spot); clearing a row of two is a sweep.

A :class:`TsungState` is one play, in the manner of OpenSpiel: ask
:meth:`~TsungState.legal_actions`, :meth:`~TsungState.apply` one, until
:attr:`~TsungState.is_terminal`. Chance is fixed up front by the deal (each
seat's face-down pile in the order its tiles turn over, or the common
stock), so a game replays exactly from its deal and its actions.

A turn has up to three decisions, each a phase:

``claim``
    the opponent missed a capture with the last tile laid: claim one of
    them (:class:`Claim`) or not (:class:`Pass`);
``lay``
    lay a tile at an end (:class:`Lay`); with hidden tiles the tile is the
    one just turned over, in the four-tile variant one of the hand;
``take``
    the tile laid can capture: take one capture (:class:`Take`) or none
    (:class:`Pass`).

>>> config = tsung_config()  # the culin preset
>>> row = [Tile("6-6"), Tile("3-1"), Tile("4-4")]
>>> state = TsungState.from_position(config, row=row, piles=[[Tile("2-2"), Tile("1-1")], [Tile("5-5")]])
>>> state.phase, state.current_player, state.revealed
('lay', 0, Tile('2-2'))
>>> [str(a) for a in state.legal_actions()]
['lay 2-2 left', 'lay 2-2 right']
>>> [e.to_json() for e in state.apply(Lay(Tile("2-2"), "right"))]
[{'type': 'lay', 'seat': 0, 'tile': '2-2', 'end': 'right'}]
>>> state.phase, state.open_captures()  # 4 + 12 + 4: the two tiles at the left end make twenty
('take', [(Capture('triple left'), 20)])
>>> for event in state.apply(Take(Capture("triple", "left"))):
...     print(event.to_json())
{'type': 'capture', 'seat': 0, 'kind': 'triple', 'at': 'left', 'tiles': ['2-2', '6-6', '3-1'], 'points': 20, 'sweep': False}
{'type': 'reveal', 'seat': 1, 'tile': '5-5'}
>>> state.row_tiles(), state.scores
([Tile('4-4')], [20, 0])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import HandError, IllegalActionError, OptionError
from gupai.core.options import Options, resolve_options
from gupai.core.spec import GameSpec, game_spec
from gupai.core.tiles import KIND_COUNT, Tile, kinds, set_counts

__all__ = [
    "Action",
    "Capture",
    "Claim",
    "Lay",
    "Pass",
    "Take",
    "TsungConfig",
    "TsungDeal",
    "TsungEvent",
    "TsungState",
    "complete_position",
    "parse_tsung_action",
    "random_tsung_deal",
    "tsung_config",
    "tsung_deal_from_order",
]

GAME = "tsung-shap"

# Phases.
LAY, TAKE, CLAIM, OVER = "lay", "take", "claim", "over"

# End option values.
ALL_LAID, EQUAL_TURNS, STOCK_EMPTY = "all-laid", "equal-turns", "stock-empty"

ENDS = ("left", "right")
LEFT, RIGHT = 0, 1

# Capture codes: which row tiles join the laid tile (row before it is laid).
_PAIR_LEFT, _PAIR_RIGHT, _TRIPLE_LEFT, _TRIPLE_RIGHT, _TRIPLE_ENDS, _LONE_PAIR, _LONE_TEN = range(1, 8)
_CAPTURE_NAMES = {
    _PAIR_LEFT: ("pair", "left"),
    _PAIR_RIGHT: ("pair", "right"),
    _TRIPLE_LEFT: ("triple", "left"),
    _TRIPLE_RIGHT: ("triple", "right"),
    _TRIPLE_ENDS: ("triple", "ends"),
    _LONE_PAIR: ("pair", "ends"),
    _LONE_TEN: ("ten", "ends"),
}
_CAPTURE_CODES = {name: code for code, name in _CAPTURE_NAMES.items()}

#: A sweep's score (Culin: "a 'sweep,' which counts 40").
SWEEP_POINTS = 40


# ----------------------------------------------------------------- config
@dataclass(frozen=True, slots=True)
class TsungConfig:
    """A Tsung Shap game fully fixed by its options, as flags and tables.

    ``values[k]`` is what kind ``k`` counts in making tens and in scoring
    ([4-2] as the ``four-two-value`` option says); ``pair_points[k]`` what a
    pair of kind ``k`` scores.
    """

    spec: GameSpec
    options: Options
    values: tuple[int, ...]
    pair_points: tuple[int, ...]
    either_end: bool
    two_at_end: bool
    sweep_add: bool
    lone_pair: bool
    lone_ten: bool
    lone_sweep: bool
    opening_capture: bool
    claims: bool
    end: str
    common: bool
    four: bool

    players = 2

    @staticmethod
    def rule(suffix: str) -> str:
        """The full id of a Tsung Shap rule: ``rule("sweep")`` is ``ts.sweep``."""
        return f"ts.{suffix}"


def tsung_config(options: Options | None = None) -> TsungConfig:
    """Fix a Tsung Shap game's options, refusing combinations that mean nothing.

    >>> tsung_config().end, tsung_config().values[kinds().index(kinds()[19])]
    ('all-laid', 6)
    >>> tsung_config(resolve_options("tsung-shap", overrides={"end": "stock-empty"}))
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: option end=stock-empty needs a common stock, but stock=own-halves splits the tiles into two halves: set stock=common, or another end
    """
    options = options or resolve_options(GAME)
    if options.game != GAME:
        raise OptionError(f"{options.game} options do not fix a Tsung Shap game", where="game")
    spec = game_spec(GAME)
    end, stock, hand, refill = options["end"], options["stock"], options["hand"], options["refill"]
    if end == STOCK_EMPTY and stock != "common":
        raise OptionError(
            f"option end=stock-empty needs a common stock, but stock={stock} splits the tiles into two halves: "
            "set stock=common, or another end",
            where="end",
            rule="ts.end",
        )
    if hand == "four" and (refill == "common-stock") != (stock == "common"):
        want = "stock=common" if refill == "common-stock" else "stock=own-halves"
        raise OptionError(
            f"option refill={refill} refills the four-tile hand from {'a common stock' if stock != 'common' else 'an own half'}, "
            f"but stock={stock}: with hand=four set {want}, or refill={'own-half' if refill == 'common-stock' else 'common-stock'}",
            where="refill",
            rule="ts.german.hand",
        )
    four_two = int(options["four-two-value"])
    values = tuple(four_two if k.face == "4-2" else k.pips for k in kinds())
    fifty = options["pair-score"] == "fifty"
    pair_points = tuple(50 if fifty else 20 * v for v in values)
    lone = options["lone-tile"]
    return TsungConfig(
        spec=spec,
        options=options,
        values=values,
        pair_points=pair_points,
        either_end=options["reach"] == "either-end",
        two_at_end=options["triple"] == "end-or-ends",
        sweep_add=options["sweep-score"] == "add",
        lone_pair=lone != "no-capture",
        lone_ten=lone in ("pair-or-ten", "sweep"),
        lone_sweep=lone in ("sweep", "pair-sweep"),
        opening_capture=options["opening-capture"] == "yes",
        claims=options["missed-capture"] == "claim",
        end=end,
        common=stock == "common",
        four=hand == "four",
    )


# ------------------------------------------------------------------- deal
@dataclass(frozen=True, slots=True)
class TsungDeal:
    """A deal: the shuffled order, and how it was cut.

    Tiles are kind indices (0..20). ``piles[seat]`` is a seat's face-down
    tiles in the order they turn over (or are drawn into the hand);
    ``stock`` the common stock in draw order; ``hands`` the four-tile hands.
    Each is ``None`` when the options use no such thing.
    """

    order: tuple[int, ...]
    first_player: int
    piles: tuple[tuple[int, ...], ...] | None
    stock: tuple[int, ...] | None
    hands: tuple[tuple[int, ...], ...] | None


def tsung_deal_from_order(config: TsungConfig, order: Sequence[int]) -> TsungDeal:
    """Cut a shuffled order as the options say.

    Own halves: seat 0 takes the first sixteen tiles, seat 1 the rest; in the
    four-tile variant the first four of each half are the hand. A common
    stock is the order itself; in the four-tile variant seat 0's hand is its
    first four tiles and seat 1's the next four.

    >>> config = tsung_config()
    >>> deal = tsung_deal_from_order(config, list(range(21)) + list(range(11)))
    >>> [len(p) for p in deal.piles], deal.stock, deal.hands
    ([16, 16], None, None)
    """
    order = tuple(order)
    half = len(order) // 2
    if config.common:
        if config.four:
            return TsungDeal(order, 0, None, order[8:], (order[0:4], order[4:8]))
        return TsungDeal(order, 0, None, order, None)
    halves = (order[:half], order[half:])
    if config.four:
        return TsungDeal(order, 0, tuple(h[4:] for h in halves), None, tuple(h[:4] for h in halves))
    return TsungDeal(order, 0, halves, None, None)


def random_tsung_deal(config: TsungConfig, rng: random.Random) -> TsungDeal:
    """Shuffle one set with ``rng`` and cut it."""
    order = [kind for kind, copies in enumerate(set_counts(1)) for _ in range(copies)]
    rng.shuffle(order)
    return tsung_deal_from_order(config, order)


# ---------------------------------------------------------------- actions
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
        if (self.kind, self.at) not in _CAPTURE_CODES:
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
        return _CAPTURE_CODES[(self.kind, self.at)]

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
class Take:
    """Take a capture with the tile just laid."""

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


Action = Lay | Take | Claim | Pass

# Every action exists once; an action's code indexes this table.
# Lay: kind * 2 + end (0..41); Take: 42 + capture; Claim: 50 + capture; Pass: 58.
_TAKE0, _CLAIM0, _PASS_CODE = 42, 50, 58
_ACTIONS: list[Action] = [Lay(Tile.from_index(code // 2), ENDS[code % 2]) for code in range(2 * KIND_COUNT)]
_ACTIONS += [Pass()] + [Take(Capture(*_CAPTURE_NAMES[c])) for c in range(1, 8)]  # 42 is a placeholder
_ACTIONS += [Pass()] + [Claim(Capture(*_CAPTURE_NAMES[c])) for c in range(1, 8)]
_ACTIONS.append(Pass())
_PASS = _ACTIONS[_PASS_CODE]
_CODE_BY_ID = {id(action): code for code, action in enumerate(_ACTIONS) if code not in (_TAKE0, _CLAIM0)}


def _capture(code: int) -> Capture:
    return Capture(*_CAPTURE_NAMES[code])


def _code_of(action: Action) -> int:
    code = _CODE_BY_ID.get(id(action))
    if code is not None:
        return code
    if isinstance(action, Lay):
        if action.end not in ENDS:
            raise IllegalActionError(f"{action.end!r} is not an end (left, right)", where=str(action))
        return action.tile.index * 2 + ENDS.index(action.end)
    if isinstance(action, Take):
        return _TAKE0 + action.capture.code
    if isinstance(action, Claim):
        return _CLAIM0 + action.capture.code
    if isinstance(action, Pass):
        return _PASS_CODE
    raise IllegalActionError(f"{action!r} is not a Tsung Shap action", where=repr(action))


def parse_tsung_action(text: str) -> Action:
    """Parse an action's text form.

    >>> parse_tsung_action("lay 4-6 right"), parse_tsung_action("take triple ends"), parse_tsung_action("pass")
    (Lay(tile=Tile('6-4'), end='right'), Take(capture=Capture('triple ends')), Pass())
    """
    words = text.split()
    if words == ["pass"]:
        return _PASS
    if len(words) == 3 and words[0] == "lay" and words[2] in ENDS:
        return _ACTIONS[Tile.parse(words[1]).index * 2 + ENDS.index(words[2])]
    if len(words) == 3 and words[0] in ("take", "claim"):
        capture = Capture(words[1], words[2])
        return _ACTIONS[(_TAKE0 if words[0] == "take" else _CLAIM0) + capture.code]
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


# Trace records: compact tuples the engine appends, turned into events on demand.
_REVEAL, _LAY, _REFILL, _CAPTURE, _CLAIM = range(5)
_TRACE_TYPES = ("reveal", "lay", "refill", "capture", "claim")
_FACES = tuple(k.face for k in kinds())
_FOUR_TWO = _FACES.index("4-2")


def trace_json(record: tuple[Any, ...]) -> dict[str, Any]:
    """One trace record as its log event (a plain dict)."""
    what = record[0]
    if what == _LAY:
        return {"type": "lay", "seat": record[1], "tile": _FACES[record[2]], "end": ENDS[record[3]]}
    if what <= _REFILL:
        return {"type": _TRACE_TYPES[what], "seat": record[1], "tile": _FACES[record[2]]}
    kind, at = _CAPTURE_NAMES[record[2]]
    return {
        "type": _TRACE_TYPES[what],
        "seat": record[1],
        "kind": kind,
        "at": at,
        "tiles": [_FACES[k] for k in record[3]],
        "points": record[4],
        "sweep": record[5],
    }


def _trace_event(record: tuple[Any, ...]) -> TsungEvent:
    what = record[0]
    if what == _LAY:
        return TsungEvent("lay", record[1], Tile.from_index(record[2]), ENDS[record[3]])
    if what <= _REFILL:
        return TsungEvent(_TRACE_TYPES[what], record[1], Tile.from_index(record[2]))
    capture = Capture(*_CAPTURE_NAMES[record[2]])
    tiles = tuple(Tile.from_index(k) for k in record[3])
    return TsungEvent(_TRACE_TYPES[what], record[1], None, None, capture, tiles, record[4], record[5])


#: Tally columns of a seat's captures.
TALLY = ("pairs", "triples", "tens", "sweeps", "claims", "tiles")


# ------------------------------------------------------------------ state
class TsungState:
    """One play of Tsung Shap, from a deal."""

    def __init__(self, config: TsungConfig, deal: TsungDeal) -> None:
        self._setup(config, deal)
        self._start_turn()

    def _setup(self, config: TsungConfig, deal: TsungDeal) -> None:
        self.config = config
        self.deal = deal
        self._values = config.values
        self._either = config.either_end
        self._two = config.two_at_end
        self._four = config.four
        self._common = config.common
        self._end = config.end
        self.row: list[int] = []
        self._piles: list[list[int]] = [list(p) for p in deal.piles] if deal.piles is not None else [[], []]
        self._pile_at = [0, 0]
        self._stock: list[int] = list(deal.stock) if deal.stock is not None else []
        self._stock_at = 0
        self._hands: list[list[int]] = [list(h) for h in deal.hands] if deal.hands is not None else [[], []]
        self.scores = [0, 0]
        self.tally = [[0] * len(TALLY), [0] * len(TALLY)]
        self.turns = [0, 0]
        self.tiles_laid = 0
        self._laid_counts = [0] * KIND_COUNT
        self.current_player = deal.first_player
        self.phase = LAY
        self._revealed = -1
        self._caps: list[int] = []
        self._cap_points: list[int] = []
        self._missed: list[int] = []
        self._missed_points: list[int] = []
        self._last = (-1, 0)
        self.restarting = False
        self.winner: int | None = None
        self.reason: str | None = None
        self.trace: list[tuple[Any, ...]] = []

    @classmethod
    def from_position(
        cls,
        config: TsungConfig,
        *,
        row: Sequence[Tile] = (),
        to_move: int = 0,
        piles: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
        hands: Sequence[Sequence[Tile]] | None = None,
        scores: tuple[int, int] = (0, 0),
        turns: tuple[int, int] | None = None,
        laid: int | None = None,
    ) -> TsungState:
        """A game in mid-play, for analysis and scenarios: the row, who is to play, the tiles left.

        ``piles`` are each seat's face-down tiles in the order they turn over
        (own halves; in the four-tile variant the tiles the hand refills
        from), ``stock`` the common stock in order, ``hands`` the four-tile
        hands; tiles not given are out of play (taken earlier). ``turns``
        counts each seat's turns before this one (default: one each when seat
        0 is to play, two for seat 0 and one for seat 1 when seat 1 is), and
        ``laid`` the tiles laid so far (default: the row's, at least two, so
        that a row of one tile is a restart and not the opening).

        >>> config = tsung_config()
        >>> state = TsungState.from_position(config, row=[Tile("6-6"), Tile("3-1")], piles=[[Tile("6-6")], []])
        >>> state.revealed, [str(a) for a in state.legal_actions()]
        (Tile('6-6'), ['lay 6-6 left', 'lay 6-6 right'])
        >>> TsungState.from_position(config, row=[Tile("6-6")] * 3)
        Traceback (most recent call last):
        ...
        gupai.core.errors.HandError: the position holds more [6-6] than one set
        """
        everything: list[Tile] = [*row, *(stock or ())]
        for group in (piles or (), hands or ()):
            if len(group) not in (0, 2):
                raise HandError(f"{len(group)} seats given: Tsung Shap has two", where="position")
            for tiles in group:
                everything.extend(tiles)
        counts = [0] * KIND_COUNT
        for tile in everything:
            counts[tile.index] += 1
        extra = [f"[{Tile.from_index(k)}]" for k, n in enumerate(set_counts(1)) if counts[k] > n]
        if extra:
            raise HandError(f"the position holds more {', '.join(extra)} than one set", where="position")
        if to_move not in (0, 1):
            raise HandError(f"seat {to_move} is not a seat of a two-player game", where="to_move")
        empty: tuple[tuple[int, ...], ...] = ((), ())
        deal = TsungDeal(
            order=(),
            first_player=to_move,
            piles=tuple(tuple(t.index for t in p) for p in piles) if piles else empty,
            stock=tuple(t.index for t in stock or ()),
            hands=tuple(tuple(t.index for t in h) for h in hands) if hands else empty,
        )
        state = cls.__new__(cls)
        state._setup(config, deal)
        state.row = [t.index for t in row]
        state.scores = list(scores)
        state.turns = list(turns) if turns is not None else [1 + to_move, 1]
        state.tiles_laid = laid if laid is not None else (max(2, len(row)) if row else 0)
        hidden = [0] * KIND_COUNT
        for tiles in (*(piles or ()), *(hands or ()), stock or ()):
            for tile in tiles:
                hidden[tile.index] += 1
        state._laid_counts = [n - hidden[k] for k, n in enumerate(set_counts(1))]
        if state._left(0) == 0 and state._left(1) == 0:
            state._finish()
        elif state._left(to_move) == 0:
            raise HandError(f"seat {to_move} is to play but has no tile left", where="to_move")
        else:
            state._start_turn()
        return state

    # ------------------------------------------------------------ queries
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def revealed(self) -> Tile | None:
        """The tile turned over and waiting to be laid (hidden tiles), else ``None``."""
        return Tile.from_index(self._revealed) if self._revealed >= 0 else None

    def row_tiles(self) -> list[Tile]:
        """The row, left to right."""
        return [Tile.from_index(k) for k in self.row]

    def hand(self, seat: int) -> list[Tile]:
        """A seat's four-tile hand, in the order drawn (empty with hidden tiles)."""
        return [Tile.from_index(k) for k in self._hands[seat]]

    def pile(self, seat: int) -> list[Tile]:
        """A seat's face-down tiles still to come, in order (own halves)."""
        return [Tile.from_index(k) for k in self._piles[seat][self._pile_at[seat] :]]

    def stock(self) -> list[Tile]:
        """The common stock still to come, in order."""
        return [Tile.from_index(k) for k in self._stock[self._stock_at :]]

    def tiles_left(self, seat: int) -> int:
        """How many tiles ``seat`` may still lay (a common stock counts for both)."""
        return self._left(seat) + (1 if self._revealed >= 0 and seat == self.current_player else 0)

    def _left(self, seat: int) -> int:
        source = len(self._stock) - self._stock_at if self._common else len(self._piles[seat]) - self._pile_at[seat]
        return source + len(self._hands[seat]) if self._four else source

    def open_captures(self) -> list[tuple[Capture, int]]:
        """The captures open to the current decision (take or claim), with their points."""
        return [(Capture(*_CAPTURE_NAMES[c]), p) for c, p in zip(self._caps, self._cap_points, strict=True)]

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order."""
        phase = self.phase
        if phase == LAY:
            if self._revealed >= 0:
                base = self._revealed * 2
                return [_ACTIONS[base], _ACTIONS[base + 1]]
            seen: list[int] = []
            actions: list[Action] = []
            for kind in self._hands[self.current_player]:
                if kind not in seen:
                    seen.append(kind)
                    actions.append(_ACTIONS[kind * 2])
                    actions.append(_ACTIONS[kind * 2 + 1])
            return actions
        if phase == TAKE:
            return [*(_ACTIONS[_TAKE0 + c] for c in self._caps), _PASS]
        if phase == CLAIM:
            return [*(_ACTIONS[_CLAIM0 + c] for c in self._caps), _PASS]
        return []

    def capture_tiles(self, capture: Capture) -> tuple[Tile, ...]:
        """The tiles ``capture`` takes with the last tile laid: that tile first, then the row's in row order."""
        kind, end = self._last
        if kind < 0:
            return ()
        row = self.row[1:] if end == LEFT else self.row[:-1]
        code = capture.code
        if not row or (code in (_TRIPLE_LEFT, _TRIPLE_RIGHT) and len(row) < 2):
            return (Tile.from_index(kind),)
        taken = {
            _PAIR_LEFT: row[:1],
            _PAIR_RIGHT: row[-1:],
            _TRIPLE_LEFT: row[:2],
            _TRIPLE_RIGHT: row[-2:],
            _TRIPLE_ENDS: [row[0], row[-1]] if len(row) > 1 else row[:1],
        }.get(code, row[:1])
        return tuple(Tile.from_index(k) for k in (kind, *taken))

    def why_no_capture(self, capture: Capture) -> tuple[str, str] | None:
        """``None`` if ``capture`` is open now (to take or to claim), else (rule id, why not).

        The explanation is about the last tile laid; with nothing laid yet it names the empty table.
        """
        if self.phase in (TAKE, CLAIM) and capture.code in self._caps:
            return None
        verb = "claimed" if self.phase == CLAIM else "took"
        if self._last[0] < 0:
            return "ts.capture.choice", f"seat {self.current_player} {verb} {capture}, but no tile has been laid"
        return self._explain_last(capture.code, verb)

    def captures_for(self, tile: Tile, end: str) -> list[tuple[Capture, int]]:
        """The captures ``tile`` could make if laid at ``end`` now, with their points."""
        kind, e = tile.index, ENDS.index(end)
        return [(Capture(*_CAPTURE_NAMES[c]), self._points(c, kind)) for c in self._captures(kind, e)]

    # ------------------------------------------------------ capture rules
    def _captures(self, kind: int, end: int) -> list[int]:
        """The capture codes open to ``kind`` laid at ``end`` (the row as it is, before the lay)."""
        row = self.row
        n = len(row)
        if n == 0 or (self.tiles_laid == 1 and not self.config.opening_capture):
            return []
        values = self._values
        if n == 1:
            a = row[0]
            lone: list[int] = []
            if kind == a and self.config.lone_pair:
                lone.append(_LONE_PAIR)
            if self.config.lone_ten and (values[kind] + values[a]) % 10 == 0:
                lone.append(_LONE_TEN)
            return lone
        a = row[0]
        z = row[-1]
        either = self._either
        found: list[int] = []
        if kind == a and (either or end == LEFT):
            found.append(_PAIR_LEFT)
        if kind == z and (either or end == RIGHT):
            found.append(_PAIR_RIGHT)
        v = values[kind]
        if n > 2 and self._two:
            if (either or end == LEFT) and (v + values[a] + values[row[1]]) % 10 == 0:
                found.append(_TRIPLE_LEFT)
            if (either or end == RIGHT) and (v + values[row[-2]] + values[z]) % 10 == 0:
                found.append(_TRIPLE_RIGHT)
        if (v + values[a] + values[z]) % 10 == 0:
            found.append(_TRIPLE_ENDS)
        return found

    def _points(self, code: int, kind: int) -> int:
        """What capture ``code`` with ``kind`` scores (the row before the lay)."""
        row = self.row
        values = self._values
        if code in (_PAIR_LEFT, _PAIR_RIGHT, _LONE_PAIR):
            base = self.config.pair_points[kind]
        elif code == _TRIPLE_ENDS:
            base = values[kind] + values[row[0]] + values[row[-1]]
        elif code == _TRIPLE_LEFT:
            base = values[kind] + values[row[0]] + values[row[1]]
        elif code == _TRIPLE_RIGHT:
            base = values[kind] + values[row[-2]] + values[row[-1]]
        else:
            base = values[kind] + values[row[0]]
        if (code == _TRIPLE_ENDS and len(row) == 2) or (code >= _LONE_PAIR and self.config.lone_sweep):
            return SWEEP_POINTS + base if self.config.sweep_add else SWEEP_POINTS
        return base

    # ------------------------------------------------------------- moves
    def apply(self, action: Action) -> list[TsungEvent]:
        """Apply a legal action; an illegal one raises :class:`IllegalActionError`.

        Returns the events it caused, including the chance events that follow
        (the next tile turned over, a tile drawn into the hand).
        """
        problem = self.why_illegal(action)
        if problem is not None:
            rule, message = problem
            raise IllegalActionError(message, where=f"turn {self.turns[0] + self.turns[1]}", rule=rule)
        start = len(self.trace)
        self._step(_code_of(action))
        return [_trace_event(record) for record in self.trace[start:]]

    def _apply(self, action: Action) -> None:
        """Apply an action known to be legal (one of :meth:`legal_actions`), recording only the trace."""
        code = _CODE_BY_ID.get(id(action))
        self._step(_code_of(action) if code is None else code)

    def _step(self, code: int) -> None:
        if code < _TAKE0:
            self._lay(code >> 1, code & 1)
        elif code == _PASS_CODE:
            if self.phase == TAKE:
                if self.config.claims:
                    self._missed, self._missed_points = self._caps, self._cap_points
                self._caps = self._cap_points = []
                self._after_lay(False)
            else:
                self._caps = self._cap_points = []
                self._begin_lay()
        elif code < _CLAIM0:
            self._take(code - _TAKE0, _CAPTURE)
            self._after_lay(not self.row)
        else:
            self._take(code - _CLAIM0, _CLAIM)
            self._begin_lay()

    def _start_turn(self) -> None:
        seat = self.current_player
        self.turns[seat] += 1
        if self._missed:
            self._caps, self._cap_points = self._missed, self._missed_points
            self._missed = self._missed_points = []
            self.phase = CLAIM
            return
        self._begin_lay()

    def _begin_lay(self) -> None:
        self.phase = LAY
        if self._four:
            return
        seat = self.current_player
        if self._common:
            kind = self._stock[self._stock_at]
            self._stock_at += 1
        else:
            kind = self._piles[seat][self._pile_at[seat]]
            self._pile_at[seat] += 1
        self._revealed = kind
        self.trace.append((_REVEAL, seat, kind))

    def _lay(self, kind: int, end: int) -> None:
        seat = self.current_player
        if self._four:
            self._hands[seat].remove(kind)
        else:
            self._revealed = -1
        self.restarting = False
        row = self.row
        caps = self._captures(kind, end) if row else []
        if caps:
            self._cap_points = [self._points(c, kind) for c in caps]
        if end == LEFT:
            row.insert(0, kind)
        else:
            row.append(kind)
        self.tiles_laid += 1
        self._laid_counts[kind] += 1
        self._last = (kind, end)
        self.trace.append((_LAY, seat, kind, end))
        if caps:
            self._caps = caps
            self.phase = TAKE
        else:
            self._after_lay(False)

    def _take(self, code: int, what: int) -> None:
        """Take capture ``code`` with the last tile laid (by its layer, or claimed by the opponent)."""
        kind, end = self._last
        row = self.row
        if end == LEFT:
            del row[0]
        else:
            row.pop()
        points = self._points(code, kind)
        sweep = (code == _TRIPLE_ENDS and len(row) == 2) or (code >= _LONE_PAIR and self.config.lone_sweep)
        if code in (_PAIR_LEFT, _LONE_PAIR, _LONE_TEN):
            tiles: tuple[int, ...] = (kind, row.pop(0))
        elif code == _PAIR_RIGHT:
            tiles = (kind, row.pop())
        elif code == _TRIPLE_ENDS:
            tiles = (kind, row[0], row[-1])
            del row[0]
            row.pop()
        elif code == _TRIPLE_LEFT:
            tiles = (kind, row[0], row[1])
            del row[0:2]
        else:
            tiles = (kind, row[-2], row[-1])
            del row[-2:]
        seat = self.current_player
        self.scores[seat] += points
        tally = self.tally[seat]
        tally[0 if code in (_PAIR_LEFT, _PAIR_RIGHT, _LONE_PAIR) else 2 if code == _LONE_TEN else 1] += 1
        if sweep:
            tally[3] += 1
        if what == _CLAIM:
            tally[4] += 1
        tally[5] += len(tiles)
        self._caps = self._cap_points = []
        self.trace.append((what, seat, code, tiles, points, sweep))

    def _after_lay(self, cleared: bool) -> None:
        seat = self.current_player
        if self._four:
            if self.config.common:
                if self._stock_at < len(self._stock):
                    kind = self._stock[self._stock_at]
                    self._stock_at += 1
                    self._hands[seat].append(kind)
                    self.trace.append((_REFILL, seat, kind))
            elif self._pile_at[seat] < len(self._piles[seat]):
                kind = self._piles[seat][self._pile_at[seat]]
                self._pile_at[seat] += 1
                self._hands[seat].append(kind)
                self.trace.append((_REFILL, seat, kind))
        if cleared and self._left(seat):
            self.restarting = True
            self._begin_lay()  # the sweep's restart: the same player lays again
            return
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.current_player
        other = 1 - seat
        if self._common:
            mine = theirs = len(self._stock) - self._stock_at
        else:
            mine = len(self._piles[seat]) - self._pile_at[seat]
            theirs = len(self._piles[other]) - self._pile_at[other]
        if self._four:
            mine += len(self._hands[seat])
            theirs += len(self._hands[other])
        end = self._end
        nxt = other
        if end == ALL_LAID:
            over = mine == 0 or theirs == 0
        elif end == EQUAL_TURNS:
            over = (mine == 0 or theirs == 0) and (self.turns[0] == self.turns[1] or theirs == 0)
        else:
            over = mine == 0 and theirs == 0
            if theirs == 0:
                nxt = seat
        if over:
            self._missed = self._missed_points = []
            self._finish()
            return
        if nxt == seat:
            self._missed = self._missed_points = []
        self.current_player = nxt
        self._start_turn()

    def _finish(self) -> None:
        self.phase = OVER
        self.reason = self.config.end
        a, b = self.scores
        self.winner = 0 if a > b else 1 if b > a else None

    # ------------------------------------------------------ explanations
    def why_illegal(self, action: Action) -> tuple[str, str] | None:
        """``None`` for a legal action, else (rule id, a sentence saying why)."""
        seat = self.current_player
        who = f"seat {seat}"
        phase = self.phase
        if phase == OVER:
            return "ts.end", f"{who} cannot {action}: the game is over ({self.reason})"
        try:
            code = _code_of(action)
        except IllegalActionError as error:
            return "ts.turn.lay", error.message
        if phase == LAY:
            if code < _TAKE0:
                return self._why_not_lay(code >> 1)
            if code == _PASS_CODE:
                return "ts.turn.lay", f"{who} must lay a tile"
            if code >= _CLAIM0:
                capture = _capture(code - _CLAIM0)
                if not self.config.claims:
                    return (
                        "ts.claim",
                        f"{who} claimed {capture}, but under option missed-capture=none a missed capture is lost",
                    )
                return "ts.claim", f"{who} claimed {capture}, but no capture was left untaken by the last tile laid"
            return "ts.turn.lay", f"{who} tried to take {_capture(code - _TAKE0)} without laying a tile"
        if phase == CLAIM:
            if code == _PASS_CODE or code - _CLAIM0 in self._caps:
                return None
            if code < _TAKE0:
                return "ts.claim", f"{who} must claim the missed capture or pass before laying"
            if code < _CLAIM0:
                return "ts.turn.lay", f"{who} tried to take {_capture(code - _TAKE0)} without laying a tile"
            return self._explain_last(code - _CLAIM0, "claimed")
        # TAKE
        if code == _PASS_CODE or code - _TAKE0 in self._caps:
            return None
        if code < _TAKE0:
            laid = Tile.from_index(self._last[0])
            return "ts.capture.choice", f"{who} must take a capture with [{laid}] or pass before another tile is laid"
        if code >= _CLAIM0:
            return (
                "ts.claim",
                f"{who} claimed {_capture(code - _CLAIM0)}, but a player claims only the opponent's missed capture",
            )
        return self._explain_last(code - _TAKE0, "took")

    def _why_not_lay(self, kind: int) -> tuple[str, str] | None:
        seat = self.current_player
        tile = Tile.from_index(kind)
        if self._four:
            if kind not in self._hands[seat]:
                shown = " ".join(f"[{t}]" for t in self.hand(seat)) or "nothing"
                return "ts.german.hand", f"seat {seat} laid [{tile}], which is not in the hand ({shown})"
            return None
        if kind != self._revealed:
            return (
                "ts.turn.lay",
                f"seat {seat} turned over [{Tile.from_index(self._revealed)}] and must lay it, not [{tile}]",
            )
        return None

    def _explain_last(self, code: int, verb: str) -> tuple[str, str]:
        """Why capture ``code`` is not open with the last tile laid (it is in the row)."""
        kind, end = self._last
        row = self.row[1:] if end == LEFT else self.row[:-1]
        return self.explain_capture(code, kind, end, row=row, laid=self.tiles_laid - 1, verb=verb)

    def why_not_capture(self, capture: Capture, tile: Tile, end: str) -> tuple[str, str] | None:
        """``None`` if laying ``tile`` at ``end`` now could make ``capture``, else (rule id, why not)."""
        kind, e = tile.index, ENDS.index(end)
        if capture.code in self._captures(kind, e):
            return None
        return self.explain_capture(capture.code, kind, e, row=self.row, laid=self.tiles_laid, verb="took")

    def explain_capture(
        self, code: int, kind: int, end: int, *, row: Sequence[int], laid: int, verb: str
    ) -> tuple[str, str]:
        """Why ``kind`` laid at ``end`` on ``row`` (after ``laid`` tiles) cannot make capture ``code``."""
        seat = self.current_player
        who = f"seat {seat} {verb}"
        capture = _capture(code)
        tile = f"[{Tile.from_index(kind)}]"
        values = self._values
        options = self.config.options
        n = len(row)
        if n == 0:
            return "ts.capture.choice", f"{who} {capture} with {tile}, but it was laid on an empty table"
        if n == 1 and laid == 1 and not self.config.opening_capture:
            return "ts.opening", (
                f"{who} the first opening tile with the second, {tile}, but under option opening-capture=no "
                "the second opening tile is only laid"
            )
        if n == 1:
            lone = f"[{Tile.from_index(row[0])}]"
            reading = f"option lone-tile={options['lone-tile']}"
            if capture.at != "ends" or capture.kind == "triple":
                return (
                    "ts.lone-tile",
                    f"{who} {capture} with {tile}, but the row is the lone tile {lone} (pair ends, ten ends)",
                )
            if capture.kind == "pair" and not self.config.lone_pair:
                return (
                    "ts.lone-tile",
                    f"{who} the lone tile {lone} with {tile}, but under {reading} a lone tile cannot be taken",
                )
            if capture.kind == "pair":
                return "ts.lone-tile", f"{who} the lone tile {lone} as a pair with {tile}, but they are not identical"
            if not self.config.lone_ten:
                return "ts.lone-tile", (
                    f"{who} the lone tile {lone} as a ten with {tile}, but under {reading} "
                    + (
                        "a lone tile cannot be taken"
                        if not self.config.lone_pair
                        else "only an identical tile takes it"
                    )
                )
            total = values[kind] + values[row[0]]
            return "ts.lone-tile", (
                f"{who} the lone tile {lone} as a ten with {tile}, but {values[kind]}+{values[row[0]]} = {total} "
                "is not a multiple of ten"
            )
        shown = " ".join(f"[{Tile.from_index(k)}]" for k in row)
        if capture.kind == "ten":
            return "ts.lone-tile", f"{who} a ten with {tile}, but a ten takes only a lone tile, and the row is {shown}"
        reach = f"option reach={options['reach']}"
        if capture.kind == "pair":
            if capture.at == "ends":
                return (
                    "ts.capture.pair",
                    f"{who} a pair from both ends with {tile}: a pair takes one end tile (pair left, pair right)",
                )
            target = f"[{Tile.from_index(row[0] if capture.at == 'left' else row[-1])}]"
            if not self._either and capture.at != ENDS[end]:
                return "ts.capture.reach", (
                    f"{who} the {capture.at} end tile {target} with {tile} laid at the {ENDS[end]} end, but under "
                    f"{reach} a tile reaches only the end where it is laid"
                )
            return "ts.capture.pair", f"{who} {tile} and {target} as a pair, but they are not identical"
        if capture.at in ENDS:
            if n == 2:
                return "ts.capture.triple", (
                    f"{who} a triple from the {capture.at} end with {tile}, but the row holds two tiles: "
                    "a triple with both is taken from the ends (triple ends)"
                )
            if not self._two:
                return "ts.capture.triple", (
                    f"{who} the two tiles at the {capture.at} end as a triple with {tile}, but under option "
                    "triple=ends-only a triple takes one tile at each end"
                )
            if not self._either and capture.at != ENDS[end]:
                return "ts.capture.reach", (
                    f"{who} the two tiles at the {capture.at} end with {tile} laid at the {ENDS[end]} end, but under "
                    f"{reach} a tile reaches the tiles of its own end (and the far end tile) only"
                )
            a, b = (row[0], row[1]) if capture.at == "left" else (row[-2], row[-1])
        else:
            a, b = row[0], row[-1]
        total = values[kind] + values[a] + values[b]
        message = (
            f"{who} [{Tile.from_index(a)}] and [{Tile.from_index(b)}] as a triple, but {values[a]}+{values[b]} "
            f"is not a ten with {tile}: {values[a]}+{values[b]}+{values[kind]} = {total} is not a multiple of ten"
        )
        if _FOUR_TWO in (kind, a, b):
            other = 3 if values[_FOUR_TWO] == 6 else 6
            message += f" ([4-2] counts {values[_FOUR_TWO]} under option four-two-value={options['four-two-value']})"
            if (total - values[_FOUR_TWO] + other) % 10 == 0:
                return "ts.tiles.four-two", message
        return "ts.capture.triple", message

    # ------------------------------------------------------------ result
    def result(self) -> dict[str, Any]:
        """The outcome: the scores, the winner (``None`` for a tie), why it ended, the captures."""
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "reason": self.reason,
            "turns": self.turns[0] + self.turns[1],
            "captures": [dict(zip(TALLY, self.tally[seat], strict=True)) for seat in (0, 1)],
        }


def complete_position(
    config: TsungConfig,
    *,
    row: Sequence[Tile],
    piles: dict[int, tuple[list[Tile], bool]],
    stock: tuple[list[Tile], bool] | None,
    hands: dict[int, list[Tile]],
) -> tuple[list[list[Tile]], list[Tile]]:
    """Complete a partly described position with the rest of the set.

    ``piles`` gives a seat's face-down tiles, next first, and whether the rest
    of the set follows them; ``stock`` likewise for a common stock. The rest
    of the set goes to the common stock (with ``config.common``), or is dealt
    in turn to the seats whose piles it follows. Returns (piles, stock).
    Raises :class:`HandError` when the position uses more copies than a set holds.
    """
    counts = list(set_counts(1))
    given = [*row, *(stock[0] if stock else [])]
    for tiles, _ in piles.values():
        given.extend(tiles)
    for tiles in hands.values():
        given.extend(tiles)
    for tile in given:
        counts[tile.index] -= 1
        if counts[tile.index] < 0:
            raise HandError(f"the position uses more [{tile}] than one set holds", where="position")
    rest = [Tile.from_index(k) for k, n in enumerate(counts) for _ in range(n)]
    seat_piles = [list(piles.get(seat, ([], True))[0]) for seat in (0, 1)]
    common = list(stock[0]) if stock else []
    if config.common:
        if stock is None or stock[1]:
            common.extend(rest)
    else:
        takers = [seat for seat in (0, 1) if piles.get(seat, ([], True))[1]]
        for at, tile in enumerate(rest if takers else []):
            seat_piles[takers[at % len(takers)]].append(tile)
    return seat_piles, common
