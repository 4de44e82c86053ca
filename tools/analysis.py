"""Reproducing the gupai site's "Rules Analysis" by simulation.

The gupai site's analysis of Kap Shap and Kap Tai Shap (key ``gupai-site``)
makes claims about how long games last under Culin's rules and under the
"classical" one-tile rule. This module plays the games with the greedy agent
under those rules, checks each claim against the figures, and writes the
figures, the plots and the comparison for the site's analysis page:

.. code-block:: sh

    python -m tools.analysis                  # simulate, write docs/assets/analysis/, update docs/analysis.md
    python -m tools.analysis --scale 0.1      # a tenth of the games (a quick look; do not commit)
    python -m tools.analysis --render-only    # redraw the plots and rewrite the page's tables from the JSON
    python -m tools.analysis --check          # exit 1 if the page's tables differ from the JSON
    python -m tools.analysis --reproduction-only  # rerun only the Java figures' reproduction (tools.reproduction)

Only the blocks of the page between ``<!-- analysis:begin NAME -->`` and
``<!-- analysis:end NAME -->`` are rewritten; the prose around them is the
page's own.

>>> [c.id for c in CLAIMS][:2]
['kts-culin-first-round', 'kts-culin-eighth-turn']
>>> replace_blocks("<!-- analysis:begin x -->old<!-- analysis:end x --> b", {"x": "new"})
'<!-- analysis:begin x -->\\n\\nnew\\n\\n<!-- analysis:end x --> b'
>>> replace_blocks("  <!-- analysis:begin x -->\\n  <!-- analysis:end x -->", {"x": "a\\nb"})
'  <!-- analysis:begin x -->\\n\\n  a\\n  b\\n\\n  <!-- analysis:end x -->'
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gupai import __version__
from gupai.core.errors import GupaiError
from gupai.core.spec import game_spec
from gupai.sim.report import estimate, summary_rows, write_outputs
from gupai.sim.simulate import Simulation, compare, simulation_document, win_chances
from gupai.sim.stats import Estimate, proportion
from tools.reproduction import render_reproduction, run_reproduction

__all__ = [
    "ANALYSIS_FORMAT",
    "CLAIMS",
    "GAMES",
    "RUNS",
    "TSUNG_GAMES",
    "AnalysisError",
    "Claim",
    "draw_plots",
    "evaluate_claims",
    "load_docs",
    "main",
    "page_blocks",
    "render_blocks",
    "replace_blocks",
    "run_analysis",
]

ANALYSIS_FORMAT = "gupai-analysis/1"

#: The presets (and overrides) played for both games, in the order shown.
RUNS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("culin", ()),
    ("gupai-site", ()),
    ("latest-then-draw", ()),
    ("one-tile", ()),
    ("one-tile", (("opening", "discard"),)),
)

#: The games as the site's analysis plays them, and how many games a run.
GAMES: dict[str, dict[str, Any]] = {
    "kap-shap": {"name": "Kap Shap", "players": 2, "sets": 1, "games": 20_000},
    "kap-tai-shap": {"name": "Kap Tai Shap", "players": 10, "sets": 4, "games": 5_000},
}

#: The seed of the first game of every run (game i is ``gupai play GAME --seed i``).
SEED = 0

#: The agent-sensitivity runs: these runs of each game, replayed with the trial
#: variants of :mod:`gupai.sim.trial_agents`, on fewer games.
AGENT_RUNS = ("culin", "gupai-site", "one-tile opening=discard")
AGENT_VARIANTS = ("greedy-eager", "greedy-strict")
AGENT_GAMES = {"kap-shap": 4_000, "kap-tai-shap": 1_000}
#: Tsung Shap: every preset side by side, this many games each (the site makes no
#: claim about it to check; the figures by variant).
TSUNG_GAMES = 10_000

#: Head to head, in Kap Shap: each variant against the greedy agent, in both seat orders.
DUEL_RUNS = ("culin", "one-tile opening=discard")
DUEL_GAMES = 2_000

#: Runs compared with the site's claims: the site's simulator deals every
#: player the same number of tiles and starts with an ordinary turn (our ``opening=draw``,
#: the navpil presets' reading), which plays as our ``opening=discard`` (the first player
#: holds the next tile of the order either way); its "classical" rule is our one-tile rule.
CULIN = "culin"
CLASSICAL = "one-tile opening=discard"

_BEGIN = re.compile(
    r"^([ \t]*)<!--\s*analysis:begin\s+([a-z0-9-]+)\s*-->.*?<!--\s*analysis:end\s+\2\s*-->", re.DOTALL | re.MULTILINE
)


class AnalysisError(GupaiError):
    """An analysis that cannot be run or rendered (missing JSON, a page out of date)."""


# ----------------------------------------------------------------- claims
@dataclass(frozen=True, slots=True)
class Claim:
    """One claim of the site's analysis, read as a range of one of our figures.

    ``figure`` names the figure compared (a share, a mean, a ratio of means,
    a difference of chances); ``main`` is the run the verdict is given for and
    ``also`` a second run shown beside it. A ratio of means divides a run by
    the run with the same first turn: ``base`` for ``main``, ``also_base``
    for ``also``.
    """

    id: str
    game: str
    says: str
    reading: str
    figure: str
    low: float
    high: float
    main: str
    also: str | None = None
    unit: str = "turns"
    base: str = "culin"
    also_base: str = "gupai-site"


CLAIMS: tuple[Claim, ...] = (
    Claim(
        "kts-culin-first-round",
        "kap-tai-shap",
        "Under Culin's rules the game “frequently ends in the very first round”.",
        "the share of games ending within the first 10 turns is large: a quarter or more",
        "first_round",
        0.25,
        1.0,
        CULIN,
        "gupai-site",
        unit="share",
    ),
    Claim(
        "kts-culin-eighth-turn",
        "kap-tai-shap",
        "Under Culin's rules it ends “on average around the eighth player's turn”.",
        "mean length 7.5 to 8.5 turns (turn 8, give or take half a turn)",
        "mean_turns",
        7.5,
        8.5,
        CULIN,
        "gupai-site",
    ),
    Claim(
        "kts-later-players",
        "kap-tai-shap",
        "Under the take-any rule “each subsequent player has a better chance of winning than the previous one”.",
        "the chance that the player to move wins (given the turn comes) is higher on turn 10 than on turn 2, "
        "by this many percentage points",
        "later_players",
        0.0,
        math.inf,
        CULIN,
        "gupai-site",
        unit="points",
    ),
    Claim(
        "kts-classical-doubles",
        "kap-tai-shap",
        "Under the “classical” one-tile rule the game's length “more than doubles”.",
        "mean length under the one-tile rule over the mean under Culin's rules: more than 2",
        "ratio",
        2.0,
        math.inf,
        CLASSICAL,
        "one-tile",
        unit="ratio",
    ),
    Claim(
        "kts-classical-two-rounds",
        "kap-tai-shap",
        "Under the one-tile rule it “usually lasts about two full rounds”.",
        "mean length 1.75 to 2.25 rounds (17.5 to 22.5 turns)",
        "mean_rounds",
        1.75,
        2.25,
        CLASSICAL,
        "one-tile",
        unit="rounds",
    ),
    Claim(
        "ks-culin-three-rounds",
        "kap-shap",
        "Kap Shap under Culin's rules lasts “on average about three rounds (roughly 5–6 moves)”.",
        "mean length 4.5 to 6.5 turns (5 to 6 moves, give or take half a move)",
        "mean_turns",
        4.5,
        6.5,
        CULIN,
        "gupai-site",
    ),
    Claim(
        "ks-classical-four-rounds",
        "kap-shap",
        "Under the one-tile rule “around four rounds (8–9 moves)”.",
        "mean length 7.5 to 9.5 turns (8 to 9 moves, give or take half a move)",
        "mean_turns",
        7.5,
        9.5,
        CLASSICAL,
        "one-tile",
    ),
    Claim(
        "ks-less-dramatic",
        "kap-shap",
        "In Kap Shap “the contrast between rule sets is less dramatic”.",
        "the one-tile over Culin ratio of mean lengths is smaller in Kap Shap than in ten-player Kap Tai Shap "
        "(shown: Kap Tai Shap's ratio less Kap Shap's)",
        "ratio_gap",
        0.0,
        math.inf,
        CLASSICAL,
        "one-tile",
        unit="ratio",
    ),
)


def _run(docs: Mapping[str, dict[str, Any]], game: str, label: str) -> dict[str, Any]:
    for run in docs[game]["runs"]:
        if run["label"] == label:
            summary: dict[str, Any] = run["summary"]
            return summary
    raise AnalysisError(f"the {game} figures have no run {label!r}", where=label)


def _ratio(a: Estimate, b: Estimate) -> Estimate:
    """a / b, its interval from the two intervals' ends (conservative)."""
    return Estimate(a.value / b.value, a.low / b.high, a.high / b.low, "ratio of intervals")


