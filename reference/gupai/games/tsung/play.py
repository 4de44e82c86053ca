"""Playing Tsung Shap with agents, without a log: one game, or many for their tallies.

The log of a game (``gupai play tsung-shap``) is written by
:func:`gupai.log.tsung.play_tsung`, which plays it with :func:`run_tsung`.

>>> import random
>>> from gupai.games.agents import make_agent
>>> from gupai.games.tsung.config import tsung_config
>>> from gupai.games.tsung.deal import random_tsung_deal
>>> config = tsung_config()
>>> deal = random_tsung_deal(config, random.Random(1))
>>> state = run_tsung(config, deal, [make_agent("greedy")] * 2, random.Random(2))
>>> state.is_terminal, state.reason
(True, 'all-laid')
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from gupai.core.options import Options, resolve_options
from gupai.games.agents import Player, make_agent, seat_agents
from gupai.games.tsung.actions import OVER
from gupai.games.tsung.config import GAME, TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal
from gupai.games.tsung.state import TsungState

__all__ = ["run_tsung", "simulate"]


def run_tsung(
    config: TsungConfig,
    deal: TsungDeal,
    seats: Sequence[Player],
    rng: random.Random,
    max_events: int = 10_000,
) -> TsungState:
    """Play a game from ``deal`` to its end, ``seats[seat]`` choosing with ``rng``; return the final state."""
    state = TsungState(config, deal)
    apply, legal_actions = state.apply_unchecked, state.legal_actions
    steps = 0
    while state.phase != OVER:
        apply(seats[state.current_player].choose(state, legal_actions(), rng))
        steps += 1
        if steps > max_events:  # pragma: no cover - every decision lays a tile or ends a phase
            raise RuntimeError(f"a Tsung Shap game did not end within {max_events} decisions")
    return state


def simulate(
    options: Options | None = None, *, games: int = 1000, seed: int = 0, agents: Sequence[str] = ("greedy",)
) -> dict[str, Any]:
    """Play ``games`` seeded games without writing logs; return the tallies and the time taken.

    >>> stats = simulate(games=20)
    >>> stats["games"], sum(stats["wins"]) + stats["ties"]
    (20, 20)
    """
    options = options or resolve_options(GAME)
    config = tsung_config(options)
    seats = [make_agent(name) for name in seat_agents(agents, 2)]
    rng = random.Random(f"gupai:{GAME}:simulate:{seed}")
    wins, ties, turns, points = [0, 0], 0, 0, [0, 0]
    started = time.perf_counter()
    for _ in range(games):
        state = run_tsung(config, random_tsung_deal(config, rng), seats, rng, 10_000)
        if state.winner is None:
            ties += 1
        else:
            wins[state.winner] += 1
        turns += state.turns[0] + state.turns[1]
        points[0] += state.scores[0]
        points[1] += state.scores[1]
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "seconds": seconds,
        "wins": wins,
        "ties": ties,
        "mean_turns": turns / games if games else 0.0,
        "mean_points": [p / games if games else 0.0 for p in points],
    }
