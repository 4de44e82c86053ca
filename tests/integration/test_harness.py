"""The conformance harness: the reference passes everything; each broken fake engine is caught, exactly.

The self-test runs every case against ``gupai engine`` as a process (the full
run is also ``make conformance``). The fakes in ``tests/fakes/`` each break
one thing; the tests below prove the harness reports it against the right
cases, with the right fault, and keeps going.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from gupai.cli import main
from gupai.conformance import report as report_module
from gupai.conformance.cases import Case, CaseResult, Claims, collect_cases, requirement_gap, select_cases
from gupai.conformance.gherkin import FeatureError, load_features, parse_feature
from gupai.conformance.process import EngineProcess, HarnessError
from gupai.conformance.report import Report, apply_known_failures, parse_known_failures, report_schema
from gupai.conformance.runner import run_cases
from gupai.conformance.steps.registry import BINDINGS, match_step
from gupai.core.resources import data_dir
from gupai.protocol.schema import CAPABILITY_COMMANDS

FAKES = Path(__file__).resolve().parents[1] / "fakes"
REFERENCE = [sys.executable, "-m", "gupai.protocol.server"]
ALL_CASES = collect_cases()


def fake(name: str) -> list[str]:
    return [sys.executable, str(FAKES / f"{name}.py")]


def run(command: Sequence[str], *globs: str, timeout: float = 10.0) -> tuple[list[CaseResult], int, float]:
    """Run the harness over the cases matching ``globs``: (results, restarts, seconds)."""
    cases = select_cases(ALL_CASES, run=globs)
    assert cases, f"no case matches {globs}"
    started = time.monotonic()
    with EngineProcess(list(command), timeout=timeout, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, cases)
    return results, restarts, time.monotonic() - started


def by_outcome(results: Sequence[CaseResult], outcome: str) -> list[CaseResult]:
    return [r for r in results if r.outcome == outcome]


# ------------------------------------------------------------- the features
def test_the_gherkin_reader_reads_every_feature_as_the_official_parser_does() -> None:
    root = data_dir("features")
    for path in sorted(root.rglob("*.feature")):
        relative = path.relative_to(root).as_posix()
        document: Any = dict(Parser().parse(path.read_text(encoding="utf-8")))
        document["uri"] = relative
        pickles: list[Any] = list(Compiler().compile(document))
        ours = parse_feature(path.read_text(encoding="utf-8"), path=relative)
        assert len(ours) == len(pickles), relative
        for pickle, scenario in zip(pickles, ours, strict=True):
            assert scenario.name == pickle["name"]
            assert list(scenario.tags) == [tag["name"][1:] for tag in pickle["tags"]]
            expected = []
            for step in pickle["steps"]:
                argument: Any = step.get("argument", {})
                table = argument.get("dataTable")
                rows = tuple(tuple(c["value"] for c in r["cells"]) for r in table["rows"]) if table else None
                doc = argument.get("docString", {}).get("content")
                expected.append((step["text"], rows, doc))
            assert [(s.text, s.datatable, s.docstring) for s in scenario.steps] == expected, scenario.name


def test_every_step_of_every_feature_has_exactly_one_binding() -> None:
    unbound, ambiguous = set(), set()
    for scenario in load_features(data_dir("features")):
        for step in scenario.steps:
            where = f"{scenario.path}:{step.line}: {step.keyword} {step.text}"
            if match_step(step) is None:
                unbound.add(where)
            matching = [b for b in BINDINGS if b.kind == step.kind and b.pattern.fullmatch(step.text)]
            if len(matching) > 1:
                ambiguous.add(f"{where}: {[b.pattern.pattern for b in matching]}")
    assert not unbound, "\n".join(sorted(unbound))
    assert not ambiguous, "\n".join(sorted(ambiguous))


def test_every_step_pattern_is_written_once() -> None:
    patterns = [(b.kind, b.pattern.pattern) for b in BINDINGS]
    assert len(patterns) == len(set(patterns))


def test_the_gherkin_reader_expands_outlines_with_examples_tags_and_doc_strings() -> None:
    text = (
        "@feature-tag\nFeature: f\n  Background:\n    Given the game kap-shap\n\n"
        '  Scenario Outline: o\n    Then <a> is <b>\n      """\n      <a>\n      """\n\n'
        "    @rows\n    Examples: named\n      | a | b |\n      | 1 | x\\|y |\n      | 2 | z |\n"
    )
    first, second = parse_feature(text, path="f.feature")
    assert first.tags == ("feature-tag", "rows") and first.example == 1 and second.example == 2
    assert [s.text for s in first.steps] == ["the game kap-shap", "1 is x|y"] and first.steps[1].docstring == "1"
    assert dict(second.row) == {"a": "2", "b": "z"}


def test_a_feature_the_gherkin_parser_cannot_read_is_one_error_naming_the_file() -> None:
    with pytest.raises(FeatureError, match=r"^bad\.feature: \(4:") as raised:
        parse_feature("Feature: f\n  Scenario: s\n    Given x\n  Scenario Outline\n", path="bad.feature")
    assert "\n" not in raised.value.message


# ------------------------------------------------------------------- cases
def test_cases_cover_every_feature_scenario_and_every_conformance_log_with_unique_ids() -> None:
    ids = [case.id for case in ALL_CASES]
    assert len(ids) == len(set(ids))
    logs = sorted(data_dir("conformance").rglob("*.json"))
    assert sum(case.kind != "scenario" for case in ALL_CASES) == len(logs)
    assert sum(case.kind == "scenario" for case in ALL_CASES) == len(load_features(data_dir("features")))
    invalid = [case for case in ALL_CASES if case.kind == "invalid-log"]
    assert all(
        case.rules == (Path(str(case.path)).name.split("--")[0],) for case in invalid if "schema--" not in case.id
    )


def test_globs_select_by_case_id_or_rule_id_and_game() -> None:
    chosen = select_cases(ALL_CASES, run=["ks.turn.take"])
    assert chosen and all("ks.turn.take" in case.rules for case in chosen)
    tsung = select_cases(ALL_CASES, game="tsung-shap", skip=["scenario:*"])
    assert tsung and {case.game for case in tsung} == {"tsung-shap"}
    assert not select_cases(
        ALL_CASES,
        run=["log:kap-shap/valid/*"],
        skip=["*culin*", "*pagat*", "*celko*", "*crook*", "*site*", "*latest*", "*one-tile*", "*navpil*"],
    )
    with pytest.raises(HarnessError, match="unknown game"):
        select_cases(ALL_CASES, game="chess")


def test_a_case_needing_an_unclaimed_reading_or_seat_count_is_skipped_with_the_reason() -> None:
    claims = Claims.from_hello(
        {"games": {"kap-tai-shap": {"options": {"take": ["any", "latest"]}, "players": {"min": 2, "max": 4}}}}
    )
    case = next(c for c in ALL_CASES if c.id == "log:kap-tai-shap/valid/celko-10p-greedy-seed1")
    assert requirement_gap(case, claims) is not None
    ten = Case(
        case.id, case.kind, case.game, case.preset, tuple((k, v) for k, v in case.options if k == "take"), 10, (), ""
    )
    assert requirement_gap(ten, claims) == "needs 10 players; the engine seats 2 to 4"
    too_many = Case("x", "invalid-log", "kap-tai-shap", "culin", (), 41, (), "")
    assert requirement_gap(too_many, claims) is None  # beyond the rules: the engine must refuse it
    assert (
        requirement_gap(next(c for c in ALL_CASES if c.game == "tsung-shap"), claims)
        == "the engine does not claim tsung-shap"
    )


# ---------------------------------------------------------- the self-test
@pytest.fixture(scope="module")
def self_test() -> tuple[list[CaseResult], dict[str, Any], Report]:
    started = time.monotonic()
    with EngineProcess(REFERENCE, timeout=30, start_timeout=60) as engine:
        _claims, results, restarts = run_cases(engine, ALL_CASES)
        hello = dict(engine.hello)
    games = ("kap-shap", "kap-tai-shap", "tsung-shap")
    report = Report("gupai engine", hello, tuple(results), restarts, time.monotonic() - started, games)
    return results, hello, report


@pytest.mark.slow
def test_the_reference_engine_passes_every_case_it_can_be_asked(
    self_test: tuple[list[CaseResult], dict[str, Any], Report],
) -> None:
    results, _, report = self_test
    failed = [f"{r.case.id}: {r.message}" for r in by_outcome(results, "fail")]
    assert not failed, "\n".join(failed)
    assert report.exit_status == 0 and report.restarts == 0
    kinds = {kind: [r for r in results if r.case.kind == kind] for kind in ("scenario", "valid-log", "invalid-log")}
    assert all(r.outcome == "pass" for r in kinds["valid-log"])
    match = "a match game begun against"  # the referee's check across games (gupai.games.match)
    assert all(
        r.outcome == "pass" or "schema--" in r.case.id or r.message.startswith(match) for r in kinds["invalid-log"]
    )
    assert all(r.outcome == "pass" for r in kinds["scenario"]), "every scenario of features/ is asked"


def test_only_logs_the_schema_rejects_are_not_askable_and_they_are_under_3_percent(
    self_test: tuple[list[CaseResult], dict[str, Any], Report],
) -> None:
    results, hello, _ = self_test
    assert set(hello["capabilities"]) >= set(CAPABILITY_COMMANDS) | {"distance"}
    skipped = by_outcome(results, "skip")
    why = ("a log the schema rejects", "a match game begun against")  # the latter: an engine sees one game
    assert all(r.case.kind == "invalid-log" and r.message.startswith(why) for r in skipped)
    # under 3%: the schema's few, and the match record's checks (the validator's: 17 logs, 2% of the 749 cases)
    assert 0 < len(skipped) <= 0.03 * len(results)


def test_a_v1_engine_runs_and_the_steps_it_cannot_answer_name_the_capability() -> None:
    results, restarts, _ = run(
        fake("no_capabilities"), "scenario:tiles/*", "scenario:kap-shap/pairs/*", "scenario:kap-shap/hands/*", TURNS
    )
    assert restarts == 0 and not by_outcome(results, "fail")
    unsupported = by_outcome(results, "skip")
    assert unsupported and all(r.message.startswith("not supported by the engine: ") for r in unsupported)
    assert {r.unasked for r in unsupported} <= set(CAPABILITY_COMMANDS) | {"distance"}
    assert {"describe", "read_tile", "tile_value", "pair", "evaluate_hand"} <= {r.unasked for r in unsupported}
    assert all(r.outcome == "pass" for r in results if r.case.id.startswith("scenario:kap-shap/turns/"))


def test_an_engine_that_lists_a_legal_move_twice_is_caught() -> None:
    results, _, _ = run(fake("lists_a_move_twice"), "log:kap-shap/valid/culin-2p-*", "scenario:kap-shap/turns/*")
    failed = by_outcome(results, "fail")
    assert {r.case.kind for r in failed} == {"valid-log", "scenario"}
    assert all("more than once: each legal move is listed once" in r.message for r in failed)
    logs = [r for r in failed if r.case.kind == "valid-log"]
    assert all(set(r.failed_rules) <= {"ks.turn.take", "ks.turn.discard", "ks.turn.draw", "ks.declare"} for r in logs)


def test_the_report_is_schema_valid_json_with_every_rule_and_a_badge(
    self_test: tuple[list[CaseResult], dict[str, Any], Report],
) -> None:
    _, _, report = self_test
    document = report.to_json()
    jsonschema.Draft202012Validator(report_schema()).validate(document)
    on_disk = json.loads((data_dir("schemas") / "conformance-report.schema.json").read_text(encoding="utf-8"))
    assert on_disk == report_schema() and report_module.main([]) == 0
    statuses = {rule["rule"]: rule["status"] for rule in document["rules"]}
    assert statuses["ks.turn.take"] == "pass" and statuses["kts.tiles.four-two"] == "pass"
    assert {"ks.ante", "ts.sweep", "kts.equipment.sets"} <= statuses.keys()
    assert {"kap-shap", "kap-tai-shap", "tsung-shap"} <= {group["game"] for group in document["games"]}
    badge = report.badge()
    assert badge["schemaVersion"] == 1 and badge["color"] == "brightgreen"
    summary = document["summary"]
    # not askable: 3 logs the schema rejects, 17 whose match record is wrong (the referee's check: an engine sees one game)
    assert badge["message"] == f"{summary['passed']} passed · 20 not asked" and "/" not in badge["message"]
    assert (summary["not_supported"], summary["not_askable"]) == (0, 20) and document["engine"][
        "missing_capabilities"
    ] == {}
    text = report.text()
    assert "0 failed, 0 not supported by the engine, 20 not askable" in text
    assert "Rules" in text and "Games and presets" in text


def test_a_report_of_one_game_lists_only_its_rules_and_counts_unasked_cases_by_capability() -> None:
    tiles = next(c for c in ALL_CASES if c.id.startswith("scenario:tiles/"))
    pair = next(c for c in ALL_CASES if c.id.startswith("scenario:kap-shap/pairs/"))
    turn = next(c for c in ALL_CASES if c.id.startswith("scenario:kap-shap/turns/"))
    results = (
        CaseResult(tiles, "skip", "not supported by the engine: ...", unasked="describe"),
        CaseResult(pair, "skip", "not supported by the engine: ...", unasked="pair"),
        CaseResult(turn, "pass"),
    )
    report = Report("cmd", {"capabilities": []}, results, games=("kap-shap",))
    assert all(status.rule.startswith("ks.") for status in report.rules())
    assert "tiles" not in {group["game"] for group in report.by_game()}  # (none of them asked)
    assert report.missing_capabilities() == {"describe": 1, "pair": 1}
    assert report.badge()["message"] == "1 passed · 2 not asked"
    assert "describe" in report.text() and "2 not supported by the engine, 0 not askable" in report.text()


# ------------------------------------------------------------------ fakes
TURNS = "scenario:kap-shap/turns/*"


def test_an_engine_that_always_answers_wrong_fails_every_case_it_is_asked() -> None:
    results, restarts, _ = run(
        fake("always_wrong"), TURNS, "log:kap-shap/valid/culin-2p-*", "log:kap-shap/invalid/ks.turn.*"
    )
    assert not by_outcome(results, "pass") and not by_outcome(results, "skip")
    assert {r.fault for r in results} == {"wrong"} and restarts == 0
    take = next(r for r in results if r.case.id.endswith("any-face-up-discard-may-be-taken-or-the-player-draws"))
    # one rule, its first failing assertion's: the first legal move the message names missing is the draw
    assert "the legal moves are none; missing draw, take" in take.message and take.failed_rules == ("ks.turn.shape",)


@pytest.mark.slow
def test_an_engine_that_crashes_is_reported_per_case_with_its_stderr_and_restarted() -> None:
    results, restarts, _ = run(
        fake("crashes"),
        "scenario:kap-shap/turns/the-first-player-opens*",
        "log:kap-shap/valid/culin-2p-greedy*",
        "log:kap-shap/invalid/ks.turn.take--took-a-tile-not*",
    )
    assert [r.fault for r in results] == ["crash"] * 3 and restarts == 2
    assert all("crashed (status 1) instead of answering new_game" in r.message for r in results)
    assert all("the fake engine crashes on purpose" in r.message for r in results)


@pytest.mark.slow
def test_an_engine_that_hangs_times_out_per_case_and_the_harness_goes_on() -> None:
    results, restarts, seconds = run(
        fake("hangs"),
        "scenario:kap-shap/turns/the-first-player-opens*",
        "log:kap-shap/valid/culin-2p-greedy*",
        timeout=0.3,
    )
    assert [r.fault for r in results] == ["timeout", "timeout"] and restarts == 1
    assert all(r.message == "no answer to new_game within 0.3 s" for r in results)
    assert seconds < 20


@pytest.mark.parametrize(
    ("name", "fault", "fragment"),
    [
        (
            "garbage",
            "garbage",
            "answer to state is not JSON: Expecting value at line 1 column 1: 'state: all is well {not json'",
        ),
        ("schema_invalid", "schema", "breaks the protocol schema"),
        ("exits_early", "exit", "the engine exited (status 0) instead of answering apply"),
    ],
)
def test_garbage_schema_breaking_and_early_exits_are_faults_of_their_own(name: str, fault: str, fragment: str) -> None:
    results, restarts, _ = run(
        fake(name), "scenario:kap-shap/turns/the-first-player-opens*", "scenario:kap-shap/turns/nothing-follows*"
    )
    assert [r.fault for r in results] == [fault, fault] and restarts == 1
    assert all(fragment in r.message for r in results)


def test_an_engine_that_cannot_start_is_a_harness_error() -> None:
    with (
        EngineProcess(fake("never_starts"), timeout=2, start_timeout=30) as engine,
        pytest.raises(HarnessError, match="no licence key"),
    ):
        run_cases(engine, ALL_CASES[:1])
    with EngineProcess(["/nonexistent/engine"], timeout=2) as engine, pytest.raises(HarnessError, match="cannot run"):
        run_cases(engine, ALL_CASES[:1])


# -------------------------------------------------------------------- CLI
def test_cli_dump_tests_lists_cases_as_json_without_an_engine() -> None:
    result = CliRunner().invoke(main, ["conformance", "run", "--dump-tests", "--run", "ks.turn.take"])
    assert result.exit_code == 0
    cases = json.loads(result.output)
    assert cases and all("ks.turn.take" in case["rules"] for case in cases)
    invalid = next(case for case in cases if case["kind"] == "invalid-log")
    assert invalid["expect"]["refuse"] == "event" and invalid["expect"]["rule"] == "ks.turn.take"
    scenario = next(case for case in cases if case["kind"] == "scenario")
    assert scenario["scenario"]["steps"][0]["text"] == "the game kap-shap with preset culin"


def test_cli_exit_status_2_for_usage_errors_and_an_engine_that_cannot_start() -> None:
    runner = CliRunner()
    no_engine = runner.invoke(main, ["conformance", "run"])
    assert no_engine.exit_code == 2 and "--engine" in no_engine.output
    never = runner.invoke(main, ["conformance", "run", "--engine", " ".join(fake("never_starts")), "--run", TURNS])
    assert never.exit_code == 2 and "could not start" in never.output


@pytest.mark.slow
def test_cli_reports_json_badge_and_known_failures(tmp_path: Path) -> None:
    runner = CliRunner()
    engine = " ".join(fake("always_wrong"))
    known = tmp_path / "known.txt"
    known.write_text("# all of them, for now\nscenario:kap-shap/turns/*\n", encoding="utf-8")
    report_file, badge_file, failures_file = tmp_path / "r.json", tmp_path / "b.json", tmp_path / "f.txt"
    args = ["conformance", "run", "--engine", engine, "--run", TURNS, "--json", "--report", str(report_file)]
    args += ["--badge", str(badge_file), "--write-known-failures", str(failures_file)]
    failing = runner.invoke(main, args)
    assert failing.exit_code == 1
    document = json.loads(failing.output)
    assert document == json.loads(report_file.read_text(encoding="utf-8"))
    assert document["summary"]["failed"] == document["summary"]["cases"] > 0
    assert json.loads(badge_file.read_text(encoding="utf-8"))["color"] == "red"
    assert failures_file.read_text(encoding="utf-8").splitlines() == [case["id"] for case in document["cases"]]
    tracked = runner.invoke(main, [*args[:-6], "--known-failures", str(known)])
    assert tracked.exit_code == 0
    assert json.loads(tracked.output)["summary"]["known_failures"] == document["summary"]["cases"]
    reference = " ".join(REFERENCE)
    fixed = runner.invoke(
        main, ["conformance", "run", "--engine", reference, "--run", TURNS, "--known-failures", str(known)]
    )
    assert fixed.exit_code == 0
    assert "Known failures that now pass" in fixed.output and "remove them" in fixed.output


def test_known_failures_and_text_report_for_a_mixed_run() -> None:
    case = next(c for c in ALL_CASES if c.id.startswith("log:kap-shap/valid/"))
    results = [CaseResult(case, "fail", "wrong", fault="wrong", failed_rules=("ks.turn.take",))]
    entries = parse_known_failures("ks.turn.take  # tracked\n")
    marked = apply_known_failures(results, entries)
    assert marked[0].known and Report("cmd", {}, tuple(marked)).exit_status == 0
    rules = {s.rule: s.status for s in Report("cmd", {}, tuple(marked)).rules()}
    assert rules["ks.turn.take"] == "known"
    assert Report("cmd", {}, tuple(results)).exit_status == 1
    assert re.search(r"ks\.turn\.take\s+FAIL", Report("cmd", {}, tuple(results)).text())


def test_make_bench_has_a_protocol_section() -> None:
    from tools.bench import SECTIONS
    from tools.bench_protocol import protocol_section  # (its module registers it, as main() imports it)

    assert SECTIONS.get("protocol") is protocol_section

    assert "protocol" in SECTIONS and "self-test" in (SECTIONS["protocol"].__doc__ or "")


def test_the_readmes_sample_run_is_a_real_run(self_test: tuple[list[CaseResult], dict[str, Any], Report]) -> None:
    """Every line of the README's sample conformance run (but its seconds) is a line of the self-test's report, in order."""
    _, _, report = self_test
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    sample = readme.split('$ gupai conformance run --engine "gupai engine" --badge badge.json\n', 1)[1]
    output, badge = sample.split("```", 1)[0].split("$ cat badge.json\n")
    seconds = re.compile(r" in [0-9.]+ s;")
    lines = [seconds.sub(" in S s;", line) for line in report.text().splitlines()]
    position = 0
    for line in output.splitlines():
        if line.strip() in ("", "..."):
            continue
        assert seconds.sub(" in S s;", line) in lines[position:], f"README's sample: {line!r} is not in a real run"
        position = lines.index(seconds.sub(" in S s;", line), position) + 1
    assert json.loads(badge) == report.badge()
