"""The reference engine behind the engine protocol: ``gupai engine``.

:class:`ReferenceEngine` answers protocol requests with gupai's own engines;
:func:`serve` runs it over standard input and output, so ``gupai engine`` is
an engine the conformance harness can drive like any other. The harness also
uses a :class:`ReferenceEngine` in-process as its oracle: it sends the
reference the same requests as the engine under test and compares the
answers.

>>> engine = ReferenceEngine()
>>> engine.handle({"id": 0, "cmd": "start", "protocol": 1})["engine"]["name"]
'gupai-reference'
>>> deal = {
...     "hands": [
...         ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"],
...         ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "6-5"],
...     ],
...     "stock": ["4-4"],
...     "first_player": 0,
... }
>>> engine.handle(
...     {"id": 1, "cmd": "new_game", "game": "kap-shap", "options": {}, "players": 2, "sets": 1, "deal": deal}
... )
{'id': 1, 'answer': 'ok'}
>>> engine.handle({"id": 2, "cmd": "legal_actions"})["actions"]
[{'type': 'declare', 'seat': 0}]
>>> engine.handle({"id": 3, "cmd": "check", "action": {"type": "discard", "seat": 0, "tile": "2-1"}})["rule"]
'ks.declare'
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import IO, Any, Protocol

from gupai import __version__
from gupai.core.errors import GupaiError, IllegalActionError, OptionError
from gupai.core.hands import Decomposition
from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.core.tiles import KIND_COUNT, Tile, set_counts
from gupai.games.kap.config import COLLECTING_GAMES, CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, deal_from_order, random_deal
from gupai.games.kap.state import Action, Declare, Discard, Draw, KapState, Take
from gupai.games.tsung.state import GAME as TSUNG
from gupai.games.tsung.state import Action as TsungAction
from gupai.games.tsung.state import (
    Capture,
    Claim,
    Lay,
    Pass,
    TsungConfig,
    TsungDeal,
    TsungState,
    parse_tsung_action,
    random_tsung_deal,
    trace_json,
    tsung_config,
    tsung_deal_from_order,
)
from gupai.games.tsung.state import Take as TsungTake
from gupai.protocol.messages import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    encode,
    parse_json_line,
    read_request,
)

__all__ = [
    "ENGINE_NAME",
    "GAME_SESSIONS",
    "GameSession",
    "ReferenceEngine",
    "RefusalError",
    "game_claims",
    "main",
    "serve",
]

ENGINE_NAME = "gupai-reference"


class RefusalError(GupaiError):
    """A request the engine answers with ``illegal``, ``unsupported`` or ``error`` rather than ``ok``."""

    def __init__(self, kind: str, message: str, *, rule: str | None = None) -> None:
        super().__init__(message, rule=rule)
        self.kind = kind

    def answer(self, id: int | None) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": id, "answer": self.kind}
        if self.rule is not None:
            doc["rule"] = self.rule
        doc["message"] = self.message
        return doc


def _illegal(rule: str | None, message: str) -> RefusalError:
    """An ``illegal`` answer citing ``rule``."""
    return RefusalError("illegal", message, rule=rule)


class GameSession(Protocol):
    """A game in progress behind the protocol: what ``legal_actions``, ``check``, ``apply`` and ``state`` ask."""

    def legal_actions(self) -> list[dict[str, Any]]: ...

    def refusal(self, action: Mapping[str, Any]) -> tuple[str | None, str] | None: ...

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]: ...

    def state(self) -> dict[str, Any]: ...


# ------------------------------------------------------------- collecting
@cache
def _face_index() -> dict[str, int]:
    return {Tile.from_index(k).face: k for k in range(KIND_COUNT)}


def _kinds(faces: Sequence[str]) -> list[int]:
    index = _face_index()
    return [index[face] if face in index else Tile(face).index for face in faces]


def _tile(face: str) -> Tile:
    return Tile.from_index(_kinds([face])[0])


def _counts(kinds: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return counts


def _over_caps(config: CollectingConfig, counts: Sequence[int], what: str) -> RefusalError | None:
    caps = set_counts(config.sets)
    extra = [f"{counts[k]} copies of [{Tile.from_index(k)}]" for k in range(KIND_COUNT) if counts[k] > caps[k]]
    if not extra:
        return None
    sets = "one set holds" if config.sets == 1 else f"{config.sets} sets hold"
    suffix = "equipment.set" if config.spec.id == "kap-shap" else "equipment.sets"
    return _illegal(config.rule(suffix), f"{what} {', '.join(extra[:4])}, more than {sets}")


def parse_decomposition(doc: Mapping[str, Any]) -> Decomposition:
    """A split as the protocol writes it, in the evaluator's canonical order.

    >>> str(parse_decomposition({"eye": ["1-1", "1-1"], "pairs": [["4-4", "6-6"], ["1-1", "6-2"]]}))
    'eye 1-1 1-1, pairs 6-6+4-4 6-2+1-1'
    """
    a, b = (_tile(face) for face in doc["eye"])
    pairs = tuple(sorted(((max(_tile(x), _tile(y)), min(_tile(x), _tile(y))) for x, y in doc["pairs"]), reverse=True))
    return Decomposition(eye=(max(a, b), min(a, b)), pairs=pairs)


def _action_of(doc: Mapping[str, Any]) -> Action:
    kind = doc["type"]
    if kind == "take":
        return Take(_tile(doc["tile"]))
    if kind == "discard":
        return Discard(_tile(doc["tile"]))
    if kind == "draw":
        return Draw()
    return Declare()


def _action_json(seat: int, action: Action) -> dict[str, Any]:
    doc: dict[str, Any] = {"type": type(action).__name__.lower(), "seat": seat}
    if isinstance(action, Take | Discard):
        doc["tile"] = action.tile.face
    return doc


@dataclass
class KapSession:
    """A game of Kap Shap or Kap Tai Shap behind the protocol, refereed by :class:`~gupai.games.kap.state.KapState`."""

    game: KapState
    _split_memo: dict[tuple[int, ...], frozenset[Decomposition]] = field(default_factory=dict, repr=False)

    @classmethod
    def start(cls, request: Mapping[str, Any], *, rng: random.Random | None = None) -> KapSession:
        """Start the game a ``new_game`` request asks for, or raise :class:`RefusalError`."""
        game = request["game"]
        try:
            options = resolve_options(game, overrides=request["options"])
        except OptionError as error:
            raise RefusalError("unsupported", error.message) from None
        prefix = "ks" if game == "kap-shap" else "kts"
        try:
            config = collecting_config(game, options, players=request["players"], sets=request["sets"])
        except GupaiError as error:
            if error.rule is not None:
                rule = error.rule
            elif error.where == "players":
                rule = f"{prefix}.equipment.players"
            else:
                rule = f"{prefix}.equipment.set" if game == "kap-shap" else f"{prefix}.equipment.sets"
            raise _illegal(rule, error.message) from None
        deal_doc = request["deal"]
        if deal_doc is None:
            try:
                deal = random_deal(config, rng or random.Random())
            except GupaiError as error:  # e.g. too few piles for a wall
                raise _illegal(error.rule or f"{prefix}.deal.method", error.message) from None
        elif "order" in deal_doc:
            deal = _order_deal(config, deal_doc)
        else:
            deal = _position_deal(config, deal_doc)
        return cls(KapState(config, deal))

    def _splits(self, counts: tuple[int, ...]) -> frozenset[Decomposition]:
        """The winning splits of a hand (remembered: a scenario may ask about hundreds of them)."""
        found = self._split_memo.get(counts)
        if found is None:
            found = self._split_memo[counts] = frozenset(self.game.config.evaluator.decompositions(counts))
        return found

    def legal_actions(self) -> list[dict[str, Any]]:
        seat = self.game.current_player
        return [_action_json(seat, action) for action in self.game.legal_actions()]

    def refusal(self, action: Mapping[str, Any]) -> tuple[str | None, str] | None:
        """``None`` if the move is legal, else (rule id, why): a referee's judgement of a logged event."""
        state = self.game
        rule = state.config.rule
        move = _action_of(action)
        if state.is_terminal:
            return state.why_illegal(move)
        seat = action["seat"]
        if seat != state.current_player:
            return rule("turn.order"), f"seat {seat} moved, but it is seat {state.current_player}'s turn"
        if isinstance(move, Declare) and state.phase == "hold" and not state.can_declare():
            return _not_winning(state, seat)
        problem = state.why_illegal(move)
        if problem is not None:
            return problem
        if isinstance(move, Draw) and "tile" in action:
            expected = Tile.from_index(state.stock[state.stock_drawn])
            if action["tile"] != expected.face:
                return rule("deal.draw-order"), (
                    f"seat {seat} expects to draw [{action['tile']}], but the next tile of the stock is [{expected}]"
                )
        if isinstance(move, Declare):
            held = state.hand_counts(seat)
            if "hand" in action and tuple(_counts(_kinds(action["hand"]))) != held:
                shown = " ".join(f"[{t}]" for t in state.hand(seat))
                return rule("declare.valid"), f"seat {seat} declared {action['hand']}, but holds {shown}"
            if "decomposition" in action:
                split = parse_decomposition(action["decomposition"])
                if split not in self._splits(held):
                    return rule("declare.valid"), (
                        f"seat {seat} showed the split {split}, which is not one of the hand's winning splits"
                    )
        return None

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        problem = self.refusal(action)
        if problem is not None:
            raise _illegal(*problem)
        state = self.game
        event = state.apply(_action_of(action)).to_json()
        if "decomposition" in action:
            shown = parse_decomposition(action["decomposition"])
            state.decomposition = shown
            event["decomposition"] = shown.to_json()
        return [event]

    def state(self) -> dict[str, Any]:
        state = self.game
        n = state.players
        over = state.is_terminal
        result = state.result() if over else None
        return {
            "current_player": None if over else state.current_player,
            "terminal": over,
            "hands": [[t.face for t in state.hand(seat)] for seat in range(n)],
            "table": [t.face for t in state.table_tiles()],
            "stock_size": state.stock_left,
            "stock": [Tile.from_index(k).face for k in state.stock[state.stock_drawn :]],
            "scores": list(result["settlement"]) if result else [0] * n,
            "result": result,
        }


