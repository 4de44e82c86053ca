"""Simulating many games with agents and summarising them, with 95% intervals.

A :class:`Simulation` fixes what is played (a game, a preset and overrides,
players, sets, agents); :func:`simulate` plays ``games`` seeded games and
returns a :class:`SimulationResult`; :func:`compare` does the same for several
presets. Nothing is logged: the simulator drives the engine's fast ``step``
and the agents directly, and keeps only streaming tallies (histograms of
integer counts, see :mod:`gupai.sim.stats`), so memory stays flat however many
games are played.

Game ``i`` of a run seeded ``S`` is the game that ``gupai play GAME --seed
S+i`` plays: the same deal and agent seeds (``gupai:{game}:deal:{seed}`` and
``gupai:{game}:agents:{seed}``), the same agents, move for move. Under
first-player=previous-winner (Kap) or previous-higher (Tsung Shap) each chunk
of seeds below is one match (:mod:`gupai.games.match`), as ``gupai play GAME
-n COUNT --seed FIRST`` plays it.

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

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.games.agents import GreedyAgent, NavpilAgent, Player, RandomAgent, make_agent
from gupai.games.kap.actions import Draw
from gupai.games.kap.config import COLLECTING_GAMES, collecting_config
from gupai.games.kap.deal import random_deal
from gupai.games.kap.state import KapState
from gupai.games.match import follows_previous
from gupai.log.play import seat_agents
from gupai.sim.chunks import chunks, default_jobs, local_chunk_results
from gupai.sim.results import SIMULATION_FORMAT, SimulationResult, simulation_document
from gupai.sim.tally import KapTally, Tally, TsungTally, win_chances

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

#: The engines a simulation may run on: ``auto`` (the fast path for a run long enough to repay loading
#: it, else the reference engine), the compiled fast path (:mod:`gupai.sim.fast`), or the reference.
ENGINES = ("auto", "fast", "reference")

#: ``engine="auto"`` plays a run of fewer seat-games than this (games times players) on the reference
#: engine: loading the fast path's compiled kernels costs about half a second of CPU (numba's own import
#: most of it), about what the reference engine takes to play this many (Kap Shap: ~3,000 games a
#: CPU-second; ten-player Kap Tai Shap ~700; Tsung Shap ~8,000). The games, and so the figures, are the
#: same on either engine.
AUTO_FAST_FROM = 1_000

#: Progress callbacks receive the number of games just finished.
Progress = Callable[[int], None]


# ------------------------------------------------------------------ setup
@dataclass(frozen=True, slots=True)
class Simulation:
    """What to simulate: a game under a preset and overrides, with players, sets and agents.

    ``engine`` is ``fast`` (the compiled fast path, :mod:`gupai.sim.fast`,
    where it covers the agents), ``reference``, or ``auto`` (the default:
    :func:`simulate` plays a short run, under :data:`AUTO_FAST_FROM`
    seat-games, on the reference engine and a longer one on the fast path);
    the games are the same.

    >>> Simulation("kap-tai-shap", preset="one-tile", players=10).label
    'one-tile'
    >>> Simulation("kap-shap", overrides=(("take", "latest"),)).label
    'culin take=latest'

    ``made`` is the game already loaded (:func:`gupai.load_game`'s, as the
    command line makes it once): when given, its options and configuration
    are used as they are, and ``game``, ``preset``, ``overrides``,
    ``players`` and ``sets`` must describe it (they label the results).

    >>> from gupai.games.registry import load_game
    >>> made = load_game("kap-shap", "pagat")
    >>> Simulation("kap-shap", preset="pagat", made=made).game_config() is made.config
    True
    """

    game: str
    preset: str | None = None
    overrides: tuple[tuple[str, str], ...] = ()
    players: int | None = None
    sets: int | None = None
    agents: tuple[str, ...] = ("greedy",)
    engine: str = "auto"
    made: Any = field(default=None, compare=False, repr=False)

    @property
    def options(self) -> Options:
        """The resolved options (raises :class:`~gupai.core.errors.OptionError` on a bad preset or option)."""
        if self.made is not None:
            options: Options = self.made.config.options
            return options
        return resolve_options(self.game, preset=self.preset, overrides=dict(self.overrides))

    def game_config(self) -> Any:
        """The game's configuration: the loaded game's, else fixed from the options (players and sets checked)."""
        if self.made is not None:
            return self.made.config
        if self.game in COLLECTING_GAMES:
            return collecting_config(self.game, self.options, players=self.players, sets=self.sets)
        from gupai.games.tsung.config import tsung_config

        return tsung_config(self.options)

    @property
    def label(self) -> str:
        """A short name: the preset, then any overrides."""
        preset = self.options.preset
        return " ".join([preset, *(f"{k}={v}" for k, v in self.overrides)])

    def for_games(self, games: int) -> Simulation:
        """This simulation on the engine that plays ``games`` games: ``auto`` made ``fast`` or ``reference``.

        >>> Simulation("kap-shap").for_games(10).engine, Simulation("kap-shap").for_games(10_000).engine
        ('reference', 'fast')
        >>> Simulation("kap-shap", engine="fast").for_games(1).engine
        'fast'
        """
        if self.engine != "auto":
            return self
        players = self.game_config().players
        return replace(self, engine="fast" if games * players >= AUTO_FAST_FROM else "reference")

    def runner(self) -> Runner:
        """A runner for this simulation, every argument checked.

        On the ``fast`` engine (and ``auto``, the number of games unknown),
        the fast path's runner when it covers the simulation
        (:func:`gupai.sim.fast.fast_runner`), else the reference's.
        """
        factory = RUNNERS.get(self.game)
        if factory is None:
            raise OptionError(
                f"no simulator for {self.game} (simulated games: {', '.join(sorted(RUNNERS))})", where=self.game
            )
        if self.engine not in ENGINES:
            raise OptionError(f"unknown engine {self.engine!r} (engines: {', '.join(ENGINES)})", where="engine")
        reference = factory(self)
        if self.engine != "reference":
            from gupai.sim.fast import fast_runner

            fast: Runner | None = fast_runner(self, reference.new_tally().__class__)
            if fast is not None:
                return fast
        return reference


# ----------------------------------------------------------------- tallies
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
FORCED_MOVE_AGENTS: tuple[type, ...] = (GreedyAgent, RandomAgent, NavpilAgent)


class KapRunner:
    """Plays Kap Shap and Kap Tai Shap games as :func:`gupai.log.play.play_kap` does, without the log.

    One shortcut: when every seat's agent is one of :data:`FORCED_MOVE_AGENTS`,
    the draw that must follow a take is applied without building the list of
    legal actions and asking the agent, which would return it unchanged.
    """

    def __init__(self, simulation: Simulation) -> None:
        self.simulation = simulation
        self.game = simulation.game
        self.config = simulation.game_config()
        self.options = self.config.options
        self.players = self.config.players
        self.sets = self.config.sets
        self.agents = seat_agents(simulation.agents, self.players)
        self._seats: list[Player] = [make_agent(name) for name in self.agents]
        self._forced = all(type(agent) in FORCED_MOVE_AGENTS for agent in self._seats)
        self._match = follows_previous(self.game, self.options["first-player"])
        self._first = 0

    def new_tally(self) -> KapTally:
        return KapTally(players=self.players)

    def state(self, seed: int, *, first: int | None = None) -> KapState:
        """Play game ``seed`` to its end and return the final state (``first``: under first-player=previous-winner).

        >>> state = KapRunner(Simulation("kap-shap")).state(1)
        >>> state.is_terminal, state.turn >= 1
        (True, True)
        """
        game, config, seats = self.game, self.config, self._seats
        state = KapState(config, random_deal(config, random.Random(f"gupai:{game}:deal:{seed}"), first=first))
        rng = random.Random(f"gupai:{game}:agents:{seed}")
        step, legal_actions = state.step, state.legal_actions
        cap = state.turn_cap
        if cap is not None:  # a game may never end (may_never_end): stop it at the cap (ks.end.abandoned)
            while state.phase != "over":
                step(seats[state.current_player].choose(state, legal_actions(), rng))
                if state.turn > cap and state.phase != "over":
                    state.abandon()
            return state
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

    def new_match(self) -> None:
        """Begin a match (first-player=previous-winner): seat 0 plays first in the next game."""
        self._first = 0

    def play(self, seed: int, tally: KapTally) -> None:
        state = self.state(seed, first=self._first if self._match else None)
        if self._match and state.winner is not None:
            self._first = state.winner  # gupai.games.match: the winner, or the same first player
        tally.add(turns=state.turn, first=state.deal.first_player, winner=state.winner, reason=state.reason or "")


class TsungRunner:
    """Plays Tsung Shap games as ``gupai play tsung-shap`` does, without the log."""

    def __init__(self, simulation: Simulation) -> None:
        from gupai.games.tsung.state import TALLY

        if simulation.players not in (None, 2):
            raise OptionError(f"Tsung Shap takes 2 players, not {simulation.players}", where="players")
        if simulation.sets not in (None, 1):
            raise OptionError(f"Tsung Shap is played with one set, not {simulation.sets}", where="sets")
        self.simulation = simulation
        self.game = simulation.game
        self.config = simulation.game_config()
        self.options = self.config.options
        self.players, self.sets = 2, 1
        self.agents = seat_agents(simulation.agents, 2)
        self._seats: list[Player] = [make_agent(name) for name in self.agents]
        self._sweeps = TALLY.index("sweeps")
        self._first = 0  # first-player=previous-higher: the next game's first player

    def new_match(self) -> None:
        """Begin a match (first-player=previous-higher): seat 0 lays first in the next game."""
        self._first = 0

    def new_tally(self) -> TsungTally:
        return TsungTally()

    def state(self, seed: int, *, first: int = 0) -> Any:
        """Play game ``seed`` to its end and return the final :class:`~gupai.games.tsung.state.TsungState`."""
        from gupai.games.tsung.deal import random_tsung_deal
        from gupai.games.tsung.play import run_tsung

        game = self.game
        deal = random_tsung_deal(self.config, random.Random(f"gupai:{game}:deal:{seed}"), first=first)
        return run_tsung(self.config, deal, self._seats, random.Random(f"gupai:{game}:agents:{seed}"))

    def play(self, seed: int, tally: TsungTally) -> None:
        state = self.state(seed, first=self._first)
        if self.config.after_match:  # gupai.games.match: the higher scorer, a tie keeping the first player
            first = self._first
            self._first = 1 - first if state.scores[1 - first] > state.scores[first] else first
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
    simulation = simulation.for_games(games)
    # checks every argument before any process starts; a cluster's client plays nothing, so it builds the
    # reference engine's runner (the same options, seats and tally), not the fast path's (numba and its kernels)
    runner = (simulation if cluster is None else replace(simulation, engine="reference")).runner()
    plan = chunks(games, seed)
    tally = runner.new_tally()
    started = time.perf_counter()
    if cluster is not None:
        from gupai.sim.cluster import cluster_chunk_results

        results = cluster_chunk_results(simulation, plan, cluster)
    else:
        results = local_chunk_results(simulation, runner, plan, jobs)
    try:
        for count, part in results:
            tally.merge(part)
            if progress is not None:
                progress(count)
    finally:  # stopped early (a signal, an error): the workers are killed now, not when the generator is freed
        getattr(results, "close", lambda: None)()
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
    simulations = [simulation.for_games(games) for simulation in simulations]
    for simulation in simulations:
        simulation.runner()  # fail on any bad preset before playing
    results = []
    for index, simulation in enumerate(simulations):
        callback = None if progress is None else (lambda count, i=index: progress(i, count))
        results.append(simulate(simulation, games=games, seed=seed, jobs=jobs, progress=callback, cluster=cluster))
    return results
