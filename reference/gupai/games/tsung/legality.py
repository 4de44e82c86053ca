"""Why a Tsung Shap action is not legal: the referee's explanations.

Each function returns ``None`` when the action is legal, else (rule id, a
sentence saying why) about the state as it is; :class:`~gupai.games.tsung.state.TsungState`
asks them (:meth:`~gupai.games.tsung.state.TsungState.why_illegal`).

>>> from gupai.core.tiles import Tile
>>> from gupai.games.tsung.config import tsung_config
>>> from gupai.games.tsung.actions import Lay
>>> from gupai.games.tsung.state import TsungState
>>> state = TsungState.from_position(tsung_config(), row=[Tile("6-6"), Tile("3-1")], piles=[[Tile("2-2")], []])
>>> why_illegal(state, Lay(Tile("5-5"), "left"))
('ts.turn.lay', 'seat 0 turned over [2-2] and must lay it, not [5-5]')
>>> why_not_capture(state, Capture("pair", "left"), Tile("2-2"), "left")
('ts.capture.pair', 'seat 0 took [2-2] and [6-6] as a pair, but they are not identical')
"""

from __future__ import annotations

from typing import Protocol

from gupai.core.errors import IllegalActionError
from gupai.core.tiles import Tile
from gupai.games.tsung.actions import (
    CLAIM,
    CLAIM0,
    ENDS,
    LAY,
    LEFT,
    OVER,
    PASS_CODE,
    TAKE,
    TAKE0,
    Action,
    Capture,
    action_code,
    capture_of,
)
from gupai.games.tsung.captures import explain_capture, find_captures
from gupai.games.tsung.config import TsungConfig


class TsungView(Protocol):
    """What these functions read of a Tsung Shap state (the state asks them; they only read it)."""

    config: TsungConfig
    current_player: int
    phase: str
    reason: str | None
    revealed_kind: int
    row: list[int]
    tiles_laid: int
    open_codes: list[int]
    hand_kinds: list[list[int]]
    last_laid: tuple[int, int]

    def hand(self, seat: int) -> list[Tile]: ...


__all__ = ["TsungView", "why_illegal", "why_no_capture", "why_not_capture"]


def why_no_capture(state: TsungView, capture: Capture) -> tuple[str, str] | None:
    """``None`` if ``capture`` is open now (to take or to claim), else (rule id, why not).

    The explanation is about the last tile laid; with nothing laid yet it names the empty table.
    """
    if state.phase in (TAKE, CLAIM) and capture.code in state.open_codes:
        return None
    verb = "claimed" if state.phase == CLAIM else "took"
    if state.last_laid[0] < 0:
        return "ts.capture.choice", f"seat {state.current_player} {verb} {capture}, but no tile has been laid"
    return _explain_last(state, capture.code, verb)


def why_illegal(state: TsungView, action: Action) -> tuple[str, str] | None:
    """``None`` for a legal action, else (rule id, a sentence saying why)."""
    seat = state.current_player
    who = f"seat {seat}"
    phase = state.phase
    if phase == OVER:
        return "ts.end", f"{who} cannot {action}: the game is over ({state.reason})"
    try:
        code = action_code(action)
    except IllegalActionError as error:
        return "ts.turn.lay", error.message
    if phase == LAY:
        if code < TAKE0:
            return _why_not_lay(state, code >> 1, code & 1)
        if code == PASS_CODE:
            return "ts.turn.lay", f"{who} must lay a tile"
        if code >= CLAIM0:
            capture = capture_of(code - CLAIM0)
            if not state.config.claims:
                return (
                    "ts.claim",
                    f"{who} claimed {capture}, but under option missed-capture=none a missed capture is lost",
                )
            return "ts.claim", f"{who} claimed {capture}, but no capture was left untaken by the last tile laid"
        return "ts.turn.lay", f"{who} tried to take {capture_of(code - TAKE0)} without laying a tile"
    if phase == CLAIM:
        if code == PASS_CODE or code - CLAIM0 in state.open_codes:
            return None
        if code < TAKE0:
            return "ts.claim", f"{who} must claim the missed capture or pass before laying"
        if code < CLAIM0:
            return "ts.turn.lay", f"{who} tried to take {capture_of(code - TAKE0)} without laying a tile"
        return _explain_last(state, code - CLAIM0, "claimed")
    # TAKE
    if code == PASS_CODE or code - TAKE0 in state.open_codes:
        return None
    if code < TAKE0:
        laid = Tile.from_index(state.last_laid[0])
        return "ts.capture.choice", f"{who} must take a capture with [{laid}] or pass before another tile is laid"
    if code >= CLAIM0:
        return (
            "ts.claim",
            f"{who} claimed {capture_of(code - CLAIM0)}, but a player claims only the opponent's missed capture",
        )
    return _explain_last(state, code - TAKE0, "took")


def _why_not_lay(state: TsungView, kind: int, end: int) -> tuple[str, str] | None:
    seat = state.current_player
    tile = Tile.from_index(kind)
    if state.config.four:
        if kind not in state.hand_kinds[seat]:
            shown = " ".join(f"[{t}]" for t in state.hand(seat)) or "nothing"
            return "ts.german.hand", f"seat {seat} laid [{tile}], which is not in the hand ({shown})"
    elif kind != state.revealed_kind:
        return (
            "ts.turn.lay",
            f"seat {seat} turned over [{Tile.from_index(state.revealed_kind)}] and must lay it, not [{tile}]",
        )
    if end != LEFT and state.tiles_laid == 1 and state.config.opening_left:
        return (
            "ts.opening",
            f"seat {seat} laid the second opening tile [{tile}] at the {ENDS[end]} end, but under option "
            "opening-end=left it goes at the left end",
        )
    return None


def _explain_last(state: TsungView, code: int, verb: str) -> tuple[str, str]:
    """Why capture ``code`` is not open with the last tile laid (it is in the row)."""
    kind, end = state.last_laid
    row = state.row[1:] if end == LEFT else state.row[:-1]
    return explain_capture(
        state.config, state.current_player, code, kind, end, row=row, laid=state.tiles_laid - 1, verb=verb
    )


def why_not_capture(state: TsungView, capture: Capture, tile: Tile, end: str) -> tuple[str, str] | None:
    """``None`` if laying ``tile`` at ``end`` now could make ``capture``, else (rule id, why not)."""
    kind, e = tile.index, ENDS.index(end)
    if capture.code in find_captures(state.config, state.row, state.tiles_laid, kind, e):
        return None
    return explain_capture(
        state.config, state.current_player, capture.code, kind, e, row=state.row, laid=state.tiles_laid, verb="took"
    )
