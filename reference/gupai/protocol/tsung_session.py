"""Tsung Shap behind the protocol: deals, positions, moves, states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import GupaiError, IllegalActionError, OptionError, ReplayError
from gupai.core.options import read_options
from gupai.core.tiles import Tile, kinds_of
from gupai.games.tsung.actions import Action as TsungAction
from gupai.games.tsung.actions import Capture, Claim, Lay, Pass, TakeCapture, parse_tsung_action, trace_json
from gupai.games.tsung.captures import is_sweep
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.deal import TsungDeal, random_tsung_deal
from gupai.games.tsung.mismatch import explain_mismatch
from gupai.games.tsung.replay import check_deal
from gupai.games.tsung.state import TsungState
from gupai.protocol.session import RefusalError, illegal

__all__ = ["TsungSession"]


def _capture_of(doc: Mapping[str, Any]) -> Capture:
    """The capture a move names; the only names the schema lets through that are no capture are a ten at ``left``
    or ``right``: a ten takes only a lone tile, and is written at ``ends`` (ts.lone-tile)."""
    try:
        return Capture(doc["kind"], doc["at"])
    except IllegalActionError as error:
        raise RefusalError("illegal", error.message, rule="ts.lone-tile") from None


def _tsung_action(doc: Mapping[str, Any]) -> TsungAction:
    kind = doc["type"]
    if kind == "lay":
        return parse_tsung_action(f"lay {doc['tile']} {doc['end']}")
    if kind == "pass":
        return Pass()
    capture = _capture_of(doc)
    return parse_tsung_action(f"{'take' if kind == 'capture' else 'claim'} {capture}")


@dataclass
class TsungSession:
    """A game of Tsung Shap behind the protocol, refereed by :class:`~gupai.games.tsung.state.TsungState`."""

    game: TsungState
    start_events: list[dict[str, Any]]

    @classmethod
    def start(cls, request: Mapping[str, Any], *, rng: random.Random | None = None) -> TsungSession:
        """Start the game a ``new_game`` request asks for, or raise :class:`RefusalError`."""
        try:
            options = read_options(TSUNG, request["options"])
        except OptionError as error:
            raise RefusalError("unsupported", error.message) from None
        if request["players"] != 2:
            raise illegal("ts.equipment", f"Tsung Shap is played by 2 players, not {request['players']}")
        if request["sets"] not in (None, 1):
            raise illegal("ts.equipment", f"Tsung Shap is played with one set, not {request['sets']}")
        try:
            config = tsung_config(options)
        except OptionError as error:
            raise illegal(error.rule, error.message) from None
        deal_doc = request["deal"]
        if deal_doc is None:
            state = TsungState(config, random_tsung_deal(config, rng or random.Random()))
        elif "order" in deal_doc:
            state = TsungState(config, _tsung_order_deal(config, deal_doc))
        elif "row" in deal_doc:
            state = _tsung_position(config, deal_doc)
        else:
            raise RefusalError("error", "a Tsung Shap deal is an order or a row, not hands and a stock")
        return cls(state, [trace_json(record) for record in state.trace])

    def _outcome(self, action: TakeCapture | Claim) -> dict[str, Any]:
        """What a legal capture or claim takes, scores and sweeps."""
        state = self.game
        capture = action.capture
        points = {str(c): p for c, p in state.open_captures()}[str(capture)]
        tiles = state.capture_tiles(capture)
        sweep = is_sweep(state.config, capture.code, len(state.row) - 1)  # the row before the tile was laid
        return {"tiles": [t.face for t in tiles], "points": points, "sweep": sweep}

    def action_json(self, action: TsungAction) -> dict[str, Any]:
        """A move of the player to move as the protocol writes it (captures with their outcome)."""
        seat = self.game.current_player
        if isinstance(action, Lay):
            return {"type": "lay", "seat": seat, "tile": action.tile.face, "end": action.end}
        if isinstance(action, TakeCapture | Claim):
            kind = "capture" if isinstance(action, TakeCapture) else "claim"
            capture = action.capture
            return {"type": kind, "seat": seat, "kind": capture.kind, "at": capture.at, **self._outcome(action)}
        return {"type": "pass", "seat": seat}

    def legal_actions(self) -> list[dict[str, Any]]:
        return [self.action_json(action) for action in self.game.legal_actions()]

    def refusal(self, action: Mapping[str, Any]) -> tuple[str | None, str] | None:
        """``None`` if the move is legal, else (rule id, why): a referee's judgement of a logged decision."""
        state = self.game
        if action["type"] not in ("lay", "capture", "claim", "pass"):
            return "ts.turn.lay", f"{action['type']} is not a move of Tsung Shap (lay, capture, claim, pass)"
        try:
            move = _tsung_action(action)
        except RefusalError as refusal:
            return refusal.rule, refusal.message
        if state.is_terminal:
            return state.why_illegal(move)
        seat, current = action["seat"], state.current_player
        if seat != current:
            if action["type"] == "capture" and state.phase == "take":
                return "ts.claim", f"seat {seat} took a capture with seat {current}'s tile: a missed capture is claimed"
            if state.tiles_laid == 0:
                return "ts.first-player", f"seat {seat} acted first, but seat {current} lays first"
            if state.restarting:
                done = "cleared the table" if not state.row else "took a capture (lay-again=any-capture)"
                return "ts.sweep.restart", f"seat {seat} moved, but seat {current} {done} and lays again"
            return "ts.turn.order", f"seat {seat} moved, but it is seat {current}'s turn"
        problem = state.why_illegal(move)
        if problem is not None:
            return problem
        if isinstance(move, TakeCapture | Claim):
            want = self.action_json(move)
            got = {**want, **{key: action[key] for key in ("tiles", "points", "sweep") if key in action}}
            if got != want:  # the validator's judgement of a capture recorded wrong: one truth
                rule, _pointer, message = explain_mismatch(state, [got], 0, want, 0)
                return rule, message
        return None

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        problem = self.refusal(action)
        if problem is not None:
            raise illegal(*problem)
        return [event.to_json() for event in self.game.apply(_tsung_action(action))]

    def state(self) -> dict[str, Any]:
        state = self.game
        config = state.config
        over = state.is_terminal
        piles = [[t.face for t in state.pile(seat)] for seat in (0, 1)]
        stock = [t.face for t in state.stock()]
        return {
            "current_player": None if over else state.current_player,
            "terminal": over,
            "row": [t.face for t in state.row_tiles()],
            "revealed": state.revealed.face if state.revealed is not None else None,
            "hands": [[t.face for t in state.hand(seat)] for seat in (0, 1)] if config.four else None,
            "piles": None if config.common else piles,
            "stock": stock if config.common else None,
            "stock_size": len(stock) if config.common else len(piles[0]) + len(piles[1]),
            "scores": list(state.scores),
            "turns": list(state.turns),
            "result": state.result() if over else None,
        }


