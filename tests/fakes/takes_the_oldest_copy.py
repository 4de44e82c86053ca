"""A fake engine that, on a take of a face the table holds more than once, removes the oldest copy.

It plays every game as the reference does, except that a take removes the
first copy of the face from the table (navpil's choice, issue 37) instead of
the copy discarded last, as the protocol's ``table`` says. No rule depends on
the order, so its events are right; its table holds the reference's tiles in
another order from that take on. The harness fails it, under ks.turn.take
(kts.turn.take), with "same tiles, another order".
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.core.tiles import Tile
from gupai.protocol.kap_session import KapSession
from gupai.protocol.server import ReferenceEngine
from tests.fakes._common import serve


class TakesTheOldestCopy(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        session = self.session
        before = list(session.game.table) if isinstance(session, KapSession) else None
        answer = super().handle(request)
        took = request["cmd"] == "apply" and request["action"]["type"] == "take"
        if before is not None and took and answer["answer"] == "ok" and isinstance(session, KapSession):
            before.remove(Tile(request["action"]["tile"]).index)  # the first copy: the oldest
            session.game.table[:] = before
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=TakesTheOldestCopy()))
