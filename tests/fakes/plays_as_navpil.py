"""A fake engine that plays as navpil's simulator does: navpil's readings only, and the oldest copy taken.

It claims, game by game, only the option values of navpil's rule sets
(Kap Shap and Kap Tai Shap: culin, classic and gin; Tsung Shap: classic,
poorPairs and spieldomino), written here from navpil's code, not read from
spec/. Under them it plays as the reference does, except that a take of a
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
from tests.fakes.takes_the_oldest_copy import TakesTheOldestCopy

_KAP: dict[str, list[str]] = {
    "four-two-value": ["3"],
    "pair-set": ["arithmetic"],
    "eye": ["identical"],
    "drawn-tile": ["keep"],
    "take": ["any", "latest"],  # culin any; classic and gin the latest discard
    "turn": ["take-and-draw", "take-or-draw"],  # gin: take or draw, not both
    "opening": ["draw"],
    "deal": ["boneyard"],
    "wall-draw": ["bottom"],
    "first-player": ["previous-winner"],
    "discard-taken": ["allowed"],
    "declare": ["mandatory"],
    "termination": ["none"],
    "stock-out": ["end"],
}

#: navpil's values, game by game (the options it does not list are at their version-1 default or old reading).
NAVPIL: dict[str, dict[str, list[str]]] = {
    "kap-shap": {**_KAP, "wall-cut": ["fourth-pile"]},
    "kap-tai-shap": {**_KAP, "sets-rule": ["two-per-five"]},
    "tsung-shap": {
        "four-two-value": ["6"],
        "reach": ["either-end"],
        "triple": ["end-or-ends"],
        "sweep-score": ["add"],
        "lone-tile": ["pair"],
        "lone-score": ["capture-and-sweep"],
        "lay-again": ["clear"],
        "opening-capture": ["no", "yes"],  # classic and poorPairs: the second opening tile is laid; spieldomino
        "missed-capture": ["none"],
        "end": ["all-laid"],
        "stock": ["own-halves"],
        "hand": ["hidden", "four"],
        "refill": ["own-half"],
        "pair-score": ["ten-a-spot", "fifty"],
        "first-player": ["previous-higher"],
        "restart": ["before-refill"],
        "opening-end": ["left", "either-end"],  # classic, poorPairs: row.addFirst; spieldomino: a normal turn
    },
}


class PlaysAsNavpil(TakesTheOldestCopy):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer = super().handle(request)
        if request.get("cmd") == "start" and answer.get("answer") == "ok":
            games = answer["games"]
            answer["games"] = {game: {**games[game], "options": options} for game, options in NAVPIL.items()}
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=PlaysAsNavpil()))
