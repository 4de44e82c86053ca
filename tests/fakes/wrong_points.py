"""A fake engine that lists every Tsung Shap triple (not a sweep) worth 10 points more than it is.

It plays every game as the reference does (its moves, states and scores are
right); only the ``points`` its legal triples carry are wrong. Rule
ts.capture.triple ("worth one point a spot") is broken: the harness must
report each such move once, as a wrong field, and count it against the rule
the reference names for it, as the validator would: ts.capture.triple.
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


class WrongPoints(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request["cmd"] == "legal_actions" and answer["answer"] == "ok":
            for action in answer["actions"]:
                if action.get("kind") == "triple" and not action.get("sweep"):
                    action["points"] += 10
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=WrongPoints()))
