"""A fake engine that does not know triples: it never offers a Tsung Shap triple, and refuses one.

It plays every game as the reference does, except that its capture finder
knows only pairs (and a lone tile's catches): a tile laid that would make a
triple with end tiles finds no capture, and the turn passes on. Rule
ts.capture.triple is broken; the harness must count its failures against it.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from collections.abc import Sequence

from gupai.games.tsung import captures, legality, state
from gupai.games.tsung.actions import TRIPLE_ENDS, TRIPLE_LEFT, TRIPLE_RIGHT
from gupai.games.tsung.config import TsungConfig
from tests.fakes._common import serve

TRIPLES = {TRIPLE_LEFT, TRIPLE_RIGHT, TRIPLE_ENDS}
_find = captures.find_captures


def pairs_only(config: TsungConfig, row: Sequence[int], laid: int, kind: int, end: int) -> list[int]:
    return [code for code in _find(config, row, laid, kind, end) if code not in TRIPLES]


if __name__ == "__main__":
    state.find_captures = pairs_only  # type: ignore[attr-defined]
    legality.find_captures = pairs_only  # type: ignore[attr-defined]
    raise SystemExit(serve())
