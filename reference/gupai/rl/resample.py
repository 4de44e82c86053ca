"""Worlds a seat cannot tell apart: a deal resampled from what one seat knows, for OpenSpiel's ISMCTS.

:func:`resample_order` deals again, at random, every tile the seat has not
seen, keeping every tile it has seen where it was: its own hand and its own
draws in the collecting games, the tiles turned over in Tsung Shap (whose
face-down piles nobody sees, their owner included). Another seat's moves
bind the new deal too: a tile it discarded (or laid) that it had not taken
in the open must have come from its own hidden tiles, so such a tile is put
in one of them first; under ``drawn-tile=discard-unless-win`` a tile
discarded just after a draw is the drawn tile itself. The moves so far are
then replayed on the new deal with every rule checked, and the new world is
kept only when the seat's observation in it is the same as in the real one
(else another draw, up to :data:`TRIES`): a resampled world is one the rules
reach and the seat sees as the real one, never a guess. A rule that forbids
what a hidden tile would have allowed (a seat that must declare a winning
hand, say) is met by drawing again: about 3 draws in 100 in Kap Tai Shap
under ``celko``, fewer elsewhere. Should every draw fail, the real deal is
returned with a :class:`FallbackWarning` (never wrong, but not random); in
the measurements (every preset, and Kap Tai Shap ``celko`` with 4 and 10
players) no call did (tests/unit/test_rl_resample.py holds it at 0).

>>> import random
>>> from gupai.games.registry import load_game
>>> game = load_game("kap-shap")
>>> state = game.new_state(game.random_deal(seed=2))
>>> for _ in range(6):
...     _ = state.apply(state.legal_actions()[0])
>>> order = resample_order(state, 0, random.Random(1))
>>> twin = game.new_state(game.deal_from_order(order, dice=state.deal.dice))
>>> for action in state.history:
...     _ = twin.apply(action)
>>> twin.observation(0) == state.observation(0), twin.hand(0) == state.hand(0)
(True, True)
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gupai.core.errors import GupaiError
from gupai.games.kap.deal import cut_order, deal_from_order
from gupai.games.kap.state import KapState
from gupai.games.tsung.deal import tsung_deal_from_order
from gupai.games.tsung.state import TsungState

__all__ = ["TRIES", "FallbackWarning", "resample_order", "sample_order"]

#: Draws of a new deal before the real one is returned (a draw is refused only when a rule binds a move further).
TRIES = 200


def resample_order(state: Any, seat: int, rng: random.Random) -> tuple[int, ...]:
    """A shuffled order (tile kinds) whose deal ``seat`` cannot tell from ``state``'s, given every move so far.

    When every one of :data:`TRIES` draws fails (none did in the measurements: see :func:`sample_order`), the
    real deal is returned with a :class:`FallbackWarning`: a world the seat cannot tell apart, but not a random one.
    """
    order, drawn = sample_order(state, seat, rng)
    if not drawn:
        warnings.warn(
            f"resample_order: {TRIES} draws of seat {seat}'s unseen tiles all broke a rule; the real deal is returned",
            FallbackWarning,
            stacklevel=2,
        )
    return order


class FallbackWarning(RuntimeWarning):
    """:func:`resample_order` returned the real deal: none of its draws was a world the seat cannot tell apart."""


def sample_order(state: Any, seat: int, rng: random.Random) -> tuple[tuple[int, ...], bool]:
    """:func:`resample_order`'s order, and whether it was drawn (``False``: every draw failed, the real deal)."""
    for _ in range(TRIES):
        if isinstance(state, KapState):
            order = _kap_order(state, seat, rng)
        elif isinstance(state, TsungState):
            order = _tsung_four_order(state, seat, rng) if state.config.four else _tsung_order(state, rng)
        else:  # pragma: no cover - every family is one of the two
            raise TypeError(f"no resampler for {type(state).__name__}")
        if _indistinguishable(state, seat, order):
            return order, True
    return tuple(state.deal.order), False


def _indistinguishable(state: Any, seat: int, order: Sequence[int]) -> bool:
    """Whether the moves so far are legal on the deal ``order`` cuts into, and ``seat`` sees the same there."""
    try:
        twin: Any = type(state)(state.config, _deal(state, order))
        for action in state.history:
            twin.apply(action)
    except GupaiError:
        return False
    if twin.observation(seat) != state.observation(seat):
        return False
    return seat != state.current_player or bool(twin.legal_actions() == state.legal_actions())


