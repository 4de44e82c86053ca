"""Agents that play the collecting games: ``random`` and ``greedy``.

An agent is anything with a ``name`` and a ``choose(state, legal, rng)``
method returning one of ``legal``; register new ones in :data:`AGENTS`.
Agents are deterministic given the ``rng`` they are handed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gupai.core.errors import OptionError
from gupai.core.tiles import KIND_COUNT
from gupai.games.kap.state import Action, Declare, Discard, KapState, Take
from gupai.games.kap.strategy import HandPlanner, planner_for
from gupai.games.tsung.greedy import greedy_tsung
from gupai.games.tsung.state import TsungState

_UNIT = tuple(1 << (4 * i) for i in range(KIND_COUNT))

__all__ = ["AGENTS", "GREEDY_POLICIES", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "seat_agents"]


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
    hand that the most live tiles (copies it has not seen in its hand or on
    the table) would improve, then towards the kind most seen on the table.
    """

    name = "greedy"

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        policy = GREEDY_POLICIES.get(type(state))
        if policy is None:  # pragma: no cover - every engine has one
            raise OptionError(f"the greedy agent has no policy for {type(state).__name__}", where="agents")
        return policy(state, legal, rng)


def _greedy_kap(state: KapState, legal: Sequence[Action]) -> Action:
    planner = planner_for(state.config.evaluator)
    seat = state.current_player
    hand = list(state.hand_counts(seat))
    key = state.hand_key(seat)
    kept = planner.kept_key
    first = legal[0]
    if first.__class__ is Declare:
        return first
    if first.__class__ is Discard:
        best: list[Action] = []
        best_kept = -1
        for action in legal:
            kind = action.tile.index  # type: ignore[union-attr]
            hand[kind] -= 1
            score = kept(key - _UNIT[kind], hand)
            hand[kind] += 1
            if score > best_kept:
                best, best_kept = [action], score
            elif score == best_kept:
                best.append(action)
        if len(best) == 1:
            return best[0]
        return _most_outs(state, planner, hand, key, best)
    now = kept(key, hand)
    chosen: Action = legal[-1]  # drawing comes last
    for action in legal:
        if action.__class__ is Take:
            kind = action.tile.index  # type: ignore[union-attr]
            hand[kind] += 1
            gain = kept(key + _UNIT[kind], hand)
            hand[kind] -= 1
            if gain > now:
                chosen, now = action, gain
    return chosen


def _most_outs(state: KapState, planner: HandPlanner, hand: list[int], key: int, tied: list[Action]) -> Action:
    """Among equally good discards, keep the hand that the most live tiles improve.

    A tile is live when the player has not seen every copy of it: copies in
    the player's hand and face up on the table are dead. Ties after that go
    to the discard already most seen on the table, then to legal order.
    """
    table = state.table
    seen = [0] * KIND_COUNT
    for kind in table:
        seen[kind] += 1
    caps = state.config.evaluator.caps
    best, best_score = tied[0], (-1, -1)
    for action in tied:
        kind = action.tile.index  # type: ignore[union-attr]
        hand[kind] -= 1
        useful = planner.useful_kinds(hand, key - _UNIT[kind])
        outs = sum(caps[t] - hand[t] - seen[t] for t in useful)
        hand[kind] += 1
        score = (outs, seen[kind])
        if score > best_score:
            best, best_score = action, score
    return best


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}

#: The greedy agent's policy for each engine's state type.
GREEDY_POLICIES: dict[type, Callable[[Any, Sequence[Any], random.Random], Any]] = {
    KapState: lambda state, legal, rng: _greedy_kap(state, legal),
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
