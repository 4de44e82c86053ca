"""The engine protocol: its schema, its reader, and the reference engine behind it (``gupai engine``)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from gupai.core.resources import data_dir
from gupai.protocol import schema as protocol_schema_module
from gupai.protocol.messages import (
    COMMANDS,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    check_answer,
    encode,
    parse_json_line,
    protocol_schema,
    read_answer,
    read_request,
)
from gupai.protocol.server import ReferenceEngine, serve

ROOT = Path(__file__).resolve().parents[2]

KAP_DEAL: dict[str, Any] = {
    "hands": [
        ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "6-5"],
        ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "2-1"],
    ],
    "stock": ["4-2", "6-1", "5-3"],
    "first_player": 0,
}


def kap_game(**changes: Any) -> dict[str, Any]:
    return {"game": "kap-shap", "options": {}, "players": 2, "sets": 1, "deal": KAP_DEAL, **changes}


class Session:
    """A reference engine spoken to in-process, every message checked against the schema both ways."""

    def __init__(self) -> None:
        self.engine = ReferenceEngine()
        self.next_id = 0
        assert self("start", protocol=PROTOCOL_VERSION)["answer"] == "ok"

    def __call__(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        line = encode({"id": self.next_id, "cmd": cmd, **fields})
        read_request(line)  # the harness's requests are schema-valid
        answer, _ = self.engine.handle_line(line)
        check_answer(parse_json_line(encode(answer)), command=cmd, id=self.next_id)
        return answer


# ------------------------------------------------------------------ schema
def test_the_checked_in_schema_is_generated_and_valid_2020_12() -> None:
    on_disk = json.loads((data_dir("schemas") / "engine-protocol.schema.json").read_text(encoding="utf-8"))
    assert on_disk == protocol_schema()
    assert protocol_schema_module.main([]) == 0
    jsonschema.Draft202012Validator.check_schema(on_disk)
    assert on_disk["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_command_has_a_request_and_an_ok_answer_and_tiles_are_the_spec_faces() -> None:
    defs = protocol_schema()["$defs"]
    for cmd in COMMANDS:
        assert f"request-{cmd}" in defs and f"answer-ok-{cmd}" in defs
    assert len(defs["tile"]["enum"]) == 21 and "6-6" in defs["tile"]["enum"] and "4-6" not in defs["tile"]["enum"]


def test_a_whole_message_validates_against_the_top_level_schema() -> None:
    validator = jsonschema.Draft202012Validator(protocol_schema())
    assert validator.is_valid({"id": 1, "cmd": "legal_actions"})
    assert validator.is_valid({"id": 1, "answer": "illegal", "rule": "ks.turn.take", "message": "no"})
    assert not validator.is_valid({"id": 1, "cmd": "legal_actions", "extra": 1})
    assert validator.is_valid({"id": 1, "cmd": "legal_actions", "x-trace": "allowed"})


# ------------------------------------------------------------------ reading
@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        (b"", "an empty line"),
        (b"\xff\xfe", "not UTF-8"),
        (b"{", "not JSON"),
        (b"[1]", "not a JSON object: an array"),
        (b"NaN", "not JSON"),
        (b'{"id": 1, "cmd": 3}', "string `cmd`"),
        (b'{"id": 1, "cmd": "dance"}', "unknown command 'dance'"),
        (b'{"id": -1, "cmd": "state"}', "/id"),
        (b'{"id": 1, "cmd": "apply", "action": {"type": "take", "seat": 0, "tile": "7-1"}}', "/action/tile"),
        (b'{"id": 1, "cmd": "apply", "action": {"type": "take", "seat": 0}}', '"tile" is a required property'),
        (b'{"id": 1, "cmd": "state", "game": "kap-shap"}', "Additional properties"),
        (b'{"id": 1, "cmd": "check", "action": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
    ],
)
def test_malformed_requests_are_refused_with_a_protocol_error(line: bytes, fragment: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_request(line)
    assert fragment in caught.value.message


def test_an_overlong_line_is_refused_unread() -> None:
    with pytest.raises(ProtocolError, match="longer than"):
        parse_json_line(b" " * (MAX_LINE_BYTES + 1))


@pytest.mark.parametrize(
    ("line", "command", "fragment"),
    [
        ('{"id": 3, "answer": "maybe"}', "check", '`answer` is "maybe"'),
        ('{"id": 3}', "check", "`answer` is nothing"),
        ('{"id": 4, "answer": "ok"}', "check", "not the request's 3"),
        ('{"id": 3, "answer": "ok"}', "state", '"state" is a required property'),
        ('{"id": 3, "answer": "ok", "actions": [{"type": "draw"}]}', "legal_actions", '"seat" is a required'),
        ('{"id": 3, "answer": "illegal", "rule": "Not A Rule"}', "apply", "/rule"),
    ],
)
def test_answers_that_break_the_schema_or_the_id_are_refused(line: str, command: str, fragment: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_answer(line, command=command, id=3)
    assert fragment in caught.value.message


def test_an_error_answer_to_an_unreadable_request_may_carry_no_id() -> None:
    answer = read_answer('{"id": null, "answer": "error", "message": "?"}', command="state", id=9)
    assert (answer.kind, answer.doc["id"], answer.message, answer.rule) == ("error", None, "?", None)
    assert not answer.is_ok and answer.describe() == "error: ?"
    # only an error may: any other answer names its request, and an error with an id names the right one
    for line in ('{"id": null, "answer": "ok"}', '{"id": null, "answer": "unsupported", "message": "?"}'):
        with pytest.raises(ProtocolError) as caught:
            read_answer(line, command="check", id=9)
        assert caught.value.where == "/id"
    with pytest.raises(ProtocolError, match="the answer's id is 8, not the request's 9"):
        read_answer('{"id": 8, "answer": "error", "message": "?"}', command="state", id=9)


# ------------------------------------------------------------ the reference
def test_the_handshake_names_the_engine_and_claims_every_reading() -> None:
    answer = Session().engine.handle({"id": 0, "cmd": "start", "protocol": 1})
    assert (
        answer["engine"]["name"] == "gupai-reference" and answer["protocol"] == 2
    )  # the version it speaks (protocol page: Protocol 2)
    assert sorted(answer["games"]) == ["kap-shap", "kap-tai-shap", "tsung-shap"]
    assert answer["games"]["kap-tai-shap"]["players"] == {"min": 2, "max": 40}
    assert answer["games"]["kap-shap"]["options"]["pair-set"] == ["arithmetic", "printed", "celko-table"]


def test_a_kap_shap_game_from_a_position_plays_through_the_protocol() -> None:
    ask = Session()
    assert ask("new_game", **kap_game()) == {"id": 2, "answer": "ok"}
    legal = ask("legal_actions")["actions"]
    assert {a["type"] for a in legal} == {"discard"} and {a["seat"] for a in legal} == {0}
    refused = ask("check", action={"type": "draw", "seat": 0})
    assert refused["answer"] == "illegal" and refused["rule"] == "ks.opening"
    assert ask("apply", action={"type": "discard", "seat": 0, "tile": "6-5"})["events"] == [
        {"type": "discard", "seat": 0, "tile": "6-5"}
    ]
    wrong_seat = ask("apply", action={"type": "draw", "seat": 0})
    assert wrong_seat["answer"] == "illegal" and wrong_seat["rule"] == "ks.turn.order"
    assert ask("apply", action={"type": "draw", "seat": 1})["events"] == [{"type": "draw", "seat": 1, "tile": "4-2"}]
    state = ask("state")["state"]
    assert state["current_player"] == 1 and state["table"] == ["6-5"] and state["stock_size"] == len(state["stock"])
    assert state["stock"][:2] == ["6-1", "5-3"] and state["result"] is None and state["scores"] == [0, 0]


def test_a_draw_or_a_declaration_carrying_what_a_log_recorded_is_checked() -> None:
    ask = Session()
    ask("new_game", **kap_game())
    ask("apply", action={"type": "discard", "seat": 0, "tile": "6-5"})
    wrong = ask("check", action={"type": "draw", "seat": 1, "tile": "6-1"})
    assert wrong["answer"] == "illegal" and wrong["rule"] == "ks.deal.draw-order"
    assert ask("check", action={"type": "draw", "seat": 1, "tile": "4-2"})["answer"] == "ok"


def test_a_declaration_showing_a_split_that_is_not_a_winning_split_is_refused() -> None:
    ask = Session()
    deal = {
        "hands": [
            ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"],
            ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "6-5"],
        ],
        "stock": ["4-4"],
        "first_player": 0,
    }
    ask("new_game", **kap_game(deal=deal))
    good = {"eye": ["6-6", "6-6"], "pairs": [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "2-1"]]}
    bad = {"eye": ["6-4", "6-4"], "pairs": [["6-6", "6-6"], ["5-1", "3-1"], ["4-3", "2-1"]]}
    assert ask("check", action={"type": "declare", "seat": 0, "decomposition": good})["answer"] == "ok"
    refused = ask("check", action={"type": "declare", "seat": 0, "decomposition": bad})
    assert refused["answer"] == "illegal" and refused["rule"] == "ks.pair.ten"  # [6-6]+[6-6] = 24 is no ten-pair
    foreign = {"eye": ["6-6", "6-6"], "pairs": [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "4-2"]]}  # no [4-2] in hand
    refused = ask("check", action={"type": "declare", "seat": 0, "decomposition": foreign})
    assert refused["answer"] == "illegal" and refused["rule"] == "ks.declare.valid"
    done = ask("apply", action={"type": "declare", "seat": 0, "decomposition": good})["events"][0]
    assert done["decomposition"] == good and ask("state")["state"]["result"]["settlement"] == [1, -1]


@pytest.mark.parametrize(
    ("changes", "answer", "rule"),
    [
        ({"players": 3}, "illegal", "ks.equipment.players"),
        ({"sets": 2}, "illegal", "ks.equipment.set"),
        ({"options": {"take": "sometimes"}}, "unsupported", None),
        ({"game": "mahjong"}, "unsupported", None),
        (
            {"deal": {"hands": [["6-6"] * 8, KAP_DEAL["hands"][1]], "stock": [], "first_player": 0}},
            "illegal",
            "ks.equipment.set",
        ),
        ({"deal": {**KAP_DEAL, "first_player": 1}}, "illegal", "ks.deal.wall"),
        ({"deal": {"order": ["6-6"] * 32, "dice": [1, 1, 1, 1]}}, "illegal", "ks.equipment.set"),
        ({"deal": {"hands": KAP_DEAL["hands"], "stock": [], "first_player": 5}}, "error", None),
    ],
)
def test_a_game_the_rules_forbid_is_illegal_and_one_the_engine_lacks_unsupported(
    changes: dict[str, Any], answer: str, rule: str | None
) -> None:
    reply = Session()("new_game", **kap_game(**changes))
    assert reply["answer"] == answer
    assert reply.get("rule") == rule


def test_an_order_deal_is_cut_as_the_options_say_and_a_recorded_cut_is_checked() -> None:
    ask = Session()
    order = [k.face for k in protocol_kinds()]
    assert ask("new_game", **kap_game(deal={"order": order, "dice": [1, 1, 1, 1]}))["answer"] == "ok"
    state = ask("state")["state"]
    assert sorted(state["hands"][0]) == sorted(order[:8]) and state["current_player"] == 0
    missing_dice = ask("new_game", **kap_game(deal={"order": order, "dice": None}))
    assert missing_dice["rule"] == "ks.deal.first-player"
    wrong_first = ask("new_game", **kap_game(deal={"order": order, "dice": [1, 1, 1, 1], "first_player": 1}))
    assert wrong_first["answer"] == "illegal" and wrong_first["rule"] == "ks.deal.first-player"


def protocol_kinds() -> list[Any]:
    from gupai import all_tiles

    return all_tiles(1)


def test_commands_out_of_order_and_garbage_are_errors_never_exceptions() -> None:
    engine = ReferenceEngine()
    assert engine.handle({"id": 1, "cmd": "state"})["answer"] == "error"
    engine.handle({"id": 2, "cmd": "start", "protocol": 1})
    assert engine.handle({"id": 3, "cmd": "legal_actions"})["answer"] == "error"
    assert engine.handle({"id": 4, "cmd": "start", "protocol": 2})["answer"] == "unsupported"
    answer, stop = engine.handle_line(b'{"id": 5, "cmd": "apply"')
    assert answer == {"id": None, "answer": "error", "message": answer["message"]} and not stop
    answer, stop = engine.handle_line('{"id": 6, "cmd": "fly"}')
    assert answer["id"] == 6 and answer["answer"] == "error" and not stop
    assert engine.handle_line('{"id": 7, "cmd": "stop"}') == ({"id": 7, "answer": "ok"}, True)


def test_a_tsung_shap_game_reports_its_first_tile_turned_over_and_captures_with_their_outcome() -> None:
    ask = Session()
    deal = {
        "row": ["6-6", "3-1", "4-4"],
        "to_move": 0,
        "piles": [["2-2"], ["5-5"]],
        "stock": [],
        "hands": None,
        "scores": [0, 0],
        "turns": None,
        "laid": None,
    }
    started = ask("new_game", game="tsung-shap", options={}, players=2, sets=1, deal=deal)
    assert started["events"] == [{"type": "reveal", "seat": 0, "tile": "2-2"}]
    ask("apply", action={"type": "lay", "seat": 0, "tile": "2-2", "end": "right"})
    captures = [a for a in ask("legal_actions")["actions"] if a["type"] == "capture"]
    assert {
        "type": "capture",
        "seat": 0,
        "kind": "triple",
        "at": "left",
        "tiles": ["2-2", "6-6", "3-1"],
        "points": 20,
        "sweep": False,
    } in captures
    wrong_points = ask("check", action={"type": "capture", "seat": 0, "kind": "triple", "at": "left", "points": 30})
    assert wrong_points["answer"] == "illegal" and wrong_points["rule"] == "ts.capture.triple"
    state = ask("state")["state"]
    assert state["row"] == ["6-6", "3-1", "4-4", "2-2"] and state["piles"] == [[], ["5-5"]] and state["stock"] is None


def test_gupai_engine_serves_over_stdin_and_stdout_until_stop() -> None:
    requests = [
        {"id": 0, "cmd": "start", "protocol": 1},
        {"id": 1, "cmd": "new_game", **kap_game()},
        {"id": 2, "cmd": "check", "action": {"type": "discard", "seat": 0, "tile": "6-5"}},
        {"id": 3, "cmd": "stop"},
        {"id": 4, "cmd": "state"},
    ]
    text = "".join(encode(r) + "\n" for r in requests) + "not json\n"
    done = subprocess.run(
        [sys.executable, "-m", "gupai.protocol.server"],
        input=text.encode(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert done.returncode == 0 and [a["id"] for a in answers] == [0, 1, 2, 3]
    assert [a["answer"] for a in answers] == ["ok", "ok", "ok", "ok"]


def test_serve_answers_an_overlong_line_with_an_error_and_goes_on() -> None:
    stdin = io.BytesIO(b"{" + b" " * (MAX_LINE_BYTES + 10) + b"\n" + b'{"id": 1, "cmd": "start", "protocol": 1}\n')
    stdout = io.BytesIO()
    assert serve(stdin, stdout) == 0
    first, second = (json.loads(line) for line in stdout.getvalue().splitlines())
    assert first["answer"] == "error" and "too long" in first["message"] and second["answer"] == "ok"
