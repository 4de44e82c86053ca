"""A stop signal's exception, and the stop a command was asked for, which its long loops check.

The command line turns SIGINT and SIGTERM into :class:`Interrupted`, raised
by the signal's handler wherever the main thread is. That is not always
where it can unwind the command: Python ignores what a finalizer raises, a
library may catch it in a call it makes, and an error raised while cleaning
up may take its place. So the handler also records the stop here (:func:`ask`),
and the loops that run long (the validator's, one game at a time) call
:func:`check`, which raises it again: a stop is never lost, whatever swallowed
its first exception.

>>> clear(); check()
>>> ask(15); ask(2); asked()
15
>>> try:
...     check()
... except Interrupted as stop:  # (a KeyboardInterrupt: caught here, not by a doctest runner)
...     print("stopped by", stop.signum)
stopped by 15
>>> clear(); asked() is None
True
"""

from __future__ import annotations

__all__ = ["Interrupted", "ask", "asked", "check", "clear"]


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM arrived: raised in the main thread, so that every ``with`` block unwinds (the
    engine's process group and the workers are killed, no temporary file is left), then exit 128 + the signal.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signal that asked the command to stop (the first), if one did.
_ASKED: list[int] = []


def ask(signum: int) -> None:
    """Record that ``signum`` asked the command to stop (the first one counts)."""
    if not _ASKED:
        _ASKED.append(signum)


def asked() -> int | None:
    """The signal that asked the command to stop, or ``None``."""
    return _ASKED[0] if _ASKED else None


def check() -> None:
    """Raise :class:`Interrupted` if a stop was asked for (however its first exception fared)."""
    if _ASKED:
        raise Interrupted(_ASKED[0])


def clear() -> None:
    """Forget the stop (a command is over)."""
    _ASKED.clear()
