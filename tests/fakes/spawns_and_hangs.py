"""A fake engine that starts a child (which sleeps) and then hangs: it shakes hands, never answers a game.

The child carries the engine's command-line arguments, so that a test can
find both in the process table and prove that stopping the harness killed
the engine's whole process group.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import subprocess
import time
from typing import Any

from tests.fakes._common import serve


def hang(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "new_game":
        while True:
            time.sleep(60)
    return None


if __name__ == "__main__":
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", *sys.argv[1:]])
    raise SystemExit(serve(hang))
