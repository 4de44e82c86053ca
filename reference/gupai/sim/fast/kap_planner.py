"""The greedy agent's planner for the compiled Kap Shap engine (numba), for :mod:`gupai.sim.fast.kap_kernel`.

A second implementation of :class:`gupai.games.kap.strategy.HandPlanner`'s
estimates over class counts: the kinds with the same ten-pair partners form
a class, ``cc[c]`` counts the hand's tiles of class ``c`` and ``partner[c]``
is its partner class (-1 for none). The planner keeps no memo: under the
rules the fast path plays (each class has at most one partner class) an
estimate is a few sums over the classes, cheaper than a lookup, so memory
does not grow with the games. Nothing here allocates or counts references
(``_nrt=False``): these functions run for every candidate move.
"""

from __future__ import annotations

from numba import njit

from gupai.sim.fast.compiling import NO_REFCOUNTS

__all__ = [
    "EYE_ROWS",
    "best_eye",
    "class_delta",
    "eye_value",
    "held_eyes",
    "kept_formula",
    "matching_sums",
    "useful_outs",
]


@njit(**NO_REFCOUNTS)
def class_delta(cc, partner, c, delta):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The change in the most disjoint ten-pairs when class ``c`` gains ``delta`` tiles (nothing is written).

    Every class has at most one partner class, and is that class's partner
    (the fast path runs only such rules: :attr:`gupai.sim.fast.kap.KapTables.involution`),
    so the maximum matching is a sum over partner classes: the lesser count of
    two partner classes, half the count of a class that pairs with itself. A
    change in one class moves only its own term.
    """
    p = partner[c]
    if p < 0:
        return 0
    a = cc[c]
    if p == c:
        return (a + delta) // 2 - a // 2
    b = cc[p]
    return min(a + delta, b) - min(a, b)


@njit(**NO_REFCOUNTS)
def matching_sums(cc, partner):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The most disjoint ten-pairs among class counts ``cc``, and the tiles that have a partner at all."""
    full, pairable = 0, 0
    for c in range(cc.shape[0]):
        p = partner[c]
        if p >= 0:
            a = cc[c]
            pairable += a
            if p == c:
                full += a // 2
            elif p > c:
                full += min(a, cc[p])
    return full, pairable


@njit(**NO_REFCOUNTS)
def kept_formula(full, pairable, k):  # type: ignore[no-untyped-def]  # pragma: no cover
    """HandPlanner._pairs_kept from the matching and the pairable tiles: the tiles the ten-pairs keep."""
    if full >= k:
        return 2 * k
    return 2 * full + min(k - full, pairable - 2 * full)


@njit(**NO_REFCOUNTS)
def eye_value(hand, cc, full, pairable, k, partner, class_of, e):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The tiles kept by a hand built around eye kind ``e`` (held), and the tiles of ``e`` the eye takes."""
    used = 2 if hand[e] >= 2 else 1
    c = class_of[e]
    if partner[c] >= 0:
        return used + kept_formula(full + class_delta(cc, partner, c, -used), pairable - used, k), used
    return used + kept_formula(full, pairable, k), used


#: Rows of the ``eyes`` array of :func:`held_eyes`: an eye's kind, its class, its partner class (-1 for none),
#: and, in the hand they were gathered from, the eye's tiles and the tiles of its class and of its partner class.
EYE_KIND, EYE_CLASS, EYE_PARTNER, EYE_TILES, EYE_OWN, EYE_OTHER, EYE_ROWS = range(7)


@njit(**NO_REFCOUNTS)
def held_eyes(hand, cc, plan_eyes, partner, class_of, eyes):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Write the planner's eye kinds the hand holds, in order, into the columns of ``eyes`` (rows ``EYE_*``); their number.

    Each column holds all that :func:`best_eye` reads of an eye, so that the
    candidate moves of one choice, each a tile more or less, are weighed without
    touching the hand: a candidate changes an eye's counts only where its kind
    or its class is the eye's.
    """
    h = 0
    for e in plan_eyes:  # every eye is written, and kept (h moves on) only if held: no branch to mispredict
        tiles = hand[e]
        c = class_of[e]
        p = partner[c]
        eyes[EYE_KIND, h], eyes[EYE_CLASS, h], eyes[EYE_PARTNER, h] = e, c, p
        eyes[EYE_TILES, h], eyes[EYE_OWN, h], eyes[EYE_OTHER, h] = tiles, cc[c], cc[max(p, 0)]
        h += tiles > 0
    return h


