"""The fast path of ``gupai simulate``: the same games as the reference engine, compiled with numba.

:func:`fast_runner` returns a runner that plays whole chunks of seeded games
in one compiled call, or ``None`` when the simulation asks for something the
fast path does not cover (an agent other than ``greedy``, ``random`` and ``navpil``),
so the caller falls back to the reference engine. The fast path is a second
implementation of the engines and agents, held to the first by a
differential test (``tests/property/test_fast_sim.py``, and ``make
verify-fast`` on many more games): every action of every game the same.

The fast path needs numba, the optional extra ``gupai[fast]``; without it
:func:`fast_runner` returns ``None`` and the reference engine plays
(:data:`FAST_PATH_NOTE` is the command line's note saying so). numba compiles
the kernels on their first use and keeps them in its on-disk cache; a
process that has to compile them says so once on stderr
(:func:`gupai.sim.fast.compiling.announce_compiling`), as the wait is long.

numba's cache is the user's, beside the spec cache: ``$GUPAI_CACHE_DIR/numba``,
else ``$XDG_CACHE_HOME/gupai/numba``, else ``~/.cache/gupai/numba``
(``NUMBA_CACHE_DIR``, when set, wins), set here, before any kernel module
imports numba; nothing is written into the installed package, so ``pip
uninstall gupai`` leaves nothing behind.
"""

from __future__ import annotations

import sys
from typing import Any

from gupai.sim.fast.compiling import numba_cache_dir, use_the_users_cache

__all__ = ["FAST_AGENTS", "FAST_INSTALL", "FAST_PATH_NOTE", "fast_available", "fast_runner", "numba_cache_dir"]


use_the_users_cache()  # before any kernel module imports numba

#: Agents the fast path plays (by name); any other agent runs on the reference engine.
FAST_AGENTS: tuple[str, ...] = ("random", "greedy", "navpil")

#: How to get the fast path.
FAST_INSTALL = "pip install 'gupai[fast]'"

#: The one-line note of ``gupai simulate`` when numba is missing.
FAST_PATH_NOTE = (
    "note: the fast path needs numba, which is not installed; the reference engine plays the same games, "
    f"more slowly (for the fast path: {FAST_INSTALL})"
)


def fast_available() -> bool:
    """Whether numba, and so the fast path, can be imported.

    >>> isinstance(fast_available(), bool)
    True
    """
    if "numba.np.arraymath" in sys.modules:
        return True
    try:
        _import_numba()
    except ImportError:
        return False
    return True


def _import_numba() -> None:
    """Import numba and the array library its kernels load with, skipping numba's check for SciPy's BLAS.

    On the first kernel numba imports ``numba.np.arraymath``, which imports
    ``scipy.linalg`` (when SciPy is installed) to learn whether ``np.dot``
    may call BLAS: about a quarter of a second of CPU, for kernels that do no
    linear algebra. SciPy is hidden from that one check; afterwards it is
    importable as before, and numba's linear algebra still finds it when a
    function using it compiles (only ``np.correlate`` and ``np.convolve``
    then keep numba's own loop).
    """
    hidden = "scipy" not in sys.modules
    if hidden:
        sys.modules["scipy"] = None  # type: ignore[assignment]  # an import of scipy fails at once
    try:
        import numba
        import numba.np.arraymath  # noqa: F401
    finally:
        if hidden and sys.modules.get("scipy", 0) is None:
            del sys.modules["scipy"]


def fast_runner(simulation: Any, tally: type) -> Any:
    """A fast runner for ``simulation`` (a :class:`gupai.sim.simulate.Simulation`) counting into
    ``tally`` (its game's tally type), or ``None`` when the fast path does not cover it.

    >>> from gupai.sim.simulate import KapTally, Simulation, TsungTally
    >>> fast_runner(Simulation("kap-shap"), KapTally) is not None, fast_runner(Simulation("tsung-shap"), TsungTally) is not None
    (True, True)
    >>> from gupai.sim.trial_agents import registered
    >>> with registered():
    ...     fast_runner(Simulation("kap-shap", agents=("greedy-eager",)), KapTally) is None
    True
    """
    from gupai.games.agents import AGENTS, GreedyAgent, NavpilAgent, RandomAgent
    from gupai.games.kap.config import COLLECTING_GAMES
    from gupai.log.play import seat_agents

    if not fast_available():
        return None
    from gupai.sim.fast.compiling import drop_stale_caches

    drop_stale_caches()  # once a process: a kernel compiled before an edit of a module it calls
    if any(
        name not in FAST_AGENTS or AGENTS.get(name) not in (GreedyAgent, RandomAgent, NavpilAgent)
        for name in simulation.agents
    ):
        return None
    runner: Any
    if simulation.game in COLLECTING_GAMES:
        from gupai.sim.fast.kap import FastKapRunner

        runner = FastKapRunner(simulation, tally)
        if not runner.data.involution:  # pragma: no cover - no option makes such pairs today
            return None
    elif simulation.game == "tsung-shap":
        if "navpil" in simulation.agents:  # a collecting-games agent: the reference engine says why it cannot play
            return None
        from gupai.sim.fast.tsung import FastTsungRunner

        runner = FastTsungRunner(simulation, tally)
    else:  # pragma: no cover - every game has a fast path
        return None
    if any(name not in FAST_AGENTS for name in seat_agents(simulation.agents, runner.players)):
        return None
    return runner
