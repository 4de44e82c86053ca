"""``gupai validate``: the verdicts of the validator (:mod:`gupai.log.read`) on files, directories and standard input,
in one process, in worker processes (``--jobs``) or on a Dask cluster (``--cluster``).

It lives apart from ``play`` and ``show``: checking logs needs neither the
games' player (:mod:`gupai.log.play`) nor the transcript, and each command
loads only its own module.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack

import click

from gupai.cli.app import EXIT_INTERNAL, safe_text
from gupai.core.errors import GupaiError
from gupai.core.terminal import printable
from gupai.log.read import LOG_MARK, MAX_ERRORS_PER_RUN, Submit, validate_all
from gupai.log.validate import UNFINISHED_NOTE, LogIssue

from .params import JSON


@click.command("validate")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    metavar="N",
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

    Exit status 0 when every game is valid (a game in progress: "valid so far, unfinished"), 1 when any is invalid, 2 when a
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
    from gupai.core.workers import CAN_FORK

    if not CAN_FORK:  # (no worker can be forked on this system: one process)
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
    refused: list[str] = []
    skipped: list[str] = []
    unfinished: list[tuple[str, int | None]] = []
    notes: list[tuple[str, int | None, str]] = []
    count = invalid = errors = listed = unfinished_games = noted_games = unexplained = unread = 0
    for path in paths:  # one path at a time: a crash on one loses none of the others
        try:
            result = validate_all([path], submit=submit, window=window, restart=restart, workers_read=workers_read)
        except GupaiError as error:  # the machine refused what the run needs (file descriptors): unusable, exit 2
            refused.append(error.message)
            continue
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
        unfinished += result.unfinished[: max(0, MAX_ERRORS_PER_RUN - len(unfinished))]
        unfinished_games += result.unfinished_games
        notes += result.notes[: max(0, MAX_ERRORS_PER_RUN - len(notes))]
        noted_games += result.noted_games
        errors += result.errors
        unexplained += result.unexplained
        unread += result.unreadable_unlisted
        unreadable += result.unreadable
    if as_json:
        report = {
            "valid": not errors and not invalid and not unreadable and not internal and not refused,
            "games": count,
            "invalid_games": invalid,
            "errors": [i.to_json() for i in issues],
            "error_count": errors,
            "unreadable": unreadable,
            "unfinished_games": unfinished_games,
            "unfinished": [{"file": file, "game": game, "message": UNFINISHED_NOTE} for file, game in unfinished],
            "noted_games": noted_games,
            "notes": [{"file": file, "game": game, "message": message} for file, game, message in notes],
        }
        if refused:
            report["refused"] = refused
        if unexplained:  # invalid games past the errors listed: not explained, so not counted in error_count
            report["unexplained_games"] = unexplained
        if unread:
            report["unreadable_unlisted"] = unread
        if internal:
            report["internal_errors"] = internal
        if skipped:
            report["skipped"] = skipped
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        for issue in issues:
            click.echo(printable(issue))
        for file, game in unfinished:
            click.echo(printable(f"{file}{'' if game is None else f':{game}'}: {UNFINISHED_NOTE}"))
        for file, game, message in notes:
            click.echo(printable(f"{file}{'' if game is None else f':{game}'}: valid ({message})"))
        if errors > listed:
            click.echo(f"... {errors - listed} more error(s) not listed", err=True)
        if unexplained:
            click.echo(
                f"... and {unexplained} more invalid game(s), whose errors were not looked for "
                f"(at most {MAX_ERRORS_PER_RUN} errors are listed)",
                err=True,
            )
        for item in unreadable:
            click.echo(f"Error: cannot read {printable(item)}", err=True)
        for item in refused:
            click.echo(f"Error: {printable(item)}", err=True)
        if unread:
            click.echo(f"Error: cannot read {unread} more line(s), not listed", err=True)
        if skipped:
            names = ", ".join(printable(name) for name in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
            click.echo(
                f"note: {len(skipped)} file(s) in the directories given are not game logs (no {LOG_MARK!r} in "
                f"them): not judged ({names}); name a file to validate it anyway",
                err=True,
            )
        more = f", {unfinished_games} unfinished" if unfinished_games else ""
        more += f", {noted_games} using a retired reading" if noted_games else ""
        click.echo(f"{count} game(s) read, {invalid} invalid{more}, {errors} error(s)", err=True)
    for item in internal:
        click.echo(printable(f"Error: {item} (a bug in gupai; please report it)"), err=True)
    if internal:
        sys.exit(EXIT_INTERNAL)
    if unreadable or refused:
        sys.exit(2)
    sys.exit(1 if errors or invalid else 0)
