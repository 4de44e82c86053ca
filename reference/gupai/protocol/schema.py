"""The engine protocol's JSON Schema, generated here and checked in as
``schemas/engine-protocol.schema.json`` (``python -m gupai.protocol.schema --write``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from gupai.core.resources import data_dir, write_or_check
from gupai.core.spec import games
from gupai.core.tiles import faces
from gupai.log.schema import read_limit
from gupai.protocol.schema_capabilities import capability_answers, capability_requests
from gupai.protocol.schema_games import collecting_defs, tsung_defs
from gupai.protocol.schema_parts import (
    COLLECTING_ACTIONS,
    TSUNG_ACTIONS,
    TSUNG_EVENTS,
    obj,
    ok_def,
    ref,
    request_def,
    tiles_def,
)

__all__ = [
    "ANSWERS",
    "CAPABILITIES",
    "CAPABILITY_COMMANDS",
    "COMMANDS",
    "MAX_LINE_BYTES",
    "MAX_LINE_VALUES",
    "PROTOCOL_SCHEMA_ID",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
    "load_protocol_schema",
    "main",
    "protocol_schema",
    "schema_text",
]

#: The protocol version ``start`` names (every engine reads it: an engine of version 1 refuses any other).
PROTOCOL_VERSION = 1

#: The versions an engine may answer ``start`` that it speaks: 1, or 2 (the corrected readings of
#: spec/contract.yaml's ``log-format-1-readings``: pair-set=printed with four-two-value=6 is the printed table).
PROTOCOL_VERSIONS = (1, 2)

PROTOCOL_SCHEMA_ID = "https://gupai.dev/schemas/engine-protocol.schema.json"

#: The optional commands an engine may implement (protocol v2 capabilities), each answered without a game.
CAPABILITY_COMMANDS = ("describe", "read_tile", "tile_value", "pair", "evaluate_hand")

#: What an engine may announce in its ``start`` answer: the optional commands, and ``distance``
#: (its ``evaluate_hand`` answers say how many tiles a hand is from winning).
CAPABILITIES = (*CAPABILITY_COMMANDS, "distance")

#: Every command, in the order a session uses them, then the optional ones.
COMMANDS = ("start", "new_game", "legal_actions", "check", "apply", "state", "stop", *CAPABILITY_COMMANDS)

#: Every kind of answer.
ANSWERS = ("ok", "illegal", "unsupported", "error")

#: A message line longer than this is refused unread (16 MiB).
MAX_LINE_BYTES = 16 * 1024 * 1024

#: A message line with this many commas or more (about as many values) is refused unparsed: parsed, 16 MiB
#: of one-character strings would take some 300 MB; the largest real message (a deal of 100 sets) holds 3,200.
MAX_LINE_VALUES = 1_000_000

_SCHEMA_FILE = "engine-protocol.schema.json"


# ------------------------------------------------------------------ schema


def _dispatch(description: str, types: dict[str, str]) -> dict[str, Any]:
    """An object whose ``type`` picks its definition."""
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"enum": list(types)}},
        "required": ["type", "seat"],
        "allOf": [{"if": {"properties": {"type": {"const": k}}}, "then": ref(v)} for k, v in types.items()],
    }


_ORDER_DEAL = {
    "description": (
        "A deal given as chance outcomes: the shuffled order of every tile of the sets (and, for the collecting "
        "games, the four dice, null under option first-player=seat-0). The engine cuts it as the options say. "
        "The other fields, when given, are what a log recorded of the cut: the engine refuses the deal "
        "(`illegal`) when its own cut differs."
    ),
}


@cache
def protocol_schema() -> dict[str, Any]:
    """The protocol's JSON Schema (2020-12): every request and every answer.

    >>> schema = protocol_schema()
    >>> schema["$id"], sorted(schema["$defs"]["request"]["properties"]["cmd"]["enum"])[:3]
    ('https://gupai.dev/schemas/engine-protocol.schema.json', ['apply', 'check', 'describe'])
    """
    most = read_limit(games())  # the most players or sets a request may name (spec/: equipment.read_limit)
    game = {"type": "string", "pattern": "^[a-z][a-z0-9-]{0,63}$", "description": "A game id from spec/games/."}
    rule = {"type": "string", "pattern": "^[a-z][a-z0-9.-]{0,127}$", "description": "A permanent rule id."}
    message = {"type": "string", "maxLength": 65536, "description": "A sentence for people."}
    seat_ref = ref("seat")
    defs: dict[str, Any] = {
        "id": {
            "type": "integer",
            "minimum": 0,
            "maximum": 2**53,
            "description": "The request's number; the answer repeats it.",
        },
        "tile": {"enum": list(faces()), "description": "A tile, spelled high end first."},
        "seat": {"type": "integer", "minimum": 0, "maximum": most - 1, "description": "A seat, numbered from 0."},
        "game": game,
        "options": {
            "type": "object",
            "description": "Every option of the game and its value, as spec/games/<game>.yaml names them.",
            "propertyNames": {"pattern": "^[a-z][a-z0-9-]{0,63}$"},
            "additionalProperties": {"type": "string", "maxLength": 64},
        },
        "action": _dispatch(
            "A move, written as the game log writes its events; `seat` is who moves; `type` says which.",
            {
                **{k: f"collecting-action-{k}" for k in COLLECTING_ACTIONS if k != "pass"},  # one pass for all
                **{k: f"tsung-action-{k}" for k in TSUNG_ACTIONS},
            },
        ),
        "event": _dispatch(
            "What a move did, exactly as the game log records it.",
            {**{k: "collecting-event" for k in COLLECTING_ACTIONS}, **{k: f"tsung-event-{k}" for k in TSUNG_EVENTS}},
        ),
        "state": {
            "description": "The observable state of a game: Tsung Shap's has a `row`, the collecting games' a `table`.",
            "if": {"type": "object", "required": ["row"]},
            "then": ref("tsung-state"),
            "else": ref("collecting-state"),
        },
        "deal": {
            "description": "The deal: a shuffled order, a position, or null for the engine to shuffle and deal.",
            "if": {"type": "object", "required": ["order"]},
            "then": ref("order-deal"),
            "else": {
                "if": {"type": "object", "required": ["row"]},
                "then": ref("row-deal"),
                "else": {"if": {"type": "object"}, "then": ref("hands-deal"), "else": {"type": "null"}},
            },
        },
        "order-deal": obj(
            _ORDER_DEAL["description"],
            {
                "order": tiles_def("Every tile of the sets, in shuffled order (a wall: pile by pile, bottom up)."),
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
                    "description": "The four dice thrown by seat 0 (collecting games), or null.",
                },
                "first_player": {
                    **seat_ref,
                    "description": (
                        "The first player as recorded; in a match (first-player=previous-winner or previous-higher) "
                        "the referee's, from the previous game (seat 0 when left out)."
                    ),
                },
                "hands": {
                    "oneOf": [{"type": "array", "items": tiles_def("A hand.")}, {"type": "null"}],
                    "description": "Each seat's dealt hand (a four-tile hand in Tsung Shap), as recorded.",
                },
                "stock": {
                    "oneOf": [tiles_def("The stock."), {"type": "null"}],
                    "description": "The stock (Tsung Shap: the common stock) in draw order, as recorded.",
                },
                "piles": {
                    "oneOf": [{"type": "array", "items": tiles_def("A pile.")}, {"type": "null"}],
                    "description": "Tsung Shap: each seat's face-down tiles in order, as recorded.",
                },
            },
            ["order"],
        ),
        **collecting_defs(),
        **tsung_defs(),
        # ----------------------------------------------------------- requests
        "request-start": request_def(
            "start",
            "The handshake, sent once, first: the protocol version the harness speaks.",
            {"protocol": {"type": "integer", "minimum": 1}},
        ),
        "request-new_game": request_def(
            "new_game",
            "Start a game, replacing any game in progress.",
            {
                "game": ref("game"),
                "options": ref("options"),
                "players": {"type": "integer", "minimum": 0, "maximum": most},
                "sets": {
                    "oneOf": [{"type": "integer", "minimum": 0, "maximum": most}, {"type": "null"}],
                    "description": "How many sets, or null for the number the game's rules give.",
                },
                "deal": ref("deal"),
            },
        ),
        "request-legal_actions": request_def("legal_actions", "Every legal move of the player to move."),
        "request-check": request_def(
            "check",
            "Would this move be legal now? Answered exactly as `apply` would be, changing nothing.",
            {"action": ref("action")},
        ),
        "request-apply": request_def("apply", "Make a move, if it is legal.", {"action": ref("action")}),
        "request-state": request_def("state", "The observable state of the game."),
        "request-stop": request_def("stop", "The end of the session: answer, then exit with status 0."),
        **capability_requests(most),
        "request": {
            "type": "object",
            "description": "Any request; `cmd` says which.",
            "properties": {"id": ref("id"), "cmd": {"enum": list(COMMANDS)}},
            "required": ["id", "cmd"],
            "allOf": [
                {"if": {"properties": {"cmd": {"const": cmd}}}, "then": ref(f"request-{cmd}")} for cmd in COMMANDS
            ],
        },
        # ------------------------------------------------------------ answers
        "engine": obj(
            "Who the engine is.",
            {
                "name": {"type": "string", "minLength": 1, "maxLength": 200},
                "version": {"type": "string", "maxLength": 200},
                "language": {"type": "string", "maxLength": 200},
                "homepage": {"type": "string", "maxLength": 2000},
            },
            ["name", "version"],
        ),
        "game-support": obj(
            "What the engine supports of one game. `options` maps an option to the values the engine "
            "implements; an option left out is supported at its default value only. `players` bounds the "
            "players the engine can seat (default: every number the game allows). `position` (default true) "
            "says whether it starts a game from a position (a `new_game` deal with `hands`, or Tsung Shap's "
            "`row`); an engine that deals full games only says false, and is sent no position.",
            {
                "options": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[a-z][a-z0-9-]{0,63}$"},
                    "additionalProperties": {
                        "type": "array",
                        "items": {"type": "string", "maxLength": 64},
                        "minItems": 1,
                        "uniqueItems": True,
                    },
                },
                "players": obj(
                    "The fewest and most players the engine seats.",
                    {"min": {"type": "integer", "minimum": 1}, "max": {"type": "integer", "minimum": 1}},
                    [],
                ),
                "position": {
                    "type": "boolean",
                    "description": "Whether the engine starts this game from a position (default true). Added "
                    "2026-11-29 without a new protocol version: an engine that leaves it out is read as before.",
                },
            },
            ["options"],
        ),
        "answer-ok-start": obj(
            "The handshake's answer: who the engine is, the protocol it speaks, the games and readings it "
            "supports and (optional, default none) the optional commands it implements.",
            {
                "id": ref("id"),
                "answer": {"const": "ok"},
                "protocol": {"type": "integer", "minimum": 1},
                "engine": ref("engine"),
                "games": {
                    "type": "object",
                    "propertyNames": game,
                    "additionalProperties": ref("game-support"),
                },
                "capabilities": {
                    "type": "array",
                    "items": {"enum": list(CAPABILITIES)},
                    "uniqueItems": True,
                    "description": "The optional commands the engine answers, and `distance` when its "
                    "`evaluate_hand` answers carry the distance. The harness asks nothing else.",
                },
            },
            ["id", "answer", "protocol", "engine", "games"],
        ),
        "answer-ok-new_game": obj(
            "The game has started. `events` (optional, default none) are the chance events the start of play "
            "produced, as the log records them: Tsung Shap's first tile turned over.",
            {"id": ref("id"), "answer": {"const": "ok"}, "events": {"type": "array", "items": ref("event")}},
            ["id", "answer"],
        ),
        "answer-ok-legal_actions": ok_def(
            "Every legal move of the player to move (none once the game is over), each once, in any order.",
            {"actions": {"type": "array", "items": ref("action")}},
        ),
        "answer-ok-check": ok_def("The move is legal."),
        "answer-ok-apply": ok_def(
            "The move was made; `events` is what it did, as the log records it (a pass may show nothing).",
            {"events": {"type": "array", "items": ref("event")}},
        ),
        "answer-ok-state": ok_def("The observable state.", {"state": ref("state")}),
        "answer-ok-stop": ok_def("Goodbye; the engine exits with status 0."),
        **capability_answers(),
        "answer-illegal": obj(
            "The rules forbid what was asked; nothing changed. `rule` names the rule broken, if the engine knows.",
            {"id": ref("id"), "answer": {"const": "illegal"}, "rule": rule, "message": message},
            ["id", "answer"],
        ),
        "answer-unsupported": obj(
            "The engine does not implement what was asked.",
            {"id": ref("id"), "answer": {"const": "unsupported"}, "message": message},
            ["id", "answer"],
        ),
        "answer-error": obj(
            "The engine could not handle the request; `id` is null when the request could not be read.",
            {"id": {"oneOf": [ref("id"), {"type": "null"}]}, "answer": {"const": "error"}, "message": message},
            ["id", "answer"],
        ),
        "answer": {
            "type": "object",
            "description": "Any answer; `answer` says which kind.",
            "properties": {"answer": {"enum": list(ANSWERS)}},
            "required": ["id", "answer"],
            "allOf": [
                {
                    "if": {"properties": {"answer": {"const": kind}}},
                    "then": (
                        {"anyOf": [ref(f"answer-ok-{cmd}") for cmd in COMMANDS]}
                        if kind == "ok"
                        else ref(f"answer-{kind}")
                    ),
                }
                for kind in ANSWERS
            ],
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": PROTOCOL_SCHEMA_ID,
        "title": "gupai engine protocol",
        "description": (
            f"Version {PROTOCOL_VERSION} of the protocol between the conformance harness and an engine under "
            "test, with the optional commands of v2 (capabilities an engine announces in its `start` answer): "
            "JSON Lines over the engine's standard input (requests) and output (answers), one object a "
            "line. A message is a request or an answer; see the engine protocol page of the rules site. "
            "Generated by `python -m gupai.protocol.schema --write`."
        ),
        "oneOf": [ref("request"), ref("answer")],
        "$defs": defs,
    }


def schema_text() -> str:
    """The canonical text of ``schemas/engine-protocol.schema.json``."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


@cache
def load_protocol_schema() -> dict[str, Any]:
    """The checked-in ``schemas/engine-protocol.schema.json``."""
    with open(data_dir("schemas") / _SCHEMA_FILE, encoding="utf-8") as handle:
        result: dict[str, Any] = json.load(handle)
    return result


def main(argv: list[str] | None = None) -> int:
    """Write or check the generated schema file (``--write`` writes it)."""
    return write_or_check(_SCHEMA_FILE, schema_text, module="gupai.protocol.schema", argv=argv)


if __name__ == "__main__":
    raise SystemExit(main())
