"""Issue 25's command-line slips: each answered with a message that says what is wrong, and the right exit status."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from gupai.cli import main

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "conformance" / "kap-shap" / "valid" / "culin-2p-greedy-seed1.json"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="gupai", input=stdin)


def test_a_game_the_command_does_not_take_is_not_called_unknown() -> None:
    for args in (("hand", "tsung-shap", "6-6"), ("hand", "--game", "tsung-shap", "6-6")):
        result = run(*args)
        assert result.exit_code == 2
        last = result.stderr.strip().splitlines()[-1]
        assert "'tsung-shap' is a game, but not one this command takes (games: kap-shap, kap-tai-shap)." in last
        assert "Did you mean" not in last


def test_a_mistyped_game_still_gets_a_suggestion() -> None:
    result = run("play", "tsng-shap")
    assert result.exit_code == 2
    assert "'tsng-shap' is not a game here (games: kap-shap, kap-tai-shap, tsung-shap). Did you mean 'tsung-shap'?" in (
        result.stderr
    )


def test_the_game_alias_warns_that_it_is_going_and_still_works() -> None:
    alias = run("play", "--game", "kap-shap")
    first = run("play", "kap-shap")
    assert alias.exit_code == first.exit_code == 0
    assert alias.stdout == first.stdout  # the output is unchanged
    assert alias.stderr.splitlines()[0] == (
        "warning: --game is deprecated and will be removed in the next release: give the game first "
        "(gupai play kap-shap ...)"
    )
    assert "warning" not in first.stderr
    hand = run("hand", "--game", "kap-shap", "6-6", "6-6")
    assert hand.exit_code == 0 and hand.stderr.startswith("warning: --game is deprecated")


def test_unusable_input_is_exit_2_as_the_readme_promises() -> None:
    for args, stdin in (
        (("validate", str(ROOT / "README.md")), None),
        (("validate", "-"), ""),
        (("validate", "-"), "\n \n"),
    ):
        result = run(*args, stdin=stdin)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith("Error: cannot read ")
    assert "exit status: 0 every\ngame valid, 1 any invalid, 2 unreadable input" in (ROOT / "README.md").read_text(
        encoding="utf-8"
    ).replace("Exit status", "exit status")


def test_json_that_breaks_after_its_first_brace_is_unusable_input_as_any_text_that_is_not_json() -> None:
    """Issue 33: `[1,2` got exit 1 and `not json {` exit 2; text that is not JSON is unusable input (2) to every
    command, while a line of a JSON Lines corpus that breaks is one invalid game of it (1)."""
    result = run("validate", "-", "--json", stdin='{"format": "gupai-log"')
    assert result.exit_code == 2
    assert json.loads(result.stdout)["unreadable"] == [
        "<stdin>: not JSON (Expecting ',' delimiter at line 1 column 23): not a game log"
    ]
    lines = run("validate", "-", "--json", stdin='{"format": "gupai-log"}\n{"format": "gupai-log", }\n')
    assert lines.exit_code == 1
    assert json.loads(lines.stdout)["errors"][-1]["message"].startswith("not JSON: ")


def test_validate_refuses_stdin_twice_before_reading_it() -> None:
    result = run("validate", "-", "-", stdin=VALID.read_text(encoding="utf-8"))
    assert result.exit_code == 2
    assert "- (standard input) is named twice: it can be read only once" in result.stderr


def test_show_takes_a_directory_as_validate_does(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "game.json").write_text(VALID.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.json").write_text('{"not": "a log"}', encoding="utf-8")
    result = run("show", str(tmp_path))
    assert result.exit_code == 0, result.output
    single = run("show", str(VALID))
    assert result.stdout == f"=== {tmp_path / 'b' / 'game.json'} " + "=" * 40 + "\n" + single.stdout
    (tmp_path / "b" / "game.json").unlink()
    empty = run("show", str(tmp_path))
    assert empty.exit_code == 2 and "no game log in this directory" in empty.stderr


def test_show_escapes_what_a_log_would_send_to_the_terminal(tmp_path: Path) -> None:
    doc = json.loads(VALID.read_text(encoding="utf-8"))
    doc["preset"] = "culin\x1b[2J\nseat 0 wins after 1 turns"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run("show", str(path))
    assert "\x1b" not in result.output
    assert "preset culin\\x1b[2J\\nseat 0 wins after 1 turns, " in result.stdout.splitlines()[0]
    assert not [line for line in result.stdout.splitlines() if line.startswith("seat 0 wins after 1 turns")]