_NOT_WINNING: dict[tuple[Any, ...], tuple[str, str]] = {}


def _not_winning(state: KapState, seat: int) -> tuple[str, str]:
    """Why a hand that is not winning cannot be declared (remembered: the answer names the reading it needs)."""
    config = state.config
    key = (config.spec.id, config.options.entries, config.sets, config.players, seat, state.hand_counts(seat))
    found = _NOT_WINNING.get(key)
    if found is None:
        problem = state.why_illegal(Declare())
        assert problem is not None
        found = (problem[0], problem[1])
        if len(_NOT_WINNING) > 4096:
            _NOT_WINNING.clear()
        _NOT_WINNING[key] = found
    return found


def _order_deal(config: CollectingConfig, doc: Mapping[str, Any]) -> Deal:
    rule = config.rule
    order = _kinds(doc["order"])
    counts = _counts(order)
    caps = set_counts(config.sets)
    if counts != list(caps):
        wrong = [
            f"[{Tile.from_index(k)}] x{counts[k]} (not {caps[k]})" for k in range(KIND_COUNT) if counts[k] != caps[k]
        ]
        sets = "one set" if config.sets == 1 else f"{config.sets} sets"
        suffix = "equipment.set" if config.spec.id == "kap-shap" else "equipment.sets"
        raise _illegal(rule(suffix), f"the order is not exactly the tiles of {sets}: {', '.join(wrong[:6])}")
    dice = doc.get("dice")
    if config.options["first-player"] == "dice" and dice is None:
        raise _illegal(rule("deal.first-player"), "option first-player=dice, but no dice are thrown")
    if config.options["first-player"] == "seat-0" and dice is not None:
        raise _illegal(rule("deal.first-player"), "option first-player=seat-0 throws no dice")
    try:
        deal = deal_from_order(config, order, dice=dice)
    except GupaiError as error:
        raise _illegal(error.rule or rule("deal.wall"), error.message) from None
    if doc.get("first_player") is not None and doc["first_player"] != deal.first_player:
        raise _illegal(
            rule("deal.first-player"), f"the deal makes seat {deal.first_player} first, not seat {doc['first_player']}"
        )
    method = "deal.wall" if config.options["deal"] == "wall" else "deal.boneyard"
    if doc.get("hands") is not None:
        if len(doc["hands"]) != config.players:
            raise _illegal(rule(method), f"{len(doc['hands'])} hands given for {config.players} players")
        for seat, hand in enumerate(deal.hands):
            if _counts(_kinds(doc["hands"][seat])) != _counts(hand):
                want = " ".join(Tile.from_index(k).face for k in hand)
                raise _illegal(rule(method), f"seat {seat}'s hand is not what this order deals: {want}")
    if doc.get("stock") is not None and _kinds(doc["stock"]) != list(deal.stock):
        suffix = "deal.draw-order" if config.options["deal"] == "wall" else "deal.boneyard"
        raise _illegal(rule(suffix), "the stock is not the rest of the order in draw order")
    return deal


