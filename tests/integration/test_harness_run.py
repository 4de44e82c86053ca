"""The harness run itself: attribution of a failure to the rule it breaks, a duplicate answer, the
display on a terminal and off it, the command that reruns one case, and the timeout budget.

Each test runs a handful of cases against a fake engine of ``tests/fakes`` (see test_harness.py).
"""

from __future__ import annotations

import io
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.cli.conformance import painter
from gupai.conformance.cases import CaseResult, collect_cases, not_run, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.report import Report
from gupai.conformance.runner import run_cases

FAKES = Path(__file__).resolve().parents[1] / "fakes"
ALL_CASES = collect_cases()
OPENS = "scenario:kap-shap/turns/the-first-player-opens-with-a-discard-only"
FIVE_RULES = "scenario:kap-shap/turns/under-discard-draw-discard-the-first-player-draws-after-the-opening-discard-and-*"


def fake(name: str) -> list[str]:
    return [sys.executable, str(FAKES / f"{name}.py")]


def run(command: Sequence[str], *globs: str, timeout: float = 10.0) -> list[CaseResult]:
    cases = select_cases(ALL_CASES, run=globs)
    assert cases, f"no case matches {globs}"
    with EngineProcess(list(command), timeout=timeout, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    return results


# ---------------------------------------------------------------- attribution
def test_a_failing_scenario_counts_against_the_rule_of_its_failing_step_not_every_tag() -> None:
    results = run(fake("always_wrong"), OPENS, FIVE_RULES)
    opens, five = sorted(results, key=lambda r: len(r.case.rules))
    assert opens.case.rules == ("ks.opening", "ks.turn.order") and opens.outcome == "fail"
    assert "the legal moves are" in opens.message and opens.failed_rules == ("ks.opening",)
    assert len(five.case.rules) == 5 and five.outcome == "fail"
    assert "ks.settle" not in five.failed_rules and "ks.ante" not in five.failed_rules
    statuses = {s.rule: s.status for s in Report("x", {}, tuple(results), games=("kap-shap",)).rules()}
    assert statuses["ks.opening"] == "fail"
    assert statuses["ks.turn.order"] != "fail" and statuses["ks.settle"] != "fail" and statuses["ks.ante"] != "fail"


def test_an_invalid_log_broken_before_its_fault_counts_against_the_rule_actually_broken() -> None:
    # The fake lists a legal move twice: every invalid log whose fault comes after a move fails early,
    # against the rule of the move listed twice, not against the rule its file name gives.
    results = run(fake("lists_a_move_twice"), "log:kap-shap/invalid/ks.settle--*", "log:kap-shap/invalid/ks.end.win--*")
    failed = [r for r in results if r.outcome == "fail"]
    assert failed and all("more than once" in r.message for r in failed)
    for result in failed:
        assert not set(result.failed_rules) & set(result.case.rules), result.case.id
        assert set(result.failed_rules) <= {"ks.turn.take", "ks.turn.discard", "ks.turn.draw", "ks.declare"}
    statuses = {s.rule: s.status for s in Report("x", {}, tuple(results), games=("kap-shap",)).rules()}
    assert statuses["ks.settle"] != "fail" and statuses["ks.end.win"] != "fail"


# ------------------------------------------------------------ a duplicate answer
def test_an_engine_that_answers_a_request_twice_is_blamed_for_the_duplicate_answer() -> None:
    results = run(fake("answers_twice"), OPENS, "log:kap-shap/valid/culin-2p-greedy*")
    assert [r.outcome for r in results] == ["fail", "fail"]
    for result in results:
        assert result.fault == "schema"
        assert "the engine answered the apply request (id " in result.message
        assert "twice: each request gets one answer" in result.message
        assert "the answer's id is" not in result.message  # not blamed on the request whose answer was due


# ------------------------------------------------------------------- the CLI
def test_each_failure_is_followed_by_the_command_that_reruns_exactly_that_case() -> None:
    engine = shlex.join(fake("always_wrong"))
    result = CliRunner().invoke(main, ["conformance", "run", "--engine", engine, "--run", OPENS, "--timeout", "5"])
    assert result.exit_code == 1
    reruns = [line.strip().removeprefix("rerun: ") for line in result.output.splitlines() if "rerun: " in line]
    assert reruns == [f"gupai conformance run --engine '{engine}' --run {OPENS} --timeout 5"]
    words = shlex.split(reruns[0])
    assert words[:3] == ["gupai", "conformance", "run"]
    listed = CliRunner().invoke(main, [*words[1:], "--dump-tests"])
    assert [case["id"] for case in json.loads(listed.output)] == [OPENS]
    assert "\x1b[" not in result.output  # not a terminal: no colour


def test_colour_only_on_a_terminal_and_never_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    paint = painter(Terminal())
    assert paint is not None and paint("FAIL", "fail") != "FAIL" and "FAIL" in paint("FAIL", "fail")
    assert painter(io.StringIO()) is None
    monkeypatch.setenv("NO_COLOR", "1")
    assert painter(Terminal()) is None


@pytest.mark.slow
def test_consecutive_timeouts_stop_the_run_with_one_line_and_exit_status_1() -> None:
    engine = shlex.join(fake("hangs"))
    args = ["conformance", "run", "--engine", engine, "--run", "scenario:kap-shap/turns/*", "--timeout", "0.2"]
    result = CliRunner().invoke(main, [*args, "--max-timeouts", "2", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    cases = report["cases"]
    assert [c["fault"] for c in cases] == ["timeout"] * len(cases) and len(cases) > 3
    assert all(c["message"].startswith("no answer to new_game within 0.2 s") for c in cases[:2])
    assert all(c["message"].startswith("not run: the engine timed out on 2 cases in a row") for c in cases[2:])
    said = [line for line in result.stderr.splitlines() if "stopped" in line]
    assert said == [
        f"gupai conformance: stopped after 2 cases in a row timed out (--max-timeouts); {len(cases) - 2} cases not run"
    ]


def test_the_start_timeout_is_honoured_as_given() -> None:
    # `sleep` never answers the handshake: the run fails to start after the start timeout given, exit 2.
    args = ["conformance", "run", "--engine", "sleep 30", "--run", OPENS, "--start-timeout", "0.4"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "the engine could not start: no answer to start within 0.4 s" in result.output


def test_a_run_stopped_by_timeouts_is_one_line_in_the_text_report() -> None:
    case = next(c for c in ALL_CASES if c.id == OPENS)
    stopped = "not run: the engine timed out on 3 cases in a row, so the run stopped"
    results = (
        CaseResult(case, "fail", "no answer to new_game within 1 s", fault="timeout"),
        *(CaseResult(case, "fail", stopped, fault="timeout") for _ in range(4)),
    )
    assert [not_run(r) for r in results] == [False, True, True, True, True]
    text = Report("x", {}, results).text()
    assert text.count("rerun: ") == 1 and text.count(stopped) == 0
    assert "Stopped: the engine timed out on 3 cases in a row, so the run stopped; 4 cases not run" in text


# ------------------------------------------------------- the documented formats
HARNESS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "engine" / "harness.md"


def _results(passed: int, failed: int, known: int, unsupported: int, unaskable: int) -> tuple[CaseResult, ...]:
    case = ALL_CASES[0]
    return (
        *(CaseResult(case, "pass") for _ in range(passed)),
        *(CaseResult(case, "fail", "x", fault="wrong") for _ in range(failed)),
        *(CaseResult(case, "fail", "x", fault="wrong", known=True) for _ in range(known)),
        *(CaseResult(case, "skip", "x", unasked="describe") for _ in range(unsupported)),
        *(CaseResult(case, "skip", "x", unasked="askable") for _ in range(unaskable)),
    )


def test_the_badge_and_summary_examples_of_the_harness_page_are_what_the_report_writes() -> None:
    text = HARNESS_PAGE.read_text(encoding="utf-8")
    badges = [json.loads(line) for line in text.splitlines() if line.startswith('{"schemaVersion"')]
    summaries = [line for line in text.splitlines() if line.endswith("engine restarts") and line[0].isdigit()]
    assert len(badges) == 3 and len(summaries) == 2
    reference = Report("x", {}, _results(497, 0, 0, 0, 3), seconds=61.2)
    version_1 = Report("x", {}, _results(380, 0, 2, 115, 3), seconds=58.0)
    failing = Report("x", {}, _results(120, 13, 0, 65, 0))
    assert badges == [reference.badge(), version_1.badge(), failing.badge()]
    assert summaries == [reference.text().splitlines()[-1], version_1.text().splitlines()[-1]]
