"""Results for CI: ``--junit`` (JUnit XML) and ``gupai conformance compare`` (engines side by side).

The JUnit file is checked against the rules of the JUnit XML schema CI
servers read (Jenkins' junit-10.xsd: the elements, their nesting, their
required attributes, the counts), and against the JSON report of the same
run. The commands of docs/engine/ci.md are run as written.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "engine" / "ci.md"
FAKES = ROOT / "tests" / "fakes"

#: junit-10.xsd, as rules: each element's allowed children and required attributes.
CHILDREN = {
    "testsuites": {"testsuite"},
    "testsuite": {"properties", "testcase", "system-out", "system-err"},
    "testcase": {"properties", "skipped", "error", "failure", "system-out", "system-err"},
    "properties": {"property"},
    "property": set(),
    "failure": set(),
    "error": set(),
    "skipped": set(),
    "system-out": set(),
    "system-err": set(),
}
REQUIRED = {
    "testsuite": {"name", "tests"},
    "testcase": {"name", "classname"},
    "property": {"name", "value"},
    "failure": {"type"},
}
NUMBERS = {"tests", "failures", "errors", "skipped", "disabled"}


def check_junit(root: ET.Element) -> None:
    """Raise AssertionError where ``root`` breaks the JUnit XML schema's rules."""
    assert root.tag == "testsuites"
    for element in root.iter():
        assert element.tag in CHILDREN, element.tag
        for child in element:
            assert child.tag in CHILDREN[element.tag], f"{child.tag} in {element.tag}"
        missing = REQUIRED.get(element.tag, set()) - set(element.attrib)
        assert not missing, f"{element.tag} lacks {missing}"
        for key in NUMBERS & set(element.attrib):
            assert element.attrib[key].isdigit(), (element.tag, key)
        if "time" in element.attrib:
            assert re.fullmatch(r"\d+(\.\d+)?", element.attrib["time"]), element.attrib["time"]
    for suite in root.iter("testsuite"):
        cases = suite.findall("testcase")
        assert int(suite.attrib["tests"]) == len(cases)
        assert int(suite.attrib["failures"]) == sum(1 for c in cases if c.find("failure") is not None)
        assert int(suite.attrib["skipped"]) == sum(1 for c in cases if c.find("skipped") is not None)
        for case in cases:  # at most one outcome element
            assert len([c for c in case if c.tag in ("failure", "error", "skipped")]) <= 1


