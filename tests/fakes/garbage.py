"""A fake engine that writes garbage: a line that is not JSON instead of the state."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve


def garbage(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "state":
        return "state: all is well {not json"
    return None


if __name__ == "__main__":
    raise SystemExit(serve(garbage))
