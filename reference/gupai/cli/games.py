"""``gupai play``, ``gupai show`` and ``gupai validate``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import click

from gupai.cli.app import EXIT_INTERNAL, InputError, InvalidInput, safe_text, usage_errors
from gupai.core.errors import GupaiError
from gupai.core.files import check_writable, write_file
from gupai.core.jsonread import JSONReadError, loads
from gupai.core.spec import games
from gupai.core.terminal import printable
from gupai.games.registry import GAMES as GAME_FACTORIES
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_match
from gupai.log.read import (
    LOG_MARK,
    MAX_ERRORS_PER_RUN,
    Submit,
    UnreadableLogError,
    check_document,
    log_files,
    read_documents,
    validate_all,
)
from gupai.log.transcript import transcript
from gupai.log.validate import LogIssue

from .params import AGENTS, FORCE, GAMES, JSON, OPTION, PLAYERS, PRESET, SEED, SETS, game_argument, players_for, resolve


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
@FORCE
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
            raise click.BadParameter(f"{printable(out)} exists: give --force to overwrite it", param_hint="'--out'")
        check_writable(out, force=force)  # before playing; the file is claimed again when it is written
    made = GAME_FACTORIES[game](options, players=players, sets=sets)  # the game resolved once, for every play
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    # a match when the first player follows the previous game (first-player=previous-winner/previous-higher)
    logs = list(play_match(made, seed=seed, count=count, agents=names))
    as_lines = count > 1 or (out is not None and out.endswith(".jsonl"))
    text = "\n".join(dumps_log_line(log) for log in logs) if as_lines else dumps_log(logs[0])
    if out is None:
        if show_it:
            for log in logs:
                click.echo(transcript(log), err=True)
        click.echo(text)
        return
    write_file(out, text + "\n", force=force)  # whole or not at all; a file made meanwhile is not overwritten
    if show_it:
        for log in logs:
            click.echo(transcript(log))
    click.echo(f"wrote {count} game{'s' if count > 1 else ''} to {printable(out)}", err=True)


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
            except JSONReadError as error:
                where = f"{shown}:{number}" if number is not None else shown
                raise InvalidInput(f"{where} is not JSON: {printable(error.message)}") from None
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


@click.command("validate")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes that check the games (a large .jsonl file is read by them, a part each); "
    "the output does not depend on it.",
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
    """Validate game logs: files, directories (recursively, the .json/.jsonl files that say gupai-log), or - for stdin.

    Exit status 0 when every game is valid, 1 when any is invalid, 2 when a
    path cannot be read (or --cluster reaches no scheduler), 3 on an internal
    error (the results of the other paths are still printed)."""
    if paths.count("-") > 1:
        raise click.UsageError("- (standard input) is named twice: it can be read only once")
    with ExitStack() as stack:
        try:
            submit, restart, window = _workers(stack, jobs=jobs, cluster=cluster)
        except GupaiError as error:
            raise click.UsageError(safe_text(error.message)) from None
        _validate(paths, as_json=as_json, submit=submit, window=window, restart=restart, workers_read=cluster is None)


def _workers(
    stack: ExitStack, *, jobs: int, cluster: str | None
) -> tuple[Submit | None, Callable[[], None] | None, int]:
    """How batches reach the workers (a Dask client's, a process pool's, or none), how a broken pool restarts,
    and how many batches may be out at once.

    (The pool and the cluster's client are imported here: one process needs neither.)"""
    if cluster is not None:
        from gupai.sim.cluster import dask_client

        client = stack.enter_context(dask_client(cluster))
        return (lambda task, batch: client.submit(task, batch, pure=False)), None, 16
    if jobs == 1:
        return None, None, 0
    from gupai.core.pool import AHEAD, WorkerPool

    # jobs - 1 workers, and this process checks its share too (whenever the workers have enough queued, and
    # what they have not begun when it waits): left by a signal or an error, the workers are killed at once
    pool = stack.enter_context(WorkerPool(jobs - 1))
    return pool.submit_or_run, pool.restart, 2 * AHEAD * (jobs - 1)


def _validate(
    paths: tuple[str, ...],
    *,
    as_json: bool,
    submit: Submit | None,
    window: int,
    restart: Callable[[], None] | None = None,
    workers_read: bool = False,
) -> None:
    issues: list[LogIssue] = []
    unreadable: list[str] = []
    internal: list[str] = []
    skipped: list[str] = []
    count = invalid = errors = listed = 0
    for path in paths:  # one path at a time: a crash on one loses none of the others
        try:
            result = validate_all([path], submit=submit, window=window, restart=restart, workers_read=workers_read)
        except Exception as error:
            internal.append(" ".join(f"{path}: internal error: {type(error).__name__}: {error}".split()))
            continue
        internal += [
            f"{games}: a worker process was lost twice checking these games: not judged" for games in result.lost
        ]
        skipped += result.skipped
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
        if skipped:
            report["skipped"] = skipped
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        for issue in issues:
            click.echo(printable(issue))
        if errors > listed:
            click.echo(f"... {errors - listed} more error(s) not listed", err=True)
        for item in unreadable:
            click.echo(f"Error: cannot read {printable(item)}", err=True)
        if skipped:
            names = ", ".join(printable(name) for name in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
            click.echo(
                f"note: {len(skipped)} file(s) in the directories given are not game logs (no {LOG_MARK!r} in "
                f"them): not judged ({names}); name a file to validate it anyway",
                err=True,
            )
        click.echo(f"{count} game(s) read, {invalid} invalid, {errors} error(s)", err=True)
    for item in internal:
        click.echo(printable(f"Error: {item} (a bug in gupai; please report it)"), err=True)
    if internal:
        sys.exit(EXIT_INTERNAL)
    if unreadable:
        sys.exit(2)
    sys.exit(1 if errors else 0)
