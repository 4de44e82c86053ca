"""Versions: the log format and the protocol stay version 1 as options are added.

The truth here is the kit's own past: the valid logs of the first corpus
release (``fixtures/first-corpus``, copied from git history unchanged) and an
engine frozen at the first protocol release (``tests/fakes/first_release.py``,
claiming only that release's options).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gupai.conformance.cases import Claims, collect_cases, select_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases
from gupai.conformance.versions import UnclaimedOptionError, options_for
from gupai.core.errors import OptionError
from gupai.core.options import read_options
from gupai.core.spec import game_spec, games
from gupai.log.play import play_game
from gupai.log.validate import validate_log
from gupai.protocol.server import ReferenceEngine

FIXTURES = Path(__file__).parent / "fixtures" / "first-corpus"
FAKES = Path(__file__).resolve().parents[1] / "fakes"
FIRST_OPTIONS: dict[str, dict[str, list[str]]] = json.loads((FIXTURES / "options.json").read_text())


def first_corpus() -> list[tuple[str, dict[str, Any]]]:
    names = (FIXTURES / "valid-logs.txt").read_text().split()
    with gzip.open(FIXTURES / "valid-logs.jsonl.gz", "rt", encoding="utf-8") as handle:
        docs = [json.loads(line) for line in handle]
    assert len(names) == len(docs) == 74
    return list(zip(names, docs, strict=True))


def test_every_valid_log_of_the_first_corpus_release_validates_unchanged() -> None:
    """Every one validates: those of pair-set=printed with four-two-value=6 are read as format 1 read them
    (tests/integration/test_contract.py holds the reading and the note)."""
    refused = {name: [str(i) for i in validate_log(doc)] for name, doc in first_corpus()}
    assert {name: issues for name, issues in refused.items() if issues} == {}


def test_the_first_corpus_names_no_option_added_since_and_uses_retired_values() -> None:
    """The fixture is what it claims: logs from before stock-out, lone-score and lay-again, some with retired values."""
    later = {(g, o.key) for g in games() for o in game_spec(g).options if o.since is not None}
    assert later  # the kit has options added since
    lone_values = set()
    for _name, doc in first_corpus():
        assert not {(doc["game"], key) for key in doc["options"]} & later
        lone_values.add(doc["options"].get("lone-tile"))
    assert {"pair-sweep", "sweep"} <= lone_values


def test_every_option_added_after_version_1_is_exactly_what_the_first_release_lacked() -> None:
    for game in games():
        first = FIRST_OPTIONS[game]
        for option in game_spec(game).options:
            assert (option.since is None) == (option.key in first), (game, option.key)
            if option.since is not None:
                assert option.absent in option.values
            else:  # a version 1 option keeps every value it had, or says what a retired one means
                retired = {entry.value for entry in option.retired}
                assert set(first[option.key]) <= set(option.values) | retired, (game, option.key)


def test_a_log_may_leave_out_a_later_option_and_it_then_means_its_old_reading() -> None:
    # Under stock-out=play-on a game goes on past the stock with passes; the old reading (end) has no pass.
    log = _pass_game()
    assert validate_log(log) == []
    del log["options"]["stock-out"]
    assert [issue.rule for issue in validate_log(log)] == ["ks.end.stock"]
    ended = play_game("kap-shap", seed=1, preset="one-tile")
    del ended["options"]["stock-out"]
    assert validate_log(ended) == []


def test_a_log_leaving_out_a_version_1_option_is_refused_by_the_schema() -> None:
    log = play_game("kap-shap", seed=1)
    del log["options"]["take"]
    issues = validate_log(log)
    assert [(issue.pointer, issue.rule) for issue in issues] == [("/options", None)]
    assert "'take' is a required property" in issues[0].message


def test_a_retired_value_reads_as_the_options_it_stands_for_and_refuses_a_contradiction() -> None:
    opts = read_options("tsung-shap", {"lone-tile": "sweep", "sweep-score": "replace"})
    assert (opts["lone-tile"], opts["lone-score"]) == ("pair-or-ten", "sweep")
    with pytest.raises(OptionError, match="means lone-score=capture-and-sweep, not lone-score=capture"):
        read_options("tsung-shap", {"lone-tile": "pair-sweep", "sweep-score": "add", "lone-score": "capture"})


def _pass_game() -> dict[str, Any]:
    """A seeded one-tile game under stock-out=play-on that reaches a pass."""
    for seed in range(1, 40):
        log = play_game("kap-shap", seed=seed, preset="one-tile", overrides={"stock-out": "play-on"})
        if any(event["type"] == "pass" for event in log["events"]):
            return log
    raise AssertionError("no seeded one-tile game passed")


def test_the_reference_engine_reads_a_request_without_a_later_option_as_its_old_reading() -> None:
    log = _pass_game()
    at = next(i for i, event in enumerate(log["events"]) if event["type"] == "pass")
    for options, verdict in (
        (log["options"], "ok"),
        ({k: v for k, v in log["options"].items() if k != "stock-out"}, None),
    ):
        engine = ReferenceEngine()
        engine.handle({"id": 0, "cmd": "start", "protocol": 1})
        deal = {"order": log["deal"]["order"], "dice": log["deal"]["dice"]}
        request = {"cmd": "new_game", "game": "kap-shap", "options": options, "players": 2, "sets": 1, "deal": deal}
        assert engine.handle({"id": 1, **request})["answer"] == "ok"
        for event in log["events"][:at]:
            action = {k: v for k, v in event.items() if not (event["type"] == "draw" and k == "tile")}
            assert engine.handle({"id": 2, "cmd": "apply", "action": action})["answer"] == "ok", event
        answer = engine.handle({"id": 3, "cmd": "check", "action": log["events"][at]})
        if verdict == "ok":
            assert answer["answer"] == "ok"
        else:  # stock-out left out: the old reading, the game ended with the stock
            assert answer["answer"] == "illegal"
            assert engine.handle({"id": 4, "cmd": "state"})["state"]["terminal"] is True


def test_the_harness_sends_a_later_option_only_to_an_engine_that_claims_it() -> None:
    old = Claims.from_hello({"games": {"tsung-shap": {"options": FIRST_OPTIONS["tsung-shap"]}}})
    new = Claims.from_hello({"games": {"tsung-shap": {"options": {"lay-again": ["clear", "any-capture"]}}}})
    full = read_options("tsung-shap", {}).as_dict()
    assert set(options_for(old, "tsung-shap", full)) == set(FIRST_OPTIONS["tsung-shap"])
    unclaimed = {o.key for o in game_spec("tsung-shap").options if o.since is not None} - {"lay-again"}
    assert "lone-score" in unclaimed
    assert set(options_for(new, "tsung-shap", full)) == set(full) - unclaimed
    with pytest.raises(UnclaimedOptionError, match="does not claim lay-again"):
        options_for(old, "tsung-shap", {**full, "lay-again": "any-capture"})
    assert old.values("tsung-shap", "lay-again") == ("clear",)


def test_the_protocol_page_lists_every_option_added_later_with_its_old_reading() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "engine" / "protocol.md").read_text(encoding="utf-8")
    section = page.split("## Versions: options added later", 1)[1]
    rows = set(re.findall(r"^\| ([a-z-]+) \| `([a-z-]+)` \| ([0-9-]+) \| `([a-z0-9-]+)` \|$", section, re.M))
    spec = {(game, option.key, *option.since) for game in games() for option in game_spec(game).options if option.since}
    assert rows == spec


def test_an_engine_frozen_at_the_first_protocol_release_passes_every_case_it_is_asked() -> None:
    """Cases of the options added since, and a sample of the rest: never a failure, the new readings unsupported."""
    globs = (
        "*stock-out*",
        "*lone*",
        "*lay-again*",
        "*end.stock*",
        "log:*/valid/*one-tile*",
        "log:tsung-shap/valid/*navpil*",
        "ts.sweep*",
    )
    cases = select_cases(collect_cases(), run=globs)
    assert len(cases) > 30
    command = [sys.executable, str(FAKES / "first_release.py")]
    with EngineProcess(command, timeout=20, start_timeout=60) as engine:
        claims, results, _restarts = run_cases(engine, cases)
    assert not claims.lists("kap-shap", "stock-out")
    failed = [(r.case.id, r.message) for r in results if r.outcome == "fail"]
    assert failed == []
    passed = [r for r in results if r.outcome == "pass"]
    unsupported = [r for r in results if r.outcome == "skip" and r.unasked == "claims"]
    assert len(passed) > 10
    assert any("stock-out=play-on" in r.message for r in unsupported)
    assert any("lay-again=any-capture" in r.message for r in unsupported)
    # a case with the later options at their old readings is asked, and passes
    assert any(dict(r.case.options).get("stock-out") == "end" for r in passed)
    assert any(dict(r.case.options).get("lone-score") == "capture" for r in passed if r.case.game == "tsung-shap")
