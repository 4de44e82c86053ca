"""The collecting games' turn, written once from the pages alone: Kap Shap and Kap Tai Shap.

Written only from docs/engine/protocol.md, docs/engine/log-format.md,
docs/engine/refusals.md and the rules and options pages of the two games
(the rule texts of spec/games/kap-shap.yaml and kap-tai-shap.yaml),
importing nothing from gupai; the hands are read by tens.py. Both games take
a discard or draw, discard, and win with an eye and ten-pairs; what differs
(the game id and rule-id prefix, the hand size, the options, the equipment
and the wall, whether ``distance`` is announced) each entry module
(kap_shap.py, kap_tai_shap.py) gives in a :class:`Rules`, and :func:`main`
serves the protocol under it.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or __package__:  # imported by its package name (type checkers, pytest)
    from tests.literal import tens
else:  # run as a script, its folder first on the path
    import tens

#: A game's equipment check: (players, sets, options) to (players, sets), or a refusal.
Equipment = Callable[[Any, Any, dict[str, str]], tuple[int, int]]
#: A game's wall: (the order, the dealer, players, sets, options) to (hands by seat, stock).
Wall = Callable[[list[str], int, int, int, dict[str, str]], tuple[list[list[str]], list[str]]]


@dataclass(frozen=True)
class Rules:
    """What one collecting game is: everything the shared turn leaves to the game."""

    game: str  # the game id
    prefix: str  # its rule ids' prefix ("ks", "kts")
    name: str  # the engine's name in start's answer
    hand: int  # the hand size; a win holds one more
    culin: Mapping[str, str]  # the culin preset's value of every option: the value of an option left out
    supported: Mapping[str, list[str]]  # the values of each option this engine plays
    players: tuple[int, int]  # the fewest and most players start announces
    default_players: int  # the players evaluate_hand assumes when the request names none
    set_rule: str  # the rule (no prefix) a deal's tiles break when they are not the sets'
    equipment: Equipment
    wall: Wall
    distance: bool = False  # whether the engine announces the distance capability

    def rule(self, name: str) -> str:
        """The rule id of this game's rule ``name`` (``turn.order`` is Kap Shap's ``ks.turn.order``)."""
        return f"{self.prefix}.{name}"

    @property
    def capabilities(self) -> list[str]:
        found = ["describe", "read_tile", "tile_value", "pair", "evaluate_hand"]
        return [*found, "distance"] if self.distance else found


class RefusedError(Exception):
    def __init__(self, answer: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.answer, self.message, self.rule = answer, message, rule


def illegal(rule: str | None, message: str) -> RefusedError:
    return RefusedError("illegal", message, rule)


# ------------------------------------------------------------------ hands
def check_split(rules: Rules, seat: int, hand: list[str], split: Any, opts: dict[str, str]) -> None:
    """Refuse a declared split that is not a winning split of the hand (the rule of the part that is wrong)."""
    four_two, pair_set, civil_eye = int(opts["four-two-value"]), opts["pair-set"], opts["eye"] == "civil"
    if not isinstance(split, dict) or "eye" not in split or "pairs" not in split:
        raise illegal(rules.rule("declare.valid"), "a split shows an eye and pairs")
    eye, pairs = split["eye"], split["pairs"]
    shown = [*eye, *(t for p in pairs for t in p)]
    if Counter(shown) != Counter(hand) or len(eye) != 2 or any(len(p) != 2 for p in pairs):
        raise illegal(rules.rule("declare.valid"), f"seat {seat}'s split is not its hand")
    if eye[0] != eye[1] or (civil_eye and eye[0] not in tens.CIVIL):
        raise illegal(rules.rule("eye"), f"seat {seat}'s eye {eye} is not two identical (civil, under eye=civil) tiles")
    for a, b in pairs:
        if not tens.ten_pair(a, b, four_two, pair_set):
            if "4-2" in (a, b) and tens.ten_pair(a, b, 9 - four_two, pair_set):
                raise illegal(
                    rules.rule("tiles.four-two"), f"[{a}]+[{b}] makes ten only if [4-2] counts {9 - four_two}"
                )
            raise illegal(rules.rule("pair.ten"), f"[{a}]+[{b}] is no ten-pair")


# ------------------------------------------------------------------- game
class Game:
    def __init__(
        self, rules: Rules, hands: list[list[str]], stock: list[str], first: int, opts: dict[str, str]
    ) -> None:
        self.rules = rules
        self.opts = opts
        self.four_two = int(opts["four-two-value"])
        self.drawn: str | None = None
        self.dead = 0  # turns in a row without a draw from the stock (passes included)
        self.passes = 0  # passes in a row
        self.n = len(hands)
        self.took_last = [False] * self.n  # whether each seat took a discard on its previous turn
        self.drew = False  # whether this turn drew from the stock
        self.hands = hands
        self.stock = stock
        self.table: list[str] = []
        self.current = first
        self.first = first
        self.turns = 1
        self.opening = True
        # opening, opening-draw, start, taken, draw-due, drawn; under opening=draw the first turn is ordinary
        self.phase = "start" if opts["opening"] == "draw" else "opening"
        self.taken: str | None = None
        self.result: dict[str, Any] | None = None

    def wins(
        self, hand: list[str], four_two: int | None = None, pair_set: str | None = None, eye: str | None = None
    ) -> bool:
        counted = self.four_two if four_two is None else four_two
        pairs = pair_set or self.opts["pair-set"]
        civil = (eye or self.opts["eye"]) == "civil"
        return tens.winning_split(hand, self.rules.hand + 1, counted, civil, pairs) is not None

    def discards(self, seat: int) -> list[str]:
        """The faces the player may discard now (holding one tile more than a hand)."""
        faces = sorted(set(self.hands[seat]))
        if self.phase == "taken" and self.opts["discard-taken"] == "forbidden":
            faces = [f for f in faces if f != self.taken]
        if self.phase == "drawn" and self.opts["drawn-tile"] == "discard-unless-win" and self.drawn is not None:
            faces = [self.drawn]
        return faces

    # the moves
    def legal(self) -> list[dict[str, Any]]:
        if self.result is not None:
            return []
        seat = self.current
        hand = self.hands[seat]
        if self.phase in ("opening", "taken", "drawn"):
            discards = [{"type": "discard", "seat": seat, "tile": f} for f in self.discards(seat)]
            if self.wins(hand):
                declare = [{"type": "declare", "seat": seat}]
                return declare + discards if self.opts["declare"] == "optional" else declare
            return discards
        if self.phase in ("draw-due", "opening-draw"):
            return [{"type": "draw", "seat": seat}]
        faces = sorted(set(self.table)) if self.opts["take"] == "any" else self.table[-1:]
        if self.must_not_take(seat):
            faces = []
        moves = [{"type": "take", "seat": seat, "tile": f} for f in faces]
        last = {"type": "draw", "seat": seat} if self.stock else {"type": "pass", "seat": seat}
        return [*moves, last]

    def must_not_take(self, seat: int) -> bool:
        """Under the one-tile turn and no-consecutive-takes, a player who took last turn may not take."""
        one_tile = self.opts["turn"] == "take-or-draw"
        return one_tile and self.opts["termination"] == "no-consecutive-takes" and self.took_last[seat]

    def refusal(self, move: dict[str, Any]) -> None:
        """Raise the refusal of an illegal move; return when it is legal."""
        rule, full = self.rules.rule, self.rules.hand + 1
        kind, seat = move.get("type"), move.get("seat")
        if self.result is not None:
            ended = {"declared": "end.win", "dead-rounds": "end.termination"}.get(self.result["reason"], "end.stock")
            raise illegal(rule(ended), f"seat {seat} cannot {kind}: the game is over ({self.result['reason']})")
        if seat != self.current:
            raise illegal(rule("turn.order"), f"seat {seat} moved, but it is seat {self.current}'s turn")
        hand = self.hands[seat]
        wins = self.wins(hand)
        if kind == "declare":
            if len(hand) != full:
                raise illegal(rule("declare"), f"seat {seat} declared holding {len(hand)} tiles: a win needs {full}")
            if "decomposition" in move:
                check_split(self.rules, seat, hand, move["decomposition"], self.opts)
            if "hand" in move and Counter(move["hand"]) != Counter(hand):
                raise illegal(rule("declare.valid"), f"seat {seat} does not hold the hand shown")
            if not wins:  # a hand that would win under another reading names that reading's rule (refusals page)
                if self.wins(hand, 9 - self.four_two):
                    raise illegal(rule("tiles.four-two"), f"seat {seat}'s hand wins only with the other count of [4-2]")
                other = "arithmetic" if self.opts["pair-set"] == "printed" else "printed"
                if self.wins(hand, pair_set=other):
                    raise illegal(rule("pair.ten"), f"seat {seat}'s hand wins only under pair-set={other}")
                if self.opts["eye"] == "civil" and self.wins(hand, eye="identical"):
                    raise illegal(rule("eye"), f"seat {seat}'s hand wins only with a military eye")
                raise illegal(rule("declare.valid"), f"seat {seat}'s hand is not an eye and ten-pairs")
            return
        if kind in ("draw", "take", "pass") and wins and self.opts["declare"] == "mandatory":  # the refusals page
            raise illegal(rule("declare"), f"seat {seat} holds a winning hand and must declare it")
        if self.phase == "opening":
            if kind != "discard":
                raise illegal(
                    rule("opening"), f"seat {seat} opens holding {full} tiles: the opening turn starts with a discard"
                )
        elif self.phase == "opening-draw":
            if kind != "draw":
                raise illegal(rule("opening"), f"seat {seat} must draw after the opening discard")
        elif self.phase == "start":
            if kind == "discard":  # the first turn under opening=draw is the opening's (the refusals page)
                opening = self.turns == 1 and self.opts["opening"] == "draw"
                raise illegal(rule("opening" if opening else "turn.discard"), f"seat {seat} must first take or draw")
            if kind == "take" and move.get("tile") not in self.table:
                raise illegal(rule("turn.take"), f"seat {seat} took [{move.get('tile')}], which is not on the table")
            if kind == "take" and self.opts["take"] == "latest" and move.get("tile") != self.table[-1]:
                raise illegal(rule("turn.take"), f"only the latest discard [{self.table[-1]}] may be taken")
            if kind == "take" and self.must_not_take(seat):
                raise illegal(rule("end.termination"), f"seat {seat} took last turn: this turn must draw")
            if kind == "pass" and not self.stock:
                return
        elif self.phase in ("taken", "drawn"):
            if kind == "draw" and not self.stock:  # holding 8 with the stock empty: the stock's rule (refusals page)
                raise illegal(rule("end.stock"), "the stock is empty")
            if kind == "draw":
                raise illegal(
                    rule("turn.discard"), f"seat {seat} drew holding {full} tiles: a discard (or a win) first"
                )
            if kind == "take":
                raise illegal(rule("turn.take"), f"seat {seat} took holding {full} tiles: discard first")
        elif self.phase == "draw-due":
            if kind == "take":
                raise illegal(rule("turn.shape"), f"seat {seat} must draw now")
            if kind == "discard":
                raise illegal(rule("turn.discard"), f"seat {seat} must first draw")
        if kind == "discard":
            if wins and self.opts["declare"] == "mandatory":
                raise illegal(rule("declare"), f"seat {seat} holds a winning hand and must declare it")
            tile = move.get("tile")
            if tile not in hand:
                raise illegal(rule("turn.discard"), f"seat {seat} does not hold [{tile}]")
            if tile not in self.discards(seat):
                broken = "turn.draw" if self.phase == "drawn" else "turn.discard"
                raise illegal(rule(broken), f"seat {seat} may not discard [{tile}] now")
        elif kind == "draw":
            if not self.stock:
                raise illegal(rule("end.stock"), "the stock is empty")
            if "tile" in move and move["tile"] != self.stock[0]:
                raise illegal(rule("deal.draw-order"), f"the next tile of the stock is [{self.stock[0]}]")
        elif kind == "pass":
            raise illegal(
                rule("end.stock"), "a pass only at the start of a turn, the stock empty, under stock-out=play-on"
            )
        elif kind != "take":
            raise illegal(None, f"no move {kind}")

    def apply(self, move: dict[str, Any]) -> list[dict[str, Any]]:
        self.refusal(move)
        kind, seat = move["type"], move["seat"]
        hand = self.hands[seat]
        if kind == "declare":
            civil, full = self.opts["eye"] == "civil", self.rules.hand + 1
            split = move.get("decomposition") or tens.winning_split(
                hand, full, self.four_two, civil, self.opts["pair-set"]
            )
            event = {"type": "declare", "seat": seat, "hand": sorted(hand), "decomposition": split}
            settlement = [self.n - 1 if s == seat else -1 for s in range(self.n)]
            self.result = {"winner": seat, "reason": "declared", "turns": self.turns, "hand": sorted(hand)}
            self.result.update({"decomposition": split, "settlement": settlement})
            return [event]
        if kind == "take":  # of several copies on the table, the one discarded last (protocol page, state)
            del self.table[len(self.table) - 1 - self.table[::-1].index(move["tile"])]
            hand.append(move["tile"])
            self.phase, self.taken = "taken", move["tile"]
            return [{"type": "take", "seat": seat, "tile": move["tile"]}]
        if kind == "draw":
            tile = self.stock.pop(0)
            hand.append(tile)
            self.phase, self.drawn, self.drew = "drawn", tile, True
            return [{"type": "draw", "seat": seat, "tile": tile}]
        if kind == "pass":
            self.passes += 1
            self.end_turn(seat)
            return [{"type": "pass", "seat": seat}]
        hand.remove(move["tile"])
        self.table.append(move["tile"])
        events = [{"type": "discard", "seat": seat, "tile": move["tile"]}]
        if self.phase == "taken" and self.opts["turn"] == "take-and-draw":
            self.phase = "draw-due"
            return events
        if self.phase == "opening" and self.opts["opening"] == "discard-draw-discard":
            self.phase = "opening-draw"
            return events
        self.passes = 0
        self.end_turn(seat)
        return events

    def end_turn(self, seat: int) -> None:
        """The turn is over: the game ends (the stock out, three dead rounds, a round of passes) or passes on."""
        self.took_last[seat] = self.taken is not None
        self.dead = 0 if self.drew else self.dead + 1
        over = None
        if (not self.stock and self.opts["stock-out"] == "end") or self.passes >= self.n:
            over = "stock-exhausted"
        elif (
            self.opts["turn"] == "take-or-draw"
            and self.opts["termination"] == "three-dead-rounds"
            and self.dead >= 3 * self.n
        ):
            over = "dead-rounds"
        if over is not None:
            self.result = {"winner": None, "reason": over, "turns": self.turns, "settlement": [0] * self.n}
            return
        self.current = (seat + 1) % self.n
        self.turns += 1
        self.phase, self.taken, self.drawn, self.drew = "start", None, None, False

    def state(self) -> dict[str, Any]:
        over = self.result is not None
        return {
            "current_player": None if over else self.current,
            "terminal": over,
            "hands": [sorted(h) for h in self.hands],
            "table": list(self.table),
            "stock_size": len(self.stock),
            "stock": list(self.stock),
            "scores": list(self.result["settlement"]) if self.result else [0] * self.n,
            "result": self.result,
        }


# ------------------------------------------------------------------- deal
def check_tiles(rules: Rules, tiles: list[str], what: str, sets: int) -> None:
    extra = Counter(tiles) - tens.tile_set(sets)
    unknown = [t for t in tiles if t not in tens.SET]
    if unknown:
        raise illegal(rules.rule(rules.set_rule), f"{what}: [{unknown[0]}] is not a tile")
    if extra:
        raise illegal(rules.rule(rules.set_rule), f"{what} holds more [{next(iter(extra))}] than {sets} set(s)")


def cut(
    rules: Rules, order: list[str], dice: Any, opts: dict[str, str], given: Any, n: int, sets: int
) -> tuple[list[list[str]], list[str], int]:
    """The deal of an order: the hands (the game's wall, or the boneyard) and the stock; the first seat.

    Under first-player=previous-winner the first seat is the one the deal gives, and the hands are dealt from
    seat 0 whoever plays first. The boneyard: the first player draws one tile more than a hand (a hand, under
    opening=draw), every other player a hand, anticlockwise; the rest is the stock.
    """
    if sorted(order) != sorted(tens.tile_set(sets).elements()):
        raise illegal(rules.rule(rules.set_rule), f"the order is not the tiles of {sets} set(s)")
    if opts["first-player"] != "dice" and dice is not None:  # only first-player=dice throws them
        raise illegal(rules.rule("deal.first-player"), f"option first-player={opts['first-player']} throws no dice")
    if opts["first-player"] == "seat-0":
        first = dealer = 0
    elif opts["first-player"] == "previous-winner":
        first, dealer = (given if isinstance(given, int) and 0 <= given < n else 0), 0
    elif not isinstance(dice, list) or len(dice) != 4:
        raise illegal(rules.rule("deal.first-player"), "four dice choose the first player")
    else:
        first = dealer = sum(dice) % n
    if opts["deal"] != "boneyard":
        return (*rules.wall(order, dealer, n, sets, opts), first)
    draw = opts["opening"] == "draw"
    hands: list[list[str]] = [[] for _ in range(n)]
    at = 0
    for k in range(n):
        size = rules.hand if (k or draw) else rules.hand + 1
        hands[(dealer + k) % n], at = order[at : at + size], at + size
    return hands, order[at:], first


def new_game(rules: Rules, request: dict[str, Any]) -> Game:
    opts = options_of(rules, request)
    rule = rules.rule
    if opts["stock-out"] == "play-on" and opts["turn"] == "take-and-draw":
        raise illegal(rule("end.stock"), "stock-out=play-on goes only with the one-tile turn (turn=take-or-draw)")
    if opts["first-player"] == "previous-winner" and opts["opening"] != "draw":  # the refusals page's new_game table
        raise illegal(rule("deal.first-player"), "first-player=previous-winner: it goes with opening=draw")
    n, sets = rules.equipment(request["players"], request["sets"], opts)
    deal = request["deal"]
    if deal is None:
        order = list(tens.tile_set(sets).elements())
        random.shuffle(order)
        deal = {
            "order": order,
            "dice": [random.randint(1, 6) for _ in range(4)] if opts["first-player"] == "dice" else None,
        }
    if "order" in deal:
        hands, stock, first = cut(rules, list(deal["order"]), deal.get("dice"), opts, deal.get("first_player"), n, sets)
        if deal.get("first_player") is not None and deal["first_player"] != first:
            raise illegal(rule("deal.first-player"), f"the dice choose seat {first}")
        method = rule("deal.boneyard" if opts["deal"] == "boneyard" else "deal.wall")  # the rule that fixes them
        if deal.get("hands") is not None and [Counter(h) for h in deal["hands"]] != [Counter(h) for h in hands]:
            raise illegal(method, "the hands are not the deal's")
        if deal.get("stock") is not None and list(deal["stock"]) != stock:
            raise illegal(
                rule("deal.boneyard" if opts["deal"] == "boneyard" else "deal.draw-order"),
                "the stock is not the deal's",
            )
        return Game(rules, hands, stock, first, opts)
    hands = [list(h) for h in deal["hands"]]
    stock, first = list(deal.get("stock") or []), deal.get("first_player", 0)
    if len(hands) != n or not isinstance(first, int) or not 0 <= first < n:
        raise illegal(rule("equipment.players"), f"{n} hands, seats 0 to {n - 1}")
    check_tiles(rules, [*(t for h in hands for t in h), *stock], "the deal", sets)
    first_size = rules.hand if opts["opening"] == "draw" else rules.hand + 1
    if any(len(h) != (first_size if seat == first else rules.hand) for seat, h in enumerate(hands)):
        method = rule("deal.boneyard" if opts["deal"] == "boneyard" else "deal.wall")  # the deal's rule (refusals page)
        raise illegal(method, f"the first player holds {first_size} tiles, the others {rules.hand}")
    return Game(rules, hands, stock, first, opts)


# ----------------------------------------------------------- capabilities
def read_tile(text: str) -> str:
    """The tile a text writes (either end first, ``-``, ``:`` or ``/``, brackets or none), or ``illegal``."""
    inner = text.strip()
    if inner.startswith("[") and inner.endswith("]"):
        inner = inner[1:-1]
    ends = [e.strip() for e in inner.replace(":", "-").replace("/", "-").split("-")]
    if len(ends) != 2 or not all(e in ("1", "2", "3", "4", "5", "6") for e in ends):
        raise illegal(None, f"{text!r} is not a tile")
    face = "-".join(sorted(ends, reverse=True))
    if face not in tens.SET:
        raise illegal(None, f"{text!r} is not a tile of the set")
    return face


def options_of(rules: Rules, request: dict[str, Any]) -> dict[str, str]:
    """The request's options, every option left out at culin's value; one this engine does not play: unsupported."""
    if request.get("game") != rules.game:
        raise RefusedError("unsupported", f"this engine plays {rules.game} only")
    opts = {**rules.culin, **request.get("options", {})}
    for key, value in opts.items():
        if value not in rules.supported.get(key, ()):
            raise RefusedError("unsupported", f"this engine does not play {key}={value}")
    return opts


def capability(rules: Rules, request: dict[str, Any]) -> dict[str, Any]:
    cmd = request["cmd"]
    if cmd == "describe":
        if request["sets"] < 1:
            raise illegal(None, "a tile set is one set or more")
        tiles = [
            {"tile": t, "series": "civil" if t in tens.CIVIL else "military", "spots": tens.count(t, 6), "copies": n}
            for t, n in ((t, tens.SET[t] * request["sets"]) for t in [*tens.CIVIL, *tens.MILITARY])
        ]
        return {"tiles": tiles}
    if cmd == "read_tile":
        return {"tile": read_tile(request["text"])}
    opts = options_of(rules, request)
    four_two, civil_eye = int(opts["four-two-value"]), opts["eye"] == "civil"
    if cmd == "tile_value":  # what the tile counts in making this game's pairs (protocol page, tile_value)
        return {"value": tens.count(request["tile"], tens.TABLE_FOUR_TWO.get(opts["pair-set"], four_two))}
    if cmd == "pair":
        a, b = request["tiles"]
        ten = tens.ten_pair(a, b, four_two, opts["pair-set"])
        return {"ten_pair": ten, "eye": a == b and (a in tens.CIVIL or not civil_eye)}
    # evaluate_hand
    players = request.get("players") if request.get("players") is not None else rules.default_players
    _n, sets = rules.equipment(players, request.get("sets"), opts)
    hand = [read_tile(t) for t in request["hand"]]
    if len(hand) > rules.hand + 1:
        raise illegal(None, f"a hand holds at most {rules.hand + 1} tiles, not {len(hand)}")
    check_tiles(rules, hand, "the hand", sets)
    splits: list[dict[str, Any]] = []
    if len(hand) == rules.hand + 1:
        for face, n in sorted(Counter(hand).items()):
            if n >= 2 and (face in tens.CIVIL or not civil_eye):
                rest = list(hand)
                rest.remove(face)
                rest.remove(face)
                found = {
                    tuple(sorted(tuple(sorted(p)) for p in pairs))
                    for pairs in tens.pairings(sorted(rest), four_two, opts["pair-set"])
                }
                splits.extend({"eye": [face, face], "pairs": [list(p) for p in pairs]} for pairs in sorted(found))
    evaluation: dict[str, Any] = {"winning": bool(splits), "splits": splits}
    if rules.distance:
        evaluation["distance"] = tens.distance(hand, rules.hand + 1, four_two, civil_eye, opts["pair-set"], sets)
    return evaluation


# --------------------------------------------------------------- protocol
class Engine:
    """One engine process's state: the rules it plays and the game in hand (None before new_game)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game: Game | None = None

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        rules, cmd = self.rules, request.get("cmd")
        if cmd in rules.capabilities:
            return capability(rules, request)
        if cmd == "start":
            if request.get("protocol") != 1:
                raise RefusedError("unsupported", "this engine speaks protocol 1")
            low, high = rules.players
            games = {rules.game: {"options": dict(rules.supported), "players": {"min": low, "max": high}}}
            engine_info = {"name": rules.name, "version": "1"}
            return {"protocol": 1, "engine": engine_info, "games": games, "capabilities": rules.capabilities}
        if cmd == "stop":
            return {}
        if cmd == "new_game":
            self.game = None
            self.game = new_game(rules, request)
            return {}
        if cmd not in ("legal_actions", "check", "apply", "state"):
            raise RefusedError("unsupported", f"no command {cmd}")
        if self.game is None:
            raise RefusedError("error", f"{cmd} before new_game")
        if cmd == "legal_actions":
            return {"actions": self.game.legal()}
        if cmd == "state":
            return {"state": self.game.state()}
        if cmd == "check":
            self.game.refusal(request["action"])
            return {}
        return {"events": self.game.apply(request["action"])}


def main(rules: Rules) -> int:
    """Serve the protocol on stdin and stdout, one request a line, until stop or the end of input."""
    engine = Engine(rules)
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            print(json.dumps({"id": None, "answer": "error", "message": "not JSON"}), flush=True)
            continue
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            doc = {"id": rid, "answer": "ok", **engine.answer(request)}
        except RefusedError as refused:
            doc = {"id": rid, "answer": refused.answer, "message": refused.message}
            if refused.rule:
                doc["rule"] = refused.rule
        except (KeyError, TypeError, ValueError) as error:
            doc = {"id": rid, "answer": "error", "message": f"bad request: {error}"}
        print(json.dumps(doc), flush=True)
        if request.get("cmd") == "stop":
            return 0
    return 0
