"""What a state offers beside the rules, the same in every family: copy, undo, history, pickle, text actions.

Each family's state inherits :class:`Handling` (through its family's mixin,
:class:`gupai.games.kap.view.KapView` or :class:`gupai.games.tsung.view.TsungView`)
and records every move it steps on in ``_moves``. From the deal and those
moves a state is rebuilt exactly (the deal fixes chance), so undo, pickling
and a log's restore are replays, never a second copy of the rules. A state
knows no log format: :mod:`gupai.log.write` writes and reads logs of it.

>>> from gupai.games.registry import load_game
>>> game = load_game("kap-shap")
>>> state = game.new_state(game.random_deal(seed=1))
>>> copy = state.clone()
>>> copy.apply(copy.legal_actions()[-1])[0].type
'discard'
>>> len(copy.history), len(state.history)
(1, 0)
>>> str(copy.undo()) == str(state.legal_actions()[-1]), len(copy.history)
(True, 0)
>>> import pickle
>>> pickle.loads(pickle.dumps(copy)).history == copy.history
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from gupai.core.errors import IllegalActionError

__all__ = ["Handling", "UndoError"]


class UndoError(IllegalActionError):
    """Nothing to undo, or a state set up in mid-play (no deal to replay from)."""


class Handling:
    """The family-independent handling of a state: clone, undo, history, pickle, actions given as text.

    A family's mixin names its mutable fields (:attr:`_LISTS`: lists copied
    by a clone; :attr:`_NESTED`: lists of lists), its action classes
    (:attr:`_ACTION_TYPES`) and how to parse an action's text (:meth:`_parse`).
    """

    _LISTS: ClassVar[tuple[str, ...]] = ()
    _NESTED: ClassVar[tuple[str, ...]] = ()
    _ACTION_TYPES: ClassVar[tuple[type, ...]] = ()
    #: Fields a pickled position leaves out, made again from the configuration (:meth:`_derive`) or on demand.
    _DERIVED: ClassVar[tuple[str, ...]] = ()
    _moves: list[Any]
    config: Any
    deal: Any

    # ------------------------------------------------------------ copies
    def clone(self) -> Self:
        """An independent copy of this play, made field by field (no replay, no deep copy)."""
        fields = self.__dict__.copy()
        for name in self._LISTS:
            fields[name] = fields[name].copy()
        for name in self._NESTED:
            fields[name] = [inner.copy() for inner in fields[name]]
        twin = object.__new__(type(self))
        twin.__dict__.update(fields)
        return twin

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    # ------------------------------------------------------------ history
    @property
    def history(self) -> list[Any]:
        """Every action applied so far, oldest first (each as :meth:`legal_actions` lists it)."""
        return [self._action_of(move) for move in self._moves]

    def _action_of(self, move: Any) -> Any:
        """A recorded move as its action (a family recording codes maps them back)."""
        return move

    def _replayable(self) -> bool:
        """Whether the play is its deal and its moves (not a position set up in mid-play)."""
        return bool(self.deal.order)

    def _check_replayable(self, doing: str) -> None:
        if not self._replayable():
            raise UndoError(
                f"cannot {doing}: the state was set up in mid-play (from_position), so there is no deal to replay",
                where="state",
            )

    def replayed(self, moves: Sequence[Any]) -> Self:
        """A new play from this state's deal with ``moves`` (as :attr:`history` lists them) applied, unchecked."""
        self._check_replayable("replay")
        state = type(self)(self.config, self.deal)  # type: ignore[call-arg]
        for move in moves:
            state.apply_unchecked(move)
        return state

    def undo(self) -> Any:
        """Take back the last action and return it (the play is replayed from the deal without it).

        Raises :class:`UndoError` when nothing has been played (or the state was set up in mid-play).
        """
        if not self._moves:
            raise UndoError("nothing to undo: no action has been applied", where="state")
        self._check_replayable("undo")
        moves = self.history
        earlier = self.replayed(moves[:-1])
        self.__dict__.clear()
        self.__dict__.update(earlier.__dict__)
        return moves[-1]

    def apply_unchecked(self, action: Any) -> object:  # pragma: no cover - each family defines it
        raise NotImplementedError

    # ------------------------------------------------------------ pickling
    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """Pickled as its configuration, deal and moves, restored by replay (a mid-play position as its fields)."""
        if not self._replayable():
            fields = {k: v for k, v in self.__dict__.items() if k not in self._DERIVED}
            return _restore_fields, (type(self), self.config, fields)
        return _restore_play, (type(self), self.config, self.deal, self.history, self._ended(), self._kept())

    def _derive(self) -> None:
        """Make again the fields :attr:`_DERIVED` names that a state needs at once (a family's hook)."""

    def _ended(self) -> str | None:
        """How the play was stopped outside its moves (``abandoned``), else ``None``."""
        return None

    def _kept(self) -> dict[str, Any]:
        """Fields a replay of the moves would not give back (a split a log recorded), to set after it."""
        return {}

    def _end_by(self, reason: str) -> None:  # pragma: no cover - only a family that stops plays defines it
        raise NotImplementedError

    # ------------------------------------------------------------ actions as text
    def _action(self, action: Any) -> Any:
        """``action`` as an action of this family: text is parsed, another type refused with :class:`TypeError`."""
        if isinstance(action, str):
            return self._parse(action)
        if not isinstance(action, self._ACTION_TYPES):
            raise TypeError(f"{type(action).__name__} is not an action of {self.config.spec.id} (or its text)")
        return action

    def _parse(self, text: str) -> Any:  # pragma: no cover - each family defines it
        raise NotImplementedError


def _restore_play(
    cls: type[Handling], config: Any, deal: Any, moves: Sequence[Any], ended: str | None, kept: dict[str, Any]
) -> Handling:
    state: Handling = cls(config, deal)  # type: ignore[call-arg]
    for move in moves:
        state.apply_unchecked(move)
    if ended is not None:
        state._end_by(ended)
    state.__dict__.update(kept)
    return state


def _restore_fields(cls: type[Handling], config: Any, fields: dict[str, Any]) -> Handling:
    state = object.__new__(cls)
    state.__dict__.update(fields)
    state.config = config
    state._derive()
    return state
