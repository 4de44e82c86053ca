"""Agents that play the games: ``random``, ``greedy`` and (the collecting games only) ``navpil``, and yours.

Your own agent is any object with a ``choose(observation, legal_actions)``
method returning one of ``legal_actions`` (or its text): the :class:`Agent`
protocol. It is given only what its seat may know (the state's
``observation(seat)``), never the state. Name it ``module:Class`` (or
``path/to/file.py:Class``) wherever an agent is named: :func:`make_agent`,
``play_game(agents=...)``, ``gupai play|simulate --agents`` (the class is
made with no arguments, once a game a seat, or once a run of ``gupai simulate``).

The built-in agents are engine players (:class:`Player`): the engines hand
them the state itself through ``choose(state, legal, rng)``, which is what
lets the compiled fast path replay them move for move. ``random`` and
``greedy`` are :class:`Agent` s too: handed an observation, they play from it
alone (:mod:`gupai.games.seatview`); ``navpil`` plays only on the engines.
They are listed in :data:`AGENTS`, and each family's greedy policy in
:data:`GREEDY_POLICIES`, by hand (nothing registers itself by import). Agents are deterministic given
the ``rng`` they are handed.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from gupai.core.errors import GupaiError, OptionError
from gupai.core.options import suggestion
from gupai.games.base import ActionT, State
from gupai.games.kap.actions import Declare
from gupai.games.kap.greedy import greedy_kap
from gupai.games.kap.navpil import navpil_kap
from gupai.games.kap.state import KapState
from gupai.games.kap.view import KapObservation
from gupai.games.seatview import kap_seat_view, tsung_seat_view
from gupai.games.tsung.greedy import greedy_tsung
from gupai.games.tsung.state import TsungState
from gupai.games.tsung.view import TsungObservation

__all__ = [
    "AGENTS",
    "GREEDY_POLICIES",
    "HUMAN",
    "Agent",
    "AgentError",
    "GreedyAgent",
    "GreedyPolicy",
    "NavpilAgent",
    "ObservingPlayer",
    "Player",
    "RandomAgent",
    "agent_name",
    "make_agent",
    "seat_agents",
]


@runtime_checkable
class Agent(Protocol):
    """Your agent: pick one of the legal actions from what the seat may know.

    ``observation`` is the state's ``observation(seat)``
    (:class:`~gupai.games.kap.view.KapObservation` or
    :class:`~gupai.games.tsung.view.TsungObservation`); return one of
    ``legal_actions`` or its text (``"discard 6-6"``).
    """

    def choose(self, observation: Any, legal_actions: Sequence[Any], /) -> Any: ...


class Player(Protocol):
    """What the engines' loops ask for a move: the built-in agents, and yours through :class:`ObservingPlayer`."""

    name: str

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT: ...


class AgentError(GupaiError):
    """A user's agent that cannot be loaded, fails, or returns an action that is not legal."""


#: An agent as named (text) or made (an object).
AgentT = TypeVar("AgentT")


class ObservingPlayer:
    """A user's :class:`Agent` as an engine player: shown only its seat's observation, its answer checked."""

    def __init__(self, agent: Agent, name: str) -> None:
        self.agent = agent
        self.name = name

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        seat = state.current_player
        observation = state.observation(seat)  # type: ignore[attr-defined]
        try:
            action = self.agent.choose(observation, list(legal))
        except GupaiError:
            raise
        except Exception as error:  # the user's code: any failure is reported, one line
            raise AgentError(f"agent {self.name} failed: {type(error).__name__}: {error}", where=self.name) from error
        if isinstance(action, str):
            shown = {str(a): a for a in legal}
            if action in shown:
                return shown[action]
        elif action in legal:
            return cast(ActionT, action)
        raise AgentError(
            f"agent {self.name} chose {action!r} as seat {seat}, which is not one of the {len(legal)} legal actions "
            f"({', '.join(map(str, legal[:6]))}{', ...' if len(legal) > 6 else ''})",
            where=self.name,
        )


class RandomAgent:
    """Picks uniformly among the legal actions (declares any win it holds).

    Given a state by the engines, or an observation as an :class:`Agent` (then from its own ``rng``).
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, state: Any, legal: Sequence[ActionT], rng: random.Random | None = None) -> ActionT:
        for action in legal:
            if isinstance(action, Declare):
                return action
        return legal[0] if len(legal) == 1 else (rng or self.rng).choice(legal)


#: A family's greedy policy: (state, legal actions, rng) -> one of the legal actions.
GreedyPolicy = Callable[[Any, Sequence[Any], random.Random], Any]


class GreedyAgent:
    """Plays each family's greedy policy (see :data:`GREEDY_POLICIES`).

    In the collecting games it keeps the tiles closest to a winning hand
    (:func:`gupai.games.kap.greedy.greedy_kap`); in Tsung Shap it takes the
    best capture there is.
    """

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(0)

    def choose(self, state: Any, legal: Sequence[ActionT], rng: random.Random | None = None) -> ActionT:
        """The policy's action, given the state (by the engines) or the seat's observation (as an :class:`Agent`)."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(state, KapObservation):
            return cast(ActionT, greedy_kap(cast(Any, kap_seat_view(state)), cast(Sequence[Any], legal)))
        if isinstance(state, TsungObservation):
            return cast(ActionT, greedy_tsung(cast(Any, tsung_seat_view(state)), cast(Any, legal), rng or self.rng))
        policy = GREEDY_POLICIES.get(type(state))
        if policy is None:  # pragma: no cover - every engine has one
            raise OptionError(f"the greedy agent has no policy for {type(state).__name__}", where="agents")
        return cast(ActionT, policy(state, legal, rng or self.rng))


