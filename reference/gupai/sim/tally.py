"""Streaming tallies of simulated games: what each game adds to a run's summary, in constant memory."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from gupai.sim.stats import Histogram, mean_interval, median_interval, proportion

__all__ = ["KapTally", "Tally", "TsungTally", "win_chances"]


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

    REASONS: ClassVar[tuple[str, ...]] = ("declared", "stock-exhausted", "dead-rounds", "abandoned")

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

    def add_games(self, turns: Any, first: Any, winner: Any, reason: Any) -> None:
        """Count many games at once, from numpy integer arrays (the fast path's results): the same counts
        as :meth:`add` game by game, ``winner`` -1 for none and ``reason`` an index into :attr:`REASONS`.

        >>> import numpy as np
        >>> t = KapTally(players=2)
        >>> t.add_games(np.array([3, 17]), np.array([1, 0]), np.array([0, -1]), np.array([0, 1]))
        >>> t.games, t.wins_by_position, t.wins_by_seat, t.ends
        (2, [0, 1], [1, 0], {'declared': 1, 'stock-exhausted': 1})
        """
        import numpy as np

        players = self.players
        self.games += len(turns)
        self.turns.add_all(turns)
        self.first_round += int(np.count_nonzero(turns <= players))
        won = winner >= 0
        self.no_winner_turns.add_all(turns[~won])
        seats = np.bincount(winner[won], minlength=players).tolist()
        places = np.bincount((winner[won] - first[won]) % players, minlength=players).tolist()
        for i in range(players):
            self.wins_by_seat[i] += seats[i]
            self.wins_by_position[i] += places[i]
        for index, count in enumerate(np.bincount(reason, minlength=len(self.REASONS)).tolist()):
            if count:
                name = self.REASONS[index]
                self.ends[name] = self.ends.get(name, 0) + count

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

    def add_games(self, turns: Any, first: Any, scores: Any, sweeps: Any, winner: Any) -> None:
        """Count many games at once, from numpy integer arrays (the fast path's results): the same counts
        as :meth:`add` game by game; ``scores`` and ``sweeps`` have a column a seat, ``winner`` is -1 for a tie.

        >>> import numpy as np
        >>> t = TsungTally()
        >>> t.add_games(np.array([30, 31]), np.array([0, 1]), np.array([[120, 80], [50, 50]]),
        ...             np.array([[1, 0], [0, 0]]), np.array([0, -1]))
        >>> t.wins_by_seat, t.wins_by_position, t.ties, t.sweeps.counts()
        ([1, 0], [1, 0], 1, [(0, 1), (1, 1)])
        """
        import numpy as np

        self.games += len(turns)
        self.turns.add_all(turns)
        for seat in (0, 1):
            self.scores[seat].add_all(scores[:, seat])
            self.sweeps_by_seat[seat] += int(sweeps[:, seat].sum())
        self.margins.add_all(np.abs(scores[:, 0] - scores[:, 1]))
        self.sweeps.add_all(sweeps[:, 0] + sweeps[:, 1])
        won = winner >= 0
        self.ties += int(np.count_nonzero(~won))
        seats = np.bincount(winner[won], minlength=2).tolist()
        places = np.bincount((winner[won] - first[won]) % 2, minlength=2).tolist()
        for seat in (0, 1):
            self.wins_by_seat[seat] += seats[seat]
            self.wins_by_position[seat] += places[seat]

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
