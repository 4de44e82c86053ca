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

A turn has up to three decisions, each a phase (``claim``, ``lay``,
``take``: see :mod:`gupai.games.tsung.actions`).

>>> from gupai.games.tsung.actions import Capture, Lay, TakeCapture
>>> from gupai.games.tsung.config import tsung_config
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
>>> for event in state.apply(TakeCapture(Capture("triple", "left"))):
...     print(event.to_json())
{'type': 'capture', 'seat': 0, 'kind': 'triple', 'at': 'left', 'tiles': ['2-2', '6-6', '3-1'], 'points': 20, 'sweep': False}
{'type': 'reveal', 'seat': 1, 'tile': '5-5'}
>>> state.row_tiles(), state.scores
([Tile('4-4')], [20, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gupai.core.errors import HandError, IllegalActionError
from gupai.core.tiles import KIND_COUNT, Tile, set_counts
from gupai.games.tsung.actions import (
    ACTIONS,
    CAPTURE_NAMES,
    CLAIM,
    CLAIM0,
    ENDS,
    LAY,
    LEFT,
    LONE_PAIR,
    LONE_TEN,
    OVER,
    PAIR_LEFT,
    PAIR_RIGHT,
    PASS,
    PASS_CODE,
    TAKE,
    TAKE0,
    TRACE_CAPTURE,
    TRACE_CLAIM,
    TRACE_LAY,
    TRACE_REFILL,
    TRACE_REVEAL,
    TRIPLE_ENDS,
    TRIPLE_LEFT,
    Action,
    Capture,
    TsungEvent,
    action_code,
    capture_of,
    trace_event,
)
from gupai.games.tsung.captures import capture_points, captured_kinds, find_captures, is_sweep
from gupai.games.tsung.config import ALL_LAID, EQUAL_TURNS, TsungConfig
from gupai.games.tsung.deal import TsungDeal
from gupai.games.tsung.legality import why_illegal, why_no_capture, why_not_capture
from gupai.games.tsung.view import TsungView

__all__ = ["TALLY", "TsungState"]

#: Tally columns of a seat's captures.
TALLY = ("pairs", "triples", "tens", "sweeps", "claims", "tiles")


class TsungState(TsungView):
    """One play of Tsung Shap, from a deal.

    Beside the queries, the state exposes what an agent or a replay reads
    fast, as kind indices and codes (read them, never write them):
    ``row`` (left to right), ``phase``, ``current_player``, ``revealed_kind``
    (the tile turned over, -1 if none), ``hand_kinds[seat]`` (the four-tile
    hands), ``laid_counts[kind]`` (copies out of the hidden tiles), and in the
    take and claim phases ``open_codes`` and ``open_points`` (the capture codes
    open to the decision, and their points). ``trace`` holds the trace records
    (:func:`~gupai.games.tsung.actions.trace_json` turns one into its event).
    """

    def __init__(self, config: TsungConfig, deal: TsungDeal) -> None:
        self._setup(config, deal)
        self._start_turn()

    def _setup(self, config: TsungConfig, deal: TsungDeal) -> None:
        self.config = config
        self.deal = deal
        self._four = config.four
        self._common = config.common
        self._end = config.end
        self.row: list[int] = []
        self._piles: list[list[int]] = [list(p) for p in deal.piles] if deal.piles is not None else [[], []]
        self._pile_at = [0, 0]
        self._stock: list[int] = list(deal.stock) if deal.stock is not None else []
        self._stock_at = 0
        self.hand_kinds: list[list[int]] = [list(h) for h in deal.hands] if deal.hands is not None else [[], []]
        self.scores = [0, 0]
        self.tally = [[0] * len(TALLY), [0] * len(TALLY)]
        self.turns = [0, 0]
        self.tiles_laid = 0
        self.laid_counts = [0] * KIND_COUNT
        self.current_player = deal.first_player
        self.phase = LAY
        self.revealed_kind = -1
        self.open_codes: list[int] = []
        self.open_points: list[int] = []
        self._missed: list[int] = []
        self._missed_points: list[int] = []
        self.last_laid = (-1, 0)
        self.restarting = False
        self._owed_refills = 0
        self.winner: int | None = None
        self.reason: str | None = None
        self.trace: list[tuple[Any, ...]] = []
        self._moves: list[int] = []  # every action code stepped on, for history, undo and pickling

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

        >>> from gupai.games.tsung.config import tsung_config
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
        extra = [f"[{Tile.from_index(k)}]" for k, n in enumerate(set_counts(config.sets)) if counts[k] > n]
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
        state.laid_counts = [n - hidden[k] for k, n in enumerate(set_counts(config.sets))]
        if state._left(0) == 0 and state._left(1) == 0:
            state._finish()
        elif state._left(to_move) == 0:
            raise HandError(f"seat {to_move} is to play but has no tile left", where="to_move")
        else:
            state._start_turn()
        return state

    # ------------------------------------------------------------ queries (more in TsungView)
    def row_tiles(self) -> list[Tile]:
        """The row, left to right."""
        return [Tile.from_index(k) for k in self.row]

    def hand(self, seat: int) -> list[Tile]:
        """A seat's four-tile hand, in the order drawn (empty with hidden tiles)."""
        return [Tile.from_index(k) for k in self.hand_kinds[seat]]

    def pile(self, seat: int) -> list[Tile]:
        """A seat's face-down tiles still to come, in order (own halves)."""
        return [Tile.from_index(k) for k in self._piles[seat][self._pile_at[seat] :]]

    def stock(self) -> list[Tile]:
        """The common stock still to come, in order."""
        return [Tile.from_index(k) for k in self._stock[self._stock_at :]]

    def tiles_left(self, seat: int) -> int:
        """How many tiles ``seat`` may still lay (a common stock counts for both)."""
        return self._left(seat) + (1 if self.revealed_kind >= 0 and seat == self.current_player else 0)

    def _left(self, seat: int) -> int:
        source = len(self._stock) - self._stock_at if self._common else len(self._piles[seat]) - self._pile_at[seat]
        return source + len(self.hand_kinds[seat]) if self._four else source

    def open_captures(self) -> list[tuple[Capture, int]]:
        """The captures open to the current decision (take or claim), with their points."""
        return [(Capture(*CAPTURE_NAMES[c]), p) for c, p in zip(self.open_codes, self.open_points, strict=True)]

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order."""
        phase = self.phase
        if phase == LAY:
            ends = 1 if self.tiles_laid == 1 and self.config.opening_left else 2  # opening-end=left
            if self.revealed_kind >= 0:
                base = self.revealed_kind * 2
                return [ACTIONS[base + end] for end in range(ends)]
            seen: list[int] = []
            actions: list[Action] = []
            for kind in self.hand_kinds[self.current_player]:
                if kind not in seen:
                    seen.append(kind)
                    actions.extend(ACTIONS[kind * 2 + end] for end in range(ends))
            return actions
        if phase == TAKE:
            return [*(ACTIONS[TAKE0 + c] for c in self.open_codes), PASS]
        if phase == CLAIM:
            return [*(ACTIONS[CLAIM0 + c] for c in self.open_codes), PASS]
        return []

    def capture_tiles(self, capture: Capture) -> tuple[Tile, ...]:
        """The tiles ``capture`` takes with the last tile laid: that tile first, then the row's in row order."""
        return tuple(Tile.from_index(k) for k in captured_kinds(self.row, self.last_laid, capture.code))

    def captures_for(self, tile: Tile, end: str) -> list[tuple[Capture, int]]:
        """The captures ``tile`` could make if laid at ``end`` now, with their points."""
        kind, e = tile.index, ENDS.index(end)
        config, row = self.config, self.row
        codes = find_captures(config, row, self.tiles_laid, kind, e)
        return [(capture_of(c), capture_points(config, row, c, kind)) for c in codes]

    # ------------------------------------------------------------- moves
    def apply(self, action: Action | str) -> list[TsungEvent]:
        """Apply a legal action (or its text); an illegal one raises :class:`IllegalActionError`.

        Returns the events it caused, including the chance events that follow
        (the next tile turned over, a tile drawn into the hand).
        """
        problem = self.why_illegal(action := self._action(action))
        if problem is not None:
            rule, message = problem
            raise IllegalActionError(message, where=f"turn {self.turns[0] + self.turns[1]}", rule=rule)
        start = len(self.trace)
        self.step(action_code(action))
        return [trace_event(record) for record in self.trace[start:]]

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (one of :meth:`legal_actions`), recording only the trace."""
        self.step(action_code(action))

    def step(self, code: int) -> None:
        """Apply the action of code ``code`` (an index of :data:`~gupai.games.tsung.actions.ACTIONS`), known legal.

        The fast path of a game: nothing is checked and only the trace is
        recorded. A replay steps on codes it has checked with :meth:`why_illegal`.
        """
        self._moves.append(code)
        if code < TAKE0:
            self._lay(code >> 1, code & 1)
        elif code == PASS_CODE:
            if self.phase == TAKE:
                if self.config.claims:
                    self._missed, self._missed_points = self.open_codes, self.open_points
                self.open_codes = self.open_points = []
                self._after_lay(False)
            else:
                self.open_codes = self.open_points = []
                self._begin_lay()
        elif code < CLAIM0:
            self._take(code - TAKE0, TRACE_CAPTURE)
            self._after_lay(not self.row or self.config.again_any)
        else:
            self._take(code - CLAIM0, TRACE_CLAIM)
            self._begin_lay()

    def _start_turn(self) -> None:
        seat = self.current_player
        self.turns[seat] += 1
        if self._missed:
            self.open_codes, self.open_points = self._missed, self._missed_points
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
        self.revealed_kind = kind
        self.trace.append((TRACE_REVEAL, seat, kind))

    def _lay(self, kind: int, end: int) -> None:
        seat = self.current_player
        if self._four:
            self.hand_kinds[seat].remove(kind)
        else:
            self.revealed_kind = -1
        self.restarting = False
        row = self.row
        caps = find_captures(self.config, self.row, self.tiles_laid, kind, end) if row else []
        if caps:
            self.open_points = [capture_points(self.config, self.row, c, kind) for c in caps]
        if end == LEFT:
            row.insert(0, kind)
        else:
            row.append(kind)
        self.tiles_laid += 1
        self.laid_counts[kind] += 1
        self.last_laid = (kind, end)
        self.trace.append((TRACE_LAY, seat, kind, end))
        if caps:
            self.open_codes = caps
            self.phase = TAKE
        else:
            self._after_lay(False)

    def _take(self, code: int, what: int) -> None:
        """TakeCapture capture ``code`` with the last tile laid (by its layer, or claimed by the opponent)."""
        kind, end = self.last_laid
        row = self.row
        if end == LEFT:
            del row[0]
        else:
            row.pop()
        points = capture_points(self.config, self.row, code, kind)
        sweep = is_sweep(self.config, code, len(row))
        if code in (PAIR_LEFT, LONE_PAIR, LONE_TEN):
            tiles: tuple[int, ...] = (kind, row.pop(0))
        elif code == PAIR_RIGHT:
            tiles = (kind, row.pop())
        elif code == TRIPLE_ENDS:
            tiles = (kind, row[0], row[-1])
            del row[0]
            row.pop()
        elif code == TRIPLE_LEFT:
            tiles = (kind, row[0], row[1])
            del row[0:2]
        else:
            tiles = (kind, row[-2], row[-1])
            del row[-2:]
        seat = self.current_player
        self.scores[seat] += points
        tally = self.tally[seat]
        tally[0 if code in (PAIR_LEFT, PAIR_RIGHT, LONE_PAIR) else 2 if code == LONE_TEN else 1] += 1
        if sweep:
            tally[3] += 1
        if what == TRACE_CLAIM:
            tally[4] += 1
        tally[5] += len(tiles)
        self.open_codes = self.open_points = []
        self.trace.append((what, seat, code, tiles, points, sweep))

    def _after_lay(self, again: bool) -> None:
        seat = self.current_player
        if self._four:
            if again and self.config.restart_first and self.hand_kinds[seat]:
                # restart=before-refill: the tile laid again comes from the tiles left; the refills wait for it
                self._owed_refills += 1
                self.restarting = True
                self._begin_lay()
                return
            for _ in range(1 + self._owed_refills):
                self._refill(seat)
            self._owed_refills = 0
        if again and self._left(seat):
            self.restarting = True
            self._begin_lay()  # the restart (or lay-again=any-capture): the same player lays again
            return
        self._end_turn()

    def _refill(self, seat: int) -> None:
        """Draw one tile into ``seat``'s four-tile hand, if any is left to draw."""
        common = self._common
        source, at = (self._stock, self._stock_at) if common else (self._piles[seat], self._pile_at[seat])
        if at < len(source):
            if common:
                self._stock_at += 1
            else:
                self._pile_at[seat] += 1
            self.hand_kinds[seat].append(source[at])
            self.trace.append((TRACE_REFILL, seat, source[at]))

    def _end_turn(self) -> None:
        seat = self.current_player
        other = 1 - seat
        if self._common:
            mine = theirs = len(self._stock) - self._stock_at
        else:
            mine = len(self._piles[seat]) - self._pile_at[seat]
            theirs = len(self._piles[other]) - self._pile_at[other]
        if self._four:
            mine += len(self.hand_kinds[seat])
            theirs += len(self.hand_kinds[other])
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
        return why_illegal(self, action)

    def why_not_capture(self, capture: Capture, tile: Tile, end: str) -> tuple[str, str] | None:
        """``None`` if laying ``tile`` at ``end`` now could make ``capture``, else (rule id, why not)."""
        return why_not_capture(self, capture, tile, end)

    def why_no_capture(self, capture: Capture) -> tuple[str, str] | None:
        """``None`` if ``capture`` is open now (to take or claim), else (rule id, why not: about the last tile laid)."""
        return why_no_capture(self, capture)

    def result(self) -> dict[str, Any]:
        """The outcome: the scores, the winner (``None`` for a tie), why it ended, the captures."""
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "reason": self.reason,
            "turns": self.turns[0] + self.turns[1],
            "captures": [dict(zip(TALLY, self.tally[seat], strict=True)) for seat in (0, 1)],
        }