class NavpilAgent:
    """Plays the strategy of navpil's Java simulator in Kap Shap and Kap Tai Shap
    (:func:`gupai.games.kap.navpil.navpil_kap`): tiles bucketed by value mod 10,
    deadwood discarded by the fewest unseen complements; it never declines a win."""

    name = "navpil"

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        if len(legal) == 1:
            return legal[0]
        if isinstance(state, KapObservation | TsungObservation):
            raise AgentError("the navpil agent plays on the engines only, given the state, not an observation")
        if not isinstance(state, KapState):
            game = getattr(getattr(getattr(state, "config", None), "spec", None), "name", "this game")
            raise OptionError(f"the navpil agent plays Kap Shap and Kap Tai Shap, not {game}", where="agents")
        return cast(ActionT, navpil_kap(state, cast(Sequence[Any], legal)))


#: The agent name of a person at the terminal (:class:`gupai.games.human.Human`), beside :data:`AGENTS`.
HUMAN = "human"

AGENTS: dict[str, Callable[[], Player]] = {"random": RandomAgent, "greedy": GreedyAgent, "navpil": NavpilAgent}

#: The greedy agent's policy for each engine's state type.
GREEDY_POLICIES: dict[type, GreedyPolicy] = {
    KapState: lambda state, legal, rng: greedy_kap(state, legal),
    TsungState: greedy_tsung,
}


def agent_name(agent: str | Agent) -> str:
    """How a log names an agent: its name, or its ``name`` attribute, else its class's name.

    >>> agent_name("greedy"), agent_name(RandomAgent())
    ('greedy', 'random')
    """
    if isinstance(agent, str):
        return agent
    return str(getattr(agent, "name", type(agent).__name__))


def make_agent(name: str | Agent) -> Player:
    """A new agent by name: a built-in one, or yours as ``module:Class`` or ``file.py:Class`` (or already made).

    >>> make_agent("greedy").name
    'greedy'
    >>> make_agent("gready")
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: unknown agent 'gready' (agents: greedy, navpil, random, human, or module:Class) Did you mean 'greedy'?
    """
    if not isinstance(name, str):
        if isinstance(name, GreedyAgent | RandomAgent | NavpilAgent):  # a built-in agent, made already
            return name
        if callable(getattr(name, "decide", None)):  # a person (gupai.games.human.Human): plays on the engines
            return cast(Player, name)
        if not isinstance(name, Agent):
            raise AgentError(f"{agent_name(name)} has no choose(observation, legal_actions) method", where="agents")
        return ObservingPlayer(name, agent_name(name))
    made = AGENTS.get(name)
    if made is not None:
        return made()
    if name == HUMAN:  # a person: at the terminal through gupai play; in Python as gupai.Human() (games.human)
        raise OptionError(
            "the human agent plays through `gupai play GAME --agents human,...`; in Python pass gupai.Human()",
            where=name,
        )
    if ":" not in name:
        raise OptionError(
            f"unknown agent {name!r} (agents: {', '.join(sorted(AGENTS))}, {HUMAN}, or module:Class)"
            f"{suggestion(name, [*AGENTS, HUMAN])}",
            where=name,
        )
    return ObservingPlayer(_user_agent(name), name)


def _user_agent(name: str) -> Agent:
    """Import ``module:Class`` (the current directory searched first) or ``file.py:Class``, and make one."""
    where, _, attribute = name.rpartition(":")
    try:
        if where.endswith(".py"):
            path = Path(where).resolve()
            key = f"gupai_agent_file:{path}"  # loaded once a process, as an imported module is
            module = sys.modules.get(key)  # type: ignore[assignment]
            if module is None:
                spec = importlib.util.spec_from_file_location(path.stem, path)
                if spec is None or spec.loader is None or not path.is_file():
                    raise OptionError(f"agent {name}: no Python file {where}", where=name)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                sys.modules[key] = module
        else:
            if "" not in sys.path and str(Path.cwd()) not in sys.path:
                sys.path.insert(0, str(Path.cwd()))
            module = importlib.import_module(where)
        made = getattr(module, attribute)()
    except GupaiError:
        raise
    except AttributeError:
        raise AgentError(f"agent {name}: {where} has no {attribute!r}", where=name) from None
    except Exception as error:  # the user's module: any failure to load it is reported, one line
        raise AgentError(f"agent {name} cannot be loaded: {type(error).__name__}: {error}", where=name) from error
    if not isinstance(made, Agent):
        raise AgentError(f"agent {name}: {attribute} has no choose(observation, legal_actions) method", where=name)
    return made


def seat_agents(agents: Sequence[AgentT], players: int) -> list[AgentT]:
    """One agent name a seat: one name for every seat, or one a seat.

    >>> seat_agents(["greedy"], 3), seat_agents(["greedy", "random"], 2)
    (['greedy', 'greedy', 'greedy'], ['greedy', 'random'])
    """
    names: list[Any] = list(agents) or ["greedy"]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise OptionError(f"{len(names)} agents given for {players} players: give one, or one a seat", where="agents")
    return names
