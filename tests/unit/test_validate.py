"""The validator and its command: exit statuses, reports, and hostile input."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai.cli import main
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_game
from gupai.log.read import validate_text
from gupai.log.validate import validate_log


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return play_game("kap-tai-shap", preset="culin", players=4, seed=8)


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_valid_log_exits_0(tmp_path: Path, good: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps_log(good))
    code, out, err = run("validate", str(path))
    assert code == 0 and out == "" and "1 game(s) read, 0 invalid" in err


def test_invalid_log_exits_1_naming_file_event_pointer_rule(tmp_path: Path, good: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(good))
    bad["events"][1]["seat"] = (bad["events"][1]["seat"] + 1) % 4
    path = tmp_path / "bad.json"
    path.write_text(dumps_log(bad))
    code, out, _ = run("validate", str(path))
    assert code == 1
    assert f"{path}: event 1 /events/1/seat [kts.turn.order] seat" in out


def test_json_report(tmp_path: Path, good: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(good))
    bad["result"]["settlement"] = [0, 0, 0, 0]
    (tmp_path / "a.json").write_text(dumps_log(good))
    (tmp_path / "b.json").write_text(dumps_log(bad))
    code, out, _ = run("validate", "--json", str(tmp_path))
    report = json.loads(out)
    assert code == 1
    assert report["games"] == 2 and report["invalid_games"] == 1 and report["valid"] is False
    (error,) = report["errors"]
    assert error["rule"] == "kts.settle" and error["pointer"] == "/result/settlement" and error["event"] is None
    assert error["file"].endswith("b.json") and error["game"] is None


def test_json_lines_name_the_line(tmp_path: Path, good: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(good))
    bad["events"][0]["type"] = "shout"
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join([dumps_log_line(good), dumps_log_line(bad), dumps_log_line(good)]) + "\n")
    code, out, err = run("validate", str(path))
    assert code == 1 and f"{path}:2: event 0 /events/0/type [schema]" in out
    assert "3 game(s) read, 1 invalid" in err


def test_stdin(good: dict[str, Any]) -> None:
    assert run("validate", "-", stdin=dumps_log(good))[0] == 0
    assert run("validate", "-", stdin=dumps_log_line(good) + "\n" + dumps_log_line(good))[0] == 0
    assert run("validate", "-", stdin="{")[0] == 2  # not JSON: unusable input (issue 33)
    assert run("validate", "-", stdin='{"a": 1, "a": 2}')[0] == 1  # JSON the strict reader refuses: an invalid log


def test_unreadable_paths_exit_2(tmp_path: Path) -> None:
    code, _, err = run("validate", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    assert run("validate", str(binary))[0] == 2
    assert run("validate")[0] == 2  # no paths: a usage error


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ('{"format": "gupai-log", "version": 1, "game": "kap-shap"', "not JSON"),
        ("[]", "is not of type 'object'"),
        ("null", "is not of type 'object'"),
        ('{"format": 7}', "'gupai-log' was expected"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        # refused by the strict reader's depth limit (gupai.core.jsonread.MAX_DEPTH), whatever the recursion limit
        ('{"events": ' + "[" * 5000 + "]" * 5000 + "}", "not JSON: nested too deeply (deeper than 64)"),
        ('"' + "x" * 1_000_000 + '"', "is not of type 'object'"),
    ],
)
def test_malformed_documents_get_a_clear_error(text: str, fragment: str) -> None:
    issues = validate_text(text, file="doc.json")
    assert issues
    said = " ".join(issue.message for issue in issues)
    assert any(one in said for one in fragment.split("|")), said


def test_huge_documents_are_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    import gupai.log.read as module

    monkeypatch.setattr(module, "MAX_BYTES", 1000)
    assert "not read" in validate_text("x" * 2000)[0].message


@functools.cache
def random_game(seed: int) -> str:
    """A Kap Shap game of two random agents, as JSON text (played once per seed, not once per example)."""
    return json.dumps(play_game("kap-shap", seed=seed, agents=("random",)))


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.slow
def test_mutated_logs_never_crash_the_validator(data: st.DataObject) -> None:
    text = random_game(data.draw(st.integers(0, 3)))
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 50),
        st.sampled_from(["6-6", "4-2", "7-1", "draw", "", "declare", "take", "wall"]),
        st.lists(st.sampled_from(["6-6", "1-1", "2-1"]), max_size=3),
    )
    doc: Any = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        node: Any = doc
        path: list[Any] = []
        while isinstance(node, (dict, list)) and node and (not path or data.draw(st.booleans())):
            key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
            path.append(key)
            node = node[key]
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, list) and data.draw(st.booleans()):
            parent.pop(path[-1])
        else:
            parent[path[-1]] = data.draw(values)
    issues = validate_log(doc)  # never raises
    for issue in issues:
        assert issue.message and (issue.rule is None or issue.rule.startswith("ks."))


# ------------------------------------------------- one rule for hands (issues 10 and 12)
# What the rules mean (spec: ks.deal.method, kts.deal.method): a hand is a
# multiset of tiles, in the deal, the declaration and the result alike; the
# stock keeps its draw order. The validator and the protocol check a deal
# through the one function, so they agree.


@pytest.fixture(scope="module")
def declared() -> dict[str, Any]:
    for seed in range(40):
        log = play_game("kap-shap", seed=seed)
        if log["result"]["winner"] is not None:
            return log
    raise AssertionError("no declared game in 40 seeds")  # pragma: no cover


def _copy(log: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(log))
    return copied


def _new_game(log: dict[str, Any]) -> Any:
    from gupai.protocol.server import ReferenceEngine

    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": 1})
    deal = {key: log["deal"][key] for key in ("order", "dice", "first_player", "hands", "stock")}
    request = {"game": log["game"], "options": log["options"], "players": log["players"], "sets": log["sets"]}
    return engine.handle({"id": 1, "cmd": "new_game", **request, "deal": deal})


def test_a_dealt_hand_listed_in_another_order_is_the_same_hand(good: dict[str, Any]) -> None:
    log = _copy(good)
    log["deal"]["hands"][1].reverse()
    assert log["deal"]["hands"][1] != good["deal"]["hands"][1]
    assert validate_log(log) == []
    assert _new_game(log)["answer"] == "ok"


def test_a_dealt_hand_holding_other_tiles_is_refused_alike_by_validator_and_protocol(good: dict[str, Any]) -> None:
    log = _copy(good)
    hand, stock = log["deal"]["hands"][0], log["deal"]["stock"]
    swap = next(i for i, face in enumerate(stock) if face not in hand)
    hand[0], stock[swap] = stock[swap], hand[0]
    [issue] = validate_log(log)
    assert (issue.pointer, issue.rule) == ("/deal/hands/0", "kts.deal.wall")
    answer = _new_game(log)
    assert (answer["answer"], answer["rule"], answer["message"]) == ("illegal", issue.rule, issue.message)


def test_the_stock_keeps_its_draw_order(good: dict[str, Any]) -> None:
    log = _copy(good)
    stock = log["deal"]["stock"]
    other = next(i for i, face in enumerate(stock) if face != stock[0])
    stock[0], stock[other] = stock[other], stock[0]
    assert [(i.pointer, i.rule) for i in validate_log(log)] == [("/deal/stock", "kts.deal.draw-order")]
    assert _new_game(log)["rule"] == "kts.deal.draw-order"


def test_a_result_hand_and_split_in_another_order_are_accepted_as_in_the_declaration(
    declared: dict[str, Any],
) -> None:
    log = _copy(declared)
    for doc in (log["events"][-1], log["result"]):
        doc["hand"].reverse()
        doc["decomposition"]["eye"].reverse()
        doc["decomposition"]["pairs"] = [pair[::-1] for pair in reversed(doc["decomposition"]["pairs"])]
    assert log["result"]["hand"] != declared["result"]["hand"]
    assert validate_log(log) == []


def test_a_result_hand_with_other_tiles_is_refused(declared: dict[str, Any]) -> None:
    log = _copy(declared)
    log["result"]["hand"][0] = "6-6" if log["result"]["hand"][0] != "6-6" else "1-1"
    assert [(i.pointer, i.rule) for i in validate_log(log)] == [("/result/hand", "ks.end.win")]


def test_python_jsonschema_is_loaded_only_to_explain_an_invalid_log() -> None:
    """A run of valid logs never imports python-jsonschema (about 50 ms a process); an invalid one is explained."""
    import subprocess
    import sys

    code = (
        "import sys; from gupai.log.play import play_game; from gupai.log.validate import validate_log; "
        "log = play_game('kap-shap', seed=3); assert validate_log(log) == []; print('jsonschema' in sys.modules); "
        "log['deal']['first_player'] = 'x'; print(validate_log(log)[0].message); print('jsonschema' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    before, message, after = done.stdout.splitlines()
    assert (before, after) == ("False", "True")
    assert message == "'x' is not of type 'integer'"


def test_the_quick_path_leaves_the_shared_log_schema_as_its_file_has_it() -> None:
    from gupai.core.resources import data_dir
    from gupai.log import quick
    from gupai.log.schema import load_schema

    quick._validator()  # narrows a schema of its own: not the one load_schema shares with the long way
    written = json.loads((data_dir("schemas") / "game-log.schema.json").read_text(encoding="utf-8"))
    assert load_schema() == written
