"""Invalid logs for the deal's and the match record's checks of Kap Shap and Kap Tai Shap, one fault each.

Part of the conformance corpus (:mod:`tools.corpus` yields them with its own
cases): every check the validator makes of a collecting game's deal
(:mod:`gupai.games.kap.deal_check`) and of its ``match`` record
(:mod:`gupai.games.match`) has a log here that breaks it and nothing else,
named after the rule it breaks, so that an engine author's validator is
judged on each one too. Each log is a valid game with one thing changed, and
the change is what the rule forbids: the first player against option
first-player (recorded as seat 1 under ``seat-0``, as a seat past the last,
against the dice or the previous game's winner), dice where none are thrown
or none where they are, fewer hands than players, a hand a tile short, a
stock out of the boneyard's order, a match's first game recorded with a
previous game or a later one without.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from gupai.core.spec import game_spec
from gupai.log.play import play_game, play_match

__all__ = ["invalid_deal_cases"]

Log = dict[str, Any]


@cache
def _match(game: str, players: int) -> list[Log]:
    return list(play_match(game, preset="navpil-culin", players=players, seed=1, count=50, agents=("random",)))


def _match_game(game: str, players: int, first: int) -> Log:
    """A copy of a game of a navpil-culin match (first-player=previous-winner), not its first, that ``first`` begins."""
    return copy.deepcopy(
        next(g for g in _match(game, players) if g["deal"]["first_player"] == first and g["match"]["game"] > 1)
    )


def invalid_deal_cases(game: str, players: int) -> Iterator[tuple[str, Log]]:
    """The deal's and the match record's faults of ``game`` with ``players`` players: (path under conformance/, log)."""
    p = game_spec(game).prefix
    first_player = f"{p}.deal.first-player"

    def case(rule: str, what: str, log: Log) -> tuple[str, Log]:
        return f"{game}/invalid/{rule}--{what}.json", log

    # first-player=seat-0: seat 0 plays first. A match game begun by seat 1, its hands and events as dealt and
    # played from seat 1, its option relabelled seat-0 as an override of the preset (and cut out of its match): only the recorded first player is wrong.
    log = _match_game(game, players, 1)
    log["options"]["first-player"] = "seat-0"
    del log["match"]
    yield case(first_player, "seat-1-recorded-first-under-first-player-seat-0", log)

    # first-player=previous-winner: the recorded first player is taken as given, but must be a seat
    log = _match_game(game, players, 1)
    del log["match"]
    log["deal"]["first_player"] = players
    yield case(first_player, "first-player-is-a-seat-past-the-last", log)

    # dice thrown where the option throws none, and none where it does
    log = _match_game(game, players, 1)
    log["deal"]["dice"] = [1, 2, 3, 4]
    yield case(first_player, "dice-recorded-under-first-player-previous-winner", log)

    log = play_game(game, preset="gupai-site", players=players, seed=3)
    log["deal"]["dice"] = [1, 2, 3, 4]
    yield case(first_player, "dice-recorded-under-first-player-seat-0", log)

    log = play_game(game, preset="culin", players=players, seed=3)
    log["deal"]["dice"] = None
    yield case(first_player, "no-dice-recorded-under-first-player-dice", log)

    # the hands: one per player, each exactly the tiles the wall deals it
    log = play_game(game, preset="culin", players=players, seed=3)
    del log["deal"]["hands"][-1]
    yield case(f"{p}.deal.wall", "fewer-hands-than-players", log)

    log = play_game(game, preset="culin", players=players, seed=3)
    log["deal"]["hands"][1].pop()
    yield case(f"{p}.deal.wall", "seat-1-hand-one-tile-short", log)

    log = play_game(game, preset="culin", players=players, seed=3)
    log["deal"]["hands"][1] = []
    yield case(f"{p}.deal.wall", "seat-1-dealt-no-tiles", log)

    log = play_game(game, preset="culin", overrides={"deal": "boneyard"}, players=players, seed=3)
    stock = log["deal"]["stock"]
    other = next(i for i, tile in enumerate(stock) if tile != stock[0])
    stock[0], stock[other] = stock[other], stock[0]
    yield case(f"{p}.deal.boneyard", "stock-out-of-boneyard-order", log)

    # the sets: every 2-1 of a game, in the order, the hands, the stock and the events, written as a 6-6 (a deal
    # cut consistently from an order that is not the tiles of the sets)
    log = play_game(game, preset="culin", players=players, seed=3)
    spec = game_spec(game)
    yield case(
        spec.set_rule, "every-2-1-dealt-and-played-as-a-6-6", json.loads(json.dumps(log).replace('"2-1"', '"6-6"'))
    )

    # the match record (first-player=previous-winner): each game after the first begun by the previous game's winner
    log = _match_game(game, players, 0)
    log["match"]["previous"] = {"first_player": 0, "winner": 1, "scores": None}
    yield case(first_player, "a-match-game-not-begun-by-the-previous-winner", log)

    log = _match_game(game, players, 0)
    log["match"]["previous"]["winner"] = players
    yield case(first_player, "the-previous-winner-is-a-seat-past-the-last", log)

    log = _match_game(game, players, 0)
    log["match"]["previous"]["first_player"] = players
    yield case(first_player, "the-previous-first-player-is-a-seat-past-the-last", log)

    log = _match_game(game, players, 0)
    log["match"] = {"game": 1, "previous": None}
    begun_by_1 = _match_game(game, players, 1)
    log["deal"], log["events"], log["result"] = begun_by_1["deal"], begun_by_1["events"], begun_by_1["result"]
    yield case(first_player, "a-match-begun-by-seat-1", log)

    log = _match_game(game, players, 0)
    log["match"]["previous"]["scores"] = [0] * players
    yield case(first_player, "the-previous-game-records-scores", log)

    log = play_game(game, preset="culin", players=players, seed=3)
    log["match"] = {"game": 1, "previous": None}
    yield case(first_player, "a-match-recorded-under-first-player-dice", log)

    # the match record's numbering: the first game follows no previous game, every later game follows one
    log = _match_game(game, players, 0)
    log["match"]["previous"] = None
    yield case(first_player, "a-later-game-of-a-match-records-no-previous-game", log)

    log = _match_game(game, players, 0)
    log["match"]["game"] = 1
    yield case(first_player, "the-first-game-of-a-match-records-a-previous-game", log)
