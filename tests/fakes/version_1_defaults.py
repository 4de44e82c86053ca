"""A fake engine frozen at protocol 1 with ``options: {}`` for every game: it plays the version-1 defaults only.

It claims every game with no option listed ("the defaults of the protocol
version") and answers ``unsupported`` to any request naming another value
than version 1's default, or an option version 1 did not have, as an engine
written against the first release that implements only the defaults rightly
would. The defaults are written here, not read from ``spec/``: they are what
the engine was built for, and must not move when the spec does. Otherwise it
plays as the reference.

Its passes when frozen are ``tests/integration/fixtures/frozen/version-1-defaults.txt``;
tests/integration/test_frozen_engines.py holds it to every one of them.
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
    "four-two-value": "3",
    "pair-set": "arithmetic",
    "eye": "identical",
    "take": "any",
    "turn": "take-and-draw",
    "drawn-tile": "keep",
    "opening": "discard",
    "deal": "wall",
    "wall-draw": "bottom",
    "first-player": "dice",
    "discard-taken": "forbidden",
    "declare": "mandatory",
    "termination": "three-dead-rounds",
}
#: Version 1's defaults, as released on 2026-11-22 (spec/contract.yaml holds the same).
DEFAULTS: dict[str, dict[str, str]] = {
    "kap-shap": _KAP,
    "kap-tai-shap": {**_KAP, "sets-rule": "two-per-five"},
    "tsung-shap": {
        "four-two-value": "6",
        "reach": "either-end",
        "triple": "end-or-ends",
        "sweep-score": "replace",
        "lone-tile": "no-capture",
        "opening-capture": "no",
        "missed-capture": "claim",
        "end": "all-laid",
        "stock": "own-halves",
        "hand": "hidden",
        "refill": "common-stock",
        "pair-score": "ten-a-spot",
    },
}

#: The same, as the one value each option plays.
_PLAYS = {game: {key: (value,) for key, value in options.items()} for game, options in DEFAULTS.items()}


class VersionOneDefaults(ReferenceEngine):
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        refused = refuse_unplayed(request, _PLAYS, "this engine plays the version-1 defaults only, not {key}={value}")
        if refused is not None:
            return refused
        answer = super().handle(request)
        if request["cmd"] == "start" and answer["answer"] == "ok":
            answer["protocol"] = 1  # frozen at protocol 1 (the reference underneath speaks protocol 2)
            for claim in answer["games"].values():
                claim["options"] = {}
        return answer


if __name__ == "__main__":
    raise SystemExit(serve(engine=VersionOneDefaults()))
