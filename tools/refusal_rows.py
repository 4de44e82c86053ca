"""The rows of the refusals table (``docs/engine/refusals.md``): situations, the moves played, the move refused.

Each row is a situation set up as a position deal over the engine protocol, a
few moves played from it, and the move an engine must refuse. The rule id and
the reason in the table are not written here: they are the reference engine's
own ``check`` answers (:class:`gupai.protocol.server.ReferenceEngine`), so the
page cannot drift from the engine. ``tools/refusals.py`` writes the page from
these rows and ``tools/refusals_two.py``'s.

>>> row = KAP[0]
>>> refusal(row)[0]
'ks.opening'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gupai.protocol.messages import PROTOCOL_VERSION
from gupai.protocol.server import ReferenceEngine

__all__ = ["DEALS", "KAP", "PAGE", "TSUNG", "DealRefusal", "Refusal", "deal_refusal", "refusal"]

PAGE = Path(__file__).resolve().parents[1] / "docs" / "engine" / "refusals.md"

Move = dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    """A situation, the moves that reach it from a position deal, and the move refused there."""

    situation: str
    game: str
    deal: Mapping[str, Any]
    moves: Sequence[Move]
    refused: Move
    options: Mapping[str, str] = field(default_factory=dict)


def refusal(row: Refusal) -> tuple[str, str]:
    """The reference engine's (rule id, reason) for the row's refused move; the moves before must be accepted."""
    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    new = {"id": 1, "cmd": "new_game", "game": row.game, "options": dict(row.options), "players": 2, "sets": 1}
    answer = engine.handle({**new, "deal": dict(row.deal)})
    if answer["answer"] != "ok":
        raise ValueError(f"{row.situation}: the deal is refused: {answer}")
    for move in row.moves:
        answer = engine.handle({"id": 2, "cmd": "apply", "action": move})
        if answer["answer"] != "ok":
            raise ValueError(f"{row.situation}: {move} is refused: {answer}")
    answer = engine.handle({"id": 3, "cmd": "check", "action": row.refused})
    if answer["answer"] != "illegal" or not answer.get("rule"):
        raise ValueError(f"{row.situation}: {row.refused} is not refused under a rule: {answer}")
    return str(answer["rule"]), str(answer["message"])


# ------------------------------------------------------------------ moves
def _discard(seat: int, tile: str) -> Move:
    return {"type": "discard", "seat": seat, "tile": tile}


def _take(seat: int, tile: str) -> Move:
    return {"type": "take", "seat": seat, "tile": tile}


def _draw(seat: int) -> Move:
    return {"type": "draw", "seat": seat}


def _declare(seat: int) -> Move:
    return {"type": "declare", "seat": seat}


def _lay(seat: int, tile: str, end: str = "left") -> Move:
    return {"type": "lay", "seat": seat, "tile": tile, "end": end}


def _capture(seat: int, kind: str, at: str, *, claim: bool = False) -> Move:
    return {"type": "claim" if claim else "capture", "seat": seat, "kind": kind, "at": at}


def _pass(seat: int) -> Move:
    return {"type": "pass", "seat": seat}


# ------------------------------------------------------------- Kap Shap
#: Seat 0 opens with 8 tiles (no win), seat 1 holds 7; a short stock.
_OPEN = {
    "hands": [
        ["6-6", "6-5", "5-1", "3-1", "4-3", "2-1", "6-1", "5-5"],
        ["6-6", "4-4", "3-3", "2-2", "6-2", "1-1", "6-4"],
    ],
    "stock": ["1-1", "5-3", "4-1", "3-2"],
    "first_player": 0,
}
_LAST_TILE = {**_OPEN, "stock": ["1-1"]}
_WINNING = {
    "hands": [
        ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"],
        ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "6-5"],
    ],
    "stock": ["4-4"],
    "first_player": 0,
}
_FOUR_TWO = {
    "hands": [
        ["6-6", "6-6", "4-2", "3-1", "4-4", "1-1", "5-3", "1-1"],
        ["5-5", "5-5", "3-3", "2-2", "6-2", "6-1", "6-5"],
    ],
    "stock": ["4-1"],
    "first_player": 0,
}
_TWENTY = {
    "hands": [
        ["6-6", "6-6", "5-5", "6-4", "4-4", "1-1", "3-3", "2-2"],
        ["5-5", "1-1", "3-3", "2-2", "6-2", "6-1", "6-5"],
    ],
    "stock": ["4-1"],
    "first_player": 0,
}
_OPENED = [_discard(0, "6-5")]

KAP: tuple[Refusal, ...] = (
    Refusal("The first player draws before the opening discard (8 tiles)", "kap-shap", _OPEN, [], _draw(0)),
    Refusal("The first player takes before the opening discard", "kap-shap", _OPEN, [], _take(0, "6-5")),
    Refusal(
        "Every player dealt seven, the first player discards before its first draw",
        "kap-shap",
        {
            **_OPEN,
            "hands": [
                ["6-6", "6-5", "5-1", "3-1", "4-3", "2-1", "6-1"],
                ["6-6", "4-4", "3-3", "2-2", "6-2", "1-1", "6-4"],
            ],
        },
        [],
        _discard(0, "6-6"),
        {"opening": "draw"},
    ),
    Refusal(
        "The opening discard made, the first player discards again instead of drawing",
        "kap-shap",
        _OPEN,
        _OPENED,
        _discard(0, "5-1"),
        {"opening": "discard-draw-discard"},
    ),
    Refusal("A seat moves out of turn", "kap-shap", _OPEN, [], _discard(1, "6-6")),
    Refusal(
        "Holding 7 tiles, a player discards before taking or drawing", "kap-shap", _OPEN, _OPENED, _discard(1, "6-6")
    ),
    Refusal("Holding 7 tiles, a player declares", "kap-shap", _OPEN, _OPENED, _declare(1)),
    Refusal("A player takes a tile that is not on the table", "kap-shap", _OPEN, _OPENED, _take(1, "3-2")),
    Refusal(
        "A player takes an older discard",
        "kap-shap",
        _OPEN,
        [*_OPENED, _draw(1), _discard(1, "6-2")],
        _take(0, "6-5"),
        {"take": "latest"},
    ),
    Refusal("Holding 8 tiles after a take, the player draws", "kap-shap", _OPEN, [*_OPENED, _take(1, "6-5")], _draw(1)),
    Refusal(
        "Holding 8 tiles after a take, the player takes again",
        "kap-shap",
        _OPEN,
        [*_OPENED, _take(1, "6-5")],
        _take(1, "6-5"),
    ),
    Refusal(
        "After a take, the player throws the taken tile back",
        "kap-shap",
        _OPEN,
        [*_OPENED, _take(1, "6-5")],
        _discard(1, "6-5"),
    ),
    Refusal(
        "After a take and a discard, the player takes again instead of drawing",
        "kap-shap",
        _OPEN,
        [*_OPENED, _take(1, "6-5"), _discard(1, "6-2")],
        _take(1, "6-2"),
    ),
    Refusal(
        "After a take and a discard, the player discards again instead of drawing (the two-tile turn)",
        "kap-shap",
        _OPEN,
        [*_OPENED, _take(1, "6-5"), _discard(1, "6-2")],
        _discard(1, "4-4"),
    ),
    Refusal(
        "After a draw, the player keeps the drawn tile and discards another",
        "kap-shap",
        _OPEN,
        [*_OPENED, _draw(1)],
        _discard(1, "6-2"),
        {"drawn-tile": "discard-unless-win"},
    ),
    Refusal(
        "A player takes on two turns running",
        "kap-shap",
        _OPEN,
        [*_OPENED, _take(1, "6-5"), _discard(1, "6-2"), _draw(0), _discard(0, "5-1")],
        _take(1, "5-1"),
        {"turn": "take-or-draw", "termination": "no-consecutive-takes"},
    ),
    Refusal(
        "Holding a winning hand, the player discards instead of declaring", "kap-shap", _WINNING, [], _discard(0, "2-1")
    ),
    Refusal("A player declares a hand that is not an eye and three ten-pairs", "kap-shap", _OPEN, [], _declare(0)),
    Refusal("A player declares a hand that wins only with [4-2] counting 6", "kap-shap", _FOUR_TWO, [], _declare(0)),
    Refusal(
        "A player declares a hand that needs a twenty the printed tables omit ([5-5]+[6-4])",
        "kap-shap",
        _TWENTY,
        [],
        _declare(0),
        {"pair-set": "printed"},
    ),
    Refusal("A move after a declared win", "kap-shap", _WINNING, [_declare(0)], _draw(1)),
    Refusal(
        "A move after the last tile of the stock was drawn and discarded",
        "kap-shap",
        _LAST_TILE,
        [*_OPENED, _draw(1), _discard(1, "1-1")],
        _draw(0),
    ),
)


# ----------------------------------------------------------- Tsung Shap
def _row(row: Sequence[str], piles: Sequence[Sequence[str]], *, hands: Sequence[Sequence[str]] | None = None) -> Move:
    return {
        "row": list(row),
        "to_move": 0,
        "piles": [list(p) for p in piles],
        "stock": None,
        "hands": [list(h) for h in hands] if hands is not None else None,
        "scores": [0, 0],
        "turns": None,
        "laid": len(row),
    }


_PLAIN = _row(["6-6", "3-1"], [["2-2", "5-5"], ["4-4", "1-1"]])
_PAIR = _row(["6-6", "3-1"], [["6-6", "5-5"], ["4-4", "1-1"]])
_TRIPLE = _row(["6-6", "3-1", "2-2"], [["6-6", "5-5"], ["4-4", "1-1"]])
_LAST = _row(["6-6", "3-1"], [["5-4"], ["2-1"]])
_FOUR = _row(["6-6", "3-1"], [["2-2"], ["4-4"]], hands=[["5-5", "1-1", "2-1", "6-5"], ["4-3", "5-3", "6-4", "3-2"]])
_LAID = [_lay(0, "6-6", "right")]
_MISSED = [*_LAID, _pass(0)]

TSUNG: tuple[Refusal, ...] = (
    Refusal("A player lays another tile than the one turned over", "tsung-shap", _PLAIN, [], _lay(0, "5-5")),
    Refusal("A player passes instead of laying", "tsung-shap", _PLAIN, [], _pass(0)),
    Refusal("A player takes a capture without laying a tile", "tsung-shap", _PLAIN, [], _capture(0, "pair", "left")),
    Refusal(
        "A player claims when no capture was missed", "tsung-shap", _PLAIN, [], _capture(0, "pair", "left", claim=True)
    ),
    Refusal("A seat moves out of turn", "tsung-shap", _PLAIN, [], _lay(1, "4-4")),
    Refusal(
        "The second opening tile laid at the right end, where navpil lays it at the left",
        "tsung-shap",
        _row([], [["2-2", "5-5"], ["4-4", "1-1"]]),
        [_lay(0, "2-2")],
        _lay(1, "4-4", "right"),
        {"opening-end": "left"},
    ),
    Refusal("A capture is open, and the player lays another tile", "tsung-shap", _PAIR, _LAID, _lay(0, "5-5")),
    Refusal(
        "A player takes two tiles that are not identical as a pair",
        "tsung-shap",
        _PAIR,
        _LAID,
        _capture(0, "pair", "right"),
    ),
    Refusal(
        "A player takes a triple the row does not hold", "tsung-shap", _PAIR, _LAID, _capture(0, "triple", "right")
    ),
    Refusal(
        "A player scores a triple with [4-2] at the count the options do not give (6 here, scored as 3)",
        "tsung-shap",
        _row(["4-2", "2-2", "6-6"], [["5-5", "1-1"], ["4-4", "3-1"]]),
        [_lay(0, "5-5", "left")],
        {**_capture(0, "triple", "left"), "points": 17},
    ),
    Refusal(
        "A player scores a triple with another number of points",
        "tsung-shap",
        _row(["6-4", "5-5", "2-2"], [["5-5", "1-1"], ["4-4", "3-1"]]),
        [_lay(0, "5-5", "left")],
        {**_capture(0, "triple", "left"), "points": 25},
    ),
    Refusal(
        "A player takes a pair at the far end",
        "tsung-shap",
        _TRIPLE,
        _LAID,
        _capture(0, "pair", "left"),
        {"reach": "laid-end"},
    ),
    Refusal(
        "A player takes a lone tile as a pair at one end (a capture of a lone tile is at ends)",
        "tsung-shap",
        {**_row(["5-5"], [["5-5", "6-6"], ["4-4", "3-1"]]), "laid": 6},
        [_lay(0, "5-5", "right")],
        _capture(0, "pair", "right"),
        {"lone-tile": "pair"},
    ),
    Refusal(
        "A player claims a capture of its own turn", "tsung-shap", _PAIR, _LAID, _capture(0, "pair", "left", claim=True)
    ),
    Refusal(
        "The opponent takes the capture the tile just laid opened, while its player may still take it",
        "tsung-shap",
        _PAIR,
        _LAID,
        _capture(1, "pair", "left"),
    ),
    Refusal(
        "The opponent missed a capture, and the player lays during the claim",
        "tsung-shap",
        _PAIR,
        _MISSED,
        _lay(1, "4-4"),
    ),
    Refusal(
        "The opponent missed a capture, and the player claims it",
        "tsung-shap",
        _PAIR,
        _MISSED,
        _capture(1, "pair", "left", claim=True),
        {"missed-capture": "none"},
    ),
    Refusal(
        "A player lays a tile that is not in the four-tile hand",
        "tsung-shap",
        _FOUR,
        [],
        _lay(0, "6-1"),
        {"hand": "four", "refill": "own-half"},
    ),
    Refusal("A move after the game is over", "tsung-shap", _LAST, [_lay(0, "5-4", "right")], _lay(1, "2-1")),
)


@dataclass(frozen=True)
class DealRefusal:
    """A game ``new_game`` refuses: its players, sets and options (the engine shuffles: no deal given)."""

    situation: str
    game: str
    players: int
    sets: int | None
    options: Mapping[str, str] = field(default_factory=dict)


def deal_refusal(row: DealRefusal) -> tuple[str, str]:
    """The reference engine's (rule id, reason) for refusing the row's game."""
    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    new = {"id": 1, "cmd": "new_game", "game": row.game, "options": dict(row.options), "players": row.players}
    answer = engine.handle({**new, "sets": row.sets, "deal": None})
    if answer["answer"] != "illegal" or not answer.get("rule"):
        raise ValueError(f"{row.situation}: the game is not refused under a rule: {answer}")
    return str(answer["rule"]), str(answer["message"])


DEALS = [
    DealRefusal("Too few sets to deal every hand and leave a stock", "kap-tai-shap", 4, 1),
    DealRefusal("A wall with fewer full piles than two a player (96 tiles: 19 piles)", "kap-tai-shap", 10, 3),
    DealRefusal("Three players of Kap Shap", "kap-shap", 3, None),
    DealRefusal("More players than Kap Tai Shap seats (2 to 40), however many sets", "kap-tai-shap", 41, 20),
    DealRefusal("A game end that needs a common stock, with own halves", "tsung-shap", 2, 1, {"end": "stock-empty"}),
    DealRefusal("Play on past the stock with the two-tile turn", "kap-shap", 2, None, {"stock-out": "play-on"}),
    DealRefusal(
        "The previous winner first, with an opening that deals the first player more",
        "kap-shap",
        2,
        None,
        {"first-player": "previous-winner"},
    ),
]


def _deal_table(rows: Sequence[DealRefusal]) -> list[str]:
    lines = [
        "| situation | game | players, sets | options | rule id | the reference's reason |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        rule, why = deal_refusal(row)
        options = ", ".join(f"`{key}={value}`" for key, value in row.options.items()) or "culin"
        cells = [
            row.situation,
            row.game,
            f"{row.players}, {'null' if row.sets is None else row.sets}",
            options,
            f"`{rule}`",
            why.replace("|", "\\|"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


# ------------------------------------------------------------------- page
def _move_text(move: Move) -> str:
    return "`" + json.dumps(move, separators=(", ", ": ")) + "`"


def _table(rows: Sequence[Refusal]) -> list[str]:
    lines = [
        "| situation | options | the move refused | rule id | the reference's reason |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        rule, why = refusal(row)
        options = ", ".join(f"`{key}={value}`" for key, value in row.options.items()) or "culin"
        cells = [row.situation, options, _move_text(row.refused), f"`{rule}`", why.replace("|", "\\|")]
        lines.append("| " + " | ".join(cells) + " |")
    return lines
