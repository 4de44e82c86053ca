"""Dealing the collecting games: the wall, the boneyard, and the dice.

Chance is explicit: a deal is fixed by the shuffled tile order and the four
dice; everything else (the wall, the hands, the stock's draw order) follows
from the options. A log records the order and dice; the validator recomputes
the hands and stock and compares.

Seats are numbered anticlockwise and hands are dealt in turn order starting
with the first player.

>>> from gupai.games.kap.config import collecting_config
>>> config = collecting_config("kap-shap")
>>> deal = deal_from_order(config, list(range(21)) + [0] * 11, dice=(1, 1, 1, 2))
>>> deal.first_player, [len(h) for h in deal.hands], len(deal.stock)
(1, [7, 8], 17)

Under ``opening=draw`` (``ks.deal.boneyard``) every player is dealt seven,
the first player first, and the rest is the stock, as navpil's simulator deals:

>>> from gupai.core.options import resolve_options
>>> navpil = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"deal": "boneyard",
...     "first-player": "seat-0", "opening": "draw"}))
>>> deal = deal_from_order(navpil, list(range(32)), dice=None)
>>> deal.hands, deal.stock[:3]
(((0, 1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12, 13)), (14, 15, 16))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Any, TypeVar

from gupai.core.errors import OptionError
from gupai.core.tiles import kinds_of, set_counts, spelling
from gupai.games.kap.config import CollectingConfig

T = TypeVar("T")

#: The wall cuts of ``spec/`` (``wall.cut``).
EIGHT_AND_SEVEN = "eight-and-seven"
MOVED_TOPS = "moved-tops-then-two-piles-each"
#: The Kap Shap ``wall-cut`` reading that moves the third pile's top tile to the far end.
MOVED_TOP = "moved-top"

__all__ = [
    "EIGHT_AND_SEVEN",
    "MOVED_TOPS",
    "Cut",
    "Deal",
    "cut_of",
    "cut_order",
    "deal_from_order",
    "random_deal",
    "wall_piles",
]


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal: the shuffled order, the dice, and how the order was cut.

    Tiles are kind indices (0..20). ``hands[seat]`` lists a seat's tiles in
    the order taken; ``stock`` is the draw order.
    """

    order: tuple[int, ...]
    dice: tuple[int, ...] | None
    first_player: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]

    @classmethod
    def of(cls, *, order: str, dice: Sequence[int] | None, first_player: int, hands: Sequence[str], stock: str) -> Deal:
        """A deal written in tile spelling, as its ``repr`` writes it.

        >>> deal = Deal.of(order="6-6 1-1", dice=None, first_player=0, hands=("6-6", "1-1"), stock="")
        >>> deal
        Deal.of(order='6-6 1-1', dice=None, first_player=0, hands=('6-6', '1-1'), stock='')
        >>> eval(repr(deal)) == deal
        True
        """
        return cls(
            order=tuple(kinds_of(order.split())),
            dice=tuple(dice) if dice is not None else None,
            first_player=first_player,
            hands=tuple(tuple(kinds_of(hand.split())) for hand in hands),
            stock=tuple(kinds_of(stock.split())),
        )

    def __repr__(self) -> str:
        hands = tuple(spelling(hand) for hand in self.hands)
        return (
            f"Deal.of(order={spelling(self.order)!r}, dice={self.dice!r}, first_player={self.first_player}, "
            f"hands={hands!r}, stock={spelling(self.stock)!r})"
        )


def first_player_from_dice(dice: Sequence[int], players: int) -> int:
    """Seat 0 throws; the total counts anticlockwise from seat 1 (which counts one).

    >>> first_player_from_dice((1, 2, 3, 4), 4), first_player_from_dice((6, 6, 6, 6), 10)
    (2, 4)
    """
    return sum(dice) % players


def wall_piles(config: CollectingConfig, order: Sequence[int]) -> list[list[int]]:
    """The wall's piles, each listed bottom to top, after the deal's moves.

    Kap Shap: piles four high. Kap Tai Shap: piles five high, then the top
    tile of the third pile and of every second pile after it, n-1 tiles in
    all, moved to one new pile at the far end (first moved at the bottom).
    """
    height = config.spec.wall_height
    piles = [list(order[i : i + height]) for i in range(0, len(order), height)]
    if config.spec.wall_cut == MOVED_TOPS:
        full = len(order) // height  # every pile is full but perhaps the last
        if 2 * config.players > full:
            raise OptionError(
                f"a wall of {len(order)} tiles has {full} full piles: too few for {config.players} players "
                "to take two piles each",
                where="sets",
                rule=config.rule("deal.wall"),
            )
        moved = [piles[2 * k].pop() for k in range(1, config.players)]
        if moved:
            piles.append(moved)
    return piles


