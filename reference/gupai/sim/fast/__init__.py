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
(:func:`announce_compiling`), as the wait is long.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["FAST_AGENTS", "FAST_PATH_NOTE", "announce_compiling", "fast_available", "fast_runner"]

#: Agents the fast path plays (by name); any other agent runs on the reference engine.
FAST_AGENTS: tuple[str, ...] = ("random", "greedy", "navpil")

#: The one-line note of ``gupai simulate`` when numba is missing.
FAST_PATH_NOTE = (
    "note: the fast path needs numba, which is not installed; the reference engine plays the same games, "
    "more slowly (for the fast path: pip install 'gupai[fast]')"
)

#: What :func:`announce_compiling` prints, once a process, when a kernel is not in numba's cache.
COMPILING_NOTE = (
    "gupai: compiling the fast path's {what} kernel with numba, once (usually 20-60 s of one core; "
    "later runs load it from numba's cache in about a second)"
)

_ANNOUNCED: set[str] = set()


def fast_available() -> bool:
    """Whether numba, and so the fast path, can be imported.

    >>> isinstance(fast_available(), bool)
    True
    """
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def kernel_cached(dispatcher: Any) -> bool:
    """Whether numba's ``dispatcher`` is compiled in this process or held by its on-disk cache.

    An unreadable cache counts as not holding it (the worst case is a needless note).
    """
    if getattr(dispatcher, "overloads", None):
        return True
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:  # numba's cache internals changed, or the index is unreadable
        return False


def announce_compiling(dispatcher: Any, what: str) -> None:
    """Say on stderr (terminal or not), once a process, that ``dispatcher`` is about to be compiled.

    Nothing is printed when it is already compiled or in numba's cache.
    """
    if what in _ANNOUNCED or kernel_cached(dispatcher):
        return
    _ANNOUNCED.add(what)
    print(COMPILING_NOTE.format(what=what), file=sys.stderr, flush=True)


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
