"""The deal check of Kap Shap and Kap Tai Shap: a recorded shuffled order and dice against the hands and stock.

Part of the one replay path (:mod:`gupai.games.kap.replay`, which names
these functions too): the validator, the protocol server and the quick
accept path (:mod:`gupai.games.kap.quick`) all check a deal here. A deal
recorded as a log writes it (every tile in its one spelling, each hand in
the order dealt) is checked at once, its tiles as kinds, one byte a tile
(:func:`dealt`); any other goes through :func:`checked_deal`'s full check,
which says what is wrong.

>>> from gupai.games.kap.config import collecting_config
>>> from gupai.log.play import play_game
>>> log = play_game("kap-shap", seed=3)
>>> deal, as_written = checked_deal(collecting_config("kap-shap"), log["deal"])
>>> as_written, deal.first_player == log["deal"]["first_player"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import chain, repeat
from operator import call
from typing import Any

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.faces import canonical_kinds, kind_bytes
from gupai.core.tiles import KIND_COUNT, Tile, count_vector, kinds_of, set_counts, set_mismatch
from gupai.games.kap.config import CollectingConfig
from gupai.games.kap.deal import Deal, cut_of, deal_from_order, first_player_from_dice

__all__ = ["check_deal", "check_position", "checked_deal", "dealt", "dealt_first"]


@lru_cache(maxsize=16)
def _full_sets(sets: int) -> list[int]:
    """Every tile of ``sets`` sets as kinds, sorted: a deal's order sorted must be exactly this."""
    return [kind for kind, copies in enumerate(set_counts(sets)) for _ in range(copies)]


def _equipment_rule(config: CollectingConfig) -> str:
    return config.spec.set_rule


def _method_rule(config: CollectingConfig) -> str:
    return config.rule("deal.wall" if config.options["deal"] == "wall" else "deal.boneyard")


def check_deal(config: CollectingConfig, deal: Mapping[str, Any]) -> Deal:
    """The deal a recorded shuffled order and dice make, checked against what is recorded beside them.

    ``first_player``, ``hands`` and ``stock`` are checked when present (a
    ``new_game`` request may leave them out; a log always records them):
    each hand as a multiset, the stock in draw order.
    """
    return checked_deal(config, deal)[0]


def checked_deal(config: CollectingConfig, deal: Mapping[str, Any]) -> tuple[Deal, bool]:
    """:func:`check_deal`, and whether the order, the hands and the stock are recorded exactly as a log writes
    them: every tile in its one spelling, each hand in the order dealt (then they are lists of tiles)."""
    hands, stock = deal.get("hands"), deal.get("stock")
    every = _written_kinds(deal["order"], hands, stock)  # the usual log's tiles, read at once
    if every is not None and hands is not None:
        found = dealt(
            config, every, tuple(map(len, hands)), dice=deal.get("dice"), recorded_first=deal.get("first_player")
        )
        if found is not None:
            return found, True
    rule = config.rule
    faces = deal["order"]
    order = canonical_kinds(faces)
    canonical = order is not None
    if order is None:  # a face spelled otherwise (or not a tile: kinds_of says which)
        order = kinds_of(faces)
    wrong = set_mismatch(order, config.sets) if not _is_full(order, config.sets) else []
    if wrong:
        sets = "one set" if config.sets == 1 else f"{config.sets} sets"
        raise ReplayError(
            "/deal/order",
            _equipment_rule(config),
            f"the deal's order is not exactly the tiles of {sets}: " + ", ".join(wrong[:6]),
        )
    dice = deal.get("dice")
    recorded_first = deal.get("first_player")
    problem = _first_player_problem(config, dice, recorded_first)
    if problem is not None:
        raise problem
    try:
        if hands is None and stock is None:
            return deal_from_order(config, order, dice=dice, first=recorded_first), False
        first, places = cut_of(config, len(order), dice=dice, first=recorded_first)
    except GupaiError as error:  # e.g. too few piles for a wall
        raise ReplayError("/deal/order", error.rule or rule("deal.wall"), error.message) from None
    hand_places, stock_places = places.hands, places.stock
    # The order cut as the log spells it: recorded hands and stock are compared as written first.
    written_hands = tuple(map(call, hand_places, repeat(faces)))
    written_stock = stock_places(faces)
    cut = Deal(
        order=tuple(order),
        dice=tuple(dice) if dice is not None else None,
        first_player=first,
        hands=tuple(map(call, hand_places, repeat(order))),
        stock=stock_places(order),
    )
    as_written = canonical and hands is not None and stock is not None
    if hands is not None:
        if len(hands) != config.players:
            method = _method_rule(config)
            raise ReplayError("/deal/hands", method, f"{len(hands)} hands recorded for {config.players} players")
        if not _as_written(hands, written_hands):
            as_written = False
        for seat, hand in enumerate(cut.hands if not as_written else ()):
            if hands[seat] == list(written_hands[seat]):
                continue
            as_written = False
            if not _same_tiles(hands[seat], written_hands[seat], hand):
                method = _method_rule(config)
                want = " ".join(Tile.from_index(k).face for k in hand)
                raise ReplayError(
                    f"/deal/hands/{seat}",
                    method,
                    f"seat {seat}'s hand is not what the {method.split('.')[-1]} deals from this order: expected {want}",
                )
    same_stock = stock is not None and tuple(stock) == written_stock
    if stock is not None and not same_stock and kinds_of(stock) != list(cut.stock):
        raise ReplayError(
            "/deal/stock",
            rule("deal.draw-order" if config.options["deal"] == "wall" else "deal.boneyard"),
            "the stock is not the rest of the order in draw order "
            f"(option deal={config.options['deal']}, wall-draw={config.options['wall-draw']}"
            + (f", wall-cut={config.options['wall-cut']}" if "wall-cut" in config.options else "")
            + ")",
        )
    return cut, as_written and same_stock and hands.__class__ is list and stock.__class__ is list


