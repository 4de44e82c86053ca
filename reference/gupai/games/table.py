"""A game at a table: seats held by people or agents, one decision at a time, on the reference engine.

A :class:`Table` deals a game as ``gupai play --seed`` deals it and asks each
seat in turn: an agent (``greedy``, ``random``, yours) is asked as the
engines ask it, a person (:class:`gupai.games.human.Human`, or any player
with a ``decide(table)`` method) is handed the table. What a person types is
read by :func:`read_choice`: a move's number or its text, checked by the
state itself (``why_illegal``), so a refusal names the rule the engine
names, with the rule's own words from ``spec/`` (:class:`Refusal`). Nothing
of the rules is written here a second time.

A person may take back their decision (:meth:`Table.take_back`: the play
goes back to their previous decision, the agents' random stream with it),
ask for a hint (:func:`hint`: what the greedy agent would do, and in the
collecting games how far the hand is from a win), or stop (:class:`Quit`);
:func:`gupai.log.write.table_log` is the game so far as a log (the games
layer knows no log format).

>>> from gupai.games.registry import load_game
>>> table = Table(load_game("kap-shap"), seed=1, agents=["greedy"])
>>> table.run().result()["reason"]
'declared'
>>> from gupai.log.play import play
>>> from gupai.log.write import table_log
>>> table_log(table) == play(load_game("kap-shap"), seed=1)
True
>>> state = Table(load_game("kap-shap"), seed=1).state
>>> read_choice(state, "1"), read_choice(state, "discard 6-6")
(Discard(tile=Tile('6-6')), Discard(tile=Tile('6-6')))
>>> print(read_choice(state, "draw"))
[ks.opening] seat 1 opens holding 8 tiles: the opening turn starts with a discard
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from gupai.core.errors import GupaiError, SpecError
from gupai.core.spec import game_spec
from gupai.games.agents import GREEDY_POLICIES, Agent, Player, agent_name, make_agent, seat_agents
from gupai.games.kap.actions import parse_action
from gupai.games.kap.state import KapState
from gupai.games.tsung.actions import parse_tsung_action

__all__ = ["Hint", "Person", "Quit", "Refusal", "Table", "TakeBack", "hint", "read_choice", "rule_text"]


class Quit(GupaiError):  # noqa: N818  (a request, not a fault: `quit`, or the end of the input)
    """A person stopped the game (``quit``, or the end of their input)."""


class TakeBack(Exception):  # noqa: N818  (a request the table answers, not an error)
    """A person asked to go back to their previous decision (``undo``)."""


@runtime_checkable
class Person(Protocol):
    """A seat held by a person: handed the table, returns one of the legal actions (or raises :class:`Quit`,
    :class:`TakeBack`)."""

    name: str

    def decide(self, table: Table) -> Any: ...


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move that is not played: the rule it breaks (``""`` for text that is no move), why, and the rule's words."""

    rule: str
    why: str
    text: str = ""

    def __str__(self) -> str:
        return f"[{self.rule}] {self.why}" if self.rule else self.why


@dataclass(frozen=True, slots=True)
class Hint:
    """What the greedy agent would play, and (collecting games) the hand's distance from a win (tiles it needs)."""

    action: Any
    distance: int | None

    def __str__(self) -> str:
        away = ""
        if self.distance is not None:
            away = "; your hand is a win" if self.distance == 0 else f"; your hand is {self.distance} tile"
            away += "" if self.distance in (0, 1) else "s"
            away += "" if self.distance == 0 else " from a win"
        return f"the greedy bot would play: {self.action}{away}"


def rule_text(game: str, rule: str) -> str:
    """A rule's plain words from ``spec/`` (``""`` for an id the game does not have).

    >>> rule_text("kap-shap", "ks.turn.discard")[:40]
    'A player who holds one tile more than th'
    """
    try:
        return game_spec(game).rule(rule).text
    except SpecError:
        return ""


