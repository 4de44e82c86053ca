"""The ``navpil`` agent compiled (numba), for :mod:`gupai.sim.fast.kap_kernel`.

A second implementation of :mod:`gupai.games.kap.navpil` over arrays of
tile kinds, held to it by the differential test. The tables (each kind's
bucket, civil flag and Java rank, the eye order, the copies of each bucket)
are :class:`gupai.games.kap.navpil.NavpilTables` as arrays; a hand is an
ordered array of kinds, reordered as the Java player reorders its list.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["nav_discard", "nav_offer"]

_BUCKETS = 10
_BIG = 1 << 40


@njit(cache=True)
def _priority(kind, own_b, table_b, bucket, comp, total, sign):  # type: ignore[no-untyped-def]  # pragma: no cover
    c = comp[bucket[kind]]
    return total[c] - own_b[c] + sign * table_b[c]


@njit(cache=True)
def _bucket_counts(tiles, n, bucket, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    out[:] = 0
    for i in range(n):
        out[bucket[tiles[i]]] += 1


@njit(cache=True)
def _table_buckets(table_count, bucket):  # type: ignore[no-untyped-def]  # pragma: no cover
    """How many open discards each bucket holds (``table_count`` counts them by kind)."""
    out = np.zeros(_BUCKETS, dtype=np.int64)
    for k in range(table_count.shape[0]):
        out[bucket[k]] += table_count[k]
    return out


@njit(cache=True)
def _deadwood(order, n, eye, bucket, comp, civil, rank, dead):  # type: ignore[no-untyped-def]  # pragma: no cover
    """navpil._deadwood: the deadwood (into ``dead``, Java order) when ``eye`` (or -1) is the eye;
    the eye's two tiles move to the end of ``order``. Returns the deadwood's length."""
    if eye >= 0:
        removed = 0
        w = 0
        for i in range(n):
            if order[i] == eye and removed < 2:
                removed += 1
            else:
                order[w] = order[i]
                w += 1
        order[n - 2] = eye
        order[n - 1] = eye
        m_tiles = n - 2
    else:
        m_tiles = n
    buckets = np.empty((_BUCKETS, n), dtype=np.int64)
    sizes = np.zeros(_BUCKETS, dtype=np.int64)
    for want in (1, 0):  # civil first, each in hand order
        for i in range(m_tiles):
            k = order[i]
            if civil[k] == want:
                b = bucket[k]
                buckets[b, sizes[b]] = k
                sizes[b] += 1
    d = 0
    for m in range(_BUCKETS):
        c = comp[m]
        if c == m:
            if sizes[m] % 2 == 1:
                dead[d] = buckets[m, sizes[m] - 1]
                d += 1
        elif m < c:
            if sizes[m] > sizes[c]:
                for j in range(sizes[c], sizes[m]):
                    dead[d] = buckets[m, j]
                    d += 1
            else:
                for j in range(sizes[m], sizes[c]):
                    dead[d] = buckets[c, j]
                    d += 1
    for i in range(1, d):  # insertion sort by Java rank (stable)
        k = dead[i]
        j = i - 1
        while j >= 0 and rank[dead[j]] > rank[k]:
            dead[j + 1] = dead[j]
            j -= 1
        dead[j + 1] = k
    return d


@njit(cache=True)
def _spread(dead, d, own_b, table_b, bucket, comp, total, sign):  # type: ignore[no-untyped-def]  # pragma: no cover
    s = 0
    lo = _BIG
    for i in range(d):
        p = _priority(dead[i], own_b, table_b, bucket, comp, total, sign)
        s += p
        if p < lo:
            lo = p
    return s - lo


@njit(cache=True)
def _best_hand(order, n, table_b, bucket, comp, civil, rank, eye_order, total, sign, best):  # type: ignore[no-untyped-def]  # pragma: no cover
    """navpil._best_hand: returns (winning, deadwood length), the deadwood in ``best``; reorders ``order``."""
    counts = np.zeros(eye_order.shape[0], dtype=np.int64)
    for i in range(n):
        counts[order[i]] += 1
    dead = np.empty(n, dtype=np.int64)
    fewest = _BIG
    found = 0
    for e in eye_order:
        if counts[e] >= 2:
            found += 1
    if found == 0:
        d = _deadwood(order, n, -1, bucket, comp, civil, rank, best)
        return False, d
    splits = np.empty((found, n), dtype=np.int64)
    lengths = np.empty(found, dtype=np.int64)
    s = 0
    for e in eye_order:
        if counts[e] < 2:
            continue
        d = _deadwood(order, n, e, bucket, comp, civil, rank, dead)
        if d == 0:
            return True, 0
        splits[s, :d] = dead[:d]
        lengths[s] = d
        if d < fewest:
            fewest = d
        s += 1
    own_b = np.zeros(_BUCKETS, dtype=np.int64)
    _bucket_counts(order, n, bucket, own_b)
    chosen = -1
    good = 0
    best_spread = -1
    for i in range(found):
        if lengths[i] == fewest:
            good += 1
    for i in range(found):
        if lengths[i] != fewest:
            continue
        if good == 1:
            chosen = i
            break
        spread = _spread(splits[i], fewest, own_b, table_b, bucket, comp, total, sign)
        if spread > best_spread:
            chosen, best_spread = i, spread
    best[:fewest] = splits[chosen, :fewest]
    return False, fewest


@njit(cache=True)
def _sorted_hand(hand, by_rank, order):  # type: ignore[no-untyped-def]  # pragma: no cover
    n = 0
    for k in by_rank:
        for _ in range(hand[k]):
            order[n] = k
            n += 1
    return n


@njit(cache=True)
def _deadliest(tiles, m, allowed, own_b, table_b, bucket, comp, civil, total, sign):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The first of ``tiles[:m]`` to discard among those ``allowed`` (lowest priority, military, first): -1 if none."""
    chosen = -1
    best_p = _BIG
    best_c = 2
    for i in range(m):
        k = tiles[i]
        if not allowed[k]:
            continue
        p = _priority(k, own_b, table_b, bucket, comp, total, sign)
        if p < best_p or (p == best_p and civil[k] < best_c):
            chosen, best_p, best_c = k, p, civil[k]
    return chosen


