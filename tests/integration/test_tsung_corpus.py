"""The Tsung Shap conformance corpus: in sync with its generator, and one invalid log for every rule a log can break."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.corpus import GENERATED
from tools.corpus_tsung import invalid_cases, valid_cases

from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.log.format import dumps_log
from gupai.log.read import validate_paths

ROOT = Path(data_dir("conformance"))
GAME = "tsung-shap"


def test_the_files_on_disk_are_what_the_generator_makes() -> None:
    generated = {path: dumps_log(log) + "\n" for path, log in [*valid_cases(), *invalid_cases()]}
    on_disk = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for folder in GENERATED
        for p in (ROOT / GAME / folder).rglob("*.json")
    }
    assert sorted(on_disk) == sorted(generated), "run: python -m tools.corpus_tsung --write"
    stale = [path for path, text in generated.items() if on_disk[path] != text]
    assert stale == [], "run: python -m tools.corpus_tsung --write"


def test_python_m_gupai_tsung_corpus_checks_the_corpus() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.corpus_tsung"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_rule_has_an_invalid_log_and_every_preset_a_valid_one() -> None:
    invalid = {p.name.partition("--")[0] for p in (ROOT / GAME / "invalid").glob("*.json")}
    assert set(game_spec(GAME).rule_ids) - invalid == set()
    valid = [p.name for p in (ROOT / GAME / "valid").glob("*.json")]
    for preset in game_spec(GAME).presets:
        assert any(name.startswith(f"{preset.name}-greedy") for name in valid), preset.name
        assert any(name.startswith(f"{preset.name}-random") for name in valid), preset.name


def test_the_validator_judges_the_corpus_as_named() -> None:
    for path in sorted(p for folder in GENERATED for p in (ROOT / GAME / folder).rglob("*.json")):
        issues, games, unreadable = validate_paths([str(path)])
        assert (games, unreadable) == (1, [])
        if path.parent.name == "valid":
            assert issues == [], f"{path.name}: {issues[0]}"
        else:
            rule = path.name.partition("--")[0]
            assert {issue.rule or "schema" for issue in issues} == {rule}, f"{path.name}: {[str(i) for i in issues]}"
            assert all(issue.message for issue in issues)
