"""Simulating many games with agents and summarising them, with 95% intervals.

A :class:`Simulation` fixes what is played (a game, a preset and overrides,
players, sets, agents); :func:`simulate` plays ``games`` seeded games and
returns a :class:`SimulationResult`; :func:`compare` does the same for several
presets. Nothing is logged: the simulator drives the engine's fast ``_step``
and the agents directly, and keeps only streaming tallies (histograms of
integer counts, see :mod:`gupai.sim.stats`), so memory stays flat however many
games are played.

Game ``i`` of a run seeded ``S`` is the game that ``gupai play GAME --seed
S+i`` plays: the same deal and agent seeds (``gupai:{game}:deal:{seed}`` and
``gupai:{game}:agents:{seed}``), the same agents, move for move.

Seeds are cut into chunks that depend only on the number of games; with
``jobs > 1`` the chunks are played in worker processes and their tallies
merged in seed order. Every tally is a sum of integers, so the result is the
same, bit for bit, for any number of jobs.

How lengths are counted: a *turn* is one player's turn, the first player's
opening turn included (``KapState.turn``); the sources' "moves" are turns. A
*round* is ``players`` turns: ``rounds = turns / players`` (not rounded) for
means and medians; the round a game ends in is ``ceil(turns / players)``, so
a game "ends in the first round" when it ends within the first ``players``
turns.

>>> result = simulate(Simulation("kap-shap"), games=20, seed=1, jobs=1)
>>> summary = result.summary()
>>> summary["games"], sum(count for _, count in summary["length_distribution"])
(20, 20)
>>> simulate(Simulation("kap-shap"), games=20, seed=1, jobs=2).summary() == summary
True
>>> simulate(Simulation("kap-shap", engine="reference"), games=20, seed=1, jobs=1).summary() == summary
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from gupai import __version__
from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.games.agents import Agent, GreedyAgent, RandomAgent, make_agent
from gupai.games.kap.actions import Draw
from gupai.games.kap.config import COLLECTING_GAMES, collecting_config
from gupai.games.kap.deal import random_deal
from gupai.games.kap.state import KapState
from gupai.log.play import seat_agents
from gupai.sim.stats import Histogram, mean_interval, median_interval, proportion

__all__ = [
    "ENGINES",
    "FORCED_MOVE_AGENTS",
    "RUNNERS",
    "SIMULATION_FORMAT",
    "KapTally",
    "Runner",
    "Simulation",
    "SimulationResult",
    "Tally",
    "TsungTally",
    "chunks",
    "compare",
    "default_jobs",
    "simulate",
    "simulation_document",
    "win_chances",
]

_DRAW = Draw()

#: The ``format`` of a simulation's JSON document.
SIMULATION_FORMAT = "gupai-simulation/1"

#: The engines a simulation may run on: the compiled fast path (:mod:`gupai.sim.fast`), or the reference.
ENGINES = ("fast", "reference")

#: Progress callbacks receive the number of games just finished.
Progress = Callable[[int], None]


# ------------------------------------------------------------------ setup
@dataclass(frozen=True, slots=True)
class Simulation:
    """What to simulate: a game under a preset and overrides, with players, sets and agents.

    ``engine`` is ``fast`` (the compiled fast path, :mod:`gupai.sim.fast`,
    where it covers the agents) or ``reference``: the games are the same.

    >>> Simulation("kap-tai-shap", preset="one-tile", players=10).label
    'one-tile'
    >>> Simulation("kap-shap", overrides=(("take", "latest"),)).label
    'culin take=latest'
    """

    game: str
    preset: str | None = None
    overrides: tuple[tuple[str, str], ...] = ()
    players: int | None = None
    sets: int | None = None
    agents: tuple[str, ...] = ("greedy",)
    engine: str = "fast"

    @property
    def options(self) -> Options:
        """The resolved options (raises :class:`~gupai.core.errors.OptionError` on a bad preset or option)."""
        return resolve_options(self.game, preset=self.preset, overrides=dict(self.overrides))

    @property
    def label(self) -> str:
        """A short name: the preset, then any overrides."""
        preset = self.options.preset
        return " ".join([preset, *(f"{k}={v}" for k, v in self.overrides)])

    def runner(self) -> Runner:
        """A runner for this simulation, every argument checked.

        On the ``fast`` engine, the fast path's runner when it covers the
        simulation (:func:`gupai.sim.fast.fast_runner`), else the reference's.
        """
        factory = RUNNERS.get(self.game)
        if factory is None:
            raise OptionError(
                f"no simulator for {self.game} (simulated games: {', '.join(sorted(RUNNERS))})", where=self.game
            )
        if self.engine not in ENGINES:
            raise OptionError(f"unknown engine {self.engine!r} (engines: {', '.join(ENGINES)})", where="engine")
        reference = factory(self)
        if self.engine == "fast":
            from gupai.sim.fast import fast_runner

            fast: Runner | None = fast_runner(self, reference.new_tally().__class__)
            if fast is not None:
                return fast
        return reference


# ----------------------------------------------------------------- tallies
class Tally(Protocol):
    """Streaming counts of a run of games: mergeable, bounded in size, summarised at the end."""

    games: int

    def merge(self, other: Any) -> None: ...

    def summary(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class KapTally:
    """What a run of Kap Shap or Kap Tai Shap games counts.

    ``turns`` is the histogram of game lengths in turns; ``wins_by_position``
    counts wins by place in turn order (position 0 is the first player),
    ``wins_by_seat`` by seat; ``ends`` counts how games ended (``declared``,
    ``stock-exhausted``, ``dead-rounds``); ``no_winner_turns`` is the
    histogram of the lengths of games that ended without a winner (so the
    chance of a win at each turn, given the game reached it, is exact).

    >>> t = KapTally(players=2)
    >>> t.add(turns=3, first=1, winner=0, reason="declared")
    >>> t.add(turns=17, first=0, winner=None, reason="stock-exhausted")
    >>> t.games, t.wins_by_position, t.wins_by_seat, t.first_round
    (2, [0, 1], [1, 0], 0)
    """

    players: int
    games: int = 0
    turns: Histogram = field(default_factory=Histogram)
    wins_by_position: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)
    first_round: int = 0
    no_winner_turns: Histogram = field(default_factory=Histogram)

    REASONS: ClassVar[tuple[str, ...]] = ("declared", "stock-exhausted", "dead-rounds")

    def __post_init__(self) -> None:
        if not self.wins_by_position:
            self.wins_by_position = [0] * self.players
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, *, turns: int, first: int, winner: int | None, reason: str) -> None:
        """Count one game."""
        self.games += 1
        self.turns.add(turns)
        if turns <= self.players:
            self.first_round += 1
        if winner is not None:
            self.wins_by_seat[winner] += 1
            self.wins_by_position[(winner - first) % self.players] += 1
        else:
            self.no_winner_turns.add(turns)
        self.ends[reason] = self.ends.get(reason, 0) + 1

    def merge(self, other: KapTally) -> None:
        """Add another tally of the same game into this one."""
        self.games += other.games
        self.turns.merge(other.turns)
        self.no_winner_turns.merge(other.no_winner_turns)
        self.first_round += other.first_round
        for i in range(self.players):
            self.wins_by_position[i] += other.wins_by_position[i]
            self.wins_by_seat[i] += other.wins_by_seat[i]
        for reason, count in other.ends.items():
            self.ends[reason] = self.ends.get(reason, 0) + count

    def summary(self) -> dict[str, Any]:
        """Every figure, with 95% intervals (see :mod:`gupai.sim.stats` for the methods).

        >>> t = KapTally(players=2)
        >>> for turns in (2, 4, 6, 8):
        ...     t.add(turns=turns, first=0, winner=turns % 4 // 2, reason="declared")
        >>> s = t.summary()
        >>> s["turns"]["mean"]["value"], s["rounds"]["mean"]["value"], s["first_round"]["value"]
        (5.0, 2.5, 0.25)
        >>> [w["value"] for w in s["win_rate_by_position"]]
        [0.5, 0.5]
        """
        n, games = self.players, self.games
        turns = self.turns
        mean, median = mean_interval(turns), median_interval(turns)
        rounds = Histogram()
        for value, count in turns:
            rounds.add(math.ceil(value / n), count)
        no_winner = games - sum(self.wins_by_seat)
        return {
            "games": games,
            "turns": {
                "mean": mean.to_json(),
                "median": median.to_json(),
                "std": turns.std,
                "min": turns.min,
                "max": turns.max,
                "p10": turns.quantile(0.1),
                "p90": turns.quantile(0.9),
            },
            "rounds": {"mean": mean.scaled(1 / n).to_json(), "median": median.scaled(1 / n).to_json()},
            "first_round": proportion(self.first_round, games).to_json(),
            "ends": {reason: proportion(self.ends.get(reason, 0), games).to_json() for reason in self.REASONS},
            "stock_exhausted": proportion(self.ends.get("stock-exhausted", 0), games).to_json(),
            "no_winner": proportion(no_winner, games).to_json(),
            "win_rate_by_position": [proportion(w, games).to_json() for w in self.wins_by_position],
            "win_rate_by_seat": [proportion(w, games).to_json() for w in self.wins_by_seat],
            "length_distribution": turns.to_json(),
            "round_distribution": rounds.to_json(),
            "no_winner_distribution": self.no_winner_turns.to_json(),
        }


@dataclass(slots=True)
class TsungTally:
    """What a run of Tsung Shap games counts: scores, sweeps, wins, lengths.

    >>> t = TsungTally()
    >>> t.add(turns=30, first=0, scores=(120, 80), sweeps=(1, 0), winner=0)
    >>> t.add(turns=31, first=1, scores=(50, 50), sweeps=(0, 0), winner=None)
    >>> t.wins_by_seat, t.wins_by_position, t.ties, t.sweeps.counts()
    ([1, 0], [1, 0], 1, [(0, 1), (1, 1)])
    """

    players: int = 2
    games: int = 0
    turns: Histogram = field(default_factory=Histogram)
    scores: list[Histogram] = field(default_factory=lambda: [Histogram(), Histogram()])
    margins: Histogram = field(default_factory=Histogram)
    sweeps: Histogram = field(default_factory=Histogram)
    sweeps_by_seat: list[int] = field(default_factory=lambda: [0, 0])
    wins_by_seat: list[int] = field(default_factory=lambda: [0, 0])
    wins_by_position: list[int] = field(default_factory=lambda: [0, 0])
    ties: int = 0

    def add(self, *, turns: int, first: int, scores: Sequence[int], sweeps: Sequence[int], winner: int | None) -> None:
        """Count one game."""
        self.games += 1
        self.turns.add(turns)
        for seat in (0, 1):
            self.scores[seat].add(scores[seat])
            self.sweeps_by_seat[seat] += sweeps[seat]
        self.margins.add(abs(scores[0] - scores[1]))
        self.sweeps.add(sweeps[0] + sweeps[1])
        if winner is None:
            self.ties += 1
        else:
            self.wins_by_seat[winner] += 1
            self.wins_by_position[(winner - first) % 2] += 1

    def merge(self, other: TsungTally) -> None:
        """Add another tally into this one."""
        self.games += other.games
        self.turns.merge(other.turns)
        for seat in (0, 1):
            self.scores[seat].merge(other.scores[seat])
            self.sweeps_by_seat[seat] += other.sweeps_by_seat[seat]
            self.wins_by_seat[seat] += other.wins_by_seat[seat]
            self.wins_by_position[seat] += other.wins_by_position[seat]
        self.margins.merge(other.margins)
        self.sweeps.merge(other.sweeps)
        self.ties += other.ties

    def summary(self) -> dict[str, Any]:
        """Every figure, with 95% intervals.

        >>> t = TsungTally()
        >>> t.add(turns=30, first=0, scores=(120, 80), sweeps=(1, 0), winner=0)
        >>> s = t.summary()
        >>> s["scores"][0]["mean"]["value"], s["sweeps"]["mean"]["value"], s["ties"]["value"]
        (120.0, 1.0, 0.0)
        """
        games = self.games
        both = Histogram().merge(self.scores[0]).merge(self.scores[1])

        def spread(h: Histogram) -> dict[str, Any]:
            return {
                "mean": mean_interval(h).to_json(),
                "median": median_interval(h).to_json(),
                "std": h.std,
                "min": h.min,
                "max": h.max,
                "distribution": h.to_json(),
            }

        return {
            "games": games,
            "turns": {
                "mean": mean_interval(self.turns).to_json(),
                "median": median_interval(self.turns).to_json(),
                "min": self.turns.min,
                "max": self.turns.max,
            },
            "scores": [spread(h) for h in self.scores],
            "score": spread(both),
            "margin": spread(self.margins),
            "sweeps": {
                **spread(self.sweeps),
                "by_seat": [s / games if games else 0.0 for s in self.sweeps_by_seat],
                "at_least_one": proportion(games - dict(self.sweeps.counts()).get(0, 0), games).to_json(),
            },
            "win_rate_by_seat": [proportion(w, games).to_json() for w in self.wins_by_seat],
            "win_rate_by_position": [proportion(w, games).to_json() for w in self.wins_by_position],
            "ties": proportion(self.ties, games).to_json(),
            "length_distribution": self.turns.to_json(),
        }


def win_chances(summary: dict[str, Any], *, upto: int | None = None) -> list[dict[str, Any]]:
    """The chance that the player to move wins on each turn, given the game reached that turn.

    From a Kap summary: for turn k, the games won at turn k over the games
    that lasted at least k turns, with a Wilson interval. It measures how
    good a seat's chances are *when its turn comes*, which the win rate by
    position mixes with how often the turn comes at all.

    >>> t = KapTally(players=2)
    >>> for turns, winner in ((1, 0), (2, 1), (2, 1), (3, None)):
    ...     t.add(turns=turns, first=0, winner=winner, reason="declared" if winner is not None else "stock-exhausted")
    >>> [(c["turn"], c["won"], c["reached"]) for c in win_chances(t.summary())]
    [(1, 1, 4), (2, 2, 3), (3, 0, 1)]
    """
    lengths = {int(v): int(c) for v, c in summary["length_distribution"]}
    undecided = {int(v): int(c) for v, c in summary.get("no_winner_distribution", [])}
    last = max(lengths, default=0) if upto is None else upto
    reached = sum(lengths.values())
    chances = []
    for turn in range(1, last + 1):
        won = lengths.get(turn, 0) - undecided.get(turn, 0)
        chances.append({"turn": turn, "won": won, "reached": reached, "chance": proportion(won, reached).to_json()})
        reached -= lengths.get(turn, 0)
    return chances


# ----------------------------------------------------------------- runners
class Runner(Protocol):
    """Plays seeded games of one simulation into a tally."""

    simulation: Simulation
    options: Options
    players: int
    sets: int
    agents: list[str]

    def new_tally(self) -> Any: ...

    def state(self, seed: int) -> Any: ...

    def play(self, seed: int, tally: Any) -> None: ...


#: Agents that never touch their random generator when only one action is legal
#: (they return it at once), so the simulator may apply a forced draw without asking them.
FORCED_MOVE_AGENTS: tuple[type, ...] = (GreedyAgent, RandomAgent)


class KapRunner:
    """Plays Kap Shap and Kap Tai Shap games as :func:`gupai.log.play.play_kap` does, without the log.

    One shortcut: when every seat's agent is one of :data:`FORCED_MOVE_AGENTS`,
    the draw that must follow a take is applied without building the list of
    legal actions and asking the agent, which would return it unchanged.
    """

    def __init__(self, simulation: Simulation) -> None:
        self.simulation = simulation
        self.game = simulation.game
        self.options = simulation.options
        self.config = collecting_config(self.game, self.options, players=simulation.players, sets=simulation.sets)
        self.players = self.config.players
        self.sets = self.config.sets
        self.agents = seat_agents(simulation.agents, self.players)
        self._seats: list[Agent] = [make_agent(name) for name in self.agents]
        self._forced = all(type(agent) in FORCED_MOVE_AGENTS for agent in self._seats)

    def new_tally(self) -> KapTally:
        return KapTally(players=self.players)

    def state(self, seed: int) -> KapState:
        """Play game ``seed`` to its end and return the final state.

        >>> state = KapRunner(Simulation("kap-shap")).state(1)
        >>> state.is_terminal, state.turn >= 1
        (True, True)
        """
        game, config, seats = self.game, self.config, self._seats
        state = KapState(config, random_deal(config, random.Random(f"gupai:{game}:deal:{seed}")))
        rng = random.Random(f"gupai:{game}:agents:{seed}")
        step, legal_actions = state._step, state.legal_actions
        if not self._forced:
            while state.phase != "over":
                step(seats[state.current_player].choose(state, legal_actions(), rng))
            return state
        while True:
            phase = state.phase
            if phase == "draw":
                step(_DRAW)
            elif phase == "over":
                return state
            else:
                step(seats[state.current_player].choose(state, legal_actions(), rng))

    def play(self, seed: int, tally: KapTally) -> None:
        state = self.state(seed)
        tally.add(turns=state.turn, first=state.deal.first_player, winner=state.winner, reason=state.reason or "")


class TsungRunner:
    """Plays Tsung Shap games as ``gupai play tsung-shap`` does, without the log."""

    def __init__(self, simulation: Simulation) -> None:
        from gupai.games.tsung.config import tsung_config
        from gupai.games.tsung.state import TALLY

        if simulation.players not in (None, 2):
            raise OptionError(f"Tsung Shap takes 2 players, not {simulation.players}", where="players")
        if simulation.sets not in (None, 1):
            raise OptionError(f"Tsung Shap is played with one set, not {simulation.sets}", where="sets")
        self.simulation = simulation
        self.game = simulation.game
        self.options = simulation.options
        self.config = tsung_config(self.options)
        self.players, self.sets = 2, 1
        self.agents = seat_agents(simulation.agents, 2)
        self._seats: list[Agent] = [make_agent(name) for name in self.agents]
        self._sweeps = TALLY.index("sweeps")

    def new_tally(self) -> TsungTally:
        return TsungTally()

    def state(self, seed: int) -> Any:
        """Play game ``seed`` to its end and return the final :class:`~gupai.games.tsung.state.TsungState`."""
        from gupai.games.tsung.deal import random_tsung_deal
        from gupai.games.tsung.play import run_tsung

        game = self.game
        deal = random_tsung_deal(self.config, random.Random(f"gupai:{game}:deal:{seed}"))
        return run_tsung(self.config, deal, self._seats, random.Random(f"gupai:{game}:agents:{seed}"))

    def play(self, seed: int, tally: TsungTally) -> None:
        state = self.state(seed)
        at = self._sweeps
        tally.add(
            turns=state.turns[0] + state.turns[1],
            first=state.deal.first_player,
            scores=state.scores,
            sweeps=(state.tally[0][at], state.tally[1][at]),
            winner=state.winner,
        )


#: Game id -> a factory of runners for it.
RUNNERS: dict[str, Callable[[Simulation], Runner]] = {
    **{game: KapRunner for game in COLLECTING_GAMES},
    "tsung-shap": TsungRunner,
}


# ----------------------------------------------------------------- running
def chunks(games: int, seed: int = 0) -> list[tuple[int, int]]:
    """Cut seeds ``seed .. seed+games-1`` into (first seed, count) chunks.

    The cut depends only on ``games`` (never on the number of jobs): about 32
    chunks, each of 10 to 250 games, in seed order.

    >>> chunks(5)
    [(0, 5)]
    >>> chunks(1000, seed=7)[:2], len(chunks(1000))
    ([(7, 32), (39, 32)], 32)
    """
    size = max(10, min(250, math.ceil(games / 32)))
    return [(seed + start, min(size, games - start)) for start in range(0, games, size)]


def default_jobs() -> int:
    """The cores this process may use.

    >>> default_jobs() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


_WORKER: dict[str, Runner] = {}


def _worker_init(simulation: Simulation) -> None:
    _WORKER["runner"] = simulation.runner()


def _worker_chunk(chunk: tuple[int, int]) -> Any:
    runner = _WORKER["runner"]
    return _play_chunk(runner, chunk)


def _play_chunk(runner: Runner, chunk: tuple[int, int]) -> Any:
    first, count = chunk
    play_chunk = getattr(runner, "play_chunk", None)
    if play_chunk is not None:  # the fast path plays a chunk in one call
        return play_chunk(first, count)
    tally = runner.new_tally()
    for seed in range(first, first + count):
        runner.play(seed, tally)
    return tally


def _chunk_results(
    simulation: Simulation, runner: Runner, plan: list[tuple[int, int]], jobs: int
) -> Iterator[tuple[int, Any]]:
    """Each chunk's (count, tally), in seed order."""
    if jobs <= 1 or len(plan) <= 1:
        for chunk in plan:
            yield chunk[1], _play_chunk(runner, chunk)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(jobs, len(plan)), initializer=_worker_init, initargs=(simulation,)) as pool:
        for chunk, tally in zip(plan, pool.imap(_worker_chunk, plan), strict=True):
            yield chunk[1], tally


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """A finished run: what was simulated, the seeds, the merged tally, and the time it took."""

    simulation: Simulation
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


