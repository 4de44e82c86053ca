"""``gupai play`` and ``gupai show``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from gupai.cli.app import InputError, InvalidInput, usage_errors
from gupai.core.files import check_writable, streamed_file
from gupai.core.jsonread import JSONReadError, JSONSyntaxError, loads
from gupai.core.spec import games
from gupai.core.terminal import printable
from gupai.games.agents import HUMAN
from gupai.games.registry import GAMES as GAME_FACTORIES
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_match
from gupai.log.read import (
    UnreadableLogError,
    check_document,
    log_files,
    read_documents,
)
from gupai.log.transcript import transcript

from .params import (
    AGENTS,
    FORCE,
    GAMES,
    OPTION,
    PLAYERS,
    PRESET,
    QUIET,
    SEED,
    SETS,
    game_argument,
    players_for,
    resolve,
)


@click.command("play")
@game_argument(choices=games())
@PRESET
@OPTION
@PLAYERS
@SETS
@SEED
@GAMES(1)
@AGENTS
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the log to FILE (.json for one game; several games go to .jsonl, one game a line).",
)
@FORCE("--out")
@click.option(
    "--show",
    "show_it",
    is_flag=True,
    help="Also print the transcript (on a terminal without --out, the transcript alone).",
)
@QUIET
@usage_errors
def play_cmd(
    game: str,
    preset: str | None,
    option_items: tuple[str, ...],
    players: int | None,
    sets: int | None,
    seed: int,
    count: int,
    agents: str,
    out: str | None,
    force: bool,
    show_it: bool,
    quiet: bool = False,
) -> None:
    """Play GAME with agents and write its log (to stdout without --out).

    With `human` among the agents (`--agents human,greedy`), people play at this terminal: each human seat
    is shown its own view and answers with a move's number or text (or help, hint, undo, rules [ID], quit);
    the last agent named holds the seats left over.
    When stdin is not a terminal, one line is read a decision. quit (or the end of the input) exits 0,
    Ctrl-C 130; with --out the game so far is written."""
    options = resolve(game, preset, option_items)
    players = players_for(game, options, players, sets)
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    if HUMAN in names and count > 1:
        raise click.BadParameter("a human plays one game at a time: leave out -n", param_hint="'-n'")
    if out is not None:
        if count > 1 and not out.endswith(".jsonl"):
            raise click.BadParameter(
                f"{count} games go to JSON Lines, one game a line: name the file .jsonl, not {out!r}",
                param_hint="'--out'",
            )
        if Path(out).exists() and not force:
            raise click.BadParameter(f"{printable(out)} exists: give --force to overwrite it", param_hint="'--out'")
        check_writable(out, force=force)  # before playing; the file is claimed again when it is written
    made = GAME_FACTORIES[game](options, players=players, sets=sets)  # the game resolved once, for every play
    if HUMAN in names:
        from gupai.cli.table import play_at_table

        if 1 < len(names) < made.players:  # `human,greedy` at a table of four: the last agent named holds the rest
            names = names + (names[-1],) * (made.players - len(names))
        play_at_table(made, seed=seed, names=names, out=out, force=force)
        return
    # a match when the first player follows the previous game (first-player=previous-winner/previous-higher);
    # each game is written as it ends, never all of them held at once
    logs = play_match(made, seed=seed, count=count, agents=names)
    as_lines = count > 1 or (out is not None and out.endswith(".jsonl"))
    if out is None:
        _print_logs(logs, as_lines=as_lines, show_it=show_it)
        return
    with streamed_file(out, force=force) as stream:  # whole or not at all; a file made meanwhile is not overwritten
        for log in logs:
            stream.write(((dumps_log_line(log) if as_lines else dumps_log(log)) + "\n").encode())
            stream.flush()  # on disk as each game ends
            if show_it:
                click.echo(transcript(log))
    if not quiet:
        click.echo(f"wrote {count} game{'s' if count > 1 else ''} to {printable(out)}", err=True)


def _stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def _print_logs(logs: Iterator[dict[str, Any]], *, as_lines: bool, show_it: bool) -> None:
    """The logs on stdout as each game ends; with --show on a terminal the transcripts alone (the log is for
    files and pipes), else the transcripts on stderr beside the logs."""
    transcripts_only = show_it and _stdout_is_terminal()
    for log in logs:
        if transcripts_only:
            click.echo(transcript(log))
            continue
        if show_it:
            click.echo(transcript(log), err=True)
        click.echo(dumps_log_line(log) if as_lines else dumps_log(log))
    if transcripts_only:
        click.echo("(the log is not printed on a terminal with --show: give --out FILE, or pipe it)", err=True)


@click.command("show")
@click.argument("log", type=click.Path(allow_dash=True))
@usage_errors
def show_cmd(log: str) -> None:
    """Print a readable transcript of LOG (a .json log, each game of a .jsonl, - for stdin, or every log in a
    directory, as validate reads it).

    Exit status 1 when LOG is not a readable game log, 2 when it cannot be read (for a directory: the
    worst of its files)."""
    if log == "-" or not Path(log).is_dir():
        _show_one(log)
        return
    files, problems = log_files(log)
    status = 0
    for problem in problems:
        click.echo(f"Error: cannot read {printable(problem)}", err=True)
        status = 2
    if not files and not problems:
        raise InputError(f"cannot read {printable(log)}: no game log in this directory")
    for number, path in enumerate(files):
        if number:
            click.echo()
        click.echo(f"=== {printable(path)} " + "=" * 40)
        try:
            _show_one(path)
        except click.ClickException as error:
            error.show()
            status = max(status, error.exit_code)
    sys.exit(status)


def _show_one(log: str) -> None:
    # Read as the validator reads (log.read): only regular files and -, each document capped, strict JSON.
    shown = printable(log)
    first = True
    try:
        for number, text in read_documents(log):
            try:
                doc = loads(text)
            except JSONReadError as error:  # as validate judges it: a document that is not JSON at all is unusable
                # (2); JSON the strict reader refuses, or a line of a JSON Lines corpus, an invalid game (1)
                where = f"{shown}:{number}" if number is not None else shown
                syntax = isinstance(error, JSONSyntaxError) or text.lstrip(" \t\r\n\ufeff")[:1] not in ("{", "[")
                refused = InputError if number is None and syntax else InvalidInput
                raise refused(f"{where} is not JSON: {printable(error.message)}") from None
            issues = check_document(doc, file=log, game=number)
            if number is not None:
                if not first:
                    click.echo()
                click.echo(f"--- game {number} " + "-" * 40)
            first = False
            try:
                click.echo(transcript(_escaped(doc)))
            except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
                raise InvalidInput(
                    f"{shown} is not a readable game log; run `gupai validate {shown}` for details"
                ) from None
            if issues:
                click.echo(f"warning: {shown} is not a valid log: {printable(issues[0])}", err=True)
    except UnreadableLogError as error:
        raise InputError(f"cannot read {printable(error.message)}") from None
    if first:
        raise InvalidInput(f"{shown} holds no game log")


def _escaped(doc: Any) -> Any:
    """``doc`` with every string (keys too) made :func:`printable`: a log's text cannot reach the terminal raw."""
    if isinstance(doc, str):
        return printable(doc)
    if isinstance(doc, list):
        return [_escaped(item) for item in doc]
    if isinstance(doc, dict):
        return {printable(key): _escaped(value) for key, value in doc.items()}
    return doc
