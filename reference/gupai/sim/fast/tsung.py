"""The fast path for Tsung Shap: the options as arrays, chunks of games in one compiled call.

The kernel (:mod:`gupai.sim.fast.tsung_kernel`) learns the rules from the
reference's configuration (:func:`gupai.games.tsung.state.tsung_config`):
the option flags, each kind's value and pair score, the sweep's score, and
the deal's cut (:func:`gupai.games.tsung.state.tsung_deal_from_order`
applied to the positions themselves).

>>> from gupai.sim.simulate import Simulation, TsungRunner, TsungTally
>>> fast, reference = FastTsungRunner(Simulation("tsung-shap"), TsungTally), TsungRunner(Simulation("tsung-shap"))
>>> [tuple(row[2:4]) for row in fast.run(range(1, 4))[0].tolist()] == [
...     tuple(reference.state(seed).scores) for seed in range(1, 4)]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gupai.core.tiles import set_counts
from gupai.games.agents import AGENTS, GreedyAgent, RandomAgent
from gupai.games.tsung.actions import Capture
from gupai.games.tsung.config import ALL_LAID, EQUAL_TURNS, STOCK_EMPTY
from gupai.games.tsung.deal import tsung_deal_from_order
from gupai.log.play import seat_agents
from gupai.sim.fast import tsung_kernel as tk
from gupai.sim.fast.compiling import announce_compiling
from gupai.sim.fast.kap import game_keys
from gupai.sim.fast.runner import ChunkedRunner

__all__ = ["TEN", "FastTsungRunner"]

#: What a capture's spots must make a multiple of (the game's tens, as the reference engine counts them).
TEN = 10

_AGENT_CODES: dict[object, int] = {RandomAgent: 0, GreedyAgent: 1}
_ENDS = {ALL_LAID: tk.END_ALL_LAID, EQUAL_TURNS: tk.END_EQUAL_TURNS, STOCK_EMPTY: tk.END_STOCK_EMPTY}
_CAPTURES = {
    ("pair", "left"): tk.PAIR_LEFT,
    ("pair", "right"): tk.PAIR_RIGHT,
    ("triple", "left"): tk.TRIPLE_LEFT,
    ("triple", "right"): tk.TRIPLE_RIGHT,
    ("triple", "ends"): tk.TRIPLE_ENDS,
    ("pair", "ends"): tk.LONE_PAIR,
    ("ten", "ends"): tk.LONE_TEN,
}


class FastTsungRunner(ChunkedRunner):
    """Plays seeded Tsung Shap games in compiled chunks; the same games as :class:`gupai.sim.simulate.TsungRunner`."""

    def __init__(self, simulation: Any, tally: type) -> None:
        self.tally = tally
        for (kind, at), code in _CAPTURES.items():
            if Capture(kind, at).code != code:  # pragma: no cover - the kernel's codes are the engine's
                raise ValueError(f"capture {kind} {at} is code {Capture(kind, at).code} in the engine, not {code}")
        self.simulation = simulation
        self.game = simulation.game
        config = simulation.game_config()  # the loaded game's, made once (gupai.sim.simulate.Simulation)
        self.options = config.options
        self.players, self.sets = 2, 1
        self.agents = seat_agents(simulation.agents, 2)
        codes = []
        for name in self.agents:
            agent = _AGENT_CODES.get(AGENTS[name])
            if agent is None:
                raise ValueError(f"the fast path does not play agent {name!r}")
            codes.append(agent)
        self.agent_codes = np.asarray(codes, dtype=np.int64)
        copies = set_counts(1)
        order0 = [kind for kind, n in enumerate(copies) for _ in range(n)]
        self.order0 = np.asarray(order0, dtype=np.int64)
        deal = tsung_deal_from_order(config, list(range(len(order0))))
        self.first_player = deal.first_player
        self.piles_pos = np.asarray(deal.piles if deal.piles is not None else [[], []], dtype=np.int64).reshape(2, -1)
        self.stock_pos = np.asarray(deal.stock if deal.stock is not None else [], dtype=np.int64)
        self.hands_pos = np.asarray(deal.hands if deal.hands is not None else [[], []], dtype=np.int64).reshape(2, -1)
        self.values = np.asarray(config.values, dtype=np.int64)
        self.pair_points = np.asarray(config.pair_points, dtype=np.int64)
        self.copies = np.asarray(copies, dtype=np.int64)
        params = np.zeros(tk.P_COUNT, dtype=np.int64)
        params[tk.P_EITHER] = config.either_end
        params[tk.P_TWO] = config.two_at_end
        params[tk.P_SWEEP_KEEP] = config.sweep_keep
        params[tk.P_SWEEP_BONUS] = config.sweep_bonus
        params[tk.P_LONE_PAIR] = config.lone_pair
        params[tk.P_LONE_TEN] = config.lone_ten
        params[tk.P_LONE_KEEP] = config.lone_keep
        params[tk.P_LONE_BONUS] = config.lone_bonus
        params[tk.P_LONE_SWEEP] = config.lone_sweep
        params[tk.P_AGAIN] = config.again_any
        params[tk.P_OPENING_CAPTURE] = config.opening_capture
        params[tk.P_CLAIMS] = config.claims
        params[tk.P_END] = _ENDS[config.end]
        params[tk.P_COMMON] = config.common
        params[tk.P_FOUR] = config.four
        params[tk.P_SPOT] = config.spot_points
        most = 3 * int(self.values.max())  # a capture adds up the spots of three tiles at most
        if most >= 63:  # pragma: no cover - a tile has 12 spots at most
            raise ValueError(f"spot sums up to {most} do not fit the kernel's mask of tens")
        params[tk.P_TENS] = sum(1 << total for total in range(0, most + 1, TEN))
        params[tk.P_MATCH] = config.after_match
        params[tk.P_RESTART_FIRST] = config.restart_first
        params[tk.P_OPENING_LEFT] = config.opening_left
        self.params = params

    def new_tally(self) -> Any:
        return self.tally()

    def run(self, seeds: range, *, record: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play ``seeds``: per game (turns, first, score 0, score 1, sweeps 0, sweeps 1, winner or -1), and the actions."""
        announce_compiling(tk.play_tsung, "Tsung Shap")
        game = self.game
        deal_keys, deal_lens, agent_keys, agent_lens = game_keys(game, seeds, self.agent_codes)
        out = np.zeros((len(seeds), 7), dtype=np.int64)
        steps = 8 * len(self.order0) if record else 0
        trace = np.zeros((len(seeds) if record else 0, steps), dtype=np.int64)
        trace_len = np.zeros(len(seeds), dtype=np.int64)
        tk.play_tsung(
            self.params, self.order0, self.piles_pos, self.stock_pos, self.hands_pos, self.first_player,
            self.values, self.pair_points, self.copies, self.agent_codes, deal_keys, deal_lens, agent_keys,
            agent_lens, out, trace, trace_len,
        )  # fmt: skip
        return out, trace, trace_len

    def count(self, tally: Any, out: np.ndarray) -> None:
        tally.add_games(out[:, 0], out[:, 1], out[:, 2:4], out[:, 4:6], out[:, 6])
