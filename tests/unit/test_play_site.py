"""The Play pages' build pieces (site_hooks/play.py) and the page's Python session, without a browser."""

from __future__ import annotations

import io
import json
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
