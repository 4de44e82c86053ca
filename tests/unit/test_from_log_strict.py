"""``from_log`` reads a log's text as ``gupai validate -`` reads it: what the validator refuses, it refuses.

The truth is the command itself, run (in-process, by click's runner) on the same text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.core.errors import LogError
from gupai.log.format import dumps_log
from gupai.log.play import play_game
from gupai.log.write import from_log


def _validate_stdin(text: str) -> int:
    return CliRunner().invoke(main, ["validate", "-"], input=text, prog_name="gupai").exit_code


def _valid() -> str:
    return dumps_log(play_game("kap-shap", seed=3))


def _hostile() -> dict[str, str]:
    text = _valid()
    head, rest = text.split("\n", 1)
    return {
        "a key twice (game)": head + '\n  "game": "kap-shap",\n' + rest,
        "a key twice (seed)": head + '\n  "seed": 4,\n' + rest,
        "nested 100 deep": "[" * 100 + "]" * 100,
        "nested 100,000 deep": "{" + '"a":{' * 100_000 + "}" * 100_001,
        "NaN": text.replace('"seed": 3', '"seed": NaN'),
        "a lone surrogate": text.replace('"seed": 3', '"seed": "\\udcff"'),
        "a byte order mark": "\ufeff" + text,
        "a 50-digit integer": text.replace('"seed": 3', '"seed": ' + "9" * 50),
        "cut short": text[:-2],
        "a list": "[]",
    }


def test_the_hostile_texts_hold_what_they_name() -> None:
    cases = _hostile()
    assert cases["a key twice (game)"].count('"game"') == 2
    assert '"seed": 4' in cases["a key twice (seed)"] and '"seed": 3' in cases["a key twice (seed)"]
    assert json.loads(cases["a key twice (game)"])["game"] == "kap-shap"  # json.loads lets it through


@pytest.mark.parametrize("case", sorted(_hostile()))
def test_from_log_refuses_what_validate_refuses_with_a_log_error(case: str) -> None:
    text = _hostile()[case]
    assert _validate_stdin(text) in (1, 2)
    with pytest.raises(LogError) as caught:
        from_log(text)
    assert "\n" not in str(caught.value)


def test_from_log_and_validate_accept_the_same_valid_log() -> None:
    text = _valid()
    assert _validate_stdin(text) == 0
    assert from_log(text).is_terminal


def test_a_parsed_document_is_read_as_its_text_would_be() -> None:
    doc = json.loads(_valid())
    assert from_log(doc).history == from_log(_valid()).history
    doc["seed"] = float("nan")
    with pytest.raises(LogError, match="NaN is not JSON"):
        from_log(doc)
    deep: dict[str, object] = {}
    inner = deep
    for _ in range(10_000):
        inner["a"] = inner = {}
    with pytest.raises(LogError, match="nested too deeply"):
        from_log(deep)


def test_a_path_is_refused_with_a_hint_to_read_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_valid(), encoding="utf-8")
    with pytest.raises(LogError, match=r"not a path .*read the file first"):
        from_log(str(path))
    with pytest.raises(LogError, match="not a path"):
        from_log("missing/game.jsonl")
    with pytest.raises(TypeError, match="read the file first"):
        from_log(path)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="decode it first"):
        from_log(path.read_bytes())  # type: ignore[arg-type]
    assert from_log(path.read_text(encoding="utf-8")).is_terminal
    with pytest.raises(LogError, match="empty"):
        from_log(" \n")
