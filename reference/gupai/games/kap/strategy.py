"""Fast hand estimates for agents: how many of a hand's tiles a winning hand keeps.

:meth:`HandEvaluator.distance` is exact but costs milliseconds; agents ask
thousands of times a game. :class:`HandPlanner` answers in microseconds (and
in a dictionary lookup for a hand seen before) with a relaxation: kinds with
the same partners are grouped into classes, the ten-pairs already in the
hand are a maximum matching between classes, and each other tile that has a
partner kind counts as half of a pair still to complete. It ignores how many
copies of the missing partners exist, so it never keeps fewer tiles than the
exact answer (it may keep more when the sets run short).

>>> from gupai.games.kap.config import collecting_config
>>> from gupai.core.tiles import parse_tiles
>>> from gupai.core.hands import counts_of
>>> planner = HandPlanner(collecting_config("kap-shap").evaluator)
>>> planner.distance(counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1".split())))
0
>>> planner.distance(counts_of(parse_tiles("6-6 6-6 6-4 6-4 5-1 3-1 4-3".split())))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from operator import mul

from gupai.core.hands import CACHED_CONFIGURATIONS, HandEvaluator
from gupai.core.tiles import KIND_COUNT

__all__ = ["HandPlanner", "planner_for"]

_UNIT = tuple(1 << (4 * i) for i in range(KIND_COUNT))


class HandPlanner:
    """Quick kept-tile and distance estimates for one evaluator."""

    def __init__(self, evaluator: HandEvaluator, *, cache_size: int = 1 << 18) -> None:
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
        caps = evaluator.caps
        self._eyes = tuple(e for e in evaluator.rules.eye_kinds() if caps[e] >= 2)
        self._classes = classes
        self._cunit = tuple(1 << (4 * self._class_of[k]) for k in range(KIND_COUNT))
        self._class_pairable = tuple(bool(self._class_partners[c]) for c in range(classes))
        self._eye_units = tuple((e, self._cunit[e]) for e in self._eyes)
        self._pairs_cache: dict[int, int] = {}
        # Memos of hands seen, in two generations each: when the newer fills up
        # it becomes the older and the older is dropped, so memory stays within
        # 2 * cache_size entries and hands still in play keep their answers.
        self._cache: dict[int, int] = {}
        self._cache_old: dict[int, int] = {}
        self._useful_classes: dict[int, tuple[bool, ...]] = {}
        self._useful: dict[int, tuple[int, ...]] = {}
        self._useful_old: dict[int, tuple[int, ...]] = {}
        self._cache_size = cache_size

    def kept(self, counts: Sequence[int]) -> int:
        """The most tiles of ``counts`` a winning hand could keep (an upper bound)."""
        return self.kept_key(sum(map(mul, counts, _UNIT)), counts)

    def kept_key(self, key: int, counts: Sequence[int]) -> int:
        """:meth:`kept` for a hand whose packed key (:func:`gupai.core.hands.hand_key`) is known."""
        found = self._cache.get(key)
        if found is None:
            found = self._cache_old.get(key)
            if found is None:
                found = self._kept(counts)
            if len(self._cache) >= self._cache_size:  # two generations: the older is dropped
                self._cache_old, self._cache = self._cache, {}
            self._cache[key] = found
        return found

    def useful_kinds(self, counts: Sequence[int], key: int | None = None) -> tuple[int, ...]:
        """Kinds that would bring ``counts`` closer to a winning hand (an estimate).

        With the eye the hand is best built around held fixed, a kind is useful
        when one more tile of its class lets the ten-pairs keep one more tile,
        or when it completes a half-held eye. ``key``, the hand's packed key
        when the caller knows it, lets the answer be remembered.
        """
        if key is not None:
            found = self._useful.get(key)
            if found is None:
                found = self._useful_old.get(key)
                if found is None:
                    found = self._useful_kinds(counts)
                if len(self._useful) >= self._cache_size:
                    self._useful_old, self._useful = self._useful, {}
                self._useful[key] = found
            return found
        return self._useful_kinds(counts)

    def _useful_kinds(self, counts: Sequence[int]) -> tuple[int, ...]:
        ckey = sum(map(mul, counts, self._cunit))
        pairs_kept = self._pairs_cache.get
        best = pairs_kept(ckey)
        if best is None:
            best = self._pairs_kept(ckey)
        eye, eye_used, rest = -1, 0, ckey
        for e, unit in self._eye_units:
            n = counts[e]
            if not n:
                continue
            used = 2 if n >= 2 else 1
            value = pairs_kept(ckey - used * unit)
            if value is None:
                value = self._pairs_kept(ckey - used * unit)
            if used + value > best:
                best, eye, eye_used, rest = used + value, e, used, ckey - used * unit
        classes = self._useful_classes.get(rest)
        if classes is None:
            classes = self._classes_that_help(rest)
        class_of = self._class_of
        kinds = [k for k in range(KIND_COUNT) if classes[class_of[k]]]
        if eye_used == 1:
            kinds.append(eye)
        elif eye < 0:  # no eye held yet: a second copy of any eye kind held once makes one
            kinds.extend(e for e, _ in self._eye_units if counts[e] == 1)
        return tuple(kinds)

    def _classes_that_help(self, ckey: int) -> tuple[bool, ...]:
        pairs_kept = self._pairs_cache.get
        now = pairs_kept(ckey)
        if now is None:
            now = self._pairs_kept(ckey)
        helps = []
        for c in range(self._classes):
            more = ckey + (1 << (4 * c))
            value = pairs_kept(more)
            if value is None:
                value = self._pairs_kept(more)
            helps.append(value > now)
        result = tuple(helps)
        self._useful_classes[ckey] = result
        return result

    def distance(self, counts: Sequence[int]) -> int:
        """Tiles still needed: the winning size less :meth:`kept`."""
        return self.size - self.kept(counts)

    def _kept(self, counts: Sequence[int]) -> int:
        ckey = sum(map(mul, counts, self._cunit))  # class counts, four bits a class
        pairs_kept = self._pairs_cache.get
        best = pairs_kept(ckey)  # the eye made of new tiles
        if best is None:
            best = self._pairs_kept(ckey)
        for e, unit in self._eye_units:
            n = counts[e]
            if not n:
                continue
            used = 2 if n >= 2 else 1
            rest = ckey - used * unit
            value = pairs_kept(rest)
            if value is None:
                value = self._pairs_kept(rest)
            if used + value > best:
                best = used + value
        return min(best, self.size)

    def _pairs_kept(self, ckey: int) -> int:
        """Tiles of the hand (class counts ``ckey``) the ten-pairs can keep; memoised."""
        counts = tuple((ckey >> (4 * c)) & 15 for c in range(self._classes))
        pairable = sum(n for n, ok in zip(counts, self._class_pairable, strict=True) if ok)
        full = _matching(counts, self._class_partners)
        k = self.pairs
        value = 2 * k if full >= k else 2 * full + min(k - full, pairable - 2 * full)
        if len(self._pairs_cache) >= self._cache_size:
            self._pairs_cache.clear()
        self._pairs_cache[ckey] = value
        return value


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


@lru_cache(maxsize=CACHED_CONFIGURATIONS)
def planner_for(evaluator: HandEvaluator) -> HandPlanner:
    """One shared planner per evaluator (for the evaluators used last, as :func:`gupai.core.hands.evaluator` keeps)."""
    return HandPlanner(evaluator)
