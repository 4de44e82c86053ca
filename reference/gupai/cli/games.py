"""``gupai play``, ``gupai show`` and ``gupai validate``."""

from __future__ import annotations

import json
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import click

from gupai.cli.app import EXIT_INTERNAL, InputError, InvalidInput, safe_text, usage_errors
from gupai.core.errors import GupaiError
from gupai.core.jsonread import JSONReadError, loads
from gupai.core.spec import games
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_game
from gupai.log.read import (
    MAX_ERRORS_PER_RUN,
    Submit,
    UnreadableLogError,
    check_document,
    read_documents,
    validate_all,
)
from gupai.log.transcript import transcript
from gupai.log.validate import LogIssue
from gupai.sim.cluster import dask_client

from .params import AGENTS, GAMES, JSON, OPTION, PLAYERS, PRESET, SEED, SETS, game_argument, players_for, resolve


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
@click.option("--force", is_flag=True, help="Overwrite the --out file if it exists.")
@click.option("--show", "show_it", is_flag=True, help="Also print the transcript.")
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
) -> None:
    """Play GAME with agents and write its log (to stdout without --out)."""
    options = resolve(game, preset, option_items)
    players = players_for(game, options, players, sets)
    if out is not None:
        if count > 1 and not out.endswith(".jsonl"):
            raise click.BadParameter(
                f"{count} games go to JSON Lines, one game a line: name the file .jsonl, not {out!r}",
                param_hint="'--out'",
            )
        if Path(out).exists() and not force:
            raise click.BadParameter(f"{out} exists: give --force to overwrite it", param_hint="'--out'")
    overrides = {key: options[key] for key in options.overrides}
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    logs = [
        play_game(game, preset=preset, overrides=overrides, players=players, sets=sets, seed=seed + i, agents=names)
        for i in range(count)
    ]
    as_lines = count > 1 or (out is not None and out.endswith(".jsonl"))
    text = "\n".join(dumps_log_line(log) for log in logs) if as_lines else dumps_log(logs[0])
    if out is None:
        if show_it:
            for log in logs:
                click.echo(transcript(log), err=True)
        click.echo(text)
        return
    try:
        Path(out).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write {out}: {error.strerror or error}") from None
    if show_it:
        for log in logs:
            click.echo(transcript(log))
    click.echo(f"wrote {count} game{'s' if count > 1 else ''} to {out}", err=True)


@click.command("show")
@click.argument("log", type=click.Path(dir_okay=False, allow_dash=True))
@usage_errors
def show_cmd(log: str) -> None:
    """Print a readable transcript of LOG (a .json log, or each game of a .jsonl, - for stdin).

    Exit status 1 when LOG is not a readable game log, 2 when it cannot be read."""
    # Read as the validator reads (log.read): only regular files and -, each document capped, strict JSON.
    first = True
    try:
        for number, text in read_documents(log):
            try:
                doc = loads(text)
            except JSONReadError as error:
                where = f"{log}:{number}" if number is not None else log
                raise InvalidInput(f"{where} is not JSON: {error.message}") from None
            issues = check_document(doc, file=log, game=number)
            if number is not None:
                if not first:
                    click.echo()
                click.echo(f"--- game {number} " + "-" * 40)
            first = False
            try:
                click.echo(transcript(doc))
            except (ValueError, KeyError, TypeError, AttributeError, IndexError):
                raise InvalidInput(
                    f"{log} is not a readable game log; run `gupai validate {log}` for details"
                ) from None
            if issues:
                click.echo(f"warning: {log} is not a valid log: {issues[0]}", err=True)
    except UnreadableLogError as error:
        raise InputError(f"cannot read {error.message}") from None
    if first:
        raise InvalidInput(f"{log} holds no game log")


@click.command("validate")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes that check the games (the reading stays in one); the output does not depend on it.",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help="Check the games on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://host:8786); "
    "the output is the same. Needs the optional extra: pip install 'gupai[cluster]'.",
)
@JSON
def validate_cmd(paths: tuple[str, ...], jobs: int, cluster: str | None, as_json: bool) -> None:
    """Validate game logs: files, directories (recursively .json/.jsonl), or - for stdin.

    Exit status 0 when every game is valid, 1 when any is invalid, 2 when a
    path cannot be read (or --cluster reaches no scheduler), 3 on an internal
    error (the results of the other paths are still printed)."""
    with ExitStack() as stack:
        try:
            submit = _workers(stack, jobs=jobs, cluster=cluster)
        except GupaiError as error:
            raise click.UsageError(safe_text(error.message)) from None
        _validate(paths, as_json=as_json, submit=submit, window=2 * (jobs if cluster is None else 8))


def _workers(stack: ExitStack, *, jobs: int, cluster: str | None) -> Submit | None:
    """How batches reach the workers: a Dask client's, a process pool's, or none (checked here)."""
    if cluster is not None:
        client = stack.enter_context(dask_client(cluster))
        return lambda task, batch: client.submit(task, batch, pure=False)
    if jobs == 1:
        return None
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return stack.enter_context(ProcessPoolExecutor(jobs, mp_context=context)).submit


def _validate(paths: tuple[str, ...], *, as_json: bool, submit: Submit | None, window: int) -> None:
    issues: list[LogIssue] = []
    unreadable: list[str] = []
    internal: list[str] = []
    count = invalid = errors = listed = 0
    for path in paths:  # one path at a time: a crash on one loses none of the others
        try:
            result = validate_all([path], submit=submit, window=window)
        except Exception as error:
            internal.append(" ".join(f"{path}: internal error: {type(error).__name__}: {error}".split()))
            continue
        kept = result.issues[: max(0, MAX_ERRORS_PER_RUN - len(issues))]  # the run's cap, across paths
        issues += kept
        listed += sum(1 for issue in kept if not issue.message.startswith("... "))
        count += result.games
        invalid += result.invalid_games
        errors += result.errors
        unreadable += result.unreadable
    if as_json:
        report = {
            "valid": not errors and not unreadable and not internal,
            "games": count,
            "invalid_games": invalid,
            "errors": [i.to_json() for i in issues],
            "error_count": errors,
            "unreadable": unreadable,
        }
        if internal:
            report["internal_errors"] = internal
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        for issue in issues:
            click.echo(str(issue))
        if errors > listed:
            click.echo(f"... {errors - listed} more error(s) not listed", err=True)
        for item in unreadable:
            click.echo(f"Error: cannot read {item}", err=True)
        click.echo(f"{count} game(s) read, {invalid} invalid, {errors} error(s)", err=True)
    for item in internal:
        click.echo(safe_text(f"Error: {item} (a bug in gupai; please report it)"), err=True)
    if internal:
        sys.exit(EXIT_INTERNAL)
    if unreadable:
        sys.exit(2)
    sys.exit(1 if errors else 0)
