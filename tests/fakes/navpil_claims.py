"""A fake engine that claims only the option values navpil's simulator plays, as an honest adapter of it would.

It claims, for each game, the values of navpil's own rule sets (Kap Shap
and Kap Tai Shap: its culin, classic and gin; Tsung Shap: its classic,
spieldomino and poor-pairs), written here as navpil's code plays them, not
read from the kit's presets, and answers ``unsupported`` to any request
naming another value. Otherwise it plays as the reference.

With ``--full-deals`` it also deals full games only, as navpil's simulator
does: its ``start`` says so (``"position": false`` for every game) and it
answers ``unsupported`` to a ``new_game`` whose deal is a position (``hands``
without an ``order``, or Tsung Shap's ``row``). With ``--full-deals-silent``
it refuses positions the same way but does not say so in ``start``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Mapping
from typing import Any

from gupai.protocol.server import ReferenceEngine
from tests.fakes._common import refuse_unplayed, serve

_KAP = {
    "four-two-value": ["3"],
    "pair-set": ["arithmetic"],
    "eye": ["identical"],
    "take": ["any", "latest"],  # culin any; classic and gin the latest discard
    "turn": ["take-and-draw", "take-or-draw"],  # gin: take or draw, not both
    "drawn-tile": ["keep"],
    "opening": ["draw"],
    "deal": ["boneyard"],
    "wall-draw": ["bottom"],
    "first-player": ["previous-winner"],
    "discard-taken": ["allowed"],
    "declare": ["mandatory"],
    "termination": ["none"],
    "stock-out": ["end"],
}
#: The values navpil's rule sets play, by game.
CLAIMS: dict[str, dict[str, list[str]]] = {
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


def _position(deal: Any) -> bool:
    return isinstance(deal, Mapping) and "order" not in deal and ("hands" in deal or "row" in deal)


class NavpilClaims(ReferenceEngine):
    def __init__(self, *, full_deals: bool = False, say_so: bool = True) -> None:
        super().__init__()
        self.full_deals = full_deals
        self.say_so = say_so

    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        refused = refuse_unplayed(request, CLAIMS, "navpil plays no {key}={value}")
        if refused is not None:
            return refused
        if request["cmd"] == "new_game" and self.full_deals and _position(request.get("deal")):
            message = "this engine deals full games only: it cannot start from a position"
            return {"id": request["id"], "answer": "unsupported", "message": message}
        answer = super().handle(request)
        if request["cmd"] == "start" and answer["answer"] == "ok":
            for game, claim in answer["games"].items():
                claim["options"] = CLAIMS[game]
                if self.full_deals and self.say_so:
                    claim["position"] = False
        return answer


if __name__ == "__main__":
    flags = set(sys.argv[1:])
    engine = NavpilClaims(
        full_deals=bool(flags & {"--full-deals", "--full-deals-silent"}), say_so="--full-deals" in flags
    )
    raise SystemExit(serve(engine=engine))
