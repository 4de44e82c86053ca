"""Every rule has scenarios, and every scenario's tags name real rules and options.

The ``.feature`` files are read with the Gherkin parser pytest-bdd itself uses
(so the scenarios seen here are the scenarios that run), and their tags are
checked against ``spec/``:

- every rule id that is not ``pending`` or ``retired`` is tagged by at least
  one scenario; pending ids are allowed, counted and printed in the summary;
- every ``@rule:`` tag names a rule in ``spec/``, and not a retired one;
- every ``@option:<key>=<value>`` names an option and value of the games whose
  rules the scenario tags;
- the tags sit on scenarios, not on a Feature, a Rule or an Examples table
  (pytest-bdd turns an Examples table's tags into markers without the
  ``pytest_bdd_apply_tag`` hook, and other tools read scenario tags only);
- scenario names are unique within a file (pytest-bdd keeps only the last of
  two scenarios with one name).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from pytest_bdd.gherkin_parser import GherkinDocument, Scenario, get_gherkin_document

from gupai.core.spec import game_spec, games

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "features"
PREFIX_GAME = {"ks": "kap-shap", "kts": "kap-tai-shap", "ts": "tsung-shap"}
TAG_KINDS = ("rule", "option")


@dataclass(frozen=True)
class Tagged:
    """One scenario (or outline) of a feature file, with its own tags."""

    file: str
    line: int
    name: str
    tags: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line} ({self.name})"

    def values(self, kind: str) -> list[str]:
        """The values of this scenario's ``@<kind>:<value>`` tags."""
        return [tag.partition(":")[2] for tag in self.tags if tag.partition(":")[0] == kind]


@dataclass(frozen=True)
class Scan:
    """What the feature files hold: their scenarios, and tags out of place."""

    scenarios: tuple[Tagged, ...]
    misplaced: tuple[str, ...]
    duplicates: tuple[str, ...]


def _tag_names(tags: Iterable[object]) -> tuple[str, ...]:
    return tuple(str(getattr(tag, "name", "")).lstrip("@") for tag in tags)


def _ours(tags: Iterable[str]) -> list[str]:
    return [tag for tag in tags if tag.partition(":")[0] in TAG_KINDS]


def _scenarios(children: Iterable[object]) -> Iterator[tuple[Scenario, tuple[str, ...] | None]]:
    """Scenarios of a feature's children, each with its Rule's tags (None outside a Rule)."""
    for child in children:
        scenario = getattr(child, "scenario", None)
        rule = getattr(child, "rule", None)
        if scenario is not None:
            yield scenario, None
        elif rule is not None:
            for inner in rule.children:
                if inner.scenario is not None:
                    yield inner.scenario, _tag_names(rule.tags)


def scan_document(doc: GherkinDocument, file: str) -> Scan:
    """The tagged scenarios of one parsed feature file."""
    found: list[Tagged] = []
    misplaced = [f"{file}: Feature tagged {tag}" for tag in _ours(_tag_names(doc.feature.tags))]
    names: dict[str, int] = {}
    duplicates: list[str] = []
    for scenario, rule_tags in _scenarios(doc.feature.children):
        misplaced += [f"{file}:{scenario.location.line}: Rule tagged {tag}" for tag in _ours(rule_tags or ())]
        for examples in scenario.examples:
            misplaced += [
                f"{file}:{examples.location.line}: Examples tagged {tag}" for tag in _ours(_tag_names(examples.tags))
            ]
        if scenario.name in names:
            duplicates.append(f"{file}:{scenario.location.line}: {scenario.name!r} (also line {names[scenario.name]})")
        names.setdefault(scenario.name, scenario.location.line)
        found.append(Tagged(file, scenario.location.line, scenario.name, _tag_names(scenario.tags)))
    return Scan(tuple(found), tuple(misplaced), tuple(duplicates))


