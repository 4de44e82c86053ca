"""Configuration shared by the collecting games, Kap Shap and Kap Tai Shap.

>>> cfg = collecting_config("kap-tai-shap", resolve_options("kap-tai-shap"), players=10)
>>> cfg.sets, cfg.evaluator.size
(4, 10)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gupai.core.errors import OptionError
from gupai.core.hands import HandEvaluator, evaluator
from gupai.core.options import Options, resolve_options
from gupai.core.pairs import PairRules, pair_rules_from_options
from gupai.core.spec import GameSpec, game_spec

__all__ = ["COLLECTING_GAMES", "CollectingConfig", "collecting_config", "default_sets", "resolve_options"]

COLLECTING_GAMES = ("kap-shap", "kap-tai-shap")


def default_sets(players: int, sets_rule: str, *, hand_size: int = 9) -> int:
    """How many sets ``players`` use when none is given (``sets-rule`` option).

    >>> default_sets(10, "two-per-five"), default_sets(20, "two-per-five"), default_sets(2, "two-per-five")
    (4, 8, 1)
    >>> default_sets(10, "fewest"), default_sets(20, "fewest")
    (4, 7)
    """
    if sets_rule == "two-per-five":
        return max(1, math.ceil(2 * players / 5))
    if sets_rule == "fewest":
        # Every hand dealt, a stock left, and (for the wall) two full piles of
        # five for each player: 32k >= 9n + 2 and 32k / 5 >= 2n.
        dealt = players * hand_size + 2
        return max(1, math.ceil(dealt / 32), math.ceil(10 * players / 32))
    raise OptionError(f"unknown sets-rule {sets_rule!r}", where="sets-rule")


def _count_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


@dataclass(frozen=True, slots=True)
class CollectingConfig:
    """A collecting game fully fixed: spec, options, players, sets."""

    spec: GameSpec
    options: Options
    players: int
    sets: int
    rules: PairRules
    evaluator: HandEvaluator

    @property
    def prefix(self) -> str:
        """The game's rule-id prefix: ``ks`` or ``kts``."""
        return "ks" if self.spec.id == "kap-shap" else "kts"

    def rule(self, suffix: str) -> str:
        """The full id of one of the game's rules, e.g. ``rule("turn.take")``."""
        return f"{self.prefix}.{suffix}"


def collecting_config(
    game: str, options: Options | None = None, *, players: int | None = None, sets: int | None = None
) -> CollectingConfig:
    """Fix a collecting game's players and sets, checking they fit the spec."""
    if game not in COLLECTING_GAMES:
        raise OptionError(
            f"{game} is not a collecting game (collecting games: {', '.join(COLLECTING_GAMES)})", where=game
        )
    spec = game_spec(game)
    options = options or resolve_options(game)
    players = spec.players_default if players is None else players
    if not spec.players_min <= players <= spec.players_max:
        raise OptionError(
            f"{spec.name} takes {_count_range(spec.players_min, spec.players_max)} players, not {players}",
            where="players",
        )
    if game == "kap-shap":
        if sets not in (None, 1):
            raise OptionError(f"Kap Shap is played with one set, not {sets}", where="sets")
        sets = 1
    elif sets is None:
        sets = default_sets(players, options["sets-rule"], hand_size=spec.hand_size)
    if sets < 1:
        raise OptionError(f"a game needs at least one set, not {sets}", where="sets")
    dealt = players * spec.hand_size + 1
    if dealt >= 32 * sets:
        raise OptionError(
            f"{sets} set(s) hold {32 * sets} tiles: too few to deal {dealt} tiles to {players} players "
            "and leave a stock",
            where="sets",
            rule="ks.equipment.set" if game == "kap-shap" else "kts.equipment.sets",
        )
    rules = pair_rules_from_options(options)
    return CollectingConfig(
        spec=spec,
        options=options,
        players=players,
        sets=sets,
        rules=rules,
        evaluator=evaluator(pairs_in_hand=spec.pairs_in_hand, rules=rules, sets=sets),
    )
