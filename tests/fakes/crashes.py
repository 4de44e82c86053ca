"""A fake engine that crashes: it shakes hands, then dies with a traceback on the first game."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve


def crash(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "new_game":
        raise RuntimeError("the fake engine crashes on purpose")
    return None


if __name__ == "__main__":
    raise SystemExit(serve(crash))
