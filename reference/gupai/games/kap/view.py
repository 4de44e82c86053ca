"""How a play of Kap Shap or Kap Tai Shap is seen: one seat's observation, the table as text, the returns.

:class:`KapView` is the part of :class:`~gupai.games.kap.state.KapState`
that reads the play without changing it (and the family's pieces of
:class:`~gupai.games.handling.Handling`). What a seat may know
(:class:`KapObservation`): its own hand, the face-up table, how many tiles
every seat holds, how many are left in the stock, and every move made, with
the tile another seat drew from the stock left out (a drawn tile goes into a
hand unseen; taken and discarded tiles are face up).

>>> from gupai.games.registry import load_game
>>> game = load_game("kap-shap")
>>> state = game.new_state(game.random_deal(seed=1))
>>> state.apply("discard 6-6")
[Event(type='discard', seat=1, tile=Tile('6-6'), hand=(), decomposition=None)]
>>> state.apply("draw")
[Event(type='draw', seat=0, tile=Tile('4-4'), hand=(), decomposition=None)]
>>> print(state.observation(1))
kap-shap: seat 1's view, turn 2, stock 16
> seat 0  8 tiles
  seat 1  [6-3] [6-1] [6-1] [5-1] [4-3] [3-3] [1-1]
  table   [6-6]
>>> state.observation(1).events[-1]  # seat 0's draw, as seat 1 saw it
Event(type='draw', seat=0, tile=None, hand=(), decomposition=None)
>>> state.returns()
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from gupai.core.errors import IllegalActionError
from gupai.core.hands import Decomposition
from gupai.core.tiles import KIND_COUNT, Tile, tiles_from_counts
from gupai.games.handling import Handling
from gupai.games.kap.actions import Action, Declare, Discard, Draw, Event, Pass, Take, parse_action
from gupai.games.kap.config import CollectingConfig
from gupai.games.kap.deal import Deal

__all__ = ["KapObservation", "KapView"]

#: What the seat to act is asked to do, by phase.
_ASKED = {"hold": "discard (or declare)", "start": "take a discard or draw", "draw": "draw"}


def _tiles(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(f"[{t}]" for t in tiles) or "-"


@dataclass(frozen=True, slots=True)
class KapObservation:
    """What one seat of a collecting game may know (see the module's docstring).

    ``events`` are the moves so far as the log writes them, except that
    another seat's draw carries no tile.
    """

    game: str
    seat: int
    players: int
    current_player: int
    phase: str
    turn: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Tile, ...]
    stock_left: int
    events: tuple[Event, ...]
    winner: int | None
    config: CollectingConfig = field(repr=False, compare=False)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def hand_counts(self) -> tuple[int, ...]:
        """The seat's own hand as counts by tile kind (the engine's form)."""
        counts = [0] * KIND_COUNT
        for tile in self.hand:
            counts[tile.index] += 1
        return tuple(counts)

    def __str__(self) -> str:
        lines = [f"{self.game}: seat {self.seat}'s view, turn {self.turn}, stock {self.stock_left}"]
        for seat in range(self.players):
            mark = ">" if seat == self.current_player and self.phase != "over" else " "
            shown = _tiles(self.hand) if seat == self.seat else f"{self.hand_sizes[seat]} tiles"
            lines.append(f"{mark} seat {seat}  {shown}")
        lines.append(f"  table   {_tiles(self.table)}")
        return "\n".join(lines)


class KapView(Handling):
    """The reading side of a collecting game's state (mixed into :class:`~gupai.games.kap.state.KapState`)."""

    _LISTS: ClassVar[tuple[str, ...]] = ("_keys", "table", "took_last", "_moves")
    _NESTED: ClassVar[tuple[str, ...]] = ("_hands",)
    _ACTION_TYPES: ClassVar[tuple[type, ...]] = (Take, Draw, Discard, Declare, Pass)
    _DERIVED: ClassVar[tuple[str, ...]] = ("_ev", "_winning", "_replay")

    config: CollectingConfig
    deal: Deal
    players: int
    current_player: int
    phase: str
    turn: int
    table: list[int]
    stock: list[int]
    stock_drawn: int
    winner: int | None
    reason: str | None
    winning_hand: tuple[Tile, ...]
    _hands: list[list[int]]
    _moves: list[Action]
    _decomposition: Decomposition | None

    @property
    def decomposition(self) -> Decomposition | None:  # pragma: no cover - KapState defines it
        raise NotImplementedError

    # ------------------------------------------------------------ one seat's view
    def observation(self, seat: int) -> KapObservation:
        """What ``seat`` may know now: its hand, the table, every seat's tile count, the stock left, the moves."""
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"seat {seat} is not a seat of this {self.players}-player game", where="seat")
        return KapObservation(
            game=self.config.spec.id,
            seat=seat,
            players=self.players,
            current_player=self.current_player,
            phase=self.phase,
            turn=self.turn,
            hand=tuple(tiles_from_counts(self._hands[seat])),
            hand_sizes=tuple(sum(hand) for hand in self._hands),
            table=tuple(Tile.from_index(k) for k in self.table),
            stock_left=len(self.stock) - self.stock_drawn,
            events=self._public_events(seat),
            winner=self.winner,
            config=self.config,
        )

    def _public_events(self, seat: int) -> tuple[Event, ...]:
        """The moves as ``seat`` saw them: each seat in turn, another seat's drawn tile unseen."""
        events: list[Event] = []
        for action, (who, kind) in zip(self._moves, self._movers(), strict=True):
            if isinstance(action, Draw):
                events.append(Event("draw", who, Tile.from_index(kind) if who == seat else None))
            elif isinstance(action, Take | Discard):
                events.append(Event(type(action).__name__.lower(), who, action.tile))
            elif isinstance(action, Pass):
                events.append(Event("pass", who))
            else:
                events.append(Event("declare", who, hand=self.winning_hand, decomposition=self.decomposition))
        return tuple(events)

    def _movers(self) -> list[tuple[int, int]]:
        """Who made each move and the kind it moved, from a replay of the moves kept beside the play.

        The replay goes on from where it stopped, so that a seat's observation
        after every move costs one step, not a replay of the whole game. A
        clone shares it until their moves part; then the clone starts its own.
        """
        moves = self._moves
        kept: tuple[list[Action], list[tuple[int, int]], Any] | None = self.__dict__.get("_replay")
        if kept is None or kept[0] != moves[: len(kept[0])]:
            kept = ([], [], type(self)(self.config, self.deal))  # type: ignore[call-arg]
            self.__dict__["_replay"] = kept
        done, movers = kept[0], kept[1]
        replay: Any = kept[2]
        for action in moves[len(done) :]:
            who = replay.current_player
            movers.append((who, replay.step(action)))
            done.append(action)
        return movers

    # ------------------------------------------------------------ outcome
    def returns(self) -> tuple[int, ...]:
        """What each seat has won (+) or paid (-) so far: the settlement once the game is over, else zeros."""
        n = self.players
        if self.phase != "over" or self.winner is None:
            return (0,) * n
        return tuple(n - 1 if seat == self.winner else -1 for seat in range(n))

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        """The table as everyone would see it with every hand face up."""
        stock = len(self.stock) - self.stock_drawn
        if self.phase == "over":
            head = f"over ({self.reason}), winner {'none' if self.winner is None else f'seat {self.winner}'}"
        else:
            head = f"seat {self.current_player} to {_ASKED[self.phase]}"
        lines = [f"{self.config.spec.id}, turn {self.turn}: {head}; stock {stock}"]
        for seat, counts in enumerate(self._hands):
            mark = ">" if seat == self.current_player and self.phase != "over" else " "
            lines.append(f"{mark} seat {seat}  {_tiles(list(tiles_from_counts(counts)))}")
        lines.append(f"  table   {_tiles([Tile.from_index(k) for k in self.table])}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.config.spec.id} turn {self.turn} seat {self.current_player} "
            f"{self.phase}, {len(self._moves)} moves>"
        )

    # ------------------------------------------------------------ handling hooks
    def _action(self, action: Any) -> Action:
        checked: Action = super()._action(action)
        return checked

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    def _replayable(self) -> bool:
        return True  # a position (hands and stock, no order) starts a play as an order's cut does

    def _derive(self) -> None:
        self.__dict__["_ev"] = self.config.evaluator
        self.__dict__["_winning"] = self.config.evaluator.winning_keys

    def _ended(self) -> str | None:
        return "abandoned" if self.reason == "abandoned" else None

    def _kept(self) -> dict[str, Any]:
        return {"_decomposition": self._decomposition} if self.reason == "declared" else {}

    def _end_by(self, reason: str) -> None:
        self.abandon()  # type: ignore[attr-defined]
