"""A fake engine frozen at protocol 1 on version 1's reading of the printed table with [4-2] at 6.

Until 2026-11-26 ``pair-set=printed`` with ``four-two-value=6`` recounted the
printed table with [4-2] at 6: the arithmetic pairs less the three twenties
no table prints, 20 kinds, [4-2]+[3-1] and [4-2]+[2-2] among them. An
engine written then reads it so and says it speaks protocol 1. It plays
every game as the reference does, except that under those two values it
plays that recount (the kit's ``pair-set=printed-recounted``, the reading a
log of format 1 keeps). Protocol 1 means what it meant, so the harness never
holds it to the corrected reading (protocol 2's): the cases that read it are
not asked, and it keeps every pass it had
(tests/integration/test_frozen_engines.py).
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

#: Version 1's reading, as an engine of 2026-11-25 played it: (the values it reads so, what it plays).
RECOUNTED = ({"pair-set": "printed", "four-two-value": "6"}, {"pair-set": "printed-recounted"})
GAMES = ("kap-shap", "kap-tai-shap")


class PrintedRecounted(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        options = request.get("options")
        when, reads = RECOUNTED
        old = isinstance(options, Mapping) and all(options.get(k) == v for k, v in when.items())
        if request.get("game") in GAMES and old and isinstance(options, Mapping):
            request = {**request, "options": {**options, **reads}}
        answer = super().handle(request)
        if request["cmd"] == "start" and answer["answer"] == "ok":
            answer["protocol"] = 1
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=PrintedRecounted()))
