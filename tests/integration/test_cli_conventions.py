"""The command line follows the conventions people know: widths, help, typos, case, completion, quiet, colour.

Each test states the convention and checks the real command's output
against it (the widths by measuring every line, the help by reading each
command's own text), not against a recorded copy.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.cli.output import console
from gupai.core.spec import game_spec

CATALOGUE = [
    ("presets", "kap-shap"),
    ("presets", "kap-tai-shap"),
    ("presets", "tsung-shap"),
    ("options", "kap-shap"),
    ("options", "tsung-shap"),
    ("pairs", "kap-shap"),
]


def option_help(text: str, option: str) -> str:
    """The help of ``option`` in a command's ``--help`` text, its wrapped lines joined."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"\s+(-\w, )?{option}\b", line))
    block = [lines[start]]
    for line in lines[start + 1 :]:
        if not line.startswith(" " * 6):  # the next option (two spaces in), or the end of the list
            break
        block.append(line)
    return " ".join(" ".join(block).split())


def gupai(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    done = CliRunner().invoke(main, list(args), prog_name="gupai", env=env)
    return done.exit_code, done.stdout, done.stderr


@pytest.mark.parametrize("columns", ["40", "80"])
@pytest.mark.parametrize("args", CATALOGUE, ids=" ".join)
def test_a_table_fits_columns_and_no_line_ends_in_spaces(args: tuple[str, str], columns: str) -> None:
    code, out, _ = gupai(*args, env={"COLUMNS": columns})
    assert code == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= int(columns)
    assert [line for line in lines if line != line.rstrip()] == []


def test_piped_output_without_columns_is_120_wide_at_most() -> None:
    code, out, _ = gupai("presets", "kap-shap", env={"COLUMNS": ""})
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 120


@pytest.mark.parametrize("game", ["kap-shap", "tsung-shap"])
def test_at_40_columns_every_option_and_value_name_is_whole(game: str) -> None:
    _, out, _ = gupai("options", game, env={"COLUMNS": "40"})
    words = set(re.findall(r"[\w.-]+", out))
    for option in game_spec(game).options:
        assert option.key in words
        assert set(option.values) <= words


def test_at_40_columns_a_preset_is_a_block_not_a_table_one_word_wide() -> None:
    _, out, _ = gupai("presets", "kap-shap", env={"COLUMNS": "40"})
    for preset in game_spec("kap-shap").presets:
        assert any(line.startswith(f"{preset.name}: ") for line in out.splitlines()), preset.name


def test_each_commands_force_names_that_commands_outputs() -> None:
    outputs = {
        ("play",): {"--out"},
        ("simulate",): {"--out"},
        ("compare",): {"--out"},
        ("conformance", "run"): {"--report", "--badge", "--junit"},
        ("conformance", "compare"): {"--html"},
    }
    every = {"--out", "--report", "--badge", "--junit", "--html"}
    for command, own in outputs.items():
        _, out, _ = gupai(*command, "--help", env={"COLUMNS": "200"})
        force = option_help(out, "--force")
        named = set(re.findall(r"--[a-z]+", force)) - {"--force"}
        assert named & every == own, (command, force)


def test_help_gives_each_command_its_own_defaults_and_a_metavar_for_every_value() -> None:
    helps = {}
    for command in ["play", "simulate", "compare", "validate", "hand", "pairs", "show"]:
        helps[command] = gupai(command, "--help", env={"COLUMNS": "200"})[1]
    helps["conformance run"] = gupai("conformance", "run", "--help", env={"COLUMNS": "200"})[1]
    for command, text in helps.items():
        assert "RANGE" not in text and "INTEGER" not in text and "FLOAT" not in text, command
    assert "compare" not in option_help(helps["play"], "--games")
    assert "for each preset" in option_help(helps["compare"], "--games")
    assert "every core" in option_help(helps["simulate"], "--jobs")
    assert "[default: 1;" in option_help(helps["validate"], "--jobs")


def test_a_mistyped_command_gets_a_did_you_mean() -> None:
    code, _, err = gupai("simulat", "kap-shap")
    assert code == 2 and "No such command 'simulat'. Did you mean 'simulate'?" in err


@pytest.mark.parametrize(
    ("shouted", "plain"),
    [
        (["RULES", "KAP-SHAP", "KS.ANTE"], ["rules", "kap-shap", "ks.ante"]),
        (["pairs", "--preset", "PAGAT"], ["pairs", "--preset", "pagat"]),
        (["pairs", "KAP-TAI-SHAP", "-o", "PAIR-SET=Printed"], ["pairs", "kap-tai-shap", "-o", "pair-set=printed"]),
        (
            ["hand", "Kap-Shap", "--preset", "Culin", "6-6", "6-6"],
            ["hand", "kap-shap", "--preset", "culin", "6-6", "6-6"],
        ),
    ],
)
def test_names_in_another_case_mean_the_same_when_only_one_name_matches(shouted: list[str], plain: list[str]) -> None:
    assert gupai(*shouted) == gupai(*plain)
    assert gupai(*plain)[0] == 0


def _complete(words: str) -> list[str]:
    env = {"_GUPAI_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    _, out, _ = gupai(env=env)
    return [line.split(",", 1)[1] for line in out.splitlines()]


def test_completion_offers_rule_ids_agents_and_the_next_item_of_a_comma_list() -> None:
    assert "ks.ante" in _complete("gupai rules kap-shap ks.an")
    assert _complete("gupai play kap-shap --agents greedy,ra") == ["greedy,random"]
    presets = _complete("gupai compare kap-shap --presets culin,")
    assert "culin,pagat" in presets and all(item.startswith("culin,") for item in presets)
    assert _complete("gupai simulat") == ["simulate"]


def test_quiet_drops_the_progress_and_timing_and_json_drops_the_timing() -> None:
    code, _, err = gupai("simulate", "kap-shap", "-n", "20", "-j", "1")
    assert code == 0 and "games in" in err  # the check below can fail
    assert gupai("simulate", "kap-shap", "-n", "20", "-j", "1", "-q")[2] == ""
    assert gupai("simulate", "kap-shap", "-n", "20", "-j", "1", "--json")[2] == ""
    assert gupai("compare", "kap-shap", "--presets", "culin,pagat", "-n", "5", "-j", "1", "--quiet")[2] == ""


def test_play_quiet_writes_its_file_without_a_word(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    assert "wrote 1 game" in gupai("play", "kap-shap", "--out", str(out))[2]
    code, _, err = gupai("play", "kap-shap", "--out", str(tmp_path / "quiet.json"), "-q")
    assert code == 0 and err == "" and (tmp_path / "quiet.json").read_text() == out.read_text()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color", ["", "1"])
def test_no_color_drops_bold_too(no_color: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm-256color")
    terminal = _Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    console().print("[bold]FAIL[/] [red]x[/]")
    assert ("\x1b[" in terminal.getvalue()) == (not no_color)


def test_dump_tests_with_a_report_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    code, out, err = gupai("conformance", "run", "--dump-tests", "--run", "ks.ante*", "--report", str(report))
    assert code == 2 and "--report" in err and out == ""
    assert not report.exists()
    assert gupai("conformance", "run", "--dump-tests", "--run", "ks.ante*")[0] == 0
