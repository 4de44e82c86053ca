"""The validator and its command: exit statuses, reports, and hostile input."""

from __future__ import annotations

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
from gupai.log.validate import validate_log, validate_text


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
    assert run("validate", "-", stdin="{")[0] == 1


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
        # refused by the depth guard, or (where the recursion limit is raised) read and refused by the schema
        ('{"events": ' + "[" * 5000 + "]" * 5000 + "}", "not a log: nested too deeply|'format' is a required property"),
        ('"' + "x" * 1_000_000 + '"', "is not of type 'object'"),
    ],
)
def test_malformed_documents_get_a_clear_error(text: str, fragment: str) -> None:
    issues = validate_text(text, file="doc.json")
    assert issues
    said = " ".join(issue.message for issue in issues)
    assert any(one in said for one in fragment.split("|")), said


def test_huge_documents_are_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    import gupai.log.validate as module

    monkeypatch.setattr(module, "MAX_BYTES", 1000)
    assert "not read" in validate_text("x" * 2000)[0].message


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.slow
def test_mutated_logs_never_crash_the_validator(data: st.DataObject) -> None:
    log = play_game("kap-shap", seed=data.draw(st.integers(0, 3)), agents=("random",))
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 50),
        st.sampled_from(["6-6", "4-2", "7-1", "draw", "", "declare", "take", "wall"]),
        st.lists(st.sampled_from(["6-6", "1-1", "2-1"]), max_size=3),
    )
    doc: Any = json.loads(json.dumps(log))
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