def _cut_wall(config: CollectingConfig, order: Sequence[int], first: int) -> tuple[list[list[int]], list[int]]:
    n = config.players
    piles = wall_piles(config, order)
    hands: list[list[int]] = [[] for _ in range(n)]
    if config.spec.wall_cut == EIGHT_AND_SEVEN:
        hands[first] = piles[0] + piles[1]
        second = (first + 1) % n
        if config.options.get("wall-cut") == MOVED_TOP:
            # Culin's Kap Tai Shap wall for two: the third pile's top tile to a pile of its own at the far end.
            moved = piles[2].pop()
            hands[second] = piles[2] + piles[3]
            rest = [*piles[4:], [moved]]
        else:
            hands[second] = piles[2] + piles[3][1:]
            rest = [[piles[3][0]], *piles[4:]]
    else:
        for k in range(n):
            hands[(first + k) % n] = piles[2 * k] + piles[2 * k + 1]
        rest = piles[2 * n :]
    bottom_first = config.options["wall-draw"] == "bottom"
    stock = list(chain.from_iterable(rest if bottom_first else (pile[::-1] for pile in rest)))
    if config.draw_first:
        # opening=draw: the top tile of the first player's second pile stays in the wall, first of the stock.
        stock.insert(0, hands[first].pop())
    return hands, stock


def _cut_boneyard(config: CollectingConfig, order: Sequence[int], first: int) -> tuple[list[list[int]], list[int]]:
    n = config.players
    hands: list[list[int]] = [[] for _ in range(n)]
    at = 0
    for k in range(n):
        take = config.dealt(first=k == 0)
        hands[(first + k) % n] = list(order[at : at + take])
        at += take
    return hands, list(order[at:])


_Pick = Callable[[Sequence[Any]], tuple[Any, ...]]


def deal_from_order(
    config: CollectingConfig, order: Sequence[int], *, dice: Sequence[int] | None, first: int | None = None
) -> Deal:
    """Cut a shuffled order into hands and stock, as the options say (see :func:`cut_order`).

    >>> from gupai.core.options import resolve_options
    >>> from gupai.games.kap.config import collecting_config
    >>> config = collecting_config("kap-shap", resolve_options("kap-shap", preset="navpil-culin"))
    >>> deal = deal_from_order(config, list(range(32)), dice=None, first=1)
    >>> deal.first_player, deal.hands[0][:2], deal.hands[1][:2]
    (1, (0, 1), (7, 8))
    """
    order = tuple(order)
    first, hands, stock = cut_order(config, order, dice=dice, first=first)
    return Deal(
        order=order,
        dice=tuple(dice) if dice is not None else None,
        first_player=first,
        hands=hands,
        stock=stock,
    )


def cut_order(
    config: CollectingConfig, order: Sequence[T], *, dice: Sequence[int] | None, first: int | None = None
) -> tuple[int, tuple[tuple[T, ...], ...], tuple[T, ...]]:
    """The first player, each seat's hand and the stock (in draw order) that an order cuts into.

    The order may hold anything, tile kinds or the faces a log writes: the
    cut moves places, not tiles. ``first`` is the first player under
    ``first-player=previous-winner`` (seat 0 when not given: a session's
    first game); the other readings fix it. Under that reading the hands are
    dealt from seat 0 whoever plays first, as navpil's simulator deals.

    >>> from gupai.games.kap.config import collecting_config
    >>> places = [f"p{k}" for k in range(32)]
    >>> first, hands, stock = cut_order(collecting_config("kap-shap"), places, dice=(1, 1, 1, 2))
    >>> first, hands[1], hands[0], stock[:3]
    (1, ('p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'), ('p8', 'p9', 'p10', 'p11', 'p13', 'p14', 'p15'), ('p12', 'p16', 'p17'))

    Under ``wall-cut=moved-top`` the third pile's top tile (p11) is moved to the far end, drawn last:

    >>> from gupai.core.options import resolve_options
    >>> moved = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"wall-cut": "moved-top"}))
    >>> first, hands, stock = cut_order(moved, places, dice=(1, 1, 1, 1))
    >>> hands[1], stock[:2], stock[-2:]
    (('p8', 'p9', 'p10', 'p12', 'p13', 'p14', 'p15'), ('p16', 'p17'), ('p31', 'p11'))
    """
    first, cut = cut_of(config, len(order), dice=dice, first=first)
    return first, tuple(hand(order) for hand in cut.hands), cut.stock(order)


