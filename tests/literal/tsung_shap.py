"""A literal engine: Tsung Shap, written from the pages alone.

Written only from docs/engine/protocol.md, docs/engine/log-format.md and its
schema, docs/engine/refusals.md and the Tsung Shap rule texts, importing
nothing from gupai: the check that the pages are enough for an engine author.
It plays Tsung Shap under every reading of every option (four-two-value,
reach, triple, sweep-score, lone-tile, lone-score, lay-again,
opening-capture, missed-capture, end, stock, hand, refill, pair-score). It
answers no optional command.

Run it as ``python tests/literal/tsung_shap.py``; it speaks the engine
protocol on stdin and stdout.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

GAME = "tsung-shap"
CULIN = {
    "four-two-value": "6",
    "reach": "either-end",
    "triple": "end-or-ends",
    "sweep-score": "replace",
    "lone-tile": "no-capture",
    "lone-score": "capture",
    "lay-again": "clear",
    "opening-capture": "no",
    "missed-capture": "claim",
    "end": "all-laid",
    "stock": "own-halves",
    "hand": "hidden",
    "refill": "common-stock",
    "pair-score": "ten-a-spot",
}
CIVIL = ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
MILITARY = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1", "3-2", "4-2", "2-1"]
SET = Counter({**{t: 2 for t in CIVIL}, **{t: 1 for t in MILITARY}})

#: The values of each option this engine plays: culin's, and the readings that are a few lines each.
SUPPORTED = {
    **{key: [v] for key, v in CULIN.items()},
    "four-two-value": ["6", "3"],
    "reach": ["either-end", "laid-end"],
    "triple": ["end-or-ends", "ends-only"],
    "sweep-score": ["replace", "add", "none"],
    "lone-tile": ["no-capture", "pair", "pair-or-ten"],
    "lone-score": ["capture", "sweep", "capture-and-sweep"],
    "lay-again": ["clear", "any-capture"],
    "opening-capture": ["no", "yes"],
    "missed-capture": ["claim", "none"],
    "end": ["all-laid", "equal-turns", "stock-empty"],
    "pair-score": ["ten-a-spot", "fifty"],
    "stock": ["own-halves", "common"],
    "hand": ["hidden", "four"],
    "refill": ["common-stock", "own-half"],
}


class RefusedError(Exception):
    def __init__(self, answer: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.answer, self.message, self.rule = answer, message, rule


def illegal(rule: str | None, message: str) -> RefusedError:
    return RefusedError("illegal", message, rule)


def spots(tile: str) -> int:
    high, low = tile.split("-")
    return int(high) + int(low)


def value(tile: str, four_two: int = 6) -> int:
    """What a tile counts in a triple or a ten: its spots, [4-2] as the four-two-value option says."""
    return four_two if tile == "4-2" else spots(tile)


class Game:
    def __init__(
        self,
        piles: list[list[str]],
        row: list[str],
        to_move: int,
        scores: list[int],
        turns: list[int],
        laid: int,
        opts: dict[str, str],
    ) -> None:
        self.opts = opts
        self.four_two = int(opts["four-two-value"])
        self.piles = piles  # each seat's face-down tiles; under stock=common, one pile both draw from
        self.common = opts["stock"] == "common"
        self.four = opts["hand"] == "four"
        self.hands: list[list[str]] = [[], []]  # the four-tile hands (hand=four)
        self.row = row
        self.current = to_move
        self.scores = scores
        self.turns = turns
        self.laid = laid
        self.revealed: str | None = None
        self.phase = "lay"  # claim, lay, capture, over
        self.open: list[dict[str, Any]] = []  # the captures open to the tile just laid
        self.missed: list[dict[str, Any]] = []  # the captures the last tile laid missed, for the opponent's claim
        self.before: list[str] = []  # the row before the last tile was laid (captures take from it)
        self.laid_end = "left"  # where the last tile was laid
        self.again = False  # the seat to move lays again after its capture (rule ts.sweep.restart)
        self.tally: list[Counter[str]] = [Counter(), Counter()]
        self.result: dict[str, Any] | None = None

    # ------------------------------------------------------------- turns
    def left(self, seat: int) -> int:
        """The tiles the seat has still to lay (at the end of a turn: its pile, and its hand under hand=four)."""
        return len(self.pile(seat)) + (len(self.hands[seat]) if self.four else 0)

    def refill(self, seat: int) -> list[dict[str, Any]]:
        """Under hand=four, the hand filled to four again after a tile laid (and its capture): refill events."""
        events = []
        while self.four and len(self.hands[seat]) < 4 and self.pile(seat):
            tile = self.pile(seat).pop(0)
            self.hands[seat].append(tile)
            events.append({"type": "refill", "seat": seat, "tile": tile})
        return events

    def pile(self, seat: int) -> list[str]:
        """Where the seat turns its tiles over from: its own pile, or the common stock."""
        return self.piles[0] if self.common else self.piles[seat]

    def begin_turn(self, seat: int) -> list[dict[str, Any]]:
        """A turn begins: a claim first if the opponent missed a capture, else the next tile turned over."""
        self.current = seat
        self.turns[seat] += 1
        if self.missed:
            self.open, self.missed = self.missed, []
            for capture in self.open:
                capture["seat"] = seat
            self.phase = "claim"
            return []
        return self.reveal()

    def reveal(self) -> list[dict[str, Any]]:
        seat = self.current
        if self.four:  # the player chooses from the hand: nothing is turned over
            self.phase = "lay"
            return []
        tile = self.pile(seat).pop(0)
        self.revealed, self.phase = tile, "lay"
        return [{"type": "reveal", "seat": seat, "tile": tile}]

    def end_turn(self) -> list[dict[str, Any]]:
        """The turn is over: the game ends when a player has laid all tiles, else the other seat plays."""
        seat = self.current
        mine, theirs = self.left(seat), self.left(1 - seat)
        over = mine == 0 or theirs == 0
        if self.opts["end"] == "stock-empty":  # every tile laid; a player with none left has no turn
            over = mine == 0 and theirs == 0
        if self.opts["end"] == "equal-turns":  # if seat 0 runs out, seat 1 plays one more turn
            over = over and (self.turns[0] == self.turns[1] or theirs == 0)
        if over:
            self.finish()
            return []
        if theirs == 0:
            return self.begin_turn(seat)
        return self.begin_turn(1 - seat)

    def finish(self) -> None:
        self.phase, self.missed, self.open = "over", [], []
        a, b = self.scores
        winner = 0 if a > b else 1 if b > a else None
        captures = [
            {key: self.tally[seat][key] for key in ("pairs", "triples", "tens", "sweeps", "claims", "tiles")}
            for seat in (0, 1)
        ]
        self.result = {
            "scores": list(self.scores),
            "winner": winner,
            "reason": self.opts["end"],
            "turns": sum(self.turns),
            "captures": captures,
        }

    # ---------------------------------------------------------- captures
    def captures(self, tile: str, end: str, row: list[str]) -> list[dict[str, Any]]:
        """The captures open to ``tile`` laid at ``end`` of ``row`` (the row before the lay)."""
        opening = self.laid == 1
        if not row or (opening and self.opts["opening-capture"] == "no"):  # empty, or the second opening tile
            return []
        seat = self.current

        def v(tile: str) -> int:
            return value(tile, self.four_two)

        if len(row) == 1:  # a lone tile: as the lone-tile option says
            lone = row[0]
            found = []
            if self.opts["lone-tile"] != "no-capture" and tile == lone:
                found.append(self.capture(seat, "pair", "ends", [tile, lone], 1))
            if self.opts["lone-tile"] == "pair-or-ten" and (v(tile) + v(lone)) % 10 == 0:
                found.append(self.capture(seat, "ten", "ends", [tile, lone], 1))
            return found
        either = self.opts["reach"] == "either-end"
        found = []
        first, last = row[0], row[-1]
        if tile == first and (either or end == "left"):
            found.append(self.capture(seat, "pair", "left", [tile, first], len(row)))
        if tile == last and (either or end == "right"):
            found.append(self.capture(seat, "pair", "right", [tile, last], len(row)))
        if len(row) > 2 and self.opts["triple"] == "end-or-ends":
            if (either or end == "left") and (v(tile) + v(row[0]) + v(row[1])) % 10 == 0:
                found.append(self.capture(seat, "triple", "left", [tile, row[0], row[1]], len(row)))
            if (either or end == "right") and (v(tile) + v(row[-2]) + v(row[-1])) % 10 == 0:
                found.append(self.capture(seat, "triple", "right", [tile, row[-2], row[-1]], len(row)))
        if (v(tile) + v(first) + v(last)) % 10 == 0:
            found.append(self.capture(seat, "triple", "ends", [tile, first, last], len(row)))
        return found

    def capture(self, seat: int, kind: str, at: str, tiles: list[str], before: int) -> dict[str, Any]:
        """A capture with what it scores: a pair ten a spot (or 50), a triple or a ten a point a spot; sweeps."""
        if kind == "pair":
            points = 50 if self.opts["pair-score"] == "fifty" else 10 * (spots(tiles[0]) + spots(tiles[1]))
        else:
            points = sum(value(t, self.four_two) for t in tiles)
        if before == 1:  # a lone tile taken: as the lone-score option says
            sweep = self.opts["lone-score"] != "capture"
            points = {"capture": points, "sweep": 40, "capture-and-sweep": points + 40}[self.opts["lone-score"]]
        else:
            sweep = kind == "triple" and at == "ends" and before == 2
            if sweep:
                points = {"replace": 40, "add": points + 40, "none": points}[self.opts["sweep-score"]]
        return {
            "type": "capture",
            "seat": seat,
            "kind": kind,
            "at": at,
            "tiles": tiles,
            "points": points,
            "sweep": sweep,
        }

    def take(self, capture: dict[str, Any], claim: bool) -> None:
        """Take the laid tile and the row tiles of the capture (the row as it was before the lay) and score them."""
        kind, at = capture["kind"], capture["at"]
        row = list(self.before)
        if len(row) == 1:
            row = []
        elif at == "left":
            del row[: 1 if kind == "pair" else 2]
        elif at == "right":
            del row[len(row) - (1 if kind == "pair" else 2) :]
        else:
            del row[0]
            del row[-1:]
        self.row = row
        seat = capture["seat"]
        self.scores[seat] += capture["points"]
        tally = self.tally[seat]
        tally[{"pair": "pairs", "triple": "triples", "ten": "tens"}[kind]] += 1
        tally["sweeps"] += capture["sweep"]
        tally["claims"] += claim
        tally["tiles"] += len(capture["tiles"])

    # ------------------------------------------------------------- moves
    def legal(self) -> list[dict[str, Any]]:
        seat = self.current
        if self.phase == "over":
            return []
        if self.phase == "lay":
            ends = ["left", "right"]
            tiles = sorted(set(self.hands[seat])) if self.four else [self.revealed]
            return [{"type": "lay", "seat": seat, "tile": t, "end": end} for t in tiles for end in ends]
        kind = "claim" if self.phase == "claim" else "capture"
        return [{**c, "type": kind} for c in self.open] + [{"type": "pass", "seat": seat}]

    def reaches_far(self, move: dict[str, Any]) -> bool:
        """Whether the capture would be open if the laid tile reached either end (the refusals page's far end)."""
        either = {**self.opts, "reach": "either-end"}
        saved, self.opts = self.opts, either
        try:
            tile = self.row[0] if self.laid_end == "left" else self.row[-1]
            wide = self.captures(tile, self.laid_end, self.before)
        finally:
            self.opts = saved
        return any((c["kind"], c["at"]) == (move.get("kind"), move.get("at")) for c in wide)

    def find(self, move: dict[str, Any]) -> dict[str, Any] | None:
        for capture in self.open:
            if (capture["kind"], capture["at"]) == (move.get("kind"), move.get("at")):
                return capture
        return None

    def refusal(self, move: dict[str, Any]) -> None:
        kind, seat = move.get("type"), move.get("seat")
        if self.phase == "over":
            raise illegal("ts.end", f"seat {seat} cannot {kind}: the game is over (all-laid)")
        if seat != self.current:
            if self.laid == 0:  # the game's first tile: the first player's (rules page, ts.first-player)
                raise illegal("ts.first-player", f"seat {seat} moved first, but seat {self.current} lays first")
            if self.phase == "capture" and kind == "capture":  # the refusals page: it would be a claim, next turn
                raise illegal(
                    "ts.claim",
                    f"seat {seat} took a capture with seat {self.current}'s tile: a missed capture is claimed",
                )
            if self.again:  # the rules page: the capturer lays again, the opponent waits
                raise illegal("ts.sweep.restart", f"seat {seat} moved, but seat {self.current} lays again")
            raise illegal("ts.turn.order", f"seat {seat} moved, but it is seat {self.current}'s turn")
        if self.phase == "claim":
            if kind == "lay":
                raise illegal("ts.claim", f"seat {seat} must claim the missed capture or pass before laying")
            if kind == "capture":
                raise illegal("ts.turn.lay", f"seat {seat} must lay a tile first")
        if self.phase == "lay":
            if kind == "pass":
                raise illegal("ts.turn.lay", f"seat {seat} must lay a tile")
            if kind == "capture":
                raise illegal("ts.turn.lay", f"seat {seat} tried to take a capture without laying a tile")
            if kind == "claim":
                raise illegal("ts.claim", f"seat {seat} claimed, but no capture was left untaken")
            if self.four and move.get("tile") not in self.hands[seat]:
                raise illegal("ts.german.hand", f"seat {seat} laid [{move.get('tile')}], which is not in the hand")
            if not self.four and move.get("tile") != self.revealed:
                raise illegal("ts.turn.lay", f"seat {seat} turned over [{self.revealed}] and must lay it")
            if move.get("end") not in ("left", "right"):
                raise illegal("ts.turn.lay", "a tile is laid at the left or the right end")
        if self.phase == "capture":
            if kind == "lay":
                raise illegal("ts.capture.choice", f"seat {seat} must take a capture or pass first")
            if kind == "claim":
                raise illegal("ts.claim", f"seat {seat} claims only the opponent's missed capture")
        if kind in ("capture", "claim"):
            found = self.find(move)
            if found is None and kind == "capture" and self.opts["reach"] == "laid-end" and self.reaches_far(move):
                raise illegal("ts.capture.reach", "under reach=laid-end a tile reaches only the end where it is laid")
            if found is None:
                rule = {"pair": "ts.capture.pair", "triple": "ts.capture.triple"}.get(
                    str(move.get("kind")), "ts.lone-tile"
                )
                if len(self.before) == 1:  # the refusals page: a capture of a lone tile is at ends, under ts.lone-tile
                    rule = "ts.lone-tile"
                raise illegal(
                    rule if kind == "capture" else "ts.claim",
                    f"seat {seat} cannot take {move.get('kind')} {move.get('at')}",
                )
            self.outcome_refusal(move, found)

    def outcome_refusal(self, move: dict[str, Any], found: dict[str, Any]) -> None:
        """A capture recorded with wrong tiles, points or sweep: the rule of what is wrong (the refusals page)."""
        kind = found["kind"]
        lone = found["at"] == "ends" and len(found["tiles"]) == 2
        kind_rule = {"pair": "ts.capture.pair", "triple": "ts.capture.triple", "ten": "ts.lone-tile"}[kind]
        if "tiles" in move and move["tiles"] != found["tiles"]:
            raise illegal(kind_rule, f"the {kind} takes {found['tiles']}")
        if "sweep" in move and move["sweep"] != found["sweep"]:
            raise illegal("ts.lone-tile" if lone else "ts.sweep", f"the {kind} sweep is {found['sweep']}")
        if "points" in move and move["points"] != found["points"]:
            if found["sweep"]:
                raise illegal("ts.lone-tile" if lone else "ts.sweep", f"the sweep scores {found['points']}")
            other = 9 - self.four_two
            if kind != "pair" and "4-2" in found["tiles"] and move["points"] == found["points"] - self.four_two + other:
                raise illegal("ts.tiles.four-two", f"[4-2] counts {self.four_two}: {found['points']}")
            raise illegal(kind_rule, f"the {kind} scores {found['points']}")

    def apply(self, move: dict[str, Any]) -> list[dict[str, Any]]:
        self.refusal(move)
        kind, seat = move["type"], move["seat"]
        if kind == "pass":
            if self.phase == "claim":
                self.open = []
                return self.reveal()
            claims = self.opts["missed-capture"] == "claim"
            self.missed, self.open = (self.open if claims else []), []  # a capture left untaken: the opponent's claim
            return self.refill(seat) + self.end_turn()
        if kind in ("capture", "claim"):
            capture = dict(self.find(move) or {})
            capture["type"] = kind
            self.take(capture, kind == "claim")
            self.open = []
            events = [capture]
            if kind == "claim":  # then the claimer lays as usual
                return events + self.reveal()
            events += self.refill(seat)  # the refill comes before a tile laid again (rule ts.german.choices)
            again = not self.row or self.opts["lay-again"] == "any-capture"
            if again and self.left(seat):  # the table cleared (or any capture, under lay-again=any-capture): lay again
                self.again = True
                return events + self.reveal()
            return events + self.end_turn()
        tile, end = move["tile"], move["end"]
        self.again = False
        before = list(self.row)
        self.before, self.laid_end = before, end
        self.open = self.captures(tile, end, before)
        self.row = [tile, *self.row] if end == "left" else [*self.row, tile]
        self.laid += 1
        self.revealed = None
        if self.four:
            self.hands[seat].remove(tile)
        events = [{"type": "lay", "seat": seat, "tile": tile, "end": end}]
        if self.open:
            self.phase = "capture"
            return events
        return events + self.refill(seat) + self.end_turn()

    def state(self) -> dict[str, Any]:
        over = self.phase == "over"
        return {
            "current_player": None if over else self.current,
            "terminal": over,
            "row": list(self.row),
            "revealed": self.revealed,
            "hands": [sorted(h) for h in self.hands] if self.four else None,
            "piles": None if self.common else [list(p) for p in self.piles],
            "stock": list(self.piles[0]) if self.common else None,
            "stock_size": len(self.piles[0]) + (0 if self.common else len(self.piles[1])),
            "scores": list(self.scores),
            "turns": list(self.turns),
            "result": self.result,
        }


# ------------------------------------------------------------------- deal
def new_game(request: dict[str, Any]) -> tuple[Game, list[dict[str, Any]]]:
    if request["game"] != GAME:
        raise RefusedError("unsupported", f"this engine plays {GAME} only")
    opts = {**CULIN, **request["options"]}
    for key, value_ in opts.items():
        if value_ not in SUPPORTED.get(key, ()):
            raise RefusedError("unsupported", f"this engine does not play {key}={value_}")
    if request["players"] != 2 or request["sets"] not in (None, 1):
        raise illegal("ts.equipment", "Tsung Shap is played by 2 players with one set")
    if opts["end"] == "stock-empty" and opts["stock"] != "common":
        raise illegal("ts.end", "option end=stock-empty needs a common stock")
    if opts["hand"] == "four" and (opts["refill"] == "common-stock") != (opts["stock"] == "common"):
        raise illegal(
            "ts.german.hand", "the refill must match the stock (common-stock with common, own-half with own-halves)"
        )
    four = opts["hand"] == "four"
    common = opts["stock"] == "common"
    deal = request["deal"]
    if deal is None:
        order = list(SET.elements())
        random.shuffle(order)
        deal = {"order": order}
    if "order" in deal:
        order = list(deal["order"])
        if sorted(order) != sorted(SET.elements()):
            raise illegal("ts.equipment", "the order is not the 32 tiles of one set")
        piles = [order, []] if common else [order[:16], order[16:]]
        hands: list[list[str]] = [[], []]
        if four and common:
            hands, piles = [order[:4], order[4:8]], [order[8:], []]
        elif four:
            hands, piles = [order[:4], order[16:20]], [order[4:16], order[20:]]
        # the protocol page: a deal's piles, stock and hands are null when the game has none, else left out
        for part, rule, has in (
            ("piles", "ts.deal" if not common else "ts.stock", not common),
            ("stock", "ts.stock", common),
            ("hands", "ts.german.hand", four),
        ):
            if part in deal and (deal[part] is None) == has:
                raise illegal(rule, f"the deal's {part} do not fit the options")
        if four and deal.get("hands") is not None and [sorted(h) for h in deal["hands"]] != [sorted(h) for h in hands]:
            raise illegal("ts.german.hand", "the hands are not the deal's")
        if deal.get("first_player") not in (None, 0):
            raise illegal("ts.first-player", "seat 0 lays first")
        if not common and deal.get("piles") is not None and [list(p) for p in deal["piles"]] != piles:
            raise illegal("ts.deal", "the piles are not the order's halves")
        if common and deal.get("stock") is not None and list(deal["stock"]) != piles[0]:
            raise illegal("ts.stock", "the common stock is the order itself")
        game = Game(piles, [], 0, [0, 0], [0, 0], 0, opts)
        game.hands = hands
        return game, game.begin_turn(0)
    row, to_move = list(deal["row"]), deal["to_move"]
    piles = [list(deal.get("stock") or []), []] if common else [list(p) for p in (deal.get("piles") or [[], []])]
    given = Counter([*row, *piles[0], *piles[1], *(t for h in deal.get("hands") or [] for t in h)])
    if given - SET:
        raise illegal("ts.equipment", "the position holds more copies than one set")
    turns = list(deal["turns"]) if deal.get("turns") is not None else [2, 1 + to_move]
    laid = deal["laid"] if deal.get("laid") is not None else len(row)
    game = Game(piles, row, to_move, list(deal["scores"]), turns, laid, opts)
    if four:
        game.hands = [list(h) for h in (deal.get("hands") or [[], []])]
    game.turns[to_move] -= 1  # begin_turn counts the turn this position begins
    if not game.left(0) and not game.left(1):
        game.turns[to_move] += 1
        game.finish()
        return game, []
    return game, game.begin_turn(to_move)


# --------------------------------------------------------------- protocol
def answer(engine: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    cmd = request.get("cmd")
    if cmd == "start":
        if request.get("protocol") != 1:
            raise RefusedError("unsupported", "this engine speaks protocol 1")
        games = {GAME: {"options": SUPPORTED, "players": {"min": 2, "max": 2}}}
        return {"protocol": 1, "engine": {"name": "literal-tsung-shap", "version": "1"}, "games": games}
    if cmd == "stop":
        return {}
    if cmd == "new_game":
        engine["game"] = None
        started, events = new_game(request)
        engine["game"] = started
        return {"events": events} if events else {}
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
        except (KeyError, TypeError, ValueError, IndexError) as error:
            doc = {"id": rid, "answer": "error", "message": f"bad request: {error!r}"}
        print(json.dumps(doc), flush=True)
        if request.get("cmd") == "stop":
            return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
