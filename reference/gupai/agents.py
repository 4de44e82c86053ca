"""Agents that play the collecting games: ``random`` and ``greedy``.

An agent is anything with a ``name`` and a ``choose(state, legal, rng)``
method returning one of ``legal``; register new ones in :data:`AGENTS`.
Agents are deterministic given the ``rng`` they are handed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .errors import OptionError
from .kap import Action, Declare, Discard, Draw, KapState, Take
from .strategy import planner_for

__all__ = ["AGENTS", "GREEDY_POLICIES", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]


class Agent(Protocol):
    """The agent interface: pick one of the legal actions."""

    name: str

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomAgent:
    """Picks uniformly among the legal actions (declares any win it holds)."""

    name = "random"

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        for action in legal:
            if isinstance(action, Declare):
                return action
        return legal[0] if len(legal) == 1 else rng.choice(legal)


class GreedyAgent:
    """Keeps the tiles closest to a winning hand.

    It declares every win; takes the discard that most shortens its distance
    from a winning hand (only when it does shorten it); and discards the tile
    whose loss leaves the hand closest to winning, breaking ties towards the
    kind with the most copies already face up on the table (a tile others
    can least use), then the first in the legal order.
    """

    name = "greedy"

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        policy = GREEDY_POLICIES.get(type(state))
        if policy is None:  # pragma: no cover - every engine registers one
            raise OptionError(f"the greedy agent has no policy for {type(state).__name__}", where="agents")
        return policy(state, legal, rng)


def _greedy_kap(state: KapState, legal: Sequence[Action]) -> Action:
    planner = planner_for(state.config.evaluator)
    hand = list(state.hand_counts(state.current_player))
    discards: list[Discard] = []
    takes: list[Take] = []
    for action in legal:
        if isinstance(action, Declare):
            return action
        if isinstance(action, Discard):
            discards.append(action)
        elif isinstance(action, Take):
            takes.append(action)
    if discards:
        best: Discard | None = None
        best_score = (-1, 0)
        seen = _seen_counts(state)
        for action in discards:
            kind = action.tile.index
            hand[kind] -= 1
            score = (planner.kept(hand), seen[kind])
            hand[kind] += 1
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best
    if takes:
        now = planner.kept(hand)
        chosen: Action = next(a for a in legal if isinstance(a, Draw))
        for action in takes:
            kind = action.tile.index
            hand[kind] += 1
            gain = planner.kept(hand)
            hand[kind] -= 1
            if gain > now:
                chosen, now = action, gain
        return chosen
    return legal[0]


def _seen_counts(state: KapState) -> list[int]:
    """Copies of each kind visible on the table (dead for the others)."""
    seen = [0] * 21
    for kind in state.table:
        seen[kind] += 1
    return seen


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}

#: The greedy agent's policy for each engine's state type.
GREEDY_POLICIES: dict[type, Callable[[Any, Sequence[Any], random.Random], Any]] = {
    KapState: lambda state, legal, rng: _greedy_kap(state, legal),
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
