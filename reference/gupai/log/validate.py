"""The log validator: the schema first, then a replay through the engine.

Every error names the file, the game (its line in a JSON Lines file), the
event index, the JSON pointer, the rule id from ``spec/`` and a sentence a
person understands. The first :data:`MAX_SCHEMA_ERRORS` schema errors are
reported (a last note says when there may be more); a replay stops at the
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

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from gupai.core.errors import LogError, ReplayError
from gupai.core.schema_errors import MAX_ERRORS, Path, first_errors, is_small, short_message
from gupai.games.tsung import GAME as TSUNG
from gupai.log.schema import load_schema

if TYPE_CHECKING:
    import jsonschema

    from gupai.games.kap.state import KapState
    from gupai.games.tsung.state import TsungState

__all__ = [
    "MAX_SCHEMA_ERRORS",
    "MORE_SCHEMA_ERRORS",
    "RETIRED_NOTE",
    "UNEXPLAINED",
    "UNFINISHED_NOTE",
    "LogIssue",
    "checked_replay_kap",
    "checked_replay_tsung",
    "log_notes",
    "validate_log",
]

#: A schema check stops after this many errors (a document can hold millions).
MAX_SCHEMA_ERRORS = MAX_ERRORS

#: The last issue of a game whose schema check stopped at :data:`MAX_SCHEMA_ERRORS`: a note, not an error.
MORE_SCHEMA_ERRORS = f"... the schema check stopped (it lists at most {MAX_SCHEMA_ERRORS} errors): there may be more"

#: The verdict on a valid log of a game in progress (format 2: its result ``"*"`` or none): a note, not an error.
UNFINISHED_NOTE = "valid so far, unfinished"
#: How the note on a valid log that uses a retired reading begins (:func:`log_notes`): a note, not an error.
RETIRED_NOTE = "uses a retired reading"
#: The one issue of a game found invalid by the schema check without its errors looked for (``explain=False``:
#: the run lists no more of them), a verdict, not an error.
UNEXPLAINED = "... invalid: its errors were not looked for"


def _replay_kap(doc: dict[str, Any]) -> object:
    from gupai.games.kap.replay import replay_kap  # (the long way: a corpus of valid logs never needs it)

    return replay_kap(doc)


def _replay_tsung(doc: dict[str, Any]) -> object:
    from gupai.games.tsung.replay import replay_tsung  # (loaded with the first Tsung Shap log, not before)

    return replay_tsung(doc)


#: Game id -> its log replay, for games not replayed as the collecting games are.
REPLAYERS: dict[str, Callable[[dict[str, Any]], object]] = {TSUNG: _replay_tsung}


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


def _schema_errors(doc: Any) -> tuple[list[tuple[str, str]], bool]:
    """The first :data:`MAX_SCHEMA_ERRORS` schema errors as (pointer, message), and whether more may follow.

    jsonschema-rs finds them (:func:`gupai.core.schema_errors.first_errors`);
    python-jsonschema, whose messages name the deepest branch that failed,
    explains each on a document cut down to it (it is loaded only then: a
    run of valid logs never needs it).
    """
    found, more = first_errors(
        doc, is_valid=_rs_validator().is_valid, eager=_eager, explain=_explain, limit=MAX_SCHEMA_ERRORS
    )
    return sorted({(_pointer(path), short_message(message)) for path, message in found}), more


def _rs_validator() -> Any:
    """jsonschema-rs's validator of the log schema, built at its first use."""
    global _RS_VALIDATOR
    if _RS_VALIDATOR is None:
        _RS_VALIDATOR = jsonschema_rs.validator_for(load_schema())
    return _RS_VALIDATOR


def _eager(doc: Any) -> list[tuple[Path, str]]:
    """Every error jsonschema-rs finds in a small document."""
    return [(tuple(e.instance_path), e.message) for e in _RS_VALIDATOR.iter_errors(doc)]


def _explain(doc: Any) -> Iterator[tuple[Path, str]]:
    """A document's errors, lazily: python-jsonschema's deepest, or (when it finds none) jsonschema-rs's."""
    global _PY_VALIDATOR
    if _PY_VALIDATOR is None:
        import jsonschema  # only an invalid document needs it (about 50 ms to import)

        _PY_VALIDATOR = jsonschema.Draft202012Validator(load_schema())
    explained = False
    for error in _PY_VALIDATOR.iter_errors(doc):
        explained = True
        yield _leaf_error(error)
    if not explained and is_small(doc):  # the two validators disagree: trust the stricter one
        yield from _eager(doc)


