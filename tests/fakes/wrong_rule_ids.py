"""A fake engine that refuses every illegal move rightly, but names the wrong rule: always its turn-order rule.

Its moves, states and refusals are the reference's; only the rule id of each
``illegal`` answer is replaced by the game's turn-order rule. An invalid log
is still refused at its fault (the move check passes), and the harness must
report the rule id that differs from the one the case names, on its own.
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


class WrongRuleIds(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if answer["answer"] == "illegal" and answer.get("rule"):
            answer["rule"] = answer["rule"].split(".", 1)[0] + ".turn.order"
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=WrongRuleIds()))
