"""The engine protocol's JSON Schema, generated here and checked in as
``schemas/engine-protocol.schema.json`` (``python -m gupai.protocol.schema --write``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from gupai.core.resources import data_dir, write_or_check
from gupai.core.tiles import kinds

__all__ = [
    "ANSWERS",
    "CAPABILITIES",
    "CAPABILITY_COMMANDS",
    "COMMANDS",
    "MAX_LINE_BYTES",
    "PROTOCOL_SCHEMA_ID",
    "PROTOCOL_VERSION",
    "load_protocol_schema",
    "main",
    "protocol_schema",
    "schema_text",
]

#: The protocol version this module speaks; ``start`` exchanges it.
PROTOCOL_VERSION = 1

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

_SCHEMA_FILE = "engine-protocol.schema.json"


# ------------------------------------------------------------------ schema
def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _obj(description: str, properties: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "patternProperties": {"^x-": {}},
        "additionalProperties": False,
        **extra,
    }


def _tiles(description: str, **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": _ref("tile"), "description": description, **extra}


def _request(cmd: str, description: str, properties: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {"id": _ref("id"), "cmd": {"const": cmd}, **(properties or {})}
    return _obj(description, props, list(props))


def _ok(description: str, properties: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {"id": _ref("id"), "answer": {"const": "ok"}, **(properties or {})}
    return _obj(description, props, list(props))


_COLLECTING_ACTIONS = ("take", "discard", "draw", "declare")
_TSUNG_ACTIONS = ("lay", "capture", "claim", "pass")
_TSUNG_EVENTS = ("reveal", "lay", "refill", "capture", "claim")


def _collecting_defs() -> dict[str, Any]:
    seat = _ref("seat")
    tile = _ref("tile")
    hand = _tiles("A seat's tiles (any order; the reference lists them greatest first).")

    def action(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        props = {"type": {"const": kind}, "seat": seat, **extra}
        return _obj(description, props, ["type", "seat", *required])

    return {
        "decomposition": _obj(
            "A split of a winning hand: the eye and the ten-pairs (tiles in any order).",
            {
                "eye": _tiles("The eye: two identical tiles.", minItems=2, maxItems=2),
                "pairs": {
                    "type": "array",
                    "description": "The ten-pairs: three in Kap Shap, four in Kap Tai Shap.",
                    "items": _tiles("A ten-pair.", minItems=2, maxItems=2),
                    "minItems": 1,
                    "maxItems": 8,
                },
            },
            ["eye", "pairs"],
        ),
        "collecting-action-take": action(
            "take", "Take a face-up discard from the table into the hand.", {"tile": tile}, ["tile"]
        ),
        "collecting-action-discard": action(
            "discard", "Discard a tile of the hand face up on the table.", {"tile": tile}, ["tile"]
        ),
        "collecting-action-draw": action(
            "draw",
            "Draw the next tile of the stock. With `tile`, the caller says which tile it expects: the engine "
            "refuses the draw (rule `*.deal.draw-order`) when the next tile of the stock is another.",
            {"tile": tile},
            [],
        ),
        "collecting-action-declare": action(
            "declare",
            "Declare a win. With `hand`, the caller says what the hand holds; with `decomposition`, which split "
            "it shows: the engine refuses (rule `*.declare.valid`) a hand that is not the player's or a split "
            "that is not one of the hand's winning splits. Without `decomposition` the engine shows a split of "
            "its choice.",
            {"hand": hand, "decomposition": _ref("decomposition")},
            [],
        ),
        "collecting-event": _obj(
            "What an applied move did, exactly as the game log records it: a draw names the tile drawn, a "
            "declaration the hand and the split shown.",
            {
                "type": {"enum": ["take", "discard", "draw", "declare"]},
                "seat": seat,
                "tile": tile,
                "hand": hand,
                "decomposition": _ref("decomposition"),
            },
            ["type", "seat"],
        ),
        "hands-deal": _obj(
            "A deal given as a position: each seat's hand, the stock in draw order and the first player. The "
            "first player holds one tile more than the others; tiles of the sets in neither are out of play. The "
            "deal options (deal, wall-draw, first-player) play no part. The engine refuses (`illegal`) hands of "
            "the wrong size or more copies of a tile than the sets hold.",
            {
                "hands": {"type": "array", "items": hand, "minItems": 1},
                "stock": _tiles("The stock in draw order."),
                "first_player": seat,
            },
            ["hands", "stock", "first_player"],
        ),
        "collecting-result": _obj(
            "The outcome, as the game log records it.",
            {
                "winner": {"oneOf": [seat, {"type": "null"}]},
                "reason": {"enum": ["declared", "stock-exhausted", "dead-rounds"]},
                "turns": {"type": "integer", "minimum": 1},
                "hand": hand,
                "decomposition": _ref("decomposition"),
                "settlement": {"type": "array", "items": {"type": "integer"}},
            },
            ["winner", "reason", "turns", "settlement"],
        ),
        "collecting-state": _obj(
            "Everything a referee sees of a game of Kap Shap or Kap Tai Shap.",
            {
                "current_player": {
                    "oneOf": [seat, {"type": "null"}],
                    "description": "The seat to move; null once the game is over.",
                },
                "terminal": {"type": "boolean", "description": "Whether the game is over."},
                "hands": {"type": "array", "items": hand, "description": "Every seat's hand."},
                "table": _tiles("The face-up discards, oldest first."),
                "stock_size": {"type": "integer", "minimum": 0, "description": "Tiles left in the stock."},
                "stock": _tiles("The tiles left in the stock, in draw order."),
                "scores": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Each seat's score so far: the settlement once the game is over, 0 before.",
                },
                "result": {
                    "oneOf": [_ref("collecting-result"), {"type": "null"}],
                    "description": "The outcome once the game is over, else null.",
                },
            },
            ["current_player", "terminal", "hands", "table", "stock_size", "stock", "scores", "result"],
        ),
    }


def _tsung_defs() -> dict[str, Any]:
    seat = _ref("seat")
    tile = _ref("tile")
    pair_of = {"type": "array", "minItems": 2, "maxItems": 2}
    capture = {
        "kind": {"enum": ["pair", "triple", "ten"], "description": "What the capture makes."},
        "at": {"enum": ["left", "right", "ends"], "description": "Where in the row its tiles are."},
    }
    outcome = {
        "tiles": _tiles("The tiles taken: the tile laid first, then the row's, in row order.", minItems=2, maxItems=3),
        "points": {"type": "integer", "minimum": 0, "description": "What the capture scores."},
        "sweep": {"type": "boolean", "description": "Whether it clears the table."},
    }

    def action(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return _obj(description, {"type": {"const": kind}, "seat": seat, **extra}, ["type", "seat", *required])

    def event(kind: str, description: str, extra: dict[str, Any]) -> dict[str, Any]:
        return _obj(description, {"type": {"const": kind}, "seat": seat, **extra}, ["type", "seat", *extra])

    return {
        "tsung-action-lay": action(
            "lay",
            "Lay a tile at an end of the row (`left` on an empty table).",
            {"tile": tile, "end": _ref("end")},
            ["tile", "end"],
        ),
        "tsung-action-capture": action(
            "capture",
            "Take a capture with the tile just laid. In `legal_actions` answers it carries `tiles`, `points` and "
            "`sweep`; in a request they are optional, and when given the engine refuses (`illegal`) a capture "
            "that would take, score or sweep otherwise.",
            {**capture, **outcome},
            ["kind", "at"],
        ),
        "tsung-action-claim": action(
            "claim",
            "Claim the capture the opponent missed with the last tile laid (option missed-capture=claim); "
            "`tiles`, `points` and `sweep` as for `capture`.",
            {**capture, **outcome},
            ["kind", "at"],
        ),
        "tsung-action-pass": action(
            "pass", "Take no capture, or claim none. A game log records no pass: it shows as what follows.", {}, []
        ),
        "end": {"enum": ["left", "right"], "description": "An end of the row."},
        "tsung-event-reveal": event("reveal", "A face-down tile turned over (chance).", {"tile": tile}),
        "tsung-event-lay": event("lay", "A tile laid at an end.", {"tile": tile, "end": _ref("end")}),
        "tsung-event-refill": event("refill", "A tile drawn into a four-tile hand (chance).", {"tile": tile}),
        "tsung-event-capture": event("capture", "Tiles taken by the player who laid.", {**capture, **outcome}),
        "tsung-event-claim": event("claim", "Tiles taken by a claim of a missed capture.", {**capture, **outcome}),
        "row-deal": _obj(
            "A Tsung Shap game in mid-play, as the scenarios set one up: the row left to right, who is to play, "
            "each seat's face-down tiles in the order they turn over (own halves), the common stock in order, the "
            "four-tile hands, the scores, the turns each seat has begun and the tiles laid so far. Tiles of the "
            "set given nowhere were taken earlier. `laid` 0 with an empty row is a new game.",
            {
                "row": _tiles("The row, left to right."),
                "to_move": seat,
                "piles": {"oneOf": [{**pair_of, "items": _tiles("A seat's face-down tiles.")}, {"type": "null"}]},
                "stock": {"oneOf": [_tiles("The common stock in order."), {"type": "null"}]},
                "hands": {"oneOf": [{**pair_of, "items": _tiles("A four-tile hand.")}, {"type": "null"}]},
                "scores": {**pair_of, "items": {"type": "integer", "minimum": 0}},
                "turns": {"oneOf": [{**pair_of, "items": {"type": "integer", "minimum": 0}}, {"type": "null"}]},
                "laid": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            },
            ["row", "to_move", "piles", "stock", "hands", "scores", "turns", "laid"],
        ),
        "tsung-result": _obj(
            "The outcome of a Tsung Shap game, as the game log records it.",
            {
                "scores": {**pair_of, "items": {"type": "integer"}},
                "winner": {"oneOf": [seat, {"type": "null"}], "description": "null for a tie."},
                "reason": {"type": "string", "description": "The `end` option's reading that ended the game."},
                "turns": {"type": "integer", "minimum": 0},
                "captures": {
                    "type": "array",
                    "description": "Each seat's tally: pairs, triples, tens, sweeps, claims and tiles taken.",
                    "items": {
                        "type": "object",
                        "properties": {
                            k: {"type": "integer", "minimum": 0}
                            for k in ("pairs", "triples", "tens", "sweeps", "claims", "tiles")
                        },
                        "required": ["pairs", "triples", "tens", "sweeps", "claims", "tiles"],
                        "additionalProperties": False,
                    },
                },
            },
            ["scores", "winner", "reason", "turns", "captures"],
        ),
        "tsung-state": _obj(
            "Everything a referee sees of a game of Tsung Shap.",
            {
                "current_player": {"oneOf": [seat, {"type": "null"}], "description": "null once the game is over."},
                "terminal": {"type": "boolean"},
                "row": _tiles("The row, left to right."),
                "revealed": {
                    "oneOf": [tile, {"type": "null"}],
                    "description": "The tile turned over and waiting to be laid, else null.",
                },
                "hands": {
                    "oneOf": [{**pair_of, "items": _tiles("A four-tile hand.")}, {"type": "null"}],
                    "description": "The four-tile hands (option hand=four), else null.",
                },
                "piles": {
                    "oneOf": [
                        {**pair_of, "items": _tiles("A seat's face-down tiles still to come, in order.")},
                        {"type": "null"},
                    ],
                    "description": "Each seat's face-down tiles still to come (own halves), else null.",
                },
                "stock": {
                    "oneOf": [_tiles("The common stock still to come, in order."), {"type": "null"}],
                    "description": "The common stock still to come (option stock=common), else null.",
                },
                "stock_size": {"type": "integer", "minimum": 0, "description": "Tiles still face down."},
                "scores": {**pair_of, "items": {"type": "integer"}},
                "turns": {
                    **pair_of,
                    "items": {"type": "integer", "minimum": 0},
                    "description": "Turns begun by each seat.",
                },
                "result": {"oneOf": [_ref("tsung-result"), {"type": "null"}]},
            },
            [
                "current_player",
                "terminal",
                "row",
                "revealed",
                "hands",
                "piles",
                "stock",
                "stock_size",
                "scores",
                "turns",
                "result",
            ],
        ),
    }


def _capability_requests() -> dict[str, Any]:
    game_options = {"game": _ref("game"), "options": _ref("options")}
    written = {"type": "string", "minLength": 1, "maxLength": 64, "description": "A tile as written."}
    count = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 1000}, {"type": "null"}]}
    return {
        "request-describe": _request(
            "describe",
            "Capability `describe`: the tile set, every kind with its series, spots and copies in `sets` sets.",
            {"sets": {"type": "integer", "minimum": 1, "maximum": 1000}},
        ),
        "request-read_tile": _request(
            "read_tile",
            "Capability `read_tile`: which tile `text` writes (`4-6`, `[6-4]`), or `illegal` if none.",
            {"text": {"type": "string", "maxLength": 64}},
        ),
        "request-tile_value": _request(
            "tile_value",
            "Capability `tile_value`: what `tile` counts toward tens under the game's options.",
            {**game_options, "tile": _ref("tile")},
        ),
        "request-pair": _request(
            "pair",
            "Capability `pair`: whether two tiles make a ten-pair, and whether they make an eye, under the "
            "game's options.",
            {**game_options, "tiles": _tiles("Two tiles, in any order.", minItems=2, maxItems=2)},
        ),
        "request-evaluate_hand": _request(
            "evaluate_hand",
            "Capability `evaluate_hand`: whether `hand` wins in the game (with `players` and `sets` as for "
            "`new_game`), its winning splits, and (capability `distance`) how far it is from winning. `illegal` "
            "for what is no hand: a token that is not a tile, more tiles than a hand holds, more copies of a "
            "tile than the sets hold, or players and sets the game refuses.",
            {
                **game_options,
                "players": count,
                "sets": count,
                "hand": {"type": "array", "items": written, "maxItems": 1000, "description": "The tiles as written."},
            },
        ),
    }


def _capability_answers() -> dict[str, Any]:
    kind = _obj(
        "One kind of tile.",
        {
            "tile": _ref("tile"),
            "series": {"enum": ["civil", "military"]},
            "spots": {"type": "integer", "minimum": 2, "maximum": 12},
            "copies": {"type": "integer", "minimum": 0, "description": "Copies in the sets asked about."},
        },
        ["tile", "series", "spots", "copies"],
    )
    return {
        "answer-ok-describe": _ok("Every kind of tile, each once.", {"tiles": {"type": "array", "items": kind}}),
        "answer-ok-read_tile": _ok("The tile the text writes.", {"tile": _ref("tile")}),
        "answer-ok-tile_value": _ok("What the tile counts toward tens.", {"value": {"type": "integer", "minimum": 0}}),
        "answer-ok-pair": _ok(
            "The verdicts on the two tiles.", {"ten_pair": {"type": "boolean"}, "eye": {"type": "boolean"}}
        ),
        "answer-ok-evaluate_hand": _obj(
            "The verdict on the hand: `winning`, its winning splits (each once, none unless winning) and, from an "
            "engine announcing `distance`, the fewest tiles to change for a winning hand (0 when winning).",
            {
                "id": _ref("id"),
                "answer": {"const": "ok"},
                "winning": {"type": "boolean"},
                "splits": {"type": "array", "items": _ref("decomposition")},
                "distance": {"type": "integer", "minimum": 0},
            },
            ["id", "answer", "winning", "splits"],
        ),
    }


def _dispatch(description: str, types: dict[str, str]) -> dict[str, Any]:
    """An object whose ``type`` picks its definition."""
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"enum": list(types)}},
        "required": ["type", "seat"],
        "allOf": [{"if": {"properties": {"type": {"const": k}}}, "then": _ref(v)} for k, v in types.items()],
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
    game = {"type": "string", "pattern": "^[a-z][a-z0-9-]{0,63}$", "description": "A game id from spec/games/."}
    rule = {"type": "string", "pattern": "^[a-z][a-z0-9.-]{0,127}$", "description": "A permanent rule id."}
    message = {"type": "string", "maxLength": 65536, "description": "A sentence for people."}
    seat_ref = _ref("seat")
    defs: dict[str, Any] = {
        "id": {
            "type": "integer",
            "minimum": 0,
            "maximum": 2**53,
            "description": "The request's number; the answer repeats it.",
        },
        "tile": {"enum": [k.face for k in kinds()], "description": "A tile, spelled high end first."},
        "seat": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "A seat, numbered from 0."},
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
                **{k: f"collecting-action-{k}" for k in _COLLECTING_ACTIONS},
                **{k: f"tsung-action-{k}" for k in _TSUNG_ACTIONS},
            },
        ),
        "event": _dispatch(
            "What a move did, exactly as the game log records it.",
            {**{k: "collecting-event" for k in _COLLECTING_ACTIONS}, **{k: f"tsung-event-{k}" for k in _TSUNG_EVENTS}},
        ),
        "state": {
            "description": "The observable state of a game: Tsung Shap's has a `row`, the collecting games' a `table`.",
            "if": {"type": "object", "required": ["row"]},
            "then": _ref("tsung-state"),
            "else": _ref("collecting-state"),
        },
        "deal": {
            "description": "The deal: a shuffled order, a position, or null for the engine to shuffle and deal.",
            "if": {"type": "object", "required": ["order"]},
            "then": _ref("order-deal"),
            "else": {
                "if": {"type": "object", "required": ["row"]},
                "then": _ref("row-deal"),
                "else": {"if": {"type": "object"}, "then": _ref("hands-deal"), "else": {"type": "null"}},
            },
        },
        "order-deal": _obj(
            _ORDER_DEAL["description"],
            {
                "order": _tiles("Every tile of the sets, in shuffled order (a wall: pile by pile, bottom up)."),
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
                "first_player": seat_ref,
                "hands": {
                    "oneOf": [{"type": "array", "items": _tiles("A hand.")}, {"type": "null"}],
                    "description": "Each seat's dealt hand (a four-tile hand in Tsung Shap), as recorded.",
                },
                "stock": {
                    "oneOf": [_tiles("The stock."), {"type": "null"}],
                    "description": "The stock (Tsung Shap: the common stock) in draw order, as recorded.",
                },
                "piles": {
                    "oneOf": [{"type": "array", "items": _tiles("A pile.")}, {"type": "null"}],
                    "description": "Tsung Shap: each seat's face-down tiles in order, as recorded.",
                },
            },
            ["order"],
        ),
        **_collecting_defs(),
        **_tsung_defs(),
        # ----------------------------------------------------------- requests
        "request-start": _request(
            "start",
            "The handshake, sent once, first: the protocol version the harness speaks.",
            {"protocol": {"type": "integer", "minimum": 1}},
        ),
        "request-new_game": _request(
            "new_game",
            "Start a game, replacing any game in progress.",
            {
                "game": _ref("game"),
                "options": _ref("options"),
                "players": {"type": "integer", "minimum": 0, "maximum": 1000},
                "sets": {
                    "oneOf": [{"type": "integer", "minimum": 0, "maximum": 1000}, {"type": "null"}],
                    "description": "How many sets, or null for the number the game's rules give.",
                },
                "deal": _ref("deal"),
            },
        ),
        "request-legal_actions": _request("legal_actions", "Every legal move of the player to move."),
        "request-check": _request(
            "check",
            "Would this move be legal now? Answered exactly as `apply` would be, changing nothing.",
            {"action": _ref("action")},
        ),
        "request-apply": _request("apply", "Make a move, if it is legal.", {"action": _ref("action")}),
        "request-state": _request("state", "The observable state of the game."),
        "request-stop": _request("stop", "The end of the session: answer, then exit with status 0."),
        **_capability_requests(),
        "request": {
            "type": "object",
            "description": "Any request; `cmd` says which.",
            "properties": {"id": _ref("id"), "cmd": {"enum": list(COMMANDS)}},
            "required": ["id", "cmd"],
            "allOf": [
                {"if": {"properties": {"cmd": {"const": cmd}}}, "then": _ref(f"request-{cmd}")} for cmd in COMMANDS
            ],
        },
        # ------------------------------------------------------------ answers
        "engine": _obj(
            "Who the engine is.",
            {
                "name": {"type": "string", "minLength": 1, "maxLength": 200},
                "version": {"type": "string", "maxLength": 200},
                "language": {"type": "string", "maxLength": 200},
                "homepage": {"type": "string", "maxLength": 2000},
            },
            ["name", "version"],
        ),
        "game-support": _obj(
            "What the engine supports of one game. `options` maps an option to the values the engine "
            "implements; an option left out is supported at its default value only. `players` bounds the "
            "players the engine can seat (default: every number the game allows).",
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
                "players": _obj(
                    "The fewest and most players the engine seats.",
                    {"min": {"type": "integer", "minimum": 1}, "max": {"type": "integer", "minimum": 1}},
                    [],
                ),
            },
            ["options"],
        ),
        "answer-ok-start": _obj(
            "The handshake's answer: who the engine is, the protocol it speaks, the games and readings it "
            "supports and (optional, default none) the optional commands it implements.",
            {
                "id": _ref("id"),
                "answer": {"const": "ok"},
                "protocol": {"type": "integer", "minimum": 1},
                "engine": _ref("engine"),
                "games": {
                    "type": "object",
                    "propertyNames": game,
                    "additionalProperties": _ref("game-support"),
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
        "answer-ok-new_game": _obj(
            "The game has started. `events` (optional, default none) are the chance events the start of play "
            "produced, as the log records them: Tsung Shap's first tile turned over.",
            {"id": _ref("id"), "answer": {"const": "ok"}, "events": {"type": "array", "items": _ref("event")}},
            ["id", "answer"],
        ),
        "answer-ok-legal_actions": _ok(
            "Every legal move of the player to move (none once the game is over), each once, in any order.",
            {"actions": {"type": "array", "items": _ref("action")}},
        ),
        "answer-ok-check": _ok("The move is legal."),
        "answer-ok-apply": _ok(
            "The move was made; `events` is what it did, as the log records it (a pass may show nothing).",
            {"events": {"type": "array", "items": _ref("event")}},
        ),
        "answer-ok-state": _ok("The observable state.", {"state": _ref("state")}),
        "answer-ok-stop": _ok("Goodbye; the engine exits with status 0."),
        **_capability_answers(),
        "answer-illegal": _obj(
            "The rules forbid what was asked; nothing changed. `rule` names the rule broken, if the engine knows.",
            {"id": _ref("id"), "answer": {"const": "illegal"}, "rule": rule, "message": message},
            ["id", "answer"],
        ),
        "answer-unsupported": _obj(
            "The engine does not implement what was asked.",
            {"id": _ref("id"), "answer": {"const": "unsupported"}, "message": message},
            ["id", "answer"],
        ),
        "answer-error": _obj(
            "The engine could not handle the request; `id` is null when the request could not be read.",
            {"id": {"oneOf": [_ref("id"), {"type": "null"}]}, "answer": {"const": "error"}, "message": message},
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
                        {"anyOf": [_ref(f"answer-ok-{cmd}") for cmd in COMMANDS]}
                        if kind == "ok"
                        else _ref(f"answer-{kind}")
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
        "oneOf": [_ref("request"), _ref("answer")],
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