def read_choice(state: Any, text: str, legal: Sequence[Any] | None = None) -> Any:
    """The legal action ``text`` names (its number among ``legal``, from 1, or its text), else a :class:`Refusal`.

    The refusal of a move that is not legal is the state's own (``why_illegal``): its rule, why, the rule's words.
    """
    legal = state.legal_actions() if legal is None else legal
    word = " ".join(text.split())
    if word.isdigit():
        number = int(word)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return Refusal("", f"there is no move {number}: choose 1 to {len(legal)}, or type a move")
    for action in legal:
        if str(action).lower() == word.lower():
            return action
    try:
        action = (parse_action if isinstance(state, KapState) else parse_tsung_action)(word.lower())
    except (GupaiError, TypeError) as error:
        return Refusal("", f"{getattr(error, 'message', error)}; type a move's number, or `help`")
    if action in legal:
        return action
    problem = state.why_illegal(action)
    if problem is None:  # pragma: no cover - legal_actions and why_illegal agree (tests hold them to it)
        return Refusal("", f"{action} is not one of the moves offered now")
    rule, why = problem
    return Refusal(rule, why, rule_text(state.config.spec.id, rule))


def hint(state: Any) -> Hint:
    """What the greedy agent would play now, and in the collecting games the distance of the hand to act from a win.

    >>> from gupai.games.registry import load_game
    >>> game = load_game("kap-shap")
    >>> str(hint(game.new_state(game.random_deal(seed=1))))
    'the greedy bot would play: discard 6-6; your hand is 3 tiles from a win'
    """
    legal = state.legal_actions()
    policy = GREEDY_POLICIES[type(state)]
    action = policy(state.clone(), legal, random.Random(0)) if len(legal) > 1 else legal[0]
    distance = None
    if isinstance(state, KapState):
        distance = state.config.evaluator.distance(state.hand_counts(state.current_player))
    return Hint(action, distance)


class Table:
    """One game dealt from ``seed`` (as ``gupai play --seed`` deals it), its seats held by ``agents``.

    ``agents`` are agent names or made agents (one for every seat, or one a
    seat), people among them (:class:`Person`). The agents draw their chance
    from the stream ``gupai play`` gives them: a table of agents alone plays
    the game :func:`gupai.play` plays, move for move.
    """

    def __init__(self, game: Any, *, seed: int = 0, agents: Sequence[str | Agent | Person] = ("greedy",)) -> None:
        self.game = game
        self.seed = seed
        chosen: list[Any] = seat_agents(agents, game.players)
        self.names = [agent_name(agent) for agent in chosen]
        self.seats: list[Person | Player] = [
            agent if isinstance(agent, Person) else make_agent(agent) for agent in chosen
        ]
        self.state: Any = game.new_state(game.random_deal(seed=seed))
        self.rng = random.Random(f"gupai:{game.id}:agents:{seed}")
        #: Each person's decision so far: the moves played before it and the agents' stream then.
        self._marks: list[tuple[int, Any]] = []

    @property
    def people(self) -> list[int]:
        """The seats people hold."""
        return [seat for seat, player in enumerate(self.seats) if isinstance(player, Person)]

    def step(self) -> Any:
        """Ask the seat to act for its move and play it; return the action (a :class:`TakeBack` is answered here)."""
        state = self.state
        seat = state.current_player
        player = self.seats[seat]
        if isinstance(player, Person):
            mark = (len(state.history), self.rng.getstate())
            try:
                action = player.decide(self)
            except TakeBack:
                self.take_back()
                return None
            self._marks.append(mark)
        else:
            action = player.choose(state, state.legal_actions(), self.rng)
        state.apply(action)
        cap = getattr(state, "turn_cap", None)
        if cap is not None and state.turn > cap and not state.is_terminal:
            state.abandon()  # where nothing guarantees an end (may_never_end): the engine's cap (ks.end.abandoned)
        return action

    def run(self) -> Any:
        """Play to the end (a person's :class:`Quit`, or Ctrl-C, goes through with the game so far kept); the state."""
        while not self.state.is_terminal:
            self.step()
        return self.state

    def can_take_back(self) -> bool:
        """Whether a person has a previous decision to go back to."""
        return bool(self._marks)

    def take_back(self) -> bool:
        """Go back to the last person's previous decision (every move since undone); ``False`` if there is none."""
        if not self._marks:
            return False
        moves, stream = self._marks.pop()
        self.state = self.state.replayed(self.state.history[:moves])
        self.rng.setstate(stream)
        return True