def _position_deal(config: CollectingConfig, doc: Mapping[str, Any]) -> Deal:
    n = config.players
    hands = [_kinds(hand) for hand in doc["hands"]]
    stock = _kinds(doc["stock"])
    first = doc["first_player"]
    if len(hands) != n:
        raise RefusalError("error", f"the deal gives {len(hands)} hands for {n} players")
    if first >= n:
        raise RefusalError("error", f"seat {first} plays first, but there are {n} players")
    method = "deal.wall" if config.options["deal"] == "wall" else "deal.boneyard"
    size = config.spec.hand_size
    for seat, hand in enumerate(hands):
        want = size + 1 if seat == first else size
        if len(hand) != want:
            raise _illegal(config.rule(method), f"seat {seat} is dealt {len(hand)} tiles: the deal gives it {want}")
    problem = _over_caps(config, _counts([k for hand in hands for k in hand] + stock), "the deal holds")
    if problem is not None:
        raise problem
    return Deal(order=(), dice=None, first_player=first, hands=tuple(map(tuple, hands)), stock=tuple(stock))


# ------------------------------------------------------------- Tsung Shap
def _capture_of(doc: Mapping[str, Any]) -> Capture:
    try:
        return Capture(doc["kind"], doc["at"])
    except IllegalActionError as error:
        raise RefusalError("illegal", error.message, rule="ts.capture.pair") from None


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
            options = resolve_options(TSUNG, overrides=request["options"])
        except OptionError as error:
            raise RefusalError("unsupported", error.message) from None
        if request["players"] != 2:
            raise _illegal("ts.equipment", f"Tsung Shap is played by 2 players, not {request['players']}")
        if request["sets"] not in (None, 1):
            raise _illegal("ts.equipment", f"Tsung Shap is played with one set, not {request['sets']}")
        try:
            config = tsung_config(options)
        except OptionError as error:
            raise _illegal(error.rule, error.message) from None
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

    def _outcome(self, action: TsungTake | Claim) -> dict[str, Any]:
        """What a legal capture or claim takes, scores and sweeps."""
        state = self.game
        capture = action.capture
        points = {str(c): p for c, p in state.open_captures()}[str(capture)]
        tiles = state.capture_tiles(capture)
        sweep = (str(capture) == "triple ends" and len(state.row) == 3) or (
            capture.at == "ends" and capture.kind in ("pair", "ten") and state.config.lone_sweep
        )
        return {"tiles": [t.face for t in tiles], "points": points, "sweep": sweep}

    def action_json(self, action: TsungAction) -> dict[str, Any]:
        """A move of the player to move as the protocol writes it (captures with their outcome)."""
        seat = self.game.current_player
        if isinstance(action, Lay):
            return {"type": "lay", "seat": seat, "tile": action.tile.face, "end": action.end}
        if isinstance(action, TsungTake | Claim):
            kind = "capture" if isinstance(action, TsungTake) else "claim"
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
                return "ts.sweep.restart", f"seat {seat} moved, but seat {current} cleared the table and lays again"
            return "ts.turn.order", f"seat {seat} moved, but it is seat {current}'s turn"
        problem = state.why_illegal(move)
        if problem is not None:
            return problem
        if isinstance(move, TsungTake | Claim):
            outcome = self._outcome(move)
            for key in ("tiles", "points", "sweep"):
                if key in action and action[key] != outcome[key]:
                    if key == "sweep":
                        rule = "ts.sweep"
                    elif key == "points":
                        rule = "ts.tiles.four-two" if "4-2" in outcome["tiles"] else "ts.score"
                    else:
                        rule = "ts.capture.choice"
                    return rule, f"seat {seat}'s {move} has {key} {action[key]}, but it has {key} {outcome[key]}"
        return None

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        problem = self.refusal(action)
        if problem is not None:
            raise _illegal(*problem)
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
    order = _kinds(doc["order"])
    if _counts(order) != list(set_counts(1)):
        raise _illegal("ts.equipment", "the order is not exactly the tiles of one set")
    deal = tsung_deal_from_order(config, order)
    if doc.get("first_player") not in (None, deal.first_player):
        raise _illegal("ts.first-player", f"seat 0 lays first, not seat {doc['first_player']}")
    recorded: tuple[tuple[str, Any, str], ...] = (
        ("piles", deal.piles, "ts.stock" if config.common else "ts.deal"),
        ("stock", deal.stock, "ts.stock"),
        ("hands", deal.hands, "ts.german.hand"),
    )
    for key, cut, rule in recorded:
        if key not in doc:
            continue
        given = doc[key]
        if (given is None) != (cut is None):
            raise _illegal(rule, f"the deal {'records no' if given is None else 'records'} {key}, unlike this cut")
        if given is None or cut is None:
            continue
        if key == "stock":
            same = _kinds(given) == list(cut)
        else:
            same = len(given) == len(cut) and all(_kinds(g) == list(c) for g, c in zip(given, cut, strict=False))
        if not same:
            raise _illegal("ts.deal" if key == "piles" else rule, f"the recorded {key} are not what this order cuts")
    return deal


