"""`gupai presets`, `options`, `rules`, `play --out`, `show`, `--sets` alone, known failures, and the guard.

The spec answers are checked against spec/ read directly with PyYAML, not
through gupai's own loader; the guard's answers against the documented exit
statuses (0/1/2/3), with a message and never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

import gupai.cli.rules
import gupai.cli.validate
from gupai.cli import main
from gupai.log.read import validate_all

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).parent / "gupai"
KS_WIN = ("6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="gupai")


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def spec_yaml(game: str) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load((ROOT / "spec" / "games" / f"{game}.yaml").read_text(encoding="utf-8"))
    return doc


def script() -> Path:
    if not SCRIPT.exists():  # pragma: no cover - only outside the project's virtualenv
        pytest.skip("the gupai console script is not installed next to this python")
    return SCRIPT


# ------------------------------------------------------- presets, options, rules
@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap", "tsung-shap"])
def test_presets_json_lists_every_preset_of_the_spec(game: str) -> None:
    doc = spec_yaml(game)
    presets = run_json("presets", game)
    assert [p["name"] for p in presets] == list(doc["presets"])
    first = {k: str(v) for k, v in next(iter(doc["presets"].values()))["values"].items()}
    for preset in presets:
        values = {k: str(v) for k, v in doc["presets"][preset["name"]]["values"].items()}
        assert preset["options"] == values
        inert = _inert_from_yaml(doc, values)
        assert preset["differs_from_default"] == {k: v for k, v in values.items() if first[k] != v and k not in inert}
        assert preset["no_effect"] == {
            k: {"value": values[k], "reason": " ".join(why.split())} for k, why in inert.items()
        }


def _inert_from_yaml(doc: dict[str, Any], values: dict[str, str]) -> dict[str, str]:
    """The options the spec file's ``inert`` conditions say change nothing under ``values``, with the first reason."""
    found = {}
    for key, option in doc["options"].items():
        for entry in option.get("inert", ()):
            if all(values[k] == str(v) for k, v in entry["when"].items()):
                found[key] = entry["reason"]
                break
    return found


def test_the_generated_no_effect_lists_are_not_empty() -> None:
    """The comparison above can fail: hidden tiles leave both four-tile options without effect under culin."""
    doc = spec_yaml("tsung-shap")
    culin = {k: str(v) for k, v in doc["presets"]["culin"]["values"].items()}
    assert set(_inert_from_yaml(doc, culin)) == {"refill", "restart"}
    assert "no_effect" not in doc["presets"]["culin"]


def test_presets_text_says_how_pagat_differs_from_culin() -> None:
    result = run("presets", "kap-shap")
    assert result.exit_code == 0
    pagat = next(line for line in result.stdout.splitlines() if line.strip().startswith("pagat "))
    assert pagat.rstrip().endswith("pair-set=printed")


@pytest.mark.parametrize("game", ["kap-shap", "tsung-shap"])
def test_options_json_lists_every_option_with_its_values_and_default(game: str) -> None:
    doc = spec_yaml(game)
    options = run_json("options", game)
    assert [o["key"] for o in options] == list(doc["options"])
    for option in options:
        spec = doc["options"][option["key"]]
        assert option["default"] == str(spec["default"])
        assert [v["value"] for v in option["values"]] == [str(v) for v in spec["values"]]
        for value in option["values"]:
            readers = [s for s, p in spec.get("positions", {}).items() if str(p["reading"]) == value["value"]]
            assert value["readers"] == readers


