"""A fake engine whose answers break the protocol schema: a state without its stock, legal moves as text."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from gupai.protocol.messages import encode
from tests.fakes._common import serve


def invalid(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "state" and answer.get("answer") == "ok":
        state = dict(answer["state"])
        del state["stock"]
        return encode({**answer, "state": state})
    if request.get("cmd") == "legal_actions" and answer.get("answer") == "ok":
        return encode({**answer, "actions": [str(a) for a in answer["actions"]]})
    return None


if __name__ == "__main__":
    raise SystemExit(serve(invalid))
