"""The command line's one grammar: flags that agree across commands, the README's commands, did-you-mean.

The help of every command is read the way a user reads it (`gupai --help`,
then `gupai COMMAND --help` for each command it lists), and each flag is
checked against the same flag in every other command.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from gupai.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kap-shap", "kap-tai-shap", "tsung-shap")
#: Flags whose meaning is the same but whose help names a different kind of target.
#: --out: a FILE for `play`, a directory for `simulate` and `compare`; --jobs and --cluster: games
#: played (`simulate`, `compare`, all cores by default) or checked (`validate`, one process by default).
SAME_MEANING_OTHER_WORDS = {
    "--out",
    "--jobs",
    "--cluster",
    "--force",
    "--games",
}  # --force names the outputs of its command; --games of compare counts each preset's
#: Flags that name the same thing, an engine, in two shapes: the command line of the engine
#: under test (`conformance run`), or which of gupai's own two engines plays (`simulate`, `compare`).
SAME_NOUN_OTHER_SHAPE = {"--engine"}


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="gupai")


def _listed_commands(help_text: str) -> list[str]:
    section = help_text.split("Commands:", 1)[1]
    return [line.split()[0] for line in section.splitlines() if line.startswith("  ") and line.strip()]


def walk_help() -> dict[str, str]:
    """The help text of every command, reached through the help pages alone."""
    pages: dict[str, str] = {}
    todo = [""]
    while todo:
        path = todo.pop()
        result = run(*path.split(), "--help")
        assert result.exit_code == 0, (path, result.output)
        pages[path] = result.output
        if "Commands:" in result.output:
            todo += [f"{path} {name}".strip() for name in _listed_commands(result.output)]
    return pages


def command_of(path: str) -> click.Command:
    command: click.Command = main
    for name in path.split():
        assert isinstance(command, click.Group)
        found = command.commands.get(name)
        assert found is not None
        command = found
    return command


def test_the_help_pages_reach_every_command() -> None:
    pages = walk_help()
    assert {"presets", "options", "rules", "play", "hand", "pairs", "conformance run"} <= set(pages)
    assert "Exit status" in pages[""] and "3 an internal error" in pages[""].replace("\n ", "")
    assert "_GUPAI_COMPLETE" in pages[""]


def test_flags_agree_across_every_command() -> None:
    """One long flag: the same short flag, kind (flag, value, repeatable) and help in every command."""
    seen: dict[str, tuple[str, tuple[object, ...], str]] = {}
    shorts: dict[str, tuple[str, str]] = {}
    for path, page in walk_help().items():
        for param in command_of(path).params:
            if not isinstance(param, click.Option) or "--help" in param.opts:
                continue
            longs = [o for o in param.opts + param.secondary_opts if o.startswith("--")]
            short = [o for o in param.opts if not o.startswith("--")]
            for flag in longs:
                assert flag in page, f"{flag} of `gupai {path}` is missing from its --help"
                shape = (tuple(short), param.is_flag, param.multiple, param.metavar)
                help_text = "" if flag in SAME_MEANING_OTHER_WORDS else (param.help or "")
                if flag in SAME_NOUN_OTHER_SHAPE:
                    continue
                if flag in seen:
                    where, other_shape, other_help = seen[flag]
                    assert shape == other_shape, f"{flag}: `gupai {path}` {shape} but `gupai {where}` {other_shape}"
                    assert help_text == other_help, f"{flag} means one thing in `gupai {path}`, another in {where}"
                else:
                    seen[flag] = (path, shape, help_text)
            for flag in short:
                names = (longs[0] if longs else "", path)
                assert shorts.setdefault(flag, names)[0] == names[0], (
                    f"{flag} names two options: {names}, {shorts[flag]}"
                )
    assert seen["--option"][1][0] == ("-o",) and seen["--option"][1][2] is True  # -o, repeatable
    assert seen["--games"][1][0] == ("-n",)


def test_every_command_about_a_game_takes_it_first() -> None:
    """Where a command has --game (the alias), GAME is its first positional argument."""
    for path in walk_help():
        command = command_of(path)
        names = [o for p in command.params if isinstance(p, click.Option) for o in p.opts]
        if "--game" not in names:
            continue
        arguments = [p for p in command.params if isinstance(p, click.Argument)]
        assert arguments, path
        usage = command.collect_usage_pieces(click.Context(command))
        assert usage[1].lstrip("[").startswith("GAME"), (path, usage)


def test_games_has_a_default_everywhere() -> None:
    for path in walk_help():
        for param in command_of(path).params:
            if isinstance(param, click.Option) and "--games" in param.opts:
                assert isinstance(param.default, int) and param.default >= 1, path


def _readme_commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The command line", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    commands: list[list[str]] = []
    for line in block.splitlines():
        words = shlex.split(line.split("#", 1)[0].replace("[", " ").replace("]", " ").replace("...", " "))
        if not words:
            continue
        if words[0] == "gupai":
            commands.append(words[1:])
        else:
            commands[-1] += words
    return commands


def test_the_readme_commands_follow_the_one_grammar() -> None:
    commands = _readme_commands()
    documented = {" ".join(words[:2]) if words[0] == "conformance" else words[0] for words in commands}
    assert documented == {path for path in walk_help() if path and path != "conformance"}
    for words in commands:
        path = words[0] if words[0] != "conformance" else " ".join(words[:2])
        command = command_of(path)
        known = {o for p in command.params if isinstance(p, click.Option) for o in p.opts}
        for word in words:
            if word.startswith("-"):
                assert word in known, f"README: `gupai {path}` has no {word}"
        assert "--game" not in words, f"README: `gupai {path}` should give the game first"


# ----------------------------------------------------------- did you mean
@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (("pairs", "--preset", "culn"), "Did you mean 'culin'?"),
        (("hand", "kap-shap", "--preset", "pagt", "6-6"), "Did you mean 'pagat'?"),
        (("play", "kap-shap", "--preset", "celco"), "Did you mean 'celko'?"),
        (("simulate", "kap-shap", "--preset", "culn", "-n", "2"), "Did you mean 'culin'?"),
        (("compare", "kap-shap", "--presets", "culin,pagt", "-n", "2"), "Did you mean 'pagat'?"),
        (("pairs", "-o", "pair-sett=printed"), "Did you mean 'pair-set'?"),
        (("play", "tsung-shap", "-o", "reech=laid-end"), "Did you mean 'reach'?"),
        (("pairs", "-o", "pair-set=printd"), "Did you mean 'printed'?"),
        (("play", "kap-shp"), "Did you mean 'kap-shap'?"),
        (("hand", "kap-tai-shp", "6-6"), "Did you mean 'kap-tai-shap'?"),
        (("presets", "tsung-shp"), "Did you mean 'tsung-shap'?"),
        (("rules", "kap-shap", "ks.turn.tak"), "Did you mean 'ks.turn.take'?"),
        (("play", "kap-shap", "--seeed", "1"), "Did you mean one of: '--seed'"),
    ],
)
def test_typos_get_a_suggestion_in_clicks_style(args: tuple[str, ...], hint: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Usage: gupai ")
    (error,) = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert hint in error
    assert "Traceback" not in result.output


def test_the_game_alias_still_works_and_must_agree() -> None:
    assert run("presets", "--game", "kap-shap", "--json").exit_code == 0
    assert run("pairs", "--game", "kap-tai-shap", "--json").stdout == run("pairs", "kap-tai-shap", "--json").stdout
    clash = run("play", "kap-shap", "--game", "tsung-shap")
    assert clash.exit_code == 2 and "give the game once" in clash.stderr
    missing = run("play")
    assert missing.exit_code == 2 and "Missing argument 'GAME'" in missing.stderr


def test_pairs_header_names_the_overrides_not_a_preset_they_changed() -> None:
    result = run("pairs", "-o", "four-two-value=6")
    assert result.exit_code == 0
    header = result.stdout.splitlines()[0]
    assert "preset culin" not in header
    assert re.fullmatch(r"Kap Shap, culin with four-two-value=6: \d+ kinds of ten-pair", header), header


def test_the_readme_synopsis_names_every_option_of_each_command() -> None:
    """The README's synopsis is complete: each command's every option (but --help and the --game alias) is in it."""
    walk_help()  # every command loaded
    named: dict[str, set[str]] = {}
    for words in _readme_commands():
        path = words[0] if words[0] != "conformance" else " ".join(words[:2])
        named.setdefault(path, set()).update(word for word in words if word.startswith("-"))
    for path, flags in named.items():
        options = [p for p in command_of(path).params if isinstance(p, click.Option)]
        for option in options:
            if "--help" in option.opts or "--game" in option.opts:
                continue
            assert set(option.opts) & flags, f"README: `gupai {path}` does not name {'/'.join(option.opts)}"