def test_rules_prints_a_rule_with_its_text_sources_and_readings() -> None:
    rule = next(r for r in spec_yaml("kap-shap")["rules"] if r["id"] == "ks.turn.take")
    result = run("rules", "kap-shap", "ks.turn.take")
    assert result.exit_code == 0
    assert result.stdout.startswith("ks.turn.take: Taking a discard")
    assert " ".join(rule["text"].split()) in result.stdout
    for source in rule["sources"]:
        assert f"\n  {source}: " in result.stdout
    assert "option take: May a player take any face-up discard" in result.stdout
    doc = run_json("rules", "kap-shap", "ks.turn.take")
    assert [s["key"] for s in doc["sources"]] == rule["sources"]
    assert [o["key"] for o in doc["options"]] == rule["options"]
    listing = run_json("rules", "tsung-shap")
    assert [r["id"] for r in listing] == [r["id"] for r in spec_yaml("tsung-shap")["rules"]]


# ------------------------------------------------------------- play and show
def test_play_out_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("precious\n", encoding="utf-8")
    refused = run("play", "kap-shap", "--out", str(target))
    assert refused.exit_code == 2 and "exists: give --force" in refused.stderr
    assert target.read_text(encoding="utf-8") == "precious\n"
    forced = run("play", "kap-shap", "--out", str(target), "--force")
    assert forced.exit_code == 0, forced.output
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "kap-shap"


def test_several_games_go_only_to_jsonl(tmp_path: Path) -> None:
    refused = run("play", "kap-shap", "-n", "3", "--out", str(tmp_path / "games.json"))
    assert refused.exit_code == 2 and "name the file .jsonl" in refused.stderr
    assert not (tmp_path / "games.json").exists()
    lines = tmp_path / "games.jsonl"
    assert run("play", "kap-shap", "--games", "3", "--out", str(lines)).exit_code == 0
    assert [json.loads(line)["seed"] for line in lines.read_text(encoding="utf-8").splitlines()] == [0, 1, 2]
    shown = run("show", str(lines))
    assert shown.exit_code == 0
    separators = [line for line in shown.stdout.splitlines() if line.startswith("--- game ")]
    assert [s.split()[2] for s in separators] == ["1", "2", "3"]


def test_sets_alone_implies_players_the_sets_can_deal_to() -> None:
    hand = ("6-3", "6-3", "6-6", "4-4", "5-5", "5-5", "6-4", "6-4", "4-1", "3-2")
    report = run_json("hand", "kap-tai-shap", "--sets", "1", *hand[2:])
    assert report["sets"] == 1
    log = json.loads(run("play", "kap-tai-shap", "--sets", "1").stdout)
    hand_size = spec_yaml("kap-tai-shap")["hand_size"]
    assert log["sets"] == 1 and log["players"] * hand_size + 1 < 32  # a deal one set of 32 tiles can make
    text = run("hand", "kap-tai-shap", "--sets", "1", *KS_WIN)
    assert ", 1 set: " in text.stdout


# ----------------------------------------------------------------- the guard
def test_an_unexpected_exception_is_exit_3_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(gupai.cli.rules, "kinds", broken)
    result = run("tiles")
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("Error: internal error in `gupai tiles`: RuntimeError: boom second line")
    assert "Traceback" not in result.output


def test_validate_prints_the_other_files_when_one_crashes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert run("play", "kap-shap", "--out", str(good)).exit_code == 0

    def crashes_on_bad(paths: list[str], **options: Any) -> Any:
        if paths[0].endswith("bad.json"):
            raise RecursionError("too deep")
        return validate_all(paths, **options)

    monkeypatch.setattr(gupai.cli.validate, "validate_all", crashes_on_bad)
    text = run("validate", str(good), str(tmp_path / "bad.json"))
    assert text.exit_code == 3
    assert "1 game(s) read, 0 invalid" in text.stderr
    assert "bad.json: internal error: RecursionError: too deep" in text.stderr
    report = run("validate", "--json", str(tmp_path / "bad.json"), str(good))
    assert report.exit_code == 3
    doc = json.loads(report.stdout)
    assert doc["games"] == 1 and doc["valid"] is False and len(doc["internal_errors"]) == 1


