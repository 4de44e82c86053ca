"""How a play of Tsung Shap is seen: one seat's observation, the row as text, the returns.

:class:`TsungView` is the part of :class:`~gupai.games.tsung.state.TsungState`
that reads the play without changing it (and the family's pieces of
:class:`~gupai.games.handling.Handling`). What a seat may know
(:class:`TsungObservation`): the row, the tile turned over, the scores and
captures, how many tiles each seat has still to play, and, in the four-tile
variant, its own hand. A face-down pile is unknown to everyone, its owner
too: each tile is turned over only when its turn comes (``ts.deal``). The
tile another seat draws into its hand is not seen either.

>>> from gupai.games.registry import load_game
>>> game = load_game("tsung-shap")
>>> state = game.new_state(game.random_deal(seed=1))
>>> seen = state.observation(1)
>>> seen.revealed, seen.face_down, seen.hand
(Tile('6-4'), (15, 16), ())
>>> print(state)
tsung-shap: seat 0 to lay [6-4]; scores 0-0
  row      -
> seat 0   15 face down
  seat 1   16 face down
>>> state.returns()
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from gupai.core.errors import IllegalActionError
from gupai.core.tiles import Tile
from gupai.games.handling import Handling
from gupai.games.tsung.actions import (
    ACTIONS,
    OVER,
    TRACE_REFILL,
    Action,
    Capture,
    Claim,
    Lay,
    Pass,
    TakeCapture,
    TsungEvent,
    capture_of,
    parse_tsung_action,
    trace_event,
)
from gupai.games.tsung.config import TsungConfig
from gupai.games.tsung.deal import TsungDeal

__all__ = ["TsungObservation", "TsungView"]

#: What the seat to act is asked to do, by phase.
_ASKED = {"lay": "lay", "take": "take a capture or pass", "claim": "claim a missed capture or pass"}


def _tiles(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(f"[{t}]" for t in tiles) or "-"


@dataclass(frozen=True, slots=True)
class TsungObservation:
    """What one seat of Tsung Shap may know (see the module's docstring).

    ``face_down`` counts each seat's face-down tiles still to come (the common
    stock, when the options use one, is ``stock_left``); ``events`` are the
    log's events so far, except that a tile another seat drew into its hand
    carries no tile.
    """

    game: str
    seat: int
    current_player: int
    phase: str
    row: tuple[Tile, ...]
    revealed: Tile | None
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    face_down: tuple[int, ...]
    stock_left: int
    scores: tuple[int, ...]
    open_captures: tuple[tuple[Capture, int], ...]
    events: tuple[TsungEvent, ...]
    winner: int | None
    config: TsungConfig = field(repr=False, compare=False)

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def __str__(self) -> str:
        lines = [f"{self.game}: seat {self.seat}'s view; scores {self.scores[0]}-{self.scores[1]}"]
        lines.append(f"  row      {_tiles(self.row)}" + (f"   turned over [{self.revealed}]" if self.revealed else ""))
        for seat in (0, 1):
            mark = ">" if seat == self.current_player and self.phase != OVER else " "
            hand = _tiles(self.hand) if seat == self.seat else f"{self.hand_sizes[seat]} in hand"
            lines.append(
                f"{mark} seat {seat}   {self.face_down[seat]} face down"
                + (f", {hand}" if self.hand_sizes[seat] else "")
            )
        return "\n".join(lines)


class TsungView(Handling):
    """The reading side of Tsung Shap's state (mixed into :class:`~gupai.games.tsung.state.TsungState`)."""

    _LISTS: ClassVar[tuple[str, ...]] = (
        "row",
        "_pile_at",
        "scores",
        "turns",
        "laid_counts",
        "open_codes",
        "open_points",
        "_missed",
        "_missed_points",
        "trace",
        "_moves",
    )
    _NESTED: ClassVar[tuple[str, ...]] = ("hand_kinds", "tally")
    _ACTION_TYPES: ClassVar[tuple[type, ...]] = (Lay, TakeCapture, Claim, Pass)

    config: TsungConfig
    deal: TsungDeal
    current_player: int
    phase: str
    row: list[int]
    revealed_kind: int
    hand_kinds: list[list[int]]
    scores: list[int]
    open_codes: list[int]
    open_points: list[int]
    winner: int | None
    reason: str | None
    trace: list[tuple[Any, ...]]
    _piles: list[list[int]]
    _pile_at: list[int]
    _stock: list[int]
    _stock_at: int
    _moves: list[int]

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def revealed(self) -> Tile | None:
        """The tile turned over and waiting to be laid (hidden tiles), else ``None``."""
        return Tile.from_index(self.revealed_kind) if self.revealed_kind >= 0 else None

    # ------------------------------------------------------------ one seat's view
    def observation(self, seat: int) -> TsungObservation:
        """What ``seat`` may know now (never a face-down tile, nor the other seat's hand)."""
        if seat not in (0, 1):
            raise IllegalActionError(f"seat {seat} is not a seat of a two-player game", where="seat")
        return TsungObservation(
            game=self.config.spec.id,
            seat=seat,
            current_player=self.current_player,
            phase=self.phase,
            row=tuple(Tile.from_index(k) for k in self.row),
            revealed=self.revealed,
            hand=tuple(Tile.from_index(k) for k in self.hand_kinds[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hand_kinds),
            face_down=tuple(len(pile) - at for pile, at in zip(self._piles, self._pile_at, strict=True)),
            stock_left=len(self._stock) - self._stock_at,
            scores=tuple(self.scores),
            open_captures=tuple(
                (capture_of(code), points) for code, points in zip(self.open_codes, self.open_points, strict=True)
            )
            if self.phase in ("take", "claim")
            else (),
            events=tuple(self._seen(record, seat) for record in self.trace),
            winner=self.winner,
            config=self.config,
        )

    @staticmethod
    def _seen(record: tuple[Any, ...], seat: int) -> TsungEvent:
        if record[0] == TRACE_REFILL and record[1] != seat:
            return TsungEvent("refill", record[1])
        return trace_event(record)

    # ------------------------------------------------------------ outcome
    def returns(self) -> tuple[int, ...]:
        """Each seat's point margin over the other (zero-sum): its score less the opponent's, so far."""
        a, b = self.scores
        return (a - b, b - a)

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        """The row and the scores; face-down tiles as counts (nobody sees them), four-tile hands face up."""
        a, b = self.scores
        if self.phase == OVER:
            head = f"over ({self.reason}), winner {'none' if self.winner is None else f'seat {self.winner}'}"
        else:
            head = f"seat {self.current_player} to {_ASKED[self.phase]}"
            if self.phase == "lay" and self.revealed_kind >= 0:
                head += f" [{Tile.from_index(self.revealed_kind)}]"
        lines = [f"{self.config.spec.id}: {head}; scores {a}-{b}", f"  row      {_tiles(self._row_tiles())}"]
        if self._stock:
            lines.append(f"  stock    {len(self._stock) - self._stock_at} face down")
        for seat in (0, 1):
            mark = ">" if seat == self.current_player and self.phase != OVER else " "
            parts = []
            if self._piles[seat] or not self._stock:
                parts.append(f"{len(self._piles[seat]) - self._pile_at[seat]} face down")
            if self.hand_kinds[seat]:
                parts.append(_tiles([Tile.from_index(k) for k in self.hand_kinds[seat]]))
            lines.append(f"{mark} seat {seat}   {', '.join(parts) or '-'}")
        return "\n".join(lines)

    def _row_tiles(self) -> list[Tile]:
        return [Tile.from_index(k) for k in self.row]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.config.spec.id} seat {self.current_player} {self.phase}, {len(self._moves)} moves>"

    # ------------------------------------------------------------ handling hooks
    def _action(self, action: Any) -> Action:
        checked: Action = super()._action(action)
        return checked

    def _action_of(self, move: Any) -> Action:
        return ACTIONS[int(move)]

    def _parse(self, text: str) -> Action:
        return parse_tsung_action(text)