def _tsung_position(config: TsungConfig, doc: Mapping[str, Any]) -> TsungState:
    def tiles(faces: Sequence[str]) -> list[Tile]:
        return [Tile.from_index(k) for k in _kinds(faces)]

    try:
        return TsungState.from_position(
            config,
            row=tiles(doc["row"]),
            to_move=doc["to_move"],
            piles=[tiles(p) for p in doc["piles"]] if doc["piles"] is not None else None,
            stock=tiles(doc["stock"]) if doc["stock"] is not None else None,
            hands=[tiles(h) for h in doc["hands"]] if doc["hands"] is not None else None,
            scores=(doc["scores"][0], doc["scores"][1]),
            turns=(doc["turns"][0], doc["turns"][1]) if doc["turns"] is not None else None,
            laid=doc["laid"],
        )
    except GupaiError as error:
        raise _illegal("ts.equipment" if "one set" in error.message else None, error.message) from None


# ---------------------------------------------------------------- engines
#: Game id -> a function starting a session from a ``new_game`` request.
GAME_SESSIONS: dict[str, Callable[[Mapping[str, Any]], GameSession]] = {
    **{game: KapSession.start for game in COLLECTING_GAMES},
    TSUNG: TsungSession.start,
}


def game_claims(games: Sequence[str] | None = None) -> dict[str, Any]:
    """What the reference supports: every option value and every number of players of ``games``.

    >>> claims = game_claims(["kap-shap"])
    >>> claims["kap-shap"]["options"]["take"], claims["kap-shap"]["players"]
    (['any', 'latest'], {'min': 2, 'max': 2})
    """
    result = {}
    for game in games if games is not None else sorted(GAME_SESSIONS):
        spec = game_spec(game)
        result[game] = {
            "options": {option.key: list(option.values) for option in spec.options},
            "players": {"min": spec.players_min, "max": spec.players_max},
        }
    return result


