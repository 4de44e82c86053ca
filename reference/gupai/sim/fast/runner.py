"""What the fast path's runners share: chunks of seeds played by one compiled call each, counted in one go.

A runner (:class:`gupai.sim.fast.kap.FastKapRunner`,
:class:`gupai.sim.fast.tsung.FastTsungRunner`) plays a chunk of seeded games
in one call of its kernel (:meth:`ChunkedRunner.run`: a row of results a
game) and says how a block of rows is counted into its game's tally
(:meth:`ChunkedRunner.count`). A group of chunks is counted in one go: the
rows of all its chunks at once, which costs the same numpy calls as one
chunk's. A tally's counts are sums, so the figures are the same however the
chunks are grouped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["ChunkedRunner"]


class ChunkedRunner:
    """The chunk-playing half of a fast runner; a subclass gives :meth:`run`, :meth:`count` and :meth:`new_tally`."""

    def run(self, seeds: range, *, record: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Play ``seeds`` as one match: a row of results a game, and the actions if ``record``."""
        raise NotImplementedError  # pragma: no cover - each runner has its own

    def count(self, tally: Any, out: np.ndarray) -> None:
        """Count the result rows ``out`` (of :meth:`run`) into ``tally``."""
        raise NotImplementedError  # pragma: no cover - each runner has its own

    def new_tally(self) -> Any:
        raise NotImplementedError  # pragma: no cover - each runner has its own

    def warm(self) -> None:
        """Compile the kernel, or load it from numba's cache, in this process (before any worker is forked)."""
        self.run(range(1))

    def play_chunks(self, group: Sequence[tuple[int, int]]) -> Any:
        """Play each (first seed, count) chunk of ``group`` as its own match; one tally of them all."""
        outs = [self.run(range(first, first + count))[0] for first, count in group]
        tally = self.new_tally()
        self.count(tally, outs[0] if len(outs) == 1 else np.concatenate(outs))
        return tally

    def play_chunk(self, first: int, count: int) -> Any:
        """Play games ``first .. first+count-1`` (one match) into a new tally."""
        return self.play_chunks([(first, count)])

    def play(self, seed: int, tally: Any) -> None:
        tally.merge(self.play_chunk(seed, 1))

    def state(self, seed: int) -> Any:  # pragma: no cover - the fast path keeps no state object
        raise NotImplementedError("the fast path plays whole games; use the reference runner for states")