def _leaf_error(error: jsonschema.ValidationError) -> tuple[Path, str]:
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return tuple(error.absolute_path), error.message


def log_notes(doc: Any) -> list[str]:
    """What a valid log should be told without being refused: a retired reading it uses.

    A log of format 1 is read with the meaning it had when it was written
    (``spec/contract.yaml``); when that meaning has been corrected since, the
    note says which reading it uses.

    >>> log_notes({"version": 1, "game": "kap-shap", "options": {"pair-set": "printed", "four-two-value": "6"}})
    ['uses a retired reading: log format 1 reads pair-set=printed with four-two-value=6 as pair-set=printed-recounted (format 2 reads the printed table as printed)']
    >>> log_notes({"version": 2, "game": "kap-shap", "options": {"pair-set": "printed", "four-two-value": "6"}})
    []
    """
    from gupai.core.options import format_1_reading  # (only a format-1 log needs it)

    if not isinstance(doc, dict) or doc.get("version") != 1 or not isinstance(doc.get("options"), dict):
        return []
    read = format_1_reading(str(doc.get("game")), doc["options"])
    if read is None:
        return []
    changed = {k: v for k, v in read.items() if doc["options"].get(k) != v}
    given = ", ".join(f"{k}={doc['options'][k]}" for k in changed)
    reads = ", ".join(f"{k}={v}" for k, v in changed.items())
    others = " with ".join(
        f"{k}={v}" for k, v in doc["options"].items() if k in ("pair-set", "four-two-value") and k not in changed
    )
    return [
        f"{RETIRED_NOTE}: log format 1 reads {given}{' with ' + others if others else ''} as {reads} "
        "(format 2 reads the printed table as printed)"
    ]


def validate_log(
    doc: Any, *, file: str = "<log>", game: int | None = None, integral: bool = False, explain: bool = True
) -> list[LogIssue]:
    """Every problem with one parsed log; ``[]`` when it is valid.

    ``integral`` says the document holds no integral floats (``5.0``), as when
    it was parsed by :func:`gupai.log.read.validate_text`; otherwise they are read as integers
    first, as JSON Schema counts them. Without ``explain``, a document that
    does not match the schema gets the one issue :data:`UNEXPLAINED`, at the
    cost of the fast validator's yes/no (explaining costs about a millisecond
    a document: the validator's reader stops explaining once it lists no more).

    >>> [issue.message for issue in validate_log({"game": "kap-shap"}, explain=False)]
    ['... invalid: its errors were not looked for']
    """
    if not explain and not _rs_validator().is_valid(doc):
        return [LogIssue(file, game, None, "", None, UNEXPLAINED)]
    errors, more = _schema_errors(doc)
    if errors:
        issues = [LogIssue(file, game, _event_of(p), p, None, m) for p, m in errors]
        return [*issues, LogIssue(file, game, None, "", None, MORE_SCHEMA_ERRORS)] if more else issues
    try:
        replayer = REPLAYERS.get(doc["game"], _replay_kap)
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


def checked_replay_kap(doc: Any) -> KapState:
    """The front door's ``gupai.replay_kap``: a Kap Shap or Kap Tai Shap log replayed, after the schema check that
    ``gupai validate`` makes first (the replay itself supposes a schema-valid log): a document the schema refuses
    raises :class:`LogError` naming its first error, as the first rule a replay finds broken raises
    :class:`ReplayError`.

    >>> checked_replay_kap({"game": "kap-shap"})
    Traceback (most recent call last):
    ...
    gupai.core.errors.LogError: not a valid log: / 'deal' is a required property
    """
    from gupai.games.kap.replay import replay_kap

    return replay_kap(_schema_checked(doc))


def checked_replay_tsung(doc: Any) -> TsungState:
    """The front door's ``gupai.replay_tsung``: :func:`checked_replay_kap`'s checks, for a Tsung Shap log."""
    from gupai.games.tsung.replay import replay_tsung

    return replay_tsung(_schema_checked(doc))


def _schema_checked(doc: Any) -> Any:
    """``doc`` with its integral floats as ints, if the schema accepts it; else :class:`LogError` (its first error)."""
    errors, _ = _schema_errors(doc)
    if errors:
        pointer, message = errors[0]
        raise LogError(f"not a valid log: {pointer or '/'} {message}", where=pointer or "/")
    return _integral(doc)