def _tsung_order_deal(config: TsungConfig, doc: Mapping[str, Any]) -> TsungDeal:
    try:
        return check_deal(config, doc, partial=True)
    except ReplayError as error:
        raise illegal(error.rule, error.message) from None


def _tsung_position(config: TsungConfig, doc: Mapping[str, Any]) -> TsungState:
    def tiles(faces: Sequence[str]) -> list[Tile]:
        return [Tile.from_index(k) for k in kinds_of(faces)]

    to_move = doc["to_move"]
    hidden = [*(doc["piles"] or ()), *(doc["hands"] or ()), doc["stock"] or ()]
    turns = None
    if doc["turns"] is not None:  # turns begun, this position's turn included (none begins once all is laid)
        turns = [doc["turns"][0], doc["turns"][1]]
        if any(hidden) and to_move in (0, 1):
            if turns[to_move] < 1:
                raise illegal(None, f"seat {to_move} is to play, so it has begun a turn: turns {doc['turns']}")
            turns[to_move] -= 1
    try:
        return TsungState.from_position(
            config,
            row=tiles(doc["row"]),
            to_move=to_move,
            piles=[tiles(p) for p in doc["piles"]] if doc["piles"] is not None else None,
            stock=tiles(doc["stock"]) if doc["stock"] is not None else None,
            hands=[tiles(h) for h in doc["hands"]] if doc["hands"] is not None else None,
            scores=(doc["scores"][0], doc["scores"][1]),
            turns=(turns[0], turns[1]) if turns is not None else None,
            laid=doc["laid"] if doc["laid"] is not None else len(doc["row"]),
        )
    except GupaiError as error:
        raise illegal("ts.equipment" if "one set" in error.message else None, error.message) from None


# ---------------------------------------------------------------- engines
#: Game id -> a function starting a session from a ``new_game`` request.
