"""Fast hand estimates for agents: how many of a hand's tiles a winning hand keeps.

:meth:`HandEvaluator.distance` is exact but costs milliseconds; agents ask
thousands of times a game. :class:`HandPlanner` answers in microseconds (and
in a dictionary lookup for a hand seen before) with a relaxation: kinds with
the same partners are grouped into classes, the ten-pairs already in the
hand are a maximum matching between classes, and each other tile that has a
partner kind counts as half of a pair still to complete. It ignores how many
copies of the missing partners exist, so it never keeps fewer tiles than the
exact answer (it may keep more when the sets run short).

>>> from gupai.collecting import collecting_config
>>> from gupai.tiles import parse_tiles
>>> from gupai.hands import counts_of
>>> planner = HandPlanner(collecting_config("kap-shap").evaluator)
>>> planner.distance(counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1".split())))
0
>>> planner.distance(counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3".split())))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .hands import HandEvaluator
from .tiles import KIND_COUNT

__all__ = ["HandPlanner", "planner_for"]

_UNIT = tuple(1 << (4 * i) for i in range(KIND_COUNT))


class HandPlanner:
    """Quick kept-tile and distance estimates for one evaluator."""

    def __init__(self, evaluator: HandEvaluator, *, cache_size: int = 1 << 20) -> None:
        self.evaluator = evaluator
        self.size = evaluator.size
        self.pairs = evaluator.pairs_in_hand
        partners: list[frozenset[int]] = [frozenset() for _ in range(KIND_COUNT)]
        for i, j in evaluator.rules.legal_pair_indices():
            partners[i] |= {j}
            partners[j] |= {i}
        signatures: dict[frozenset[int], int] = {}
        self._class_of = [signatures.setdefault(partners[k], len(signatures)) for k in range(KIND_COUNT)]
        classes = len(signatures)
        members = [[k for k in range(KIND_COUNT) if self._class_of[k] == c] for c in range(classes)]
        self._class_partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({self._class_of[j] for k in members[c] for j in partners[k]})) for c in range(classes)
        )
        self._pairable = [bool(partners[k]) for k in range(KIND_COUNT)]
        caps = evaluator.caps
        self._eyes = tuple(e for e in evaluator.rules.eye_kinds() if caps[e] >= 2)
        self._classes = classes
        self._cache: dict[int, int] = {}
        self._cache_size = cache_size

    def kept(self, counts: Sequence[int]) -> int:
        """The most tiles of ``counts`` a winning hand could keep (an upper bound)."""
        key = 0
        for i, n in enumerate(counts):
            if n:
                key += n << (4 * i)
        found = self._cache.get(key)
        if found is None:
            found = self._kept(counts)
            if len(self._cache) >= self._cache_size:
                self._cache.clear()
            self._cache[key] = found
        return found

    def distance(self, counts: Sequence[int]) -> int:
        """Tiles still needed: the winning size less :meth:`kept`."""
        return self.size - self.kept(counts)

    def _kept(self, counts: Sequence[int]) -> int:
        class_counts = [0] * self._classes
        pairable = 0
        for k in range(KIND_COUNT):
            n = counts[k]
            if n:
                class_counts[self._class_of[k]] += n
                if self._pairable[k]:
                    pairable += n
        best = self._pairs_kept(tuple(class_counts), pairable)  # eye made of new tiles
        for e in self._eyes:
            n = counts[e]
            if not n:
                continue
            used = 2 if n >= 2 else 1
            class_counts[self._class_of[e]] -= used
            rest = pairable - (used if self._pairable[e] else 0)
            best = max(best, used + self._pairs_kept(tuple(class_counts), rest))
            class_counts[self._class_of[e]] += used
        return min(best, self.size)

    def _pairs_kept(self, class_counts: tuple[int, ...], pairable: int) -> int:
        full = _matching(class_counts, self._class_partners)
        k = self.pairs
        if full >= k:
            return 2 * k
        return 2 * full + min(k - full, pairable - 2 * full)


@cache
def _matching(counts: tuple[int, ...], partners: tuple[tuple[int, ...], ...]) -> int:
    """Maximum number of disjoint pairs among class counts (small, memoised)."""
    first = next((c for c, n in enumerate(counts) if n), None)
    if first is None:
        return 0
    work = list(counts)
    work[first] -= 1
    best = _matching(tuple(work), partners)  # leave one tile unmatched
    for other in partners[first]:
        if work[other] > 0:
            work[other] -= 1
            best = max(best, 1 + _matching(tuple(work), partners))
            work[other] += 1
    return best


@cache
def planner_for(evaluator: HandEvaluator) -> HandPlanner:
    """One shared planner per evaluator."""
    return HandPlanner(evaluator)