def _figure(docs: Mapping[str, dict[str, Any]], claim: Claim, label: str, base: str) -> Estimate:
    s = _run(docs, claim.game, label)
    if claim.figure == "first_round":
        return estimate(s["first_round"])
    if claim.figure == "mean_turns":
        return estimate(s["turns"]["mean"])
    if claim.figure == "mean_rounds":
        return estimate(s["rounds"]["mean"])
    if claim.figure == "ratio":
        return _ratio(estimate(s["turns"]["mean"]), estimate(_run(docs, claim.game, base)["turns"]["mean"]))
    if claim.figure == "ratio_gap":
        ks = _ratio(estimate(s["turns"]["mean"]), estimate(_run(docs, "kap-shap", base)["turns"]["mean"]))
        kts_summary = _run(docs, "kap-tai-shap", label)
        kts = _ratio(
            estimate(kts_summary["turns"]["mean"]), estimate(_run(docs, "kap-tai-shap", base)["turns"]["mean"])
        )
        return Estimate(kts.value - ks.value, kts.low - ks.high, kts.high - ks.low, "difference of intervals")
    if claim.figure == "later_players":
        chances = win_chances(s, upto=10)
        late, early = estimate(chances[9]["chance"]), estimate(chances[1]["chance"])
        return Estimate(
            100 * (late.value - early.value), 100 * (late.low - early.high), 100 * (late.high - early.low), "difference"
        )
    raise AnalysisError(f"unknown figure {claim.figure!r}", where=claim.id)  # pragma: no cover