def test_a_lone_surrogate_never_breaks_printing(tmp_path: Path) -> None:
    """An undecodable file name reaches the messages as a lone surrogate; the real script prints it escaped."""
    good = tmp_path / "good.json"
    assert run("play", "kap-shap", "--out", str(good)).exit_code == 0
    name = str(tmp_path).encode() + b"/\xff.json"  # argv decodes the byte 0xff to the surrogate \udcff
    for extra in ([], ["--json"]):
        done = subprocess.run(
            [str(script()), "validate", *extra, name, str(good).encode()],
            capture_output=True,
            timeout=120,
            check=False,
            env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},
        )
        assert done.returncode == 2, done.stderr
        assert b"Traceback" not in done.stderr
        assert b"\\xff.json" in done.stdout + done.stderr  # the file name's byte, escaped by the reader
        if extra:
            doc = json.loads(done.stdout)
            assert doc["games"] == 1 and doc["unreadable"][0].startswith(f"{tmp_path}/\\xff.json")


# ------------------------------------------------------------- known failures
def test_write_known_failures_keeps_a_curated_file(tmp_path: Path) -> None:
    """Onto the curated --known-failures file itself: comments kept, the unlisted failures added."""
    curated = tmp_path / "known.txt"
    listed = "scenario:kap-shap/pairs/4-2-counts-3-in-making-up-tens"
    curated.write_text(f"# why these fail: [4-2] counts 6 here\n{listed}  # the pair table\n", encoding="utf-8")
    engine = f"{sys.executable} {ROOT / 'tests' / 'fakes' / 'four_two_six.py'}"
    result = run(
        "conformance", "run", "kap-shap", "--engine", engine, "--run", "ks.tiles.four-two*",
        "--known-failures", str(curated), "--write-known-failures", str(curated),
    )  # fmt: skip
    assert result.exit_code == 1, result.output  # the failures not listed still fail the run
    lines = curated.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["# why these fail: [4-2] counts 6 here", f"{listed}  # the pair table"]
    assert lines[2].startswith("# ")
    added = lines[3:]
    assert added and listed not in added
    assert all(line.startswith(("scenario:kap-shap/", "log:kap-shap/")) for line in added)


SURROGATE_ENGINE = """
import json, sys
sys.path.insert(0, {root!r})
from tests.fakes._common import serve

def hook(request, answer):
    if request.get("cmd") == "apply":  # every move refused, with a lone surrogate in the message
        return json.dumps({{"id": request.get("id"), "answer": "error", "message": "bad \\udcff move"}})
    return None

sys.exit(serve(hook))
"""


def test_an_engine_message_with_a_lone_surrogate_reaches_the_report(tmp_path: Path) -> None:
    engine = tmp_path / "surrogate_engine.py"
    engine.write_text(SURROGATE_ENGINE.format(root=str(ROOT)), encoding="utf-8")
    report = tmp_path / "report.json"
    for extra in ([], ["--json"]):
        done = subprocess.run(
            [str(script()), "conformance", "run", "kap-shap", "--engine", f"{sys.executable} {engine}",
             "--run", "scenario:kap-shap/turns/any-face-up-discard-may-be-taken*", "--report", str(report), "--force", *extra],
            capture_output=True,
            timeout=300,
            check=False,
            env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},
        )  # fmt: skip
        assert done.returncode == 1, done.stderr  # cases failed: a verdict, not a crash
        assert b"Traceback" not in done.stderr
        assert b"\\udcff" in done.stdout
        if extra:
            assert json.loads(done.stdout)["summary"]
        # the strict reader (gupai.core.jsonread) refuses the lone surrogate: a garbage answer, named as such
        assert "a lone surrogate" in report.read_text(encoding="utf-8")


def test_a_conformance_run_that_selects_no_case_is_a_usage_error() -> None:
    """Like pytest's "no tests ran": a --run glob that matches nothing exits 2 with a message, and runs no engine."""
    result = CliRunner().invoke(main, ["conformance", "run", "--engine", "no-such-engine", "--run", "nothing-*"])
    assert result.exit_code == 2, result.output
    assert "no case is selected by --run nothing-*" in result.output
