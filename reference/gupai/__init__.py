"""gupai: the rules of the Chinese domino "tens" games as executable data.

The public API: tiles, options, pair rules, the hand evaluator, the games
(:func:`load_game`, each family's state and actions), playing and validating
logs.

>>> from gupai import Tile, resolve_options
>>> Tile.parse("4-6")
Tile('6-4')

A game is loaded by id, preset and options; a play starts from a deal:

>>> import gupai
>>> g = gupai.load_game("kap-shap", preset="culin")
>>> s = g.new_state(g.random_deal(seed=1))
>>> s.current_player, s.phase, len(s.legal_actions()) > 0
(1, 'hold', True)
>>> g = gupai.load_game("tsung-shap", preset="culin")
>>> s = g.new_state(g.random_deal(seed=1))
>>> s.current_player, s.is_terminal
(0, False)
"""

from __future__ import annotations

__version__ = "0.1.0"

from gupai.core.errors import (
    GupaiError,
    HandError,
    IllegalActionError,
    LogError,
    OptionError,
    ReplayError,
    SpecError,
    TileError,
)
from gupai.core.hands import Decomposition, HandEvaluator, counts_of, evaluator, hand_key
from gupai.core.options import Options, parse_assignments, resolve_options
from gupai.core.pairs import PairRules, pair_rules_from_options, tens_value
from gupai.core.spec import GameSpec, OptionSpec, PresetSpec, RuleSpec, game_spec, sources
from gupai.core.spec import games as game_ids
from gupai.core.tiles import Tile, TileKind, all_tiles, kinds, parse_tiles, set_counts
from gupai.games.base import Game, State
from gupai.games.kap.actions import Action, Declare, Discard, Draw, Event, Take, parse_action
from gupai.games.kap.config import CollectingConfig, collecting_config, default_sets
from gupai.games.kap.deal import Deal, deal_from_order, random_deal
from gupai.games.kap.game import KapGame
from gupai.games.kap.state import KapState
from gupai.games.registry import load_game
from gupai.games.tsung.actions import Capture, TsungEvent, parse_tsung_action
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal, tsung_deal_from_order
from gupai.games.tsung.game import TsungGame
from gupai.games.tsung.replay import replay_tsung
from gupai.games.tsung.state import TsungState
from gupai.log.play import play_game
from gupai.log.read import validate_paths, validate_text
from gupai.log.tsung import play_tsung
from gupai.log.validate import LogIssue, validate_log

__all__ = [
    "Action",
    "Capture",
    "CollectingConfig",
    "Deal",
    "Declare",
    "Decomposition",
    "Discard",
    "Draw",
    "Event",
    "Game",
    "GameSpec",
    "GupaiError",
    "HandError",
    "HandEvaluator",
    "IllegalActionError",
    "KapGame",
    "KapState",
    "LogError",
    "LogIssue",
    "OptionError",
    "OptionSpec",
    "Options",
    "PairRules",
    "PresetSpec",
    "ReplayError",
    "RuleSpec",
    "SpecError",
    "State",
    "Take",
    "Tile",
    "TileError",
    "TileKind",
    "TsungConfig",
    "TsungDeal",
    "TsungEvent",
    "TsungGame",
    "TsungState",
    "__version__",
    "all_tiles",
    "collecting_config",
    "counts_of",
    "deal_from_order",
    "default_sets",
    "evaluator",
    "game_ids",
    "game_spec",
    "hand_key",
    "kinds",
    "load_game",
    "pair_rules_from_options",
    "parse_action",
    "parse_assignments",
    "parse_tiles",
    "parse_tsung_action",
    "play_game",
    "play_tsung",
    "random_deal",
    "random_tsung_deal",
    "replay_tsung",
    "resolve_options",
    "set_counts",
    "sources",
    "tens_value",
    "tsung_config",
    "tsung_deal_from_order",
    "validate_log",
    "validate_paths",
    "validate_text",
]
