"""The game-log JSON Schema, generated from ``spec/`` and checked in.

``schemas/game-log.schema.json`` is written by ``python -m gupai.log.schema
--write`` from :func:`log_schema`; a test fails when the file and the spec
disagree, so option names and values in the schema can never drift from the
rules.

>>> schema = log_schema()
>>> schema["$id"]
'https://gupai.dev/schemas/game-log.schema.json'
>>> sorted(schema["$defs"]["options-kap-shap"]["properties"]["take"]["enum"])
['any', 'latest']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from gupai.core.resources import data_dir, write_or_check
from gupai.core.spec import OptionSpec, game_spec
from gupai.core.tiles import faces
from gupai.games.base import UNFINISHED
from gupai.games.tsung import GAME as TSUNG
from gupai.log.format import LOG_VERSIONS

__all__ = ["LOG_SCHEMA_ID", "load_schema", "log_schema", "read_limit", "read_schema", "schema_text"]

LOG_SCHEMA_ID = "https://gupai.dev/schemas/game-log.schema.json"
COLLECTING = ("kap-shap", "kap-tai-shap")


def _tsung_defs() -> tuple[dict[str, Any], str, str, str]:
    from gupai.log.tsung import tsung_schema_defs  # (only the schema's generation needs Tsung Shap's player)

    return tsung_schema_defs()


#: Games whose events, deal and result are described by a fragment of their
#: own: each entry maps a game id to a function returning the $defs it adds and
#: the names of its deal, event and result definitions.
EXTENSIONS: dict[str, Callable[[], tuple[dict[str, Any], str, str, str]]] = {TSUNG: _tsung_defs}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _options_def(game: str) -> dict[str, Any]:
    spec = game_spec(game)
    return {
        "type": "object",
        "description": (
            f"Every option of {spec.name}, resolved (spec/games/{game}.yaml). An option added after version 1 "
            "(spec key `since`) may be left out: it then means its old reading, so a log written before the "
            "option existed keeps its meaning."
        ),
        "properties": {o.key: _option_property(o) for o in spec.options},
        "required": [o.key for o in spec.options if o.since is None],
        "additionalProperties": False,
    }


def _option_property(option: OptionSpec) -> dict[str, Any]:
    """An option's property: its values and question, and when it was added, what leaving it out means."""
    description = option.question
    if option.since is not None:
        added, old = option.since
        description += f" Added {added}; left out, it means `{old}` (the reading before it existed)."
    retired = list(dict.fromkeys(entry.value for entry in option.retired))
    if retired:
        meanings = "; ".join(
            f"`{e.value}` with {', '.join(f'{k}={v}' for k, v in e.when)} means "
            f"{', '.join(f'{k}={v}' for k, v in e.means)}"
            for e in option.retired
        )
        description += f" Retired values of version 1, still read: {meanings}."
    return {"enum": [*option.values, *retired], "description": description}


def _event(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"const": kind}, "seat": _ref("seat"), **extra},
        "required": ["type", "seat", *required],
        "additionalProperties": False,
    }


