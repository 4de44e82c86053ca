"""A literal engine: Kap Shap, written from the pages alone.

Written only from docs/engine/protocol.md, docs/engine/log-format.md,
docs/engine/refusals.md and the Kap Shap rules and options pages (the rule
texts of spec/games/kap-shap.yaml), importing nothing from gupai: the check
that the pages are enough for an engine author. It plays Kap Shap (two
players, one set) under every reading of every option, and answers every
optional command (distance included).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

GAME = "kap-shap"

#: The culin preset's value of every option (the options page), each the only one this engine plays.
CULIN = {
    "four-two-value": "3",
    "pair-set": "arithmetic",
    "eye": "identical",
    "take": "any",
    "turn": "take-and-draw",
    "drawn-tile": "keep",
    "opening": "discard",
    "deal": "wall",
    "wall-draw": "bottom",
    "first-player": "dice",
    "discard-taken": "forbidden",
    "declare": "mandatory",
    "termination": "three-dead-rounds",
    "stock-out": "end",
}

#: The values of each option this engine plays: culin's, and the readings that are a line or two each.
SUPPORTED = {
    **{key: [value] for key, value in CULIN.items()},
    "four-two-value": ["3", "6"],
    "eye": ["identical", "civil"],
    "take": ["any", "latest"],
    "deal": ["wall", "boneyard"],
    "wall-draw": ["bottom", "top"],
    "first-player": ["dice", "seat-0", "previous-winner"],
    "discard-taken": ["forbidden", "allowed"],
    "drawn-tile": ["keep", "discard-unless-win"],
    "declare": ["mandatory", "optional"],
    "opening": ["discard", "discard-draw-discard", "draw"],
    "turn": ["take-and-draw", "take-or-draw"],
    "termination": ["three-dead-rounds", "no-consecutive-takes", "none"],
    "stock-out": ["end", "play-on"],
    "pair-set": ["arithmetic", "printed", "celko-table"],
}

#: The twenties no printed table prints (option pair-set=printed leaves them out).
UNPRINTED = {("5-5", "6-4"), ("6-5", "6-3"), ("6-5", "5-4")}
#: Celko's table, exactly (pair-set=celko-table), whatever [4-2] counts.
CELKO = {
    ("6-6", "6-2"), ("6-6", "5-3"), ("6-6", "4-4"), ("6-4", "6-4"), ("5-5", "5-5"),
    ("6-2", "1-1"), ("5-3", "1-1"), ("5-2", "2-1"), ("4-4", "1-1"), ("4-2", "3-1"),
    ("4-2", "2-2"), ("4-3", "2-1"), ("3-3", "3-1"), ("3-3", "2-2"),
}  # fmt: skip

CIVIL = ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
MILITARY = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1", "3-2", "4-2", "2-1"]
SET = Counter({**{t: 2 for t in CIVIL}, **{t: 1 for t in MILITARY}})
HAND = 7  # the hand size; a win needs 8


class RefusedError(Exception):
    def __init__(self, answer: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.answer, self.message, self.rule = answer, message, rule


def illegal(rule: str | None, message: str) -> RefusedError:
    return RefusedError("illegal", message, rule)


# ------------------------------------------------------------------ hands
def count(tile: str, four_two: int = 3) -> int:
    """What a tile counts toward tens: its spots, [4-2] 3 (or, to name another reading, 6)."""
    if tile == "4-2":
        return four_two
    high, low = tile.split("-")
    return int(high) + int(low)


#: What [4-2] counts in a printed table's pairs: the table's pairs are the ones it prints (pagat's with
#: [4-2] at 3, Celko's with [4-2] at 6), whatever four-two-value says (the options page, pair-set).
TABLE_FOUR_TWO = {"printed": 3, "celko-table": 6}


def ten_pair(a: str, b: str, four_two: int = 3, pair_set: str = "arithmetic") -> bool:
    if pair_set == "celko-table":
        return (a, b) in CELKO or (b, a) in CELKO
    if pair_set == "printed" and ((a, b) in UNPRINTED or (b, a) in UNPRINTED):
        return False
    four_two = TABLE_FOUR_TWO.get(pair_set, four_two)
    return (count(a, four_two) + count(b, four_two)) % 10 == 0


def pairings(tiles: list[str], four_two: int = 3, pair_set: str = "arithmetic") -> list[list[list[str]]]:
    """Every way to split ``tiles`` into ten-pairs."""
    if not tiles:
        return [[]]
    first, rest = tiles[0], tiles[1:]
    found = []
    tried = set()
    for i, other in enumerate(rest):
        if other in tried or not ten_pair(first, other, four_two, pair_set):
            continue
        tried.add(other)
        for more in pairings(rest[:i] + rest[i + 1 :], four_two, pair_set):
            found.append([[first, other], *more])
    return found


def winning_split(
    hand: list[str], four_two: int = 3, civil_eye: bool = False, pair_set: str = "arithmetic"
) -> dict[str, Any] | None:
    """A split of an eight-tile hand into an eye and three ten-pairs, or None."""
    if len(hand) != HAND + 1:
        return None
    for face, n in sorted(Counter(hand).items()):
        if n >= 2 and (face in CIVIL or not civil_eye):
            rest = list(hand)
            rest.remove(face)
            rest.remove(face)
            for pairs in pairings(sorted(rest), four_two, pair_set):
                return {"eye": [face, face], "pairs": pairs}
    return None


def check_split(seat: int, hand: list[str], split: Any, four_two: int, pair_set: str, civil_eye: bool) -> None:
    """Refuse a declared split that is not a winning split of the hand (the rule of the part that is wrong)."""
    if not isinstance(split, dict) or "eye" not in split or "pairs" not in split:
        raise illegal("ks.declare.valid", "a split shows an eye and pairs")
    eye, pairs = split["eye"], split["pairs"]
    shown = [*eye, *(t for p in pairs for t in p)]
    if Counter(shown) != Counter(hand) or len(eye) != 2 or any(len(p) != 2 for p in pairs):
        raise illegal("ks.declare.valid", f"seat {seat}'s split is not its hand")
    if eye[0] != eye[1] or (civil_eye and eye[0] not in CIVIL):
        raise illegal("ks.eye", f"seat {seat}'s eye {eye} is not two identical (civil, under eye=civil) tiles")
    for a, b in pairs:
        if not ten_pair(a, b, four_two, pair_set):
            if "4-2" in (a, b) and ten_pair(a, b, 9 - four_two, pair_set):
                raise illegal("ks.tiles.four-two", f"[{a}]+[{b}] makes ten only if [4-2] counts {9 - four_two}")
            raise illegal("ks.pair.ten", f"[{a}]+[{b}] is no ten-pair")


# ------------------------------------------------------------------- game
class Game:
    def __init__(self, hands: list[list[str]], stock: list[str], first: int, opts: dict[str, str]) -> None:
        self.opts = opts
        self.four_two = int(opts["four-two-value"])
        self.drawn: str | None = None
        self.dead = 0  # turns in a row without a draw from the stock (passes included)
        self.passes = 0  # passes in a row
        self.took_last = [False, False]  # whether each seat took a discard on its previous turn
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
        return winning_split(hand, counted, (eye or self.opts["eye"]) == "civil", pairs) is not None

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
        kind, seat = move.get("type"), move.get("seat")
        if self.result is not None:
            ended = {"declared": "ks.end.win", "dead-rounds": "ks.end.termination"}.get(
                self.result["reason"], "ks.end.stock"
            )
            raise illegal(ended, f"seat {seat} cannot {kind}: the game is over ({self.result['reason']})")
        if seat != self.current:
            raise illegal("ks.turn.order", f"seat {seat} moved, but it is seat {self.current}'s turn")
        hand = self.hands[seat]
        wins = self.wins(hand)
        if kind == "declare":
            if len(hand) != HAND + 1:
                raise illegal("ks.declare", f"seat {seat} declared holding {len(hand)} tiles: a win needs 8")
            if "decomposition" in move:
                check_split(
                    seat, hand, move["decomposition"], self.four_two, self.opts["pair-set"], self.opts["eye"] == "civil"
                )
            if "hand" in move and Counter(move["hand"]) != Counter(hand):
                raise illegal("ks.declare.valid", f"seat {seat} does not hold the hand shown")
            if not wins:  # a hand that would win under another reading names that reading's rule (refusals page)
                if self.wins(hand, 9 - self.four_two):
                    raise illegal("ks.tiles.four-two", f"seat {seat}'s hand wins only with the other count of [4-2]")
                other = "arithmetic" if self.opts["pair-set"] == "printed" else "printed"
                if self.wins(hand, pair_set=other):
                    raise illegal("ks.pair.ten", f"seat {seat}'s hand wins only under pair-set={other}")
                if self.opts["eye"] == "civil" and self.wins(hand, eye="identical"):
                    raise illegal("ks.eye", f"seat {seat}'s hand wins only with a military eye")
                raise illegal("ks.declare.valid", f"seat {seat}'s hand is not an eye and three ten-pairs")
            return
        if self.phase == "opening":
            if kind != "discard":
                raise illegal(
                    "ks.opening", f"seat {seat} opens holding 8 tiles: the opening turn starts with a discard"
                )
        elif self.phase == "opening-draw":
            if kind != "draw":
                raise illegal("ks.opening", f"seat {seat} must draw after the opening discard")
        elif self.phase == "start":
            if kind == "discard":  # the first turn under opening=draw is the opening's (the refusals page)
                rule = "ks.opening" if self.turns == 1 and self.opts["opening"] == "draw" else "ks.turn.discard"
                raise illegal(rule, f"seat {seat} must first take a discard or draw")
            if kind == "take" and move.get("tile") not in self.table:
                raise illegal("ks.turn.take", f"seat {seat} took [{move.get('tile')}], which is not on the table")
            if kind == "take" and self.opts["take"] == "latest" and move.get("tile") != self.table[-1]:
                raise illegal("ks.turn.take", f"only the latest discard [{self.table[-1]}] may be taken")
            if kind == "take" and self.must_not_take(seat):
                raise illegal("ks.end.termination", f"seat {seat} took last turn: this turn must draw")
            if kind == "pass" and not self.stock:
                return
        elif self.phase in ("taken", "drawn"):
            if kind == "draw":
                raise illegal("ks.turn.discard", f"seat {seat} drew holding 8 tiles: a discard (or a win) comes first")
            if kind == "take":
                raise illegal("ks.turn.take", f"seat {seat} took holding 8 tiles: discard first")
        elif self.phase == "draw-due":
            if kind == "take":
                raise illegal("ks.turn.shape", f"seat {seat} must draw now")
            if kind == "discard":
                raise illegal("ks.turn.discard", f"seat {seat} must first draw")
        if kind == "discard":
            if wins and self.opts["declare"] == "mandatory":
                raise illegal("ks.declare", f"seat {seat} holds a winning hand and must declare it")
            tile = move.get("tile")
            if tile not in hand:
                raise illegal("ks.turn.discard", f"seat {seat} does not hold [{tile}]")
            if tile not in self.discards(seat):
                rule = "ks.turn.draw" if self.phase == "drawn" else "ks.turn.discard"
                raise illegal(rule, f"seat {seat} may not discard [{tile}] now")
        elif kind == "draw":
            if not self.stock:
                raise illegal("ks.end.stock", "the stock is empty")
            if "tile" in move and move["tile"] != self.stock[0]:
                raise illegal("ks.deal.draw-order", f"the next tile of the stock is [{self.stock[0]}]")
        elif kind == "pass":
            raise illegal(
                "ks.end.stock", "a pass only at the start of a turn, the stock empty, under stock-out=play-on"
            )
        elif kind != "take":
            raise illegal(None, f"no move {kind}")

    def apply(self, move: dict[str, Any]) -> list[dict[str, Any]]:
        self.refusal(move)
        kind, seat = move["type"], move["seat"]
        hand = self.hands[seat]
        if kind == "declare":
            civil = self.opts["eye"] == "civil"
            split = move.get("decomposition") or winning_split(hand, self.four_two, civil, self.opts["pair-set"])
            event = {"type": "declare", "seat": seat, "hand": sorted(hand), "decomposition": split}
            settlement = [1 if s == seat else -1 for s in range(2)]
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
        if (not self.stock and self.opts["stock-out"] == "end") or self.passes >= 2:
            over = "stock-exhausted"
        elif self.opts["turn"] == "take-or-draw" and self.opts["termination"] == "three-dead-rounds" and self.dead >= 6:
            over = "dead-rounds"
        if over is not None:
            self.result = {"winner": None, "reason": over, "turns": self.turns, "settlement": [0, 0]}
            return
        self.current = 1 - seat
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
            "scores": list(self.result["settlement"]) if self.result else [0, 0],
            "result": self.result,
        }


# ------------------------------------------------------------------- deal
def check_tiles(tiles: list[str], what: str) -> None:
    extra = Counter(tiles) - SET
    unknown = [t for t in tiles if t not in SET]
    if unknown:
        raise illegal("ks.equipment.set", f"{what}: [{unknown[0]}] is not a tile")
    if extra:
        raise illegal("ks.equipment.set", f"{what} holds more [{next(iter(extra))}] than one set")


def cut(order: list[str], dice: Any, opts: dict[str, str], given: Any) -> tuple[list[list[str]], list[str], int]:
    """The wall (piles of four, bottom first; the first player two piles, the other seven tiles) or the boneyard.

    Under opening=draw every player is dealt seven: the first player leaves the top tile of its second pile
    (the first of the stock), or draws seven from the boneyard. Under first-player=previous-winner the first
    seat is the one the deal gives, and the hands are dealt from seat 0 whoever plays first.
    """
    if sorted(order) != sorted(SET.elements()):
        raise illegal("ks.equipment.set", "the order is not the 32 tiles of one set")
    if opts["first-player"] == "seat-0":
        first = dealer = 0
    elif opts["first-player"] == "previous-winner":
        first, dealer = (given if given in (0, 1) else 0), 0
    elif not isinstance(dice, list) or len(dice) != 4:
        raise illegal("ks.deal.first-player", "four dice choose the first player")
    else:
        first = dealer = sum(dice) % 2
    draw = opts["opening"] == "draw"
    hands: list[list[str]] = [[], []]
    if opts["deal"] == "boneyard":  # the first player draws eight (seven), the other seven, the rest is the stock
        size = HAND if draw else HAND + 1
        hands[dealer], hands[1 - dealer] = order[0:size], order[size : size + HAND]
        return hands, order[size + HAND :], first
    hands[dealer] = order[0:7] if draw else order[0:8]
    hands[1 - dealer] = order[8:12] + order[13:16]
    piles = [order[i : i + 4] for i in range(16, 32, 4)]
    if opts["wall-draw"] == "top":
        piles = [pile[::-1] for pile in piles]
    kept = [order[7]] if draw else []  # opening=draw: the top of the first player's second pile stays in the wall
    return hands, [*kept, order[12], *(tile for pile in piles for tile in pile)], first


def new_game(request: dict[str, Any]) -> Game:
    if request["game"] != GAME:
        raise RefusedError("unsupported", f"this engine plays {GAME} only")
    opts = options_of(request)
    if opts["stock-out"] == "play-on" and opts["turn"] == "take-and-draw":
        raise illegal("ks.end.stock", "stock-out=play-on goes only with the one-tile turn (turn=take-or-draw)")
    if request["players"] != 2:
        raise illegal("ks.equipment.players", f"Kap Shap takes 2 players, not {request['players']}")
    if request["sets"] not in (None, 1):
        raise illegal("ks.equipment.set", f"Kap Shap is played with one set, not {request['sets']}")
    deal = request["deal"]
    if deal is None:
        order = list(SET.elements())
        random.shuffle(order)
        deal = {"order": order, "dice": [random.randint(1, 6) for _ in range(4)]}
    if "order" in deal:
        hands, stock, first = cut(list(deal["order"]), deal.get("dice"), opts, deal.get("first_player"))
        if deal.get("first_player") is not None and deal["first_player"] != first:
            raise illegal("ks.deal.first-player", f"the dice choose seat {first}")
        method = "ks.deal.boneyard" if opts["deal"] == "boneyard" else "ks.deal.wall"  # the rule that fixes them
        if deal.get("hands") is not None and [Counter(h) for h in deal["hands"]] != [Counter(h) for h in hands]:
            raise illegal(method, "the hands are not the deal's")
        if deal.get("stock") is not None and list(deal["stock"]) != stock:
            rule = "ks.deal.boneyard" if opts["deal"] == "boneyard" else "ks.deal.draw-order"
            raise illegal(rule, "the stock is not the deal's")
        return Game(hands, stock, first, opts)
    hands = [list(h) for h in deal["hands"]]
    stock, first = list(deal.get("stock") or []), deal.get("first_player", 0)
    if len(hands) != 2 or first not in (0, 1):
        raise illegal("ks.equipment.players", "two hands, seats 0 and 1")
    check_tiles([*hands[0], *hands[1], *stock], "the deal")
    first_size = HAND if opts["opening"] == "draw" else HAND + 1
    if len(hands[first]) != first_size or len(hands[1 - first]) != HAND:
        raise illegal("ks.deal.method", f"the first player holds {first_size} tiles, the other 7")
    return Game(hands, stock, first, opts)


# ----------------------------------------------------------- capabilities
CAPABILITIES = ["describe", "read_tile", "tile_value", "pair", "evaluate_hand", "distance"]


def winning_hands(four_two: int, civil_eye: bool, pair_set: str) -> list[Counter[str]]:
    """Every winning hand one set can hold: an eye and three ten-pairs, as multisets."""
    kinds = sorted(SET)
    pairs = [(a, b) for i, a in enumerate(kinds) for b in kinds[i:] if ten_pair(a, b, four_two, pair_set)]
    hands = []
    for eye in kinds:
        if SET[eye] < 2 or (civil_eye and eye not in CIVIL):
            continue
        for i, p in enumerate(pairs):
            for j in range(i, len(pairs)):
                for k in range(j, len(pairs)):
                    hand = Counter([eye, eye, *p, *pairs[j], *pairs[k]])
                    if not hand - SET:
                        hands.append(hand)
    return hands


def distance(hand: list[str], four_two: int, civil_eye: bool, pair_set: str) -> int:
    """The fewest tiles to change for a winning hand: eight less the most tiles a winning hand shares with it."""
    held = Counter(hand)
    best = max(sum((held & win).values()) for win in winning_hands(four_two, civil_eye, pair_set))
    return HAND + 1 - best


def read_tile(text: str) -> str:
    """The tile a text writes (either end first, ``-``, ``:`` or ``/``, brackets or none), or ``illegal``."""
    inner = text.strip()
    if inner.startswith("[") and inner.endswith("]"):
        inner = inner[1:-1]
    ends = [e.strip() for e in inner.replace(":", "-").replace("/", "-").split("-")]
    if len(ends) != 2 or not all(e in ("1", "2", "3", "4", "5", "6") for e in ends):
        raise illegal(None, f"{text!r} is not a tile")
    face = "-".join(sorted(ends, reverse=True))
    if face not in SET:
        raise illegal(None, f"{text!r} is not a tile of the set")
    return face


def options_of(request: dict[str, Any]) -> dict[str, str]:
    """The request's options, every option left out at culin's value; one this engine does not play: unsupported."""
    if request.get("game") != GAME:
        raise RefusedError("unsupported", f"this engine plays {GAME} only")
    opts = {**CULIN, **request.get("options", {})}
    for key, value in opts.items():
        if value not in SUPPORTED.get(key, ()):
            raise RefusedError("unsupported", f"this engine does not play {key}={value}")
    return opts


def capability(request: dict[str, Any]) -> dict[str, Any]:
    cmd = request["cmd"]
    if cmd == "describe":
        if request["sets"] < 1:
            raise illegal(None, "a tile set is one set or more")
        tiles = [
            {"tile": t, "series": "civil" if t in CIVIL else "military", "spots": count(t, 6), "copies": n}
            for t, n in ((t, SET[t] * request["sets"]) for t in [*CIVIL, *MILITARY])
        ]
        return {"tiles": tiles}
    if cmd == "read_tile":
        return {"tile": read_tile(request["text"])}
    opts = options_of(request)
    four_two, civil_eye = int(opts["four-two-value"]), opts["eye"] == "civil"
    if cmd == "tile_value":  # what the tile counts in making this game's pairs (protocol page, tile_value)
        return {"value": count(request["tile"], TABLE_FOUR_TWO.get(opts["pair-set"], four_two))}
    if cmd == "pair":
        a, b = request["tiles"]
        ten = ten_pair(a, b, four_two, opts["pair-set"])
        return {"ten_pair": ten, "eye": a == b and (a in CIVIL or not civil_eye)}
    # evaluate_hand
    if request.get("players") not in (None, 2):
        raise illegal("ks.equipment.players", f"Kap Shap takes 2 players, not {request['players']}")
    if request.get("sets") not in (None, 1):
        raise illegal("ks.equipment.set", f"Kap Shap is played with one set, not {request['sets']}")
    hand = [read_tile(t) for t in request["hand"]]
    if len(hand) > HAND + 1:
        raise illegal(None, f"a hand holds at most {HAND + 1} tiles, not {len(hand)}")
    check_tiles(hand, "the hand")
    splits: list[dict[str, Any]] = []
    if len(hand) == HAND + 1:
        for face, n in sorted(Counter(hand).items()):
            if n >= 2 and (face in CIVIL or not civil_eye):
                rest = list(hand)
                rest.remove(face)
                rest.remove(face)
                found = {
                    tuple(sorted(tuple(sorted(p)) for p in pairs))
                    for pairs in pairings(sorted(rest), four_two, opts["pair-set"])
                }
                splits.extend({"eye": [face, face], "pairs": [list(p) for p in pairs]} for pairs in sorted(found))
    return {
        "winning": bool(splits),
        "splits": splits,
        "distance": distance(hand, four_two, civil_eye, opts["pair-set"]),
    }


# --------------------------------------------------------------- protocol
def answer(engine: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    cmd = request.get("cmd")
    if cmd in CAPABILITIES:
        return capability(request)
    if cmd == "start":
        if request.get("protocol") != 1:
            raise RefusedError("unsupported", "this engine speaks protocol 1")
        games = {GAME: {"options": SUPPORTED, "players": {"min": 2, "max": 2}}}
        engine_info = {"name": "literal-kap-shap", "version": "1"}
        return {"protocol": 1, "engine": engine_info, "games": games, "capabilities": CAPABILITIES}
    if cmd == "stop":
        return {}
    if cmd == "new_game":
        engine["game"] = None
        engine["game"] = new_game(request)
        return {}
    game: Game | None = engine.get("game")
    if cmd not in ("legal_actions", "check", "apply", "state"):
        raise RefusedError("unsupported", f"no command {cmd}")
    if game is None:
        raise RefusedError("error", f"{cmd} before new_game")
    if cmd == "legal_actions":
        return {"actions": game.legal()}
    if cmd == "state":
        return {"state": game.state()}
    if cmd == "check":
        game.refusal(request["action"])
        return {}
    return {"events": game.apply(request["action"])}


def main() -> int:
    engine: dict[str, Any] = {}
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            print(json.dumps({"id": None, "answer": "error", "message": "not JSON"}), flush=True)
            continue
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            doc = {"id": rid, "answer": "ok", **answer(engine, request)}
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


if __name__ == "__main__":
    raise SystemExit(main())
