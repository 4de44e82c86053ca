"""gupai: the rules of the Chinese domino "tens" games as executable data.

The public API: tiles, options, pair rules, the hand evaluator.

>>> from gupai import Tile, resolve_options
>>> Tile.parse("4-6")
Tile('6-4')
"""

from __future__ import annotations

__version__ = "0.1.0"

from gupai.core.errors import (
    GupaiError,
    HandError,
    IllegalActionError,
    LogError,
    OptionError,
    SpecError,
    TileError,
)
from gupai.core.hands import Decomposition, HandEvaluator, counts_of, evaluator, hand_key
from gupai.core.options import Options, parse_assignments, resolve_options
from gupai.core.pairs import PairRules, pair_rules_from_options, tens_value
from gupai.core.spec import GameSpec, OptionSpec, PresetSpec, RuleSpec, game_spec, sources
from gupai.core.spec import games as game_ids
from gupai.core.tiles import Tile, TileKind, all_tiles, kinds, parse_tiles, set_counts
from gupai.games.kap.config import CollectingConfig, collecting_config, default_sets
from gupai.games.tsung.actions import Capture, TsungEvent, parse_tsung_action
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal, tsung_deal_from_order
from gupai.games.tsung.replay import replay_tsung
from gupai.games.tsung.state import TsungState
from gupai.log.tsung import play_tsung

__all__ = [
    "Capture",
    "CollectingConfig",
    "Decomposition",
    "GameSpec",
    "GupaiError",
    "HandError",
    "HandEvaluator",
    "IllegalActionError",
    "LogError",
    "OptionError",
    "OptionSpec",
    "Options",
    "PairRules",
    "PresetSpec",
    "RuleSpec",
    "SpecError",
    "Tile",
    "TileError",
    "TileKind",
    "TsungConfig",
    "TsungDeal",
    "TsungEvent",
    "TsungState",
    "__version__",
    "all_tiles",
    "collecting_config",
    "counts_of",
    "default_sets",
    "evaluator",
    "game_ids",
    "game_spec",
    "hand_key",
    "kinds",
    "pair_rules_from_options",
    "parse_assignments",
    "parse_tiles",
    "parse_tsung_action",
    "play_tsung",
    "random_tsung_deal",
    "replay_tsung",
    "resolve_options",
    "set_counts",
    "sources",
    "tens_value",
    "tsung_config",
    "tsung_deal_from_order",
]
