"""The tile cases (``features/tiles.feature``, of no one game) count once in a run of every game.

They name both collecting games' set rules (``ks.equipment.set``,
``kts.equipment.sets``) and were counted under each, and again as the cases
of no one game: three times in a run of every game. They are now one group,
``tiles``, in every view: the rules, the games and presets, JUnit's suites and
compare's matrix. The truth is the feature text: its scenarios and examples,
and the game cases that carry each set rule.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from gupai.conformance.cases import collect_cases, select_cases
from gupai.conformance.compare import compare, matrix_html, matrix_text
from gupai.conformance.junit import junit_xml
from gupai.conformance.process import EngineProcess
from gupai.conformance.report import Report
from gupai.conformance.runner import run_cases
from gupai.core.spec import games

FEATURE = Path(__file__).resolve().parents[2] / "features" / "tiles.feature"
GLOBS = ("scenario:tiles/*", "scenario:kap-shap/equipment/*", "scenario:kap-tai-shap/equipment/*")


def _tile_cases_in_the_feature() -> int:
    """The feature's cases: each plain scenario once, each outline once an example row."""
    count, outline, header = 0, False, False
    for line in FEATURE.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("Scenario Outline:"):
            outline = True
        elif text.startswith("Scenario:"):
            outline = False
            count += 1
        elif text.startswith("Examples"):
            header = True
        elif outline and text.startswith("|"):
            if header:
                header = False
            else:
                count += 1
    return count


def test_the_tile_cases_count_once_in_every_view_of_a_run_of_every_game() -> None:
    cases = select_cases(collect_cases(), run=GLOBS)
    tiles = _tile_cases_in_the_feature()
    assert tiles == 38 == len([c for c in cases if c.game is None])
    with EngineProcess([sys.executable, "-m", "gupai.protocol.server"], timeout=30, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    report = Report("gupai engine", engine.hello, tuple(results), games=tuple(games()))
    assert report.summary()["passed"] == report.summary()["cases"] == len(cases)
    # the rules: the group once, and each set rule with its own game's cases only
    rules = {status.rule: status for status in report.rules()}
    assert (rules["tiles"].status, rules["tiles"].passed) == ("pass", tiles)
    for rule in ("ks.equipment.set", "kts.equipment.sets"):
        own = [c for c in cases if c.game is not None and rule in c.rules]
        assert rules[rule].passed == len(own) > 0, rule
    # the games and presets: every case once, the tiles in their own row
    groups = report.by_game()
    assert sum(g["passed"] + g["failed"] + g["skipped"] + g["known_failures"] for g in groups) == len(cases)
    assert [(g["game"], g["passed"]) for g in groups if g["game"] == "tiles"] == [("tiles", tiles)]
    text = report.text()
    assert re.search(rf"^  tiles +pass +{tiles} passed", text, re.M)
    assert re.search(rf"^  tiles +- +{tiles} passed", text, re.M)
    # JUnit: one suite of them, and the totals count each case once
    root = ET.fromstring(junit_xml(report).split("\n", 1)[1])
    suites = {suite.get("name"): int(suite.get("tests", 0)) for suite in root}
    assert suites["gupai conformance: tiles"] == tiles
    assert int(root.get("tests", 0)) == sum(suites.values()) == len(cases)
    # compare: the group is one row of the matrix, its cases counted once in the kit's
    matrix = compare([report.to_json()])
    row = next(r for r in matrix["rules"] if r["rule"] == "tiles")
    assert row["cases"] == tiles and list(row["results"].values()) == ["pass"]
    label = matrix["engines"][0]["label"]
    kit_cases = len(collect_cases()) - len([c for c in collect_cases() if c.game is None]) + tiles
    assert matrix["engines"][0]["coverage"]["kit_cases"] == kit_cases
    assert f"{label}: {len(cases)} passed" in matrix_text(matrix)
    assert ">tiles<" in matrix_html(matrix)
