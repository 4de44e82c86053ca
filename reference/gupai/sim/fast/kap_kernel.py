"""The compiled Kap Shap and Kap Tai Shap engine and agents (numba), for :mod:`gupai.sim.fast.kap`.

A second implementation of :class:`gupai.games.kap.state.KapState`'s moves,
of the ``random`` and ``greedy`` agents and of the greedy agent's planner
(:class:`gupai.games.kap.strategy.HandPlanner`), written over count arrays.
Every rule fact (the options, the deal's cut, the pairs and eyes, the copies
a kind has) comes in as arrays built by :mod:`gupai.sim.fast.kap` from the
spec; nothing here knows a rule number.

The planner's estimates are in :mod:`gupai.sim.fast.kap_planner`. The
functions run for every move (the planner, the greedy agent, the win check)
allocate nothing and are compiled without reference counting (``_nrt=False``),
whose atomic counts were a fifth of the kernel's time; :func:`play_kap`
allocates its scratch arrays once a call. (A function compiled so must not
call one that allocates: the navpil agent's functions keep their counts.)
The seat to play holds its hand in one scratch array, swapped in at each turn
(a row view a move cost two reference counts). The per-move loops over kinds and eyes
avoid branches that depend on the hand: an item is written always and kept by
a count, a best is kept by comparisons; mispredicted branches were most of the
greedy agent's time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gupai.sim.fast.compiling import NO_REFCOUNTS
from gupai.sim.fast.kap_planner import (
    EYE_ROWS,
    best_eye,
    class_delta,
    held_eyes,
    kept_formula,
    matching_sums,
    useful_outs,
)
from gupai.sim.fast.mt import randbelow, seed_state
from gupai.sim.fast.navpil_kernel import nav_discard, nav_offer

__all__ = [
    "ACTION_DECLARE",
    "ACTION_DISCARD",
    "ACTION_DRAW",
    "ACTION_PASS",
    "ACTION_TAKE",
    "AGENT_GREEDY",
    "AGENT_NAVPIL",
    "AGENT_RANDOM",
    "P_COUNT",
    "play_kap",
]

# Parameter slots (the int64 array ``params``).
(
    P_PLAYERS,
    P_SIZE,
    P_PAIRS,
    P_TAKE_ANY,
    P_TWO_TILES,
    P_DISCARD_DRAWN,
    P_OPENING_DRAW,
    P_TAKEN_BACK,
    P_MUST_DECLARE,
    P_DEAD_ROUND,
    P_DEAD_TURNS,
    P_DICE,
    P_CLASSES,
    P_KINDS,
    P_DRAW_FIRST,
    P_NO_CONSECUTIVE,
    P_TURN_CAP,
    P_PLAY_ON,
    P_MATCH,
    P_COUNT,
) = range(20)

# Phases and what the hand came from (KapState.phase / .after).
HOLD, START, DRAW, OVER = 0, 1, 2, 3
AFTER_DEAL, AFTER_DRAW, AFTER_TAKE, AFTER_START = 0, 1, 2, 3

# Actions as recorded: kind in the low five bits, type above.
ACTION_DISCARD, ACTION_TAKE, ACTION_DRAW, ACTION_DECLARE, ACTION_PASS = 0, 32, 64, 96, 128

# Agents by code (the ``agents`` array): random, greedy, navpil.
AGENT_RANDOM, AGENT_GREEDY, AGENT_NAVPIL = 0, 1, 2

# Rows of the navpil agent's table (``nav``; see gupai.sim.fast.kap.KapTables.nav).
NAV_BUCKET, NAV_COMPLEMENT, NAV_CIVIL, NAV_RANK, NAV_BY_RANK, NAV_EYE_ORDER, NAV_TOTAL, NAV_SIGN, NAV_ROWS = range(9)

# Reasons a game ends (index into KapTally.REASONS).
DECLARED, STOCK_EXHAUSTED, DEAD_ROUNDS, ABANDONED = 0, 1, 2, 3


@njit(**NO_REFCOUNTS)
def _class_counts(hand, cc, class_of):  # type: ignore[no-untyped-def]  # pragma: no cover
    cc.fill(0)
    for kind in range(hand.shape[0]):
        cc[class_of[kind]] += hand[kind]


@njit(**NO_REFCOUNTS)
def _is_winning(hand, cc, params, win_eyes, partner, class_of):  # type: ignore[no-untyped-def]  # pragma: no cover
    """The hand is an eye and the ten-pairs (the evaluator's winning set, decided by matching).

    ``cc`` are the hand's class counts. Taking an eye's two tiles never adds a
    ten-pair, so a hand with fewer ten-pairs than it needs is not tried eye by eye.
    """
    total = 0
    for c in range(cc.shape[0]):
        total += cc[c]
    if total != params[P_SIZE]:
        return False
    full = matching_sums(cc, partner)[0]
    if full < params[P_PAIRS]:
        return False
    for e in win_eyes:  # noqa: SIM110 - no generators in compiled code
        if hand[e] >= 2 and full + class_delta(cc, partner, class_of[e], -2) == params[P_PAIRS]:
            return True
    return False


@njit(**NO_REFCOUNTS)
def _greedy(  # type: ignore[no-untyped-def]  # pragma: no cover
    hand, cc, legal, n, table_count, caps, params, partner, class_of, plan_eyes, plan_eye, ties, tie_eye, tie_used,
    class_live, eyes,
):  # fmt: skip
    """The greedy agent's choice (gupai.games.agents._greedy_kap) among ``legal[:n]``; ``cc`` the hand's class counts.

    ``plan_eye[kind]`` says whether ``kind`` is in ``plan_eyes``. ``ties``, ``tie_eye`` and ``tie_used`` (one slot a
    legal action: a discard tied for the best, and the eye its hand is best built around, which :func:`useful_outs` needs),
    ``class_live`` (one count a class) and ``eyes`` (:func:`held_eyes`) are scratch space.
    The matching of the hand is summed once; each candidate moves it by one tile's :func:`class_delta`,
    and only the eyes the hand holds are tried, from what :func:`held_eyes` gathered of them once.
    """
    first = legal[0]
    if n == 1 or first == ACTION_DECLARE:
        return first
    k, size = params[P_PAIRS], params[P_SIZE]
    full, pairable = matching_sums(cc, partner)
    h = held_eyes(hand, cc, plan_eyes, partner, class_of, eyes)
    if first < ACTION_TAKE:  # discards
        tied = 0
        best_kept = -1
        for i in range(n):
            kind = legal[i]
            c = class_of[kind]
            paired = partner[c] >= 0
            f = full + class_delta(cc, partner, c, -1) if paired else full
            q = pairable - 1 if paired else pairable
            if min(kept_formula(f, q, k) + 2, size) < best_kept:
                continue  # no eye adds more than its two tiles: this discard cannot reach the best so far
            best, eye, used = best_eye(f, q, k, eyes, h, kind, c, -1)
            score = min(best, size)
            # the ties for the best so far, kept without a branch: each discard is written, and counted if tied
            tied = 0 if score > best_kept else tied
            best_kept = max(best_kept, score)
            ties[tied], tie_eye[tied], tie_used[tied] = kind, eye, used
            tied += score == best_kept
        if tied == 1:
            return ties[0]
        class_live.fill(0)
        for kind in range(params[P_KINDS]):
            class_live[class_of[kind]] += caps[kind] - hand[kind] - table_count[kind]
        chosen, best_outs, best_seen = ties[0], -1, -1
        for i in range(tied):
            kind = ties[i]
            c = class_of[kind]
            paired = partner[c] >= 0
            f = full + class_delta(cc, partner, c, -1) if paired else full
            hand[kind] -= 1
            cc[c] -= 1
            class_live[c] += 1
            outs = useful_outs(
                hand, cc, f, pairable - 1 if paired else pairable, k, table_count, caps, partner, class_of, eyes, h,
                class_live, tie_eye[i], tie_used[i],
            )  # fmt: skip
            hand[kind] += 1
            cc[c] += 1
            class_live[c] -= 1
            seen = table_count[kind]
            better = (outs > best_outs) | ((outs == best_outs) & (seen > best_seen))
            chosen = kind if better else chosen
            best_outs = outs if better else best_outs
            best_seen = seen if better else best_seen
        return chosen
    now = min(best_eye(full, pairable, k, eyes, h, -1, -1, 0)[0], size)
    # A kind the hand did not hold, taken, is an eye of one tile: it keeps that tile and all the ten-pairs the
    # hand had (the tile adds none it does not take back), whatever its class.
    new_eye = 1 + kept_formula(full, pairable, k)
    chosen = legal[n - 1]  # drawing (or passing) comes last
    for i in range(n - 1):
        kind = legal[i] - ACTION_TAKE
        c = class_of[kind]
        paired = partner[c] >= 0
        f = full + class_delta(cc, partner, c, 1) if paired else full
        q = pairable + 1 if paired else pairable
        if min(kept_formula(f, q, k) + 2, size) <= now:
            continue  # no eye adds more than its two tiles (a new one, one): this take cannot beat the best so far
        best = best_eye(f, q, k, eyes, h, kind, c, 1)[0]
        if plan_eye[kind] and hand[kind] == 0:  # an eye the hand did not hold
            best = max(best, new_eye)
        gain = min(best, size)
        chosen = legal[i] if gain > now else chosen
        now = max(now, gain)
    return chosen


@njit(cache=True)
def _navpil_offer(  # type: ignore[no-untyped-def]  # pragma: no cover
    hand, cc, table, tlen, take_any, offered, seen, params, win_eyes, partner, class_of, table_count,
    nav_bucket, nav_comp, nav_civil, nav_rank, nav_by_rank, nav_eyes, nav_total, nav_sign, decline,
):  # fmt: skip
    """The navpil agent offered the table's discards (navpil._offer): a take, or ``decline`` (the draw or the pass).

    The discards are offered in table order, oldest first (the latest alone
    under take=latest); one that completes a win by the engine's own check is
    taken at once, so a win is never declined.
    """
    count = 0
    if take_any:
        seen.fill(False)
        for i in range(tlen):
            k = table[i]
            if not seen[k]:
                seen[k] = True
                offered[count] = k
                count += 1
    else:
        offered[0] = table[tlen - 1]
        count = 1
    for i in range(count):
        k = offered[i]
        hand[k] += 1
        cc[class_of[k]] += 1
        win = _is_winning(hand, cc, params, win_eyes, partner, class_of)
        hand[k] -= 1
        cc[class_of[k]] -= 1
        if win:
            return ACTION_TAKE + k
    k = nav_offer(
        hand, table_count, offered, count, nav_bucket, nav_comp, nav_civil, nav_rank, nav_by_rank, nav_eyes,
        nav_total, nav_sign,
    )  # fmt: skip
    return decline if k < 0 else ACTION_TAKE + k


@njit(cache=True)
def play_kap(  # type: ignore[no-untyped-def]  # pragma: no cover
    params, order0, owner, stock_pos, dice_first, win_eyes, plan_eyes, partner, class_of, caps, agents, nav,
    deal_keys, deal_lens, agent_keys, agent_lens, out, trace, trace_len,
):  # fmt: skip
    """Play one game per row of ``deal_keys``; ``out[g]`` = (turns, first player, winner or -1, reason).

    Under ``P_MATCH`` the rows are one match: seat 0 begins, then each previous winner (gupai.games.match).

    When ``trace`` has rows, every action of game ``g`` is written to
    ``trace[g]`` (kind + ACTION_* code) and the count to ``trace_len[g]``.
    """
    players, kinds = params[P_PLAYERS], params[P_KINDS]
    take_any, two_tiles = params[P_TAKE_ANY] != 0, params[P_TWO_TILES] != 0
    discard_drawn, opening_draw = params[P_DISCARD_DRAWN] != 0, params[P_OPENING_DRAW] != 0
    taken_back, must_declare = params[P_TAKEN_BACK], params[P_MUST_DECLARE] != 0  # taken_back: 0, 1 or 2
    dead_round = params[P_DEAD_ROUND] != 0
    draw_first = params[P_DRAW_FIRST] != 0
    no_consecutive = params[P_NO_CONSECUTIVE] != 0
    turn_cap = params[P_TURN_CAP]  # 0: none (the game's own end rules guarantee one)
    play_on = params[P_PLAY_ON] != 0  # stock-out=play-on: take or pass once the stock is empty
    dead_turns = params[P_DEAD_TURNS] * players
    tiles = order0.shape[0]
    stock_size = stock_pos.shape[1]
    any_random = False
    for a in agents:
        if a == 0:
            any_random = True
    recording = trace.shape[0] > 0
    deal_rng = np.zeros(625, dtype=np.int64)
    agent_rng = np.zeros(625, dtype=np.int64)
    order = np.empty(tiles, dtype=np.int64)
    hands = np.zeros((players, kinds), dtype=np.int64)  # the seats' hands; the seat to play holds ``hand``
    hand = np.zeros(kinds, dtype=np.int64)
    stock = np.empty(stock_size, dtype=np.int64)
    table = np.empty(tiles, dtype=np.int64)
    table_count = np.zeros(kinds, dtype=np.int64)
    took_last = np.zeros(players, dtype=np.bool_)
    legal = np.empty(kinds + 2, dtype=np.int64)
    ties = np.empty(kinds + 2, dtype=np.int64)
    tie_eye = np.empty(kinds + 2, dtype=np.int64)
    tie_used = np.empty(kinds + 2, dtype=np.int64)
    class_live = np.zeros(partner.shape[0], dtype=np.int64)
    eyes = np.empty((EYE_ROWS, plan_eyes.shape[0]), dtype=np.int64)
    plan_eye = np.zeros(kinds, dtype=np.bool_)
    for i in range(plan_eyes.shape[0]):
        plan_eye[plan_eyes[i]] = True
    cc = np.zeros(partner.shape[0], dtype=np.int64)
    allowed = np.zeros(kinds, dtype=np.bool_)
    offered = np.empty(kinds, dtype=np.int64)
    seen = np.zeros(kinds, dtype=np.bool_)
    nav_bucket, nav_comp, nav_civil, nav_rank = nav[NAV_BUCKET], nav[NAV_COMPLEMENT], nav[NAV_CIVIL], nav[NAV_RANK]
    nav_by_rank, nav_eyes, nav_total, nav_sign = nav[NAV_BY_RANK], nav[NAV_EYE_ORDER], nav[NAV_TOTAL], nav[NAV_SIGN, 0]
    match_first = 0
    for g in range(deal_keys.shape[0]):
        seed_state(deal_rng, deal_keys[g, : deal_lens[g]])
        if any_random:
            seed_state(agent_rng, agent_keys[g, : agent_lens[g]])
        for i in range(tiles):
            order[i] = order0[i]
        for i in range(tiles - 1, 0, -1):
            j = randbelow(deal_rng, i + 1)
            order[i], order[j] = order[j], order[i]
        first, cut = match_first if params[P_MATCH] else 0, 0  # a match: the previous winner, dealt from seat 0
        if params[P_DICE]:
            d0 = randbelow(deal_rng, 6)
            d1 = randbelow(deal_rng, 6)
            d2 = randbelow(deal_rng, 6)
            d3 = randbelow(deal_rng, 6)
            first = cut = dice_first[d0, d1, d2, d3]
        hands.fill(0)
        for p in range(tiles):
            seat = owner[cut, p]
            if seat >= 0:
                hands[seat, order[p]] += 1
        for i in range(stock_size):
            stock[i] = order[stock_pos[cut, i]]
        drawn_count, tlen = 0, 0
        table_count.fill(0)
        took_last.fill(False)
        cur, phase, after, taken, drawn = first, HOLD, AFTER_DEAL, -1, -1
        for k in range(kinds):
            hand[k] = hands[cur, k]
        _class_counts(hand, cc, class_of)
        if draw_first:  # opening=draw: the first turn is an ordinary one
            phase, after = START, AFTER_START
        turn, opening, stage, drew, took, idle, passes = 1, True, 0, False, False, 0, 0
        winner, reason, steps = -1, -1, 0
        while phase != OVER:
            if phase == DRAW:
                action = ACTION_DRAW
            else:
                n = 0
                if phase == HOLD:
                    win = _is_winning(hand, cc, params, win_eyes, partner, class_of)
                    if win:
                        legal[0] = ACTION_DECLARE
                        n = 1
                    if not (win and must_declare):
                        if after == AFTER_DRAW and discard_drawn and drawn >= 0:
                            legal[n] = ACTION_DISCARD + drawn
                            n += 1
                        else:
                            banned = -1
                            if after == AFTER_TAKE and taken_back != 1 and not (taken_back == 2 and hand[taken] > 1):
                                banned = taken
                            for k in range(kinds):  # written always, kept if legal: no branch to mispredict
                                legal[n] = ACTION_DISCARD + k
                                n += (hand[k] > 0) & (k != banned)
                else:  # START
                    if tlen > 0 and (two_tiles or not no_consecutive or not took_last[cur]):
                        if not take_any:
                            legal[0] = ACTION_TAKE + table[tlen - 1]
                            n = 1
                        else:
                            for k in range(kinds):
                                legal[n] = ACTION_TAKE + k
                                n += table_count[k] > 0
                    legal[n] = ACTION_PASS if drawn_count == stock_size else ACTION_DRAW
                    n += 1
                if agents[cur] == AGENT_GREEDY:
                    action = _greedy(
                        hand, cc, legal, n, table_count, caps, params, partner, class_of, plan_eyes, plan_eye, ties,
                        tie_eye, tie_used, class_live, eyes,
                    )  # fmt: skip
                elif agents[cur] == AGENT_NAVPIL:
                    if n == 1 or legal[0] == ACTION_DECLARE:
                        action = legal[0]
                    elif phase == HOLD:
                        allowed.fill(False)
                        for i in range(n):
                            allowed[legal[i] - ACTION_DISCARD] = True
                        action = ACTION_DISCARD + nav_discard(
                            hand, table_count, allowed, nav_bucket, nav_comp, nav_civil, nav_rank, nav_by_rank,
                            nav_eyes, nav_total, nav_sign,
                        )  # fmt: skip
                    else:
                        action = _navpil_offer(
                            hand, cc, table, tlen, take_any, offered, seen, params, win_eyes, partner, class_of,
                            table_count, nav_bucket, nav_comp, nav_civil, nav_rank, nav_by_rank, nav_eyes, nav_total,
                            nav_sign, legal[n - 1],
                        )  # fmt: skip
                elif legal[0] == ACTION_DECLARE or n == 1:
                    action = legal[0]
                else:
                    action = legal[randbelow(agent_rng, n)]
            if recording and steps < trace.shape[1]:
                trace[g, steps] = action
            steps += 1
            kind = action & 31
            code = action - kind
            end_turn = False
            if code == ACTION_PASS:
                passes += 1
                end_turn = True
            elif code == ACTION_DISCARD:
                hand[kind] -= 1
                cc[class_of[kind]] -= 1
                table[tlen] = kind
                tlen += 1
                table_count[kind] += 1
                if opening and opening_draw and stage == 0:
                    stage = 1
                    phase = DRAW
                elif after == AFTER_TAKE and two_tiles:
                    phase = DRAW
                else:
                    end_turn = True
            if end_turn:  # KapState._end_turn
                took_last[cur] = took
                idle = 0 if drew else idle + 1
                if took:
                    passes = 0
                if drawn_count == stock_size and (not play_on or passes >= players):
                    phase, reason = OVER, STOCK_EXHAUSTED
                elif dead_round and idle >= dead_turns:
                    phase, reason = OVER, DEAD_ROUNDS
                else:
                    for k in range(kinds):  # the next seat takes up its hand
                        hands[cur, k] = hand[k]
                    cur = (cur + 1) % players
                    for k in range(kinds):
                        hand[k] = hands[cur, k]
                    _class_counts(hand, cc, class_of)
                    turn += 1
                    phase, after, taken, drawn = START, AFTER_START, -1, -1
                    drew, took, opening = False, False, False
                    if turn_cap > 0 and turn > turn_cap:  # KapState.abandon at the start of a turn
                        phase, reason, turn = OVER, ABANDONED, turn - 1
            if code == ACTION_DRAW:
                kind = stock[drawn_count]
                drawn_count += 1
                hand[kind] += 1
                cc[class_of[kind]] += 1
                phase, after, drawn, drew = HOLD, AFTER_DRAW, kind, True
            elif code == ACTION_TAKE:
                at = tlen - 1
                while table[at] != kind:
                    at -= 1
                for i in range(at, tlen - 1):
                    table[i] = table[i + 1]
                tlen -= 1
                table_count[kind] -= 1
                hand[kind] += 1
                cc[class_of[kind]] += 1
                phase, after, taken, took = HOLD, AFTER_TAKE, kind, True
            elif code == ACTION_DECLARE:
                winner, reason, phase = cur, DECLARED, OVER
        out[g, 0] = turn
        out[g, 1] = first
        out[g, 2] = winner
        if winner >= 0:
            match_first = winner
        out[g, 3] = reason
        if recording:
            trace_len[g] = steps
