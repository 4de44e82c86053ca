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

__all__ = ["best_eye", "class_delta", "eye_value", "held_eyes", "kept_formula", "matching_sums", "useful_outs"]


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


@njit(**NO_REFCOUNTS)
def held_eyes(hand, plan_eyes, partner, class_of, held, held_class, held_partner):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Write the planner's eye kinds the hand holds, in order, into ``held`` (with their classes and partner
    classes beside them, so that :func:`best_eye` need not look them up for each candidate move); their number."""
    h = 0
    for e in plan_eyes:
        if hand[e] > 0:
            c = class_of[e]
            held[h], held_class[h], held_partner[h] = e, c, partner[c]
            h += 1
    return h


@njit(**NO_REFCOUNTS)
def best_eye(hand, cc, full, pairable, k, held, held_class, held_partner, h):  # type: ignore[no-untyped-def]  # pragma: no cover
    """HandPlanner._kept before the hand's size caps it: (most tiles kept, the eye first reaching it or -1, its tiles).

    ``cc`` are the hand's class counts and (``full``, ``pairable``) their :func:`matching_sums`; ``held[:h]`` the
    planner's eye kinds in order, or those of them the hand held before it lost a tile (the others cannot be eyes
    now), with their classes and partner classes (:func:`held_eyes`). Each eye's value is :func:`eye_value`'s.
    """
    none = kept_formula(full, pairable, k)
    best = none
    eye, eye_used = -1, 0
    for i in range(h):
        tiles = hand[held[i]]
        if tiles == 0:
            continue
        used = 2 if tiles >= 2 else 1
        p = held_partner[i]
        if p < 0:
            value = used + none
        else:
            c = held_class[i]
            a = cc[c]
            if p == c:
                change = (a - used) // 2 - a // 2
            else:
                b = cc[p]
                change = min(a - used, b) - min(a, b)
            value = used + kept_formula(full + change, pairable - used, k)
        if value > best:
            best, eye, eye_used = value, held[i], used
    return best, eye, eye_used


@njit(**NO_REFCOUNTS)
def useful_outs(hand, cc, full, pairable, k, seen, caps, partner, class_of, eyes, class_live, eye, eye_used):  # type: ignore[no-untyped-def]  # pragma: no cover
    """HandPlanner.useful_kinds summed into live copies: sum of caps - hand - seen over the useful kinds.

    ``cc`` are the hand's class counts, (``full``, ``pairable``) their :func:`matching_sums`,
    ``class_live[c]`` the live copies (caps - hand - seen) of class ``c``'s kinds;
    ``eye`` and ``eye_used`` the eye the hand is best built around and its tiles (-1 and 0 for none):
    :func:`best_eye`'s last two values, which the caller has already computed; ``eyes`` the planner's eye kinds
    the hand may hold.
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
        for c in range(cc.shape[0]):
            if partner[c] >= 0 and (with_pair if class_delta(cc, partner, c, 1) else without):
                outs += class_live[c]
    if eye >= 0:
        cc[class_of[eye]] += eye_used
    if eye_used == 1:
        outs += caps[eye] - hand[eye] - seen[eye]
    elif eye < 0:
        for e in eyes:
            if hand[e] == 1:
                outs += caps[e] - hand[e] - seen[e]
    return outs
