"""Configuration shared by the collecting games, Kap Shap and Kap Tai Shap.

>>> cfg = collecting_config("kap-tai-shap", resolve_options("kap-tai-shap"), players=10)
>>> cfg.sets, cfg.evaluator.size
(4, 10)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import GupaiError, OptionError, ReplayError
from gupai.core.hands import HandEvaluator, evaluator
from gupai.core.options import Options, read_options, resolve_options
from gupai.core.pairs import PairRules, pair_rules_from_options
from gupai.core.spec import GameSpec, game_spec
from gupai.core.tiles import set_counts

__all__ = [
    "COLLECTING_GAMES",
    "SET_SIZE",
    "CollectingConfig",
    "collecting_config",
    "config_of",
    "default_sets",
    "flipped_reading",
    "resolve_options",
]

COLLECTING_GAMES = ("kap-shap", "kap-tai-shap")

#: Tiles in one set (from ``spec/tiles.yaml``).
SET_SIZE = sum(set_counts(1))


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
        return max(1, math.ceil(dealt / SET_SIZE), math.ceil(10 * players / SET_SIZE))
    raise OptionError(f"unknown sets-rule {sets_rule!r}", where="sets-rule")


def _sets(count: int) -> str:
    return "one set" if count == 1 else f"{count} sets"


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
        """The game's rule-id prefix (``prefix`` in ``spec/``): ``ks`` or ``kts``."""
        return self.spec.prefix

    def rule(self, suffix: str) -> str:
        """The full id of one of the game's rules, e.g. ``rule("turn.take")``."""
        return f"{self.prefix}.{suffix}"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what fixes it: the hand evaluator (its caches cannot be pickled) is found again on loading."""
        return _config_again, (self.spec.id, self.options, self.players, self.sets)

    @property
    def draw_first(self) -> bool:
        """Option ``opening=draw``: every player is dealt the hand size and the first player's first turn draws."""
        return self.options["opening"] == "draw"

    def dealt(self, *, first: bool) -> int:
        """How many tiles the deal gives a seat (``ks.deal.wall``, ``ks.opening``): one more to the first
        player, unless ``opening=draw``.

        >>> config = collecting_config("kap-shap")
        >>> config.dealt(first=True), config.dealt(first=False)
        (8, 7)
        >>> config = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"opening": "draw"}))
        >>> config.dealt(first=True), config.dealt(first=False)
        (7, 7)
        """
        return self.spec.hand_size + (1 if first and not self.draw_first else 0)