@njit(cache=True)
def nav_discard(hand, table_count, allowed, bucket, comp, civil, rank, by_rank, eye_order, total, sign):  # type: ignore[no-untyped-def]  # pragma: no cover
    """navpil._discard: the kind to discard among the ``allowed`` kinds (a boolean a kind)."""
    order = np.empty(64, dtype=np.int64)
    n = _sorted_hand(hand, by_rank, order)
    table_b = _table_buckets(table_count, bucket)
    own_b = np.zeros(_BUCKETS, dtype=np.int64)
    _bucket_counts(order, n, bucket, own_b)
    dead = np.empty(n, dtype=np.int64)
    _, d = _best_hand(order, n, table_b, bucket, comp, civil, rank, eye_order, total, sign, dead)
    if d > 0:
        chosen = _deadliest(dead, d, allowed, own_b, table_b, bucket, comp, civil, total, sign)
        if chosen >= 0:
            return chosen
    return _deadliest(order, n, allowed, own_b, table_b, bucket, comp, civil, total, sign)


@njit(cache=True)
def nav_offer(hand, table_count, offered, n_offered, bucket, comp, civil, rank, by_rank, eye_order, total, sign):  # type: ignore[no-untyped-def]  # pragma: no cover
    """navpil._offer after the check for a win: the kind to take from ``offered[:n_offered]``, or -1 to draw."""
    base = np.empty(64, dtype=np.int64)
    n = _sorted_hand(hand, by_rank, base)
    table_all = _table_buckets(table_count, bucket)
    table_b = np.zeros(_BUCKETS, dtype=np.int64)
    copy = np.empty(n + 1, dtype=np.int64)
    dead = np.empty(n + 1, dtype=np.int64)
    best_dead = np.empty(n + 1, dtype=np.int64)
    own_b = np.zeros(_BUCKETS, dtype=np.int64)
    max_spread, best_d, wished, max_dead = -1, -1, -1, n + 1
    for i in range(n_offered):
        kind = offered[i]
        table_b[:] = table_all
        table_b[bucket[kind]] -= 1
        copy[:n] = base[:n]
        copy[n] = kind
        won, d = _best_hand(copy, n + 1, table_b, bucket, comp, civil, rank, eye_order, total, sign, dead)
        if won:
            return kind
        if d == 0:
            if max_dead > 2:
                max_dead, max_spread, best_d, wished = 2, -1, -1, -1
            _bucket_counts(base, n, bucket, own_b)
            lo1, lo2 = _BIG, _BIG
            for j in range(n):
                p = _priority(base[j], own_b, table_b, bucket, comp, total, sign)
                if p < lo1:
                    lo1, lo2 = p, lo1
                elif p < lo2:
                    lo2 = p
            spread = lo2  # the two lowest, sum less minimum
        else:
            if d > max_dead:
                continue
            if d < max_dead:
                max_dead, max_spread, best_d, wished = d, -1, -1, -1
            _bucket_counts(copy, n + 1, bucket, own_b)
            spread = _spread(dead, d, own_b, table_b, bucket, comp, total, sign)
        if spread > max_spread:
            max_spread, wished, best_d = spread, kind, d
            best_dead[:d] = dead[:d]
    if wished < 0:
        return -1
    table_b[:] = table_all
    table_b[bucket[wished]] -= 1
    copy[:n] = base[:n]
    copy[n] = wished
    _bucket_counts(copy, n + 1, bucket, own_b)
    allowed = np.ones(eye_order.shape[0], dtype=np.bool_)
    if best_d > 0:
        would = _deadliest(best_dead, best_d, allowed, own_b, table_b, bucket, comp, civil, total, sign)
    else:
        would = _deadliest(copy, n + 1, allowed, own_b, table_b, bucket, comp, civil, total, sign)
    if would == wished:
        return -1
    return wished
