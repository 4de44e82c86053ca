"""The reference engine of Kap Shap and Kap Tai Shap.

A :class:`KapState` is one play, in the manner of OpenSpiel: ask
:meth:`~KapState.legal_actions`, :meth:`~KapState.apply` one, until
:attr:`~KapState.is_terminal`. The deal (chance) is fixed up front, so a game
replays exactly from its deal and its actions.

>>> import random
>>> from gupai.games.kap.config import collecting_config
>>> from gupai.games.kap.deal import random_deal
>>> config = collecting_config("kap-shap")
>>> state = KapState(config, random_deal(config, random.Random(7)))
>>> state.phase, len(state.hand(state.current_player))
('hold', 8)
>>> [event.type for event in state.apply(state.legal_actions()[-1])]
['discard']
>>> state.phase
'start'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from gupai.core.errors import IllegalActionError
from gupai.core.hands import KEY_UNITS as _UNIT
from gupai.core.hands import Decomposition
from gupai.core.tiles import KIND_COUNT, Tile, tiles_from_counts
from gupai.games.kap.actions import (
    DECLARE,
    DISCARDS,
    DRAW,
    PASS,
    TAKES,
    Action,
    Declare,
    Discard,
    Draw,
    Event,
    Pass,
    Take,
)
from gupai.games.kap.config import CollectingConfig, flipped_reading
from gupai.games.kap.deal import Deal
from gupai.games.kap.view import KapView

__all__ = ["ABANDON_AFTER_TURNS", "KapState", "may_never_end"]

#: Where nothing guarantees that a game ends (:func:`may_never_end`), players of the reference engine
#: (``gupai play``, ``gupai simulate``, the table, OpenSpiel and PettingZoo) stop a game that reaches this many
#: turns and log it as abandoned (``ks.end.abandoned``). Not a rule of the game: a cap of this engine's own.
ABANDON_AFTER_TURNS = 1000


def may_never_end(options: Mapping[str, str], players: int) -> bool:
    """Whether a game of ``players`` under ``options`` may go on for ever, so that the engine caps it
    (``ks.end.abandoned``).

    Under termination=none no rule ends a game that stops drawing. Under no-consecutive-takes with
    stock-out=play-on, once the stock is empty a seat that took passes next, and a full round of passes ends
    the game (ks.end.stock): two seats soon pass by turns, but three or more may take and pass by turns for ever
    (take, pass, take, ...: no round is all passes). Every other combination ends by its rules.

    >>> may_never_end({"termination": "none", "stock-out": "end"}, 2)
    True
    >>> [may_never_end({"termination": "no-consecutive-takes", "stock-out": "play-on"}, n) for n in (2, 3)]
    [False, True]
    >>> may_never_end({"termination": "no-consecutive-takes", "stock-out": "end"}, 3)
    False
    >>> may_never_end({"termination": "three-dead-rounds", "stock-out": "play-on"}, 3)
    False
    """
    termination = options["termination"]
    endless_play_on = termination == "no-consecutive-takes" and options["stock-out"] == "play-on" and players >= 3
    return termination == "none" or endless_play_on


@lru_cache(maxsize=64)
def _seat_names(players: int) -> tuple[str, ...]:
    """Each seat as a message names it (made once a player count)."""
    return tuple(f"seat {seat}" for seat in range(players))


class KapState(KapView):
    """One play of Kap Shap or Kap Tai Shap, from a deal."""

    def __init__(self, config: CollectingConfig, deal: Deal) -> None:
        self.config = config
        self.deal = deal
        opts = config.options
        self.players = config.players
        self._who = _seat_names(self.players)
        self.size = config.spec.hand_size
        self._ev = config.evaluator
        self._take_any = opts["take"] == "any"
        self._two_tiles = opts["turn"] == "take-and-draw"
        self._discard_drawn = opts["drawn-tile"] == "discard-unless-win"
        self._opening_draw = opts["opening"] == "discard-draw-discard"
        self._taken_back = opts["discard-taken"] == "allowed"
        #: discard-taken=taken-tile: only the tile taken is barred; a copy held before the take may go.
        self._held_copy = opts["discard-taken"] == "taken-tile"
        self._must_declare = opts["declare"] == "mandatory"
        self._dead_round = opts["termination"] == "three-dead-rounds"
        self._no_consecutive = opts["termination"] == "no-consecutive-takes"
        self._play_on = opts["stock-out"] == "play-on"
        #: The turn after which a player of this engine abandons the game, where the rules may not end it.
        self.turn_cap = ABANDON_AFTER_TURNS if may_never_end(opts, config.players) else None
        self._hands: list[list[int]] = []
        self._keys: list[int] = []
        unit = _UNIT
        for tiles in deal.hands:
            counts, key = [0] * KIND_COUNT, 0
            for kind in tiles:
                counts[kind] += 1
                key += unit[kind]
            self._hands.append(counts)
            self._keys.append(key)
        self._winning = self._ev.winning_keys
        self.stock: list[int] = list(deal.stock)
        self.stock_drawn = 0
        self.table: list[int] = []
        self.current_player = deal.first_player
        # The first player holds one tile more and starts by discarding (or declaring),
        # unless opening=draw: then the first turn is an ordinary one.
        self.phase = "start" if config.draw_first else "hold"
        self.after = "start" if config.draw_first else "deal"
        self.taken: int | None = None
        self.drawn: int | None = None
        self.turn = 1
        self.opening = True
        self._opening_stage = 0
        self._drew = False
        self._took = False
        self.took_last = [False] * self.players
        self.turns_without_draw = 0
        #: Passes in a row (``stock-out=play-on``): a full round of them ends the game.
        self.passes = 0
        self.winner: int | None = None
        self.reason: str | None = None
        self._decomposition: Decomposition | None = None
        self.winning_hand: tuple[Tile, ...] = ()
        self._moves: list[Action] = []  # every action stepped on, for history, undo and pickling

    # ------------------------------------------------------------ queries
    @property
    def decomposition(self) -> Decomposition | None:
        """The winning split: the one set for the declaration (a log's), else the hand's first in canonical order."""
        if self._decomposition is None and self.reason == "declared" and self.winner is not None:
            self._decomposition = self._ev.decompositions(self._hands[self.winner])[0]
        return self._decomposition

    @decomposition.setter
    def decomposition(self, split: Decomposition | None) -> None:
        self._decomposition = split

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_drawn

    def hand(self, seat: int) -> list[Tile]:
        """A seat's tiles, greatest first."""
        return list(tiles_from_counts(self._hands[seat]))

    def hand_counts(self, seat: int) -> tuple[int, ...]:
        return tuple(self._hands[seat])

    def table_tiles(self) -> list[Tile]:
        """The face-up discards, oldest first."""
        return [Tile.from_index(k) for k in self.table]

    def can_declare(self) -> bool:
        return self.phase == "hold" and self._keys[self.current_player] in self._winning

    def hand_key(self, seat: int) -> int:
        """The packed key of a seat's hand (see :func:`gupai.core.hands.hand_key`)."""
        return self._keys[seat]

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order."""
        phase = self.phase
        if phase == "hold":
            hand = self._hands[self.current_player]
            actions: list[Action] = []
            if self._keys[self.current_player] in self._winning:
                actions.append(DECLARE)
                if self._must_declare:
                    return actions
            discards = DISCARDS
            actions.extend(discards[k] for k in self._discardable(hand))
            return actions
        if phase == "start":
            takes = TAKES
            return [*(takes[k] for k in self._takeable()), PASS if self.stock_left == 0 else DRAW]
        if phase == "draw":
            return [DRAW]
        return []

    def _discardable(self, hand: Sequence[int]) -> list[int]:
        if self.after == "draw" and self._discard_drawn and self.drawn is not None:
            return [self.drawn]
        banned = self.taken if self._throw_back_barred(hand) else None
        return [k for k in range(KIND_COUNT) if hand[k] and k != banned]

    def _throw_back_barred(self, hand: Sequence[int]) -> bool:
        """Whether the face just taken may not be the discard now (rule turn.discard)."""
        if self.after != "take" or self._taken_back or self.taken is None:
            return False
        return not (self._held_copy and hand[self.taken] > 1)

    def _takeable(self) -> list[int]:
        if not self.table:
            return []
        if not self._two_tiles and self._no_consecutive and self.took_last[self.current_player]:
            return []
        if not self._take_any:
            return [self.table[-1]]
        return sorted(set(self.table))

    # ------------------------------------------------------------- moves
    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action (or its text, e.g. ``"discard 6-6"``) and return what it did, as in every family.

        An illegal action raises :class:`IllegalActionError`; what is neither an action nor text, :class:`TypeError`.
        """
        action = self._action(action)
        problem = self.why_illegal(action)
        if problem is not None:
            rule, message = problem
            raise IllegalActionError(message, where=f"turn {self.turn}", rule=rule)
        return [self.apply_unchecked(action)]

    def apply_unchecked(self, action: Action) -> Event:
        """Apply an action already known to be legal (a replay's checks passed), without checking it again."""
        seat = self.current_player
        kind = self.step(action)
        if kind >= 0:
            return Event(action.__class__.__name__.lower(), seat, Tile.from_index(kind))
        if kind == -2:
            return Event("pass", seat)
        return Event("declare", seat, hand=self.winning_hand, decomposition=self.decomposition)

    def step(self, action: Action) -> int:
        """Apply a legal action; return the kind moved (taken, drawn, discarded), -1 for a declaration, -2 a pass."""
        seat = self.current_player
        hand = self._hands[seat]
        cls = action.__class__
        self._moves.append(action)
        if cls is Discard:
            kind = action.tile.index  # type: ignore[union-attr]
            hand[kind] -= 1
            self._keys[seat] -= _UNIT[kind]
            self.table.append(kind)
            if self.opening and self._opening_draw and self._opening_stage == 0:
                self._opening_stage = 1
                self.phase = "draw"
            elif self.after == "take" and self._two_tiles:
                self.phase = "draw"
            else:
                self._end_turn()
            return kind
        if cls is Pass:
            self.passes += 1
            self._end_turn()
            return -2
        if cls is Draw:
            kind = self.stock[self.stock_drawn]
            self.stock_drawn += 1
            hand[kind] += 1
            self._keys[seat] += _UNIT[kind]
            self.phase, self.after, self.drawn, self._drew = "hold", "draw", kind, True
            return kind
        if cls is Take:
            kind = action.tile.index  # type: ignore[union-attr]
            table = self.table
            at = len(table) - 1 - table[::-1].index(kind)
            del table[at]
            hand[kind] += 1
            self._keys[seat] += _UNIT[kind]
            self.phase, self.after, self.taken, self._took = "hold", "take", kind, True
            return kind
        # Declare
        self.winner, self.reason, self.phase = seat, "declared", "over"
        self._decomposition = None  # the split: found when asked for (a replay shows its own)
        self.winning_hand = tuple(self.hand(seat))
        return -1

    def _end_turn(self) -> None:
        self.took_last[self.current_player] = self._took
        self.turns_without_draw = 0 if self._drew else self.turns_without_draw + 1
        if self._took:
            self.passes = 0
        if self.stock_left == 0 and (not self._play_on or self.passes >= self.players):
            self.phase, self.reason = "over", "stock-exhausted"
            return
        if self._dead_round and self.turns_without_draw >= 3 * self.players:
            self.phase, self.reason = "over", "dead-rounds"
            return
        self.current_player = (self.current_player + 1) % self.players
        self.turn += 1
        self.phase, self.after = "start", "start"
        self.taken = self.drawn = None
        self._drew = self._took = False
        self.opening = False

    # ------------------------------------------------------ explanations
    def why_illegal(self, action: Action) -> tuple[str, str] | None:
        """``None`` for a legal action, else (rule id, a sentence saying why)."""
        seat = self.current_player
        who = self._who[seat]
        phase = self.phase
        if phase == "over":
            return self.over_rule(), f"{who} cannot {action}: the game is over ({self.reason})"
        hand = self._hands[seat]
        if type(action) is Declare:
            if phase != "hold":
                return (
                    self.config.rule("declare"),
                    f"{who} declared holding {sum(hand)} tiles: a win needs {self._ev.size}",
                )
            if self._keys[seat] not in self._winning:
                return self._why_not_winning(who, hand)
            return None
        if self.opening or phase == "hold":  # the checks of a turn's first step (none apply otherwise)
            if phase == "hold" and self._must_declare and self._keys[seat] in self._winning:
                return (
                    self.config.rule("declare"),
                    f"{who} holds a winning hand and must declare it (option declare=mandatory)",
                )
            if self.opening and phase == "start" and self.config.draw_first and type(action) is Discard:
                return self.config.rule("opening"), (
                    f"{who} discarded [{action.tile}] holding {sum(hand)} tiles, but under option opening=draw "
                    "the first turn starts by drawing"
                )
            if phase == "hold" and self.after == "deal" and type(action) is not Discard:
                return (
                    self.config.rule("opening"),
                    f"{who} opens holding {sum(hand)} tiles: the opening turn starts with a discard",
                )
            if self.opening and phase == "draw" and type(action) is not Draw:
                return self.config.rule("opening"), (
                    f"{who} must draw after the opening discard (option opening=discard-draw-discard), not {action}"
                )
        if type(action) is Discard:
            kind = action.tile.index
            if phase != "hold":
                step = "draw" if phase == "draw" else "take a discard or draw"
                return self.config.rule("turn.discard"), f"{who} discarded [{action.tile}] but must first {step}"
            if not hand[kind]:
                return self.config.rule("turn.discard"), f"{who} discarded [{action.tile}], which is not in the hand"
            if self.after == "draw" and self._discard_drawn and kind != self.drawn:
                drawn = Tile.from_index(self.drawn) if self.drawn is not None else None
                return self.config.rule("turn.draw"), (
                    f"{who} kept the drawn [{drawn}] and discarded [{action.tile}], but under option "
                    "drawn-tile=discard-unless-win the drawn tile must be discarded"
                )
            if kind == self.taken and self._throw_back_barred(hand):
                if self._held_copy:
                    return self.config.rule("turn.discard"), (
                        f"{who} threw back the [{action.tile}] just taken, holding no copy of it from before the "
                        "take, but under option discard-taken=taken-tile another tile must go"
                    )
                held = " (or a copy held before the take: the rule forbids the face)" if hand[kind] > 1 else ""
                return self.config.rule("turn.discard"), (
                    f"{who} threw back the [{action.tile}] just taken{held}, but under option "
                    "discard-taken=forbidden a tile of another face must go"
                )
            return None
        if type(action) is Pass:
            if phase == "start" and self.stock_left == 0 and self._play_on:
                return None
            if phase == "start":
                return self.config.rule("end.stock"), (
                    f"{who} passed, but a pass is allowed only when the stock is empty under option "
                    f"stock-out=play-on ({self.stock_left} tiles left): take a discard or draw"
                )
            step = "draw" if phase == "draw" else "discard (or declare)"
            return self.config.rule("end.stock"), f"{who} passed but must {step}: a pass only starts a turn"
        if type(action) is Draw:
            if self.stock_left == 0:
                return self.config.rule("end.stock"), f"{who} drew, but the stock is empty: take a discard or pass"
            if phase == "hold":
                return (
                    self.config.rule("turn.discard"),
                    f"{who} drew holding {sum(hand)} tiles: a discard (or a win) comes first",
                )
            if phase == "start" or phase == "draw":
                return None
        if type(action) is Take:
            kind = action.tile.index
            if phase == "draw":
                return self.config.rule("turn.shape"), f"{who} took [{action.tile}] from the table but must draw now"
            if phase == "hold":
                return (
                    self.config.rule("turn.take"),
                    f"{who} took [{action.tile}] holding {sum(hand)} tiles: discard first",
                )
            if kind not in self.table:
                shown = " ".join(f"[{t}]" for t in self.table_tiles()) or "nothing"
                return (
                    self.config.rule("turn.take"),
                    f"{who} took [{action.tile}], which is not on the table (table: {shown})",
                )
            if not self._take_any and kind != self.table[-1]:
                latest = Tile.from_index(self.table[-1])
                return self.config.rule("turn.take"), (
                    f"{who} took [{action.tile}] from the table, but under option take=latest only the latest "
                    f"discard [{latest}] may be taken"
                )
            if self._no_consecutive and kind not in self._takeable():  # the checks above cover the rest
                return self.config.rule("end.termination"), (
                    f"{who} took [{action.tile}] after taking last turn too, but under option "
                    "termination=no-consecutive-takes this turn must draw"
                )
            return None
        return self.config.rule("turn.shape"), f"{who} cannot {action} now"  # pragma: no cover

    def _why_not_winning(self, who: str, hand: Sequence[int]) -> tuple[str, str]:
        """Say which rule a non-winning declaration breaks, naming the reading it would need."""
        rule = self.config.rule
        shown = " ".join(f"[{t}]" for t in self.hand(self.current_player))
        flip = flipped_reading(self.config, hand)
        if flip is not None:
            suffix, option, other = flip
            current = self.config.options[option]
            return rule(suffix), (
                f"{who} declared {shown}, which splits into an eye and ten-pairs only under option "
                f"{option}={other}, not {option}={current}"
            )
        return rule("declare.valid"), f"{who} declared {shown}, which is not an eye and ten-pairs"

    def over_rule(self) -> str:
        """The rule that ended the game: a move after the end breaks it."""
        suffix = {
            "declared": "end.win",
            "stock-exhausted": "end.stock",
            "dead-rounds": "end.termination",
            "abandoned": "end.abandoned",
        }
        return self.config.rule(suffix.get(self.reason or "declared", "end.win"))

    def abandon(self) -> None:
        """Stop a game that has not ended (``ks.end.abandoned``): no winner, the turns played so far.

        A turn in which nothing has happened yet is not counted.

        >>> from gupai.games.kap.config import collecting_config
        >>> from gupai.games.kap.deal import deal_from_order
        >>> config = collecting_config("kap-shap")
        >>> state = KapState(config, deal_from_order(config, list(range(21)) + [0] * 11, dice=(1, 1, 1, 1)))
        >>> state.abandon()
        >>> state.is_terminal, state.result()["reason"], state.result()["turns"]
        (True, 'abandoned', 0)
        """
        if self.phase == "over":
            raise IllegalActionError("the game is already over", where=f"turn {self.turn}", rule=self.over_rule())
        idle = self.after in ("start", "deal") and self.phase in ("start", "hold")
        if idle:
            self.turn -= 1
        self.phase, self.reason = "over", "abandoned"

    # ------------------------------------------------------------ result
    def result(self) -> dict[str, Any]:
        """The outcome: winner, reason, winning hand and split, settlement."""
        doc: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "turns": self.turn}
        if self.decomposition is not None:
            doc["hand"] = [str(t) for t in self.winning_hand]
            doc["decomposition"] = self.decomposition.to_json()
        doc["settlement"] = self.settlement()
        return doc

    def settlement(self) -> list[int]:
        """What each seat wins (+) or pays (-): every other player pays the winner one stake; no winner, no payment."""
        n = self.players
        return [0] * n if self.winner is None else [n - 1 if seat == self.winner else -1 for seat in range(n)]
