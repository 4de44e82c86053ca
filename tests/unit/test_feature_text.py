"""The scenarios speak a player's language: real tiles, no seeds, no position arithmetic, no raw log JSON.

A deal is laid out tile by tile (the wall's piles, or the shuffled order) and
its outcome said as tiles held and drawn; what happened in a game is said in
words, one event a table row. These checks keep it so (issue 13), and keep
every step binding in use.
"""

from __future__ import annotations

import re

import pytest

from gupai.conformance.gherkin import Scenario, load_features, parse_feature
from gupai.conformance.steps.registry import BINDINGS
from gupai.core.resources import data_dir

#: Words that give a deal as seeds and positions instead of tiles.
_FORBIDDEN = re.compile(r"shuffled with seed|\bseed \d|\bpositions? \d", re.IGNORECASE)
#: The openings of a Gherkin doc string.
_DOCSTRING = re.compile(r'^\s*(?:"""|```)', re.MULTILINE)


def _problems(path: str, text: str) -> list[str]:
    """Where a feature's text breaks the rule: a doc string, or a seed or position in a step."""
    found = [f"{path}:{text.count(chr(10), 0, m.start()) + 1}: a doc string" for m in _DOCSTRING.finditer(text)]
    for scenario in parse_feature(text, path=path):
        for step in scenario.steps:
            words = [step.text, *(cell for row in step.datatable or () for cell in row)]
            found += [
                f"{path}:{step.line}: {step.text!r} speaks of {m.group(0)!r}"
                for w in words
                for m in [_FORBIDDEN.search(w)]
                if m
            ]
    return found


def test_no_feature_holds_a_doc_string_or_a_deal_by_seed_and_positions() -> None:
    root = data_dir("features")
    problems = []
    for path in sorted(root.rglob("*.feature")):
        problems += _problems(path.relative_to(root).as_posix(), path.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "step",
    [
        "When the tiles are dealt from the order shuffled with seed 11",
        "Then seat 1 is dealt the tiles at positions 9-12, 14-16",
        "Then seat 0's pile is the tiles at position 1 of the order",
        'Then the log so far reads:\n      """\n      {"type": "reveal"}\n      """',
    ],
)
def test_the_check_catches_the_old_ways(step: str) -> None:
    text = f"Feature: f\n  Scenario: s\n    Given the game kap-shap\n    {step}\n"
    assert _problems("f.feature", text)


def test_the_check_passes_a_deal_in_tiles() -> None:
    text = (
        "Feature: f\n  Scenario: s\n    Given the wall is built of these piles, each from its bottom tile up:\n"
        "      | pile | tiles |\n      | 1 | [6-6] [1-1] [4-4] [3-1] |\n    Then seat 0 holds [6-6] [1-1]\n"
    )
    assert _problems("f.feature", text) == []


#: Steps no scenario of ``features/`` uses today, kept for scenarios of the kit's users (written before issue 13).
_KIT_ONLY = {
    ("given", "the game (?P<game>[a-z][a-z-]*)"),
    ("then", "the move is allowed"),
    ("then", "the table is empty"),
    ("given", "seat (?P<seat>[01]) has no face-down tiles left"),
    ("when", r"the game is played out by (?P<agent>greedy|random) agents(?: with seed (?P<seed>\d+))?"),
    ("then", r"seat (?P<seat>[01]) has laid (?P<n>\d+) of its tiles? and seat (?P<other>[01]) (?P<m>\d+)"),
}


def test_every_step_binding_is_used_by_a_scenario() -> None:
    scenarios: list[Scenario] = load_features(data_dir("features"))
    steps = [(step.kind, step.text) for scenario in scenarios for step in scenario.steps]
    unused = [
        f"{b.kind} {b.pattern.pattern} ({b.function.__module__})"
        for b in BINDINGS
        if (b.kind, b.pattern.pattern) not in _KIT_ONLY
        and not any(kind == b.kind and b.pattern.fullmatch(text) for kind, text in steps)
    ]
    assert not unused, "\n".join(unused)
    assert {(b.kind, b.pattern.pattern) for b in BINDINGS} >= _KIT_ONLY, "a step of the list was removed: drop it here"