def simulate(
    simulation: Simulation,
    *,
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    progress: Progress | None = None,
    cluster: str | None = None,
) -> SimulationResult:
    """Play games ``seed .. seed+games-1`` of ``simulation`` and tally them.

    ``jobs`` processes share the work (default: every core); the result does
    not depend on it. With ``cluster`` (a Dask scheduler's address) the
    chunks are played on that cluster instead (:mod:`gupai.sim.cluster`),
    with the same result. ``progress`` is called with the number of games
    each time a chunk finishes.
    """
    if games < 1:
        raise OptionError(f"a simulation needs at least one game, not {games}", where="games")
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise OptionError(f"--jobs must be at least 1, not {jobs}", where="jobs")
    runner = simulation.runner()  # checks every argument before any process starts
    plan = chunks(games, seed)
    tally = runner.new_tally()
    started = time.perf_counter()
    if cluster is not None:
        from gupai.sim.cluster import cluster_chunk_results

        results = cluster_chunk_results(simulation, plan, cluster)
    else:
        results = _chunk_results(simulation, runner, plan, jobs)
    for count, part in results:
        tally.merge(part)
        if progress is not None:
            progress(count)
    return SimulationResult(
        simulation=simulation,
        games=games,
        seed=seed,
        tally=tally,
        options=runner.options,
        players=runner.players,
        sets=runner.sets,
        agents=tuple(runner.agents),
        seconds=time.perf_counter() - started,
    )


def compare(
    simulations: Sequence[Simulation],
    *,
    games: int,
    seed: int = 0,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cluster: str | None = None,
) -> list[SimulationResult]:
    """:func:`simulate` each simulation on the same seeds; ``progress(index, games)`` names which.

    >>> a, b = compare([Simulation("kap-shap"), Simulation("kap-shap", preset="one-tile")], games=10, jobs=1)
    >>> a.options.preset, b.options.preset, a.games
    ('culin', 'one-tile', 10)
    """
    for simulation in simulations:
        simulation.runner()  # fail on any bad preset before playing
    results = []
    for index, simulation in enumerate(simulations):
        callback = None if progress is None else (lambda count, i=index: progress(i, count))
        results.append(simulate(simulation, games=games, seed=seed, jobs=jobs, progress=callback, cluster=cluster))
    return results


def simulation_document(results: Sequence[SimulationResult]) -> dict[str, Any]:
    """The JSON document of one or more runs of the same game on the same seeds.

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
