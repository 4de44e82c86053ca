"""The compiled Tsung Shap engine and agents (numba), for :mod:`gupai.sim.fast.tsung`.

A second implementation of :class:`gupai.games.tsung.state.TsungState`'s
moves and of the ``random`` and ``greedy`` agents
(:func:`gupai.games.tsung.play.greedy_tsung`), over arrays. The options, the
tiles' values, what a pair and a sweep score and the deal's cut come in as
arrays built by :mod:`gupai.sim.fast.tsung` from the reference's
configuration. Action codes are the reference engine's: lay ``kind * 2 +
end``, take ``TAKE0 + capture``, claim ``CLAIM0 + capture``, pass ``PASS``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gupai.sim.fast.compiling import NO_REFCOUNTS
from gupai.sim.fast.mt import randbelow, seed_state

__all__ = ["CLAIM0", "PASS", "P_COUNT", "TAKE0", "play_tsung"]

# Parameter slots.
(
    P_EITHER,
    P_TWO,
    P_SWEEP_KEEP,
    P_SWEEP_BONUS,
    P_LONE_PAIR,
    P_LONE_TEN,
    P_LONE_KEEP,
    P_LONE_BONUS,
    P_LONE_SWEEP,
    P_AGAIN,
    P_OPENING_CAPTURE,
    P_CLAIMS,
    P_END,
    P_COMMON,
    P_FOUR,
    P_TENS,
    P_SPOT,
    P_MATCH,
    P_RESTART_FIRST,
    P_OPENING_LEFT,
    P_COUNT,
) = range(21)

# End rules (P_END).
END_ALL_LAID, END_EQUAL_TURNS, END_STOCK_EMPTY = 0, 1, 2

# Capture codes (checked against gupai.games.tsung.state.Capture at setup).
PAIR_LEFT, PAIR_RIGHT, TRIPLE_LEFT, TRIPLE_RIGHT, TRIPLE_ENDS, LONE_PAIR, LONE_TEN = 1, 2, 3, 4, 5, 6, 7
TAKE0, CLAIM0, PASS = 42, 50, 58
LAY, TAKE, CLAIM, OVER = 0, 1, 2, 3
LEFT, RIGHT = 0, 1
_ROW = 40  # the row's slack on each side: 32 tiles at most are laid


@njit(**NO_REFCOUNTS)
def _captures(kind, end, row, lo, hi, laid, values, params, out):  # type: ignore[no-untyped-def]  # pragma: no cover
    """TsungState._captures: the capture codes open to ``kind`` laid at ``end``, into ``out``; their number."""
    n = hi - lo
    if n == 0 or (laid == 1 and params[P_OPENING_CAPTURE] == 0):
        return 0
    tens = params[P_TENS]  # bit s set when a sum of s spots makes tens (a shift, not a division)
    found = 0
    a = row[lo]
    if n == 1:
        if kind == a and params[P_LONE_PAIR]:
            out[found] = LONE_PAIR
            found += 1
        if params[P_LONE_TEN] and (tens >> (values[kind] + values[a])) & 1:
            out[found] = LONE_TEN
            found += 1
        return found
    z = row[hi - 1]
    either = params[P_EITHER] != 0
    if kind == a and (either or end == LEFT):
        out[found] = PAIR_LEFT
        found += 1
    if kind == z and (either or end == RIGHT):
        out[found] = PAIR_RIGHT
        found += 1
    v = values[kind]
    if n > 2 and params[P_TWO]:
        if (either or end == LEFT) and (tens >> (v + values[a] + values[row[lo + 1]])) & 1:
            out[found] = TRIPLE_LEFT
            found += 1
        if (either or end == RIGHT) and (tens >> (v + values[row[hi - 2]] + values[z])) & 1:
            out[found] = TRIPLE_RIGHT
            found += 1
    if (tens >> (v + values[a] + values[z])) & 1:
        out[found] = TRIPLE_ENDS
        found += 1
    return found


@njit(**NO_REFCOUNTS)
def _points(code, kind, row, lo, hi, values, pair_points, params):  # type: ignore[no-untyped-def]  # pragma: no cover
    """TsungState._points: what capture ``code`` with ``kind`` scores on the row before the lay."""
    if code == PAIR_LEFT or code == PAIR_RIGHT or code == LONE_PAIR:  # noqa: SIM109 - compiled: plain comparisons
        base = pair_points[kind]
    elif code == TRIPLE_ENDS:
        base = (values[kind] + values[row[lo]] + values[row[hi - 1]]) * params[P_SPOT]
    elif code == TRIPLE_LEFT:
        base = (values[kind] + values[row[lo]] + values[row[lo + 1]]) * params[P_SPOT]
    elif code == TRIPLE_RIGHT:
        base = (values[kind] + values[row[hi - 2]] + values[row[hi - 1]]) * params[P_SPOT]
    else:
        base = (values[kind] + values[row[lo]]) * params[P_SPOT]
    if code == TRIPLE_ENDS and hi - lo == 2:
        return (base if params[P_SWEEP_KEEP] else 0) + params[P_SWEEP_BONUS]
    if code >= LONE_PAIR:
        return (base if params[P_LONE_KEEP] else 0) + params[P_LONE_BONUS]
    return base


@njit(**NO_REFCOUNTS)
def _best_end(kind, row, lo, hi, laid, values, pair_points, params, scratch):  # type: ignore[no-untyped-def]  # pragma: no cover
    """greedy_tsung's _best_end: (end, points) of the best capture ``kind`` can make; the left end when none."""
    best_end, best = 0, 0
    ends = 1 if params[P_EITHER] or (laid == 1 and params[P_OPENING_LEFT]) else 2
    for end in range(ends):
        found = _captures(kind, end, row, lo, hi, laid, values, params, scratch)
        for i in range(found):
            points = _points(scratch[i], kind, row, lo, hi, values, pair_points, params)
            if points > best:
                best_end, best = end, points
    return best_end, best


