"""A fake engine that plays as navpil's simulator does: navpil's readings only, and the oldest copy taken.

It claims, game by game, only the option values of navpil's rule sets
(Kap Shap and Kap Tai Shap: culin, classic and gin; Tsung Shap: classic,
poorPairs and spieldomino): ``tests/fakes/navpil_claims.py``'s, written from
navpil's code, not read from spec/. Under them it plays as the reference does, except that a take of a
face the table holds more than once removes the oldest copy
(tests/fakes/takes_the_oldest_copy.py), as navpil does: the protocol's
``table`` then holds the reference's tiles in another order, which the
harness fails under the take's rule as "same tiles, another order" (the
issue's decision, on the protocol page). Tsung Shap's hidden-tile games lay
the second opening tile at the left end (opening-end=left).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from tests.fakes._common import serve
from tests.fakes.navpil_claims import CLAIMS
from tests.fakes.takes_the_oldest_copy import TakesTheOldestCopy


class PlaysAsNavpil(TakesTheOldestCopy):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request.get("cmd") == "start" and answer.get("answer") == "ok":
            games = answer["games"]
            answer["games"] = {game: {**games[game], "options": options} for game, options in CLAIMS.items()}
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=PlaysAsNavpil()))
