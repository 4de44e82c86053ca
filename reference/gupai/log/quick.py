"""The validator's quick accept path: a Kap log read, checked and replayed in one pass, or left to the long way.

:func:`accepts` says whether a document is certainly a valid log, at about
the cost of parsing it. It is only ever a shortcut to ``[]``: when it says
``False`` (not known here), the validator reads the document with the strict
reader (:func:`gupai.core.jsonread.loads`), checks it against the whole
schema and replays it (:func:`gupai.log.validate.validate_log`): the long
way, which finds and explains every error. So it must accept only what the
long way accepts; ``tests/property/test_quick_path.py`` holds the two
together on mutated logs and mutated texts.

What it checks, each as strictly as the long way:

- the text: msgspec's strict decoder, as the strict reader's fast path
  uses it; no escape (``\\``) and no number with a fraction or exponent
  (those need the full reader); no key lost to a duplicate: as many colons
  in the text as keys in the document (each key stands before a colon;
  a colon inside a string goes the long way);
- the schema, narrowed (:func:`_narrow`): without the events and the
  result, which the quick replay checks as strictly (a declaration against
  the schema's own event definition), and without the tiles of the deal's
  order, hands and stock, which the deal check finds written exactly as a
  log writes them, or else goes the long way; with no ``x-`` extension key
  (so nothing nests deeper than a log) and no integer longer than the
  strict reader reads;
- the game, replayed by :func:`gupai.games.kap.quick.quick_replay`.

>>> from gupai.log.format import dumps_log_line
>>> from gupai.log.play import play_game
>>> line = dumps_log_line(play_game("kap-tai-shap", players=6, seed=1))
>>> accepts(line), accepts(line.replace('"format":', '"format":"x","format":', 1))
(True, False)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import jsonschema_rs
import msgspec

from gupai.core.jsonread import MAX_INT_DIGITS
from gupai.games.kap.config import COLLECTING_GAMES
from gupai.games.kap.quick import quick_replay
from gupai.log.schema import load_schema

__all__ = ["accepted", "accepts"]


def _float_seen(_: str) -> Any:
    raise ValueError("a number with a fraction or an exponent: the full reader reads it")


_DECODE = msgspec.json.Decoder(float_hook=_float_seen).decode

#: The largest integer the strict reader reads (one more digit is refused).
_LARGEST = 10**MAX_INT_DIGITS - 1

_VALIDATORS: tuple[Any, Any] | None = None


def _validators() -> tuple[Any, Any]:
    """The log schema narrowed (:func:`_narrow`; no Kap events, no result, no tiles in the deal), and one Kap
    event's schema narrowed alike."""
    global _VALIDATORS
    if _VALIDATORS is None:
        schema = copy.deepcopy(load_schema())
        _narrow(schema)
        event = {key: schema[key] for key in ("$schema", "$id", "$defs")}
        event["$ref"] = "#/$defs/collecting-event"
        narrowed = copy.deepcopy(schema)
        narrowed["$defs"]["collecting-event"] = {}
        for part in ("order", "hands", "stock"):  # their tiles: checked_deal says whether they are written so
            narrowed["$defs"]["collecting-deal"]["properties"][part] = {"type": "array"}
        narrowed["$defs"]["collecting-result"] = {"type": "object"}
        _VALIDATORS = jsonschema_rs.validator_for(narrowed), jsonschema_rs.validator_for(copy.deepcopy(event))
    return _VALIDATORS


def _narrow(node: Any) -> None:
    """Remove every ``patternProperties`` (the ``x-`` keys a log may hold: a log with one goes the long way) and
    bound every integer as the strict reader does (a longer one goes the long way, which refuses it)."""
    if isinstance(node, dict):
        node.pop("patternProperties", None)
        kinds = node.get("type")
        if kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds):
            node["maximum"] = min(node.get("maximum", _LARGEST), _LARGEST)
            node["minimum"] = max(node.get("minimum", -_LARGEST), -_LARGEST)
        for value in node.values():
            _narrow(value)
    elif isinstance(node, list):
        for item in node:
            _narrow(item)


def accepts(text: str) -> bool:
    """Whether ``text`` is certainly a valid Kap log (``False``: not known here, the long way decides)."""
    return accepted(text) is not None


def accepted(text: str) -> dict[str, Any] | None:
    """The log ``text`` holds, read as the strict reader reads it, when it is certainly a valid Kap log; else
    ``None`` (not known here: the long way decides)."""
    if not _names_kap(text) or "\\" in text:  # an escape: a lone surrogate, or a quote inside a string (the
        # key count below)
        return None
    try:
        doc = _DECODE(text)
    except (msgspec.DecodeError, ValueError, RecursionError):  # a fraction or exponent, a byte order mark, not JSON
        return None
    if doc.__class__ is not dict or doc.get("game") not in COLLECTING_GAMES:
        return None
    whole, event = _validators()
    if not whole.is_valid(doc) or not quick_replay(doc, declared=event.is_valid):
        return None
    # Each key of the text stands before a colon, and other colons only in strings: as many colons as the
    # document has keys, and no key was lost to a duplicate (a colon in a string goes the long way).
    return doc if text.count(":") == _keys(doc) else None


def _names_kap(text: str) -> bool:
    """Whether the text (as a log is written: compact, the game near the start) may be a Kap log: a quick look
    before it is read, so that another game's log goes the long way at no cost. Only ever a shortcut: a Kap
    log written otherwise (``"game": "kap-shap"``) goes the long way too.

    >>> _names_kap('{"format":"gupai-log","version":1,"game":"kap-shap"}'), _names_kap('{"game":"tsung-shap"}')
    (True, False)
    """
    at = text.find('"game":"', 0, 256)
    return text.startswith("kap-", at + 8) if at >= 0 else '"game":"kap-' in text


def _keys(doc: Mapping[str, Any]) -> int:
    """The keys of a log that the schema (its events aside) and the quick replay accepted: those of its objects,
    which are only the document, its options, deal, match, events, result and the declaration's splits."""
    keys = len(doc) + len(doc["options"]) + len(doc["deal"]) + sum(map(len, doc["events"]))
    result = doc["result"]
    keys += len(result) + len(result.get("decomposition", ()))
    events = doc["events"]
    if events and events[-1]["type"] == "declare":
        keys += len(events[-1]["decomposition"])
    match = doc.get("match")
    if match is not None:
        keys += len(match) + (len(match["previous"]) if match["previous"] is not None else 0)
    return keys
