"""A fake engine that hangs: it shakes hands, then never answers the first game."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import time
from typing import Any

from tests.fakes._common import serve


def hang(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "new_game":
        while True:
            time.sleep(60)
    return None


if __name__ == "__main__":
    raise SystemExit(serve(hang))
