"""A readable transcript of a game log: tiles as text, each turn a line.

>>> from gupai.log.play import play_game
>>> lines = transcript(play_game("kap-shap", seed=2)).splitlines()
>>> lines[0]
'Kap Shap, preset culin, 2 players, 1 set, seed 2'
>>> from gupai.log.play import play_match
>>> second = list(play_match("kap-shap", preset="navpil-culin", seed=1, count=2))[1]
>>> transcript(second).splitlines()[:2]
['Kap Shap, preset navpil-culin, 2 players, 1 set, seed 2, game 2 of a match', 'seat 1 plays first']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gupai.core.spec import game_spec
from gupai.games.tsung.config import GAME as TSUNG
from gupai.log.format import UNFINISHED
from gupai.log.tsung import tsung_transcript

__all__ = ["transcript"]


def _tiles(faces: list[str]) -> str:
    return " ".join(f"[{face}]" for face in faces)


def transcript(log: dict[str, Any]) -> str:
    """The log as lines a person reads: header, deal, one line a turn, result."""
    spec = game_spec(log["game"])
    sets = log.get("sets", 1)
    header = (
        f"{spec.name}, preset {log.get('preset', '?')}, {log['players']} players, {sets} set{'s' if sets != 1 else ''}"
    )
    if "seed" in log:
        header += f", seed {log['seed']}"
    match = log.get("match")
    if isinstance(match, dict) and type(match.get("game")) is int:  # the first player follows the previous game
        header += f", game {match['game']} of a match"
    lines = [header]
    deal = log["deal"]
    custom = TRANSCRIBERS.get(log["game"])
    if custom is not None:
        return "\n".join(lines + custom(log))
    if deal.get("dice"):
        lines.append(f"dice {deal['dice']} (total {sum(deal['dice'])}): seat {deal['first_player']} plays first")
    else:
        lines.append(f"seat {deal['first_player']} plays first")
    for dealt, hand in enumerate(deal["hands"]):
        lines.append(f"  seat {dealt} dealt {_tiles(sorted(hand, reverse=True))}")
    lines.append(f"  stock {len(deal['stock'])} tiles")
    turn: list[str] = []
    seat: int | None = None
    number = 0
    for event in log["events"]:
        if event["seat"] != seat:  # seats alternate: a turn is a run of one seat's events
            if turn:
                lines.append(f"turn {number:>3}  seat {seat}: " + ", ".join(turn))
            number += 1
            seat, turn = event["seat"], []
        if event["type"] == "declare":
            split = event["decomposition"]
            pairs = " ".join(f"{a}+{b}" for a, b in split["pairs"])
            turn.append(f"declares {_tiles(event['hand'])} (eye {split['eye'][0]} {split['eye'][1]}, pairs {pairs})")
        elif event["type"] == "pass":  # the stock empty, under stock-out=play-on
            turn.append("passes")
        else:
            turn.append(f"{event['type']}s [{event['tile']}]")
    if turn:
        lines.append(f"turn {number:>3}  seat {seat}: " + ", ".join(turn))
    result = log.get("result", UNFINISHED)
    if result == UNFINISHED:
        lines.append("unfinished: the game goes on")
    elif result.get("winner") is None:
        lines.append(f"no winner ({result.get('reason')}) after {result.get('turns')} turns")
    else:
        lines.append(
            f"seat {result['winner']} wins after {result.get('turns')} turns; settlement {result.get('settlement')}"
        )
    return "\n".join(lines)


#: Game id -> the lines of its transcript after the header, for games not written as the collecting games are.
TRANSCRIBERS: dict[str, Callable[[dict[str, Any]], list[str]]] = {TSUNG: tsung_transcript}
