"""A pytest-xdist worker's end is not cut short by execnet's SIGINT (no ``KeyboardInterrupt`` on stderr).

When the controller closes a worker's gateway, execnet gives the worker's
session 5 s to end, then sends the worker SIGINT (``gateway_base``'s
``_terminate_execution``), and 10 s later ``os._exit(1)``. After its last test
a worker still unconfigures: pytest's unraisable-exception plugin runs a full
``gc.collect()``, which on a busy machine, with a large heap, can outlast
those 5 s. The KeyboardInterrupt then lands in the first Python code run
after the signal, often hypothesis's ``gc_callback`` (a ``gc.callbacks``
entry): an exception raised there is "unraisable", and pytest prints it as a
``PytestUnraisableExceptionWarning`` with a KeyboardInterrupt traceback,
on a run that passed. A worker whose tests are all done ignores SIGINT: its
clean-up ends on its own (execnet's ``os._exit`` still bounds it); the
controller, which a Ctrl-C reaches, stops the run as before.
"""

from __future__ import annotations

import signal

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """In an xdist worker, once its session is over: SIGINT is ignored for the clean-up that follows."""
    if hasattr(config, "workerinput"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
