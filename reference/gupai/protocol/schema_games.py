"""The protocol schema's definitions of each game family: deals, moves, events and states."""

from __future__ import annotations

from typing import Any

from gupai.log.tsung import TURNS_DESCRIPTION as TSUNG_TURNS
from gupai.protocol.schema_parts import (
    obj,
    ref,
    tiles_def,
)

__all__ = ["collecting_defs", "tsung_defs"]


def collecting_defs() -> dict[str, Any]:
    seat = ref("seat")
    tile = ref("tile")
    hand = tiles_def("A seat's tiles (any order; the reference lists them greatest first).")

    def action(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        props = {"type": {"const": kind}, "seat": seat, **extra}
        return obj(description, props, ["type", "seat", *required])

    return {
        "decomposition": obj(
            "A split of a winning hand: the eye and the ten-pairs (tiles in any order).",
            {
                "eye": tiles_def("The eye: two identical tiles.", minItems=2, maxItems=2),
                "pairs": {
                    "type": "array",
                    "description": "The ten-pairs: three in Kap Shap, four in Kap Tai Shap.",
                    "items": tiles_def("A ten-pair.", minItems=2, maxItems=2),
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
            {"hand": hand, "decomposition": ref("decomposition")},
            [],
        ),
        "collecting-event": obj(
            "What an applied move did, exactly as the game log records it: a draw names the tile drawn, a "
            "declaration the hand and the split shown.",
            {
                "type": {"enum": ["take", "discard", "draw", "declare", "pass"]},
                "seat": seat,
                "tile": tile,
                "hand": hand,
                "decomposition": ref("decomposition"),
            },
            ["type", "seat"],
        ),
        "hands-deal": obj(
            "A deal given as a position: each seat's hand, the stock in draw order and the first player. The "
            "first player holds one tile more than the others; tiles of the sets in neither are out of play. The "
            "deal options (deal, wall-draw, first-player) play no part. The engine refuses (`illegal`) hands of "
            "the wrong size or more copies of a tile than the sets hold.",
            {
                "hands": {"type": "array", "items": hand, "minItems": 1},
                "stock": tiles_def("The stock in draw order."),
                "first_player": seat,
            },
            ["hands", "stock", "first_player"],
        ),
        "collecting-result": obj(
            "The outcome, as the game log records it.",
            {
                "winner": {"oneOf": [seat, {"type": "null"}]},
                "reason": {"enum": ["declared", "stock-exhausted", "dead-rounds", "abandoned"]},
                "turns": {"type": "integer", "minimum": 0},
                "hand": hand,
                "decomposition": ref("decomposition"),
                "settlement": {"type": "array", "items": {"type": "integer"}},
            },
            ["winner", "reason", "turns", "settlement"],
        ),
        "collecting-state": obj(
            "Everything a referee sees of a game of Kap Shap or Kap Tai Shap.",
            {
                "current_player": {
                    "oneOf": [seat, {"type": "null"}],
                    "description": "The seat to move; null once the game is over.",
                },
                "terminal": {"type": "boolean", "description": "Whether the game is over."},
                "hands": {"type": "array", "items": hand, "description": "Every seat's hand."},
                "table": tiles_def(
                    "The face-up discards, oldest first. A take of a face the table holds more than once "
                    "removes the copy discarded last."
                ),
                "stock_size": {"type": "integer", "minimum": 0, "description": "Tiles left in the stock."},
                "stock": tiles_def("The tiles left in the stock, in draw order."),
                "scores": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Each seat's score so far: the settlement once the game is over, 0 before.",
                },
                "result": {
                    "oneOf": [ref("collecting-result"), {"type": "null"}],
                    "description": "The outcome once the game is over, else null.",
                },
            },
            ["current_player", "terminal", "hands", "table", "stock_size", "stock", "scores", "result"],
        ),
    }


def tsung_defs() -> dict[str, Any]:
    seat = ref("seat")
    tile = ref("tile")
    pair_of = {"type": "array", "minItems": 2, "maxItems": 2}
    capture = {
        "kind": {"enum": ["pair", "triple", "ten"], "description": "What the capture makes."},
        "at": {"enum": ["left", "right", "ends"], "description": "Where in the row its tiles are."},
    }
    outcome = {
        "tiles": tiles_def(
            "The tiles taken: the tile laid first, then the row's, in row order.", minItems=2, maxItems=3
        ),
        "points": {"type": "integer", "minimum": 0, "description": "What the capture scores."},
        "sweep": {"type": "boolean", "description": "Whether it clears the table."},
    }

    def action(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return obj(description, {"type": {"const": kind}, "seat": seat, **extra}, ["type", "seat", *required])

    def event(kind: str, description: str, extra: dict[str, Any]) -> dict[str, Any]:
        return obj(description, {"type": {"const": kind}, "seat": seat, **extra}, ["type", "seat", *extra])

    return {
        "tsung-action-lay": action(
            "lay",
            "Lay a tile at an end of the row; on an empty table either end (rule ts.turn.lay).",
            {"tile": tile, "end": ref("end")},
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
            "pass",
            "Tsung Shap: take no capture, or claim none (a Tsung Shap log records no pass: it shows as what "
            "follows). The collecting games: take nothing and end the turn, only at the start of a turn when the "
            "stock is empty under option stock-out=play-on (else the engine refuses it, rule `*.end.stock`); "
            "the log records it as a `pass` event.",
            {},
            [],
        ),
        "end": {"enum": ["left", "right"], "description": "An end of the row."},
        "tsung-event-reveal": event("reveal", "A face-down tile turned over (chance).", {"tile": tile}),
        "tsung-event-lay": event("lay", "A tile laid at an end.", {"tile": tile, "end": ref("end")}),
        "tsung-event-refill": event("refill", "A tile drawn into a four-tile hand (chance).", {"tile": tile}),
        "tsung-event-capture": event("capture", "Tiles taken by the player who laid.", {**capture, **outcome}),
        "tsung-event-claim": event("claim", "Tiles taken by a claim of a missed capture.", {**capture, **outcome}),
        "row-deal": obj(
            "A Tsung Shap game in mid-play, as the scenarios set one up: the row left to right, who is to play, "
            "each seat's face-down tiles in the order they turn over (own halves), the common stock in order, the "
            "four-tile hands, the scores, the turns each seat has begun and the tiles laid so far. Tiles of the "
            "set given nowhere were taken earlier. `laid` 0 with an empty row is a new game.",
            {
                "row": tiles_def("The row, left to right."),
                "to_move": seat,
                "piles": {
                    "oneOf": [{**pair_of, "items": tiles_def("A seat's face-down tiles.")}, {"type": "null"}],
                    "description": "Each seat's face-down tiles, next first (own halves; in the four-tile variant "
                    "the tiles its hand refills from). `null` when the game has none (stock=common); an engine "
                    "reads `[[], []]` as `null`.",
                },
                "stock": {
                    "oneOf": [tiles_def("The common stock in order."), {"type": "null"}],
                    "description": "The common stock, next first (stock=common). `null` when the game has none "
                    "(own halves); an engine reads `[]` as `null`.",
                },
                "hands": {
                    "oneOf": [{**pair_of, "items": tiles_def("A four-tile hand.")}, {"type": "null"}],
                    "description": "The four-tile hands (hand=four), else `null`.",
                },
                "scores": {**pair_of, "items": {"type": "integer", "minimum": 0}},
                "turns": {
                    "oneOf": [{**pair_of, "items": {"type": "integer", "minimum": 0}}, {"type": "null"}],
                    "description": "The turns each seat has begun, the turn `to_move` begins at this position "
                    "included (as `state` reports them): `[2, 1]` when each seat has played one turn and seat 0 "
                    "is to play. No turn begins at a position where every tile is laid. `null`: `[2, 1]` with "
                    "seat 0 to play, `[2, 2]` with seat 1.",
                },
                "laid": {
                    "oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}],
                    "description": "How many tiles have been laid so far in the game (taken ones included). 0 with "
                    "an empty row: a new game, the opening to come; 1: the opening's first tile is down and the "
                    "second comes next; 2 or more with a lone tile: a restart. `null`: the row's length.",
                },
            },
            ["row", "to_move", "piles", "stock", "hands", "scores", "turns", "laid"],
        ),
        "tsung-result": obj(
            "The outcome of a Tsung Shap game, as the game log records it.",
            {
                "scores": {**pair_of, "items": {"type": "integer"}},
                "winner": {"oneOf": [seat, {"type": "null"}], "description": "null for a tie."},
                "reason": {"type": "string", "description": "The `end` option's reading that ended the game."},
                "turns": {"type": "integer", "minimum": 0, "description": TSUNG_TURNS},
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
        "tsung-state": obj(
            "Everything a referee sees of a game of Tsung Shap.",
            {
                "current_player": {"oneOf": [seat, {"type": "null"}], "description": "null once the game is over."},
                "terminal": {"type": "boolean"},
                "row": tiles_def("The row, left to right."),
                "revealed": {
                    "oneOf": [tile, {"type": "null"}],
                    "description": "The tile turned over and waiting to be laid, else null.",
                },
                "hands": {
                    "oneOf": [{**pair_of, "items": tiles_def("A four-tile hand.")}, {"type": "null"}],
                    "description": "The four-tile hands (option hand=four), else null.",
                },
                "piles": {
                    "oneOf": [
                        {**pair_of, "items": tiles_def("A seat's face-down tiles still to come, in order.")},
                        {"type": "null"},
                    ],
                    "description": "Each seat's face-down tiles still to come (own halves), else null.",
                },
                "stock": {
                    "oneOf": [tiles_def("The common stock still to come, in order."), {"type": "null"}],
                    "description": "The common stock still to come (option stock=common), else null.",
                },
                "stock_size": {"type": "integer", "minimum": 0, "description": "Tiles still face down."},
                "scores": {**pair_of, "items": {"type": "integer"}},
                "turns": {
                    **pair_of,
                    "items": {"type": "integer", "minimum": 0},
                    "description": "Turns begun by each seat.",
                },
                "result": {"oneOf": [ref("tsung-result"), {"type": "null"}]},
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
