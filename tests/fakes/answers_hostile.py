"""A fake engine whose answer to ``state`` is the hostile line in the file named by ``GUPAI_HOSTILE_LINE``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve


def hostile(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "state":
        return Path(os.environ["GUPAI_HOSTILE_LINE"]).read_text(encoding="utf-8")
    return None


if __name__ == "__main__":
    raise SystemExit(serve(hostile))
