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
  uses it, with the log's keys named (another key, such as an ``x-``
  extension, goes the long way); no escape (``\\``) and no number with a
  fraction or exponent (those need the full reader); no key lost to a
  duplicate: as many colons in the text as keys in the document (each key
  stands before a colon; a colon inside a string goes the long way);
- the deal, when written exactly as a log writes it (compact, its keys in
  the writer's order), read in bulk from its text (:func:`_read_deal`):
  its shape matched once per shape, its tiles read from their digits as
  kinds, one byte a tile, and checked by :func:`gupai.games.kap.deal_check.dealt_first`;
  written otherwise, it is decoded and checked by :func:`~gupai.games.kap.deal_check.checked_deal`;
- the schema, narrowed (:func:`_narrow`): without the events and the
  result, which the quick replay checks as strictly, and without the tiles
  of the deal's order, hands and stock, which the deal check finds written
  exactly as a log writes them, or else goes the long way; with no ``x-``
  extension key (so nothing nests deeper than a log) and no integer longer
  than the strict reader reads;
- the game, replayed by :func:`gupai.games.kap.quick.quick_replay`.

>>> from gupai.log.format import dumps_log_line
>>> from gupai.log.play import play_game
>>> line = dumps_log_line(play_game("kap-tai-shap", players=6, seed=1))
>>> accepts(line), accepts(line.replace('"format":', '"format":"x","format":', 1))
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import jsonschema_rs
import msgspec

from gupai.core.faces import end_kinds
from gupai.core.jsonread import MAX_INT_DIGITS
from gupai.games.kap.config import COLLECTING_GAMES
from gupai.games.kap.quick import quick_replay
from gupai.log.schema import read_schema

__all__ = ["accepted", "accepts"]


def _float_seen(_: str) -> Any:
    raise ValueError("a number with a fraction or an exponent: the full reader reads it")


_DECODE = msgspec.json.Decoder(float_hook=_float_seen).decode

_UNSET: Any = msgspec.UNSET


class _Log(msgspec.Struct, forbid_unknown_fields=True):
    """A log's keys, as the schema names them (another key: not known here), its deal left as text."""

    format: Any
    version: Any
    game: Any
    preset: Any
    options: Any
    players: Any
    sets: Any
    deal: msgspec.Raw
    events: Any
    result: Any
    seed: Any = _UNSET
    agents: Any = _UNSET
    match: Any = _UNSET


_DECODE_LOG = msgspec.json.Decoder(_Log, float_hook=_float_seen).decode

#: The largest integer the strict reader reads (one more digit is refused).
_LARGEST = 10**MAX_INT_DIGITS - 1

_VALIDATOR: Any = None
#: Each Kap game's options schema (narrowed), and the last options it found valid (a corpus holds long runs of one).
_OPTIONS: dict[str, list[Any]] = {}


def _validator() -> Any:
    """The log schema narrowed (:func:`_narrow`; no Kap events, no result, no tiles in the deal, no Kap options:
    :func:`_options_valid` checks them)."""
    global _VALIDATOR
    if _VALIDATOR is None:
        schema = read_schema()  # (this process's own copy, changed below: load_schema's is shared)
        _narrow(schema)
        defs = schema["$defs"]
        defs["collecting-event"] = {}
        for part in ("order", "hands", "stock"):  # their tiles: the deal check says whether they are written so
            defs["collecting-deal"]["properties"][part] = {"type": "array"}
        defs["collecting-result"] = {"type": "object"}
        for game in COLLECTING_GAMES:
            options = {key: schema[key] for key in ("$schema", "$id", "$defs")}
            options["$ref"] = f"#/$defs/options-{game}"
            _OPTIONS[game] = [jsonschema_rs.validator_for(options), None]  # (it keeps a copy of its own)
        for game in COLLECTING_GAMES:
            defs[f"options-{game}"] = {}
        _VALIDATOR = jsonschema_rs.validator_for(schema)
    return _VALIDATOR


def _options_valid(game: str, options: Any) -> bool:
    """Whether a Kap log's options are valid under its game's options schema (narrowed); those of the log before,
    when the same, are not checked again."""
    known = _OPTIONS[game]
    if known[1] is not None and options == known[1]:  # (equal to a dict of strings: a dict of the same strings)
        return True
    if not known[0].is_valid(options):
        return False
    known[1] = dict(options)
    return True


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
    ``None`` (not known here: the long way decides).

    A deal written as a log writes it is read in bulk (:func:`_read_deal`): then the deal's order, hands and
    stock are empty lists in the document returned, unless the log records a match (the validator keeps such a
    document, to check the next line's link against it).
    """
    if not _names_kap(text) or "\\" in text:  # an escape: a lone surrogate, or a quote inside a string (the
        # key count below)
        return None
    try:
        log = _DECODE_LOG(text)
        raw = bytes(log.deal)
        read = _read_deal(raw)
        deal = _DECODE(raw) if read is None else read[0]
    except (msgspec.DecodeError, ValueError, RecursionError):  # a fraction or exponent, a byte order mark, not JSON
        return None
    doc = {
        "format": log.format,
        "version": log.version,
        "game": log.game,
        "preset": log.preset,
        "options": log.options,
        "players": log.players,
        "sets": log.sets,
        "deal": deal,
        "events": log.events,
        "result": log.result,
    }
    for key, value in (("seed", log.seed), ("agents", log.agents), ("match", log.match)):
        if value is not _UNSET:
            doc[key] = value
    if doc["game"] not in COLLECTING_GAMES or not isinstance(doc["result"], dict):  # (an unfinished game: the long way)
        return None
    if not _validator().is_valid(doc) or not _options_valid(doc["game"], doc["options"]):
        return None
    if not quick_replay(doc, read=None if read is None else read[1]):
        return None
    # Each key of the text stands before a colon, and other colons only in strings: as many colons as the
    # document has keys, and no key was lost to a duplicate (a colon in a string goes the long way).
    if text.count(":") != _keys(doc):
        return None
    if read is not None and "match" in doc:  # a log the validator keeps (to check the next line's link): its deal
        # read whole, as the long way reads it
        deal.update(_DECODE(raw))
    return doc


#: A deal as a log writes it, its digits 1-6 read as ``d``: the order, dice or none, the first player (seat 0 as
#: ``0``, seats 7-99 with their digits 0 and 7-9 as written), the hands and the stock.
_DEAL = re.compile(
    rb'\{"order":\[((?:"d-d",)*"d-d")\],"dice":(null|\[d,d,d,d\]),"first_player":(0|[d789][d0789]?),'
    rb'"hands":\[((?:\[(?:"d-d",)*"d-d"\],)*\[(?:"d-d",)*"d-d"\])\],"stock":\[((?:"d-d",)*"d-d")?\]\}'
)
_AS_D = bytes.maketrans(b"123456", b"dddddd")
_NOT_DIGIT = bytes(set(range(256)) - set(b"0123456789"))
_VALUE = bytes.maketrans(b"0123456789", bytes(range(10)))
#: What a deal's shape says: the tiles of the order, the dice's digits, the first player's, each hand's tiles.
_Shape = tuple[int, int, int, tuple[int, ...]]
_SHAPES: dict[bytes, _Shape | None] = {}
#: The longest shape remembered (a deal of twenty sets is shorter; a longer one is matched each time).
_SHAPE_BYTES = 1 << 13


def _shape(shape: bytes) -> _Shape | None:
    """What a deal's shape (its text, digits 1-6 as ``d``) says, or ``None`` when it is not one a log writes."""
    match = _DEAL.fullmatch(shape)
    if match is None:
        return None
    order, dice, first, hands, _ = match.groups()
    sizes = tuple(hand.count(b"d-d") for hand in hands.split(b"],["))
    return order.count(b"d-d"), 0 if dice == b"null" else 4, len(first), sizes


def _read_deal(raw: bytes) -> tuple[dict[str, Any], tuple[bytes, tuple[int, ...]]] | None:
    """A deal written exactly as a log writes it, read at once: the deal without its tiles (the order, the hands and
    the stock as empty lists), and its tiles' kinds (the order's, the hands', the stock's, one byte each) with each
    hand's size; ``None``: written otherwise (the decoder reads it).

    >>> deal, (kinds, sizes) = _read_deal(
    ...     b'{"order":["6-6","2-1"],"dice":null,"first_player":12,"hands":[["2-1"]],"stock":["6-6"]}')
    >>> deal["dice"], deal["first_player"], kinds, sizes
    (None, 12, b'\\x00\\x14\\x14\\x00', (1,))
    >>> _read_deal(b'{"order":["6-6","2-1"],"dice":[1,2,3,4],"first_player":2,"hands":[["2-1"]],"stock":["6-6"]}')[0]["dice"]
    [1, 2, 3, 4]
    >>> _read_deal(b'{"order":["6-6", "2-1"],"dice":null,"first_player":1,"hands":[["2-1"]],"stock":["6-6"]}') is None
    True
    """
    shape = raw.translate(_AS_D)
    if shape in _SHAPES:
        found = _SHAPES[shape]
    else:
        found = _shape(shape)
        if len(shape) <= _SHAPE_BYTES:  # (the shapes remembered stay few and small: bounded memory)
            if len(_SHAPES) >= 256:
                _SHAPES.clear()
            _SHAPES[shape] = found
    if found is None:
        return None
    size, dice, first, sizes = found
    digits = raw.translate(None, _NOT_DIGIT)
    chance = 2 * size + dice + first  # the dice's digits and the first player's, between the order and the hands
    tiles = digits[: 2 * size] + digits[chance:]
    kinds = end_kinds(tiles[0::2], tiles[1::2])
    if kinds is None:
        return None
    deal = {
        "order": [],
        "dice": list(digits[2 * size : 2 * size + dice].translate(_VALUE)) if dice else None,
        "first_player": int(digits[2 * size + dice : chance]),
        "hands": [],
        "stock": [],
    }
    return deal, (kinds, sizes)


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
