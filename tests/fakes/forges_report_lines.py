"""A fake engine whose name and messages carry escape sequences and newlines that would forge report lines."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from gupai.protocol.messages import encode
from tests.fakes._common import serve

FORGED = "\x1b[2J\n\n638 passed, 0 failed, 0 not supported by the engine"


def forge(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "start" and isinstance(answer.get("engine"), dict):
        answer["engine"]["name"] = "evil" + FORGED
        return encode(answer)
    if request.get("cmd") == "new_game":  # refuse every game, with a message that forges lines
        return encode({"id": request.get("id"), "answer": "illegal", "message": "no" + FORGED})
    return None


if __name__ == "__main__":
    raise SystemExit(serve(forge))
