"""Kap Shap and Kap Tai Shap behind the protocol: deals, moves, states."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import GupaiError, OptionError, ReplayError
from gupai.core.tiles import Tile
from gupai.games.kap.actions import Action, Discard, Take
from gupai.games.kap.config import config_of
from gupai.games.kap.deal import random_deal
from gupai.games.kap.replay import apply_event, check_deal, check_event, check_position
from gupai.games.kap.state import KapState
from gupai.protocol.session import RefusalError, illegal

__all__ = ["KapSession"]


def _action_json(seat: int, action: Action) -> dict[str, Any]:
    doc: dict[str, Any] = {"type": type(action).__name__.lower(), "seat": seat}
    if isinstance(action, Take | Discard):
        doc["tile"] = action.tile.face
    return doc


@dataclass
class KapSession:
    """A game of Kap Shap or Kap Tai Shap behind the protocol, refereed through :mod:`gupai.games.kap.replay`."""

    game: KapState

    @classmethod
    def start(cls, request: Mapping[str, Any], *, rng: random.Random | None = None) -> KapSession:
        """Start the game a ``new_game`` request asks for, or raise :class:`RefusalError`."""
        game = request["game"]
        try:
            config = config_of(game, request["options"], players=request["players"], sets=request["sets"])
        except ReplayError as error:
            raise illegal(error.rule, error.message) from None
        except OptionError as error:
            raise RefusalError("unsupported", error.message) from None
        deal_doc = request["deal"]
        try:
            if deal_doc is None:
                try:
                    deal = random_deal(config, rng or random.Random())
                except GupaiError as error:  # e.g. too few piles for a wall
                    raise illegal(error.rule or config.rule("deal.method"), error.message) from None
            elif "order" in deal_doc:
                deal = check_deal(config, deal_doc)
            else:
                deal = check_position(config, deal_doc)
        except ReplayError as error:
            raise (illegal(error.rule, error.message) if error.rule else RefusalError("error", error.message)) from None
        return cls(KapState(config, deal))

    def legal_actions(self) -> list[dict[str, Any]]:
        seat = self.game.current_player
        return [_action_json(seat, action) for action in self.game.legal_actions()]

    def refusal(self, action: Mapping[str, Any]) -> tuple[str | None, str] | None:
        """``None`` if the move is legal, else (rule id, why): a referee's judgement of a logged event."""
        problem = check_event(self.game, action)
        return None if problem is None else (problem.rule, problem.message)

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        problem = self.refusal(action)
        if problem is not None:
            raise illegal(*problem)
        return [apply_event(self.game, action).to_json()]

    def state(self) -> dict[str, Any]:
        state = self.game
        n = state.players
        over = state.is_terminal
        result = state.result() if over else None
        return {
            "current_player": None if over else state.current_player,
            "terminal": over,
            "hands": [[t.face for t in state.hand(seat)] for seat in range(n)],
            "table": [t.face for t in state.table_tiles()],
            "stock_size": state.stock_left,
            "stock": [Tile.from_index(k).face for k in state.stock[state.stock_drawn :]],
            "scores": list(result["settlement"]) if result else [0] * n,
            "result": result,
        }
