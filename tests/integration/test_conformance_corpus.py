"""The conformance corpus: in sync with its generator, and judged as named."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools.corpus import PLAYERS, invalid_cases, valid_cases

from gupai.core.resources import data_dir
from gupai.core.spec import game_spec, games
from gupai.log.format import dumps_log
from gupai.log.validate import validate_paths

ROOT = data_dir("conformance")
FILES = sorted(p for p in ROOT.rglob("*.json"))
RULE_IDS = {rule for game in games() for rule in game_spec(game).rule_ids}


def test_generated_files_are_on_disk_unchanged() -> None:
    generated = {path: dumps_log(log) + "\n" for path, log in [*valid_cases(), *invalid_cases()]}
    on_disk = {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in FILES
        if p.relative_to(ROOT).parts[0] in PLAYERS
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
