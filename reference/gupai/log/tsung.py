"""Tsung Shap's logs: playing a game into its log, its transcript, its part of the log schema.

The log layer's tables name these by game id: :data:`gupai.log.play.ENGINES`,
:data:`gupai.log.transcript.TRANSCRIBERS`, :data:`gupai.log.schema.EXTENSIONS`.
The events themselves are written by the engine
(:func:`gupai.games.tsung.actions.trace_json`, :func:`gupai.games.tsung.deal.deal_json`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.core.spec import game_spec
from gupai.games.agents import Agent, agent_name, make_agent, seat_agents
from gupai.games.tsung.actions import trace_json
from gupai.games.tsung.config import GAME, TsungConfig, tsung_config
from gupai.games.tsung.deal import deal_json, random_tsung_deal
from gupai.games.tsung.play import run_tsung
from gupai.log.format import LOG_FORMAT, LOG_VERSION, UNFINISHED

#: The meaning of a Tsung Shap result's ``turns``, written once (log and protocol schemas).
TURNS_DESCRIPTION = "The turns begun by the two seats together over the game: the sum of `state`'s `turns` when it ends. Each turn begins with turning a tile over (or with a claim of a missed capture); laying again after clearing the table is part of the same turn. A game in which no one lays again lasts one turn for each tile laid: under end=all-laid, 31 turns when the first player lays the last of its 16 tiles while the other still has one."

__all__ = [
    "TURNS_DESCRIPTION",
    "play_tsung",
    "play_tsung_config",
    "starts_turn",
    "take_from_row",
    "tsung_schema_defs",
    "tsung_transcript",
]


# -------------------------------------------------------------------- play
def play_tsung(
    game: str = GAME,
    options: Options | None = None,
    *,
    players: int | None = None,
    sets: int | None = None,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    max_events: int = 10_000,
    first: int = 0,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game of Tsung Shap and return its log (the engine :data:`gupai.log.play.ENGINES` names).

    ``first`` lays first and ``match`` is the log's record of the match the
    game belongs to (:func:`gupai.log.play.play_match` passes both).

    >>> log = play_tsung(seed=1)
    >>> log["game"], log["deal"]["first_player"], log["result"]["reason"]
    ('tsung-shap', 0, 'all-laid')
    >>> log["events"][:2]
    [{'type': 'reveal', 'seat': 0, 'tile': '6-4'}, {'type': 'lay', 'seat': 0, 'tile': '6-4', 'end': 'left'}]
    >>> play_tsung(seed=1) == log
    True
    """
    if game != GAME:
        raise OptionError(f"play_tsung plays {GAME}, not {game}", where=game)
    spec = game_spec(GAME)
    if players not in (None, spec.players_max):
        raise OptionError(
            f"Tsung Shap takes {spec.players_max} players, not {players}", where="players", rule="ts.equipment"
        )
    if sets not in (None, spec.number("sets")):
        raise OptionError(f"Tsung Shap is played with one set, not {sets}", where="sets", rule="ts.equipment")
    options = options or resolve_options(GAME)
    return play_tsung_config(
        tsung_config(options), seed=seed, agents=agents, max_events=max_events, first=first, match=match
    )