def dealt(
    config: CollectingConfig, kinds: bytes, sizes: Sequence[int], *, dice: Any, recorded_first: Any
) -> Deal | None:
    """The deal of a log whose tiles are read as ``kinds`` (one byte a tile: the order's, then each hand's, seat 0's
    first, of ``sizes`` tiles each, then the stock's), when it is certainly the deal :func:`checked_deal` finds, every
    tile recorded as dealt; ``None``: not known here (:func:`checked_deal` says what is wrong, if anything).

    >>> from gupai.games.kap.config import collecting_config
    >>> from gupai.games.kap.deal import cut_of
    >>> config = collecting_config("kap-shap")
    >>> order = bytes(_full_sets(1))
    >>> _, cut = cut_of(config, 32, dice=(1, 1, 1, 2))
    >>> dealt(config, order + bytes(cut.every(order)), cut.sizes, dice=[1, 1, 1, 2], recorded_first=1).first_player
    1
    >>> dealt(config, order + bytes(cut.every(order)), cut.sizes, dice=[1, 1, 1, 2], recorded_first=0) is None
    True
    """
    first = dealt_first(config, kinds, sizes, dice=dice, recorded_first=recorded_first)
    if first is None:
        return None
    order = kinds[: len(kinds) // 2]
    _, cut = cut_of(config, len(order), dice=dice, first=first)
    return Deal(
        order=tuple(order),
        dice=tuple(dice) if dice is not None else None,
        first_player=first,
        hands=tuple(map(call, cut.hands, repeat(order))),
        stock=cut.stock(order),
    )


def dealt_first(
    config: CollectingConfig, kinds: bytes, sizes: Sequence[int], *, dice: Any, recorded_first: Any
) -> int | None:
    """:func:`dealt`'s first player (then the hands and the stock are the tiles ``kinds`` lists after the
    order's, as they stand); ``None``: not known here."""
    if recorded_first.__class__ is not int or _first_player_problem(config, dice, recorded_first) is not None:
        return None
    size = len(kinds) // 2  # the hands and the stock hold the order's tiles
    order = kinds[:size]
    if 2 * size != len(kinds) or not _is_full(order, config.sets):
        return None
    try:
        first, cut = cut_of(config, size, dice=dice, first=recorded_first)
    except GupaiError:
        return None
    if tuple(sizes) != cut.sizes or kinds[size:] != bytes(cut.every(order)):
        return None
    return first


def _written_kinds(faces: Any, hands: Any, stock: Any) -> bytes | None:
    """The kinds of the order's tiles, then of the hands' (seat 0's first), then of the stock's, one byte a tile,
    when all are lists of tiles written as a log writes them (:func:`~gupai.core.faces.kind_bytes`); else ``None``."""
    if faces.__class__ is not list or hands.__class__ is not list or stock.__class__ is not list:
        return None
    if set(map(type, hands)) != {list}:
        return None
    count = len(faces) + sum(map(len, hands)) + len(stock)
    return kind_bytes(chain(faces, chain.from_iterable(hands), stock), count)


def _is_full(order: Sequence[int], sets: int) -> bool:
    """Whether an order of kinds (a list, or bytes: one byte a tile) is exactly the tiles of ``sets`` sets."""
    return sorted(order) == _full_sets(sets)


def _first_player_problem(config: CollectingConfig, dice: Any, recorded_first: Any) -> ReplayError | None:
    """What is wrong with a deal's dice and recorded first player under option first-player (``None``: nothing)."""
    rule = config.rule
    reading = config.options["first-player"]
    if reading == "dice":
        if dice is None:
            return ReplayError(
                "/deal/dice", rule("deal.first-player"), "option first-player=dice, but no dice are recorded"
            )
        first = first_player_from_dice(dice, config.players)
        if recorded_first is not None and recorded_first != first:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"the dice {dice} total {sum(dice)}, which counts to seat {first}, not seat {recorded_first}",
            )
    elif reading == "previous-winner":  # given: the previous game's winner
        if dice is not None:
            return ReplayError(
                "/deal/dice", rule("deal.first-player"), "option first-player=previous-winner throws no dice"
            )
        if recorded_first is not None and recorded_first >= config.players:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"seat {recorded_first} is recorded as first, but there are {config.players} players",
            )
    else:
        if dice is not None:
            return ReplayError("/deal/dice", rule("deal.first-player"), "option first-player=seat-0 throws no dice")
        if recorded_first is not None and recorded_first != 0:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"option first-player=seat-0, but seat {recorded_first} is recorded as first",
            )
    return None


