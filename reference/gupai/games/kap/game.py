"""Kap Shap and Kap Tai Shap as a :class:`~gupai.games.base.Game`.

>>> from gupai.core.options import resolve_options
>>> game = KapGame.from_options(resolve_options("kap-tai-shap"), players=4)
>>> state = game.new_state(game.random_deal(seed=1))
>>> game.id, game.players, game.config.sets, len(state.hand(state.current_player))
('kap-tai-shap', 4, 2, 10)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gupai.core.options import Options
from gupai.games.base import deal_rng, game_repr
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, deal_from_order, random_deal
from gupai.games.kap.state import KapState

__all__ = ["KapGame"]


@dataclass(frozen=True, slots=True)
class KapGame:
    """A collecting game fixed by its configuration."""

    config: CollectingConfig

    @classmethod
    def from_options(cls, options: Options, *, players: int | None = None, sets: int | None = None) -> KapGame:
        """The game ``options`` describe, with ``players`` and ``sets`` checked against the spec."""
        return cls(collecting_config(options.game, options, players=players, sets=sets))

    @property
    def id(self) -> str:
        return self.config.spec.id

    def __repr__(self) -> str:
        """How :func:`gupai.load_game` makes this game again (the preset, the options set apart from it)."""
        return game_repr(self.id, self.config.options, players=self.players, sets=self.config.sets)

    @property
    def players(self) -> int:
        return self.config.players

    def deal_from_order(self, order: Sequence[int], *, dice: Sequence[int] | None = None) -> Deal:
        return deal_from_order(self.config, order, dice=dice)

    def random_deal(self, *, seed: int | str = 0, rng: random.Random | None = None) -> Deal:
        return random_deal(self.config, rng if rng is not None else deal_rng(self.id, seed))

    def new_state(self, deal: Deal) -> KapState:
        return KapState(self.config, deal)
