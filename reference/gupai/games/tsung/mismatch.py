"""Explaining a Tsung Shap log that departs from the game: which rule, where, and why.

The replay (:mod:`gupai.games.tsung.replay`) finds where a log's events and
the engine's part; these functions say why, in a sentence a person
understands, with the rule id broken.

>>> shown(["6-6", "3-1"]), describe_event({"type": "lay", "seat": 1, "tile": "6-6", "end": "left"})
('[6-6] [3-1]', 'seat 1 lays [6-6] at the left end')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from gupai.core.tiles import Tile
from gupai.games.tsung.actions import TRACE_CAPTURE
from gupai.games.tsung.captures import FOUR_TWO
from gupai.games.tsung.state import TsungState

__all__ = ["describe_event", "explain_mismatch", "explain_unexpected_lay", "lays_again_because", "shown"]

_Event = dict[str, Any]


def shown(faces: Sequence[str]) -> str:
    """Tiles as text: ``[6-6] [3-1]``, or ``nothing``."""
    return " ".join(f"[{face}]" for face in faces) or "nothing"


# ------------------------------------------------------------- the setup
def explain_unexpected_lay(state: TsungState, events: list[_Event], pos: int) -> tuple[str, str, int]:
    """(rule, message, index) for an event other than a lay where a tile must be laid."""
    event = events[pos]
    kind = event["type"]
    seat = state.current_player
    who = f"seat {event['seat']}"
    previous = events[pos - 1]["type"] if pos else ""
    if kind == "claim":
        if not state.config.claims:
            return (
                "ts.claim",
                f"{who} claimed a capture, but under option missed-capture=none a missed capture is lost",
                pos,
            )
        return "ts.claim", f"{who} claimed a capture, but no capture was left untaken by the last tile laid", pos
    if kind == "capture":
        if previous in ("capture", "claim"):
            return "ts.capture.choice", f"{who} took a second capture: a tile laid belongs to one capture only", pos
        return "ts.turn.lay", f"{who} took a capture without laying a tile first", pos
    if kind == "refill":
        if not state.config.four:
            return (
                "ts.german.hand",
                f"{who} drew a tile into a hand, but under option hand=hidden there is no hand",
                pos,
            )
        if state.restarting and state.config.restart_first:
            return (
                "ts.german.choices",
                f"{who} refilled the hand before laying again: under option restart=before-refill the tile laid "
                "again comes from the tiles left in hand, and the refills follow it",
                pos,
            )
        return "ts.german.hand", f"{who} drew a tile without laying one: the hand is refilled after each tile laid", pos
    # a reveal
    if state.config.four:
        return (
            "ts.turn.reveal",
            f"{who} turned a tile over, but under option hand=four tiles are held face up and chosen",
            pos,
        )
    revealed = state.revealed
    return "ts.turn.lay", f"{who} turned over another tile, but seat {seat} must first lay [{revealed}]", pos


def describe_event(event: Mapping[str, Any]) -> str:
    """An event in words, as the scenarios say it: ``seat 1 lays [6-6] at the left end``.

    >>> describe_event({"type": "claim", "seat": 0, "kind": "pair", "at": "right",
    ...                 "tiles": ["4-4", "4-4"], "points": 160, "sweep": False})
    'seat 0 claims the pair [4-4] [4-4] at the right end for 160'
    """
    seat = f"seat {event.get('seat')}"
    kind = event.get("type")
    if kind == "reveal":
        return f"{seat} turns over [{event.get('tile')}]"
    if kind == "refill":
        return f"{seat} draws [{event.get('tile')}] into the hand"
    if kind == "lay":
        return f"{seat} lays [{event.get('tile')}] at the {event.get('end')} end"
    if kind in ("capture", "claim"):
        verb = "takes" if kind == "capture" else "claims"
        at = "at both ends" if event.get("at") == "ends" else f"at the {event.get('at')} end"
        sweep = ", a sweep" if event.get("sweep") else ""
        return f"{seat} {verb} the {event.get('kind')} {shown(event.get('tiles', []))} {at} for {event.get('points')}{sweep}"
    return f"{seat}: an event of type {kind!r}"


def _source(state: TsungState, seat: int) -> str:
    return "the common stock" if state.config.common else f"seat {seat}'s pile"


def lays_again_because(state: TsungState) -> str:
    """Why the seat to move lays again (rule ts.sweep.restart), as the refusals of the other seat's move say it."""
    if not state.row:
        return "cleared the table and must lay again to restart the row"
    return "took a capture and must lay again under option lay-again=any-capture"


