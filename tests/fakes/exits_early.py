"""A fake engine that exits early: status 0, without a word, when asked to apply a move."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import sys
from typing import Any

from tests.fakes._common import serve


def leave(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "apply":
        sys.exit(0)
    return None


if __name__ == "__main__":
    raise SystemExit(serve(leave))
