"""The games layer runs on the standard library alone (issue 36: a browser's Python has no numpy).

A subprocess makes numpy unimportable (a ``sys.meta_path`` finder that refuses it), plays every game
through the reference engine, checks hands and asks distances; everything must equal what this process,
with numpy, gives. The byte table of winning hands built without numpy is numpy's, row for row.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from gupai.core import hands
from gupai.games.registry import load_game as _load
from gupai.log.play import play


def load_game(game: str, preset: str = "culin") -> Any:
    return _load(game, preset)


ROOT = Path(__file__).resolve().parents[2]

#: Games, presets and agents played on both paths.
PLAYS = [
    ("kap-shap", "culin", ["greedy", "random"]),
    ("kap-tai-shap", "culin", ["greedy", "random", "greedy", "random"]),
    ("tsung-shap", "culin", ["greedy", "random"]),
    ("tsung-shap", "spieltdomino", ["greedy", "greedy"]),
]

#: Hands whose distance from a win is asked on both paths.
HANDS = {
    "kap-shap": ["6-6 6-6 6-4 6-4 5-1 3-1 4-3 6-5", "6-6 5-5 4-6 4-6 3-1 3-1 2-2", "1-1 2-2 3-3 4-4 5-5 6-6 6-5"],
    "kap-tai-shap": ["6-6 6-6 6-4 6-4 5-1 3-1 4-3 6-5 2-1 2-2"],
}

_BLOCKED = r"""
import importlib.abc, json, sys

class NoNumpy(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError(f"numpy is blocked ({name})")
        return None

sys.meta_path.insert(0, NoNumpy())
from tests.unit.test_without_numpy import outcomes
doc = outcomes()
doc["numpy_loaded"] = any(name == "numpy" or name.startswith("numpy.") for name in sys.modules)
print(json.dumps(doc))
"""


def outcomes() -> dict[str, Any]:
    """What both paths must agree on: the logs of :data:`PLAYS`, and the distances of :data:`HANDS`."""
    from gupai.games.kap.hand import evaluate_hand

    logs = [
        play(load_game(game, preset), seed=seed, agents=agents) for game, preset, agents in PLAYS for seed in (1, 2)
    ]
    distances = {
        game: [evaluate_hand(game, tiles).distance for tiles in tiles_list] for game, tiles_list in HANDS.items()
    }
    return {"logs": logs, "distances": distances, "numpy": hands.has_numpy()}


def test_the_engine_plays_the_same_games_without_numpy() -> None:
    path = os.pathsep.join(filter(None, [str(ROOT / "reference"), str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
        check=False,
        env={**os.environ, "PYTHONPATH": path},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    without = json.loads(done.stdout)
    assert without.pop("numpy") is False and without.pop("numpy_loaded") is False
    mine = outcomes()
    assert mine.pop("numpy") is True
    assert without == json.loads(json.dumps(mine))


def test_the_byte_table_and_targets_are_numpy_s_row_for_row() -> None:
    for game in ("kap-shap", "kap-tai-shap"):
        ev = load_game(game).config.evaluator
        args = (ev.rules.legal_pair_indices(), ev.rules.eye_kinds(), ev.pairs_in_hand)
        keys = hands._winning_keys(*args)
        assert frozenset(hands._key_bytes(key) for key in keys) == hands._winning_bytes(*args)
        if game == "kap-shap":  # (Kap Tai Shap's 281,204 rows take a second without numpy)
            caps = tuple(min(cap, ev.size) for cap in ev.caps)
            assert hands._targets_pure(*args, caps) == tuple(row.tobytes() for row in hands._targets(*args, caps))