def gupai(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from gupai.cli import main; main()", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=cwd, check=False)


def run_engine(tmp: Path, name: str, engine: str, *globs: str) -> tuple[Path, Path]:
    report, junit = tmp / f"{name}.json", tmp / f"{name}.xml"
    selected = [arg for glob in globs for arg in ("--run", glob)]
    ran = gupai("conformance", "run", "--engine", engine, *selected, "--report", str(report), "--junit", str(junit))
    assert ran.returncode in (0, 1), ran.stderr
    return report, junit


def test_the_junit_file_is_valid_junit_and_says_what_the_json_report_says(tmp_path: Path) -> None:
    engine = shlex.join([sys.executable, str(FAKES / "four_two_six.py")])
    report_path, junit_path = run_engine(tmp_path, "four", engine, "*tiles.four-two*", "scenario:kap-shap/pairs/*")
    root = ET.parse(junit_path).getroot()
    check_junit(root)
    report: dict[str, Any] = json.loads(report_path.read_text())
    cases = {case.attrib["name"]: case for case in root.iter("testcase")}
    assert set(cases) == {c["id"] for c in report["cases"]}
    assert int(root.attrib["failures"]) == report["summary"]["failed"] > 0
    for doc in report["cases"]:
        case = cases[doc["id"]]
        rules = {p.attrib["value"] for p in case.iter("property") if p.attrib["name"] == "rule"}
        assert rules == set(doc["rules"])
        failure = case.find("failure")
        assert (failure is not None) == (doc["outcome"] == "fail")
        if failure is not None:
            assert failure.attrib["type"] == doc["fault"]
            assert f"--run {doc['id']}" in (failure.text or "") or "--run" in (failure.text or "")
            failed = {p.attrib["value"] for p in case.iter("property") if p.attrib["name"] == "failed-rule"}
            assert failed == set(doc["failed_rules"])
        if doc["outcome"] == "skip":
            assert case.find("skipped") is not None


def test_an_engine_message_that_xml_cannot_hold_is_escaped() -> None:
    from gupai.conformance.cases import Case, CaseResult
    from gupai.conformance.junit import junit_xml
    from gupai.conformance.report import Report

    case = Case("log:kap-shap/valid/x", "valid-log", "kap-shap", "culin", (), 2, ("ks.turn.take",), "conformance/x")
    result = CaseResult(case, "fail", "bad \x00 byte \x1b[31m", fault="wrong", failed_rules=("ks.turn.take",))
    text = junit_xml(Report("engine", {}, (result,)))
    root = ET.fromstring(text)
    check_junit(root)
    assert "\\x00" in text and "\\x1b" in text


def test_a_junit_skip_says_not_supported_once() -> None:
    from gupai.conformance.cases import Case, CaseResult
    from gupai.conformance.junit import junit_xml
    from gupai.conformance.report import Report

    case = Case("scenario:kap-shap/x", "scenario", "kap-shap", "culin", (), 2, ("ks.turn.take",), "features/x")
    said = CaseResult(case, "skip", "not supported by the engine: Then x: needs describe", unasked="describe")
    claims = CaseResult(case, "skip", "needs option take=latest; the engine claims take=any", unasked="claims")
    root = ET.fromstring(junit_xml(Report("engine", {}, (said, claims))))
    skips = [element.attrib["message"] for element in root.iter("skipped")]
    assert skips == [
        "not supported by the engine: Then x: needs describe",
        "not supported by the engine: needs option take=latest; the engine claims take=any",
    ]


def test_compare_lays_two_reports_side_by_side_as_the_ci_page_shows(tmp_path: Path) -> None:
    globs = ("scenario:kap-shap/pairs/*", "log:kap-shap/invalid/ks.tiles.four-two*", "scenario:kap-shap/play-on/*")
    # the first-release engine does not claim stock-out (so play-on is unsupported); four_two_six breaks [4-2]
    frozen, _ = run_engine(tmp_path, "frozen", shlex.join([sys.executable, str(FAKES / "first_release.py")]), *globs)
    broken, _ = run_engine(tmp_path, "broken", shlex.join([sys.executable, str(FAKES / "four_two_six.py")]), *globs)
    (tmp_path / "reference.json").write_text(frozen.read_text())
    (tmp_path / "mine.json").write_text(broken.read_text())
    page = PAGE.read_text(encoding="utf-8")
    commands = [
        line.split("#")[0].strip() for line in page.splitlines() if line.startswith("gupai conformance compare")
    ]
    assert len(commands) == 3
    outputs = {}
    for command in commands:
        ran = gupai(*shlex.split(command)[1:], cwd=tmp_path)
        assert ran.returncode == 0, ran.stderr
        outputs[command] = ran.stdout
    text, as_json, _ = outputs.values()
    matrix = json.loads(as_json)
    labels = [e["label"] for e in matrix["engines"]]
    # two runs of one engine name: told apart by the games they cover (four_two_six plays the Kap games only)
    assert labels[0].startswith("gupai-reference ") and labels[0].endswith(" (kap-shap, kap-tai-shap, tsung-shap)")
    assert labels[1].startswith("gupai-reference ") and labels[1].endswith(" (kap-shap, kap-tai-shap)")
    rows = {row["rule"]: [row["results"][label] for label in labels] for row in matrix["rules"]}
    assert rows["ks.tiles.four-two"][1] == "fail" and rows["ks.tiles.four-two"][0].startswith("pass")
    assert rows["ks.end.stock"][0] == "unsupported"  # the frozen engine does not claim stock-out
    assert rows["ks.end.stock"][1].startswith("pass")
    # a rule none of whose cases the runs held is "not asked", never "pass"
    assert rows["ks.turn.take"] == ["not asked", "not asked"]
    for engine, line in zip(matrix["engines"], text.splitlines()[-2:], strict=True):
        coverage = engine["coverage"]
        # each of the kit's cases of the engine's games counted once
        assert (
            coverage["passed"]
            + coverage["failed"]
            + coverage["known_failures"]
            + coverage["not_supported"]
            + (coverage["not_askable"] + coverage["not_asked"])
            == (coverage["kit_cases"])
        )
        assert coverage["not_asked"] > 400  # the runs held a few dozen of the kit's cases
        assert line == (
            f"{engine['label']}: {coverage['passed']} passed, {coverage['failed']} failed, "
            f"{coverage['not_supported']} not supported, {coverage['not_askable']} not askable, "
            f"{coverage['not_asked']} not asked, "
            f"{coverage['rule_mismatches']} rule mismatches (of {coverage['kit_cases']} cases)"
        )
    page_html = (tmp_path / "matrix.html").read_text()
    assert "<table>" in page_html and "ks.tiles.four-two" in page_html and "<script" not in page_html
    assert "class='fail'>fail</td>" in page_html and "class='unsupported'>unsupported</td>" in page_html
    assert "class='unasked'>not asked</td>" in page_html and "<th scope='row'>not asked</th>" in page_html


def test_compare_refuses_a_file_that_is_not_a_report_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gupai-log"}')
    ran = gupai("conformance", "compare", str(bad))
    assert ran.returncode == 2 and "is not a conformance report" in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and "Traceback" not in ran.stderr


def test_the_ci_page_workflow_is_yaml_and_uses_only_real_options() -> None:
    page = PAGE.read_text(encoding="utf-8")
    (workflow,) = re.findall(r"```yaml\n(.*?)```", page, re.S)
    doc = yaml.safe_load(workflow)
    steps = doc["jobs"]["gupai"]["steps"]
    run = next(step["run"] for step in steps if "conformance run" in str(step.get("run")))
    help_text = gupai("conformance", "run", "--help").stdout
    for option in re.findall(r"--[a-z-]+", run):
        assert option in help_text, option
