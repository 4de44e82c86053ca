"""The log validator: the schema first, then a replay through the engine.

Every error names the file, the game (its line in a JSON Lines file), the
event index, the JSON pointer, the rule id from ``spec/`` and a sentence a
person understands. Schema errors are all reported; a replay stops at the
first illegal event of a game.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-shap", seed=3)
>>> validate_log(log)
[]
>>> log["events"][0]["seat"] = 1 - log["events"][0]["seat"]
>>> [e.rule for e in validate_log(log)]
['ks.turn.order']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any

import jsonschema_rs

from gupai.core.errors import ReplayError
from gupai.games.kap.replay import replay_kap
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.replay import replay_tsung
from gupai.log.schema import load_schema

__all__ = ["MAX_SCHEMA_ERRORS", "LogIssue", "validate_log"]

#: A schema check stops after this many errors (a document can hold millions).
MAX_SCHEMA_ERRORS = 1000

#: Game id -> its log replay, for games not replayed as the collecting games are.
REPLAYERS: dict[str, Callable[[dict[str, Any]], object]] = {TSUNG: replay_tsung}


@dataclass(frozen=True, slots=True)
class LogIssue:
    """One thing wrong with one log."""

    file: str
    game: int | None
    event: int | None
    pointer: str
    rule: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "event": self.event,
            "pointer": self.pointer,
            "rule": self.rule,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = self.file + (f":{self.game}" if self.game is not None else "")
        at = f" event {self.event}" if self.event is not None else ""
        rule = self.rule or "schema"
        return f"{where}:{at} {self.pointer or '/'} [{rule}] {self.message}"


def _pointer(path: Iterable[Any]) -> str:
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


_VALIDATOR: Any = None


def _schema_errors(doc: Any) -> list[tuple[str, str]]:
    """Each schema error of ``doc`` as (JSON pointer, message), sorted; ``[]`` when it conforms.

    One validator, jsonschema-rs: its quick yes/no first (almost every log
    conforms), then its errors, each ``oneOf``/``anyOf`` failure told by the
    deepest error of its branches (the part of the document that went wrong).

    >>> _schema_errors({"format": "gupai-log", "version": 1, "game": "kap-shap"})[0]
    ('', '"deal" is a required property')
    """
    global _VALIDATOR
    if _VALIDATOR is None:
        _VALIDATOR = jsonschema_rs.validator_for(load_schema())
    if _VALIDATOR.is_valid(doc):
        return []
    found = [_leaf_error(error) for error in islice(_VALIDATOR.iter_errors(doc), MAX_SCHEMA_ERRORS)]
    return sorted(set(found))


def _leaf_error(error: Any) -> tuple[str, str]:
    """The error itself, or for a failed ``oneOf``/``anyOf`` the deepest error of its branches."""
    branches = [one for branch in getattr(error.kind, "context", None) or () for one in branch]
    if branches:
        return _leaf_error(max(branches, key=lambda e: len(e.instance_path)))
    return _pointer(error.instance_path), error.message


def validate_log(doc: Any, *, file: str = "<log>", game: int | None = None, integral: bool = False) -> list[LogIssue]:
    """Every problem with one parsed log; ``[]`` when it is valid.

    ``integral`` says the document holds no integral floats (``5.0``), as when
    it was parsed by :func:`gupai.log.read.validate_text`; otherwise they are read as integers
    first, as JSON Schema counts them.
    """
    errors = _schema_errors(doc)
    if errors:
        return [LogIssue(file, game, _event_of(p), p, None, m) for p, m in errors]
    try:
        replayer = REPLAYERS.get(doc["game"], replay_kap)
        replayer(doc if integral else _integral(doc))
    except ReplayError as problem:
        return [LogIssue(file, game, problem.event, problem.pointer, problem.rule, problem.message)]
    return []


def _integral(value: Any) -> Any:
    """The document with every integral float (``5.0``) as an int, as JSON Schema counts them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def _event_of(pointer: str) -> int | None:
    parts = pointer.split("/")
    if len(parts) > 2 and parts[1] == "events" and parts[2].isdigit():
        return int(parts[2])
    return None
