"""Which rule makes a move legal: what a refused or omitted legal move counts against.

A failing case counts against the rule of its first failing assertion. When
the assertion is that a move is legal (the engine refused it, or left it out
of its legal moves), the rule broken is the one that makes the move legal:

>>> KAP_MOVE_RULES["take"], tsung_move_rule({"type": "capture", "kind": "triple", "at": "ends"})
('turn.take', 'capture.triple')
>>> tsung_move_rule({"type": "claim", "kind": "pair", "at": "left"}), tsung_move_rule({"type": "capture", "kind": "pair", "at": "ends"})
('claim', 'lone-tile')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "KAP_LOG_RULES",
    "KAP_MOVE_RULES",
    "SET_RULE",
    "TSUNG_LOG_RULES",
    "table_order_fault",
    "tsung_capture_rule",
    "tsung_move_rule",
]

#: In a binding's rules: the game's own rule on the sets in play (``set_rule`` of its spec), whatever its id.
SET_RULE = "@set-rule"


def table_order_fault(mine: object, theirs: object, whose: str = "the reference's") -> str | None:
    """The fault named when an engine's table holds the reference's (or ``whose``) tiles in another order, else
    ``None``.

    The protocol's ``table`` keeps the physical order (oldest first; a take of a face the table holds more
    than once removes the copy discarded last), and the harness compares it so: the order affects no rule
    but which tiles later takes may reach, and "the same tiles" is the one thing a reader of the two lists
    would otherwise have to work out.

    >>> print(table_order_fault(["6-5", "3-1", "6-5"], ["3-1", "6-5", "6-5"]))
    same tiles, another order: the table is [6-5] [3-1] [6-5], the reference's [3-1] [6-5] [6-5] (oldest first; a take of a face the table holds twice removes the copy discarded last)
    >>> table_order_fault(["6-5"], ["3-1"]) is None
    True
    """
    if not isinstance(mine, list) or not isinstance(theirs, list) or mine == theirs:
        return None
    if not all(isinstance(face, str) for face in [*mine, *theirs]) or sorted(mine) != sorted(theirs):
        return None
    return (
        f"same tiles, another order: the table is {' '.join(f'[{f}]' for f in mine)}, {whose} "
        f"{' '.join(f'[{f}]' for f in theirs)} (oldest first; a take of a face the table holds twice removes "
        "the copy discarded last)"
    )


#: The rule (suffix, in either collecting game) that makes each kind of move legal (a draw: "a player who
#: does not take a discard draws", rule turn.shape).
KAP_MOVE_RULES = {
    "discard": "turn.discard",
    "take": "turn.take",
    "draw": "turn.shape",
    "declare": "declare",
    "pass": "end.stock",
}


def tsung_capture_rule(action: Mapping[str, Any]) -> str:
    """The rule (suffix) of a Tsung Shap capture's kind, claimed or not: which tiles it takes."""
    kind = action.get("kind")
    if kind == "triple":
        return "capture.triple"
    return "capture.pair" if kind == "pair" and action.get("at") != "ends" else "lone-tile"


def tsung_move_rule(action: Mapping[str, Any]) -> str:
    """The rule (suffix) that makes a Tsung Shap move legal."""
    if action["type"] == "claim":
        return "claim"
    if action["type"] == "capture":
        return tsung_capture_rule(action)
    return "capture.choice" if action["type"] == "pass" else "turn.lay"


#: Per game family: the rule (suffix) a state field, a move type or an event type points at.
KAP_LOG_RULES = {
    "state": {
        "current_player": "turn.order",
        "stock_size": "deal.draw-order",
        "stock": "deal.draw-order",
        "table": "turn.discard",
        "scores": "settle",
    },
    "action": {
        "take": "turn.take",
        "discard": "turn.discard",
        "draw": "turn.shape",
        "declare": "declare",
        "pass": "end.stock",
    },
    "event": {
        "draw": "deal.draw-order",
        "declare": "declare.valid",
        "take": "turn.take",
        "discard": "turn.discard",
        "pass": "end.stock",
    },
}
TSUNG_LOG_RULES = {
    "state": {
        "current_player": "turn.order",
        "row": "turn.lay",
        "revealed": "turn.reveal",
        "piles": "deal",
        "stock": "stock",
        "stock_size": "deal",
        "hands": "german.hand",
        "scores": "score",
        "turns": "turn.order",
        "terminal": "end",
        "result": "end",
    },
    "action": {"lay": "turn.lay", "capture": "capture.choice", "claim": "claim", "pass": "capture.choice"},
    "event": {
        "reveal": "turn.reveal",
        "refill": "german.hand",
        "lay": "turn.lay",
        "capture": "score",
        "claim": "claim",
    },
}
