"""Matches: a session of games where the first player follows the previous result.

Under Kap's ``first-player=previous-winner`` and Tsung Shap's
``first-player=previous-higher`` a game's first player is not chosen by the
game alone: seat 0 begins the match, and each next game is begun by the
player with the most points in the previous game, counted from the
previous first player, so that a tie (or a game with no winner) leaves the
same player first, as navpil's ``RunManySimulations.nextPlayerCalculation``
does. A Kap game gives its winner a point and no one else any; a Tsung
Shap game gives each seat its score.

A log of a match records, in ``match``, its place in the match and the
previous game's result its first player follows:

>>> first_game = {"game": 1, "previous": None}
>>> check_match(first_game, game="tsung-shap", reading="previous-higher", first_player=0)
>>> second = {"game": 2, "previous": {"first_player": 0, "winner": 1, "scores": [120, 300]}}
>>> next_first_player(second["previous"], game="tsung-shap", players=2)
1
>>> try:
...     check_match(second, game="tsung-shap", reading="previous-higher", first_player=0)
... except ReplayError as error:
...     print(error.rule, error.message)
ts.first-player seat 0 lays first, but in a match the previous game's first player was seat 0 and the scores were 120 to 300: seat 1 lays first
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gupai.core.errors import ReplayError
from gupai.games.base import is_unfinished

__all__ = ["MATCH_READINGS", "check_match", "follows_previous", "next_first_player", "previous_result"]

#: Game id -> the ``first-player`` value that makes its games a match.
MATCH_READINGS: dict[str, str] = {
    "kap-shap": "previous-winner",
    "kap-tai-shap": "previous-winner",
    "tsung-shap": "previous-higher",
}

_RULES = {"kap-shap": "ks.deal.first-player", "kap-tai-shap": "kts.deal.first-player", "tsung-shap": "ts.first-player"}


def follows_previous(game: str, reading: str) -> bool:
    """Whether ``first-player=reading`` makes the games of ``game`` a match.

    >>> follows_previous("kap-shap", "previous-winner"), follows_previous("kap-shap", "dice")
    (True, False)
    """
    return MATCH_READINGS.get(game) == reading


def previous_result(log: Mapping[str, Any]) -> dict[str, Any]:
    """What the next game of a match records of ``log``: its first player, winner and (Tsung Shap) scores.

    >>> previous_result({"deal": {"first_player": 1}, "result": {"winner": None}})
    {'first_player': 1, 'winner': None, 'scores': None}
    """
    result = log["result"]
    scores = result.get("scores")
    return {
        "first_player": log["deal"]["first_player"],
        "winner": result.get("winner"),
        "scores": list(scores) if scores is not None else None,
    }


def _points(previous: Mapping[str, Any], game: str, players: int) -> list[int]:
    if game == "tsung-shap":
        return list(previous["scores"] or [0] * players)
    winner = previous.get("winner")
    return [1 if seat == winner else 0 for seat in range(players)]


def next_first_player(previous: Mapping[str, Any], *, game: str, players: int) -> int:
    """The first player of the game after ``previous`` (a :func:`previous_result`).

    The most points win, counted from the previous first player: a tie keeps it.

    >>> next_first_player({"first_player": 1, "winner": None, "scores": None}, game="kap-shap", players=3)
    1
    >>> next_first_player({"first_player": 1, "winner": 2, "scores": None}, game="kap-shap", players=3)
    2
    >>> next_first_player({"first_player": 1, "winner": None, "scores": [50, 50]}, game="tsung-shap", players=2)
    1
    """
    points = _points(previous, game, players)
    first = int(previous["first_player"])
    best, best_points = first, None
    for step in range(players):
        seat = (first + step) % players
        if best_points is None or points[seat] > best_points:
            best, best_points = seat, points[seat]
    return best


def _said(previous: Mapping[str, Any], game: str) -> str:
    first = previous["first_player"]
    if game == "tsung-shap":
        scores = previous.get("scores") or []
        return f"the previous game's first player was seat {first} and the scores were {' to '.join(map(str, scores))}"
    winner = previous.get("winner")
    won = "no one won it" if winner is None else f"seat {winner} won it"
    return f"the previous game's first player was seat {first} and {won}"


def check_match(
    match: Mapping[str, Any] | None, *, game: str, reading: str, first_player: int, players: int = 2
) -> None:
    """Check a log's ``match`` record against its options and first player; raise :class:`ReplayError`.

    A log outside a match file records no ``match``: under a match reading its
    first player is then taken as given (one game cut out of a session).
    """
    rule = _RULES[game]
    verb = "lays" if game == "tsung-shap" else "plays"
    if match is None:
        return
    if not follows_previous(game, reading):
        raise ReplayError(
            "/match",
            rule,
            f"option first-player={reading} chooses each game's first player alone, but the log records a match",
        )
    previous = match.get("previous")
    if previous is None:
        if match["game"] != 1:
            raise ReplayError("/match/previous", rule, f"game {match['game']} of a match records no previous game")
        if first_player != 0:
            raise ReplayError(
                "/deal/first_player", rule, f"seat {first_player} {verb} first, but seat 0 begins a match"
            )
        return
    if match["game"] == 1:
        raise ReplayError("/match/previous", rule, "the first game of a match follows no previous game")
    for key in ("first_player", "winner"):
        seat = previous.get(key)
        if seat is not None and seat >= players:
            raise ReplayError(
                f"/match/previous/{key}", rule, f"seat {seat} is recorded, but there are {players} players"
            )
    scores = previous.get("scores")
    if (game == "tsung-shap") != (scores is not None) or (scores is not None and len(scores) != players):
        want = f"{players} scores" if game == "tsung-shap" else "no scores (null)"
        raise ReplayError("/match/previous/scores", rule, f"a {game} match records {want} of the previous game")
    want_first = next_first_player(previous, game=game, players=players)
    if first_player != want_first:
        raise ReplayError(
            "/deal/first_player",
            rule,
            f"seat {first_player} {verb} first, but in a match {_said(previous, game)}: seat {want_first} {verb} first",
        )


def check_link(previous_log: Mapping[str, Any] | None, log: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """Check a match file's game against the line before it: ``None``, or (pointer, rule, message).

    The game's ``match.previous`` must be what the previous line records, and
    its number the previous game's plus one (a match file may hold several
    matches, each beginning with game 1).

    >>> one = {"game": "kap-shap", "options": {}, "match": {"game": 1, "previous": None},
    ...        "deal": {"first_player": 0}, "result": {"winner": 1}}
    >>> two = {"game": "kap-shap", "options": {}, "match": {"game": 2, "previous":
    ...        {"first_player": 0, "winner": 0, "scores": None}}, "deal": {"first_player": 0}, "result": {"winner": None}}
    >>> check_link(one, two)[2]
    'the previous line records seat 0 first and seat 1 winning, but this game follows seat 0 first and seat 0 winning'
    """
    match = log.get("match")
    if not isinstance(match, Mapping):
        return None
    rule = _RULES.get(str(log.get("game")))
    if rule is None:
        return None
    number = match.get("game")
    if number == 1:
        return None
    before = previous_log.get("match") if previous_log is not None else None
    if previous_log is None or not isinstance(before, Mapping):
        return "/match/game", rule, f"game {number} of a match, but no game of the match comes before it in the file"
    if before.get("game") != (number - 1 if isinstance(number, int) else None) or previous_log.get("game") != log.get(
        "game"
    ):
        return (
            "/match/game",
            rule,
            f"game {number} of a match, but the line before it is game {before.get('game')} of a {previous_log.get('game')} match",
        )
    if previous_log.get("options") != log.get("options"):
        return "/options", rule, "a match is played under one set of options, but they differ from the previous game's"
    if is_unfinished(previous_log):
        return "/match/game", rule, f"game {number} of a match follows a game that is unfinished (no result)"
    try:
        actual = previous_result(previous_log)
    except (KeyError, TypeError, AttributeError):
        return None  # the previous line is not a log: its own check says so
    recorded = match.get("previous")
    if recorded != actual:
        return (
            "/match/previous",
            rule,
            f"the previous line records {_describe(actual)}, but this game follows {_describe(recorded)}",
        )
    return None


def _describe(previous: Any) -> str:
    if not isinstance(previous, Mapping):
        return "no previous game"
    winner = previous.get("winner")
    scores = previous.get("scores")
    parts = [f"seat {previous.get('first_player')} first"]
    parts.append("no winner" if winner is None else f"seat {winner} winning")
    if scores is not None:
        parts.append(f"scores {scores}")
    return " and ".join(parts)
