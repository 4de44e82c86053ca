"""A literal engine: Kap Tai Shap, written from the pages alone.

Written only from docs/engine/protocol.md, docs/engine/log-format.md,
docs/engine/refusals.md and the Kap Tai Shap rules and options pages (the
rule texts of spec/games/kap-tai-shap.yaml), importing nothing from gupai:
the check that the pages are enough for an engine author. It plays Kap Tai
Shap (two to forty players, one set or more, the wall five high with its
moved tiles) under every reading of every option, and answers every optional
command but distance.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

GAME = "kap-tai-shap"

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
    "sets-rule": "two-per-five",
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
    "sets-rule": ["two-per-five", "fewest"],
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
HAND = 9  # the hand size; a win needs 10


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
        raise illegal("kts.declare.valid", "a split shows an eye and pairs")
    eye, pairs = split["eye"], split["pairs"]
    shown = [*eye, *(t for p in pairs for t in p)]
    if Counter(shown) != Counter(hand) or len(eye) != 2 or any(len(p) != 2 for p in pairs):
        raise illegal("kts.declare.valid", f"seat {seat}'s split is not its hand")
    if eye[0] != eye[1] or (civil_eye and eye[0] not in CIVIL):
        raise illegal("kts.eye", f"seat {seat}'s eye {eye} is not two identical (civil, under eye=civil) tiles")
    for a, b in pairs:
        if not ten_pair(a, b, four_two, pair_set):
            if "4-2" in (a, b) and ten_pair(a, b, 9 - four_two, pair_set):
                raise illegal("kts.tiles.four-two", f"[{a}]+[{b}] makes ten only if [4-2] counts {9 - four_two}")
            raise illegal("kts.pair.ten", f"[{a}]+[{b}] is no ten-pair")


# ------------------------------------------------------------------- game
class Game:
    def __init__(self, hands: list[list[str]], stock: list[str], first: int, opts: dict[str, str]) -> None:
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
            ended = {"declared": "kts.end.win", "dead-rounds": "kts.end.termination"}.get(
                self.result["reason"], "kts.end.stock"
            )
            raise illegal(ended, f"seat {seat} cannot {kind}: the game is over ({self.result['reason']})")
        if seat != self.current:
            raise illegal("kts.turn.order", f"seat {seat} moved, but it is seat {self.current}'s turn")
        hand = self.hands[seat]
        wins = self.wins(hand)
        if kind == "declare":
            if len(hand) != HAND + 1:
                raise illegal("kts.declare", f"seat {seat} declared holding {len(hand)} tiles: a win needs 8")
            if "decomposition" in move:
                check_split(
                    seat, hand, move["decomposition"], self.four_two, self.opts["pair-set"], self.opts["eye"] == "civil"
                )
            if "hand" in move and Counter(move["hand"]) != Counter(hand):
                raise illegal("kts.declare.valid", f"seat {seat} does not hold the hand shown")
            if not wins:  # a hand that would win under another reading names that reading's rule (refusals page)
                if self.wins(hand, 9 - self.four_two):
                    raise illegal("kts.tiles.four-two", f"seat {seat}'s hand wins only with the other count of [4-2]")
                other = "arithmetic" if self.opts["pair-set"] == "printed" else "printed"
                if self.wins(hand, pair_set=other):
                    raise illegal("kts.pair.ten", f"seat {seat}'s hand wins only under pair-set={other}")
                if self.opts["eye"] == "civil" and self.wins(hand, eye="identical"):
                    raise illegal("kts.eye", f"seat {seat}'s hand wins only with a military eye")
                raise illegal("kts.declare.valid", f"seat {seat}'s hand is not an eye and three ten-pairs")
            return
        if self.phase == "opening":
            if kind != "discard":
                raise illegal(
                    "kts.opening", f"seat {seat} opens holding 8 tiles: the opening turn starts with a discard"
                )
        elif self.phase == "opening-draw":
            if kind != "draw":
                raise illegal("kts.opening", f"seat {seat} must draw after the opening discard")
        elif self.phase == "start":
            if kind == "discard":  # the first turn under opening=draw is the opening's (the refusals page)
                rule = "kts.opening" if self.turns == 1 and self.opts["opening"] == "draw" else "kts.turn.discard"
                raise illegal(rule, f"seat {seat} must first take a discard or draw")
            if kind == "take" and move.get("tile") not in self.table:
                raise illegal("kts.turn.take", f"seat {seat} took [{move.get('tile')}], which is not on the table")
            if kind == "take" and self.opts["take"] == "latest" and move.get("tile") != self.table[-1]:
                raise illegal("kts.turn.take", f"only the latest discard [{self.table[-1]}] may be taken")
            if kind == "take" and self.must_not_take(seat):
                raise illegal("kts.end.termination", f"seat {seat} took last turn: this turn must draw")
            if kind == "pass" and not self.stock:
                return
        elif self.phase in ("taken", "drawn"):
            if kind == "draw":
                raise illegal("kts.turn.discard", f"seat {seat} drew holding 8 tiles: a discard (or a win) comes first")
            if kind == "take":
                raise illegal("kts.turn.take", f"seat {seat} took holding 8 tiles: discard first")
        elif self.phase == "draw-due":
            if kind == "take":
                raise illegal("kts.turn.shape", f"seat {seat} must draw now")
            if kind == "discard":
                raise illegal("kts.turn.discard", f"seat {seat} must first draw")
        if kind == "discard":
            if wins and self.opts["declare"] == "mandatory":
                raise illegal("kts.declare", f"seat {seat} holds a winning hand and must declare it")
            tile = move.get("tile")
            if tile not in hand:
                raise illegal("kts.turn.discard", f"seat {seat} does not hold [{tile}]")
            if tile not in self.discards(seat):
                rule = "kts.turn.draw" if self.phase == "drawn" else "kts.turn.discard"
                raise illegal(rule, f"seat {seat} may not discard [{tile}] now")
        elif kind == "draw":
            if not self.stock:
                raise illegal("kts.end.stock", "the stock is empty")
            if "tile" in move and move["tile"] != self.stock[0]:
                raise illegal("kts.deal.draw-order", f"the next tile of the stock is [{self.stock[0]}]")
        elif kind == "pass":
            raise illegal(
                "kts.end.stock", "a pass only at the start of a turn, the stock empty, under stock-out=play-on"
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
def tile_set(sets: int) -> Counter[str]:
    return Counter({t: n * sets for t, n in SET.items()})


def check_tiles(tiles: list[str], what: str, sets: int) -> None:
    extra = Counter(tiles) - tile_set(sets)
    unknown = [t for t in tiles if t not in SET]
    if unknown:
        raise illegal("kts.equipment.sets", f"{what}: [{unknown[0]}] is not a tile")
    if extra:
        raise illegal("kts.equipment.sets", f"{what} holds more [{next(iter(extra))}] than {sets} set(s)")


def sets_for(players: int, rule: str) -> int:
    """How many sets n players use when none is given (option sets-rule)."""
    if rule == "two-per-five":
        return max(1, -(-2 * players // 5))
    sets = 1  # fewest: deal every hand from a wall (two full piles of five each) and leave a stock tile
    while 32 * sets < 9 * players + 2 or 32 * sets < 10 * players:
        sets += 1
    return sets


def equipment(players: Any, sets: Any, opts: dict[str, str]) -> tuple[int, int]:
    if not isinstance(players, int) or not 2 <= players <= 40:  # the rules page: 2 to 40 players
        raise illegal("kts.equipment.players", f"Kap Tai Shap takes 2 to 40 players, not {players}")
    count = sets if sets is not None else sets_for(players, opts["sets-rule"])
    if not isinstance(count, int) or count < 1:
        raise illegal("kts.equipment.sets", f"a game uses one set or more, not {count}")
    if 32 * count < 9 * players + 2:
        raise illegal(
            "kts.equipment.sets", f"{count} set(s) are too few to deal {9 * players + 1} tiles and leave a stock"
        )
    return players, count


def cut(
    order: list[str], dice: Any, opts: dict[str, str], given: Any, n: int, sets: int
) -> tuple[list[list[str]], list[str], int]:
    """The wall five high with its moved tiles, or the boneyard; the first seat."""
    if sorted(order) != sorted(tile_set(sets).elements()):
        raise illegal("kts.equipment.sets", f"the order is not the tiles of {sets} set(s)")
    if opts["first-player"] == "seat-0":
        first = dealer = 0
    elif opts["first-player"] == "previous-winner":
        first, dealer = (given if isinstance(given, int) and 0 <= given < n else 0), 0
    elif not isinstance(dice, list) or len(dice) != 4:
        raise illegal("kts.deal.first-player", "four dice choose the first player")
    else:
        first = dealer = sum(dice) % n
    draw = opts["opening"] == "draw"
    hands: list[list[str]] = [[] for _ in range(n)]
    seats = [(dealer + k) % n for k in range(n)]  # anticlockwise from the first player
    if opts["deal"] == "boneyard":  # the first player ten (nine under opening=draw), every other nine
        at = 0
        for k, seat in enumerate(seats):
            size = HAND if (k or draw) else HAND + 1
            hands[seat], at = order[at : at + size], at + size
        return hands, order[at:], first
    piles = [order[i : i + 5] for i in range(0, len(order), 5)]  # each pile from the bottom up
    if sum(1 for p in piles if len(p) == 5) < 2 * n:
        full = sum(1 for p in piles if len(p) == 5)
        raise illegal("kts.deal.wall", f"a wall of {len(order)} tiles has {full} full piles: too few for {n} players")
    moved: list[str] = []
    index = 2  # the top tile of the third pile, then of every second pile after it, until n-1 are moved
    while len(moved) < n - 1:
        moved.append(piles[index].pop())
        index += 2
    kept: list[str] = []
    for k, seat in enumerate(seats):
        first_pile, second_pile = piles[2 * k], piles[2 * k + 1]
        if k == 0 and draw:  # the first player leaves the top tile of its second pile: the first of the stock
            kept = [second_pile[-1]]
            second_pile = second_pile[:-1]
        hands[seat] = first_pile + second_pile
    rest = [*piles[2 * n :], moved]
    if opts["wall-draw"] == "top":
        rest = [pile[::-1] for pile in rest]
    return hands, [*kept, *(tile for pile in rest for tile in pile)], first


def new_game(request: dict[str, Any]) -> Game:
    if request["game"] != GAME:
        raise RefusedError("unsupported", f"this engine plays {GAME} only")
    opts = options_of(request)
    if opts["stock-out"] == "play-on" and opts["turn"] == "take-and-draw":
        raise illegal("kts.end.stock", "stock-out=play-on goes only with the one-tile turn (turn=take-or-draw)")
    n, sets = equipment(request["players"], request["sets"], opts)
    deal = request["deal"]
    if deal is None:
        order = list(tile_set(sets).elements())
        random.shuffle(order)
        deal = {"order": order, "dice": [random.randint(1, 6) for _ in range(4)]}
    if "order" in deal:
        hands, stock, first = cut(list(deal["order"]), deal.get("dice"), opts, deal.get("first_player"), n, sets)
        if deal.get("first_player") is not None and deal["first_player"] != first:
            raise illegal("kts.deal.first-player", f"the dice choose seat {first}")
        method = "kts.deal.boneyard" if opts["deal"] == "boneyard" else "kts.deal.wall"  # the rule that fixes them
        if deal.get("hands") is not None and [Counter(h) for h in deal["hands"]] != [Counter(h) for h in hands]:
            raise illegal(method, "the hands are not the deal's")
        if deal.get("stock") is not None and list(deal["stock"]) != stock:
            rule = "kts.deal.boneyard" if opts["deal"] == "boneyard" else "kts.deal.draw-order"
            raise illegal(rule, "the stock is not the deal's")
        return Game(hands, stock, first, opts)
    hands = [list(h) for h in deal["hands"]]
    stock, first = list(deal.get("stock") or []), deal.get("first_player", 0)
    if len(hands) != n or not 0 <= first < n:
        raise illegal("kts.equipment.players", f"{n} hands, seats 0 to {n - 1}")
    check_tiles([*(t for h in hands for t in h), *stock], "the deal", sets)
    first_size = HAND if opts["opening"] == "draw" else HAND + 1
    if any(len(h) != (first_size if seat == first else HAND) for seat, h in enumerate(hands)):
        raise illegal("kts.deal.method", f"the first player holds {first_size} tiles, the others {HAND}")
    return Game(hands, stock, first, opts)


# ----------------------------------------------------------- capabilities
CAPABILITIES = ["describe", "read_tile", "tile_value", "pair", "evaluate_hand"]


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
    players = request.get("players") if request.get("players") is not None else 4  # the game's default
    _n, sets = equipment(players, request.get("sets"), opts)
    hand = [read_tile(t) for t in request["hand"]]
    if len(hand) > HAND + 1:
        raise illegal(None, f"a hand holds at most {HAND + 1} tiles, not {len(hand)}")
    check_tiles(hand, "the hand", sets)
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
    return {"winning": bool(splits), "splits": splits}


# --------------------------------------------------------------- protocol
def answer(engine: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    cmd = request.get("cmd")
    if cmd in CAPABILITIES:
        return capability(request)
    if cmd == "start":
        if request.get("protocol") != 1:
            raise RefusedError("unsupported", "this engine speaks protocol 1")
        games = {GAME: {"options": SUPPORTED, "players": {"min": 2, "max": 40}}}
        engine_info = {"name": "literal-kap-tai-shap", "version": "1"}
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
