"""A fake engine that, on a Tsung Shap capture, removes other copies of the captured faces from the row.

It plays every game as the reference does, except where the captured tiles
leave the row: it removes each captured face's first copy from the left (as
``list.remove`` does; with ``--from-right``, from the right) instead of the
tile at the captured end, the bug of an independent engine that passed every
scenario of its day. The events it reports are right; the row it is left with
is not whenever the row holds another copy of a captured tile's face on that
side of the captured one. The
harness fails it in the scenarios of ``features/tsung-shap/duplicate-copies.feature``
(rule ts.capture.triple) and in the logs that show such a capture.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.core.tiles import Tile
from gupai.protocol.server import ReferenceEngine
from gupai.protocol.tsung_session import TsungSession
from tests.fakes._common import serve


class TakesAnotherCopy(ReferenceEngine):
    def __init__(self, *, from_right: bool = False) -> None:
        super().__init__()
        self.from_right = from_right

    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        session = self.session
        before = list(session.game.row) if isinstance(session, TsungSession) else None
        answer = super().handle(request)
        moved = request["cmd"] == "apply" and request["action"]["type"] in ("capture", "claim")
        if before is not None and moved and answer["answer"] == "ok" and isinstance(session, TsungSession):
            taken = next(e for e in answer["events"] if e["type"] in ("capture", "claim"))
            row = before[::-1] if self.from_right else before
            for face in taken["tiles"]:
                row.remove(Tile(face).index)  # the first copy from the left (or right): the bug
            session.game.row[:] = row[::-1] if self.from_right else row
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=TakesAnotherCopy(from_right="--from-right" in sys.argv[1:])))