def play_tsung_config(
    config: TsungConfig,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    max_events: int = 10_000,
    first: int = 0,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game of Tsung Shap already fixed by ``config`` and return its log (``first`` and ``match`` as
    :func:`play_tsung` takes them)."""
    options = config.options
    names = seat_agents(agents, config.players)
    seats = [make_agent(name) for name in names]
    deal = random_tsung_deal(config, random.Random(f"gupai:{GAME}:deal:{seed}"), first=first)
    agent_rng = random.Random(f"gupai:{GAME}:agents:{seed}")
    state = run_tsung(config, deal, seats, agent_rng, max_events)
    log: dict[str, Any] = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": GAME,
        "preset": options.preset,
        "options": options.as_dict(),
        "players": config.players,
        "sets": config.sets,
        "seed": seed,
        "agents": [agent_name(agent) for agent in names],
    }
    if match is not None:
        log["match"] = match
    log.update(deal=deal_json(deal), events=[trace_json(record) for record in state.trace], result=state.result())
    return log


# ------------------------------------------------------------- transcript
def _tiles(faces: Sequence[str]) -> str:
    return " ".join(f"[{face}]" for face in faces)


def starts_turn(kind: str, *, previous: str, restart: bool) -> bool:
    """Whether a Tsung Shap log event of type ``kind`` begins a new turn.

    A claim always does; a reveal does unless it follows a claim (the
    claimer's own turn goes on) or a tile laid again (the restart); a lay does only when no
    reveal or claim came before it in the same turn (the four-tile hand).

    >>> starts_turn("claim", previous="lay", restart=False), starts_turn("lay", previous="reveal", restart=False)
    (True, False)
    """
    if kind == "claim":
        return True
    if kind == "reveal":
        return not restart and previous != "claim"
    if kind == "lay":
        return not restart and previous not in ("reveal", "claim")
    return False


def tsung_transcript(log: dict[str, Any]) -> list[str]:
    """The lines of a Tsung Shap transcript after its header: the deal, one line a turn, the result.

    >>> lines = tsung_transcript(play_tsung(seed=3))
    >>> lines[0]
    'seat 0 plays first; seat 0 turns over [2-2] [5-5] [6-4] ..., seat 1 [6-2] [3-1] [6-5] ...'

    The result line names each score's seat, the winner's first (seat 0 scored 220 here):

    >>> lines[-1]
    "seat 1 wins with 410 to seat 0's 220 after 31 turns (all-laid)"
    """
    deal = log["deal"]
    lines = []
    if deal.get("hands"):
        hands = ", ".join(f"seat {seat} holds {_tiles(hand)}" for seat, hand in enumerate(deal["hands"]))
        lines.append(f"seat {deal['first_player']} plays first; {hands}")
    elif deal.get("piles"):
        piles = ", seat 1 ".join(_tiles(pile[:3]) + " ..." for pile in deal["piles"])
        lines.append(f"seat {deal['first_player']} plays first; seat 0 turns over {piles}")
    else:
        lines.append(f"seat {deal['first_player']} plays first")
    if deal.get("stock"):
        lines.append(f"  common stock {len(deal['stock'])} tiles, beginning {_tiles(deal['stock'][:3])} ...")
    row: list[str] = []
    turn: list[str] = []
    seat: int | None = None
    number = 0
    last_end = "right"
    restart = False
    again = log["options"].get("lay-again") == "any-capture"
    previous = ""

    def flush() -> None:
        if turn:
            lines.append(f"turn {number:>3}  seat {seat}: " + ", ".join(turn) + f"   | {_tiles(row) or '(empty)'}")

    for event in log["events"]:
        kind = event["type"]
        if starts_turn(kind, previous=previous, restart=restart) or (seat is not None and event["seat"] != seat):
            flush()
            number += 1
            seat, turn = event["seat"], []
        if kind == "reveal":
            turn.append(f"turns over [{event['tile']}]")
        elif kind == "lay":
            restart = False
            last_end = event["end"]
            if last_end == "left":
                row.insert(0, event["tile"])
            else:
                row.append(event["tile"])
            turn.append(f"lays it {last_end}" if previous == "reveal" else f"lays [{event['tile']}] {last_end}")
        elif kind == "refill":
            turn.append(f"draws [{event['tile']}]")
        elif kind == "pass":  # the end of an unfinished log
            turn.append("passes")
        else:
            take_from_row(row, event, last_end)
            restart = kind == "capture" and (not row or again)
            verb = "claims" if kind == "claim" else "takes"
            sweep = ", a sweep" if event["sweep"] else ""
            turn.append(
                f"{verb} {_tiles(event['tiles'])} ({event['kind']} {event['at']}{sweep}, {event['points']} points)"
            )
        previous = kind
    flush()
    result = log.get("result", UNFINISHED)
    if result == UNFINISHED:
        return [*lines, "unfinished: the game goes on"]
    scores = result.get("scores", [0, 0])
    if result.get("winner") is None:
        lines.append(f"a tie at {scores[0]} each after {result.get('turns')} turns ({result.get('reason')})")
    else:
        winner = int(result["winner"])
        loser = 1 - winner
        lines.append(
            f"seat {winner} wins with {scores[winner]} to seat {loser}'s {scores[loser]} "
            f"after {result.get('turns')} turns ({result.get('reason')})"
        )
    return lines


def take_from_row(row: list[str], event: dict[str, Any], laid_end: str) -> None:
    """Remove a capture's tiles from a transcript's row: the laid tile from its end, then the rest."""
    if row:
        row.pop(0 if laid_end == "left" else -1)
    taken = len(event["tiles"]) - 1
    at = event["at"]
    for step in range(taken):
        if not row:
            return
        if at == "left" or (at == "ends" and step == 0):
            row.pop(0)
        else:
            row.pop()


# ------------------------------------------------------------------ schema
def tsung_schema_defs() -> tuple[dict[str, Any], str, str, str]:
    """The Tsung Shap $defs of the game-log schema, and the names of its deal, event and result definitions.

    >>> defs, deal, event, result = tsung_schema_defs()
    >>> deal, event, result, sorted(defs["tsung-event"]["properties"]["type"]["enum"])
    ('tsung-deal', 'tsung-event', 'tsung-result', ['capture', 'claim', 'lay', 'pass', 'refill', 'reveal'])
    """

    def ref(name: str) -> dict[str, str]:
        return {"$ref": f"#/$defs/{name}"}

    tiles = {"type": "array", "items": ref("tile")}
    seats2 = {"type": "integer", "minimum": 0, "maximum": 1, "description": "A seat: 0 or 1."}
    two = {"type": "array", "minItems": 2, "maxItems": 2}

    def event(kind: str, description: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {
            "type": "object",
            "description": description,
            "properties": {"type": {"const": kind}, "seat": seats2, **extra},
            "required": ["type", "seat", *required],
            "additionalProperties": False,
        }

    capture_fields = {
        "kind": {
            "enum": ["pair", "triple", "ten"],
            "description": "pair (identical tiles), triple, or ten (a lone tile).",
        },
        "at": {
            "enum": ["left", "right", "ends"],
            "description": "Which row tiles: the left or right end (one tile for a pair, two for a triple), "
            "or one at each end (the lone tile for a pair or ten on a row of one).",
        },
        "tiles": {
            **tiles,
            "minItems": 2,
            "maxItems": 3,
            "description": "The tiles taken: the tile laid first, then the row's tiles in row order.",
        },
        "points": {"type": "integer", "minimum": 0, "description": "What the capture scores."},
        "sweep": {"type": "boolean", "description": "Whether the capture cleared the table as a sweep."},
    }
    required = ["kind", "at", "tiles", "points", "sweep"]
    events = {
        "reveal": event(
            "reveal",
            "A hidden tile turned over: the next of the seat's pile or the common stock.",
            {"tile": ref("tile")},
            ["tile"],
        ),
        "lay": event(
            "lay",
            "A tile laid at an end of the row; on an empty table either end (rule ts.turn.lay).",
            {"tile": ref("tile"), "end": {"enum": ["left", "right"]}},
            ["tile", "end"],
        ),
        "capture": event("capture", "Tiles taken with the tile just laid.", capture_fields, required),
        "claim": event(
            "claim", "A capture the opponent missed with the last tile laid, claimed.", capture_fields, required
        ),
        "refill": event("refill", "A tile drawn into a four-tile hand.", {"tile": ref("tile")}, ["tile"]),
        "pass": event(
            "pass",
            "A capture or claim declined, written only as the last events of an unfinished log (format 2): "
            "elsewhere a pass is left out, since the events after it show it.",
            {},
            [],
        ),
    }
    counts = {"type": "integer", "minimum": 0}
    defs: dict[str, Any] = {
        "tsung-deal": {
            "type": "object",
            "description": "The shuffled order and how it was cut: each seat's face-down pile in the order its "
            "tiles turn over (own halves), or the common stock in order; the four-tile hands.",
            "properties": {
                "order": {**tiles, "description": "The 32 tiles of the set in shuffled order."},
                "first_player": seats2,
                "piles": {"oneOf": [{**two, "items": tiles}, {"type": "null"}]},
                "stock": {"oneOf": [tiles, {"type": "null"}]},
                "hands": {
                    "oneOf": [
                        {**two, "items": {**tiles, "maxItems": game_spec(GAME).number("hand-size")}},
                        {"type": "null"},
                    ]
                },
            },
            "required": ["order", "first_player", "piles", "stock", "hands"],
            "additionalProperties": False,
        },
        "tsung-event": {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": sorted(events)}},
            "allOf": [
                {"if": {"properties": {"type": {"const": kind}}}, "then": ref(f"tsung-event-{kind}")}
                for kind in sorted(events)
            ],
        },
        **{f"tsung-event-{kind}": body for kind, body in events.items()},
        "tsung-result": {
            "type": "object",
            "properties": {
                "scores": {
                    **two,
                    "items": {"type": "integer"},
                    "description": "Each seat's points (checked against the game: rule ts.score).",
                },
                "winner": {"oneOf": [seats2, {"type": "null"}], "description": "The higher score; null for a tie."},
                "reason": {
                    "enum": ["all-laid", "equal-turns", "stock-empty"],
                    "description": "The end reading that ended the game.",
                },
                "turns": {"type": "integer", "minimum": 1, "description": TURNS_DESCRIPTION},
                "captures": {
                    **two,
                    "items": {
                        "type": "object",
                        "properties": {
                            "pairs": counts,
                            "triples": counts,
                            "tens": counts,
                            "sweeps": counts,
                            "claims": counts,
                            "tiles": counts,
                        },
                        "required": ["pairs", "triples", "tens", "sweeps", "claims", "tiles"],
                        "additionalProperties": False,
                    },
                    "description": "Each seat's captures: pairs, triples, tens, how many were sweeps and claims, tiles taken.",
                },
            },
            "required": ["scores", "winner", "reason", "turns", "captures"],
            "additionalProperties": False,
        },
    }
    return defs, "tsung-deal", "tsung-event", "tsung-result"
