"""Tsung Shap as a :class:`~gupai.games.base.Game`: a thin adapter over its public API.

>>> from gupai.core.options import resolve_options
>>> game = TsungGame.from_options(resolve_options("tsung-shap"))
>>> state = game.new_state(game.random_deal(seed=1))
>>> game.id, game.players, state.current_player
('tsung-shap', 2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gupai.core.errors import OptionError
from gupai.core.options import Options
from gupai.games.base import deal_rng, game_repr
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal, tsung_deal_from_order
from gupai.games.tsung.state import TsungState

__all__ = ["TsungGame"]


@dataclass(frozen=True, slots=True)
class TsungGame:
    """Tsung Shap fixed by its configuration."""

    config: TsungConfig

    @classmethod
    def from_options(cls, options: Options, *, players: int | None = None, sets: int | None = None) -> TsungGame:
        """The game ``options`` describe; Tsung Shap is two players with one set."""
        if players not in (None, TsungConfig.players):
            raise OptionError(f"Tsung Shap takes {TsungConfig.players} players, not {players}", where="players")
        if sets not in (None, 1):
            raise OptionError(f"Tsung Shap is played with one set, not {sets}", where="sets")
        return cls(tsung_config(options))

    @property
    def id(self) -> str:
        return self.config.spec.id

    def __repr__(self) -> str:
        """How :func:`gupai.load_game` makes this game again (the preset, the options set apart from it)."""
        return game_repr(self.id, self.config.options, players=self.players, sets=self.config.sets)

    @property
    def players(self) -> int:
        return self.config.players

    def deal_from_order(self, order: Sequence[int], *, dice: Sequence[int] | None = None) -> TsungDeal:
        if dice is not None:
            raise OptionError("Tsung Shap throws no dice", where="dice")
        return tsung_deal_from_order(self.config, order)

    def random_deal(self, *, seed: int | str = 0, rng: random.Random | None = None) -> TsungDeal:
        return random_tsung_deal(self.config, rng if rng is not None else deal_rng(self.id, seed))

    def new_state(self, deal: TsungDeal) -> TsungState:
        return TsungState(self.config, deal)
