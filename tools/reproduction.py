"""Reproducing the Java simulator's published mean game lengths (navpil/gupai), for the analysis page.

navpil's Java simulator reports these means for its presets ``culin``,
``classic`` and ``gin`` (:data:`JAVA`), counting for each game the completed
turns before the winning turn, and 0 for a game without a winner. Its deal
gives every player one tile fewer than a winning hand and starts the first
player with a draw. This module plays the same rules with the ``navpil``
agent (the Java player's strategy, which never declines a win), with the
trial copy ``navpil-java`` (its defects included: :mod:`gupai.sim.trial_agents`)
and with the greedy agent, counts them both ways, and renders the page's
reproduction table (:mod:`tools.analysis` calls it).

>>> [f"{r.game} {r.preset}" for r in JAVA][:2]
['kap-shap navpil-gin', 'kap-shap navpil-classic']
>>> navpil_count({"turns": {3: 2, 5: 1}, "no_winner": {5: 1}}).value  # two games won on turn 3, one not won
1.3333333333333333
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gupai.sim.report import estimate
from gupai.sim.simulate import KapTally, Simulation, compare
from gupai.sim.stats import Estimate, Histogram, mean_interval

__all__ = [
    "AGENTS",
    "GAMES",
    "JAVA",
    "JavaFigure",
    "navpil_count",
    "render_reproduction",
    "run_reproduction",
    "simulation",
]


@dataclass(frozen=True, slots=True)
class JavaFigure:
    """One published figure: the game, our preset for navpil's, the Java mean and its code comment."""

    game: str
    preset: str
    java: float
    comment: str


#: The Java simulator's means (issue 15, measured by running it), and what its code comments say.
JAVA: tuple[JavaFigure, ...] = (
    JavaFigure("kap-shap", "navpil-gin", 8.73, "8.5"),
    JavaFigure("kap-shap", "navpil-classic", 6.85, "6.47"),
    JavaFigure("kap-shap", "navpil-culin", 5.78, "6.0"),
    JavaFigure("kap-tai-shap", "navpil-gin", 20.33, "20"),
    JavaFigure("kap-tai-shap", "navpil-classic", 13.69, "14"),
    JavaFigure("kap-tai-shap", "navpil-culin", 8.96, "9"),
)

#: Players, sets and games a run: the fast path plays ``navpil`` and ``greedy``; the reference engine ``navpil-java``.
GAMES: dict[str, dict[str, Any]] = {
    "kap-shap": {"name": "Kap Shap", "players": 2, "sets": 1, "fast": 400_000, "java": 6_000},
    "kap-tai-shap": {"name": "Kap Tai Shap", "players": 10, "sets": 4, "fast": 100_000, "java": 1_500},
}

#: The agents played on each rule set, and whether each runs on the fast path.
AGENTS: tuple[tuple[str, bool], ...] = (
    ("navpil", True),
    ("navpil-java", False),
    ("navpil-java-wins", False),
    ("greedy", True),
)


def simulation(game: str, preset: str, agent: str) -> Simulation:
    """One reproduction run: a navpil preset (its rules and deal: ``opening=draw``, a taken tile may go back)."""
    setup = GAMES[game]
    return Simulation(game, preset=preset, players=setup["players"], sets=setup["sets"], agents=(agent,))


def _counts(tally: KapTally) -> dict[str, dict[int, int]]:
    return {"turns": dict(iter(tally.turns)), "no_winner": dict(iter(tally.no_winner_turns))}


def navpil_count(counts: Mapping[str, Mapping[int, int]]) -> Estimate:
    """The mean the Java simulator reports: completed turns before the winning turn, 0 for a game without a
    winner (``counts``: our turn histograms of all games and of the games without a winner)."""
    histogram = Histogram()
    no_winner = {int(v): int(c) for v, c in counts["no_winner"].items()}
    for value, count in counts["turns"].items():
        won = int(count) - no_winner.get(int(value), 0)
        if won:
            histogram.add(int(value) - 1, won)
    if sum(no_winner.values()):
        histogram.add(0, sum(no_winner.values()))
    return mean_interval(histogram)


