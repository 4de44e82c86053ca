"""A fake engine that lists a legal move twice in its ``legal_actions`` answer.

It plays every game as the reference does; only the list is wrong: an engine
must list each legal move once. The harness fails it in the scenarios that
read the legal moves and in every valid log it replays.
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


class ListsAMoveTwice(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request["cmd"] == "legal_actions" and answer["answer"] == "ok" and answer["actions"]:
            answer["actions"] = [*answer["actions"], answer["actions"][-1]]
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=ListsAMoveTwice()))
