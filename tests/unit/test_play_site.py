"""The Play pages' build pieces (site_hooks/play.py) and the page's Python session, without a browser."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from site_hooks import play
from site_hooks.play_session import Session

from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.core.specfiles import CACHE_FORMAT
from gupai.log.validate import validate_log


def test_without_the_runtime_the_page_says_how_to_play_in_a_terminal() -> None:
    spec = game_spec("kap-tai-shap")
    text = play.play_page(spec, play.Runtime(None, "npm is not installed"), "kap-tai-shap/play.md", "culin", spec.name)
    assert "npm is not installed" in text and "gupai play kap-tai-shap --preset culin --agents human,greedy" in text
    assert "<script" not in text and "pyodide" not in text.lower().replace("the python runtime", "")


def test_a_cached_runtime_is_used_and_without_npm_there_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GUPAI_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("GUPAI_NO_PYODIDE", raising=False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    missing = play.pyodide_dir("1.2.3")
    assert missing.directory is None and missing.reason == "npm is not installed"
    kept = tmp_path / "pyodide" / "1.2.3"
    kept.mkdir(parents=True)
    for name in play.PYODIDE_FILES:
        (kept / name).write_text("x")
    assert play.pyodide_dir("1.2.3").directory == kept  # from the cache: npm is not asked


def test_the_kit_holds_the_engine_the_spec_and_its_parse_as_json() -> None:
    kit = zipfile.ZipFile(io.BytesIO(play.kit_zip()))
    names = set(kit.namelist())
    assert {"gupai/__init__.py", "gupai/games/table.py", "gupai/log/write.py", "gupai_play.py"} <= names
    assert not any(name.startswith(("gupai/cli/", "gupai/sim/")) for name in names)
    spec = data_dir("spec")
    for path in spec.rglob("*.yaml"):
        assert f"gupai/_data/spec/{path.relative_to(spec).as_posix()}" in names
        (cached,) = [n for n in names if n.startswith(f"cache/spec/{path.stem}-") and n.endswith(".json")]
        header, body = kit.read(cached).split(b"\n", 1)  # the cache's header line (its format, digests), its parse
        assert json.loads(header)["format"] == CACHE_FORMAT
        assert json.loads(body) == yaml.safe_load(path.read_bytes())
    assert play.kit_zip() == play.kit_zip()  # the same bytes every build


@pytest.mark.parametrize(("game", "preset"), [("kap-tai-shap", "culin"), ("tsung-shap", "culin")])
def test_the_session_offers_legal_actions_and_plays_to_the_end(game: str, preset: str) -> None:
    page = Session()
    view = json.loads(page.new(game, preset, 3))
    for _ in range(2000):
        if view["over"]:
            break
        table = page.table
        assert table is not None
        legal = [str(action) for action in table.state.legal_actions()]
        if view["to_move"] == 0:
            assert view["moves"] == legal
            view = json.loads(page.move(str(len(legal))))  # the last move offered, by its number
        else:
            assert view["moves"] == []
            view = json.loads(page.bot())
    assert view["over"] and "is over" in view["end"]["title"]
    log = json.loads(page.log())
    assert validate_log(log) == [] and log["agents"][0] == "human"


#: The page's Python, as Pyodide's core runtime gives it: no msgspec, numpy or PyYAML (their wheels are not in the
#: npm package, and the page fetches nothing from another host), and jsonschema_rs met by play.js's empty module.
BROWSER_PYTHON = """
import importlib.abc, json, sys, types
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("msgspec", "numpy", "yaml"):
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Absent())
sys.modules.setdefault("jsonschema_rs", types.ModuleType("jsonschema_rs"))
sys.path.insert(0, sys.argv[1])
from site_hooks.play_session import Session
page = Session()
view = json.loads(page.new("kap-shap", "culin", 5))
while not view["over"]:
    view = json.loads(page.move("1") if view["to_move"] == 0 else page.bot())
print(page.log())
"""


def test_the_session_runs_on_the_modules_the_browser_has(tmp_path: Path) -> None:
    """What the Play page imports (the kit's core, games and log writer) needs none of msgspec, numpy, PyYAML:
    a game is played to its end and its log written, as in the page (the spec read from its cache, as JSON)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "GUPAI_CACHE_DIR": str(tmp_path)}
    # the page's spec cache (every spec file's parse as JSON), made here as the build makes it, with PyYAML
    subprocess.run([sys.executable, "-c", "import gupai; gupai.load_game('kap-shap')"], env=env, check=True)
    done = subprocess.run(
        [sys.executable, "-c", BROWSER_PYTHON, str(root)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    log = json.loads(done.stdout)
    assert validate_log(log) == [] and log["agents"][0] == "human"