def _collecting_defs() -> dict[str, Any]:
    tiles = {"type": "array", "items": _ref("tile")}
    events = {
        "discard": _event("discard", "A tile discarded face up on the table.", {"tile": _ref("tile")}, ["tile"]),
        "take": _event("take", "A face-up discard taken into the hand.", {"tile": _ref("tile")}, ["tile"]),
        "draw": _event(
            "draw", "The next tile of the stock drawn; `tile` is the tile drawn.", {"tile": _ref("tile")}, ["tile"]
        ),
        "pass": _event(
            "pass",
            "A turn in which the player takes nothing: only at the start of a turn when the stock is empty, "
            "under option stock-out=play-on (rule `*.end.stock`).",
            {},
            [],
        ),
        "declare": _event(
            "declare",
            "A winning hand declared: the whole hand and the split the player shows.",
            {"hand": tiles, "decomposition": _ref("decomposition")},
            ["hand", "decomposition"],
        ),
    }
    return {
        "decomposition": {
            "type": "object",
            "description": "A split of a winning hand: the eye and the ten-pairs.",
            "properties": {
                "eye": {**tiles, "minItems": 2, "maxItems": 2},
                "pairs": {"type": "array", "items": {**tiles, "minItems": 2, "maxItems": 2}, "minItems": 1},
            },
            "required": ["eye", "pairs"],
            "additionalProperties": False,
        },
        "collecting-deal": {
            "type": "object",
            "description": "The chance outcomes and how the order was cut: hands per seat, stock in draw order.",
            "properties": {
                "order": {**tiles, "description": "Every tile of the sets in shuffled order."},
                "dice": {
                    "oneOf": [
                        {
                            "type": "array",
                            "items": {"type": "integer", "minimum": 1, "maximum": 6},
                            "minItems": 4,
                            "maxItems": 4,
                        },
                        {"type": "null"},
                    ],
                    "description": "The four dice choosing the first player, or null when the first player is given.",
                },
                "first_player": _ref("seat"),
                "hands": {
                    "type": "array",
                    "items": tiles,
                    "description": "Each seat's dealt tiles, in the order taken.",
                },
                "stock": {**tiles, "description": "The stock in draw order."},
            },
            "required": ["order", "dice", "first_player", "hands", "stock"],
            "additionalProperties": False,
        },
        "collecting-event": {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": sorted(events)}},
            "allOf": [
                {"if": {"properties": {"type": {"const": kind}}}, "then": _ref(f"collecting-event-{kind}")}
                for kind in sorted(events)
            ],
        },
        **{f"collecting-event-{kind}": body for kind, body in events.items()},
        "collecting-result": {
            "type": "object",
            "properties": {
                "winner": {"oneOf": [_ref("seat"), {"type": "null"}]},
                "reason": {
                    "enum": ["declared", "stock-exhausted", "dead-rounds", "abandoned"],
                    "description": "How the game ended; `abandoned`: stopped before any rule ended it (end.abandoned).",
                },
                "turns": {"type": "integer", "minimum": 0},
                "hand": tiles,
                "decomposition": _ref("decomposition"),
                "settlement": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Each seat's gain or loss in antes.",
                },
            },
            "required": ["winner", "reason", "turns", "settlement"],
            "additionalProperties": False,
        },
    }


def _match_def() -> dict[str, Any]:
    """How a game of a match chose its first player (absent outside a match)."""
    return {
        "type": "object",
        "description": (
            "The game's place in a match (a session of games under first-player=previous-winner, Kap, or "
            "previous-higher, Tsung Shap) and the previous game's result its first player follows: the player "
            "with the most points in it (a Kap winner 1, the others 0; a Tsung Shap seat its score), counted from "
            "its first player, so that a tie keeps the same first player. Seat 0 begins a match. Absent outside "
            "a match: the first player is then taken as given."
        ),
        "properties": {
            "game": {"type": "integer", "minimum": 1, "description": "The game's number in the match, from 1."},
            "previous": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "properties": {
                            "first_player": _ref("seat"),
                            "winner": {"oneOf": [_ref("seat"), {"type": "null"}]},
                            "scores": {
                                "oneOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}],
                                "description": "Each seat's score (Tsung Shap); null in Kap.",
                            },
                        },
                        "required": ["first_player", "winner", "scores"],
                        "additionalProperties": False,
                    },
                ],
                "description": "The previous game's first player, winner and scores; null in the first game.",
            },
        },
        "required": ["game", "previous"],
        "additionalProperties": False,
    }


def read_limit(games: Iterable[str]) -> int:
    """The most players or sets a log (or a request) may name: the greatest ``equipment.read_limit`` of ``games``.

    A count above a game's own maximum but within this one is read, and
    refused by the game's players or sets rule; above it the schema refuses
    the document unread (spec/games/kap-tai-shap.yaml, ``equipment.limits``).

    >>> read_limit(["kap-shap", "kap-tai-shap", "tsung-shap"])
    100
    """
    return max(game_spec(g).read_limit or game_spec(g).players_max for g in games)


def _game_branch(game: str, deal: str, event: str, result: str) -> dict[str, Any]:
    return {
        "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
        "then": {
            "properties": {
                "options": _ref(f"options-{game}"),
                "deal": _ref(deal),
                "events": {"type": "array", "items": _ref(event)},
                "result": {"if": {"type": "object"}, "then": _ref(result)},
            }
        },
    }


#: Extension keys: where the protocol allows them (every object it defines, ``options`` aside), a log allows
#: keys that begin ``x-`` for an engine's own data (e.g. ``x-navpil-turns`` in a result); the validator ignores them.
EXTENSION_KEYS: dict[str, dict[str, Any]] = {"^x-": {}}


def _allow_extensions(node: Any, *, skip: frozenset[str]) -> None:
    """Add :data:`EXTENSION_KEYS` to every closed object of a schema, except the definitions named in ``skip``."""
    if isinstance(node, dict):
        if node.get("additionalProperties") is False and "properties" in node:
            node["patternProperties"] = dict(EXTENSION_KEYS)
        for key, value in node.items():
            if key == "$defs":
                for name, definition in value.items():
                    if name not in skip:
                        _allow_extensions(definition, skip=skip)
            else:
                _allow_extensions(value, skip=skip)
    elif isinstance(node, list):
        for item in node:
            _allow_extensions(item, skip=skip)