def _deal(state: Any, order: Sequence[int]) -> Any:
    """The deal ``order`` cuts into, with ``state``'s dice and first player."""
    deal = state.deal
    if isinstance(state, KapState):
        return deal_from_order(state.config, order, dice=deal.dice, first=deal.first_player)
    return tsung_deal_from_order(state.config, order, first=deal.first_player)


# ----------------------------------------------------------------- the collecting games
def _kap_order(state: KapState, seat: int, rng: random.Random) -> tuple[int, ...]:
    """A new order for the collecting games. Under ``drawn-tile=discard-unless-win`` a tile discarded just after a
    draw is the drawn one, whatever else the seat holds; otherwise a discarded tile the seat did not take in the
    open was one of its hidden tiles."""
    drawn_first = state.config.options["drawn-tile"] == "discard-unless-win"
    real = state.deal.order
    _, hands, stock = cut_order(state.config, range(len(real)), dice=state.deal.dice, first=state.deal.first_player)
    placed: dict[int, int] = {place: real[place] for place in hands[seat]}  # the seat's own hand
    hidden: dict[int, list[int]] = {s: list(hands[s]) for s in range(len(hands)) if s != seat}
    open_held: dict[int, Counter[int]] = {s: Counter() for s in hidden}
    drawn, last_draw = 0, None
    replay = KapState(state.config, state.deal)
    for action in state.history:
        for event in replay.apply(action):
            who = event.seat
            just_drawn, last_draw = last_draw, None
            if event.type == "draw":
                place = stock[drawn]
                drawn += 1
                if who == seat:
                    placed[place] = real[place]  # its own draw: seen
                else:
                    hidden[who].append(place)
                    last_draw = place
            elif who == seat or event.tile is None:
                continue
            elif event.type == "take":
                open_held[who][event.tile.index] += 1
            elif event.type == "discard":
                kind = event.tile.index
                if drawn_first and just_drawn is not None:
                    placed[just_drawn] = kind
                elif open_held[who][kind]:
                    open_held[who][kind] -= 1
                else:  # from its hidden tiles: one of them was this tile
                    free = [p for p in hidden[who] if p not in placed]
                    placed[free[rng.randrange(len(free))]] = kind
    return _filled(real, placed, rng)


# ----------------------------------------------------------------- Tsung Shap
def _tsung_order(state: TsungState, rng: random.Random) -> tuple[int, ...]:
    real = state.deal.order
    if state.config.common:  # the order is the stock
        turned = len(real) - len(state.stock())
        placed = {place: real[place] for place in range(turned)}
    else:
        half = len(real) // 2
        placed = {}
        for s in (0, 1):
            turned = half - len(state.pile(s))  # each half is a pile
            placed.update({s * half + k: real[s * half + k] for k in range(turned)})
    return _filled(real, placed, rng)


def _tsung_four_order(state: TsungState, seat: int, rng: random.Random) -> tuple[int, ...]:
    """A new order for the four-tile variant: the seat's hand and refills seen, another's lays bound to its own."""
    config, real = state.config, state.deal.order
    size, half = config.hand_size, len(real) // 2
    if config.common:
        hands = [list(range(0, size)), list(range(size, 2 * size))]
        sources = [list(range(2 * size, len(real)))] * 2  # one stock, drawn in turn by both
    else:
        hands = [list(range(s * half, s * half + size)) for s in (0, 1)]
        sources = [list(range(s * half + size, (s + 1) * half)) for s in (0, 1)]
    placed: dict[int, int] = {place: real[place] for place in hands[seat]}
    hidden = {1 - seat: hands[1 - seat]}
    drawn = [0, 0]
    replay = TsungState(config, state.deal)
    for action in state.history:
        for event in replay.apply(action):
            who = event.seat
            if event.type == "refill":
                source = 0 if config.common else who
                place = sources[who][drawn[source]]
                drawn[source] += 1
                if who == seat:
                    placed[place] = real[place]
                else:
                    hidden[who].append(place)
            elif event.type == "lay" and who != seat and event.tile is not None:
                free = [p for p in hidden[who] if p not in placed]
                placed[free[rng.randrange(len(free))]] = event.tile.index
    return _filled(real, placed, rng)


def _filled(real: Sequence[int], placed: dict[int, int], rng: random.Random) -> tuple[int, ...]:
    """``real``'s tiles with those at ``placed`` as given, and the rest shuffled into the other places."""
    rest = Counter(real)
    rest.subtract(placed.values())
    pool = sorted(rest.elements())
    rng.shuffle(pool)
    free = iter(pool)
    return tuple(placed[place] if place in placed else next(free) for place in range(len(real)))
