"""What every game session of the reference engine shares: refusals and tile faces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Protocol

from gupai.core.errors import GupaiError
from gupai.core.tiles import KIND_COUNT, Tile

__all__ = ["GameSession", "RefusalError", "count_vector", "face_index", "illegal", "kinds_of", "tile_of"]


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
@cache
def face_index() -> dict[str, int]:
    return {Tile.from_index(k).face: k for k in range(KIND_COUNT)}


def kinds_of(faces: Sequence[str]) -> list[int]:
    index = face_index()
    return [index[face] if face in index else Tile(face).index for face in faces]


def tile_of(face: str) -> Tile:
    return Tile.from_index(kinds_of([face])[0])


def count_vector(kinds: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for kind in kinds:
        counts[kind] += 1
    return counts
