"""The README's dask settings are gupai's (``gupai.sim.cluster.QUIET_CONFIG``), each a change from dask's default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from gupai.sim.cluster import QUIET_CONFIG

README = Path(__file__).resolve().parents[2] / "README.md"


def _flat(tree: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def test_the_readme_gives_gupais_dask_settings() -> None:
    blocks = README.read_text(encoding="utf-8").split("```yaml\n")[1:]
    settings = [yaml.safe_load(block.split("```", 1)[0]) for block in blocks]
    dask_settings = [_flat(block) for block in settings if "distributed" in block]
    assert dask_settings == [QUIET_CONFIG]