@njit(**NO_REFCOUNTS)
def best_eye(full, pairable, k, eyes, h, kind, c, d):  # type: ignore[no-untyped-def]  # pragma: no cover
    """HandPlanner._kept before the hand's size caps it: (most tiles kept, the eye first reaching it or -1, its tiles).

    The hand is the one whose eyes :func:`held_eyes` gathered into ``eyes[:, :h]``, with ``d`` (-1, 0 or 1)
    tiles of ``kind`` (of class ``c``) more; (``full``, ``pairable``) are that hand's :func:`matching_sums`.
    An eye the hand no longer holds is skipped; a kind it did not hold is not tried (see the greedy agent).
    Each eye's value is :func:`eye_value`'s.
    """
    best = kept_formula(full, pairable, k)
    eye, eye_used = -1, 0
    for i in range(h):  # computed whole and chosen by comparisons, not branches (they would be mispredicted)
        e, ec, p = eyes[EYE_KIND, i], eyes[EYE_CLASS, i], eyes[EYE_PARTNER, i]
        tiles = eyes[EYE_TILES, i] + d * (e == kind)
        a = eyes[EYE_OWN, i] + d * (ec == c)
        b = eyes[EYE_OTHER, i] + d * (p == c)
        used = min(tiles, 2)
        change = (a - used) // 2 - a // 2 if p == ec else min(a - used, b) - min(a, b)
        paired = p >= 0  # an eye of a class without partners takes no tile from the ten-pairs
        value = used + kept_formula(full + change * paired, pairable - used * paired, k)
        better = (tiles > 0) & (value > best)
        best = value if better else best
        eye = e if better else eye
        eye_used = used if better else eye_used
    return best, eye, eye_used


@njit(**NO_REFCOUNTS)
def useful_outs(hand, cc, full, pairable, k, seen, caps, partner, class_of, eyes, h, class_live, eye, eye_used):  # type: ignore[no-untyped-def]  # pragma: no cover
    """HandPlanner.useful_kinds summed into live copies: sum of caps - hand - seen over the useful kinds.

    ``cc`` are the hand's class counts, (``full``, ``pairable``) their :func:`matching_sums`,
    ``class_live[c]`` the live copies (caps - hand - seen) of class ``c``'s kinds;
    ``eye`` and ``eye_used`` the eye the hand is best built around and its tiles (-1 and 0 for none):
    :func:`best_eye`'s last two values, which the caller has already computed; ``eyes[EYE_KIND, :h]``
    the planner's eye kinds the hand may hold (:func:`held_eyes`).
    A class helps when one more of its tiles raises the tiles kept by the rest
    of the hand (the hand less the eye it is best built around): one more tile
    moves the matching by 0 or 1, so two comparisons decide every class.
    """
    if eye >= 0:  # the rest: the hand less the eye it is best built around
        c = class_of[eye]
        if partner[c] >= 0:
            full += class_delta(cc, partner, c, -eye_used)
            pairable -= eye_used
        cc[c] -= eye_used
    now = kept_formula(full, pairable, k)
    with_pair = kept_formula(full + 1, pairable + 1, k) > now  # a tile that completes a ten-pair helps
    without = kept_formula(full, pairable + 1, k) > now  # a pairable tile that completes none helps
    outs = 0
    if with_pair or without:
        for c in range(cc.shape[0]):  # summed by weights, not branches (they would be mispredicted)
            p = partner[c]
            a = cc[c]
            # class_delta(cc, partner, c, 1); without a partner (p < 0) the count read is not used
            pairs = (a + 1) // 2 - a // 2 if p == c else min(a + 1, cc[max(p, 0)]) - min(a, cc[max(p, 0)])
            helps = (p >= 0) & (with_pair if pairs > 0 else without)
            outs += class_live[c] * helps
    if eye >= 0:
        cc[class_of[eye]] += eye_used
    if eye_used == 1:
        outs += caps[eye] - hand[eye] - seen[eye]
    elif eye < 0:
        for i in range(h):
            e = eyes[EYE_KIND, i]
            outs += (caps[e] - hand[e] - seen[e]) * (hand[e] == 1)
    return outs