@cache
def log_schema() -> dict[str, Any]:
    """The game-log schema (JSON Schema 2020-12) as a dictionary.

    Every closed object but the options allows ``x-`` extension keys, as the protocol does:

    >>> schema = log_schema()
    >>> schema["patternProperties"], schema["$defs"]["collecting-result"]["patternProperties"]
    ({'^x-': {}}, {'^x-': {}})
    >>> "patternProperties" in schema["$defs"]["options-kap-shap"]
    False
    """
    games = [*COLLECTING, *EXTENSIONS]
    most = read_limit(games)
    defs: dict[str, Any] = {
        "tile": {"enum": list(faces()), "description": "A tile, spelled high end first."},
        "seat": {
            "type": "integer",
            "minimum": 0,
            "maximum": most - 1,
            "description": "A seat, numbered anticlockwise from 0.",
        },
        **{f"options-{game}": _options_def(game) for game in games},
        **_collecting_defs(),
        "match": _match_def(),
    }
    branches = [_game_branch(g, "collecting-deal", "collecting-event", "collecting-result") for g in COLLECTING]
    for game, extend in EXTENSIONS.items():
        extra, deal, event, result = extend()
        defs.update(extra)
        branches.append(_game_branch(game, deal, event, result))
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": LOG_SCHEMA_ID,
        "title": "gupai game log",
        "description": (
            "One game of Kap Shap, Kap Tai Shap or Tsung Shap as a referee records it: the game, every option "
            "resolved, the players, the deal (chance), every event in order, and the result. Generated from spec/ "
            "by `python -m gupai.log.schema --write`."
        ),
        "type": "object",
        "properties": {
            "format": {"const": "gupai-log"},
            "version": {
                "enum": list(LOG_VERSIONS),
                "description": 'The format\'s version: 2 is written. Version 2 adds unfinished games (a result of "*", '
                "or none, as PGN writes a game in progress) and reads pair-set=printed with four-two-value=6 as printed; "
                "a log of version 1 is read with the meaning it had when it was written, and records a finished game "
                "(docs/engine/log-format.md, Versions).",
            },
            "game": {"enum": games},
            "preset": {"type": "string", "description": "The preset the options were resolved from."},
            "options": {"type": "object"},
            "players": {
                "type": "integer",
                "minimum": 2,
                "maximum": most,
                "description": "How many players; above the game's `players.max` the replay refuses them (rule "
                "`*.equipment.players`), above `equipment.read_limit` the schema (spec/games/<game>.yaml).",
            },
            "sets": {
                "type": "integer",
                "minimum": 1,
                "maximum": most,
                "description": "How many sets; above the game's `equipment.max_sets` the replay refuses them, "
                "above `equipment.read_limit` the schema (spec/games/<game>.yaml).",
            },
            "seed": {"type": ["integer", "string"], "description": "The seed the game was played from (informative)."},
            "agents": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Who played each seat (informative).",
            },
            "match": _ref("match"),
            "deal": {"type": "object"},
            "events": {"type": "array"},
            "result": {
                "oneOf": [{"type": "object"}, {"const": UNFINISHED}],
                "description": 'How the game ended; "*" (or no result at all) for a game in progress (version 2 on).',
            },
        },
        "required": ["format", "version", "game", "preset", "options", "players", "sets", "deal", "events"],
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"version": {"const": 1}}, "required": ["version"]},
                "then": {"required": ["result"], "properties": {"result": {"type": "object"}}},
            },
            *branches,
        ],
        "$defs": defs,
    }
    _allow_extensions(schema, skip=frozenset(f"options-{game}" for game in games))
    return schema


def schema_text() -> str:
    """The canonical text of the schema file."""
    return json.dumps(log_schema(), indent=2, ensure_ascii=False) + "\n"


@cache
def load_schema(name: str = "game-log") -> dict[str, Any]:
    """A checked-in schema, ``schemas/<name>.schema.json``, read once and shared: not to be changed."""
    return read_schema(name)


def read_schema(name: str = "game-log") -> dict[str, Any]:
    """A checked-in schema, ``schemas/<name>.schema.json``, read now: the caller's own, to change if it will."""
    with open(data_dir("schemas") / f"{name}.schema.json", encoding="utf-8") as handle:
        result: dict[str, Any] = json.load(handle)
    return result


def main(argv: list[str] | None = None) -> int:
    """Write or check the generated schema file (``--write`` writes it)."""
    return write_or_check("game-log.schema.json", schema_text, module="gupai.log.schema", argv=argv)


if __name__ == "__main__":
    raise SystemExit(main())
