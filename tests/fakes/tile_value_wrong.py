"""A fake engine that gets one answer wrong: ``tile_value`` says [4-2] counts 6 when the options say 3.

It plays every game as the reference does (so every move and declaration is
right); only the capability answer is wrong, which only the tens-value
steps can catch (rule ks.tiles.four-two, kts.tiles.four-two).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.server import ReferenceEngine
from tests.fakes._common import serve


class TileValueWrong(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request["cmd"] == "tile_value" and request["tile"] == "4-2" and answer["answer"] == "ok":
            answer["value"] = 6
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=TileValueWrong()))
