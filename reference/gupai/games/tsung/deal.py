"""Dealing Tsung Shap: one set shuffled, then cut into piles, a stock, hands.

A deal fixes all of a game's chance up front, so that a game replays
exactly from its deal and its actions.

>>> from gupai.games.tsung.config import tsung_config
>>> deal = random_tsung_deal(tsung_config(), random.Random(1))
>>> len(deal.order), [len(p) for p in deal.piles], deal.first_player
(32, [16, 16], 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gupai.core.errors import HandError
from gupai.core.tiles import Tile, kinds_of, set_counts, spelling
from gupai.games.tsung.config import TsungConfig

__all__ = ["TsungDeal", "complete_position", "deal_json", "random_tsung_deal", "tsung_deal_from_order"]


@dataclass(frozen=True, slots=True)
class TsungDeal:
    """A deal: the shuffled order, and how it was cut.

    Tiles are kind indices (0..20). ``piles[seat]`` is a seat's face-down
    tiles in the order they turn over (or are drawn into the hand);
    ``stock`` the common stock in draw order; ``hands`` the four-tile hands.
    Each is ``None`` when the options use no such thing.
    """

    order: tuple[int, ...]
    first_player: int
    piles: tuple[tuple[int, ...], ...] | None
    stock: tuple[int, ...] | None
    hands: tuple[tuple[int, ...], ...] | None

    @classmethod
    def of(
        cls,
        *,
        order: str,
        first_player: int,
        piles: Sequence[str] | None,
        stock: str | None,
        hands: Sequence[str] | None,
    ) -> TsungDeal:
        """A deal written in tile spelling, as its ``repr`` writes it.

        >>> deal = TsungDeal.of(order="6-6 1-1", first_player=0, piles=("6-6", "1-1"), stock=None, hands=None)
        >>> deal
        TsungDeal.of(order='6-6 1-1', first_player=0, piles=('6-6', '1-1'), stock=None, hands=None)
        >>> eval(repr(deal)) == deal
        True
        """

        def seats(groups: Sequence[str] | None) -> tuple[tuple[int, ...], ...] | None:
            return None if groups is None else tuple(tuple(kinds_of(group.split())) for group in groups)

        return cls(
            order=tuple(kinds_of(order.split())),
            first_player=first_player,
            piles=seats(piles),
            stock=None if stock is None else tuple(kinds_of(stock.split())),
            hands=seats(hands),
        )

    def __repr__(self) -> str:
        def seats(groups: tuple[tuple[int, ...], ...] | None) -> tuple[str, ...] | None:
            return None if groups is None else tuple(spelling(group) for group in groups)

        stock = None if self.stock is None else spelling(self.stock)
        return (
            f"TsungDeal.of(order={spelling(self.order)!r}, first_player={self.first_player}, "
            f"piles={seats(self.piles)!r}, stock={stock!r}, hands={seats(self.hands)!r})"
        )


def tsung_deal_from_order(config: TsungConfig, order: Sequence[int], *, first: int = 0) -> TsungDeal:
    """Cut a shuffled order as the options say.

    Own halves: seat 0 takes the first sixteen tiles, seat 1 the rest; in the
    four-tile variant the first four of each half are the hand. A common
    stock is the order itself; in the four-tile variant seat 0's hand is its
    first four tiles and seat 1's the next four. The cut is by seat, whoever
    lays first: ``first`` (rule ts.first-player) changes only who begins.

    >>> from gupai.games.tsung.config import tsung_config
    >>> config = tsung_config()
    >>> deal = tsung_deal_from_order(config, list(range(21)) + list(range(11)))
    >>> [len(p) for p in deal.piles], deal.stock, deal.hands
    ([16, 16], None, None)
    """
    order = tuple(order)
    half = len(order) // 2
    size = config.hand_size
    if config.common:
        if config.four:
            return TsungDeal(order, first, None, order[2 * size :], (order[0:size], order[size : 2 * size]))
        return TsungDeal(order, first, None, order, None)
    halves = (order[:half], order[half:])
    if config.four:
        return TsungDeal(order, first, tuple(h[size:] for h in halves), None, tuple(h[:size] for h in halves))
    return TsungDeal(order, first, halves, None, None)


def random_tsung_deal(config: TsungConfig, rng: random.Random, *, first: int = 0) -> TsungDeal:
    """Shuffle one set with ``rng`` and cut it; ``first`` lays first."""
    order = [kind for kind, copies in enumerate(set_counts(config.sets)) for _ in range(copies)]
    rng.shuffle(order)
    return tsung_deal_from_order(config, order, first=first)


def deal_json(deal: TsungDeal) -> dict[str, Any]:
    """The deal as the log records it: the order, the first player, and how the order was cut.

    >>> from gupai.games.tsung.config import tsung_config
    >>> doc = deal_json(random_tsung_deal(tsung_config(), random.Random(1)))
    >>> len(doc["order"]), doc["first_player"], [len(p) for p in doc["piles"]], doc["stock"], doc["hands"]
    (32, 0, [16, 16], None, None)
    """

    def faces(tiles: Sequence[int]) -> list[str]:
        return [Tile.from_index(k).face for k in tiles]

    return {
        "order": faces(deal.order),
        "first_player": deal.first_player,
        "piles": [faces(p) for p in deal.piles] if deal.piles is not None else None,
        "stock": faces(deal.stock) if deal.stock is not None else None,
        "hands": [faces(h) for h in deal.hands] if deal.hands is not None else None,
    }


def complete_position(
    config: TsungConfig,
    *,
    row: Sequence[Tile],
    piles: dict[int, tuple[list[Tile], bool]],
    stock: tuple[list[Tile], bool] | None,
    hands: dict[int, list[Tile]],
) -> tuple[list[list[Tile]], list[Tile]]:
    """Complete a partly described position with the rest of the set.

    ``piles`` gives a seat's face-down tiles, next first, and whether the rest
    of the set follows them; ``stock`` likewise for a common stock. The rest
    of the set goes to the common stock (with ``config.common``), or is dealt
    in turn to the seats whose piles it follows. Returns (piles, stock).
    Raises :class:`HandError` when the position uses more copies than a set holds.
    """
    counts = list(set_counts(config.sets))
    given = [*row, *(stock[0] if stock else [])]
    for tiles, _ in piles.values():
        given.extend(tiles)
    for tiles in hands.values():
        given.extend(tiles)
    for tile in given:
        counts[tile.index] -= 1
        if counts[tile.index] < 0:
            raise HandError(f"the position uses more [{tile}] than one set holds", where="position")
    rest = [Tile.from_index(k) for k, n in enumerate(counts) for _ in range(n)]
    seat_piles = [list(piles.get(seat, ([], True))[0]) for seat in (0, 1)]
    common = list(stock[0]) if stock else []
    if config.common:
        if stock is None or stock[1]:
            common.extend(rest)
    else:
        takers = [seat for seat in (0, 1) if piles.get(seat, ([], True))[1]]
        for at, tile in enumerate(rest if takers else []):
            seat_piles[takers[at % len(takers)]].append(tile)
    return seat_piles, common
