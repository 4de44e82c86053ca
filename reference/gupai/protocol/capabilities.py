"""The reference engine's optional protocol commands (capabilities): facts of the tiles, pairs and hands.

Protocol v1 asks an engine about play only: a deal, the legal moves, a move,
the state. A rule such as "[4-2] counts 3 toward tens" or "this hand is two
tiles from winning" shows in no answer of play. The capabilities are small
commands an engine may implement to answer such questions; it announces the
ones it implements in its ``start`` answer (``capabilities``), and the
harness asks a capability only of an engine that announced it.

``describe``
    the tile set: every kind with its series, spots and copies in ``sets`` sets;
``read_tile``
    how a tile written by hand (``"4-6"``, ``"[6-4]"``) reads, or ``illegal``;
``tile_value``
    what ``tile`` counts toward tens under the game's options;
``pair``
    whether two tiles make a ten-pair, and whether they make an eye;
``evaluate_hand``
    whether a hand (tiles as written) wins, its winning splits, and (the
    ``distance`` capability) how many tiles it is from winning; ``illegal``
    for a hand that is not one (a token that is not a tile, too many tiles,
    more copies than the sets hold).

None needs a game in progress. Every answer comes from :mod:`gupai.core`.

>>> answer({"id": 1, "cmd": "tile_value", "game": "kap-shap", "options": {"four-two-value": "6"}, "tile": "4-2"})
{'value': 6}
>>> answer({"id": 2, "cmd": "pair", "game": "kap-shap", "options": {}, "tiles": ["6-4", "5-5"]})
{'ten_pair': True, 'eye': False}
>>> answer({"id": 3, "cmd": "read_tile", "text": "[4-6]"})
{'tile': '6-4'}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from gupai.core.errors import GupaiError
from gupai.core.hands import counts_of
from gupai.core.options import Options, read_options
from gupai.core.pairs import pair_rules_from_options, tens_value
from gupai.core.tiles import Tile, kinds, parse_tiles, set_counts
from gupai.games.kap.config import collecting_config
from gupai.protocol.schema import CAPABILITIES
from gupai.protocol.session import RefusalError, illegal

__all__ = ["CAPABILITIES", "answer"]


def answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the ``ok`` answer to a capability request, or raise :class:`RefusalError`."""
    cmd = request["cmd"]
    if cmd == "describe":
        return _describe(request["sets"])
    if cmd == "read_tile":
        return _read_tile(request["text"])
    if cmd == "tile_value":
        return _tile_value(request)
    if cmd == "pair":
        return _pair(request)
    if cmd == "evaluate_hand":
        return _evaluate_hand(request)
    raise RefusalError("unsupported", f"{cmd} is not a capability of this engine")


def _options(request: Mapping[str, Any]) -> Options:
    try:
        return _read_options(request["game"], tuple(request["options"].items()))
    except GupaiError as error:
        raise RefusalError("unsupported", error.message) from None


@functools.lru_cache(maxsize=64)
def _read_options(game: str, given: tuple[tuple[str, str], ...]) -> Options:
    """:func:`read_options` of a request's options, kept for the next request naming the same ones: a harness asks
    hundreds of pairs under one set of options, and the options are read once, not once a pair. (The request is
    already checked against the schema: its option values are strings. ``Options`` is frozen.)"""
    return read_options(game, dict(given))


def _describe(sets: int) -> dict[str, Any]:
    """Every kind of tile in ``sets`` sets.

    >>> _describe(1)["tiles"][0]
    {'tile': '6-6', 'series': 'civil', 'spots': 12, 'copies': 2}
    """
    if sets < 1:
        raise illegal(None, f"a tile set is one set or more, not {sets}")
    counts = set_counts(sets)
    return {
        "tiles": [
            {"tile": kind.face, "series": kind.series, "spots": kind.pips, "copies": counts[index]}
            for index, kind in enumerate(kinds())
        ]
    }


def _read_tile(text: str) -> dict[str, Any]:
    try:
        return {"tile": Tile.parse(text).face}
    except GupaiError as error:
        raise illegal(error.rule, error.message) from None


def _tile_value(request: Mapping[str, Any]) -> dict[str, Any]:
    rules = pair_rules_from_options(_options(request))
    return {"value": tens_value(Tile(request["tile"]), four_two_value=rules.pair_count_of_four_two())}


def _pair(request: Mapping[str, Any]) -> dict[str, Any]:
    rules = pair_rules_from_options(_options(request))
    a, b = (Tile(face) for face in request["tiles"])
    return {"ten_pair": rules.is_pair(a, b), "eye": rules.is_eye(a, b)}


def _evaluate_hand(request: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on a hand, its winning splits and its distance from winning.

    >>> request = {"game": "kap-shap", "options": {}, "sets": None, "players": None}
    >>> hand = ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"]
    >>> verdict = _evaluate_hand({**request, "hand": hand})
    >>> verdict["winning"], len(verdict["splits"]), verdict["distance"]
    (True, 1, 0)
    """
    options = _options(request)
    try:
        config = collecting_config(options.game, options, players=request["players"], sets=request["sets"])
    except GupaiError as error:
        raise illegal(error.rule, error.message) from None
    evaluator = config.evaluator
    try:
        counts = counts_of(parse_tiles(request["hand"]))
        evaluator.check_counts(counts)
    except GupaiError as error:
        raise illegal(error.rule, error.message) from None
    winning = sum(counts) == evaluator.size and evaluator.is_winning(counts)
    splits = [split.to_json() for split in evaluator.decompositions(counts)] if winning else []
    return {"winning": winning, "splits": splits, "distance": evaluator.distance(counts)}
