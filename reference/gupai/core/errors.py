"""The exceptions gupai raises.

Every error is a :class:`ValueError` subclass carrying *where* the problem is
and *why*, beside a readable lowercase message, in the manner of python-chess.
"""

from __future__ import annotations

__all__ = [
    "GupaiError",
    "HandError",
    "IllegalActionError",
    "LogError",
    "OptionError",
    "ReplayError",
    "SpecError",
    "TileError",
]


class GupaiError(ValueError):
    """Base class of every gupai error.

    ``where`` names the place (a token, a file, a JSON pointer, an option) and
    ``rule`` the permanent rule id broken, when there is one.
    """

    def __init__(self, message: str, *, where: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.rule = rule


class TileError(GupaiError):
    """Text that does not name a tile of the Chinese set, e.g. ``"7-1"``."""


class HandError(GupaiError):
    """A hand that cannot exist: wrong size, or more copies than the sets hold."""


class OptionError(GupaiError):
    """An unknown game, preset, option, or option value."""


class SpecError(GupaiError):
    """A spec file that is missing, malformed, or inconsistent."""


class IllegalActionError(GupaiError):
    """An action that the rules do not allow in the current state."""


class LogError(GupaiError):
    """A game log that is malformed or breaks a rule."""


class ReplayError(LogError):
    """A recorded game that breaks a rule, found by a family's replay.

    ``pointer`` is the JSON pointer into the log (``/events/3/seat``; also
    ``where``), ``rule`` the permanent rule id broken, ``event`` the index of
    the event concerned, if any.

    >>> error = ReplayError("/events/3", "ks.turn.take", "seat 1 took [6-6], which is not on the table", 3)
    >>> error.pointer, error.rule, error.event, error.message
    ('/events/3', 'ks.turn.take', 3, 'seat 1 took [6-6], which is not on the table')
    """

    def __init__(self, pointer: str, rule: str | None, message: str, event: int | None = None) -> None:
        super().__init__(message, where=pointer, rule=rule)
        self.pointer = pointer
        self.event = event
