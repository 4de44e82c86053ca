"""A fake engine whose answer to ``state`` is an error with a lone surrogate (``\\udcff``) in its message."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve


def lone(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "state":
        return '{"id": ' + str(request["id"]) + ', "answer": "error", "message": "bad \\udcff byte"}'
    return None


if __name__ == "__main__":
    raise SystemExit(serve(lone))
