"""Hostile input, round three (issue 21): the readers and their bounds.

Each reproducer of the issue runs as the installed command (through
tools/peak_rss.py, as in test_hostile.py) and must end with a one-line
message and its documented exit status, within a time limit and under a
memory ceiling: 200 MB for ``validate``, ``show`` and the harness, 300 MB for
``gupai engine``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
import yaml

from gupai.core.spec import game_spec
from gupai.games.kap.config import default_sets
from gupai.log.schema import read_limit
from gupai.protocol.messages import MAX_LINE_VALUES, ProtocolError, parse_json_line, read_answer, read_request
from tests.integration.test_hostile import FAKES, Done, gupai, messages

ROOT = Path(__file__).resolve().parents[2]
KTS = ROOT / "conformance" / "kap-tai-shap" / "valid" / "culin-10p-random-seed2.json"
KS = ROOT / "conformance" / "kap-shap" / "valid" / "culin-2p-greedy-seed1.json"
ENGINE_LIMIT_MB = 300
LIMIT_MB = 200
KTS_SPEC = game_spec("kap-tai-shap")
MOST_SETS = KTS_SPEC.max_sets or 0


def _write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc, separators=(",", ":")), encoding="utf-8")
    return path


def _answers(done: Done) -> list[dict[str, object]]:
    return [json.loads(line) for line in done.out.splitlines()]


def _engine(tmp_path: Path, requests: list[str]) -> Done:
    """Feed ``gupai engine`` these request lines (after ``start``, before ``stop``)."""
    lines = ['{"id":0,"cmd":"start","protocol":1}', *requests, '{"id":999999,"cmd":"stop"}']
    (tmp_path / "requests.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = gupai("engine", stdin=tmp_path / "requests.jsonl", limit=60)
    assert done.status == 0, done.err[-2000:]
    assert done.peak_mb < ENGINE_LIMIT_MB, f"gupai engine: peak RSS {done.peak_mb:.0f} MB"
    return done


# ------------------------------------------------------------ finding 3: a duplicate key, spaced
SPACED = '{"game": "tsung-shap", "game" : "kap-shap"}'


def test_a_duplicate_key_with_a_space_before_its_colon_is_refused(tmp_path: Path) -> None:
    log = json.loads(KS.read_text(encoding="utf-8"))
    text = json.dumps(log)  # '"key": value' throughout; then the game a second time, spaced
    path = tmp_path / "log.json"
    path.write_text(text[:-1] + ', "game" : "kap-shap"}', encoding="utf-8")
    done = gupai("validate", str(path))
    assert done.status == 1
    assert 'not JSON: duplicate key "game" in an object' in done.out
    with pytest.raises(ProtocolError, match='duplicate key "game"'):
        parse_json_line(SPACED)


# ------------------------------------------------------------ finding 1: floods of schema errors
@pytest.mark.parametrize(
    ("items", "expected"),
    [
        (4_000_000, "answer to legal_actions is a line of 4000001 commas: more than 1000000 values, not parsed"),
        (MAX_LINE_VALUES - 10, "answer to legal_actions breaks the protocol schema: /actions/0: 1 is not of type"),
    ],
)
def test_an_engine_answering_megabytes_of_wrong_actions_fails_one_case_in_bounded_memory(
    items: int, expected: str
) -> None:
    """Finding 1: 8 MiB of `"actions":[1,1,...]` drove the harness to 3.8 GB; now refused unparsed, or, under
    the cap on values, reported at its first wrong item."""
    engine = f"{sys.executable} {FAKES / 'floods_actions.py'} gupai-hostile-readers {items}"
    done = gupai(
        "conformance",
        "run",
        "kap-shap",
        "--engine",
        engine,
        "--run",
        "scenario:kap-shap/turns/the-first-player-opens*",
        "--timeout",
        "30",
        limit=120,
    )
    assert done.status == 1, done.err[-2000:]
    assert expected in done.out
    assert done.peak_mb < LIMIT_MB, f"the harness: peak RSS {done.peak_mb:.0f} MB"


def test_an_answer_of_a_hundred_thousand_wrong_items_names_the_first() -> None:
    line = '{"id":1,"answer":"ok","actions":[' + ",".join(["1"] * 100_000) + "]}"
    assert len(line) > 200_000
    with pytest.raises(ProtocolError) as caught:
        read_answer(line, command="legal_actions", id=1)
    assert caught.value.message == '/actions/0: 1 is not of type "object"'


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        (4_000_000, "a line of 4000006 commas: more than 1000000 values, not parsed"),
        (MAX_LINE_VALUES - 10, "/deal/order/0: 1 is not one of"),
    ],
)
def test_a_new_game_of_millions_of_wrong_tiles_is_one_error_answer(tmp_path: Path, items: int, expected: str) -> None:
    order = ",".join(["1"] * items)
    request = (
        '{"id":1,"cmd":"new_game","game":"kap-shap","options":{},"players":2,"sets":1,'
        f'"deal":{{"order":[{order}],"dice":null}}}}'
    )
    answers = _answers(_engine(tmp_path, [request]))
    assert answers[1]["answer"] == "error"
    assert str(answers[1]["message"]).startswith(expected)


def test_a_long_valid_log_with_one_bad_seat_reports_it_in_bounded_time(tmp_path: Path) -> None:
    """Finding 4: 160,000 schema-valid events and one bad seat (a 4 MB log) took 42 s."""
    log = json.loads(KS.read_text(encoding="utf-8"))
    log["events"] = [{"type": "pass", "seat": i % 2} for i in range(160_000)] + [{"type": "pass", "seat": -1}]
    path = _write(tmp_path / "log.json", log)
    assert path.stat().st_size > 4_000_000
    done = gupai("validate", "--json", str(path), limit=60)
    assert done.status == 1
    errors = json.loads(done.out)["errors"]
    assert [(e["event"], e["pointer"]) for e in errors] == [(160_000, "/events/160000/seat")]
    assert "less than the minimum of 0" in errors[0]["message"]


# ------------------------------------------------------------ finding 2: sets and players bounded
@pytest.mark.parametrize(
    ("sets", "players", "expected"),
    [
        (10**9, 10, "/sets [schema] 1000000000 is greater than the maximum of"),
        (MOST_SETS + 1, 10, "[kts.equipment.sets] the kit plays Kap Tai Shap with at most"),
        (4, 10**6, "/players [schema] 1000000 is greater than the maximum of"),
    ],
)
def test_sets_and_players_beyond_the_caps_are_refused_before_anything_is_built(
    tmp_path: Path, sets: int, players: int, expected: str
) -> None:
    log = json.loads(KTS.read_text(encoding="utf-8"))
    log["sets"], log["players"] = sets, players
    done = gupai("validate", str(_write(tmp_path / "log.json", log)))
    assert done.status == 1
    assert expected in done.out


def test_the_caps_come_from_the_spec() -> None:
    """The numbers live in spec/ (with their reason), and the schemas carry them."""
    equipment = yaml.safe_load((ROOT / "spec" / "games" / "kap-tai-shap.yaml").read_text(encoding="utf-8"))["equipment"]
    assert equipment["max_sets"] == MOST_SETS and "Implementation-defined" in equipment["limits"]
    most = equipment["read_limit"]
    assert most == read_limit(["kap-shap", "kap-tai-shap", "tsung-shap"])
    log = json.loads((ROOT / "schemas" / "game-log.schema.json").read_text(encoding="utf-8"))
    assert log["properties"]["sets"]["maximum"] == log["properties"]["players"]["maximum"] == most
    assert log["$defs"]["seat"]["maximum"] == most - 1
    protocol = json.loads((ROOT / "schemas" / "engine-protocol.schema.json").read_text(encoding="utf-8"))
    new_game = protocol["$defs"]["request-new_game"]["properties"]
    assert new_game["players"]["maximum"] == new_game["sets"]["oneOf"][0]["maximum"] == most


def test_a_hundred_games_each_with_other_sets_stay_in_bounded_memory(tmp_path: Path) -> None:
    log = json.loads(KTS.read_text(encoding="utf-8"))
    lines = []
    for sets in range(2, 102):
        log["sets"] = sets
        lines.append(json.dumps(log, separators=(",", ":")))
    (tmp_path / "games.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = gupai("validate", "--json", str(tmp_path / "games.jsonl"), limit=300)
    assert done.status == 1
    report = json.loads(done.out)
    found: dict[int, tuple[str | None, str]] = {}
    for error in report["errors"]:
        found.setdefault(error["game"], (error["rule"], error["message"]))
    assert found[1][0] == "kts.equipment.sets" and "too few" in found[1][1]  # 2 sets for ten players
    assert found[40] == ("kts.equipment.sets", found[40][1]) and "at most 40 sets, not 41" in found[40][1]
    assert found[100][0] is None and "101 is greater than the maximum of 100" in found[100][1]


def test_an_engine_asked_about_a_hundred_and_twenty_sets_stays_in_bounded_memory(tmp_path: Path) -> None:
    hand = ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1", "5-5", "5-5"]
    requests = [
        json.dumps(
            {"id": s, "cmd": "evaluate_hand", "game": "kap-tai-shap", "options": {}, "players": None}
            | {"sets": s, "hand": hand}
        )
        for s in range(1, 121)
    ]
    answers = {a["id"]: a for a in _answers(_engine(tmp_path, requests))}
    assert answers[40]["answer"] == "ok" and answers[40]["winning"] is True
    assert answers[41]["answer"] == "illegal" and answers[41]["rule"] == "kts.equipment.sets"
    assert answers[101]["answer"] == "error" and str(answers[101]["message"]).startswith("/sets:")


@pytest.mark.parametrize("sets", ["64", "1000000000000"])
def test_hand_with_too_many_sets_is_a_usage_error(sets: str) -> None:
    done = gupai("hand", "kap-tai-shap", "--sets", sets, "6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1")
    assert done.status == 2
    assert messages(done) == [
        f"Error: Invalid value for '--sets': the kit plays Kap Tai Shap with at most {MOST_SETS} sets, "
        f"not {sets} (an implementation limit: spec/games/kap-tai-shap.yaml, equipment.limits)"
    ]


# ------------------------------------------------------------ finding 7 and 13: show, and a BOM
def test_show_refuses_devices_and_fifos_unopened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path, kind in (("/dev/zero", "a device"), (str(fifo), "a FIFO")):
        done = gupai("show", path, limit=30)
        assert done.status == 2
        assert messages(done) == [
            f"Error: cannot read {path}: not a regular file ({kind}): not read (use - for a stream)"
        ]
        assert done.peak_mb < LIMIT_MB


def test_show_reads_an_endless_stdin_only_up_to_the_cap() -> None:
    done = gupai("show", "-", stdin="/dev/zero", limit=60)
    assert done.status == 2
    assert messages(done) == ["Error: cannot read <stdin>: larger than 4 MiB: not read"]
    assert done.peak_mb < LIMIT_MB


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply (deeper than 64)"),
        (
            "\ufeff" + KS.read_text(encoding="utf-8"),
            "a byte order mark (U+FEFF) before the JSON text: save it as UTF-8 without a BOM",
        ),
        ('{"game": "kap-shap", "game" : "kap-shap"}', 'duplicate key "game" in an object'),
    ],
)
def test_show_reads_strict_json_with_the_validators_limits(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    done = gupai("show", str(path), limit=30)
    assert done.status == 1
    assert messages(done) == [f"Error: {path} is not JSON: {message}"]
    assert done.peak_mb < LIMIT_MB
    validated = gupai("validate", str(path))
    assert validated.status == 1 and message in validated.out


def test_show_still_shows_each_game_of_a_jsonl(tmp_path: Path) -> None:
    line = json.dumps(json.loads(KS.read_text(encoding="utf-8")))
    (tmp_path / "two.jsonl").write_text(f"{line}\n\n{line}\n", encoding="utf-8")
    done = gupai("show", str(tmp_path / "two.jsonl"))
    assert done.status == 0, done.err
    assert [row.split()[2] for row in done.out.splitlines() if row.startswith("--- game ")] == ["1", "3"]
    assert done.out.count("Kap Shap, preset culin") == 2


def test_an_object_of_three_hundred_thousand_unknown_keys_is_one_short_error(tmp_path: Path) -> None:
    log = json.loads(KS.read_text(encoding="utf-8"))
    log["options"].update({f"A{i}": 1 for i in range(300_000)})
    done = gupai("validate", "--json", str(_write(tmp_path / "log.json", log)), limit=60)
    assert done.status == 1
    [error] = json.loads(done.out)["errors"]
    assert error["pointer"] == "/options" and error["message"].startswith("Additional properties are not allowed")
    assert len(error["message"]) <= 303 and error["message"].endswith("were unexpected)")
    options = ",".join(f'"A{i}":1' for i in range(300_000))
    request = '{"id":1,"cmd":"new_game","game":"kap-shap","options":{' + options + '},"players":2,"sets":1,"deal":null}'
    with pytest.raises(ProtocolError) as caught:
        read_request(request)
    assert caught.value.message == "/options: 'A0' does not match '^[a-z][a-z0-9-]{0,63}$'"


def test_the_set_cap_leaves_room_for_every_game_the_rules_describe() -> None:
    """Every number of players the spec allows, under every sets-rule, is dealt within the cap on sets."""
    for rule in KTS_SPEC.option("sets-rule").values:
        for players in range(KTS_SPEC.players_min, KTS_SPEC.players_max + 1):
            assert default_sets(players, rule, hand_size=KTS_SPEC.hand_size) <= MOST_SETS
