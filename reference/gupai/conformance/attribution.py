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

__all__ = ["KAP_MOVE_RULES", "tsung_capture_rule", "tsung_move_rule"]

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
