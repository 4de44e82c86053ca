"""The fast path held to the reference engine: the same seeded games, action for action.

For each game, preset and agent line-up, every seeded game is played twice:
by the reference runner of :mod:`gupai.sim.simulate` (the engine's state and
the agents of :mod:`gupai.games.agents`), with each action it applies
recorded, and by the fast path (:mod:`gupai.sim.fast`), which records its
own. The two must agree on every action and on every result. ``make
test`` runs a few dozen games a preset (``tests/property/test_fast_sim.py``);
``make verify-fast`` runs this module on 10,000 games a preset and line-up::

    python -m tools.verify_fast --games 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import fnmatch
import multiprocessing
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from unittest import mock

from gupai.core.errors import OptionError
from gupai.core.spec import game_spec
from gupai.games.agents import GREEDY_POLICIES
from gupai.games.kap.actions import Declare, Discard, Draw, Pass, Take
from gupai.games.kap.state import KapState
from gupai.games.match import follows_previous, next_first_player
from gupai.games.tsung import play as tsung_play
from gupai.games.tsung.state import TALLY, TsungState
from gupai.sim.fast.kap_kernel import ACTION_DECLARE, ACTION_DISCARD, ACTION_DRAW, ACTION_PASS, ACTION_TAKE
from gupai.sim.simulate import KapRunner, KapTally, Simulation, TsungRunner

__all__ = [
    "TSUNG_COMBINATIONS",
    "Case",
    "Mismatch",
    "cases",
    "check",
    "fast_games",
    "kap_reference_games",
    "main",
    "reference_games",
]

#: (turns, first player, winner or -1, reason) and the actions of one game.
Game = tuple[tuple[int, ...], tuple[int, ...]]


class _RecordingKapState(KapState):
    """The reference state, noting every action applied (as the fast path's codes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[int] = []

    def step(self, action: Any) -> int:
        cls = action.__class__
        if cls is Discard:
            self.log.append(ACTION_DISCARD + action.tile.index)
        elif cls is Take:
            self.log.append(ACTION_TAKE + action.tile.index)
        elif cls is Draw:
            self.log.append(ACTION_DRAW)
        elif cls is Declare:
            self.log.append(ACTION_DECLARE)
        elif cls is Pass:
            self.log.append(ACTION_PASS)
        return super().step(action)


def kap_reference_games(simulation: Simulation, seeds: range) -> list[Game]:
    """Each seed's game as the reference runner plays it (results and actions)."""
    runner = KapRunner(simulation)
    games: list[Game] = []
    policy = {_RecordingKapState: GREEDY_POLICIES[KapState]}  # the greedy agent's policy is found by state type
    with mock.patch("gupai.sim.simulate.KapState", _RecordingKapState), mock.patch.dict(GREEDY_POLICIES, policy):
        match, first = follows_previous(simulation.game, simulation.options["first-player"]), 0
        for seed in seeds:  # under first-player=previous-winner the seeds are one match, as a chunk is
            state = runner.state(seed, first=first if match else None)
            assert isinstance(state, _RecordingKapState)
            if match:
                previous = {"first_player": first, "winner": state.winner, "scores": None}
                first = next_first_player(previous, game=simulation.game, players=runner.players)
            winner = -1 if state.winner is None else state.winner
            outcome = (state.turn, state.deal.first_player, winner, KapTally.REASONS.index(state.reason or ""))
            games.append((outcome, tuple(state.log)))
    return games


class _RecordingTsungState(TsungState):
    """The reference Tsung Shap state, noting every action code applied."""

    def _setup(self, *args: Any, **kwargs: Any) -> None:
        self.log: list[int] = []
        super()._setup(*args, **kwargs)

    def step(self, code: int) -> None:
        self.log.append(code)
        super().step(code)


def tsung_reference_games(simulation: Simulation, seeds: range) -> list[Game]:
    """Each seed's Tsung Shap game as the reference runner plays it (results and action codes)."""
    runner = TsungRunner(simulation)
    sweeps = TALLY.index("sweeps")
    games: list[Game] = []
    policy = {_RecordingTsungState: GREEDY_POLICIES[TsungState]}
    with mock.patch.object(tsung_play, "TsungState", _RecordingTsungState), mock.patch.dict(GREEDY_POLICIES, policy):
        match, first = follows_previous(simulation.game, simulation.options["first-player"]), 0
        for seed in seeds:  # under first-player=previous-higher the seeds are one match, as a chunk is
            state = runner.state(seed, first=first)
            assert isinstance(state, _RecordingTsungState)
            if match:
                previous = {"first_player": first, "winner": state.winner, "scores": list(state.scores)}
                first = next_first_player(previous, game=simulation.game, players=2)
            outcome = (
                state.turns[0] + state.turns[1],
                state.deal.first_player,
                *state.scores,
                state.tally[0][sweeps],
                state.tally[1][sweeps],
                -1 if state.winner is None else state.winner,
            )
            games.append((outcome, tuple(state.log)))
    return games


def reference_games(simulation: Simulation, seeds: range) -> list[Game]:
    """Each seed's game as the reference runner plays it."""
    if simulation.game == "tsung-shap":
        return tsung_reference_games(simulation, seeds)
    return kap_reference_games(simulation, seeds)


def fast_games(simulation: Simulation, seeds: range) -> list[Game]:
    """Each seed's game as the fast path plays it (results and actions)."""
    runner = simulation.runner()
    if not hasattr(runner, "run"):
        raise ValueError(f"the fast path does not cover {simulation}")
    out, trace, lengths = runner.run(seeds, record=True)
    return [(tuple(out[i].tolist()), tuple(trace[i, : lengths[i]].tolist())) for i in range(len(seeds))]


@dataclass(frozen=True, slots=True)
class Case:
    """One simulation whose games are compared."""

    game: str
    preset: str
    agents: tuple[str, ...]
    players: int | None = None
    sets: int | None = None
    overrides: tuple[tuple[str, str], ...] = ()

    def simulation(self) -> Simulation:
        return Simulation(
            self.game,
            preset=self.preset,
            agents=self.agents,
            players=self.players,
            sets=self.sets,
            overrides=self.overrides,
        )

    def __str__(self) -> str:
        seats = f" {self.players}p" if self.players else ""
        options = "".join(f" {k}={v}" for k, v in self.overrides)
        return f"{self.game} {self.preset}{options}{seats} {','.join(self.agents)}"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first game where the two disagree."""

    case: Case
    seed: int
    reference: Game
    fast: Game

    def __str__(self) -> str:
        return f"{self.case} seed {self.seed}: reference {self.reference} != fast {self.fast}"


def cases() -> Iterator[Case]:
    """Every preset of every game with greedy, random, navpil (the collecting games) and mixed agents; then every other value of
    every option, one at a time on the default preset, with mixed agents (combinations the
    options refuse are left out)."""
    line_ups: dict[str, tuple[tuple[str, ...], ...]] = {
        "kap-shap": (("greedy",), ("random",), ("navpil",), ("navpil", "greedy"), ("greedy", "random")),
        "kap-tai-shap": (
            ("greedy",),
            ("random",),
            ("navpil",),
            ("navpil", "greedy", "navpil", "random"),
            ("greedy", "random", "greedy", "random"),
        ),
        "tsung-shap": (("greedy",), ("random",), ("greedy", "random")),
    }
    seats = {"kap-shap": None, "kap-tai-shap": 10, "tsung-shap": None}
    for game, ups in line_ups.items():
        for preset in game_spec(game).presets:
            for agents in ups:
                yield Case(game, preset.name, agents, players=4 if len(agents) == 4 else seats[game])
    for game, ups in line_ups.items():
        spec = game_spec(game)
        default = spec.presets[0]
        for option in spec.options:
            for value in option.values:
                if value == default.as_dict().get(option.key):
                    continue
                case = Case(game, default.name, ups[-1], players=4 if len(ups[-1]) == 4 else None,
                            overrides=((option.key, value),))  # fmt: skip
                try:
                    case.simulation().runner()
                except OptionError:
                    continue
                yield case
    for overrides in TSUNG_COMBINATIONS:
        yield Case("tsung-shap", "culin", ("greedy", "random"), overrides=overrides)
    for preset in game_spec("kap-tai-shap").presets:  # four dice make 4 to 24: past 21 players, seats never first
        for players in MANY_PLAYERS:
            mixed = tuple(("greedy", "random", "navpil")[seat % 3] for seat in range(players))
            yield Case("kap-tai-shap", preset.name, mixed, players=players)
    for game, name, overrides in KAP_COMBINATIONS:
        for agents in line_ups[game]:
            yield Case(game, name, agents, players=4 if len(agents) == 4 else seats[game], overrides=overrides)


#: Kap Tai Shap's player counts past the 21 for which every seat is some throw's first player, up to its 40.
MANY_PLAYERS = (22, 25, 40)


#: Kap options that go only with another value than the default preset's (stock-out=play-on needs the
#: one-tile turn): on the presets of that turn, with each termination rule.
KAP_COMBINATIONS: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = tuple(
    (game, preset, (("stock-out", "play-on"), *extra))
    for game in ("kap-shap", "kap-tai-shap")
    for preset, extra in (
        ("one-tile", ()),
        ("one-tile", (("termination", "no-consecutive-takes"),)),
        ("navpil-gin", ()),
    )
)


#: Tsung Shap options that only go together (the four-tile hand, a common stock) and a few more.
TSUNG_COMBINATIONS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("hand", "four"), ("refill", "own-half")),
    (("hand", "four"), ("refill", "own-half"), ("restart", "before-refill")),
    (("hand", "four"), ("stock", "common")),
    (("hand", "four"), ("stock", "common"), ("restart", "before-refill"), ("first-player", "previous-higher")),
    (("lay-again", "any-capture"), ("hand", "four"), ("refill", "own-half"), ("restart", "before-refill")),
    (("end", "stock-empty"), ("stock", "common")),
    (("end", "equal-turns"), ("hand", "four"), ("refill", "own-half")),
    (("hand", "four"), ("reach", "laid-end"), ("refill", "own-half")),
    (("lone-tile", "pair-or-ten"), ("opening-capture", "yes"), ("reach", "laid-end")),
    (("opening-end", "left"), ("opening-capture", "yes"), ("reach", "laid-end")),
    (("opening-end", "left"), ("hand", "four"), ("refill", "own-half"), ("reach", "laid-end")),
    (("lone-tile", "pair"), ("lone-score", "sweep"), ("sweep-score", "add")),
    (("lone-tile", "pair-or-ten"), ("lone-score", "capture-and-sweep"), ("sweep-score", "none")),
    (("lay-again", "any-capture"), ("lone-tile", "pair-or-ten"), ("lone-score", "sweep")),
    (
        ("lay-again", "any-capture"),
        ("hand", "four"),
        ("stock", "common"),
        ("opening-capture", "yes"),
        ("lone-tile", "pair"),
    ),
)


def check(case: Case, seeds: range) -> Mismatch | None:
    """The first game of ``seeds`` the fast path plays differently, or None."""
    simulation = case.simulation()
    reference = reference_games(simulation, seeds)
    fast = fast_games(simulation, seeds)
    for seed, ref, got in zip(seeds, reference, fast, strict=True):
        if ref != got:
            return Mismatch(case, seed, ref, got)
    return None


def _task(task: tuple[Case, int, int]) -> tuple[Case, int, Mismatch | None]:
    case, first, count = task
    return case, count, check(case, range(first, first + count))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.verify_fast", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games a case (default 10,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--match", default="*", help="only the cases whose name matches this glob")
    args = parser.parse_args(argv)
    chunk = 500
    tasks = [
        (case, args.seed + start, min(chunk, args.games - start))
        for case in cases()
        if fnmatch.fnmatchcase(str(case), args.match)
        for start in range(0, args.games, chunk)
    ]
    started = time.perf_counter()
    played: dict[str, int] = {}
    failures: list[Mismatch] = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for case, count, mismatch in pool.imap_unordered(_task, tasks):
            played[str(case)] = played.get(str(case), 0) + count
            if played[str(case)] == args.games:
                print(f"{case}: {args.games:,} games compared", flush=True)
            if mismatch is not None:
                failures.append(mismatch)
                print(f"MISMATCH {mismatch}", flush=True)
    for name, count in played.items():
        print(f"{name}: {count:,} games identical" if all(str(f.case) != name for f in failures) else f"{name}: FAILED")
    total = sum(played.values())
    print(f"{total:,} games in {time.perf_counter() - started:.0f} s; {len(failures)} mismatching chunks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
