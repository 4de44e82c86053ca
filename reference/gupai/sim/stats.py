"""Streaming statistics for simulations: integer histograms and 95% intervals.

Everything a simulation measures is a whole number (turns, points, sweeps,
wins), so a :class:`Histogram` of counts holds all of it in memory bounded by
the number of *distinct* values, not the number of games, and two histograms
merge exactly. Means and variances are computed from exact integer sums at the
end, so a merged result is the same bit for bit however the games were split
between processes: no floating-point running mean (Welford) is needed.

The intervals, all at 95%:

- a mean: the normal approximation, mean ± 1.96·s/√n (:func:`mean_interval`);
- a median: the distribution-free order-statistic interval, the ranks
  n/2 ± 1.96·√n/2 of the sorted sample, read off the histogram
  (:func:`median_interval`);
- a proportion: Wilson's score interval (:func:`wilson_interval`).

>>> h = Histogram.of([3, 5, 5, 7])
>>> h.n, h.mean, h.median
(4, 5.0, 5.0)
>>> round(wilson_interval(50, 100).low, 4), round(wilson_interval(50, 100).high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Z95",
    "Estimate",
    "Histogram",
    "mean_interval",
    "median_interval",
    "proportion",
    "wilson_interval",
]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its 95% confidence interval and how the interval was made.

    >>> Estimate(0.5, 0.4, 0.6, "wilson").to_json()
    {'value': 0.5, 'ci95': [0.4, 0.6], 'method': 'wilson'}
    >>> str(Estimate(7.25, 7.0, 7.5, "normal"))
    '7.25 [7.00, 7.50]'
    """

    value: float
    low: float
    high: float
    method: str

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "ci95": [self.low, self.high], "method": self.method}

    def scaled(self, factor: float) -> Estimate:
        """The same estimate multiplied by ``factor`` (turns to rounds, fractions to percents).

        >>> Estimate(8.0, 7.0, 9.0, "normal").scaled(0.5)
        Estimate(value=4.0, low=3.5, high=4.5, method='normal')
        """
        return Estimate(self.value * factor, self.low * factor, self.high * factor, self.method)

    def format(self, digits: int = 2, *, percent: bool = False) -> str:
        """``value [low, high]``, as percents if asked.

        >>> Estimate(0.125, 0.1, 0.15, "wilson").format(1, percent=True)
        '12.5% [10.0, 15.0]'
        """
        if percent:
            return f"{100 * self.value:.{digits}f}% [{100 * self.low:.{digits}f}, {100 * self.high:.{digits}f}]"
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def __str__(self) -> str:
        return self.format()


def wilson_interval(successes: int, n: int, *, z: float = Z95) -> Estimate:
    """The proportion ``successes / n`` with Wilson's score interval.

    Unlike the normal approximation it stays inside [0, 1] and is sound for
    proportions near 0 or 1 and for small ``n``. With no trials the
    proportion is unknown: 0 within [0, 1].

    >>> e = wilson_interval(0, 10)
    >>> e.value, e.low, round(e.high, 4)
    (0.0, 0.0, 0.2775)
    >>> wilson_interval(0, 0)
    Estimate(value=0.0, low=0.0, high=1.0, method='wilson')
    """
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0, "wilson")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, "wilson")


def proportion(successes: int, n: int) -> Estimate:
    """Shorthand for :func:`wilson_interval` at 95%.

    >>> proportion(1, 4).value
    0.25
    """
    return wilson_interval(successes, n)


