"""What every game family implements: the :class:`Game` and :class:`State` protocols.

In the manner of OpenSpiel, a :class:`Game` is a game fully fixed by its
options (players, sets, option values); it cuts deals (chance made explicit:
a shuffled order, and dice where the game throws them) and starts plays. A
:class:`State` is one play: ask :meth:`~State.legal_actions`,
:meth:`~State.apply` one, until :attr:`~State.is_terminal`, then read
:meth:`~State.result` (or :meth:`~State.returns`); a state also copies
(:meth:`~State.clone`), takes moves back (:meth:`~State.undo`) and shows
one seat's view (:meth:`~State.observation`).

Both are structural (:class:`typing.Protocol`): a family's classes satisfy
them without inheriting, and mypy checks that they do. The one place that
maps a game id to its family is :mod:`gupai.games.registry`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from gupai.core.spec import game_spec

__all__ = ["ActionT", "ConfigT", "DealT", "Game", "State", "StateT", "deal_rng", "game_repr"]

ActionT = TypeVar("ActionT")
ConfigT = TypeVar("ConfigT", covariant=True)
DealT = TypeVar("DealT")
StateT = TypeVar("StateT", covariant=True)


class State(Protocol[ActionT]):
    """One play of a game, from a deal: legal actions, apply, result."""

    @property
    def current_player(self) -> int:
        """The seat to act."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the play is over."""
        ...

    def legal_actions(self) -> list[ActionT]:
        """Every legal action for the seat to act, in a fixed order (empty once over)."""
        ...

    def why_illegal(self, action: ActionT) -> tuple[str, str] | None:
        """``None`` for a legal action, else (rule id, a sentence saying why)."""
        ...

    def apply(self, action: ActionT) -> list[Any]:
        """Apply a legal action (or its text) and return the events it caused (an illegal one raises
        :class:`~gupai.core.errors.IllegalActionError`)."""
        ...

    def result(self) -> dict[str, Any]:
        """The outcome as the log's ``result`` records it."""
        ...

    def returns(self) -> tuple[int, ...]:
        """What each seat has won (+) or lost (-) so far."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know now, and nothing else."""
        ...

    @property
    def history(self) -> list[ActionT]:
        """Every action applied so far, oldest first."""
        ...

    def undo(self) -> ActionT:
        """Take back the last action and return it."""
        ...

    def clone(self) -> Self:
        """An independent copy of this play."""
        ...


class Game(Protocol[ConfigT, DealT, StateT]):
    """A game fully fixed by its options: cuts deals and starts plays."""

    @property
    def config(self) -> ConfigT:
        """The family's configuration: spec, options, and what they fix."""
        ...

    @property
    def id(self) -> str:
        """The game's id, e.g. ``kap-shap``."""
        ...

    @property
    def players(self) -> int:
        """How many seats play."""
        ...

    def deal_from_order(self, order: Sequence[int], *, dice: Sequence[int] | None = None) -> DealT:
        """Cut a shuffled order (tile kind indices) into a deal, as the options say."""
        ...

    def random_deal(self, *, seed: int | str = 0, rng: random.Random | None = None) -> DealT:
        """Shuffle and cut a deal: from ``rng`` when given, else the seed's own deal stream."""
        ...

    def new_state(self, deal: DealT) -> StateT:
        """The play that starts from ``deal``."""
        ...


#: The result of a game in progress, as PGN writes it: a log of format 2 on records an unfinished game with it
#: (or with no result at all); :func:`is_unfinished` reads it.
UNFINISHED = "*"


def is_unfinished(doc: Mapping[str, Any]) -> bool:
    """Whether a schema-valid log records a game in progress (its result ``"*"`` or absent, format 2 on).

    >>> is_unfinished({"result": "*"}), is_unfinished({}), is_unfinished({"result": {"winner": 0}})
    (True, True, False)
    """
    return bool(doc.get("result", UNFINISHED) == UNFINISHED)


def deal_rng(game: str, seed: int | str) -> random.Random:
    """The random stream a game's deal is drawn from for ``seed`` (as ``gupai play`` draws it).

    >>> deal_rng("kap-shap", 1).random() == random.Random("gupai:kap-shap:deal:1").random()
    True
    """
    return random.Random(f"gupai:{game}:deal:{seed}")


def game_repr(game: str, options: Mapping[str, str], *, players: int, sets: int) -> str:
    """A game as the call to :func:`gupai.load_game` that makes it: the preset, and each option set apart from it.

    >>> from gupai.games.registry import load_game
    >>> load_game("kap-tai-shap", "pagat", players=5, take="latest")
    gupai.load_game('kap-tai-shap', 'pagat', players=5, sets=2, take='latest')
    """
    preset = getattr(options, "preset", "culin")
    chosen = game_spec(game).preset(preset).as_dict()
    changed = "".join(
        f", {key.replace('-', '_')}={value!r}" for key, value in options.items() if chosen.get(key) != value
    )
    return f"gupai.load_game({game!r}, {preset!r}, players={players}, sets={sets}{changed})"
