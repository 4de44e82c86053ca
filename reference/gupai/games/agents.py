"""Agents that play the games: ``random``, ``greedy`` and (the collecting games only) ``navpil``.

An agent is anything with a ``name`` and a ``choose(state, legal, rng)``
method returning one of ``legal``, for any :class:`~gupai.games.base.State`;
the agents are listed in :data:`AGENTS`, and each family's greedy policy in
:data:`GREEDY_POLICIES`, by hand (nothing registers itself by import). Agents are deterministic given the ``rng``
they are handed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from gupai.core.errors import OptionError
from gupai.games.base import ActionT, State
from gupai.games.kap.actions import Declare
from gupai.games.kap.greedy import greedy_kap
from gupai.games.kap.navpil import navpil_kap
from gupai.games.kap.state import KapState
from gupai.games.tsung.greedy import greedy_tsung
from gupai.games.tsung.state import TsungState

__all__ = [
    "AGENTS",
    "GREEDY_POLICIES",
    "Agent",
    "GreedyAgent",
    "GreedyPolicy",
    "NavpilAgent",
    "RandomAgent",
    "make_agent",
    "seat_agents",
]


class Agent(Protocol):
    """The agent interface: pick one of the legal actions."""

    name: str

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT: ...


class RandomAgent:
    """Picks uniformly among the legal actions (declares any win it holds)."""

    name = "random"

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        for action in legal:
            if isinstance(action, Declare):
                return action
        return legal[0] if len(legal) == 1 else rng.choice(legal)


#: A family's greedy policy: (state, legal actions, rng) -> one of the legal actions.
GreedyPolicy = Callable[[Any, Sequence[Any], random.Random], Any]


class GreedyAgent:
    """Plays each family's greedy policy (see :data:`GREEDY_POLICIES`).

    In the collecting games it keeps the tiles closest to a winning hand
    (:func:`gupai.games.kap.greedy.greedy_kap`); in Tsung Shap it takes the
    best capture there is.
    """

    name = "greedy"

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        if len(legal) == 1:
            return legal[0]
        policy = GREEDY_POLICIES.get(type(state))
        if policy is None:  # pragma: no cover - every engine has one
            raise OptionError(f"the greedy agent has no policy for {type(state).__name__}", where="agents")
        return cast(ActionT, policy(state, legal, rng))


class NavpilAgent:
    """Plays the strategy of navpil's Java simulator in Kap Shap and Kap Tai Shap
    (:func:`gupai.games.kap.navpil.navpil_kap`): tiles bucketed by value mod 10,
    deadwood discarded by the fewest unseen complements; it never declines a win."""

    name = "navpil"

    def choose(self, state: State[ActionT], legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(state, KapState):
            raise OptionError(
                f"the navpil agent plays Kap Shap and Kap Tai Shap, not {type(state).__name__}", where="agents"
            )
        return cast(ActionT, navpil_kap(state, cast(Sequence[Any], legal)))


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "navpil": NavpilAgent}

#: The greedy agent's policy for each engine's state type.
GREEDY_POLICIES: dict[type, GreedyPolicy] = {
    KapState: lambda state, legal, rng: greedy_kap(state, legal),
    TsungState: greedy_tsung,
}


def make_agent(name: str) -> Agent:
    """A new agent by name.

    >>> make_agent("greedy").name
    'greedy'
    """
    try:
        return AGENTS[name]()
    except KeyError:
        raise OptionError(f"unknown agent {name!r} (agents: {', '.join(sorted(AGENTS))})", where=name) from None


def seat_agents(agents: Sequence[str], players: int) -> list[str]:
    """One agent name a seat: one name for every seat, or one a seat.

    >>> seat_agents(["greedy"], 3), seat_agents(["greedy", "random"], 2)
    (['greedy', 'greedy', 'greedy'], ['greedy', 'random'])
    """
    names = list(agents) or ["greedy"]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise OptionError(f"{len(names)} agents given for {players} players: give one, or one a seat", where="agents")
    return names
