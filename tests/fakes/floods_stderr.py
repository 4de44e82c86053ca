"""A fake engine that writes 1 MB on its standard error before every answer (which is right)."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve

NOISE = (b"noise " * 1000 + b"\n") * 170  # about 1 MB


def flood(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    sys.stderr.buffer.write(NOISE + f"the end of the noise for request {request.get('id')}\n".encode())
    sys.stderr.buffer.flush()
    return None


if __name__ == "__main__":
    raise SystemExit(serve(flood))
