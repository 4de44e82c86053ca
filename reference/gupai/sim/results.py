"""A finished simulation: its result (:class:`SimulationResult`) and the JSON document of one or more runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gupai import __version__
from gupai.core.errors import OptionError
from gupai.core.options import Options

__all__ = ["SIMULATION_FORMAT", "Setup", "SimulationResult", "simulation_document"]

#: The ``format`` of a simulation's JSON document.
SIMULATION_FORMAT = "gupai-simulation/1"


class Setup(Protocol):
    """What a result tells of its setup (:class:`gupai.sim.simulate.Simulation` is one)."""

    @property
    def game(self) -> str: ...
    @property
    def overrides(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def label(self) -> str: ...


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """A finished run: what was simulated, the seeds, the merged tally, and the time it took."""

    simulation: Setup
    games: int
    seed: int
    tally: Any
    options: Options
    players: int
    sets: int
    agents: tuple[str, ...]
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        """The tally's figures (identical for any number of jobs)."""
        summary: dict[str, Any] = self.tally.summary()
        return summary

    def to_json(self) -> dict[str, Any]:
        """One run of a simulation document: the setup and the figures (no timings)."""
        return {
            "label": self.simulation.label,
            "preset": self.options.preset,
            "overrides": dict(self.simulation.overrides),
            "options": self.options.as_dict(),
            "players": self.players,
            "sets": self.sets,
            "agents": list(self.agents),
            "summary": self.summary(),
        }

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def simulation_document(results: Sequence[SimulationResult]) -> dict[str, Any]:
    """The JSON document of one or more runs of the same game on the same seeds.

    >>> from gupai.sim.simulate import Simulation, simulate
    >>> doc = simulation_document([simulate(Simulation("kap-shap"), games=4, jobs=1)])
    >>> doc["format"], doc["game"], doc["games"], [run["preset"] for run in doc["runs"]]
    ('gupai-simulation/1', 'kap-shap', 4, ['culin'])
    """
    if not results:
        raise OptionError("no runs to report", where="runs")
    first = results[0]
    return {
        "format": SIMULATION_FORMAT,
        "gupai": __version__,
        "game": first.simulation.game,
        "games": first.games,
        "seed": first.seed,
        "seeds": [first.seed, first.seed + first.games - 1],
        "counting": {
            "turn": "one player's turn, the opening turn included",
            "round": "players turns; rounds = turns / players; a game ends in round ceil(turns / players)",
            "first_round": "the game ends within the first `players` turns",
            "intervals": "95%: normal for means, order statistics for medians, Wilson for proportions",
        },
        "runs": [result.to_json() for result in results],
    }
