"""``gupai play``, ``gupai show`` and ``gupai validate``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from gupai.core.options import parse_assignments
from gupai.core.spec import games
from gupai.log.format import dumps_log, dumps_log_line
from gupai.log.play import play_game
from gupai.log.transcript import transcript
from gupai.log.validate import validate_paths

from . import main, usage_errors


@main.command("play")
@click.argument("game", type=click.Choice(games()))
@click.option("--preset", default=None, help="Preset fixing every option (default: culin).")
@click.option("--option", "-o", "option_items", multiple=True, metavar="KEY=VALUE", help="Override one option.")
@click.option("--players", type=int, default=None, help="Number of players.")
@click.option("--sets", type=int, default=None, help="Number of sets (Kap Tai Shap).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal and the agents.")
@click.option(
    "--games",
    "count",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Games to play (seeds seed, seed+1, ...).",
)
@click.option(
    "--agents", default="greedy", show_default=True, help="One agent for every seat, or one a seat, comma-separated."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the log here (.jsonl: one game a line).",
)
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
    show_it: bool,
) -> None:
    """Play GAME with agents and write its log (to stdout without --out)."""
    overrides = parse_assignments(option_items)
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
    Path(out).write_text(text + "\n", encoding="utf-8")
    if show_it:
        for log in logs:
            click.echo(transcript(log))
    click.echo(f"wrote {count} game{'s' if count > 1 else ''} to {out}", err=True)


@main.command("show")
@click.argument("log", type=click.Path(dir_okay=False, allow_dash=True))
@usage_errors
def show_cmd(log: str) -> None:
    """Print a readable transcript of LOG (a .json log, or each game of a .jsonl)."""
    try:
        text = sys.stdin.read() if log == "-" else Path(log).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        click.echo(f"gupai: error: cannot read {log}: {getattr(error, 'strerror', None) or error}", err=True)
        sys.exit(2)
    issues, _, _ = validate_paths([log]) if log != "-" else ([], 0, [])
    try:
        docs = (
            [json.loads(line) for line in text.splitlines() if line.strip()]
            if log.endswith(".jsonl")
            else [json.loads(text)]
        )
        for doc in docs:
            click.echo(transcript(doc))
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        click.echo(f"gupai: error: {log} is not a readable game log; run `gupai validate {log}` for details", err=True)
        sys.exit(1)
    if issues:
        click.echo(f"warning: {log} is not a valid log: {issues[0]}", err=True)


@main.command("validate")
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report.")
def validate_cmd(paths: tuple[str, ...], as_json: bool) -> None:
    """Validate game logs: files, directories (recursively .json/.jsonl), or - for stdin.

    Exit status 0 when every game is valid, 1 when any is invalid, 2 when a
    path cannot be read."""
    issues, count, unreadable = validate_paths(paths)
    bad_games = {(i.file, i.game) for i in issues}
    if as_json:
        click.echo(
            json.dumps(
                {
                    "valid": not issues and not unreadable,
                    "games": count,
                    "invalid_games": len(bad_games),
                    "errors": [i.to_json() for i in issues],
                    "unreadable": unreadable,
                },
                ensure_ascii=False,
            )
        )
    else:
        for issue in issues:
            click.echo(str(issue))
        for item in unreadable:
            click.echo(f"gupai: error: cannot read {item}", err=True)
        click.echo(f"{count} game(s) read, {len(bad_games)} invalid, {len(issues)} error(s)", err=True)
    if unreadable:
        sys.exit(2)
    sys.exit(1 if issues else 0)
