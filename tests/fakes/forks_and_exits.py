"""A fake engine that forks a child holding its output, then exits when asked to apply a move.

The child sleeps with the engine's stdout and stderr open, so the harness
never sees the engine's output close: only killing the process group stops it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import os
import time
from typing import Any

from tests.fakes._common import serve


def leave(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "new_game" and os.fork() == 0:
        while True:  # the child: holds stdout and stderr, does nothing
            time.sleep(60)
    if request.get("cmd") == "apply":
        os._exit(0)
    return None


if __name__ == "__main__":
    raise SystemExit(serve(leave))