def _verdict(claim: Claim, e: Estimate) -> str:
    """``agrees`` (our figure is in the claim's range), ``consistent`` (only its interval
    meets the range), else ``higher`` or ``lower`` (its whole interval is outside)."""
    if claim.low <= e.value <= claim.high:
        return "agrees"
    if e.high >= claim.low and e.low <= claim.high:
        return "consistent"
    return "higher" if e.low > claim.high else "lower"


def evaluate_claims(docs: Mapping[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each claim with our figure for its main run (and the other run), and a verdict.

    The verdict is *agrees* when our figure lies in the claim's range,
    *consistent* when only its 95% interval meets the range, and *higher* or
    *lower* when the whole interval lies above or below it.
    """
    rows = []
    for claim in CLAIMS:
        main_ = _figure(docs, claim, claim.main, claim.base)
        row: dict[str, Any] = {
            "id": claim.id,
            "game": claim.game,
            "says": claim.says,
            "reading": claim.reading,
            "range": [claim.low, claim.high if math.isfinite(claim.high) else None],
            "unit": claim.unit,
            "main": {"run": claim.main, **({"base": claim.base} if "ratio" in claim.figure else {}), **main_.to_json()},
            "verdict": _verdict(claim, main_),
        }
        if claim.also is not None:
            also = _figure(docs, claim, claim.also, claim.also_base)
            base = {"base": claim.also_base} if "ratio" in claim.figure else {}
            row["also"] = {"run": claim.also, **base, **also.to_json(), "verdict": _verdict(claim, also)}
        rows.append(row)
    return rows


# ---------------------------------------------------------------- running
def _simulations(game: str) -> list[Simulation]:
    setup = GAMES[game]
    return [
        Simulation(game, preset=preset, overrides=overrides, players=setup["players"], sets=setup["sets"])
        for preset, overrides in RUNS
    ]


def run_analysis(
    out: Path,
    *,
    scale: float = 1.0,
    jobs: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Simulate every run of both games, write the figures and plots under ``out``, return the analysis."""
    docs: dict[str, dict[str, Any]] = {}
    for game, setup in GAMES.items():
        games = max(10, round(setup["games"] * scale))
        if progress:
            progress(f"{setup['name']}: {len(RUNS)} runs of {games:,} games")
        results = compare(_simulations(game), games=games, seed=SEED, jobs=jobs)
        doc = simulation_document(results)
        docs[game] = doc
        write_outputs(doc, out / game, plots=False, force=True)
    games = max(10, round(TSUNG_GAMES * scale))
    presets = [preset.name for preset in game_spec("tsung-shap").presets]
    if progress:
        progress(f"Tsung Shap: {len(presets)} presets, {games:,} games each")
    doc = simulation_document(
        compare([Simulation("tsung-shap", preset=p) for p in presets], games=games, seed=SEED, jobs=jobs)
    )
    docs["tsung-shap"] = doc
    write_outputs(doc, out / "tsung-shap", plots=False, force=True)
    draw_plots(out, docs)
    if progress:
        progress("the greedy agent's trial variants")
    agents = run_agents(scale=scale, jobs=jobs)
    reproduction = run_reproduction(scale=scale, jobs=jobs, progress=progress)
    analysis = {
        "format": ANALYSIS_FORMAT,
        "gupai": __version__,
        "command": "python -m tools.analysis",
        "scale": scale,
        "games": {game: f"{game}/simulation.json" for game in docs},
        "claims": evaluate_claims(docs),
        "agents": agents,
        "reproduction": reproduction,
    }
    (out / "analysis.json").write_text(json.dumps(analysis, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return analysis


def _label_setup(label: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    preset, *items = label.split()
    return preset, tuple(tuple(item.split("=", 1)) for item in items)  # type: ignore[misc]


def _brief(summary: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "games": summary["games"],
        "mean_turns": summary["turns"]["mean"],
        "median_turns": summary["turns"]["median"],
        "first_round": summary["first_round"],
    }


def run_agents(*, scale: float = 1.0, jobs: int | None = None) -> dict[str, Any]:
    """How game length and results move with the agent: the trial variants of :mod:`gupai.sim.trial_agents`.

    For each game and each of :data:`AGENT_RUNS`, the mean and median length
    with each variant in every seat; and in Kap Shap, each variant's share of
    wins against the greedy agent, half the games in each seat order.
    """
    from gupai.sim.trial_agents import registered

    lengths: dict[str, list[dict[str, Any]]] = {}
    duels: list[dict[str, Any]] = []
    with registered():
        for game, setup in GAMES.items():
            games = max(10, round(AGENT_GAMES[game] * scale))
            rows = lengths.setdefault(game, [])
            for label in AGENT_RUNS:
                preset, overrides = _label_setup(label)
                for agent in AGENT_VARIANTS:
                    sim = Simulation(
                        game, preset=preset, overrides=overrides, players=setup["players"], sets=setup["sets"],
                        agents=(agent,),
                    )  # fmt: skip
                    summary = compare([sim], games=games, seed=SEED, jobs=jobs)[0].summary()
                    rows.append({"run": label, "agent": agent, **_brief(summary)})
        games = max(10, round(DUEL_GAMES * scale))
        for label in DUEL_RUNS:
            preset, overrides = _label_setup(label)
            for agent in AGENT_VARIANTS:
                wins = 0
                for seats, at in (((agent, "greedy"), 0), (("greedy", agent), 1)):
                    sim = Simulation("kap-shap", preset=preset, overrides=overrides, agents=seats)
                    tally = compare([sim], games=games, seed=SEED, jobs=jobs)[0].tally
                    wins += tally.wins_by_seat[at]
                duels.append(
                    {
                        "run": label,
                        "agent": agent,
                        "games": 2 * games,
                        "wins": wins,
                        **proportion(wins, 2 * games).to_json(),
                    }
                )
    return {"lengths": lengths, "duels": duels}


def draw_plots(out: Path, docs: Mapping[str, dict[str, Any]]) -> None:
    """Draw every plot of the page from the games' simulation documents (PNG and SVG under ``out``)."""
    from gupai.sim.plots import plot_scores, plot_sweeps, plot_wins

    for game, doc in docs.items():
        if game in GAMES:
            _plots(doc, out / game, GAMES[game])
            continue
        games = f"{doc['games']:,} greedy games a preset"
        directory = out / game
        plot_scores(doc["runs"], directory / "scores", title=f"Tsung Shap: final scores ({games})", force=True)
        plot_sweeps(doc["runs"], directory / "sweeps", title=f"Tsung Shap: sweeps per game ({games})", force=True)
        plot_wins(doc["runs"], directory / "wins", title=f"Tsung Shap: win rate by position ({games})", force=True)


def _plots(doc: dict[str, Any], directory: Path, setup: Mapping[str, Any]) -> None:
    from gupai.sim.plots import plot_lengths, plot_win_chances, plot_wins

    runs, name, n = doc["runs"], setup["name"], setup["players"]
    games = f"{doc['games']:,} greedy games a run"
    plot_lengths(runs, directory / "lengths", title=f"{name}, {n} players: game length ({games})", force=True)
    main = [run for run in runs if run["label"] in (CULIN, "one-tile", CLASSICAL)]
    plot_wins(main, directory / "wins", title=f"{name}, {n} players: win rate by position ({games})", force=True)
    plot_win_chances(
        main,
        directory / "chances",
        turns=3 * n if n > 2 else 16,
        title=f"{name}, {n} players: the player to move wins, if the turn comes",
        force=True,
    )


def load_docs(out: Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The committed analysis and its games' simulation documents."""
    try:
        analysis = json.loads((out / "analysis.json").read_text(encoding="utf-8"))
        docs = {game: json.loads((out / path).read_text(encoding="utf-8")) for game, path in analysis["games"].items()}
    except (OSError, ValueError, KeyError) as error:
        raise AnalysisError(f"cannot read the analysis under {out}: {error}", where=str(out)) from None
    return analysis, docs


# -------------------------------------------------------------- rendering
def _fmt(e: Mapping[str, Any], unit: str) -> str:
    est = estimate(e)
    if unit == "share":
        return est.format(1, percent=True)
    return est.format(2)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[str] | None = None) -> str:
    aligns = list(align) if align else [":--" if i == 0 else "--:" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(aligns) + " |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def render_blocks(analysis: Mapping[str, Any], docs: Mapping[str, dict[str, Any]]) -> dict[str, str]:
    """The page's generated blocks, by name, as markdown."""
    blocks: dict[str, str] = {}
    first = next(iter(docs.values()))
    setup = ", ".join(
        f"{GAMES[g]['name']} {docs[g]['games']:,} games a run ({GAMES[g]['players']} players, "
        f"{GAMES[g]['sets']} set{'s' if GAMES[g]['sets'] > 1 else ''})"
        for g in GAMES
    )
    if "tsung-shap" in docs:
        setup += f", Tsung Shap {docs['tsung-shap']['games']:,} games a preset"
    blocks["setup"] = (
        f"Figures from `{analysis['command']}` (gupai {analysis['gupai']}): {setup}; seeds "
        f"{first['seeds'][0]} to {first['seeds'][1]} for every run, the greedy agent in every seat. "
        "Intervals are 95%: normal for means, order statistics for medians, Wilson for shares."
    )
    claim_rows = []

    def who(entry: Mapping[str, Any]) -> str:
        return f"*{entry['run']}*" + (f" ÷ *{entry['base']}*" if "base" in entry else "")

    for row in analysis["claims"]:
        main_, also = row["main"], row.get("also")
        claim_rows.append(
            [
                row["says"],
                row["reading"],
                f"{_fmt(main_, row['unit'])}<br>{who(main_)}",
                f"{_fmt(also, row['unit'])}<br>{who(also)}" if also else "",
                f"**{row['verdict']}**" + (f"; {also['verdict']} with the site's opening" if also else ""),
            ]
        )
    blocks["claims"] = _table(
        ["The site says", "We read it as", "Ours: ordinary first turn", "Ours: the site's opening", "Verdict"],
        claim_rows,
        align=[":--", ":--", "--:", "--:", ":--"],
    )
    for game, doc in docs.items():
        columns = [dict(summary_rows(game, run)) for run in doc["runs"]]
        labels: list[str] = []
        for column in columns:
            labels += [label for label in column if label not in labels]
        header = ["figure", *(f"*{run['label']}*" for run in doc["runs"])]
        blocks[f"figures-{game}"] = _table(
            header, [[label, *(column.get(label, "") for column in columns)] for label in labels]
        )
        if game not in GAMES:
            continue
        runs = {run["label"]: run for run in doc["runs"]}
        n = doc["runs"][0]["players"]
        turns = list(range(1, n + 1)) if n > 2 else list(range(1, 9))
        chance_rows = []
        for label in (CULIN, CLASSICAL):
            chances = win_chances(runs[label]["summary"], upto=turns[-1])
            chance_rows.append([f"*{label}*", *(f"{100 * chances[t - 1]['chance']['value']:.1f}%" for t in turns)])
        blocks[f"chances-{game}"] = _table(["turn", *(str(t) for t in turns)], chance_rows)
    blocks.update(_agent_blocks(analysis, docs))
    if "reproduction" in analysis:
        blocks.update(render_reproduction(analysis["reproduction"]))
    return blocks


def _agent_blocks(analysis: Mapping[str, Any], docs: Mapping[str, dict[str, Any]]) -> dict[str, str]:
    agents = analysis.get("agents")
    if not agents:
        return {}
    rows = []
    for game, entries in agents["lengths"].items():
        runs = {run["label"]: run["summary"] for run in docs[game]["runs"]}
        for label in AGENT_RUNS:
            cells = [f"{GAMES[game]['name']}, *{label}*", _fmt(runs[label]["turns"]["mean"], "turns")]
            for agent in AGENT_VARIANTS:
                entry = next(e for e in entries if e["run"] == label and e["agent"] == agent)
                cells.append(_fmt(entry["mean_turns"], "turns"))
            rows.append(cells)
    games = [f"{GAMES[game]['name']} {entries[0]['games']:,}" for game, entries in agents["lengths"].items()]
    header = ["run", "greedy", *AGENT_VARIANTS]
    duel_rows = [
        [f"Kap Shap, *{d['run']}*", f"*{d['agent']}*", f"{d['games']:,}", _fmt(d, "share")] for d in agents["duels"]
    ]
    note = (
        f"*greedy*: the runs above; the variants: the first {' and '.join(games)} seeds of the same runs "
        "(mean length in turns, 95% interval)."
    )
    return {
        "agents": _table(header, rows) + "\n\n" + note,
        "duels": _table(["rules", "variant", "games", "variant's share of wins against greedy"], duel_rows),
    }


def replace_blocks(text: str, blocks: Mapping[str, str]) -> str:
    """Rewrite each ``<!-- analysis:begin NAME -->...<!-- analysis:end NAME -->`` block named in ``blocks``."""

    def replace(match: re.Match[str]) -> str:
        indent, name = match.group(1), match.group(2)
        if name not in blocks:
            return match.group(0)
        body = "\n".join(indent + line if line else line for line in blocks[name].splitlines())
        return f"{indent}<!-- analysis:begin {name} -->\n\n{body}\n\n{indent}<!-- analysis:end {name} -->"

    return _BEGIN.sub(replace, text)


def page_blocks(text: str) -> list[str]:
    """The names of the generated blocks a page has.

    >>> page_blocks("<!-- analysis:begin a -->\\n<!-- analysis:end a -->")
    ['a']
    """
    return [m.group(2) for m in _BEGIN.finditer(text)]


# ------------------------------------------------------------------- main
def main(argv: Sequence[str] | None = None) -> int:
    """Run (or only render, or check) the analysis; 0 on success, 1 if ``--check`` finds the page stale."""
    parser = argparse.ArgumentParser(prog="python -m tools.analysis", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/assets/analysis"), help="figures and plots directory")
    parser.add_argument("--page", type=Path, default=Path("docs/analysis.md"), help="the page to update")
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the standard number of games")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--render-only", action="store_true", help="redraw the plots and the page from the JSON")
    what.add_argument("--check", action="store_true", help="exit 1 if the page differs from the committed JSON")
    what.add_argument(
        "--reproduction-only", action="store_true", help="rerun only the reproduction of the Java figures, then render"
    )
    args = parser.parse_args(argv)
    try:
        if args.reproduction_only:
            analysis, _ = load_docs(args.out)
            analysis["reproduction"] = run_reproduction(
                scale=args.scale, jobs=args.jobs, progress=lambda m: print(m, file=sys.stderr)
            )
            text = json.dumps(analysis, indent=1, ensure_ascii=False) + "\n"
            (args.out / "analysis.json").write_text(text, encoding="utf-8")
        elif not (args.render_only or args.check):
            if args.scale <= 0 or (args.jobs is not None and args.jobs < 1):
                parser.error("--scale must be positive and --jobs at least 1")
            run_analysis(args.out, scale=args.scale, jobs=args.jobs, progress=lambda m: print(m, file=sys.stderr))
        analysis, docs = load_docs(args.out)
        if args.render_only:
            draw_plots(args.out, docs)
        text = args.page.read_text(encoding="utf-8")
        updated = replace_blocks(text, render_blocks(analysis, docs))
    except (GupaiError, OSError) as error:
        print(f"tools.analysis: error: {error}", file=sys.stderr)
        return 2
    if args.check:
        if updated != text:
            print(f"{args.page} is out of date: run python -m tools.analysis --render-only", file=sys.stderr)
            return 1
        return 0
    args.page.write_text(updated, encoding="utf-8")
    print(f"wrote {args.page} and the figures under {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