def explain_mismatch(
    state: TsungState, events: list[_Event], pos: int, want: _Event, index: int
) -> tuple[str, str, str]:
    """(rule, pointer suffix, message) for a log event that differs from what the engine did."""
    got = events[pos]
    kind, seat = want["type"], want["seat"]
    record_before = state.trace[index - 1] if index else None
    if kind in ("capture", "claim"):
        return _capture_mismatch(state, got, want)
    if got["type"] == "capture" and pos and events[pos - 1]["type"] in ("capture", "claim"):
        return (
            "ts.capture.choice",
            "",
            f"seat {got['seat']} took a second capture: a tile laid belongs to one capture only",
        )
    if kind == "refill":
        if got["type"] == "refill" and got["seat"] == seat:
            return (
                "ts.german.hand",
                "/tile",
                (f"seat {seat} drew [{got['tile']}], but the next tile of {_source(state, seat)} is [{want['tile']}]"),
            )
        if got["type"] == "lay" and got["seat"] == seat and pos and events[pos - 1]["type"] == "capture":
            return (
                "ts.german.choices",
                "",
                f"seat {seat} laid again before refilling the hand: under option restart=after-refill the hand is "
                f"refilled with [{want['tile']}] first",
            )
        return "ts.german.hand", "", f"seat {seat} should refill the hand with [{want['tile']}] after laying"
        # (under restart=before-refill the engine lays again first: explain_unexpected_lay says so)
    if kind == "reveal":
        restart = record_before is not None and record_before[0] == TRACE_CAPTURE and record_before[1] == seat
        if got["type"] == "reveal" and got["seat"] == seat:
            return (
                "ts.turn.reveal",
                "/tile",
                (
                    f"seat {seat} turned over [{got['tile']}], but the next tile of {_source(state, seat)} is [{want['tile']}]"
                ),
            )
        if got["seat"] != seat:
            if pos == 0:
                return "ts.first-player", "/seat", f"seat {got['seat']} acted first, but seat {seat} lays first"
            if restart:
                return (
                    "ts.sweep.restart",
                    "/seat",
                    f"seat {got['seat']} played, but seat {seat} {lays_again_because(state)}",
                )
            if got["type"] == "claim":
                return "ts.claim", "", _no_claim(state, got)
            return "ts.turn.order", "/seat", f"seat {got['seat']} acted, but it is seat {seat}'s turn"
        if got["type"] == "lay":
            return (
                "ts.turn.reveal",
                "",
                f"seat {seat} laid [{got['tile']}] without turning over a tile (a reveal event) first",
            )
        if got["type"] == "claim":
            return "ts.claim", "", _no_claim(state, got)
        if got["type"] == "capture":  # (a capture right after a capture or a claim is a second one: above)
            return "ts.turn.lay", "", f"seat {seat} took a capture without laying a tile first"
        return (
            "ts.german.hand",
            "",
            f"seat {seat} drew a tile into a hand, but under option hand=hidden there is no hand",
        )
    # a lay: the engine laid what the log says, so only a malformed copy differs (a tile spelled otherwise than
    # the schema's spelling, when the replay is asked directly)
    return (
        "ts.turn.lay",
        "",
        f"the lay is recorded as {json.dumps(got)}, expected {json.dumps(want)}",
    )


def _no_claim(state: TsungState, event: _Event) -> str:
    if not state.config.claims:
        return f"seat {event['seat']} claimed a capture, but under option missed-capture=none a missed capture is lost"
    return f"seat {event['seat']} claimed a capture, but no capture was left untaken by the last tile laid"


def _capture_mismatch(state: TsungState, got: _Event, want: _Event) -> tuple[str, str, str]:
    who = f"seat {want['seat']}"
    kind = want["kind"]
    rule = {"pair": "ts.capture.pair", "triple": "ts.capture.triple", "ten": "ts.lone-tile"}[kind]
    if got["tiles"] != want["tiles"]:
        return (
            rule,
            "/tiles",
            (
                f"{who} listed {shown(got['tiles'])} as the {kind} at {want['at']}, but the tiles taken are "
                f"{shown(want['tiles'])} (the tile laid first, then the row's in order)"
            ),
        )
    options = state.config.options
    lone = want["at"] == "ends" and len(want["tiles"]) == 2
    if got["sweep"] != want["sweep"]:
        if lone:
            verdict = "that is a sweep" if want["sweep"] else "that is no sweep"
            return (
                "ts.lone-tile",
                "/sweep",
                f"{who} took the lone tile with {shown(want['tiles'])}: under option "
                f"lone-score={options['lone-score']} {verdict}",
            )
        if want["sweep"]:
            return (
                "ts.sweep",
                "/sweep",
                f"{who} cleared the table from a row of two with {shown(want['tiles'])}: that is a sweep",
            )
        return (
            "ts.sweep",
            "/sweep",
            f"{who} marked {shown(want['tiles'])} a sweep, but it is not (a sweep takes a row of two)",
        )
    if want["sweep"] and lone:
        return (
            "ts.lone-tile",
            "/points",
            (
                f"{who} scored taking the lone tile {shown(want['tiles'])} {got['points']}, but under option "
                f"lone-score={options['lone-score']} it scores {want['points']}"
            ),
        )
    if want["sweep"]:
        config = state.config
        how = {"replace": f"{config.sweep_bonus}", "add": f"{config.sweep_bonus} plus the tiles' points"}.get(
            options["sweep-score"], "its tiles' points, with no bonus"
        )
        return (
            "ts.sweep",
            "/points",
            (
                f"{who} scored the sweep {shown(want['tiles'])} {got['points']}, but under option "
                f"sweep-score={options['sweep-score']} a sweep scores {how}: {want['points']}"
            ),
        )
    values = state.config.values
    faces = [Tile(face).index for face in want["tiles"]]
    if kind != "pair" and FOUR_TWO in faces:
        other = 3 if values[FOUR_TWO] == 6 else 6
        if got["points"] == want["points"] - values[FOUR_TWO] + other:
            return (
                "ts.tiles.four-two",
                "/points",
                (
                    f"{who} scored {shown(want['tiles'])} {got['points']}, counting [4-2] as {other}, but under option "
                    f"four-two-value={options['four-two-value']} it counts {values[FOUR_TWO]}: {want['points']}"
                ),
            )
    if kind == "pair":
        how = "a fixed 50" if options["pair-score"] == "fifty" else "ten points a spot"
        return (
            rule,
            "/points",
            f"{who} scored the pair {shown(want['tiles'])} {got['points']}, but a pair scores {how}: {want['points']}",
        )
    spots = "+".join(str(values[k]) for k in faces)
    return (
        rule,
        "/points",
        (
            f"{who} scored the {kind} {shown(want['tiles'])} {got['points']}, but a {kind} scores a point a spot: "
            f"{spots} = {want['points']}"
        ),
    )
