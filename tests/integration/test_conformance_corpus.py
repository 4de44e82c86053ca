"""The conformance corpus: in sync with its generator, and judged as named."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from tools.corpus import GENERATED, PLAYERS, invalid_cases, valid_cases, write_cases

from gupai.core.resources import data_dir
from gupai.core.spec import game_spec, games
from gupai.log.format import dumps_log
from gupai.log.read import validate_paths

ROOT = data_dir("conformance")
FILES = sorted(p for p in ROOT.rglob("*.json"))
RULE_IDS = {rule for game in games() for rule in game_spec(game).rule_ids}


@pytest.mark.slow
def test_generated_files_are_on_disk_unchanged() -> None:
    generated = {path: dumps_log(log) + "\n" for path, log in [*valid_cases(), *invalid_cases()]}
    on_disk = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in FILES
        if p.relative_to(ROOT).parts[0] in PLAYERS and p.parent.name in GENERATED
    }
    assert sorted(on_disk) == sorted(generated), "run: python -m tools.corpus --write"
    for path, text in generated.items():
        assert on_disk[path] == text, f"{path} is stale: run python -m tools.corpus --write"


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "valid"], ids=lambda p: str(p.relative_to(ROOT)))
def test_valid_logs_are_accepted(path: Path) -> None:
    issues, games_read, unreadable = validate_paths([str(path)])
    assert (issues, games_read, unreadable) == ([], 1, [])


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.parent.name == "invalid"], ids=lambda p: str(p.relative_to(ROOT))
)
def test_invalid_logs_are_rejected_with_the_rule_in_their_name(path: Path) -> None:
    rule, sep, _ = path.name.partition("--")
    assert sep, f"{path.name}: invalid logs are named <rule id>--<what is wrong>.json"
    assert rule == "schema" or rule in RULE_IDS, f"{path.name} names no rule of spec/"
    issues, _, _ = validate_paths([str(path)])
    assert issues, f"{path.name} was accepted"
    assert {issue.rule or "schema" for issue in issues} == {rule}


#: Valid logs written by hand from the rules, not by the engine (see each folder's README).
HANDWRITTEN = sorted(p for p in FILES if p.parent.name == "handwritten")


def test_every_game_has_at_least_three_handwritten_logs_and_a_readme() -> None:
    for game in games():
        assert len([p for p in HANDWRITTEN if p.parent.parent.name == game]) >= 3, game
        assert (ROOT / game / "handwritten" / "README.md").is_file(), game


@pytest.mark.parametrize("path", HANDWRITTEN, ids=lambda p: str(p.relative_to(ROOT)))
def test_handwritten_logs_are_accepted(path: Path) -> None:
    issues, games_read, unreadable = validate_paths([str(path)])
    assert ([str(issue) for issue in issues], games_read, unreadable) == ([], 1, [])


def _mutants(log: dict[str, object]) -> list[tuple[str, dict[str, object]]]:
    """Small changes to a valid log, each of which a referee must refuse."""
    out = []
    late = copy.deepcopy(log)
    late["result"]["turns"] += 1  # type: ignore[index]
    out.append(("one turn more in the result", late))
    short = copy.deepcopy(log)
    short["events"] = short["events"][:-1]  # type: ignore[index]
    out.append(("the last event dropped", short))
    if log["game"] == "tsung-shap":
        score = copy.deepcopy(log)
        score["result"]["scores"][0] += 10  # type: ignore[index]
        out.append(("seat 0 given ten points more", score))
    else:
        paid = copy.deepcopy(log)
        paid["result"]["settlement"] = list(reversed(paid["result"]["settlement"]))  # type: ignore[index]
        if paid["result"]["settlement"] != log["result"]["settlement"]:  # type: ignore[index]
            out.append(("the settlement reversed", paid))
    return out


@pytest.mark.parametrize("path", HANDWRITTEN, ids=lambda p: str(p.relative_to(ROOT)))
def test_handwritten_logs_are_refused_once_changed(path: Path, tmp_path: Path) -> None:
    for what, mutant in _mutants(json.loads(path.read_text(encoding="utf-8"))):
        target = tmp_path / path.name
        target.write_text(json.dumps(mutant), encoding="utf-8")
        issues, games_read, _ = validate_paths([str(target)])
        assert games_read == 1 and issues, f"{path.name}: {what} was accepted"


#: Rules no log can break on their own, and why.
UNBREAKABLE = {
    ".hand.win": "a declared hand that is not winning breaks the declare.valid rule",
    ".ante": "the ante is in the settlement, checked under the settle rule",
    ".deal.method": "a deal that is neither wall nor boneyard breaks deal.wall or deal.boneyard",
    "ks.eye": "with one set there is one copy of each military tile, so no military eye",
}


def test_every_breakable_collecting_rule_has_an_invalid_log() -> None:
    named = {p.name.partition("--")[0] for p in FILES if p.parent.name == "invalid"}
    for game in PLAYERS:
        for rule in game_spec(game).rule_ids:
            if rule in UNBREAKABLE or any(rule.endswith(suffix) for suffix in UNBREAKABLE if suffix.startswith(".")):
                continue
            assert rule in named, f"no invalid log breaks {rule}"


def test_the_generator_leaves_handwritten_logs_alone(tmp_path: Path) -> None:
    kept = tmp_path / "kap-shap" / "handwritten" / "by-hand.json"
    stale = tmp_path / "kap-shap" / "valid" / "stale.json"
    for path in (kept, stale):
        path.parent.mkdir(parents=True)
        path.write_text("{}", encoding="utf-8")
    assert write_cases([], tmp_path, ["kap-shap"]) == []
    assert kept.is_file() and not stale.exists()