class ReferenceEngine:
    """gupai's engines answering protocol requests (already checked against the schema)."""

    def __init__(self) -> None:
        self.started = False
        self.session: GameSession | None = None

    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The answer to one schema-valid request."""
        id, cmd = request["id"], request["cmd"]
        try:
            return {"id": id, "answer": "ok", **self._carry_out(cmd, request)}
        except RefusalError as refusal:
            return refusal.answer(id)

    def _carry_out(self, cmd: str, request: Mapping[str, Any]) -> dict[str, Any]:
        if cmd == "start":
            if request["protocol"] != PROTOCOL_VERSION:
                raise RefusalError("unsupported", f"this engine speaks protocol {PROTOCOL_VERSION}")
            self.started = True
            engine = {"name": ENGINE_NAME, "version": __version__, "language": "Python"}
            return {"protocol": PROTOCOL_VERSION, "engine": engine, "games": game_claims()}
        if not self.started:
            raise RefusalError("error", f"{cmd} before start: send start first")
        if cmd == "stop":
            return {}
        if cmd == "new_game":
            starter = GAME_SESSIONS.get(request["game"])
            if starter is None:
                raise RefusalError("unsupported", f"no engine plays {request['game']}")
            self.session = None
            self.session = starter(request)
            events = getattr(self.session, "start_events", [])
            return {"events": events} if events else {}
        if self.session is None:
            raise RefusalError("error", f"{cmd} before new_game: no game is in progress")
        if cmd == "legal_actions":
            return {"actions": self.session.legal_actions()}
        if cmd == "state":
            return {"state": self.session.state()}
        if cmd == "check":
            problem = self.session.refusal(request["action"])
            if problem is not None:
                raise _illegal(*problem)
            return {}
        return {"events": self.session.apply(request["action"])}

    def handle_line(self, line: str | bytes) -> tuple[dict[str, Any], bool]:
        """The answer to one request line, and whether the session should stop; never raises."""
        try:
            request = read_request(line)
        except ProtocolError as error:
            return {"id": _id_of(line), "answer": "error", "message": error.message}, False
        try:
            answer = self.handle(request)
        except Exception as error:  # a bug in the reference: say so rather than die
            return {"id": request["id"], "answer": "error", "message": f"internal error: {error!r}"}, False
        return answer, request["cmd"] == "stop"


def _id_of(line: str | bytes) -> int | None:
    try:
        doc = parse_json_line(line)
    except ProtocolError:
        return None
    value = doc.get("id")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**53 else None


def serve(stdin: IO[bytes], stdout: IO[bytes], *, engine: ReferenceEngine | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout``, one line each, until ``stop`` or end of input."""
    engine = engine or ReferenceEngine()
    while True:
        line = stdin.readline(MAX_LINE_BYTES + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the overlong line
                line = stdin.readline(MAX_LINE_BYTES)
            answer: dict[str, Any] = {"id": None, "answer": "error", "message": "line too long"}
            stop = False
        elif not line.strip():
            continue
        else:
            answer, stop = engine.handle_line(line)
        stdout.write(encode(answer).encode("utf-8") + b"\n")
        stdout.flush()
        if stop:
            return 0


def main() -> int:
    """Run the reference engine on this process's standard input and output."""
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