class Histogram:
    """Counts of integer values: a bounded-size, exactly mergeable sample summary.

    >>> h = Histogram()
    >>> for x in (4, 2, 4, 9):
    ...     h.add(x)
    >>> h.n, h.total, h.min, h.max, h.counts()
    (4, 19, 2, 9, [(2, 1), (4, 2), (9, 1)])
    >>> h.merge(Histogram.of([1])).counts()[0]
    (1, 1)
    """

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping[int, int] | None = None) -> None:
        self._counts: dict[int, int] = {}
        if counts:
            for value, count in counts.items():
                self.add(value, count)

    @classmethod
    def of(cls, values: Iterable[int]) -> Histogram:
        """A histogram of a sample.

        >>> Histogram.of([1, 1, 2]).counts()
        [(1, 2), (2, 1)]
        """
        h = cls()
        for value in values:
            h.add(value)
        return h

    @classmethod
    def from_json(cls, pairs: Iterable[Iterable[int]]) -> Histogram:
        """Read back :meth:`to_json`.

        >>> Histogram.from_json([[3, 2], [5, 1]]).counts()
        [(3, 2), (5, 1)]
        """
        h = cls()
        for value, count in (tuple(p) for p in pairs):
            h.add(int(value), int(count))
        return h

    def add(self, value: int, count: int = 1) -> None:
        """Count ``value`` (``count`` times)."""
        if count:
            self._counts[value] = self._counts.get(value, 0) + count

    def add_all(self, values: Any) -> None:
        """Count every value of ``values`` (a numpy integer array): the same as :meth:`add` for each, in one pass.

        >>> import numpy as np
        >>> h = Histogram.of([4])
        >>> h.add_all(np.array([4, 2, 4, 9]))
        >>> h.counts()
        [(2, 1), (4, 3), (9, 1)]
        """
        if len(values) == 0:
            return
        distinct, counts = _unique_counts(values)
        mine = self._counts
        for value, count in zip(distinct.tolist(), counts.tolist(), strict=True):
            mine[value] = mine.get(value, 0) + count  # counts are positive: add() without its call

    def merge(self, other: Histogram) -> Histogram:
        """Add another histogram's counts into this one; return this one."""
        mine = self._counts
        for value, count in other._counts.items():  # add() without its call
            if count:
                mine[value] = mine.get(value, 0) + count
        return self

    def counts(self) -> list[tuple[int, int]]:
        """(value, count) pairs in increasing order of value."""
        return sorted(self._counts.items())

    def to_json(self) -> list[list[int]]:
        return [[value, count] for value, count in self.counts()]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self.counts())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Histogram):
            return NotImplemented
        return self.counts() == other.counts()

    def __repr__(self) -> str:
        return f"Histogram({dict(self.counts())!r})"

    __hash__ = None  # type: ignore[assignment]

    # ---------------------------------------------------------- summaries
    @property
    def n(self) -> int:
        """The number of observations."""
        return sum(self._counts.values())

    @property
    def total(self) -> int:
        """The sum of the observations."""
        return sum(value * count for value, count in self._counts.items())

    @property
    def min(self) -> int:
        return min(self._counts) if self._counts else 0

    @property
    def max(self) -> int:
        return max(self._counts) if self._counts else 0

    @property
    def mean(self) -> float:
        """The mean (0 for an empty histogram)."""
        n = self.n
        return self.total / n if n else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (n-1 denominator), from exact integer sums.

        >>> Histogram.of([1, 2, 3, 4]).variance
        1.6666666666666667
        """
        n = self.n
        if n < 2:
            return 0.0
        s1 = self.total
        s2 = sum(value * value * count for value, count in self._counts.items())
        return (n * s2 - s1 * s1) / (n * (n - 1))

    @property
    def std(self) -> float:
        return math.sqrt(self.variance)

    def order_statistic(self, rank: int) -> int:
        """The ``rank``-th smallest observation, counting from 1 (clamped to 1..n).

        >>> Histogram.of([5, 1, 3]).order_statistic(2)
        3
        """
        n = self.n
        if not n:
            return 0
        rank = min(max(rank, 1), n)
        seen = 0
        for value, count in self.counts():
            seen += count
            if seen >= rank:
                return value
        raise AssertionError("unreachable")  # pragma: no cover

    @property
    def median(self) -> float:
        """The median: the middle observation, or the mean of the two middle ones.

        >>> Histogram.of([1, 2, 3, 10]).median
        2.5
        """
        n = self.n
        if not n:
            return 0.0
        low, high = self.order_statistic((n + 1) // 2), self.order_statistic(n // 2 + 1)
        return (low + high) / 2

    def quantile(self, q: float) -> int:
        """The smallest value with at least a fraction ``q`` of the observations at or below it.

        >>> h = Histogram.of(range(1, 101))
        >>> h.quantile(0.1), h.quantile(0.9)
        (10, 90)
        """
        return self.order_statistic(math.ceil(q * self.n))

    def fraction_at_most(self, limit: int) -> int:
        """How many observations are at most ``limit`` (a count, for :func:`wilson_interval`).

        >>> Histogram.of([1, 2, 3, 4]).fraction_at_most(2)
        2
        """
        return sum(count for value, count in self._counts.items() if value <= limit)


def mean_interval(h: Histogram, *, z: float = Z95) -> Estimate:
    """The mean of a histogram with its normal-approximation interval, mean ± z·s/√n.

    >>> e = mean_interval(Histogram.of([2, 4, 4, 4, 5, 5, 7, 9]))
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (5.0, 3.518, 6.482)
    """
    n = h.n
    mean = h.mean
    if n < 2:
        return Estimate(mean, mean, mean, "normal")
    half = z * h.std / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, "normal")


def median_interval(h: Histogram, *, z: float = Z95) -> Estimate:
    """The median with the distribution-free order-statistic interval.

    The ranks ⌊n/2 − z√n/2⌋ and ⌈n/2 + z√n/2⌉ + 1 of the sorted sample bound
    the median with (at least, asymptotically) 95% confidence, whatever the
    distribution; with integer data the bounds are observed values.

    >>> e = median_interval(Histogram.of(range(1, 101)))
    >>> e.value, e.low, e.high
    (50.5, 40.0, 61.0)
    """
    n = h.n
    if not n:
        return Estimate(0.0, 0.0, 0.0, "order-statistic")
    half = z * math.sqrt(n) / 2
    low = h.order_statistic(math.floor(n / 2 - half))
    high = h.order_statistic(math.ceil(n / 2 + half) + 1)
    return Estimate(h.median, float(low), float(high), "order-statistic")


def _unique_counts(values: Any) -> tuple[Any, Any]:
    """The distinct values of an integer array and how often each occurs (numpy, imported only here)."""
    import numpy as np

    values = np.asarray(values)
    low, high = int(values.min()), int(values.max())
    if high - low < 4096:  # small integers (turns, scores): count by bins, cheaper than sorting
        bins = np.bincount(values - low)
        distinct = np.flatnonzero(bins)
        return distinct + low, bins[distinct]
    distinct, counts = np.unique(values, return_counts=True)
    return distinct, counts
