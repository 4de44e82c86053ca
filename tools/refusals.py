"""The refusals table of the engine-author docs: which rule id each kind of refusal carries.

Each row is a situation set up as a position deal over the engine protocol, a
few moves played from it, and the move an engine must refuse. The rule id and
the reason in the table are not written here: they are the reference engine's
own ``check`` answers (:class:`gupai.protocol.server.ReferenceEngine`), so the
page cannot drift from the engine. ``python -m tools.refusals --write``
regenerates ``docs/engine/refusals.md``; without ``--write`` it exits 1 when
the page is out of date (a test runs that check).

>>> row = KAP[0]
>>> refusal(row)[0]
'ks.opening'
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gupai.protocol.messages import PROTOCOL_VERSION
from gupai.protocol.server import ReferenceEngine

__all__ = ["KAP", "PAGE", "TSUNG", "Refusal", "page_text", "refusal"]

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


def page_text() -> str:
    """The text of ``docs/engine/refusals.md``."""
    from tools.refusals_two import positions_table, two_rules_table  # (it builds on this module's rows)

    lines = [
        "<!-- Generated by `python -m tools.refusals --write` from the reference engine's answers: do not edit. -->",
        "",
        "# Which rule a refusal names",
        "",
        "An engine refuses an illegal move with an `illegal` answer carrying the id of the rule",
        "the move breaks ([protocol](protocol.md)). The harness compares that id with the",
        "scenario's (`seat 1 may not draw (rule ks.turn.discard)`) and with the file name of an",
        "invalid log, and notes a different one. This table is what the reference engine answers",
        "to `check` in each kind of situation: every row is played out on the reference engine",
        "(a position deal, the moves shown in `tools/refusals.py`, then the move refused), so the",
        "table cannot drift from the engine. Options are the `culin` preset's unless a row names",
        "others.",
        "",
        "Where a rule has two ids in the same situation, the more particular one wins: a move",
        "after the game is over names the rule that ended it; a declared hand that would win",
        "under another reading of an option names that option's rule (`*.tiles.four-two`,",
        "`*.pair.ten`, `*.eye`), not `*.declare.valid`. The readings tried are, in this order, the",
        "other count of [4-2] (3 for 6, 6 for 3), one other pair set (`arithmetic` under `printed`,",
        "`printed` under any other) and the other eye (`identical` for `civil` and back); a hand that",
        "would win only under another printed table (`celko-table` under `printed`) names",
        "`*.declare.valid`. The table [below](#a-move-that-breaks-two-rules) lists the reference's",
        "choice in each case an engine author asked about. A Tsung Shap capture or claim carrying wrong",
        "`tiles`, `points` or `sweep` names the rule of what is wrong, as the validator does: a sweep flag or",
        "a sweep's points `ts.sweep` (a lone tile's: `ts.lone-tile`); points that count [4-2] the other way",
        "`ts.tiles.four-two`; any other wrong tiles or points the rule of the capture's kind",
        "(`ts.capture.pair`, `ts.capture.triple`, `ts.lone-tile` for a ten).",
        "",
        "## Kap Shap and Kap Tai Shap",
        "",
        "Kap Tai Shap's refusals are the same with its own prefix (`kts.` for `ks.`); its hands",
        "are two tiles longer (a win needs 10).",
        "",
        *_table(KAP),
        "",
        "## A move that breaks two rules",
        "",
        "Each of these moves breaks two rules; the reference names the one shown, and so must an",
        "engine (the harness notes another id as a mismatch). `features/kap-shap/refusals.feature`",
        "asks an engine each of them (the three winning-hand rows in one scenario), with the Kap Shap",
        "games refused at `new_game` and the position deal of the wrong size below.",
        "",
        *two_rules_table(),
        "",
        "## Tsung Shap",
        "",
        *_table(TSUNG),
        "",
        "## Games refused at `new_game`",
        "",
        "Players, sets and options the rules forbid are refused at `new_game` (`sets` `null`: the",
        "number the game's rules give). The wall's own limit is not the sets rule's: a wall needs",
        "two full piles of five for each player, so some games a boneyard deals a wall cannot.",
        "",
        *_deal_table(DEALS),
        "",
        "A position deal (`new_game` with a `deal`) is refused under the deal's rule when its hands",
        "are not the sizes the game deals (the first player one more, unless `opening=draw`):",
        "",
        *positions_table(),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write the page (``--write``) or check that it is up to date."""
    parser = argparse.ArgumentParser(description="Write or check docs/engine/refusals.md.")
    parser.add_argument("--write", action="store_true", help="write the page")
    args = parser.parse_args(argv)
    text = page_text()
    if args.write:
        PAGE.write_text(text, encoding="utf-8")
        return 0
    if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
        print(f"{PAGE} is out of date: run python -m tools.refusals --write")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
