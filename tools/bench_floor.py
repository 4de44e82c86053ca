"""The seeded-deal floor of a simulation: what each game costs before a single move is played.

Game ``i`` of ``gupai simulate`` is exactly ``gupai play --seed i``: its deal
comes from ``random.Random(f"gupai:{game}:deal:{i}")``. However fast the
play, each game pays for its seed key (SHA-512 of that text), the Mersenne
Twister's seeding from it (``init_by_array``: some 1,900 steps), the shuffle
of the tiles and the cut (and, under the dice, four throws). :func:`floor_rate`
times exactly that, with the fast path's own pieces (the seed keys of
:func:`gupai.sim.fast.kap.game_keys`, the generator of :mod:`gupai.sim.fast.mt`),
so that ``make bench`` can say what fraction of this floor each game's rate
reaches, both measured in the same run.

>>> from gupai.sim.simulate import Simulation
>>> floor_rate(Simulation("kap-shap"), games=200) > 0
True
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from gupai.sim.fast import kap_kernel as kk
from gupai.sim.fast.kap import game_keys
from gupai.sim.fast.mt import randbelow, seed_state

__all__ = ["deal_only", "floor_rate"]


@njit(cache=True)
def deal_only(order0, deal_keys, deal_lens, dice, cut):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Seed, shuffle, throw the dice (when ``dice``) and cut each game's deal; a checksum (so nothing is skipped)."""
    rng = np.zeros(625, dtype=np.int64)
    tiles = order0.shape[0]
    order = np.empty(tiles, dtype=np.int64)
    hand = np.empty(cut.shape[0], dtype=np.int64)
    total = 0
    for g in range(deal_keys.shape[0]):
        seed_state(rng, deal_keys[g, : deal_lens[g]])
        order[:] = order0
        for i in range(tiles - 1, 0, -1):
            j = randbelow(rng, i + 1)
            order[i], order[j] = order[j], order[i]
        first = 0
        if dice:
            for _ in range(4):
                first += randbelow(rng, 6)
        for i in range(cut.shape[0]):
            hand[i] = order[cut[i]]
        total += hand[0] + first
    return total


def _deal_arrays(runner: Any) -> tuple[np.ndarray, bool, np.ndarray]:
    """The runner's tiles in their unshuffled order, whether dice are thrown, and the positions of the cut."""
    if hasattr(runner, "data"):  # Kap Shap and Kap Tai Shap
        data = runner.data
        dice = bool(data.params[kk.P_DICE])
        owner = np.asarray(data.owner[0])
        cut = np.concatenate([np.flatnonzero(owner >= 0), np.asarray(data.stock_pos[0])])
        return np.asarray(data.order0), dice, cut.astype(np.int64)
    cut = np.concatenate([np.ravel(runner.piles_pos), np.ravel(runner.hands_pos), np.ravel(runner.stock_pos)])
    return np.asarray(runner.order0), False, cut.astype(np.int64)


def floor_rate(simulation: Any, *, games: int, seed: int = 10**6, chunk: int = 250) -> float:
    """Seeded deals per CPU second for ``simulation``: seed keys, seeding, shuffle, dice and cut, in chunks as played."""
    from gupai.sim.fast import fast_runner
    from gupai.sim.simulate import RUNNERS

    runner = fast_runner(simulation, RUNNERS[simulation.game](simulation).new_tally().__class__)
    if runner is None:
        raise ValueError(f"{simulation.game}: no fast path to measure the floor of")
    order0, dice, cut = _deal_arrays(runner)
    keys = game_keys(simulation.game, range(seed, seed + 1), runner.agent_codes)
    deal_only(order0, keys[0], keys[1], dice, cut)  # compile or load
    began = time.process_time()
    for start in range(seed, seed + games, chunk):
        deal_keys, deal_lens, _, _ = game_keys(
            simulation.game, range(start, min(start + chunk, seed + games)), runner.agent_codes
        )
        deal_only(order0, deal_keys, deal_lens, dice, cut)
    return games / max(1e-9, time.process_time() - began)
