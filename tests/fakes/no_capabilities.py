"""A fake protocol-v1 engine: it plays like the reference but announces no capability (and answers none)."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.schema import CAPABILITY_COMMANDS
from gupai.protocol.server import ReferenceEngine
from tests.fakes._common import serve


class NoCapabilities(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        if request["cmd"] in CAPABILITY_COMMANDS:
            return {"id": request["id"], "answer": "unsupported", "message": "protocol v1 only"}
        answer = super().handle(request)
        answer.pop("capabilities", None)
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=NoCapabilities()))
