"""A fake engine that always answers wrong: schema-valid answers that are never right.

It claims every reading, starts every game, lists no legal move, allows every
move (reporting a draw by seat 0 of [6-6]), and reports an empty table.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from gupai.protocol.messages import encode
from tests.fakes._common import serve

WRONG_STATE = {
    "current_player": 0,
    "terminal": False,
    "hands": [[], []],
    "table": [],
    "stock_size": 0,
    "stock": [],
    "scores": [0, 0],
    "result": None,
}


def wrong(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    cmd, ident = request.get("cmd"), request.get("id")
    if cmd in ("start", "stop"):
        return None
    if cmd == "legal_actions":
        return encode({"id": ident, "answer": "ok", "actions": []})
    if cmd == "apply":
        return encode({"id": ident, "answer": "ok", "events": [{"type": "draw", "seat": 0, "tile": "6-6"}]})
    if cmd == "state":
        return encode({"id": ident, "answer": "ok", "state": WRONG_STATE})
    return encode({"id": ident, "answer": "ok"})  # new_game and check: always yes


if __name__ == "__main__":
    raise SystemExit(serve(wrong))
