"""The refusals page's moves that break two rules, and its position deals refused (``docs/engine/refusals.md``).

Each row says which other rule the move also breaks; the rule id named and the
reason come from the reference engine (:func:`tools.refusals.refusal`), so the
page cannot drift from the engine's choice.

>>> refusal(TWO_RULES[0][0])[0]
'ks.declare'
>>> position_refusal(POSITIONS[0])[0]
'ks.deal.wall'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from gupai.protocol.messages import PROTOCOL_VERSION
from gupai.protocol.server import ReferenceEngine
from tools.refusal_rows import (
    _FOUR_TWO,
    _LAST_TILE,
    _OPEN,
    _OPENED,
    _WINNING,
    Refusal,
    _declare,
    _discard,
    _draw,
    _move_text,
    _pass,
    _take,
    refusal,
)

__all__ = ["POSITIONS", "TWO_RULES", "PositionRefusal", "position_refusal", "positions_table", "two_rules_table"]

_MANDATORY = {"declare": "mandatory"}

#: Each move that breaks two rules, and the rule it also breaks (the reference names the other).
TWO_RULES: tuple[tuple[Refusal, str], ...] = (
    (
        Refusal(
            "Holding a winning hand, the first player draws at the opening",
            "kap-shap",
            _WINNING,
            [],
            _draw(0),
            _MANDATORY,
        ),
        "`ks.opening` (the opening turn starts with a discard)",
    ),
    (
        Refusal(
            "Holding a winning hand, the first player takes at the opening",
            "kap-shap",
            _WINNING,
            [],
            _take(0, "6-5"),
            _MANDATORY,
        ),
        "`ks.opening`",
    ),
    (
        Refusal(
            "Holding a winning hand, the first player passes at the opening",
            "kap-shap",
            _WINNING,
            [],
            _pass(0),
            _MANDATORY,
        ),
        "`ks.opening`, `ks.end.stock` (a pass only once the stock is out)",
    ),
    (
        Refusal("The first player passes at the opening", "kap-shap", _OPEN, [], _pass(0)),
        "`ks.end.stock` (a pass only once the stock is out)",
    ),
    (
        Refusal(
            "Holding 8 tiles after a take, with the stock empty, the player draws",
            "kap-shap",
            _LAST_TILE,
            [*_OPENED, _draw(1), _discard(1, "1-1"), _take(0, "1-1")],
            _draw(0),
            {"stock-out": "play-on", "turn": "take-or-draw"},
        ),
        "`ks.turn.discard` (holding 8, a discard comes first)",
    ),
    (
        Refusal(
            "Having taken last turn, a player takes an older discard",
            "kap-shap",
            _OPEN,
            [*_OPENED, _take(1, "6-5"), _discard(1, "6-2"), _draw(0), _discard(0, "5-1")],
            _take(1, "6-2"),
            {"turn": "take-or-draw", "termination": "no-consecutive-takes", "take": "latest"},
        ),
        "`ks.end.termination` (no take two turns running)",
    ),
    (
        Refusal(
            "A player declares a hand that wins under Celko's table ([4-2]+[3-1]) but not the printed one",
            "kap-shap",
            _FOUR_TWO,
            [],
            _declare(0),
            {"pair-set": "printed"},
        ),
        "it would win under `pair-set=celko-table`, a reading not tried (above)",
    ),
)


@dataclass(frozen=True)
class PositionRefusal:
    """A position deal ``new_game`` refuses."""

    situation: str
    game: str
    deal: Mapping[str, Any]


def position_refusal(row: PositionRefusal) -> tuple[str, str]:
    """The reference engine's (rule id, reason) for refusing the row's position deal."""
    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    request = {"id": 1, "cmd": "new_game", "game": row.game, "options": {}, "players": 2, "sets": 1}
    answer = engine.handle({**request, "deal": dict(row.deal)})
    if answer["answer"] != "illegal" or not answer.get("rule"):
        raise ValueError(f"{row.situation}: the deal is not refused under a rule: {answer}")
    return str(answer["rule"]), str(answer["message"])


_HANDS = cast("list[list[str]]", _OPEN["hands"])

POSITIONS: tuple[PositionRefusal, ...] = (
    PositionRefusal(
        "A position deal whose first player holds 6 tiles",
        "kap-shap",
        {**_OPEN, "hands": [_HANDS[0][:6], _HANDS[1]]},
    ),
    PositionRefusal(
        "A position deal whose second player holds 8 tiles",
        "kap-shap",
        {**_OPEN, "hands": [_HANDS[0], [*_HANDS[1], "5-2"]]},
    ),
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def two_rules_table() -> list[str]:
    """The rows of the moves that break two rules, as the page shows them."""
    lines = [
        "| situation | options | the move refused | it also breaks | rule id named | the reference's reason |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row, also in TWO_RULES:
        rule, why = refusal(row)
        options = ", ".join(f"`{key}={value}`" for key, value in row.options.items()) or "culin"
        lines.append(f"| {row.situation} | {options} | {_move_text(row.refused)} | {also} | `{rule}` | {_cell(why)} |")
    return lines


def positions_table(rows: Sequence[PositionRefusal] = POSITIONS) -> list[str]:
    """The rows of the position deals refused, as the page shows them."""
    lines = ["| situation | game | rule id | the reference's reason |", "| --- | --- | --- | --- |"]
    for row in rows:
        rule, why = position_refusal(row)
        lines.append(f"| {row.situation} | {row.game} | `{rule}` | {_cell(why)} |")
    return lines