@cache
def scan_features(root: Path = FEATURES) -> Scan:
    """Every ``.feature`` file under ``root``."""
    scenarios: list[Tagged] = []
    misplaced: list[str] = []
    duplicates: list[str] = []
    for path in sorted(root.rglob("*.feature")):
        part = scan_document(get_gherkin_document(str(path)), str(path.relative_to(ROOT)))
        scenarios += part.scenarios
        misplaced += part.misplaced
        duplicates += part.duplicates
    return Scan(tuple(scenarios), tuple(misplaced), tuple(duplicates))


@cache
def spec_rules() -> dict[str, str]:
    """Every rule id in ``spec/`` and its status."""
    return {rule.id: rule.status for game in games() for rule in game_spec(game).rules}


def spec_options(game: str) -> dict[str, tuple[str, ...]]:
    return {option.key: option.values for option in game_spec(game).options}


# ------------------------------------------------------------------ checks
def malformed_tags(scenarios: Iterable[Tagged]) -> list[str]:
    """``@rule:`` without an id, ``@option:`` that is not key=value."""
    bad = []
    for s in scenarios:
        bad += [f"{s.where}: @rule:{v}" for v in s.values("rule") if not v]
        bad += [f"{s.where}: @option:{v}" for v in s.values("option") if not v.partition("=")[2]]
    return bad


def untagged(scenarios: Iterable[Tagged]) -> list[str]:
    """Scenarios that tag no rule."""
    return [s.where for s in scenarios if not s.values("rule")]


def unknown_rules(scenarios: Iterable[Tagged], rules: dict[str, str]) -> list[str]:
    """Tags naming a rule id that is not in the spec, or a retired one."""
    bad = []
    for s in scenarios:
        for rule_id in s.values("rule"):
            if not rule_id:
                continue  # reported by malformed_tags
            if rule_id not in rules:
                bad.append(f"{s.where}: no rule {rule_id!r} in spec/")
            elif rules[rule_id] == "retired":
                bad.append(f"{s.where}: rule {rule_id!r} is retired")
    return bad


def unknown_options(scenarios: Iterable[Tagged]) -> list[str]:
    """``@option:`` tags naming an option or value that a tagged rule's game lacks."""
    bad = []
    for s in scenarios:
        tagged_games = {PREFIX_GAME.get(rule_id.split(".")[0]) for rule_id in s.values("rule")}
        for assignment in s.values("option"):
            key, _, value = assignment.partition("=")
            if not value:
                continue  # reported by malformed_tags
            for game in sorted(g for g in tagged_games if g is not None):
                options = spec_options(game)
                if key not in options:
                    bad.append(f"{s.where}: {game} has no option {key!r}")
                elif value not in options[key]:
                    bad.append(f"{s.where}: option {key!r} of {game} has no value {value!r}")
    return bad


def coverage(scenarios: Iterable[Tagged], rules: dict[str, str]) -> dict[str, list[str]]:
    """Rule ids by standing: ``covered``, ``missing`` (executable, no scenario), ``pending``, ``retired``."""
    tagged = {rule_id for s in scenarios for rule_id in s.values("rule")}
    result: dict[str, list[str]] = {"covered": [], "missing": [], "pending": [], "retired": []}
    for rule_id, status in rules.items():
        if status in ("pending", "retired"):
            result[status].append(rule_id)
        else:
            result["covered" if rule_id in tagged else "missing"].append(rule_id)
    return result


# ------------------------------------------------------------------ tests
def test_the_feature_files_hold_scenarios() -> None:
    assert scan_features().scenarios, "no scenarios found under features/"


def test_tags_are_well_formed() -> None:
    assert malformed_tags(scan_features().scenarios) == []


def test_every_scenario_tags_a_rule() -> None:
    assert untagged(scan_features().scenarios) == []


def test_scenario_tags_name_rules_in_the_spec() -> None:
    assert unknown_rules(scan_features().scenarios, spec_rules()) == []


def test_option_tags_name_options_and_values_of_the_game() -> None:
    assert unknown_options(scan_features().scenarios) == []


