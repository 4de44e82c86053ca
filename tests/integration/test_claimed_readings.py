"""An engine that claims its own readings is asked every tile, pair and hand case that does not depend on them.

``tests/fakes/navpil_claims.py`` claims only the values navpil's simulator
plays (written in it: navpil's code, not the kit's presets) and answers
``unsupported`` to any other. The hand and pair scenarios are written under
the culin preset, whose opening, deal, first player, throw-back and
termination navpil plays otherwise; none of those bears on a hand or a
pair. The truth is the feature text: a scenario that sets no option
(no ``the option X is Y`` step, no ``@option:`` tag) must be asked under
navpil's values, and pass; one that sets a value navpil does not play is not
supported, naming that value; none fails.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import jsonschema

from gupai.conformance.cases import Case, CaseResult, collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.report import Report, report_schema
from gupai.conformance.runner import run_cases
from tests.fakes.navpil_claims import CLAIMS

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "navpil_claims.py"
HANDS_AND_PAIRS = tuple(
    f"scenario:{game}/{feature}/*" for game in ("kap-shap", "kap-tai-shap") for feature in ("hands", "pairs")
)


def _set_in_text(case: Case) -> dict[str, str]:
    """The options the scenario's own text sets or tags."""
    assert case.scenario is not None
    found = dict(tag.split("=", 1) for tag in case.scenario.tag_values("option"))
    for step in case.scenario.steps:
        if step.text.startswith("the option "):
            key, value = step.text.removeprefix("the option ").split(" is ", 1)
            found[key] = value
    return found


def test_an_engine_claiming_navpils_values_is_asked_the_hand_and_pair_cases_that_do_not_depend_on_them() -> None:
    cases = select_cases(collect_cases(), run=HANDS_AND_PAIRS)
    assert len(cases) > 150
    with EngineProcess([sys.executable, str(FAKE)], timeout=20, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    assert [(r.case.id, r.message) for r in results if r.outcome == "fail"] == []
    unset = [r for r in results if not _set_in_text(r.case)]
    # Kap Shap's 84 hand and pair scenarios were all "not supported" (issue 37); now every one that sets no option
    # is asked, under navpil's opening (the culin preset's opening=discard is no value navpil plays)
    assert len([r for r in unset if r.case.game == "kap-shap"]) >= 60
    assert [(r.case.id, r.outcome, r.message) for r in unset if r.outcome != "pass"] == []
    assert all(r.notes and r.notes[0].startswith("asked under ") and "opening=draw" in r.notes[0] for r in unset)
    for result in results:
        assert result.case.game is not None
        wanted = {k: v for k, v in _set_in_text(result.case).items() if v not in CLAIMS[result.case.game][k]}
        if wanted:  # it depends on a value navpil does not play: not supported, naming the first of them
            assert result.outcome == "skip" and result.unasked == "claims", result.case.id
            first = next(f"needs option {k}={v}; " for k, v in result.case.options if k in wanted)
            assert result.message.startswith(first), (result.case.id, result.message)


def test_a_case_not_asked_names_the_unclaimed_value_that_decides_not_the_first() -> None:
    """An engine claiming neither eye=identical nor four-two-value=3 (but civil eyes and [4-2] at 6) is not asked
    culin-taken-tile-discarded-after-the-draw: seat 1 declares [5-2]+[4-2] as a ten-pair, 7 + 3, no ten with
    [4-2] at 6; its eye [1-1]+[1-1] is an eye under civil too. So the skip names four-two-value=3, though eye
    comes first among the log's options; a scenario that sets first-player=seat-0 names it, not the eye."""
    from gupai.conformance.cases import Claims, requirement_gap
    from gupai.conformance.readings import reading_for, unasked_gap
    from gupai.conformance.runner import run_scenario

    claims = Claims.from_hello(
        {"games": {"kap-shap": {"options": {"eye": ["civil"], "four-two-value": ["6"], "first-player": ["dice"]}}}}
    )
    log, seat_0 = (
        next(c for c in collect_cases() if c.id == f"{kind}:kap-shap/{name}")
        for kind, name in (
            ("log", "handwritten/culin-taken-tile-discarded-after-the-draw"),
            ("scenario", "deal/without-dice-seat-0-plays-first"),
        )
    )
    for case, decides in ((log, "four-two-value=3"), (seat_0, "first-player=seat-0")):
        assert reading_for(case, claims, run_scenario) is None
        gap = requirement_gap(case, claims)
        assert gap is not None and not gap.startswith(f"needs option {decides}; ")
        assert unasked_gap(case, claims, run_scenario, gap).startswith(f"needs option {decides}; "), case.id


def _run(flag: str) -> list[CaseResult]:
    cases = select_cases(
        collect_cases(), run=("scenario:kap-shap/*", "scenario:kap-tai-shap/*", "scenario:tsung-shap/*")
    )
    with EngineProcess([sys.executable, str(FAKE), flag], timeout=20, start_timeout=60) as engine:
        claims, results, _restarts = run_cases(engine, cases)
        hello = engine.hello
    assert claims.positions("tsung-shap") is (flag != "--full-deals")
    report = Report(f"navpil_claims.py {flag}", hello, tuple(results))
    jsonschema.Draft202012Validator(report_schema()).validate(report.to_json())
    unasked = len([r for r in results if r.unasked == "position"])
    assert report.missing_capabilities().get("position", 0) == unasked
    assert bool(re.search(rf"^  position +{unasked}$", report.text(), re.M)) is bool(unasked)
    return results


def test_an_engine_that_deals_full_games_only_says_so_and_its_position_cases_are_not_supported() -> None:
    """``"position": false`` in ``start``: every scenario that deals a position is not supported, naming it; an
    engine that refuses positions without saying so fails the same scenarios, as before the field existed."""
    said = _run("--full-deals")
    assert [(r.case.id, r.message) for r in said if r.outcome == "fail"] == []
    positions = {r.case.id for r in said if r.outcome == "skip" and r.unasked == "position"}
    assert all("deals a position" in r.message for r in said if r.case.id in positions)
    # navpil's five Tsung Shap position scenarios under its own values (issue 37), and Kap ones
    assert len([case for case in positions if case.startswith("scenario:tsung-shap/")]) >= 5
    assert any(case.startswith("scenario:kap-") for case in positions)
    # the scenarios that deal from an order, or ask a capability, are still asked and pass
    assert any(r.outcome == "pass" and r.case.game == "tsung-shap" for r in said)
    silent = _run("--full-deals-silent")
    failed = {r.case.id for r in silent if r.outcome == "fail"}
    assert failed == positions
    assert all("cannot start from a position" in r.message for r in silent if r.case.id in failed)