@dataclass(frozen=True, slots=True)
class Cut:
    """Where the tiles of an order go (:func:`cut_of`): functions taking them out of any order, as tuples."""

    #: Each seat's hand, in the order dealt.
    hands: tuple[_Pick, ...]
    #: The stock, in draw order.
    stock: _Pick
    #: Every tile: the hands (seat 0's first, each in the order dealt), then the stock.
    every: _Pick
    #: How many tiles each seat is dealt.
    sizes: tuple[int, ...]


def cut_of(
    config: CollectingConfig, size: int, *, dice: Sequence[int] | None, first: int | None = None
) -> tuple[int, Cut]:
    """The first player, and where each hand's tiles and the stock's come from in an order of ``size`` tiles:
    :func:`cut_order` as functions (a :class:`Cut`), which take those tiles out of any order (of kinds, of
    faces) as tuples.

    >>> from gupai.games.kap.config import collecting_config
    >>> first, cut = cut_of(collecting_config("kap-shap"), 32, dice=(1, 1, 1, 2))
    >>> first, cut.hands[1](range(32)), cut.sizes, cut.every(range(32))[:9]
    (1, (0, 1, 2, 3, 4, 5, 6, 7), (7, 8), (8, 9, 10, 11, 13, 14, 15, 0, 1))
    """
    reading = config.options["first-player"]
    start = None
    if reading == "dice":
        if dice is None or len(dice) != config.spec.dice:
            raise OptionError(
                f"first-player=dice needs {config.spec.dice} dice", where="dice", rule=config.rule("deal.first-player")
            )
        first = first_player_from_dice(dice, config.players)
    elif reading == "previous-winner":
        first = 0 if first is None else first
        start = 0  # the deal does not follow the first player: seat 0 is dealt first
    else:
        first = 0
    return first, _layout(config, size, first if start is None else start)


_LAYOUTS: dict[tuple[object, ...], Cut] = {}
#: The layouts of the last configurations seen, by the object itself (its options read once).
_BY_CONFIG: dict[tuple[int, int, int], tuple[CollectingConfig, Cut]] = {}


def _layout(config: CollectingConfig, size: int, start: int) -> Cut:
    """Where each hand's tiles and the stock's come from in an order of ``size`` tiles, the deal starting at seat ``start``.

    The cut itself is applied once to the places 0..size-1; every deal of
    the same shape then picks its tiles from those places (a corpus replays
    thousands of deals of a handful of shapes).
    """
    seen = _BY_CONFIG.get((id(config), size, start))
    if seen is not None and seen[0] is config:
        return seen[1]
    options = config.options
    key = (
        config.spec.id,
        config.players,
        options["deal"],
        options["wall-draw"],
        options.get("wall-cut"),
        options["opening"],
        size,
        start,
    )
    found = _LAYOUTS.get(key)
    if found is None:
        cut = _cut_wall if options["deal"] == "wall" else _cut_boneyard
        hands, stock = cut(config, range(size), start)
        found = Cut(
            hands=tuple(_picker(hand) for hand in hands),
            stock=_picker(stock),
            every=_picker([*chain.from_iterable(hands), *stock]),
            sizes=tuple(map(len, hands)),
        )
        if len(_LAYOUTS) >= 256:
            _LAYOUTS.clear()
        _LAYOUTS[key] = found
    if len(_BY_CONFIG) >= 256:
        _BY_CONFIG.clear()
    _BY_CONFIG[id(config), size, start] = (config, found)
    return found


def _picker(places: Sequence[int]) -> _Pick:
    """A function taking the tiles at ``places`` (in that order) out of an order, as a tuple."""
    if len(places) >= 2:
        return itemgetter(*places)  # type: ignore[return-value]
    return lambda order: tuple(order[place] for place in places)


def random_deal(config: CollectingConfig, rng: random.Random, *, first: int | None = None) -> Deal:
    """Shuffle the sets and throw the dice with ``rng``; ``first`` plays first under first-player=previous-winner."""
    order = [kind for kind, copies in enumerate(set_counts(config.sets)) for _ in range(copies)]
    rng.shuffle(order)
    dice = (
        tuple(rng.randint(1, 6) for _ in range(config.spec.dice)) if config.options["first-player"] == "dice" else None
    )
    return deal_from_order(config, order, dice=dice, first=first)
