"""Every gupai game as a PettingZoo AEC environment: ``gupai.rl.env("kap-shap", preset="pagat")``.

Agents are ``seat_0``, ``seat_1``, ...; the acting seat may act several times
in a row (a draw, then a discard). An observation is a dict of the seat's
observation tensor (:class:`~gupai.rl.codec.Codec`, from ``state.observation(seat)``
only) and its ``action_mask`` over the integer actions, both NumPy arrays
(the dict of PettingZoo's own classic games, chess and go among them; its
``api_test`` warns of a dict for any environment not on its own list).

Seeding is Gymnasium's: ``reset(seed=s)`` seeds the environment's generator
and deals what ``gupai play --seed s`` deals; ``reset()`` without a seed
deals afresh from that generator (seeded from the operating system's
entropy if no reset was ever seeded), so a run of unseeded resets gives
a run of deals, the same after the same seeded reset. The rewards come at
the end: the settlement (Tsung Shap: the point margin). A ``render`` prints
the seat's view.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from gupai.games.registry import load_game
from gupai.rl.codec import Codec

__all__ = ["GupaiEnv", "env"]


class GupaiEnv(AECEnv):  # type: ignore[misc]
    """One gupai game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "gupai", "is_parallelizable": False}  # noqa: RUF012 - PettingZoo's field

    def __init__(
        self,
        game: str,
        preset: str | None = None,
        *,
        players: int | None = None,
        render_mode: str | None = None,
        **options: str,
    ) -> None:
        super().__init__()
        self.game: Any = cast(Any, load_game)(game, preset, players=players, **options)
        self.codec = Codec(self.game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"gupai_{game.replace('-', '_')}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.game.players)]
        self.agents = self.possible_agents[:]
        size, count = self.codec.information_size, self.codec.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.state_: Any = None
        self.np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, the deal of ``gupai play --seed seed`` (the generator seeded by it too),
        else the next deal of the environment's generator (Gymnasium's convention)."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
            deal = self.game.random_deal(seed=seed)
        else:
            if self.np_random is None:
                self.np_random, _ = seeding.np_random()  # (the operating system's entropy)
            deal = self.game.random_deal(seed=int(self.np_random.integers(2**63)))
        self.state_ = self.game.new_state(deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        seen = self.state_.observation(seat)
        mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.state_.is_terminal:
            mask[self.codec.legal_ids(self.state_.legal_actions())] = 1
        tensor = np.asarray(self.codec.tensor(seen, information=True), dtype=np.float32)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.codec.legal_ids(self.state_.legal_actions())
        if action not in legal:
            raise ValueError(f"{agent} chose action {action}, which is not legal now (legal: {legal})")
        self._cumulative_rewards[agent] = 0.0
        state = self.state_
        state.apply_unchecked(self.codec.action(int(action)))
        cap = getattr(state, "turn_cap", None)
        if cap is not None and state.turn > cap and not state.is_terminal:
            state.abandon()  # where a game may never end: the engine's cap (ks.end.abandoned)
        if state.is_terminal:
            for seat, value in enumerate(state.returns()):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[state.current_player]
            return
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        text = str(self.state_.observation(self.possible_agents.index(self.agent_selection)))
        if self.render_mode == "ansi":
            return text
        return None

    def close(self) -> None:
        return None


def env(game: str, preset: str | None = None, *, players: int | None = None, **options: str) -> GupaiEnv:
    """A PettingZoo AEC environment of ``game`` as ``preset`` and ``options`` fix it (as :func:`gupai.load_game`)."""
    return GupaiEnv(game, preset, players=players, **options)