@njit(cache=True)
def play_tsung(  # type: ignore[no-untyped-def]  # pragma: no cover
    params, order0, piles_pos, stock_pos, hands_pos, first_player, values, pair_points, copies, agents,
    deal_keys, deal_lens, agent_keys, agent_lens, out, trace, trace_len,
):  # fmt: skip
    """Play one game per row of ``deal_keys``.

    ``out[g]`` = (turns, first player, score 0, score 1, sweeps 0, sweeps 1, winner or -1).
    """
    kinds, tiles = values.shape[0], order0.shape[0]
    _play(
        params, order0, piles_pos, stock_pos, hands_pos, first_player, values, pair_points, copies, agents,
        deal_keys, deal_lens, agent_keys, agent_lens, out, trace, trace_len,
        np.zeros(625, dtype=np.int64), np.zeros(625, dtype=np.int64), np.empty(tiles, dtype=np.int64),
        np.zeros((2, max(piles_pos.shape[1], 1)), dtype=np.int64), np.zeros(max(stock_pos.shape[0], 1), dtype=np.int64),
        np.zeros((2, 8), dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2 * _ROW, dtype=np.int64),
        np.zeros(kinds, dtype=np.int64), np.zeros((5, 8), dtype=np.int64), np.zeros(16, dtype=np.int64),
        np.zeros((4, 2), dtype=np.int64),
    )  # fmt: skip