def test_rule_and_option_tags_sit_on_scenarios() -> None:
    assert list(scan_features().misplaced) == []


def test_scenario_names_are_unique_within_a_file() -> None:
    assert list(scan_features().duplicates) == []


def coverage_summary() -> list[str]:
    """The lines of the end-of-run "rule coverage" section: rules with and without scenarios, pending ones.

    ``tests/conftest.py`` prints them after a run that included
    :func:`test_every_executable_rule_has_a_scenario`, computed in the process
    that writes the terminal summary (the xdist controller too, where a
    worker's stash is out of reach).
    """
    found = coverage(scan_features().scenarios, spec_rules())
    tagged = {rule_id for s in scan_features().scenarios for rule_id in s.values("rule")}
    lines = [
        f"{len(found['covered'])} rules with scenarios, {len(found['missing'])} without, "
        f"{len(found['pending'])} pending, {len(found['retired'])} retired "
        f"({len(scan_features().scenarios)} scenarios and outlines under features/)"
    ]
    for game in games():
        prefix = next(p for p, g in PREFIX_GAME.items() if g == game)
        pending = [r for r in found["pending"] if r.split(".")[0] == prefix]
        if pending:
            lines.append(f"  {game}: {len(pending)} pending: {', '.join(pending)}")
    early = sorted(r for r in found["pending"] if r in tagged)
    if early:
        lines.append(f"  pending but already tagged by scenarios (mark them executable?): {', '.join(early)}")
    return lines


def test_every_executable_rule_has_a_scenario() -> None:
    found = coverage(scan_features().scenarios, spec_rules())
    print("\n".join(coverage_summary()))
    assert found["missing"] == [], "executable rules without a scenario (write one, or mark the rule pending)"


# ---------------------------------------------- the checks themselves fail
BROKEN = """\
@rule:ks.pair.ten
Feature: A broken feature

  @rule:ks.no-such-rule @option:pair-set=sometimes @option:no-such-option=1 @option:take
  Scenario: Bad tags
    Given the game kap-shap

  Scenario: No tags
    Given the game kap-shap

  @rule:ks.hand.win @rule:
  Scenario Outline: No tags
    Given the game kap-shap

    @option:eye=civil
    Examples:
      | a |
      | 1 |
"""


@pytest.fixture
def broken(tmp_path: Path) -> Scan:
    path = tmp_path / "features" / "broken.feature"
    path.parent.mkdir()
    path.write_text(BROKEN, encoding="utf-8")
    return scan_document(get_gherkin_document(str(path)), "broken.feature")


def test_the_checks_catch_broken_tags(broken: Scan) -> None:
    rules = {"ks.pair.ten": "executable", "ks.hand.win": "retired", "ks.eye": "executable", "ks.deal": "pending"}
    assert malformed_tags(broken.scenarios) == [
        "broken.feature:5 (Bad tags): @option:take",
        "broken.feature:12 (No tags): @rule:",
    ]
    assert untagged(broken.scenarios) == ["broken.feature:8 (No tags)"]
    assert unknown_rules(broken.scenarios, rules) == [
        "broken.feature:5 (Bad tags): no rule 'ks.no-such-rule' in spec/",
        "broken.feature:12 (No tags): rule 'ks.hand.win' is retired",
    ]
    assert unknown_options(broken.scenarios) == [
        "broken.feature:5 (Bad tags): option 'pair-set' of kap-shap has no value 'sometimes'",
        "broken.feature:5 (Bad tags): kap-shap has no option 'no-such-option'",
    ]
    assert broken.misplaced == (
        "broken.feature: Feature tagged rule:ks.pair.ten",
        "broken.feature:16: Examples tagged option:eye=civil",
    )
    assert broken.duplicates == ("broken.feature:12: 'No tags' (also line 8)",)
    assert coverage(broken.scenarios, rules) == {
        "covered": [],
        "missing": ["ks.pair.ten", "ks.eye"],
        "pending": ["ks.deal"],
        "retired": ["ks.hand.win"],
    }
