"""conformance compare: coverage in every view, reports of one label told apart, hostile reports bounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gupai.conformance.compare import MAX_LABEL, MAX_REPORT_BYTES, compare, matrix_html, matrix_text
from tests.integration.test_ci_outputs import gupai

KIT = {
    "kap-shap": {"cases": 10, "rules": {"ks.turn.take": 4, "ks.eye": 3, "ks.deal.wall": 2}},
    "tsung-shap": {"cases": 5, "rules": {"ts.turn.lay": 5}},
    "": {"cases": 2, "rules": {"ks.equipment.set": 2}},
}


def report(name: str, game: str | None, rules: list[dict[str, Any]], cases: int, **summary: int) -> dict[str, Any]:
    return {
        "engine": {
            "name": name,
            "version": "1",
            "command": name,
            "claims": {g: {} for g in ("kap-shap", "tsung-shap")},
        },
        "harness": {"game": game},
        "summary": {"passed": 0, "failed": 0, "not_supported": 0, "rule_mismatches": 0, **summary},
        "rules": [{"passed": 0, "failed": 0, "skipped": 0, "known_failures": 0, **rule} for rule in rules],
        "cases": _cases(game or "kap-shap", cases, summary),
    }


def _cases(game: str, count: int, summary: dict[str, int]) -> list[dict[str, Any]]:
    """``count`` cases of ``game`` as the summary counts them, the rest not askable."""
    outcomes = ["pass"] * summary.get("passed", 0) + ["fail"] * summary.get("failed", 0)
    outcomes += ["unsupported"] * summary.get("not_supported", 0)
    outcomes += ["skip"] * (count - len(outcomes))
    return [
        {"id": f"c{i}", "game": game, "outcome": "skip" if o == "unsupported" else o}
        | ({"unasked": "claims"} if o == "unsupported" else {})
        for i, o in enumerate(outcomes[:count])
    ]


def test_a_cell_tells_a_full_pass_from_a_partial_one_and_from_never_asked() -> None:
    full = report("full", "kap-shap", [{"rule": "ks.turn.take", "status": "pass", "passed": 4}], 12, passed=4)
    part = report("part", "kap-shap", [{"rule": "ks.turn.take", "status": "pass", "passed": 1}], 3, passed=1)
    matrix = compare([full, part], kit=KIT)
    rows = {row["rule"]: row["results"] for row in matrix["rules"]}
    assert rows["ks.turn.take"] == {"full 1": "pass", "part 1": "pass 1/4"}
    assert rows["ks.eye"] == {"full 1": "not asked", "part 1": "not asked"}
    assert "ts.turn.lay" not in rows  # neither run covered Tsung Shap
    part_coverage = matrix["engines"][1]["coverage"]
    assert part_coverage == {
        "passed": 1,
        "failed": 0,
        "known_failures": 0,
        "not_supported": 0,
        "not_askable": 2,
        "not_asked": 12 - 3,
        "rule_mismatches": 0,
        "kit_cases": 12,
    }
    text = matrix_text(matrix)
    assert (
        "part 1: 1 passed, 0 failed, 0 not supported, 2 not askable, 9 not asked, 0 rule mismatches (of 12 cases)"
        in text
    )
    page = matrix_html(matrix)
    assert "<td class='partial'>pass 1/4</td>" in page and "<td class='unasked'>not asked</td>" in page
    assert "<th scope='row'>not asked</th><td>0</td><td>9</td>" in page
    assert "<th scope='row'>rule mismatches</th>" in page and "<th scope='row'>not supported</th>" in page


def test_a_rule_of_a_game_the_engine_does_not_cover_is_a_dash_though_its_run_held_the_cases() -> None:
    """A Kap-only engine run over every game: the Tsung cases are not supported (it claims no Tsung Shap), and
    the report lists ts.turn.lay as skipped; the matrix shows "-", the report covers none of that game."""
    kap_only = report("kap", None, [{"rule": "ks.turn.take", "status": "pass", "passed": 4}], 4, passed=4)
    kap_only["engine"]["claims"] = {"kap-shap": {}}
    kap_only["rules"].append({"rule": "ts.turn.lay", "status": "skip", "passed": 0, "failed": 0, "skipped": 5})
    kap_only["cases"] += [
        {"id": f"t{i}", "game": "tsung-shap", "outcome": "skip", "unasked": "claims"} for i in range(5)
    ]
    both = report("both", None, [{"rule": "ts.turn.lay", "status": "pass", "passed": 5}], 4, passed=4)
    matrix = compare([kap_only, both], kit=KIT)
    rows = {row["rule"]: row["results"] for row in matrix["rules"]}
    assert rows["ts.turn.lay"] == {"kap 1": "-", "both 1": "pass"}
    assert rows["ks.turn.take"]["kap 1"] == "pass"
    assert matrix["engines"][0]["games"] == ["kap-shap"]
    assert next(line for line in matrix_text(matrix).splitlines() if line.startswith("ts.")).split() == [
        "ts.turn.lay",
        "-",
        "pass",
    ]


def test_reports_of_one_label_are_told_apart_by_game_then_file() -> None:
    a = report("e", "kap-shap", [], 1)
    b = report("e", "tsung-shap", [], 1)
    assert [e["label"] for e in compare([a, b], kit=KIT)["engines"]] == ["e 1 (kap-shap)", "e 1 (tsung-shap)"]
    labels = [e["label"] for e in compare([a, a], kit=KIT, files=["x/run1.json", "x/run2.json"])["engines"]]
    assert labels == ["e 1 (kap-shap, x/run1.json)", "e 1 (kap-shap, x/run2.json)"]


def test_four_hundred_reports_of_one_engine_get_short_distinct_labels() -> None:
    reports = [report("e", "kap-shap", [], 1)] * 400
    labels = [e["label"] for e in compare(reports, kit=KIT, files=[f"r{i}.json" for i in range(400)])["engines"]]
    assert len(set(labels)) == 400
    assert max(map(len, labels)) < 2 * MAX_LABEL  # the prime-per-copy labels reached 89,020 characters
    long = compare([report("x" * 1000, "kap-shap", [], 1)], kit=KIT)["engines"][0]["label"]
    assert len(long) == MAX_LABEL and long.endswith("…")


def test_a_newline_in_an_engine_name_forges_no_line_of_the_text_output() -> None:
    evil = report("evil\nfake 1: 999 passed, 0 failed", "kap-shap", [], 1)
    good = report("good", "kap-shap", [], 1)
    text = matrix_text(compare([evil, good], kit=KIT))
    assert not any(line.startswith("fake 1: 999") for line in text.splitlines())
    assert "evil\\nfake 1: 999 passed" in text
    assert len(text.splitlines()) == 1 + len(compare([good], kit=KIT)["rules"]) + 1 + 2


def test_compare_refuses_a_report_larger_than_its_bound_before_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_REPORT_BYTES + 10)  # a sparse file: the bound is what stops the reading
    ran = gupai("conformance", "compare", str(big))
    assert ran.returncode == 2
    assert ran.stderr.strip().endswith("is not a conformance report: larger than 32 MB")
    assert len(ran.stderr.strip().splitlines()) == 1


def test_compare_reads_a_report_through_the_strict_reader(tmp_path: Path) -> None:
    dup = tmp_path / "dup.json"
    dup.write_text(json.dumps({"format": "x"})[:-1] + ', "format": "y"}')
    ran = gupai("conformance", "compare", str(dup))
    assert ran.returncode == 2 and "duplicate key" in ran.stderr and "Traceback" not in ran.stderr
