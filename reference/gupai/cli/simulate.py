"""``gupai simulate`` and ``gupai compare``: many games, their figures with 95% intervals."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import click

from gupai.cli.app import usage_errors
from gupai.core.errors import OptionError
from gupai.core.files import check_directory, check_writable
from gupai.core.spec import game_spec, games
from gupai.core.terminal import printable
from gupai.games.registry import GAMES as GAME_FACTORIES
from gupai.sim.fast import FAST_INSTALL, FAST_PATH_NOTE, fast_available
from gupai.sim.plots import NO_PLOTS_NOTE, plots_available
from gupai.sim.report import output_names, summary_rows, write_outputs
from gupai.sim.simulate import (
    AUTO_FAST_FROM,
    ENGINES,
    Simulation,
    SimulationResult,
    compare,
    default_jobs,
    simulate,
    simulation_document,
)

from .output import console, echo_rich, output_width
from .params import (
    AGENTS,
    FORCE,
    GAMES,
    JSON,
    OPTION,
    PLAYERS,
    PRESET,
    PRESETS,
    QUIET,
    SEED,
    SETS,
    game_argument,
    players_for,
    resolve,
)

__all__ = ["check_out", "compare_cmd", "simulate_cmd"]


def _common(func: Callable[..., Any], *, each: str = "") -> Callable[..., Any]:
    """The options both commands take (``each``: what ``-n`` counts per, in compare)."""
    options = [
        OPTION,
        PLAYERS,
        SETS,
        AGENTS,
        GAMES(1000, each=each),
        SEED,
        click.option(
            "--jobs",
            "-j",
            type=click.IntRange(min=1),
            metavar="N",
            default=None,
            help=f"Processes to use (default: every core, {default_jobs()} here). The results do not depend on it.",
        ),
        click.option(
            "--engine",
            type=click.Choice(ENGINES),
            default="auto",
            show_default=True,
            help="fast: the compiled fast path (greedy, random and navpil agents; others fall back); "
            "reference: the reference engine; auto: the reference engine for a short run (under "
            f"{AUTO_FAST_FROM:,} games times players), else the fast path. The results are the same.",
        ),
        click.option(
            "--cluster",
            metavar="ADDRESS",
            default=None,
            help="Play on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://host:8786) instead of "
            "local processes; the results are the same. Needs the optional extra: pip install 'gupai[cluster]'.",
        ),
        JSON,
        QUIET,
        click.option(
            "--out",
            type=click.Path(file_okay=False, writable=True),
            default=None,
            help="Write the figures (JSON, CSV) and the plots (PNG, SVG; they need matplotlib, the extra sim) into this directory.",
        ),
        FORCE("--out"),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _agents(text: str) -> tuple[str, ...]:
    names = tuple(a.strip() for a in text.split(",") if a.strip())
    if "human" in names:
        raise click.BadParameter(
            "a human plays with `gupai play GAME --agents human,...`, not in a simulation", param_hint="'--agents'"
        )
    return names


@contextmanager
def _progress(total: int, labels: Sequence[str], *, quiet: bool = False) -> Iterator[Callable[[int, int], None]]:
    """A live progress bar on a terminal (stderr); silence otherwise, or when ``quiet``."""
    if quiet or not sys.stderr.isatty():
        yield lambda index, count: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
    ) as bar:
        tasks = [bar.add_task(label, total=total) for label in labels]
        yield lambda index, count: bar.advance(tasks[index], count)


def preset_differences(game: str, presets: Sequence[str]) -> list[str]:
    """How each preset after the first differs from it, one line each (values said to have no effect left out).

    >>> preset_differences("kap-shap", ["culin", "pagat", "culin"])
    ['pagat differs from culin in pair-set=printed', 'culin differs from culin in nothing']
    >>> preset_differences("kap-tai-shap", ["culin", "celko"])
    ['celko differs from culin in pair-set=celko-table, turn=take-or-draw, drawn-tile=discard-unless-win']
    """
    spec = game_spec(game)
    first = spec.preset(presets[0]).as_dict()
    lines = []
    for name in presets[1:]:
        preset = spec.preset(name)
        values, inert = preset.as_dict(), dict(preset.no_effect)
        changed = ", ".join(
            f"{key}={value}" for key, value in values.items() if first.get(key) != value and key not in inert
        )
        lines.append(f"{name} differs from {presets[0]} in {changed or 'nothing'}")
    return lines


def check_out(out: str, game: str, *, plots: bool, force: bool) -> None:
    """Refuse an ``--out`` directory, before any game is played, that cannot be written or (without
    ``force``) already holds a file the run would write: an :class:`~gupai.core.files.OutputError` naming
    the first such file. The files are claimed again when they are written (a file made meanwhile is kept).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_out(str(folder), "kap-shap", plots=False, force=False)
    >>> _ = (folder / "wins.csv").write_text("mine")
    >>> check_out(str(folder), "kap-shap", plots=False, force=False)
    Traceback (most recent call last):
    ...
    gupai.core.files.OutputError: cannot write .../wins.csv: it exists (give --force to overwrite it)
    >>> check_out(str(folder), "kap-shap", plots=False, force=True)
    """
    check_directory(out)
    folder = Path(out)
    if folder.is_dir():
        for name in output_names(game, plots=plots):
            check_writable(folder / name, force=force)


def _report(
    results: Sequence[SimulationResult],
    as_json: bool,
    out: str | None,
    notes: Sequence[str] = (),
    *,
    plots: bool = False,
    force: bool = False,
    quiet: bool = False,
    kernels: str | None = None,
) -> None:
    doc = simulation_document(results)
    chatty = not (quiet or as_json)  # what was written, and the timings
    if out is not None:
        paths = write_outputs(doc, Path(out), plots=plots, force=force)
        if chatty:
            click.echo(f"wrote {len(paths)} files to {printable(out)}", err=True)
        if not plots and not quiet:
            click.echo(NO_PLOTS_NOTE, err=True)
    seconds = sum(r.seconds for r in results)
    played = sum(r.games for r in results)
    if chatty and kernels is not None:
        click.echo(kernels, err=True)
    if chatty and seconds > 0:
        click.echo(f"{played:,} games in {seconds:.1f} s ({played / seconds:,.0f} games/s)", err=True)
    if as_json:
        click.echo(json.dumps(doc, ensure_ascii=False))
        return
    from rich import box
    from rich.table import Table

    first = results[0]
    sets = f", {first.sets} set{'s' if first.sets > 1 else ''}"
    title = (
        f"{doc['game']}: {first.players} players{sets}, agents {','.join(dict.fromkeys(first.agents))}; "
        f"{doc['games']:,} games{' each' if len(results) > 1 else ''}, seeds {doc['seeds'][0]}..{doc['seeds'][1]}"
    )
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("figure")
    columns = [dict(summary_rows(doc["game"], run)) for run in doc["runs"]]
    for run in doc["runs"]:
        table.add_column(run["label"] + ("" if len(results) > 1 else " (95% interval)"), justify="right")
    labels: list[str] = []
    for column in columns:
        labels += [label for label in column if label not in labels]
    for label in labels:
        table.add_row(label, *(column.get(label, "") for column in columns))
    width = output_width(piped=max(100, 28 + 26 * len(columns)))
    lines = [*_distribution(doc, width)] if len(results) == 1 else []
    echo_rich(
        title,
        *notes,
        table,
        *lines,
        "Intervals are 95%: normal for means, order statistics for medians, Wilson for shares.",
        width=width,
    )


def _distribution(doc: dict[str, Any], width: int) -> list[str]:
    """The length distribution, a bar a length, the bars at most 40 columns (less when the output is narrow)."""
    run = doc["runs"][0]
    dist = run["summary"]["length_distribution"]
    games = run["summary"]["games"]
    if not dist:
        return []
    top = max(count for _, count in dist)
    longest = max(1, min(40, width - 16))
    lines = ["game length (turns): share of games"]
    for turns, count in dist:
        bar = "█" * max(1, round(longest * count / top)) if count else ""
        lines.append(f"  {turns:>4}  {100 * count / games:5.1f}%  {bar}")
    return lines


def _simulations(
    game: str,
    presets: Sequence[str | None],
    option_items: Sequence[str],
    players: int | None,
    sets: int | None,
    agents: str,
    *,
    engine: str,
    count: int,
) -> list[Simulation]:
    hint = "'--presets'" if len(presets) > 1 else "'--preset'"
    resolved = [resolve(game, preset, option_items, preset_hint=hint) for preset in presets]
    overrides = tuple(sorted((key, resolved[0][key]) for key in resolved[0].overrides))  # as spec/ spells them
    players = players_for(game, resolved[0], players, sets)
    sims = [
        Simulation(
            game,
            preset=None if p is None else options.preset,
            overrides=overrides,
            players=players,
            sets=sets,
            agents=_agents(agents),
            engine=engine,
            made=GAME_FACTORIES[game](options, players=players, sets=sets),  # each preset's game resolved once
        )
        for p, options in zip(presets, resolved, strict=True)
    ]
    sims = [sim.for_games(count) for sim in sims]  # auto: the engine that plays this many games
    for sim in sims:
        sim.runner()  # every argument checked before anything is played
    return sims


@click.command("simulate")
@game_argument(choices=games())
@PRESET
@_common
@usage_errors
def simulate_cmd(game: str, preset: str | None, **common: Any) -> None:
    """Play many games of GAME and report their figures with 95% intervals.

    Lengths in turns and rounds, how often a game ends in the first round or
    runs out of stock, win rate by position in turn order; for Tsung Shap the
    scores, sweeps and win rates. Game i is exactly `gupai play GAME --seed
    SEED+i`; the figures are the same for any --jobs."""
    _run(game, [preset], **common)


@click.command("compare")
@game_argument(choices=games())
@PRESETS
@partial(_common, each="for each preset")
@usage_errors
def compare_cmd(game: str, presets: str, **common: Any) -> None:
    """Simulate GAME under several presets on the same seeds, side by side.

    With --out, the plots draw every preset's length distribution on one plot
    and its win rates by position side by side."""
    names = [p.strip() for p in presets.split(",") if p.strip()]
    if not names:
        raise OptionError("--presets names no preset", where="presets")
    if len(set(names)) != len(names):
        raise OptionError(f"--presets names a preset twice: {presets}", where="presets")
    _run(game, names, side_by_side=True, **common)


def _run(
    game: str,
    presets: Sequence[str | None],
    *,
    option_items: tuple[str, ...],
    players: int | None,
    sets: int | None,
    agents: str,
    count: int,
    seed: int,
    jobs: int | None,
    engine: str,
    cluster: str | None,
    as_json: bool,
    quiet: bool,
    out: str | None,
    force: bool,
    side_by_side: bool = False,
) -> None:
    """Simulate ``game`` under each of ``presets`` on the same seeds and report them (``simulate`` and ``compare``).

    Standard error carries the progress bar (on a terminal), the timings and what was written, none of them
    with ``--json``; and the notes that explain a wait or a change (the kernels compiling, no numba, no
    matplotlib), which only ``--quiet`` drops, with everything else but the errors.
    """
    if engine == "fast" and not fast_available():  # asked for by name: not a note, an error
        raise click.UsageError(f"--engine fast needs numba, which is not installed: {FAST_INSTALL}")
    sims = _simulations(game, presets, option_items, players, sets, agents, engine=engine, count=count)
    plots = out is not None and plots_available()
    if out is not None:
        check_out(out, game, plots=plots, force=force)  # before the games are played, not after
    if sims[0].engine == "fast" and not fast_available() and not quiet:
        click.echo(FAST_PATH_NOTE, err=True)
    kernels = _ready_kernels(sims, quiet=quiet) if cluster is None else None  # their time apart from the games'
    with _progress(count, [sim.label for sim in sims], quiet=quiet or as_json) as advance:
        if not side_by_side:
            results = [
                simulate(
                    sims[0],
                    games=count,
                    seed=seed,
                    jobs=jobs or default_jobs(),
                    progress=lambda c: advance(0, c),
                    cluster=cluster,
                )
            ]
        else:
            results = compare(
                sims, games=count, seed=seed, jobs=jobs or default_jobs(), progress=advance, cluster=cluster
            )
    notes = preset_differences(game, [name for name in presets if name]) if side_by_side else []
    _report(results, as_json, out, notes, plots=plots, force=force, quiet=quiet, kernels=kernels)


def _ready_kernels(sims: Sequence[Simulation], *, quiet: bool) -> str | None:
    """Compile the fast path's kernels (or load them from numba's cache) before the games are timed; what it
    took, said apart from the games' rate (the first run compiles for half a minute), or None off the fast path.
    """
    from gupai.sim.fast import compiling

    started = time.perf_counter()
    warmed = False
    with compiling.muted(quiet):
        for sim in sims:
            warm = getattr(sim.runner(), "warm", None)
            if warm is not None:
                warm()
                warmed = True
    if not warmed:
        return None
    seconds = time.perf_counter() - started
    what = "compiled (once, into numba's cache)" if compiling.announced() else "loaded from numba's cache"
    return f"fast path's kernels {what} in {seconds:.1f} s"