@njit(**NO_REFCOUNTS)
def _play(  # type: ignore[no-untyped-def]  # pragma: no cover
    params, order0, piles_pos, stock_pos, hands_pos, first_player, values, pair_points, copies, agents,
    deal_keys, deal_lens, agent_keys, agent_lens, out, trace, trace_len,
    deal_rng, agent_rng, order, piles, stock, hands, hand_len, row, laid_counts, eights, legal, pairs,
):  # fmt: skip
    """:func:`play_tsung` given its scratch arrays (``eights``: captures, their points, the missed ones, their
    points, scratch; ``pairs``: scores, sweeps, turns, piles' positions, a row each)."""
    caps, cap_points, missed, missed_points, scratch = eights[0], eights[1], eights[2], eights[3], eights[4]
    scores, sweeps, turns, pile_at = pairs[0], pairs[1], pairs[2], pairs[3]
    tiles = order0.shape[0]
    four, common, claims = params[P_FOUR] != 0, params[P_COMMON] != 0, params[P_CLAIMS] != 0
    again_any = params[P_AGAIN] != 0
    either = params[P_EITHER] != 0
    opening_left = params[P_OPENING_LEFT] != 0
    end_rule = params[P_END]
    any_random = False
    for a in agents:
        if a == 0:
            any_random = True
    recording = trace.shape[0] > 0
    pile_len = piles_pos.shape[1]
    stock_len = stock_pos.shape[0]
    first = first_player  # under P_MATCH the chunk is one match: then the previous higher scorer, a tie keeping it
    owed = 0  # refills owed for tiles laid again first (P_RESTART_FIRST: restart=before-refill)
    for g in range(deal_keys.shape[0]):
        seed_state(deal_rng, deal_keys[g, : deal_lens[g]])
        if any_random:
            seed_state(agent_rng, agent_keys[g, : agent_lens[g]])
        for i in range(tiles):
            order[i] = order0[i]
        for i in range(tiles - 1, 0, -1):
            j = randbelow(deal_rng, i + 1)
            order[i], order[j] = order[j], order[i]
        for seat in range(2):
            for i in range(pile_len):
                piles[seat, i] = order[piles_pos[seat, i]]
            hand_len[seat] = hands_pos.shape[1] if four else 0
            for i in range(hand_len[seat]):
                hands[seat, i] = order[hands_pos[seat, i]]
        for i in range(stock_len):
            stock[i] = order[stock_pos[i]]
        pile_at.fill(0)
        stock_at = 0
        lo = hi = _ROW
        scores.fill(0)
        sweeps.fill(0)
        turns.fill(0)
        laid_counts.fill(0)
        laid = 0
        ncaps = nmissed = 0
        last_kind, last_end = -1, 0
        cur = first
        revealed = -1
        steps = 0
        # _start_turn, then _begin_lay (nothing is missed yet)
        turns[cur] += 1
        phase = LAY
        if not four:
            if common:
                revealed = stock[stock_at]
                stock_at += 1
            else:
                revealed = piles[cur, pile_at[cur]]
                pile_at[cur] += 1
        while phase != OVER:
            # the legal actions
            n = 0
            if phase == LAY:
                ends = 1 if laid == 1 and opening_left else 2  # opening-end=left: the left end only
                if revealed >= 0:
                    legal[0], legal[1] = revealed * 2, revealed * 2 + 1
                    n = ends
                else:
                    for i in range(hand_len[cur]):
                        kind = hands[cur, i]
                        seen = False
                        for j in range(i):
                            if hands[cur, j] == kind:
                                seen = True
                        if not seen:
                            legal[n], legal[n + 1] = kind * 2, kind * 2 + 1
                            n += ends
            else:
                base = TAKE0 if phase == TAKE else CLAIM0
                for i in range(ncaps):
                    legal[i] = base + caps[i]
                legal[ncaps] = PASS
                n = ncaps + 1
            # the agent's choice
            if n == 1:
                code = legal[0]
            elif agents[cur] == 0:
                code = legal[randbelow(agent_rng, n)]
            elif phase != LAY:
                best = 0
                for i in range(1, ncaps):
                    if cap_points[i] > cap_points[best]:
                        best = i
                code = (TAKE0 if phase == TAKE else CLAIM0) + caps[best]
            elif revealed >= 0:
                if either or (laid == 1 and opening_left):
                    code = revealed * 2
                else:
                    code = (
                        revealed * 2 + _best_end(revealed, row, lo, hi, laid, values, pair_points, params, scratch)[0]
                    )
            else:
                code, key0, key1, key2 = -1, -1, 0, 0
                for i in range(hand_len[cur]):
                    kind = hands[cur, i]
                    end, points = 0, 0
                    if hi > lo:
                        end, points = _best_end(kind, row, lo, hi, laid, values, pair_points, params, scratch)
                    if points:
                        k0, k1, k2 = points, 0, 0
                    else:
                        held = 0
                        for j in range(hand_len[cur]):
                            if hands[cur, j] == kind:
                                held += 1
                        k0, k1, k2 = 0, -1 if copies[kind] - laid_counts[kind] - held > 0 else 0, -values[kind]
                    if k0 > key0 or (k0 == key0 and (k1 > key1 or (k1 == key1 and k2 > key2))):
                        code, key0, key1, key2 = kind * 2 + end, k0, k1, k2
            if recording and steps < trace.shape[1]:
                trace[g, steps] = code
            steps += 1
            # apply it
            after_lay, cleared, begin_lay = False, False, False
            if code < TAKE0:  # lay
                kind, end = code >> 1, code & 1
                if four:
                    at = 0
                    while hands[cur, at] != kind:
                        at += 1
                    for i in range(at, hand_len[cur] - 1):
                        hands[cur, i] = hands[cur, i + 1]
                    hand_len[cur] -= 1
                else:
                    revealed = -1
                found = 0
                if hi > lo:
                    found = _captures(kind, end, row, lo, hi, laid, values, params, scratch)
                    for i in range(found):
                        caps[i] = scratch[i]
                        cap_points[i] = _points(scratch[i], kind, row, lo, hi, values, pair_points, params)
                if end == LEFT:
                    lo -= 1
                    row[lo] = kind
                else:
                    row[hi] = kind
                    hi += 1
                laid += 1
                laid_counts[kind] += 1
                last_kind, last_end = kind, end
                if found:
                    ncaps = found
                    phase = TAKE
                else:
                    after_lay = True
            elif code == PASS:
                if phase == TAKE:
                    if claims:
                        for i in range(ncaps):
                            missed[i], missed_points[i] = caps[i], cap_points[i]
                        nmissed = ncaps
                    ncaps = 0
                    after_lay = True
                else:
                    ncaps = 0
                    begin_lay = True
            else:  # take or claim: TsungState._take
                capture = code - TAKE0 if code < CLAIM0 else code - CLAIM0
                if last_end == LEFT:
                    lo += 1
                else:
                    hi -= 1
                points = _points(capture, last_kind, row, lo, hi, values, pair_points, params)
                sweep = (capture == TRIPLE_ENDS and hi - lo == 2) or (capture >= LONE_PAIR and params[P_LONE_SWEEP])
                if capture == PAIR_LEFT or capture == LONE_PAIR or capture == LONE_TEN:  # noqa: SIM109
                    lo += 1
                elif capture == PAIR_RIGHT:
                    hi -= 1
                elif capture == TRIPLE_ENDS:
                    lo += 1
                    hi -= 1
                elif capture == TRIPLE_LEFT:
                    lo += 2
                else:
                    hi -= 2
                scores[cur] += points
                if sweep:
                    sweeps[cur] += 1
                ncaps = 0
                if code < CLAIM0:
                    after_lay, cleared = True, hi == lo or again_any
                else:
                    begin_lay = True
            if after_lay and four and cleared and params[P_RESTART_FIRST] and hand_len[cur] > 0:
                owed += 1  # TsungState._after_lay, restart=before-refill: lay again from the tiles left
                after_lay, begin_lay = False, True
            if after_lay:  # TsungState._after_lay
                if four:
                    for _ in range(1 + owed):
                        if common:
                            if stock_at < stock_len:
                                hands[cur, hand_len[cur]] = stock[stock_at]
                                hand_len[cur] += 1
                                stock_at += 1
                        elif pile_at[cur] < pile_len:
                            hands[cur, hand_len[cur]] = piles[cur, pile_at[cur]]
                            hand_len[cur] += 1
                            pile_at[cur] += 1
                    owed = 0
                mine = (stock_len - stock_at) if common else (pile_len - pile_at[cur])
                if four:
                    mine += hand_len[cur]
                if cleared and mine > 0:
                    begin_lay = True  # the restart (or lay-again=any-capture): the same player lays again
                else:  # TsungState._end_turn
                    other = 1 - cur
                    theirs = (stock_len - stock_at) if common else (pile_len - pile_at[other])
                    if four:
                        theirs += hand_len[other]
                    nxt = other
                    if end_rule == END_ALL_LAID:
                        over = mine == 0 or theirs == 0
                    elif end_rule == END_EQUAL_TURNS:
                        over = (mine == 0 or theirs == 0) and (turns[0] == turns[1] or theirs == 0)
                    else:
                        over = mine == 0 and theirs == 0
                        if theirs == 0:
                            nxt = cur
                    if over:
                        phase = OVER
                    else:
                        if nxt == cur:
                            nmissed = 0
                        cur = nxt
                        turns[cur] += 1  # _start_turn
                        if nmissed:
                            for i in range(nmissed):
                                caps[i], cap_points[i] = missed[i], missed_points[i]
                            ncaps, nmissed = nmissed, 0
                            phase = CLAIM
                        else:
                            begin_lay = True
            if begin_lay:  # TsungState._begin_lay
                phase = LAY
                if not four:
                    if common:
                        revealed = stock[stock_at]
                        stock_at += 1
                    else:
                        revealed = piles[cur, pile_at[cur]]
                        pile_at[cur] += 1
        out[g, 0] = turns[0] + turns[1]
        out[g, 1] = first
        out[g, 2] = scores[0]
        out[g, 3] = scores[1]
        out[g, 4] = sweeps[0]
        out[g, 5] = sweeps[1]
        out[g, 6] = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else -1
        if params[P_MATCH] and scores[1 - first] > scores[first]:
            first = 1 - first
        if recording:
            trace_len[g] = steps
