"""gupai: the rules of the Chinese domino "tens" games as executable data.

The public API: tiles, options, pair rules, the hand evaluator, the games
(:func:`load_game`, each family's state and actions), playing and validating
logs. Each name is imported from its module on first use (``_LAZY``), so that
``import gupai`` and the command line's start load no numpy or schema
validator; a new public name goes into ``__all__``, ``_LAZY`` and the
``TYPE_CHECKING`` imports (``tests/unit/test_cli_start.py`` holds the three together).

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

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Each public name -> (its module, its name there): imported on first use, so that
#: ``import gupai`` (and the command line's ``--help``) loads no numpy, jsonschema or numba.
_LAZY: dict[str, tuple[str, str]] = {
    "GupaiError": ("gupai.core.errors", "GupaiError"),
    "HandError": ("gupai.core.errors", "HandError"),
    "IllegalActionError": ("gupai.core.errors", "IllegalActionError"),
    "LogError": ("gupai.core.errors", "LogError"),
    "OptionError": ("gupai.core.errors", "OptionError"),
    "ReplayError": ("gupai.core.errors", "ReplayError"),
    "SpecError": ("gupai.core.errors", "SpecError"),
    "TileError": ("gupai.core.errors", "TileError"),
    "Decomposition": ("gupai.core.hands", "Decomposition"),
    "HandEvaluator": ("gupai.core.hands", "HandEvaluator"),
    "counts_of": ("gupai.core.hands", "counts_of"),
    "evaluator": ("gupai.core.hands", "evaluator"),
    "hand_key": ("gupai.core.hands", "hand_key"),
    "Options": ("gupai.core.options", "Options"),
    "parse_assignments": ("gupai.core.options", "parse_assignments"),
    "resolve_options": ("gupai.core.options", "resolve_options"),
    "PairRules": ("gupai.core.pairs", "PairRules"),
    "pair_rules_from_options": ("gupai.core.pairs", "pair_rules_from_options"),
    "tens_value": ("gupai.core.pairs", "tens_value"),
    "GameSpec": ("gupai.core.spec", "GameSpec"),
    "OptionSpec": ("gupai.core.spec", "OptionSpec"),
    "PresetSpec": ("gupai.core.spec", "PresetSpec"),
    "RuleSpec": ("gupai.core.spec", "RuleSpec"),
    "game_spec": ("gupai.core.spec", "game_spec"),
    "sources": ("gupai.core.spec", "sources"),
    "game_ids": ("gupai.core.spec", "games"),
    "Tile": ("gupai.core.tiles", "Tile"),
    "TileKind": ("gupai.core.tiles", "TileKind"),
    "all_tiles": ("gupai.core.tiles", "all_tiles"),
    "kinds": ("gupai.core.tiles", "kinds"),
    "parse_tiles": ("gupai.core.tiles", "parse_tiles"),
    "set_counts": ("gupai.core.tiles", "set_counts"),
    "Game": ("gupai.games.base", "Game"),
    "State": ("gupai.games.base", "State"),
    "Action": ("gupai.games.kap.actions", "Action"),
    "Declare": ("gupai.games.kap.actions", "Declare"),
    "Discard": ("gupai.games.kap.actions", "Discard"),
    "Draw": ("gupai.games.kap.actions", "Draw"),
    "Event": ("gupai.games.kap.actions", "Event"),
    "Take": ("gupai.games.kap.actions", "Take"),
    "parse_action": ("gupai.games.kap.actions", "parse_action"),
    "CollectingConfig": ("gupai.games.kap.config", "CollectingConfig"),
    "collecting_config": ("gupai.games.kap.config", "collecting_config"),
    "default_sets": ("gupai.games.kap.config", "default_sets"),
    "Deal": ("gupai.games.kap.deal", "Deal"),
    "deal_from_order": ("gupai.games.kap.deal", "deal_from_order"),
    "random_deal": ("gupai.games.kap.deal", "random_deal"),
    "KapGame": ("gupai.games.kap.game", "KapGame"),
    "KapState": ("gupai.games.kap.state", "KapState"),
    "load_game": ("gupai.games.registry", "load_game"),
    "Capture": ("gupai.games.tsung.actions", "Capture"),
    "TsungEvent": ("gupai.games.tsung.actions", "TsungEvent"),
    "parse_tsung_action": ("gupai.games.tsung.actions", "parse_tsung_action"),
    "TsungConfig": ("gupai.games.tsung.config", "TsungConfig"),
    "tsung_config": ("gupai.games.tsung.config", "tsung_config"),
    "TsungDeal": ("gupai.games.tsung.deal", "TsungDeal"),
    "random_tsung_deal": ("gupai.games.tsung.deal", "random_tsung_deal"),
    "tsung_deal_from_order": ("gupai.games.tsung.deal", "tsung_deal_from_order"),
    "TsungGame": ("gupai.games.tsung.game", "TsungGame"),
    "replay_tsung": ("gupai.games.tsung.replay", "replay_tsung"),
    "TsungState": ("gupai.games.tsung.state", "TsungState"),
    "play_game": ("gupai.log.play", "play_game"),
    "validate_paths": ("gupai.log.read", "validate_paths"),
    "validate_text": ("gupai.log.read", "validate_text"),
    "play_tsung": ("gupai.log.tsung", "play_tsung"),
    "LogIssue": ("gupai.log.validate", "LogIssue"),
    "validate_log": ("gupai.log.validate", "validate_log"),
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then cached in this module)."""
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'gupai' has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


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
