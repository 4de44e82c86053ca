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

import sys
from pathlib import Path

from gupai.conformance.cases import Case, collect_cases, select_cases
from gupai.conformance.process import EngineProcess
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
        wanted = {k: v for k, v in _set_in_text(result.case).items() if v not in CLAIMS[result.case.game][k]}
        if wanted:  # it depends on a value navpil does not play: not supported, naming one of them
            assert result.outcome == "skip" and result.unasked == "claims", result.case.id
            assert any(f"needs option {k}={v}" in result.message for k, v in wanted.items()), result.message
