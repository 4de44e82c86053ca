"""The validator's edge paths (gupai.log.validate): integral floats, the error limit, and which schema error is told.

JSON Schema counts ``3.0`` as the integer 3, so a log may write a seat or a
die that way; the replay must read it as 3 too. A schema check lists at most
MAX_SCHEMA_ERRORS errors and then says it stopped. Of a ``oneOf``'s failed
branches, the one that went deepest into the document says what is wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

import gupai.log.validate as validate_module
from gupai.log.play import play_game
from gupai.log.validate import MAX_SCHEMA_ERRORS, MORE_SCHEMA_ERRORS, validate_log


@pytest.fixture(scope="module")
def kap() -> dict[str, Any]:
    log = play_game("kap-shap", preset="culin", seed=3)
    assert log["deal"]["dice"] is not None and len(log["events"]) > MAX_SCHEMA_ERRORS + 2
    return log


def test_integral_floats_are_the_integers_they_count_as(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    doc["deal"]["dice"] = [float(die) for die in doc["deal"]["dice"]]
    doc["deal"]["first_player"] = float(doc["deal"]["first_player"])
    doc["events"][0]["seat"] = float(doc["events"][0]["seat"])
    doc["result"]["turns"] = float(doc["result"]["turns"])
    assert validate_log(doc) == []


def test_an_integral_float_seat_is_told_as_the_seat(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    seat = doc["events"][1]["seat"]
    doc["events"][1]["seat"] = float(1 - seat)
    (issue,) = validate_log(doc)
    assert (issue.event, issue.pointer, issue.rule) == (1, "/events/1/seat", "ks.turn.order")
    assert issue.message.startswith(f"seat {1 - seat} acted, but it is seat {seat}'s turn")


def test_a_schema_check_stops_after_its_limit_and_says_so(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    for event in doc["events"][: MAX_SCHEMA_ERRORS + 2]:
        event["seat"] = -1  # not a seat: one error an event
    issues = validate_log(doc)
    assert len(issues) == MAX_SCHEMA_ERRORS + 1
    assert [i.pointer for i in issues[:-1]] == [f"/events/{i}/seat" for i in range(MAX_SCHEMA_ERRORS)]
    assert all(i.rule is None and i.event == n for n, i in enumerate(issues[:-1]))
    last = issues[-1]
    assert (last.pointer, last.rule, last.event, last.message) == ("", None, None, MORE_SCHEMA_ERRORS)
    assert str(MAX_SCHEMA_ERRORS) in MORE_SCHEMA_ERRORS


def test_no_trailer_when_every_error_is_listed(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    for event in doc["events"][:MAX_SCHEMA_ERRORS]:
        event["seat"] = -1
    issues = validate_log(doc)
    assert len(issues) == MAX_SCHEMA_ERRORS and MORE_SCHEMA_ERRORS not in {i.message for i in issues}


def test_the_deepest_failed_branch_says_what_is_wrong(kap: dict[str, Any]) -> None:
    # dice: four dice of 1 to 6, or null. A die of 7 fails the first branch at the die, the second at the list.
    doc = copy.deepcopy(kap)
    doc["deal"]["dice"] = [7, 1, 1, 1]
    (issue,) = validate_log(doc)
    assert (issue.pointer, issue.rule, issue.message) == ("/deal/dice/0", None, "7 is greater than the maximum of 6")


def test_the_deepest_branch_of_a_match_record_says_what_is_wrong() -> None:
    log = next(g for g in _match() if g["match"]["previous"] is not None)
    log["match"]["previous"]["winner"] = "seat 1"
    (issue,) = validate_log(log)
    # a seat (an integer) or null: both branches fail at the winner, and the first (a seat) is told
    assert (issue.pointer, issue.rule, issue.message) == (
        "/match/previous/winner",
        None,
        "'seat 1' is not of type 'integer'",
    )


def _match() -> Iterator[dict[str, Any]]:
    from gupai.log.play import play_match

    return iter(play_match("kap-shap", preset="navpil-culin", seed=1, count=3, agents=("random",)))


class _Agrees:
    """A python-jsonschema validator that finds nothing wrong: the two validators disagree."""

    def iter_errors(self, doc: Any) -> Iterator[Any]:
        return iter(())


def test_when_the_validators_disagree_the_stricter_ones_error_is_told(
    kap: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = copy.deepcopy(kap)
    doc["events"][0]["seat"] = -1
    told = validate_log(doc)
    monkeypatch.setattr(validate_module, "_PY_VALIDATOR", _Agrees())
    (issue,) = validate_log(doc)
    assert (issue.pointer, issue.rule, issue.event) == ("/events/0/seat", None, 0)
    assert issue.message == "-1 is less than the minimum of 0"
    assert [i.pointer for i in told] == ["/events/0/seat"]


def test_each_issue_names_the_file_and_the_game_it_was_found_in(kap: dict[str, Any]) -> None:
    schema_bad, rule_bad, many_bad = copy.deepcopy(kap), copy.deepcopy(kap), copy.deepcopy(kap)
    schema_bad["events"][0]["seat"] = -1
    rule_bad["events"][1]["seat"] = 1 - rule_bad["events"][1]["seat"]
    for event in many_bad["events"][: MAX_SCHEMA_ERRORS + 1]:
        event["seat"] = -1
    for doc in (schema_bad, rule_bad, many_bad):
        issues = validate_log(doc, file="games.jsonl", game=7)
        assert issues and {(i.file, i.game) for i in issues} == {("games.jsonl", 7)}
        assert {(i.file, i.game) for i in validate_log(doc)} == {("<log>", None)}


def test_an_issue_reads_as_one_line_naming_where_and_which_rule(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    doc["events"][1]["seat"] = 1 - doc["events"][1]["seat"]
    (issue,) = validate_log(doc, file="a.jsonl", game=2)
    assert str(issue) == f"a.jsonl:2: event 1 /events/1/seat [ks.turn.order] {issue.message}"
    assert issue.to_json() == {
        "file": "a.jsonl",
        "game": 2,
        "event": 1,
        "pointer": "/events/1/seat",
        "rule": "ks.turn.order",
        "message": issue.message,
    }
    del doc["preset"]  # an error at the document itself: the pointer to the whole document is ""
    (issue,) = validate_log(doc, file="a.json")
    assert (issue.pointer, issue.event, issue.rule) == ("", None, None)
    assert str(issue) == "a.json: / [schema] 'preset' is a required property"


def test_an_error_at_an_event_itself_or_at_the_list_names_the_event_or_none(kap: dict[str, Any]) -> None:
    doc = copy.deepcopy(kap)
    doc["events"][0] = {"type": "discard"}
    assert {(i.pointer, i.event) for i in validate_log(doc)} == {("/events/0", 0)}
    doc["events"] = 5
    assert [(i.pointer, i.event) for i in validate_log(doc)] == [("/events", None)]


def test_a_pointer_escapes_slash_and_tilde_as_rfc_6901_says() -> None:
    assert validate_module._pointer(["options", "a/b", "c~d", 0]) == "/options/a~1b/c~0d/0"
    assert validate_module._pointer([]) == ""


def test_a_fresh_process_builds_both_validators(kap: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate_module, "_RS_VALIDATOR", None)
    monkeypatch.setattr(validate_module, "_PY_VALIDATOR", None)
    doc = copy.deepcopy(kap)
    doc["events"][0]["seat"] = -1
    (issue,) = validate_log(doc)
    assert (issue.pointer, issue.message) == ("/events/0/seat", "-1 is less than the minimum of 0")
    assert validate_module._RS_VALIDATOR is not None and validate_module._PY_VALIDATOR is not None
    assert validate_log(kap) == []


def test_without_explanations_an_invalid_log_gets_one_verdict_where_it_was_read_and_a_valid_one_none() -> None:
    from gupai.log.validate import UNEXPLAINED, LogIssue

    log = play_game("kap-shap", seed=1)
    assert validate_log(log, file="f.jsonl", game=3, explain=False) == []
    bad = copy.deepcopy(log)
    bad["colour"] = "red"  # a property the schema does not know
    assert validate_log(bad, file="f.jsonl", game=3, explain=False) == [
        LogIssue("f.jsonl", 3, None, "", None, UNEXPLAINED)
    ]


def test_the_front_doors_replay_refuses_a_log_the_schema_refuses_at_its_first_error() -> None:
    from gupai.core.errors import LogError
    from gupai.log.validate import checked_replay_kap

    log = play_game("kap-shap", seed=1)
    log["events"][0]["seat"] = float(log["events"][0]["seat"])  # an integral float: an integer, as JSON Schema counts
    assert checked_replay_kap(log).is_terminal
    log["colour"] = "red"
    with pytest.raises(LogError) as caught:
        checked_replay_kap(log)
    assert caught.value.where == "/" and caught.value.message.startswith("not a valid log: / ")
    del log["colour"]
    log["events"][0]["seat"] = "one"
    with pytest.raises(LogError) as caught:
        checked_replay_kap(log)
    assert caught.value.where == "/events/0/seat" and caught.value.message.startswith(
        "not a valid log: /events/0/seat "
    )
