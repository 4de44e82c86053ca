"""What every game session of the reference engine shares: refusals and tile faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from gupai.core.errors import GupaiError

__all__ = ["GameSession", "RefusalError", "illegal"]


class RefusalError(GupaiError):
    """A request the engine answers with ``illegal``, ``unsupported`` or ``error`` rather than ``ok``."""

    def __init__(self, kind: str, message: str, *, rule: str | None = None) -> None:
        super().__init__(message, rule=rule)
        self.kind = kind

    def answer(self, id: int | None) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": id, "answer": self.kind}
        if self.rule is not None:
            doc["rule"] = self.rule
        doc["message"] = self.message
        return doc


def illegal(rule: str | None, message: str) -> RefusalError:
    """An ``illegal`` answer citing ``rule``."""
    return RefusalError("illegal", message, rule=rule)


class GameSession(Protocol):
    """A game in progress behind the protocol: what ``legal_actions``, ``check``, ``apply`` and ``state`` ask."""

    def legal_actions(self) -> list[dict[str, Any]]: ...

    def refusal(self, action: Mapping[str, Any]) -> tuple[str | None, str] | None: ...

    def apply(self, action: Mapping[str, Any]) -> list[dict[str, Any]]: ...

    def state(self) -> dict[str, Any]: ...


# ------------------------------------------------------------- collecting
