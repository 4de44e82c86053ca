"""A literal engine: Kap Tai Shap, written from the pages alone.

Written only from docs/engine/protocol.md, docs/engine/log-format.md,
docs/engine/refusals.md and the Kap Tai Shap rules and options pages (the
rule texts of spec/games/kap-tai-shap.yaml), importing nothing from gupai:
the check that the pages are enough for an engine author. It plays Kap Tai
Shap (two to forty players, one set or more, the wall five high with its
moved tiles) under every reading of every option, and answers every optional
command (distance included). The turn it shares with Kap Shap is collecting.py's;
this module gives what is Kap Tai Shap's own: the options, the players and
sets, and the wall. Run it as a script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or __package__:  # imported by its package name (type checkers, pytest)
    from tests.literal.collecting import Rules, illegal, main
else:  # run as a script, its folder first on the path
    from collecting import Rules, illegal, main

#: The culin preset's value of every option (the options page): the value of an option left out.
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

#: The values of each option this engine plays: every reading of every option.
SUPPORTED = {
    "four-two-value": ["3", "6"],
    "pair-set": ["arithmetic", "printed", "celko-table"],
    "eye": ["identical", "civil"],
    "take": ["any", "latest"],
    "turn": ["take-and-draw", "take-or-draw"],
    "drawn-tile": ["keep", "discard-unless-win"],
    "opening": ["discard", "discard-draw-discard", "draw"],
    "deal": ["wall", "boneyard"],
    "wall-draw": ["bottom", "top"],
    "first-player": ["dice", "seat-0", "previous-winner"],
    "discard-taken": ["forbidden", "allowed"],
    "declare": ["mandatory", "optional"],
    "termination": ["three-dead-rounds", "no-consecutive-takes", "none"],
    "stock-out": ["end", "play-on"],
    "sets-rule": ["two-per-five", "fewest"],
}

HAND = 9  # the hand size; a win needs 10


def sets_for(players: int, rule: str) -> int:
    """How many sets n players use when none is given (option sets-rule)."""
    if rule == "two-per-five":
        return max(1, -(-2 * players // 5))
    sets = 1  # fewest: deal every hand from a wall (two full piles of five each) and leave a stock tile
    while 32 * sets < 9 * players + 2 or 32 * sets < 10 * players:
        sets += 1
    return sets


def equipment(players: Any, sets: Any, opts: dict[str, str]) -> tuple[int, int]:
    """Two to forty players; the sets given, or those sets-rule gives, enough to deal and leave a stock."""
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


def wall(order: list[str], dealer: int, n: int, sets: int, opts: dict[str, str]) -> tuple[list[list[str]], list[str]]:
    """The wall five high: each player two piles, anticlockwise from the first; n-1 top tiles moved to the end.

    The top tile of the third pile, then of every second pile after it, until n-1 are moved, makes the last
    pile. Under opening=draw the first player leaves the top tile of its second pile: the first of the stock.
    """
    draw = opts["opening"] == "draw"
    hands: list[list[str]] = [[] for _ in range(n)]
    seats = [(dealer + k) % n for k in range(n)]  # anticlockwise from the first player
    piles = [order[i : i + 5] for i in range(0, len(order), 5)]  # each pile from the bottom up
    if sum(1 for p in piles if len(p) == 5) < 2 * n:
        full = sum(1 for p in piles if len(p) == 5)
        raise illegal("kts.deal.wall", f"a wall of {len(order)} tiles has {full} full piles: too few for {n} players")
    moved: list[str] = []
    index = 2
    while len(moved) < n - 1:
        moved.append(piles[index].pop())
        index += 2
    kept: list[str] = []
    for k, seat in enumerate(seats):
        first_pile, second_pile = piles[2 * k], piles[2 * k + 1]
        if k == 0 and draw:
            kept = [second_pile[-1]]
            second_pile = second_pile[:-1]
        hands[seat] = first_pile + second_pile
    rest = [*piles[2 * n :], moved]
    if opts["wall-draw"] == "top":
        rest = [pile[::-1] for pile in rest]
    return hands, [*kept, *(tile for pile in rest for tile in pile)]


RULES = Rules(
    game="kap-tai-shap",
    prefix="kts",
    name="literal-kap-tai-shap",
    hand=HAND,
    culin=CULIN,
    supported=SUPPORTED,
    players=(2, 40),
    default_players=4,  # the game's default
    set_rule="equipment.sets",
    equipment=equipment,
    wall=wall,
    distance=True,
)

if __name__ == "__main__":
    raise SystemExit(main(RULES))