def collecting_config(
    game: str, options: Options | None = None, *, players: int | None = None, sets: int | None = None
) -> CollectingConfig:
    """Fix a collecting game's players and sets, checking they fit the spec."""
    if game not in COLLECTING_GAMES:
        raise OptionError(
            f"{game} is not a collecting game (collecting games: {', '.join(COLLECTING_GAMES)})", where=game
        )
    spec = game_spec(game)
    sets_rule = spec.set_rule
    options = options or resolve_options(game)
    players = spec.players_default if players is None else players
    if not spec.players_min <= players <= spec.players_max:
        raise OptionError(
            f"{spec.name} takes {_count_range(spec.players_min, spec.players_max)} players, not {players}",
            where="players",
            rule=spec.players_rule,
        )
    if spec.fixed_sets is not None:
        if sets not in (None, spec.fixed_sets):
            raise OptionError(
                f"{spec.name} is played with {_sets(spec.fixed_sets)}, not {sets}", where="sets", rule=sets_rule
            )
        sets = spec.fixed_sets
    elif sets is None:
        sets = default_sets(players, options["sets-rule"], hand_size=spec.hand_size)
    if sets < 1:
        raise OptionError(f"a game needs at least one set, not {sets}", where="sets", rule=sets_rule)
    if spec.max_sets is not None and sets > spec.max_sets:  # checked before any tile or table is built
        raise OptionError(
            f"the kit plays {spec.name} with at most {spec.max_sets} sets, not {sets} "
            f"(an implementation limit: spec/games/{game}.yaml, equipment.limits)",
            where="sets",
            rule=sets_rule,
        )
    dealt = players * spec.hand_size + 1
    if dealt >= SET_SIZE * sets:
        raise OptionError(
            f"{sets} set(s) hold {SET_SIZE * sets} tiles: too few to deal {dealt} tiles to {players} players "
            "and leave a stock",
            where="sets",
            rule=sets_rule,
        )
    if options["first-player"] == "previous-winner" and options["opening"] != "draw":
        raise OptionError(
            "first-player=previous-winner deals from seat 0 whoever plays first, so every hand must be the same "
            f"size: it goes with opening=draw, not opening={options['opening']}",
            where="first-player",
            rule=f"{spec.prefix}.deal.first-player",
        )
    if options["stock-out"] == "play-on" and options["turn"] != "take-or-draw":
        raise OptionError(
            "stock-out=play-on goes only with the one-tile turn (turn=take-or-draw), "
            f"not turn={options['turn']}: under it every turn draws",
            where="stock-out",
            rule=f"{spec.prefix}.end.stock",
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


def flipped_reading(config: CollectingConfig, counts: Sequence[int]) -> tuple[str, str, str] | None:
    """The first reading under which a hand's verdict (winning or not) flips, else ``None``.

    Returns (rule suffix, option, the other value). The readings are tried
    in a fixed order: [4-2]'s count, the pair set, the eye.

    >>> from gupai.core.tiles import parse_tiles
    >>> from gupai.core.hands import counts_of
    >>> config = collecting_config("kap-shap")
    >>> flipped_reading(config, counts_of(parse_tiles("1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4".split())))
    ('tiles.four-two', 'four-two-value', '6')
    """
    base = config.rules
    verdict = config.evaluator.is_winning(counts)
    readings = (
        ("tiles.four-two", "four-two-value", "four_two_value", 9 - base.four_two_value),
        ("pair.ten", "pair-set", "pair_set", "arithmetic" if base.pair_set == "printed" else "printed"),
        ("eye", "eye", "eye", "identical" if base.eye == "civil" else "civil"),
    )
    for suffix, option, field_name, other in readings:
        alternative = evaluator(
            pairs_in_hand=config.evaluator.pairs_in_hand, rules=base.evolve(**{field_name: other}), sets=config.sets
        )
        if alternative.is_winning(counts) != verdict:
            return suffix, option, str(other)
    return None


def _config_again(game: str, options: Options, players: int, sets: int) -> CollectingConfig:
    """A pickled configuration loaded again (see :meth:`CollectingConfig.__reduce__`)."""
    return collecting_config(game, options, players=players, sets=sets)


_CONFIGS: dict[tuple[Any, ...], CollectingConfig] = {}
#: The last configuration found: game, options (a copy), players, sets, configuration.
_LAST: list[Any] = []


def config_of(game: str, options: Mapping[str, str], *, players: int | None, sets: int | None) -> CollectingConfig:
    """The configuration a log or a ``new_game`` request records (a bad option raises ``OptionError``).

    A configuration is a value: the last few are remembered (a corpus
    replays thousands of games under a handful of them).
    """
    last = _LAST
    if last and last[0] == game and last[2] == players and last[3] == sets and last[1] == options:
        again: CollectingConfig = last[4]  # the configuration of the log before (a corpus holds long runs of one)
        return again
    key: tuple[Any, ...] | None = (game, tuple(options.items()), players, sets)
    try:
        found = _CONFIGS.get(key)  # type: ignore[arg-type]
    except TypeError:  # an option value that is not hashable: no key, the error comes below
        key = found = None
    if found is not None:
        last[:] = [game, dict(options), players, sets, found]
        return found
    resolved = read_options(game, options)
    try:
        config = collecting_config(game, resolved, players=players, sets=sets)
    except GupaiError as error:
        raise ReplayError("/sets" if error.where == "sets" else "/players", error.rule, error.message) from None
    if key is not None:
        if len(_CONFIGS) >= 64:
            _CONFIGS.clear()
        _CONFIGS[key] = config
        last[:] = [game, dict(options), players, sets, config]
    return config
