"""The protocol schema's optional commands (protocol v2 capabilities): their requests and answers."""

from __future__ import annotations

from typing import Any

from gupai.protocol.schema_parts import obj, ok_def, ref, request_def, tiles_def

__all__ = ["capability_answers", "capability_requests"]


def capability_requests(most: int) -> dict[str, Any]:
    """The optional commands' requests; ``most`` is the most players or sets a request may name."""
    game_options = {"game": ref("game"), "options": ref("options")}
    written = {"type": "string", "minLength": 1, "maxLength": 64, "description": "A tile as written."}
    count = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": most}, {"type": "null"}]}
    return {
        "request-describe": request_def(
            "describe",
            "Capability `describe`: the tile set, every kind with its series, spots and copies in `sets` sets.",
            {"sets": {"type": "integer", "minimum": 1, "maximum": most}},
        ),
        "request-read_tile": request_def(
            "read_tile",
            "Capability `read_tile`: which tile `text` writes, or `illegal` if none: two spots from 1 to 6 in "
            "either order, separated by `-`, `:` or `/`, with or without square brackets, spaces allowed around "
            "each part (`6-4`, `4-6`, `[1:3]`, `2/4`).",
            {"text": {"type": "string", "maxLength": 64}},
        ),
        "request-tile_value": request_def(
            "tile_value",
            "Capability `tile_value`: what `tile` counts toward tens under the game's options.",
            {**game_options, "tile": ref("tile")},
        ),
        "request-pair": request_def(
            "pair",
            "Capability `pair`: whether two tiles make a ten-pair, and whether they make an eye, under the "
            "game's options.",
            {**game_options, "tiles": tiles_def("Two tiles, in any order.", minItems=2, maxItems=2)},
        ),
        "request-evaluate_hand": request_def(
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


def capability_answers() -> dict[str, Any]:
    kind = obj(
        "One kind of tile.",
        {
            "tile": ref("tile"),
            "series": {"enum": ["civil", "military"]},
            "spots": {"type": "integer", "minimum": 2, "maximum": 12},
            "copies": {"type": "integer", "minimum": 0, "description": "Copies in the sets asked about."},
        },
        ["tile", "series", "spots", "copies"],
    )
    return {
        "answer-ok-describe": ok_def("Every kind of tile, each once.", {"tiles": {"type": "array", "items": kind}}),
        "answer-ok-read_tile": ok_def("The tile the text writes.", {"tile": ref("tile")}),
        "answer-ok-tile_value": ok_def(
            "What the tile counts toward tens.", {"value": {"type": "integer", "minimum": 0}}
        ),
        "answer-ok-pair": ok_def(
            "The verdicts on the two tiles.", {"ten_pair": {"type": "boolean"}, "eye": {"type": "boolean"}}
        ),
        "answer-ok-evaluate_hand": obj(
            "The verdict on the hand: `winning`, its winning splits (each once, none unless winning) and, from an "
            "engine announcing `distance`, the fewest tiles to change for a winning hand (0 when winning).",
            {
                "id": ref("id"),
                "answer": {"const": "ok"},
                "winning": {"type": "boolean"},
                "splits": {"type": "array", "items": ref("decomposition")},
                "distance": {"type": "integer", "minimum": 0},
            },
            ["id", "answer", "winning", "splits"],
        ),
    }
