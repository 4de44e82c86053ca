"""Small contracts of issue 34: an agent's error keeps its traceback, dir(gupai) shows the front door, the README
lists every extra a user installs, and the OpenSpiel games take ``players`` and ``sets``."""

from __future__ import annotations

import re
import tomllib
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import gupai
from gupai.games.agents import AgentError
from gupai.log.play import play_game

ROOT = Path(__file__).resolve().parents[2]


class _Boom:
    """An agent whose own code fails."""

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        return self._think(legal)

    def _think(self, legal: Sequence[Any]) -> Any:
        raise RuntimeError("boom")


def test_an_agents_error_keeps_its_traceback_as_the_cause() -> None:
    with pytest.raises(AgentError, match="failed: RuntimeError: boom") as caught:
        play_game("kap-shap", seed=1, agents=[_Boom(), "greedy"])  # type: ignore[list-item]
    cause = caught.value.__cause__
    assert isinstance(cause, RuntimeError) and cause.__traceback__ is not None
    assert "_think" in "".join(traceback.format_exception(caught.value))  # the user's own line is shown


def test_dir_gupai_shows_the_front_door_and_not_the_files_own_imports() -> None:
    shown = set(dir(gupai))
    assert set(gupai.__all__) <= shown
    assert not {"Any", "TYPE_CHECKING", "annotations", "import_module", "ModuleType", "_FRONT", "_MORE"} & shown


def test_the_readme_installs_every_extra_a_user_may_want() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Installing", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"pip install 'gupai\[(\w+)\]'", section))
    assert "rl" in extras and listed == extras, (listed, extras)


def test_the_openspiel_games_take_players_and_sets() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import gupai.rl

    assert gupai.rl.spiel_game("kap-shap").num_players() == 2
    assert pyspiel.load_game("python_gupai_kap_shap(players=2)").num_players() == 2
    big = pyspiel.load_game("python_gupai_kap_tai_shap(players=5,sets=3)")
    assert big.num_players() == 5 and big.made.gupai.config.sets == 3 and big.made.tile_count == 96
    assert gupai.rl.spiel_game("kap-tai-shap", players=4, sets=2).made.gupai.config.sets == 2
    with pytest.raises(gupai.OptionError, match="Kap Shap takes 2 players, not 3"):
        pyspiel.load_game("python_gupai_kap_shap(players=3)")
