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

import jsonschema
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


_RS_VALIDATOR: Any = None
_PY_VALIDATOR: Any = None


def _schema_errors(doc: Any) -> list[tuple[str, str]]:
    """Each schema error of ``doc`` as (JSON pointer, message), sorted; ``[]`` when it conforms.

    Two validators, each for what it does best (measured: ``tests/unit/test_packaging.py``'s
    docstring): jsonschema-rs answers yes or no, some 400 times faster than
    jsonschema on a valid log (almost every log is); jsonschema lists the
    errors of an invalid one lazily, so that the first :data:`MAX_SCHEMA_ERRORS`
    cost what they cost, where jsonschema-rs builds every error first (a log
    with 100,000 bad events: 600 MB and 2.6 s, against 0.1 s and no memory).
    """
    global _RS_VALIDATOR, _PY_VALIDATOR
    if _RS_VALIDATOR is None:
        _RS_VALIDATOR = jsonschema_rs.validator_for(load_schema())
        _PY_VALIDATOR = jsonschema.Draft202012Validator(load_schema())
    if _RS_VALIDATOR.is_valid(doc):
        return []
    found = []
    first = islice(_PY_VALIDATOR.iter_errors(doc), MAX_SCHEMA_ERRORS)
    for error in sorted(first, key=lambda e: list(map(str, e.absolute_path))):
        found.extend(_leaf_errors(error))
    if not found:  # the two validators disagree: trust the stricter one
        found = [
            (_pointer(e.instance_path), e.message) for e in islice(_RS_VALIDATOR.iter_errors(doc), MAX_SCHEMA_ERRORS)
        ]
    return sorted(set(found))


def _leaf_errors(error: jsonschema.ValidationError) -> list[tuple[str, str]]:
    if error.context:
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        return _leaf_errors(deepest)
    return [(_pointer(error.absolute_path), error.message)]


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
