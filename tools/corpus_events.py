"""Finding a place in a played log to break: the seeded game with a wanted feature, and a seat's hand or the table
before an event (read from the log's own deal and events, as a reader of the log would).

Shared by the corpus generators (:mod:`tools.corpus`, :mod:`tools.corpus_turns`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gupai.log.play import play_game

__all__ = ["Log", "find_event", "hand_before", "pattern", "search", "table_before"]

Log = dict[str, Any]


def find_event(log: Log, predicate: Callable[[int, dict[str, Any]], bool]) -> int:
    """The index of the first event (index, event) ``predicate`` accepts."""
    for index, event in enumerate(log["events"]):
        if predicate(index, event):
            return index
    raise LookupError("no such event in the base game")


def _play(game: str, preset: str, *, players: int, seed: int, agents: str, **over: str) -> Log:
    return play_game(game, preset=preset, overrides=over or None, players=players, seed=seed, agents=(agents,))


def search(
    game: str,
    want: Callable[[Log], bool],
    *,
    preset: str = "culin",
    players: int = 2,
    agents: str = "greedy",
    **over: str,
) -> Log:
    """The first seeded game (seeds 1, 2, ...) with the wanted feature."""
    for seed in range(1, 500):
        log = _play(game, preset, players=players, seed=seed, agents=agents, **over)
        if want(log):
            return log
    raise LookupError(f"no {game} game with the wanted feature")  # pragma: no cover


def hand_before(log: Log, at: int, seat: int) -> list[str]:
    """A seat's tiles before event ``at``, greatest first: its hand as dealt, plus what it took and drew, less what it discarded."""
    hand = list(log["deal"]["hands"][seat])
    for event in log["events"][:at]:
        if event["seat"] != seat:
            continue
        if event["type"] in ("take", "draw"):
            hand.append(event["tile"])
        elif event["type"] == "discard":
            hand.remove(event["tile"])
    return sorted(hand, reverse=True)


def table_before(log: Log, at: int) -> list[str]:
    """The face-up discards before event ``at``, oldest first."""
    table: list[str] = []
    for event in log["events"][:at]:
        if event["type"] == "discard":
            table.append(event["tile"])
        elif event["type"] == "take":
            del table[len(table) - 1 - table[::-1].index(event["tile"])]
    return table


def pattern(log: Log, *kinds: str) -> int | None:
    """The first index where events of these types follow one another."""
    types = [e["type"] for e in log["events"]]
    for index in range(len(types) - len(kinds) + 1):
        if tuple(types[index : index + len(kinds)]) == kinds:
            return index
    return None
