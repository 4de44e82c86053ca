"""Plots of simulation documents (matplotlib, written as PNG and SVG).

Each function takes the ``runs`` of a simulation document
(:func:`gupai.sim.simulate.simulation_document`) and a path without suffix, and
writes ``<path>.png`` and ``<path>.svg``; it returns the two paths. Each file
is written whole (:func:`gupai.core.files.write_file`), and a file already
there is replaced only with ``force``. The files are reproducible: no dates or software versions are stamped into them, and the
SVG ids are salted with a constant.

matplotlib is an optional dependency (the ``sim`` extra); without it these
functions raise :class:`PlotError`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gupai.core.errors import GupaiError

__all__ = [
    "NO_PLOTS_NOTE",
    "PlotError",
    "plot_lengths",
    "plot_scores",
    "plot_sweeps",
    "plot_win_chances",
    "plot_wins",
    "plots_available",
    "preset_colour",
]

#: Colours for presets, given out in the order the presets first appear in spec/ (game by game), so
#: that a preset has one colour in every plot of every game.
_COLOURS = (
    "#b0302a",
    "#2a6fb0",
    "#3c8d3c",
    "#c08a1a",
    "#7a4aa8",
    "#1a9aa0",
    "#4a4a4a",
    "#d6609f",
    "#8c564b",
    "#9a9a1a",
    "#17a2c8",
    "#a04a7a",
    "#e07b39",
    "#1f3a93",
    "#6b8e23",
    "#c71585",
    "#0b6e4f",
    "#b5651d",
    "#5a3e9b",
    "#708090",
)


class PlotError(GupaiError):
    """A plot that cannot be drawn (matplotlib missing, nothing to draw)."""


#: The note of ``gupai simulate --out`` when matplotlib is missing: the figures are written, not the plots.
NO_PLOTS_NOTE = (
    "note: no plots (they need matplotlib: pip install 'gupai[sim]'); the figures are written as JSON and CSV"
)


def plots_available() -> bool:
    """Whether matplotlib, and so the plots, can be imported.

    >>> isinstance(plots_available(), bool)
    True
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:  # pragma: no cover - matplotlib is in the sim extra
        raise PlotError(
            "plots need matplotlib: pip install 'gupai[sim]' (or matplotlib)", where="matplotlib"
        ) from error
    plt.rcParams.update(
        {
            "svg.hashsalt": "gupai",
            "svg.fonttype": "none",
            "font.size": 12,
            "axes.titlesize": 12,
            "axes.labelsize": 12,
            "xtick.labelsize": 11,
            "ytick.labelsize": 11,
            "legend.fontsize": 10,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    return plt


def _save(fig: Any, stem: Path, *, force: bool) -> list[Path]:
    stem.parent.mkdir(parents=True, exist_ok=True)
    png, svg = stem.with_suffix(".png"), stem.with_suffix(".svg")
    import io

    import matplotlib.pyplot as plt

    from gupai.core.files import write_file

    try:
        for path, settings in (
            (png, {"format": "png", "dpi": 110, "metadata": {"Software": None}}),
            (svg, {"format": "svg", "metadata": {"Date": None, "Creator": None}}),
        ):
            image = io.BytesIO()  # drawn in memory, then written whole (no partial plot on a full disk)
            fig.savefig(image, bbox_inches="tight", **settings)
            write_file(path, image.getvalue(), force=force)
    finally:
        plt.close(fig)
    return [png, svg]


def _preset_order() -> list[str]:
    from gupai.core.spec import game_spec, games

    order: list[str] = []
    for game in games():
        order += [p.name for p in game_spec(game).presets if p.name not in order]
    return order


def preset_colour(preset: str) -> str:
    """The colour of a preset in every plot: fixed by the preset's place in spec/.

    >>> preset_colour("culin"), preset_colour("culin") == preset_colour("pagat")
    ('#b0302a', False)
    """
    order = _preset_order()
    index = order.index(preset) if preset in order else len(order) + sum(map(ord, preset))
    return _COLOURS[index % len(_COLOURS)]


def _colour(run: dict[str, Any]) -> str:
    return preset_colour(str(run.get("preset") or run.get("label", "")))


def _variant(run: dict[str, Any]) -> bool:
    """A run that overrides options of its preset: drawn in the preset's colour, dashed or hatched."""
    return bool(run.get("overrides"))


def _check(runs: Sequence[dict[str, Any]]) -> None:
    if not runs:
        raise PlotError("no runs to plot", where="runs")


def plot_lengths(
    runs: Sequence[dict[str, Any]], stem: Path, *, title: str = "", rounds: bool = True, force: bool = False
) -> list[Path]:
    """The distribution of game lengths in turns, one line a run, on one plot.

    The share of games ending at each turn is drawn as a step line; a
    triangle in the run's colour on the top edge marks its mean, and grey
    dotted verticals mark the end of each round when every run has the same
    number of players (a note in the corner says both). The legend sits below
    the plot, clear of the long tails.
    """
    _check(runs)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    longest = 1
    for run in runs:
        summary = run["summary"]
        counts = dict((int(v), int(c)) for v, c in summary["length_distribution"])
        games = summary["games"] or 1
        top = max(counts, default=1)
        longest = max(longest, top)
        xs = list(range(1, top + 1))
        ys = [100 * counts.get(x, 0) / games for x in xs]
        mean = summary["turns"]["mean"]["value"]
        ax.step(
            xs,
            ys,
            where="mid",
            color=_colour(run),
            linewidth=1.8,
            linestyle="--" if _variant(run) else "-",
            label=f"{run['label']} (mean {mean:.1f})",
        )
        # the mean as a triangle on the top edge (x in data, y in axes units)
        ax.plot(
            [mean],
            [1.0],
            marker="v",
            markersize=9,
            color=_colour(run),
            transform=ax.get_xaxis_transform(),
            clip_on=False,
            linestyle="none",
        )
    notes = ["\u25bc on the top edge: each run's mean"]
    players = {run["players"] for run in runs}
    if rounds and len(players) == 1:
        n = players.pop()
        for k in range(n, longest + 1, n):
            ax.axvline(k + 0.5, color="#999999", linewidth=0.6, linestyle=":")
        notes.append(f"grey dotted lines: end of each round of {n} turns")
    ax.text(
        0.99,
        0.95,
        "\n".join(notes),
        transform=ax.transAxes,
        ha="right",
        va="top",
        fontsize=10,
        color="#555555",
    )
    ax.set_xlim(0.5, longest + 0.5)
    ax.set_xlabel("game length (turns, the opening turn counted as turn 1)")
    ax.set_ylabel("share of games (%)")
    ax.set_title(title or "Game length", pad=12)
    ax.legend(frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2)
    return _save(fig, stem, force=force)


def plot_wins(
    runs: Sequence[dict[str, Any]], stem: Path, *, title: str = "", by: str = "position", force: bool = False
) -> list[Path]:
    """Win rate by position in turn order (``by="position"``) or by seat, with 95% intervals.

    Grouped bars, one group a position, one bar a run; a dotted line marks the
    fair share (one over the number of players) when all runs have the same.
    """
    _check(runs)
    plt = _pyplot()
    key = "win_rate_by_position" if by == "position" else "win_rate_by_seat"
    width = 0.8 / len(runs)
    most = max(len(run["summary"][key]) for run in runs)
    fig, ax = plt.subplots(figsize=(min(9.0, max(6.0, 0.4 * most * len(runs) + 2.5)), 4.2))
    for i, run in enumerate(runs):
        rates = run["summary"][key]
        xs = [p + 1 + (i - (len(runs) - 1) / 2) * width for p in range(len(rates))]
        ys = [100 * r["value"] for r in rates]
        lows = [100 * (r["value"] - r["ci95"][0]) for r in rates]
        highs = [100 * (r["ci95"][1] - r["value"]) for r in rates]
        ax.bar(
            xs,
            ys,
            width=width * 0.95,
            color=_colour(run),
            hatch="//" if _variant(run) else None,
            edgecolor="white" if _variant(run) else None,
            label=run["label"],
            yerr=[lows, highs],
            capsize=2,
            error_kw={"elinewidth": 0.8, "ecolor": "#333333"},
        )
    players = {run["players"] for run in runs}
    if len(players) == 1:
        ax.axhline(100 / players.pop(), color="#666666", linewidth=0.8, linestyle=":", label="fair share")
    ax.set_xticks(range(1, most + 1))
    ax.set_xlabel("position in turn order (1 = first player)" if by == "position" else "seat")
    ax.set_ylabel("games won (%)")
    ax.set_title(title or "Win rate by " + by)
    ax.legend(frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=min(3, len(runs) + 1))
    return _save(fig, stem, force=force)


def plot_scores(runs: Sequence[dict[str, Any]], stem: Path, *, title: str = "", force: bool = False) -> list[Path]:
    """Tsung Shap: the distribution of a player's final score, one line a run."""
    _check(runs)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for run in runs:
        score = run["summary"]["score"]
        total = sum(c for _, c in score["distribution"]) or 1
        step = 10 * max(1, math.ceil(max((v for v, _ in score["distribution"]), default=0) / 300))
        bins: dict[int, int] = {}
        for value, count in score["distribution"]:
            bins[value // step * step] = bins.get(value // step * step, 0) + count
        xs = sorted(bins)
        ys = [100 * bins[x] / total for x in xs]
        ax.step(
            [x + step / 2 for x in xs],
            ys,
            where="mid",
            color=_colour(run),
            linestyle="--" if _variant(run) else "-",
            linewidth=1.6,
            label=f"{run['label']} (mean {score['mean']['value']:.0f})",
        )
    ax.set_xlabel("a player's final score (points, in bins)")
    ax.set_ylabel("share of scores (%)")
    ax.set_title(title or "Tsung Shap: final scores")
    ax.legend(frameon=False)
    return _save(fig, stem, force=force)


def plot_sweeps(runs: Sequence[dict[str, Any]], stem: Path, *, title: str = "", force: bool = False) -> list[Path]:
    """Tsung Shap: how many sweeps a game has, one bar group a count, one bar a run."""
    _check(runs)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.0, 4.0))
    width = 0.8 / len(runs)
    most = max((v for run in runs for v, _ in run["summary"]["sweeps"]["distribution"]), default=0)
    for i, run in enumerate(runs):
        sweeps = run["summary"]["sweeps"]
        counts = dict((int(v), int(c)) for v, c in sweeps["distribution"])
        games = run["summary"]["games"] or 1
        xs = [k + (i - (len(runs) - 1) / 2) * width for k in range(most + 1)]
        ax.bar(
            xs,
            [100 * counts.get(k, 0) / games for k in range(most + 1)],
            width=width * 0.95,
            color=_colour(run),
            hatch="//" if _variant(run) else None,
            edgecolor="white" if _variant(run) else None,
            label=f"{run['label']} (mean {sweeps['mean']['value']:.2f})",
        )
    ax.set_xticks(range(most + 1))
    ax.set_xlabel("sweeps in a game (both players)")
    ax.set_ylabel("games (%)")
    ax.set_title(title or "Tsung Shap: sweeps per game")
    ax.legend(frameon=False)
    return _save(fig, stem, force=force)


def plot_win_chances(
    runs: Sequence[dict[str, Any]],
    stem: Path,
    *,
    turns: int,
    title: str = "",
    min_reached: int = 100,
    force: bool = False,
) -> list[Path]:
    """The chance that the player to move wins on turn k, given the game reached turn k, one line a run.

    Shaded bands are the 95% (Wilson) intervals; a turn is drawn only while at
    least ``min_reached`` games reached it. Grey dotted verticals mark the end
    of each round when every run has the same number of players, as the axis
    label says.
    """
    from gupai.sim.simulate import win_chances

    _check(runs)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for run in runs:
        chances = [c for c in win_chances(run["summary"], upto=turns) if c["reached"] >= min_reached]
        xs = [c["turn"] for c in chances]
        ys = [100 * c["chance"]["value"] for c in chances]
        ax.plot(
            xs,
            ys,
            marker="o",
            markersize=3,
            color=_colour(run),
            linestyle="--" if _variant(run) else "-",
            linewidth=1.6,
            label=run["label"],
        )
        ax.fill_between(
            xs,
            [100 * c["chance"]["ci95"][0] for c in chances],
            [100 * c["chance"]["ci95"][1] for c in chances],
            color=_colour(run),
            alpha=0.15,
            linewidth=0,
        )
    players = {run["players"] for run in runs}
    xlabel = "turn (1 = the first player's opening turn)"
    if len(players) == 1:
        n = players.pop()
        for k in range(n, turns + 1, n):
            ax.axvline(k + 0.5, color="#999999", linewidth=0.6, linestyle=":")
        xlabel += f"\ngrey dotted lines: end of each round of {n} turns"
    ax.set_xlim(0.5, turns + 0.5)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("the player to move wins (%)")
    ax.set_title(title or "Chance of a win on each turn, given the game reached it")
    ax.legend(frameon=False)
    return _save(fig, stem, force=force)