def run_reproduction(
    *, scale: float = 1.0, jobs: int | None = None, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Play every figure's rules with every agent; the figures both ways, as JSON."""
    from gupai.sim.trial_agents import registered

    rows = []
    with registered():
        for figure in JAVA:
            setup = GAMES[figure.game]
            row: dict[str, Any] = {
                "game": figure.game,
                "preset": figure.preset,
                "java": figure.java,
                "comment": figure.comment,
            }
            for agent, fast in AGENTS:
                games = max(10, round(setup["fast" if fast else "java"] * scale))
                if progress:
                    progress(f"reproduction: {setup['name']} {figure.preset}, {agent}, {games:,} games")
                result = compare([simulation(figure.game, figure.preset, agent)], games=games, seed=0, jobs=jobs)[0]
                counts = _counts(result.tally)
                row[agent] = {
                    "games": games,
                    "navpil_count": navpil_count(counts).to_json(),
                    "turns": result.summary()["turns"]["mean"],
                    "no_winner": result.summary()["no_winner"],
                }
            rows.append(row)
    return {"rows": rows}


def _cell(e: Estimate, java: float) -> str:
    inside = "" if e.low <= java <= e.high else " ✗"
    return f"{e.format(2)}{inside}"


def _name(row: Mapping[str, Any]) -> str:
    return f"{GAMES[row['game']]['name']}, [*{row['preset']}*]({row['game']}/presets.md#{row['preset']})"


def render_reproduction(reproduction: Mapping[str, Any]) -> dict[str, str]:
    """The page's blocks (markdown): ``reproduction``, each figure of ours against the Java mean, with
    intervals; ``reproduction-steps``, the means from our greedy agent and count to the Java figure."""
    lines = [
        "| run | Java | *navpil* | *navpil-java* | *navpil-java*, wins taken |",
        "| :-- | --: | --: | --: | --: |",
    ]
    steps = [
        "| run | *greedy* | *greedy*, Java's count | *navpil* | *navpil-java* | Java |",
        "| :-- | --: | --: | --: | --: | --: |",
    ]
    for row in reproduction["rows"]:
        java = float(row["java"])
        navpil, trial = estimate(row["navpil"]["navpil_count"]), estimate(row["navpil-java"]["navpil_count"])
        wins = row.get("navpil-java-wins")
        taken = _cell(estimate(wins["navpil_count"]), java) if wins else "—"
        greedy, ours = estimate(row["greedy"]["navpil_count"]), estimate(row["greedy"]["turns"])
        lines.append(f"| {_name(row)} | {java:.2f} | {_cell(navpil, java)} | {_cell(trial, java)} | {taken} |")
        values = " | ".join(f"{e.value:.2f}" for e in (ours, greedy, navpil, trial))
        steps.append(f"| {_name(row)} | {values} | {java:.2f} |")
    sizes = "; ".join(
        f"{GAMES[g]['name']}: {row['navpil']['games']:,} games a run for *navpil* and *greedy*, "
        f"{row['navpil-java']['games']:,} for *navpil-java* and its variant"
        for g in GAMES
        for row in [next(r for r in reproduction["rows"] if r["game"] == g)]
    )
    note = (
        "Mean game length in the Java simulator's count (completed turns before the winning turn, 0 for a game "
        f"without a winner), 95% interval; ✗ marks an interval that does not hold the Java mean. Seeds from 0; "
        f"{sizes}."
    )
    steps_note = (
        "Mean game length (turns): *greedy* in this page's count (every turn, the winning one included; a game "
        "without a winner at its length), then every run in the Java simulator's count."
    )
    return {
        "reproduction": "\n".join(lines) + "\n\n" + note,
        "reproduction-steps": "\n".join(steps) + "\n\n" + steps_note,
    }
