"""Kap Shap and Kap Tai Shap behind the protocol: deals, moves, states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai.core.errors import GupaiError, OptionError
from gupai.core.hands import Decomposition
from gupai.core.options import resolve_options
from gupai.core.tiles import KIND_COUNT, Tile, set_counts
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, deal_from_order, random_deal
from gupai.games.kap.state import Action, Declare, Discard, Draw, KapState, Take
from gupai.protocol.session import RefusalError, count_vector, illegal, kinds_of, tile_of

__all__ = ["KapSession", "parse_decomposition"]


def _over_caps(config: CollectingConfig, counts: Sequence[int], what: str) -> RefusalError | None:
    caps = set_counts(config.sets)
    extra = [f"{counts[k]} copies of [{Tile.from_index(k)}]" for k in range(KIND_COUNT) if counts[k] > caps[k]]
    if not extra:
        return None
    sets = "one set holds" if config.sets == 1 else f"{config.sets} sets hold"
    suffix = "equipment.set" if config.spec.id == "kap-shap" else "equipment.sets"
    return illegal(config.rule(suffix), f"{what} {', '.join(extra[:4])}, more than {sets}")


def parse_decomposition(doc: Mapping[str, Any]) -> Decomposition:
    """A split as the protocol writes it, in the evaluator's canonical order.

    >>> str(parse_decomposition({"eye": ["1-1", "1-1"], "pairs": [["4-4", "6-6"], ["1-1", "6-2"]]}))
    'eye 1-1 1-1, pairs 6-6+4-4 6-2+1-1'
    """
    a, b = (tile_of(face) for face in doc["eye"])
    pairs = tuple(
        sorted(((max(tile_of(x), tile_of(y)), min(tile_of(x), tile_of(y))) for x, y in doc["pairs"]), reverse=True)
    )
    return Decomposition(eye=(max(a, b), min(a, b)), pairs=pairs)


def _action_of(doc: Mapping[str, Any]) -> Action:
    kind = doc["type"]
    if kind == "take":
        return Take(tile_of(doc["tile"]))
    if kind == "discard":
        return Discard(tile_of(doc["tile"]))
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
            raise illegal(rule, error.message) from None
        deal_doc = request["deal"]
        if deal_doc is None:
            try:
                deal = random_deal(config, rng or random.Random())
            except GupaiError as error:  # e.g. too few piles for a wall
                raise illegal(error.rule or f"{prefix}.deal.method", error.message) from None
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
            if "hand" in action and tuple(count_vector(kinds_of(action["hand"]))) != held:
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
            raise illegal(*problem)
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
    order = kinds_of(doc["order"])
    counts = count_vector(order)
    caps = set_counts(config.sets)
    if counts != list(caps):
        wrong = [
            f"[{Tile.from_index(k)}] x{counts[k]} (not {caps[k]})" for k in range(KIND_COUNT) if counts[k] != caps[k]
        ]
        sets = "one set" if config.sets == 1 else f"{config.sets} sets"
        suffix = "equipment.set" if config.spec.id == "kap-shap" else "equipment.sets"
        raise illegal(rule(suffix), f"the order is not exactly the tiles of {sets}: {', '.join(wrong[:6])}")
    dice = doc.get("dice")
    if config.options["first-player"] == "dice" and dice is None:
        raise illegal(rule("deal.first-player"), "option first-player=dice, but no dice are thrown")
    if config.options["first-player"] == "seat-0" and dice is not None:
        raise illegal(rule("deal.first-player"), "option first-player=seat-0 throws no dice")
    try:
        deal = deal_from_order(config, order, dice=dice)
    except GupaiError as error:
        raise illegal(error.rule or rule("deal.wall"), error.message) from None
    if doc.get("first_player") is not None and doc["first_player"] != deal.first_player:
        raise illegal(
            rule("deal.first-player"), f"the deal makes seat {deal.first_player} first, not seat {doc['first_player']}"
        )
    method = "deal.wall" if config.options["deal"] == "wall" else "deal.boneyard"
    if doc.get("hands") is not None:
        if len(doc["hands"]) != config.players:
            raise illegal(rule(method), f"{len(doc['hands'])} hands given for {config.players} players")
        for seat, hand in enumerate(deal.hands):
            if count_vector(kinds_of(doc["hands"][seat])) != count_vector(hand):
                want = " ".join(Tile.from_index(k).face for k in hand)
                raise illegal(rule(method), f"seat {seat}'s hand is not what this order deals: {want}")
    if doc.get("stock") is not None and kinds_of(doc["stock"]) != list(deal.stock):
        suffix = "deal.draw-order" if config.options["deal"] == "wall" else "deal.boneyard"
        raise illegal(rule(suffix), "the stock is not the rest of the order in draw order")
    return deal


def _position_deal(config: CollectingConfig, doc: Mapping[str, Any]) -> Deal:
    n = config.players
    hands = [kinds_of(hand) for hand in doc["hands"]]
    stock = kinds_of(doc["stock"])
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
            raise illegal(config.rule(method), f"seat {seat} is dealt {len(hand)} tiles: the deal gives it {want}")
    problem = _over_caps(config, count_vector([k for hand in hands for k in hand] + stock), "the deal holds")
    if problem is not None:
        raise problem
    return Deal(order=(), dice=None, first_player=first, hands=tuple(map(tuple, hands)), stock=tuple(stock))


# ------------------------------------------------------------- Tsung Shap