def _as_written(hands: Sequence[Any], written: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the recorded hands are lists of exactly the faces dealt, each in the order dealt."""
    try:
        return set(map(type, hands)) == {list} and tuple(map(tuple, hands)) == written
    except TypeError:
        return False


def _same_tiles(recorded: Sequence[str], written: Sequence[str], kinds: Sequence[int]) -> bool:
    """Whether recorded faces are the tiles ``kinds`` as a multiset (compared first as ``written``, the same
    tiles as the log spells them elsewhere: the schema allows one spelling a tile)."""
    try:
        if sorted(recorded) == sorted(written):
            return True
    except TypeError:  # not all strings: compared as tiles below, which says what is wrong
        pass
    return sorted(kinds_of(recorded)) == sorted(kinds)


def check_position(config: CollectingConfig, deal: Mapping[str, Any]) -> Deal:
    """A deal given as a position (hands, stock, first player) rather than an order.

    A malformed position is a :class:`ReplayError` without a rule.
    """
    n = config.players
    hands = [kinds_of(hand) for hand in deal["hands"]]
    stock = kinds_of(deal["stock"])
    first = deal["first_player"]
    if len(hands) != n:
        raise ReplayError("/deal/hands", None, f"the deal gives {len(hands)} hands for {n} players")
    if first >= n:
        raise ReplayError("/deal/first_player", None, f"seat {first} plays first, but there are {n} players")
    for seat, hand in enumerate(hands):
        want = config.dealt(first=seat == first)
        if len(hand) != want:
            raise ReplayError(
                f"/deal/hands/{seat}",
                _method_rule(config),
                f"seat {seat} is dealt {len(hand)} tiles: the deal gives it {want}",
            )
    counts = count_vector([k for hand in hands for k in hand] + stock)
    caps = set_counts(config.sets)
    extra = [f"{counts[k]} copies of [{Tile.from_index(k)}]" for k in range(KIND_COUNT) if counts[k] > caps[k]]
    if extra:
        sets = "one set holds" if config.sets == 1 else f"{config.sets} sets hold"
        raise ReplayError("/deal", _equipment_rule(config), f"the deal holds {', '.join(extra[:4])}, more than {sets}")
    return Deal(order=(), dice=None, first_player=first, hands=tuple(map(tuple, hands)), stock=tuple(stock))
