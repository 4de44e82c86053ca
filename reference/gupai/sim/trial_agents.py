"""Trial variants of the agents, for measuring how much game length depends on the agent.

They differ from :class:`gupai.games.agents.GreedyAgent` only in when they take a
discard; declaring and discarding are the greedy agent's.

``greedy-eager``
    Under the two-tile turn (take, then draw anyway) it also takes a discard
    that leaves the hand, after its best discard, equally close to a winning
    hand but with more live tiles that would bring it closer (tiles it has
    not seen in its hand or on the table). Under the one-tile turn it plays
    as the greedy agent.
``greedy-strict``
    It takes a discard only when its hand *after its best discard* is closer
    to a winning hand than before the take (the greedy agent asks whether
    the hand *with* the taken tile keeps more tiles), so it takes less often.

A third trial agent copies navpil's Java player with its defects, to measure
what they cost (:mod:`tools.reproduction`):

``navpil-java``
    The ``navpil`` agent, except that offered a discard it looks for eyes as
    the Java player does, only between neighbours in its list of tiles (the
    dealt order until its first turn, then its sorted and reordered hand, the
    offered tile last; :func:`gupai.games.kap.navpil.navpil_java`); so it
    can miss, and decline, a win.

They are not agents of gupai: :func:`registered` makes them available to
:func:`gupai.games.agents.make_agent` (and so to simulations, whose worker
processes are forked inside it) only for as long as the analysis that uses
them runs (:mod:`tools.analysis`).

>>> from gupai.sim.simulate import Simulation, simulate
>>> with registered():
...     simulate(Simulation("kap-shap", agents=("greedy-eager", "greedy-strict")), games=4, jobs=1).games
4
>>> "greedy-eager" in AGENTS
False
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from gupai.core.hands import KEY_UNITS as _UNIT
from gupai.core.tiles import KIND_COUNT
from gupai.games.agents import AGENTS, GreedyAgent
from gupai.games.kap.actions import Declare, Discard, Take
from gupai.games.kap.navpil import navpil_java
from gupai.games.kap.state import KapState
from gupai.games.kap.strategy import HandPlanner, planner_for

__all__ = ["VARIANTS", "EagerGreedyAgent", "JavaNavpilAgent", "StrictGreedyAgent", "registered"]


def _outs(planner: HandPlanner, hand: list[int], key: int, seen: Sequence[int], caps: Sequence[int]) -> int:
    return sum(max(0, caps[t] - hand[t] - seen[t]) for t in planner.useful_kinds(hand, key))


def _after_best_discard(
    planner: HandPlanner, hand: list[int], key: int, seen: Sequence[int], caps: Sequence[int], banned: int
) -> tuple[int, int] | None:
    """(kept, live outs) of the hand after its best discard (``banned`` may not go)."""
    best: tuple[int, int, int] | None = None
    for kind in range(KIND_COUNT):
        if not hand[kind] or kind == banned:
            continue
        hand[kind] -= 1
        rest = key - _UNIT[kind]
        score = (planner.kept_key(rest, hand), _outs(planner, hand, rest, seen, caps), seen[kind])
        hand[kind] += 1
        if best is None or score > best:
            best = score
    return None if best is None else (best[0], best[1])


class _TakeVariant:
    """The greedy agent with another rule for taking discards."""

    name = "variant"
    eager = False

    def __init__(self) -> None:
        self._greedy = GreedyAgent()

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if (
            len(legal) == 1
            or not isinstance(state, KapState)
            or first.__class__ in (Declare, Discard)
            or (self.eager and not state._two_tiles)
        ):
            return self._greedy.choose(state, legal, rng)
        planner = planner_for(state.config.evaluator)
        seat = state.current_player
        hand = list(state.hand_counts(seat))
        key = state.hand_key(seat)
        caps = state.config.evaluator.caps
        seen = [0] * KIND_COUNT
        for kind in state.table:
            seen[kind] += 1
        best = (planner.kept_key(key, hand), _outs(planner, hand, key, seen, caps))
        chosen = legal[-1]  # drawing comes last
        reading = state.config.options["discard-taken"]
        for action in legal:
            if action.__class__ is not Take:
                continue
            kind = action.tile.index
            hand[kind] += 1
            seen[kind] -= 1
            banned = reading == "forbidden" or (reading == "taken-tile" and hand[kind] == 1)
            after = _after_best_discard(planner, hand, key + _UNIT[kind], seen, caps, kind if banned else -1)
            hand[kind] -= 1
            seen[kind] += 1
            if after is None:
                continue
            better = after > best if self.eager else after[0] > best[0]
            if better:
                chosen, best = action, after
        return chosen


class EagerGreedyAgent(_TakeVariant):
    """Greedy, but under the two-tile turn also takes discards for more live outs at the same distance."""

    name = "greedy-eager"
    eager = True


class StrictGreedyAgent(_TakeVariant):
    """Greedy, but takes only when the hand after its discard is closer to winning."""

    name = "greedy-strict"
    eager = False


class JavaNavpilAgent:
    """navpil's Java player as its code plays, defects included (see :func:`gupai.games.kap.navpil.navpil_java`)."""

    name = "navpil-java"

    def __init__(self) -> None:
        # Each game's lists of tiles, by seat, for as long as the game's state lives.
        self._orders: weakref.WeakKeyDictionary[KapState, dict[int, list[int]]] = weakref.WeakKeyDictionary()

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return navpil_java(state, legal, self._orders.setdefault(state, {}))


class JavaNavpilWinsAgent(JavaNavpilAgent):
    """navpil's Java player with its eye search, but taking every win it is offered."""

    name = "navpil-java-wins"

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return navpil_java(state, legal, self._orders.setdefault(state, {}), take_wins=True)


#: The variants by agent name.
VARIANTS: dict[str, Any] = {
    "greedy-eager": EagerGreedyAgent,
    "greedy-strict": StrictGreedyAgent,
    "navpil-java": JavaNavpilAgent,
    "navpil-java-wins": JavaNavpilWinsAgent,
}


@contextmanager
def registered() -> Iterator[None]:
    """Make the variants available to :func:`gupai.games.agents.make_agent` inside the ``with`` block."""
    added = {name: agent for name, agent in VARIANTS.items() if name not in AGENTS}
    AGENTS.update(added)
    try:
        yield
    finally:
        for name in added:
            AGENTS.pop(name, None)
