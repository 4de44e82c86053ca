"""A literal engine: Kap Shap, written from the pages alone.

Written only from docs/engine/protocol.md, docs/engine/log-format.md,
docs/engine/refusals.md and the Kap Shap rules and options pages (the rule
texts of spec/games/kap-shap.yaml), importing nothing from gupai: the check
that the pages are enough for an engine author. It plays Kap Shap (two
players, one set) under every reading of every option, and answers every
optional command (distance included). The turn it shares with Kap Tai Shap
is collecting.py's; this module gives what is Kap Shap's own: the options,
the equipment and the wall four high. Run it as a script.
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
}

HAND = 7  # the hand size; a win needs 8


def equipment(players: Any, sets: Any, opts: dict[str, str]) -> tuple[int, int]:
    """Two players, one set."""
    if players != 2:
        raise illegal("ks.equipment.players", f"Kap Shap takes 2 players, not {players}")
    if sets not in (None, 1):
        raise illegal("ks.equipment.set", f"Kap Shap is played with one set, not {sets}")
    return 2, 1


def wall(order: list[str], dealer: int, n: int, sets: int, opts: dict[str, str]) -> tuple[list[list[str]], list[str]]:
    """The wall: eight piles of four, each from the bottom up; the first player two piles, the other seven tiles.

    Under opening=draw every player is dealt seven: the first player leaves the top tile of its second pile
    (the first of the stock).
    """
    draw = opts["opening"] == "draw"
    hands: list[list[str]] = [[], []]
    hands[dealer] = order[0:7] if draw else order[0:8]
    hands[1 - dealer] = order[8:12] + order[13:16]
    piles = [order[i : i + 4] for i in range(16, 32, 4)]
    if opts["wall-draw"] == "top":
        piles = [pile[::-1] for pile in piles]
    kept = [order[7]] if draw else []  # opening=draw: the top of the first player's second pile stays in the wall
    return hands, [*kept, order[12], *(tile for pile in piles for tile in pile)]


RULES = Rules(
    game="kap-shap",
    prefix="ks",
    name="literal-kap-shap",
    hand=HAND,
    culin=CULIN,
    supported=SUPPORTED,
    players=(2, 2),
    default_players=2,
    set_rule="equipment.set",
    equipment=equipment,
    wall=wall,
    distance=True,
)

if __name__ == "__main__":
    raise SystemExit(main(RULES))
