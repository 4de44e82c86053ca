"""Reporting simulations: table rows, CSV files, and an output directory.

:func:`summary_rows` turns a run's summary into (figure, text) rows for a
terminal table; :func:`write_outputs` writes a whole simulation document to a
directory: the document as JSON, its figures as CSV, and the plots.

>>> from gupai.sim.simulate import Simulation, simulate, simulation_document
>>> doc = simulation_document([simulate(Simulation("kap-shap"), games=6, jobs=1)])
>>> rows = summary_rows(doc["game"], doc["runs"][0])
>>> rows[0]
('games', '6')
>>> [label for label, _ in rows][1:3]
['mean length (turns)', 'median length (turns)']
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gupai.core.files import OutputError, write_file
from gupai.core.spec import game_spec
from gupai.core.spec import games as spec_games
from gupai.sim.stats import Estimate

__all__ = ["CSV_FILES", "PLOT_STEMS", "estimate", "output_names", "summary_rows", "write_csvs", "write_outputs"]


def estimate(doc: Mapping[str, Any]) -> Estimate:
    """An :class:`~gupai.sim.stats.Estimate` back from its JSON.

    >>> estimate({"value": 0.5, "ci95": [0.4, 0.6], "method": "wilson"}).format(0, percent=True)
    '50% [40, 60]'
    """
    low, high = doc["ci95"]
    return Estimate(float(doc["value"]), float(low), float(high), str(doc.get("method", "")))


def _ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def summary_rows(game: str, run: dict[str, Any]) -> list[tuple[str, str]]:
    """A run's figures as (figure, value [95% interval]) rows."""
    s = run["summary"]
    rows: list[tuple[str, str]] = [("games", str(s["games"]))]
    if game == "tsung-shap":
        rows += [
            ("mean length (turns)", estimate(s["turns"]["mean"]).format(2)),
            ("mean score, seat 0", estimate(s["scores"][0]["mean"]).format(1)),
            ("mean score, seat 1", estimate(s["scores"][1]["mean"]).format(1)),
            ("median score (either seat)", estimate(s["score"]["median"]).format(1)),
            ("mean winning margin", estimate(s["margin"]["mean"]).format(1)),
            ("sweeps per game", estimate(s["sweeps"]["mean"]).format(3)),
            ("games with a sweep", estimate(s["sweeps"]["at_least_one"]).format(1, percent=True)),
            ("wins, seat 0", estimate(s["win_rate_by_seat"][0]).format(1, percent=True)),
            ("wins, seat 1", estimate(s["win_rate_by_seat"][1]).format(1, percent=True)),
            ("wins, first player", estimate(s["win_rate_by_position"][0]).format(1, percent=True)),
            ("ties", estimate(s["ties"]).format(1, percent=True)),
        ]
        return rows
    rows += [
        ("mean length (turns)", estimate(s["turns"]["mean"]).format(2)),
        ("median length (turns)", estimate(s["turns"]["median"]).format(1)),
        ("mean length (rounds)", estimate(s["rounds"]["mean"]).format(2)),
        ("median length (rounds)", estimate(s["rounds"]["median"]).format(2)),
        ("10%-90% of lengths (turns)", f"{s['turns']['p10']}-{s['turns']['p90']}"),
        ("ends in the first round", estimate(s["first_round"]).format(1, percent=True)),
        ("stock runs out", estimate(s["stock_exhausted"]).format(1, percent=True)),
        ("three dead rounds", estimate(s["ends"]["dead-rounds"]).format(1, percent=True)),
    ]
    for position, rate in enumerate(s["win_rate_by_position"], start=1):
        who = " (first player)" if position == 1 else ""
        rows.append((f"wins, {_ordinal(position)} to play{who}", estimate(rate).format(1, percent=True)))
    return rows


#: The CSV files :func:`write_csvs` writes, by game family.
CSV_FILES = {
    "kap": ("summary.csv", "lengths.csv", "wins.csv"),
    "tsung-shap": ("summary.csv", "lengths.csv", "wins.csv", "scores.csv", "sweeps.csv"),
}

#: The plots :func:`write_outputs` draws, by game family: each one a PNG and an SVG file.
PLOT_STEMS = {"kap": ("lengths", "wins"), "tsung-shap": ("lengths", "wins", "scores", "sweeps")}


def output_names(game: str, *, plots: bool = True) -> list[str]:
    """The names of the files :func:`write_outputs` writes for ``game``, in the order it writes them: known
    before anything is played, so that a command can refuse an existing file first.

    >>> output_names("kap-shap", plots=False)
    ['simulation.json', 'summary.csv', 'lengths.csv', 'wins.csv']
    >>> output_names("tsung-shap")[-4:]
    ['scores.png', 'scores.svg', 'sweeps.png', 'sweeps.svg']
    """
    family = "tsung-shap" if game == "tsung-shap" else "kap"
    images = [f"{stem}.{kind}" for stem in PLOT_STEMS[family] for kind in ("png", "svg")] if plots else []
    return ["simulation.json", *CSV_FILES[family], *images]


