"""A fake engine that gets one rule wrong: it lets [4-2] count 6 when it claims to count it 3.

It claims only four-two-value=3 (every other option as the reference), but
plays every game as if the option were 6: rule ks.tiles.four-two (and
kts.tiles.four-two) is broken, and everything else is right.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.kap_session import KapSession
from gupai.protocol.server import GAME_SESSIONS, ReferenceEngine, game_claims
from tests.fakes._common import serve


def start_six(request: Mapping[str, Any]) -> KapSession:
    options = dict(request["options"])
    if options.get("four-two-value") == "3":
        options["four-two-value"] = "6"
    return KapSession.start({**request, "options": options})


class FourTwoSix(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request["cmd"] == "start" and answer["answer"] == "ok":
            claims = game_claims(["kap-shap", "kap-tai-shap"])
            for game in claims.values():
                game["options"]["four-two-value"] = ["3"]
            answer["games"] = claims
        return answer


if __name__ == "__main__":
    for game in ("kap-shap", "kap-tai-shap"):
        GAME_SESSIONS[game] = start_six
    raise SystemExit(serve(engine=FourTwoSix()))
