"""The fast path's numba kernels compiled into numba's on-disk cache, once, before the tests run.

The kernels of ``gupai simulate``'s fast path (``reference/gupai/sim/fast/``,
``@njit(cache=True)``) take some 40 s of one core to compile; numba keeps the
result in the user's cache (:func:`gupai.sim.fast.compiling.numba_cache_dir`). On a fresh clone every
process that plays a fast game first (each pytest-xdist worker, each dask
worker of the cluster test, each ``gupai simulate`` subprocess) would compile
them afresh; ``make test`` runs ``python -m tests.kernels`` beside mypy, so
that they all load them from the cache instead. When the cache is already
there this takes a second or two.
"""

from __future__ import annotations

import time


def compile_kernels() -> float:
    """Compile (or load) every kernel the tests use: one Kap and one Tsung Shap game on the fast path; the seconds taken."""
    from gupai.sim.fast import fast_runner
    from gupai.sim.simulate import KapTally, Simulation, TsungTally

    started = time.monotonic()
    for simulation, tally in ((Simulation("kap-shap"), KapTally), (Simulation("tsung-shap"), TsungTally)):
        runner = fast_runner(simulation, tally)
        assert runner is not None, f"{simulation.game} has no fast path"
        runner.run(range(1))
    return time.monotonic() - started


def said(seconds: float, compiled: bool) -> str:
    """What ``make kernels`` says it did, and how long it took.

    >>> said(0.94, False)
    "make kernels: the fast path's numba kernels loaded from numba's cache in 0.9 s"
    >>> said(38.2, True)
    "make kernels: the fast path's numba kernels compiled (once, into numba's cache) in 38.2 s"
    """
    what = "compiled (once, into numba's cache)" if compiled else "loaded from numba's cache"
    return f"make kernels: the fast path's numba kernels {what} in {seconds:.1f} s"


if __name__ == "__main__":
    seconds = compile_kernels()
    from gupai.sim.fast import compiling

    print(said(seconds, compiling.announced()))