def _flatten(prefix: str, value: Any, out: list[tuple[str, float, float | str, float | str]]) -> None:
    if isinstance(value, dict) and "ci95" in value:
        out.append((prefix, value["value"], value["ci95"][0], value["ci95"][1]))
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key in ("distribution",):
                continue
            _flatten(f"{prefix}.{key}" if prefix else key, inner, out)
    elif isinstance(value, list) and value and isinstance(value[0], dict):
        for i, inner in enumerate(value):
            _flatten(f"{prefix}[{i}]", inner, out)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        out.append((prefix, value, "", ""))


def write_csvs(doc: dict[str, Any], directory: Path, *, force: bool = False) -> list[Path]:
    """Write the document's figures as CSV files; return their paths.

    ``summary.csv`` has one row a figure a run (``run, figure, value, low,
    high``; intervals at 95%); ``lengths.csv`` the distribution of lengths in
    turns (``run, players, turns, round, games, share``); ``wins.csv`` the win
    rates by position in turn order and by seat; for Tsung Shap also
    ``scores.csv`` and ``sweeps.csv``. A file already there is replaced only with ``force``.
    """
    directory.mkdir(parents=True, exist_ok=True)
    written = []

    def table(name: str, header: Sequence[str], rows: list[Sequence[Any]]) -> None:
        path = directory / name
        handle = io.StringIO()
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        write_file(path, handle.getvalue(), force=force)  # whole or not at all
        written.append(path)

    runs = doc["runs"]
    summary_rows_: list[Sequence[Any]] = []
    for run in runs:
        flat: list[tuple[str, float, float | str, float | str]] = []
        _flatten("", {k: v for k, v in run["summary"].items() if not k.endswith("_distribution")}, flat)
        summary_rows_ += [(run["label"], *row) for row in flat]
    table("summary.csv", ("run", "figure", "value", "low", "high"), summary_rows_)

    lengths: list[Sequence[Any]] = []
    for run in runs:
        n, games = run["players"], run["summary"]["games"]
        for turns, count in run["summary"]["length_distribution"]:
            lengths.append((run["label"], n, turns, -(-turns // n), count, round(count / games, 6)))
    table("lengths.csv", ("run", "players", "turns", "round", "games", "share"), lengths)

    wins: list[Sequence[Any]] = []
    for run in runs:
        for by, key in (("position", "win_rate_by_position"), ("seat", "win_rate_by_seat")):
            for i, rate in enumerate(run["summary"][key]):
                wins.append((run["label"], by, i + 1 if by == "position" else i, rate["value"], *rate["ci95"]))
    table("wins.csv", ("run", "by", "place", "rate", "low", "high"), wins)

    if doc["game"] == "tsung-shap":
        scores: list[Sequence[Any]] = []
        sweeps: list[Sequence[Any]] = []
        for run in runs:
            for seat, spread in enumerate(run["summary"]["scores"]):
                scores += [(run["label"], seat, value, count) for value, count in spread["distribution"]]
            sweeps += [(run["label"], value, count) for value, count in run["summary"]["sweeps"]["distribution"]]
        table("scores.csv", ("run", "seat", "score", "games"), scores)
        table("sweeps.csv", ("run", "sweeps", "games"), sweeps)
    return written


def write_outputs(doc: dict[str, Any], directory: Path, *, plots: bool = True, force: bool = False) -> list[Path]:
    """Write ``simulation.json``, the CSV files and (``plots``) the PNG and SVG plots into ``directory``
    (the files :func:`output_names` lists).

    Each file is written whole or not at all (:func:`gupai.core.files.write_file`), and a file already
    there is replaced only with ``force``; a failure is an :class:`~gupai.core.files.OutputError` naming
    the path.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot write {directory}: {error.strerror or error}", where=str(directory)) from None
    path = directory / "simulation.json"
    write_file(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n", force=force)
    written = [path, *write_csvs(doc, directory, force=force)]
    if plots:
        from gupai.sim.plots import plot_lengths, plot_scores, plot_sweeps, plot_wins

        runs, game = doc["runs"], doc["game"]
        name = game_spec(game).name if game in spec_games() else game  # the spec's name for it
        players = sorted({run["players"] for run in runs})
        who = f", {players[0]} players" if len(players) == 1 else ""
        games = f"{doc['games']:,} games each" if len(runs) > 1 else f"{doc['games']:,} games"
        written += plot_lengths(
            runs,
            directory / "lengths",
            title=f"{name}{who}: game length ({games})",
            rounds=game != "tsung-shap",
            force=force,
        )
        title = f"{name}{who}: win rate by position ({games})"
        written += plot_wins(runs, directory / "wins", title=title, force=force)
        if game == "tsung-shap":
            title = f"{name}: final scores ({games})"
            written += plot_scores(runs, directory / "scores", title=title, force=force)
            title = f"{name}: sweeps per game ({games})"
            written += plot_sweeps(runs, directory / "sweeps", title=title, force=force)
    return written
