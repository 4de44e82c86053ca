"""gupai: the rules of the Chinese domino "tens" games as executable data.

The front door: load a game, play it, see what a seat may know, write and
check logs, judge a hand, plug in your own agent. Everything else lives in
the submodules (``gupai.core``: tiles, options, pairs, hands; ``gupai.games``:
the engines; ``gupai.log``: logs; ``gupai.sim``: simulation). Names are
loaded when first used, so ``import gupai`` stays light.

>>> import gupai
>>> game = gupai.load_game("kap-shap", preset="culin")
>>> state = game.new_state(game.random_deal(seed=1))
>>> state.current_player, state.phase, len(state.legal_actions()) > 0
(1, 'hold', True)
>>> [event.type for event in state.apply("discard 6-6")]
['discard']
>>> gupai.parse_tiles("6-6 4-6")
[Tile('6-6'), Tile('6-4')]
>>> gupai.evaluate_hand("kap-shap", "6-6 4-4 6-4 6-4 5-5 5-5 3-1").winning
False
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:  # what the names are, for the type checker; loaded on first use below
    from gupai.core.errors import (
        GupaiError,
        IllegalActionError,
        LogError,
        OptionError,
        TileError,
    )
    from gupai.core.errors import (
        HandError as HandError,
    )
    from gupai.core.errors import (
        ReplayError as ReplayError,
    )
    from gupai.core.errors import (
        SpecError as SpecError,
    )
    from gupai.core.hands import (
        Decomposition as Decomposition,
    )
    from gupai.core.hands import (
        HandEvaluator as HandEvaluator,
    )
    from gupai.core.hands import (
        counts_of as counts_of,
    )
    from gupai.core.hands import (
        evaluator as evaluator,
    )
    from gupai.core.hands import (
        hand_key as hand_key,
    )
    from gupai.core.options import (
        Options as Options,
    )
    from gupai.core.options import (
        parse_assignments as parse_assignments,
    )
    from gupai.core.options import (
        resolve_options as resolve_options,
    )
    from gupai.core.pairs import (
        PairRules as PairRules,
    )
    from gupai.core.pairs import (
        pair_rules_from_options as pair_rules_from_options,
    )
    from gupai.core.pairs import (
        tens_value as tens_value,
    )
    from gupai.core.spec import (
        GameSpec as GameSpec,
    )
    from gupai.core.spec import (
        OptionSpec as OptionSpec,
    )
    from gupai.core.spec import (
        PresetSpec as PresetSpec,
    )
    from gupai.core.spec import (
        RuleSpec as RuleSpec,
    )
    from gupai.core.spec import (
        game_spec as game_spec,
    )
    from gupai.core.spec import (
        games as game_ids,
    )
    from gupai.core.spec import (
        sources as sources,
    )
    from gupai.core.tiles import (
        Tile,
        parse_tiles,
    )
    from gupai.core.tiles import (
        TileKind as TileKind,
    )
    from gupai.core.tiles import (
        all_tiles as all_tiles,
    )
    from gupai.core.tiles import (
        kinds as kinds,
    )
    from gupai.core.tiles import (
        set_counts as set_counts,
    )
    from gupai.engine import Engine
    from gupai.games.agents import Agent
    from gupai.games.base import Game as Game
    from gupai.games.base import State as State
    from gupai.games.human import Human
    from gupai.games.kap.actions import (
        Action as Action,
    )
    from gupai.games.kap.actions import (
        Declare as Declare,
    )
    from gupai.games.kap.actions import (
        Discard as Discard,
    )
    from gupai.games.kap.actions import (
        Draw as Draw,
    )
    from gupai.games.kap.actions import (
        Event as Event,
    )
    from gupai.games.kap.actions import (
        Take as Take,
    )
    from gupai.games.kap.actions import (
        parse_action,
    )
    from gupai.games.kap.config import (
        CollectingConfig as CollectingConfig,
    )
    from gupai.games.kap.config import (
        collecting_config as collecting_config,
    )
    from gupai.games.kap.config import (
        default_sets as default_sets,
    )
    from gupai.games.kap.deal import Deal as Deal
    from gupai.games.kap.deal import deal_from_order as deal_from_order
    from gupai.games.kap.deal import random_deal as random_deal
    from gupai.games.kap.game import KapGame
    from gupai.games.kap.hand import HandReport, evaluate_hand
    from gupai.games.kap.state import KapState
    from gupai.games.kap.view import KapObservation
    from gupai.games.registry import load_game
    from gupai.games.table import Table
    from gupai.games.tsung.actions import Capture as Capture
    from gupai.games.tsung.actions import TsungEvent as TsungEvent
    from gupai.games.tsung.actions import parse_tsung_action
    from gupai.games.tsung.config import TsungConfig as TsungConfig
    from gupai.games.tsung.config import tsung_config as tsung_config
    from gupai.games.tsung.deal import (
        TsungDeal as TsungDeal,
    )
    from gupai.games.tsung.deal import (
        random_tsung_deal as random_tsung_deal,
    )
    from gupai.games.tsung.deal import (
        tsung_deal_from_order as tsung_deal_from_order,
    )
    from gupai.games.tsung.game import TsungGame
    from gupai.games.tsung.state import TsungState
    from gupai.games.tsung.view import TsungObservation
    from gupai.log.play import play, play_game
    from gupai.log.read import validate_paths, validate_text
    from gupai.log.tsung import play_tsung as play_tsung
    from gupai.log.validate import LogIssue as LogIssue
    from gupai.log.validate import checked_replay_kap as replay_kap
    from gupai.log.validate import checked_replay_tsung as replay_tsung
    from gupai.log.validate import validate_log
    from gupai.log.write import dumps, from_log, to_log

#: The front door (what ``help(gupai)`` lists): name -> the module that defines it.
_FRONT: dict[str, str] = {
    "load_game": "gupai.games.registry",
    "game_ids": "gupai.core.spec:games",
    "KapGame": "gupai.games.kap.game",
    "TsungGame": "gupai.games.tsung.game",
    "KapState": "gupai.games.kap.state",
    "TsungState": "gupai.games.tsung.state",
    "KapObservation": "gupai.games.kap.view",
    "TsungObservation": "gupai.games.tsung.view",
    "Tile": "gupai.core.tiles",
    "parse_tiles": "gupai.core.tiles",
    "parse_action": "gupai.games.kap.actions",
    "parse_tsung_action": "gupai.games.tsung.actions",
    "evaluate_hand": "gupai.games.kap.hand",
    "HandReport": "gupai.games.kap.hand",
    "Agent": "gupai.games.agents",
    "Human": "gupai.games.human",
    "Table": "gupai.games.table",
    "Engine": "gupai.engine",
    "play": "gupai.log.play",
    "play_game": "gupai.log.play",
    "to_log": "gupai.log.write",
    "from_log": "gupai.log.write",
    "dumps": "gupai.log.write",
    "validate_log": "gupai.log.validate",
    "validate_text": "gupai.log.read",
    "validate_paths": "gupai.log.read",
    "replay_kap": "gupai.log.validate:checked_replay_kap",  # the schema checked first, as validate does
    "replay_tsung": "gupai.log.validate:checked_replay_tsung",
    "GupaiError": "gupai.core.errors",
    "IllegalActionError": "gupai.core.errors",
    "LogError": "gupai.core.errors",
    "OptionError": "gupai.core.errors",
    "TileError": "gupai.core.errors",
}

#: Names the package exported before the front door was curated: still loaded on use, not listed.
_MORE: dict[str, str] = {
    "Action": "gupai.games.kap.actions",
    "Capture": "gupai.games.tsung.actions",
    "CollectingConfig": "gupai.games.kap.config",
    "Deal": "gupai.games.kap.deal",
    "Declare": "gupai.games.kap.actions",
    "Decomposition": "gupai.core.hands",
    "Discard": "gupai.games.kap.actions",
    "Draw": "gupai.games.kap.actions",
    "Event": "gupai.games.kap.actions",
    "Game": "gupai.games.base",
    "GameSpec": "gupai.core.spec",
    "HandError": "gupai.core.errors",
    "HandEvaluator": "gupai.core.hands",
    "LogIssue": "gupai.log.validate",
    "OptionSpec": "gupai.core.spec",
    "Options": "gupai.core.options",
    "PairRules": "gupai.core.pairs",
    "PresetSpec": "gupai.core.spec",
    "ReplayError": "gupai.core.errors",
    "RuleSpec": "gupai.core.spec",
    "SpecError": "gupai.core.errors",
    "State": "gupai.games.base",
    "Take": "gupai.games.kap.actions",
    "TileKind": "gupai.core.tiles",
    "TsungConfig": "gupai.games.tsung.config",
    "TsungDeal": "gupai.games.tsung.deal",
    "TsungEvent": "gupai.games.tsung.actions",
    "all_tiles": "gupai.core.tiles",
    "collecting_config": "gupai.games.kap.config",
    "counts_of": "gupai.core.hands",
    "deal_from_order": "gupai.games.kap.deal",
    "default_sets": "gupai.games.kap.config",
    "evaluator": "gupai.core.hands",
    "game_spec": "gupai.core.spec",
    "hand_key": "gupai.core.hands",
    "kinds": "gupai.core.tiles",
    "pair_rules_from_options": "gupai.core.pairs",
    "parse_assignments": "gupai.core.options",
    "play_tsung": "gupai.log.tsung",
    "random_deal": "gupai.games.kap.deal",
    "random_tsung_deal": "gupai.games.tsung.deal",
    "resolve_options": "gupai.core.options",
    "set_counts": "gupai.core.tiles",
    "sources": "gupai.core.spec",
    "tens_value": "gupai.core.pairs",
    "tsung_config": "gupai.games.tsung.config",
    "tsung_deal_from_order": "gupai.games.tsung.deal",
}

__all__ = [
    "Agent",
    "Engine",
    "GupaiError",
    "HandReport",
    "Human",
    "IllegalActionError",
    "KapGame",
    "KapObservation",
    "KapState",
    "LogError",
    "OptionError",
    "Table",
    "Tile",
    "TileError",
    "TsungGame",
    "TsungObservation",
    "TsungState",
    "__version__",
    "dumps",
    "evaluate_hand",
    "from_log",
    "game_ids",
    "load_game",
    "parse_action",
    "parse_tiles",
    "parse_tsung_action",
    "play",
    "play_game",
    "replay_kap",
    "replay_tsung",
    "to_log",
    "validate_log",
    "validate_paths",
    "validate_text",
]


def __getattr__(name: str) -> Any:
    """Load a front-door name on first use (PEP 562), and keep it."""
    where = _FRONT.get(name) or _MORE.get(name)
    if where is None:
        raise AttributeError(f"module 'gupai' has no attribute {name!r}")
    module, _, attribute = where.partition(":")
    value = getattr(import_module(module), attribute or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The front door, the module's own dunders and the subpackages loaded: not the names this file imports for
    itself (``Any``, ``TYPE_CHECKING``, ``annotations``, ``import_module``) nor its private tables."""
    subpackages = [name for name, value in globals().items() if isinstance(value, ModuleType)]
    dunders = [name for name in globals() if name.startswith("__") and name.endswith("__")]
    return sorted({*__all__, *dunders, *subpackages})
