"""A strict JSON reader, shared by the log validator and the engine protocol.

Python's :func:`json.loads` accepts more than RFC 8259 JSON meant for
interchange (I-JSON, RFC 7493): ``NaN`` and ``Infinity``, duplicate keys
(the last silently wins), lone surrogates (``"\\udcff"``, a string that no
UTF-8 output can print), integers of any length (a 5,000-digit one raises a
bare ``ValueError``) and nesting as deep as the interpreter's stack. This
reader refuses each of them with a one-line :class:`JSONReadError`, and reads
an integral number written with a fraction or exponent (``5.0``, ``1e2``) as
the integer it is, as JSON Schema counts it. A byte order mark before the
text (which the decoder reports as "Expecting value at line 1 column 1") is
refused with a message that names it.

>>> loads('{"seat": 1.0, "tiles": ["6-6"]}')
{'seat': 1, 'tiles': ['6-6']}
>>> loads('{"seat": 1, "seat": 2}')
Traceback (most recent call last):
...
gupai.core.jsonread.JSONReadError: duplicate key "seat" in an object
>>> loads('[NaN]')
Traceback (most recent call last):
...
gupai.core.jsonread.JSONReadError: NaN is not JSON
"""

from __future__ import annotations

import json
import math
from typing import Any

from gupai.core.errors import GupaiError

try:
    import msgspec
except ImportError:  # a Python without it (the rules site's Play page, in the browser): the full reader alone
    msgspec = None  # type: ignore[assignment]

__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "JSONReadError", "JSONSyntaxError", "loads"]

#: Objects and arrays nest at most this deep (a game log nests about 6 deep).
MAX_DEPTH = 64

#: An integer has at most this many digits (2**128 has 39).
MAX_INT_DIGITS = 40

#: Integral floats up to this size are read as ints; larger ones stay floats.
_EXACT = 2**53


class JSONReadError(GupaiError):
    """Text that is not strict JSON; ``where`` is ``line:column`` or a JSON pointer, when known."""


class JSONSyntaxError(JSONReadError):
    """Text that is not JSON at all (the decoder stops at ``line:column``), as against JSON that the strict
    reader refuses (a duplicate key, ``NaN``, nesting too deep): a command gives it exit status 2 (unusable
    input), as it does a file that cannot be read."""


def _reject_constant(name: str) -> Any:
    raise JSONReadError(f"{name} is not JSON")


def _integer(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise JSONReadError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _number(text: str) -> float | int:
    value = float(text)
    if not math.isfinite(value):
        raise JSONReadError(f"the number {text[:40]} is too large for a double")
    return int(value) if value.is_integer() and abs(value) <= _EXACT else value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JSONReadError(f"duplicate key {_show(key)} in an object")
            seen.add(key)
    return doc


_DECODER = json.JSONDecoder(
    parse_float=_number, parse_int=_integer, parse_constant=_reject_constant, object_pairs_hook=_object
)


def _show(text: str, limit: int = 40) -> str:
    """A string for a message: quoted, ASCII-safe (a lone surrogate is shown escaped), cut to ``limit``."""
    shown = json.dumps(text[:limit])
    return shown if len(text) <= limit else shown[:-1] + '..."'


def loads(text: str, *, fast: bool = True) -> Any:
    """Parse ``text`` as strict JSON, or raise :class:`JSONReadError` with a one-line message.

    ``fast`` first tries msgspec's strict decoder (about five times as fast
    as the full reader on a game log), which hands anything it cannot
    vouch for to the full reader: the value and the error are the same
    either way (``fast=False`` reads with the full reader alone).

    >>> loads('1' * 41)
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONReadError: an integer of 41 digits (at most 40)
    >>> loads('"\\\\udcff"')
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONReadError: a lone surrogate "\\udcff" in a string at /
    >>> loads('[' * 65 + ']' * 65)
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONReadError: nested too deeply (deeper than 64) at /0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/...
    >>> loads('\ufeff{}')
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONReadError: a byte order mark (U+FEFF) before the JSON text: save it as UTF-8 without a BOM
    >>> loads('{"a": }')
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONSyntaxError: Expecting value at line 1 column 7
    >>> loads('["abc')
    Traceback (most recent call last):
    ...
    gupai.core.jsonread.JSONSyntaxError: Unterminated string starting at line 1 column 2
    """
    if text.startswith("\ufeff"):  # RFC 8259 lets a reader refuse it; a file saved "UTF-8 with BOM" has one
        raise JSONReadError("a byte order mark (U+FEFF) before the JSON text: save it as UTF-8 without a BOM")
    doc = _fast(text) if fast else _SLOW
    if doc is not _SLOW:
        return doc
    try:
        doc = _DECODER.decode(text)
    except json.JSONDecodeError as error:  # ("Unterminated string starting at": one "at", not two)
        raise JSONSyntaxError(
            f"{error.msg.removesuffix(' at')} at line {error.lineno} column {error.colno}",
            where=f"{error.lineno}:{error.colno}",
        ) from None
    except RecursionError:
        raise JSONReadError(f"nested too deeply (deeper than {MAX_DEPTH})") from None
    except JSONReadError:
        raise
    except ValueError as error:  # pragma: no cover - a limit of the interpreter's own
        raise JSONReadError(str(error).splitlines()[0][:200]) from None
    if not _fine(doc, "\\u" in text):
        _explain(doc, [], "\\u" in text)
    return doc


#: What :func:`_fast` returns when the text needs the full reader.
_SLOW: Any = object()


def _float_seen(_: str) -> Any:
    raise ValueError("a float: the full reader reads it")


#: msgspec's strict decoder, stopping at the first number with a fraction or an exponent (``None`` without
#: msgspec: every text then goes to the full reader, which reads the same values and refuses the same texts).
_MSGSPEC_DECODE = None if msgspec is None else msgspec.json.Decoder(float_hook=_float_seen).decode

#: Deletes every byte but brackets and quotes; then brackets of both kinds read as one.
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")

#: Every digit read as 0, every other byte as a space: then an integer longer than
#: :data:`MAX_INT_DIGITS` (or as long a run of digits in a string) is a run of zeros.
_DIGITS = bytes(ord("0") if chr(b).isdigit() and b < 128 else ord(" ") for b in range(256))
_LONG_RUN = b"0" * (MAX_INT_DIGITS + 1)


def _fast(text: str) -> Any:
    """The document as :func:`loads` reads it, by msgspec's strict decoder, or ``_SLOW``.

    msgspec refuses ``NaN``, ``Infinity``, trailing commas, control
    characters and lone surrogates itself; what it accepts but this reader
    does not (a duplicate key, a fraction or exponent, a long integer, deep
    nesting) or reads otherwise, and any text with an escape, is left to the
    full reader, which gives the one-line error. So the fast path accepts a
    document only where the full reader accepts it and reads the same value.

    >>> _fast('{"seat": 1, "tiles": ["6-6"]}')
    {'seat': 1, 'tiles': ['6-6']}
    >>> [_fast(t) is _SLOW for t in ('{"a": 1, "a": 2}', '[1.0]', '["\\\\u0041"]', '[' * 65 + ']' * 65)]
    [True, True, True, True]
    """
    if "\\" in text or _MSGSPEC_DECODE is None:  # escapes: a lone surrogate, or a quote inside a string
        return _SLOW
    try:
        doc = _MSGSPEC_DECODE(text)
    except (msgspec.DecodeError, ValueError, RecursionError):  # a float, or not JSON
        return _SLOW
    data = _shallow(text)
    if data is None:
        return _SLOW
    if isinstance(doc, dict | list) and _keys_lost(data, msgspec.json.encode(doc)):
        return _SLOW
    return doc


#: JSON's four whitespace bytes, deleted before the keys are counted.
_WHITESPACE = b" \t\n\r"


def _keys_lost(data: bytes, again: bytes) -> bool:
    """Whether decoding ``data`` (JSON without escapes) dropped a key: a duplicate.

    ``again`` is the decoded document written back by msgspec: compact, and
    (no escape in the text, so none in the document) every string as the
    text spells it. In either, with JSON's whitespace deleted, a ``":``
    stands after each key (its closing quote, then the colon) and after the
    opening quote of a string that begins with a colon, never elsewhere: a
    string holds no quote. The text's count is its keys plus its strings
    that begin (whitespace deleted) with a colon; the document's is its keys
    plus its strings that begin with a colon, each of which is in the text
    too. So the counts are equal only when no key was lost, whatever the
    whitespace between a key and its colon.

    >>> _keys_lost(b'{"a": 1, "a" : 2}', b'{"a":2}'), _keys_lost(b'{"a" : ": "}', b'{"a":": "}')
    (True, False)
    """
    return data.translate(None, _WHITESPACE).count(b'":') != again.count(b'":')


def _shallow(text: str) -> bytes | None:
    """Whether the JSON ``text`` (without escapes) nests at most :data:`MAX_DEPTH` deep and
    holds no integer longer than :data:`MAX_INT_DIGITS` digits (nor as long a run of digits in a string).

    Only its brackets and quotes are kept; each string's two quotes then
    stand side by side, unless a string holds a bracket (``None``: the full
    reader decides). With the quotes gone, every pass removes the innermost
    empty brackets, so the passes needed are the depth.

    Its UTF-8 bytes when it is, else ``None``.

    >>> [_shallow(t) is not None for t in ('{"a": [[1], {"b": "]["}]}', '[' * 64 + ']' * 64, '[' * 65 + ']' * 65)]
    [False, True, False]
    >>> [_shallow(t) is not None for t in ('{"a": [[1], {"b": "c"}]}', "[" + "9" * 40 + "]", "[" + "9" * 41 + "]")]
    [True, True, False]
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    if _LONG_RUN in data.translate(_DIGITS):
        return None
    marks = data.translate(_ONE_BRACKET, _NOT_STRUCTURE)
    if marks.count(b'""') * 2 != marks.count(b'"'):  # a quote not beside its pair: a string holds a bracket
        return None
    marks = marks.translate(None, b'"')
    for _ in range(MAX_DEPTH):
        if not marks:
            return data
        marks = marks.replace(b"[]", b"")
    return None if marks else data


def _fine(doc: Any, escapes: bool) -> bool:
    """True when ``doc`` nests at most :data:`MAX_DEPTH` deep and (when escapes occur) holds no lone surrogate."""
    level: list[Any] = [doc]
    for _ in range(MAX_DEPTH):
        deeper: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                deeper.extend(item.values())
                if escapes:
                    deeper.extend(item.keys())
            elif isinstance(item, list):
                deeper.extend(item)
            elif escapes and isinstance(item, str) and not item.isascii() and _lone(item):
                return False
        if not deeper:
            return True
        level = [item for item in deeper if isinstance(item, dict | list) or (escapes and isinstance(item, str))]
        if not level:
            return True
    return False


def _lone(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _explain(doc: Any, path: list[str], escapes: bool) -> None:
    """Raise the error :func:`_fine` found, naming its JSON pointer."""
    pointer = "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in path)
    if len(path) >= MAX_DEPTH and isinstance(doc, dict | list):
        shown = pointer if len(pointer) <= 60 else pointer[:60] + "..."
        raise JSONReadError(f"nested too deeply (deeper than {MAX_DEPTH}) at {shown}", where=pointer)
    if isinstance(doc, str) and escapes and _lone(doc):
        bad = next(c for c in doc if 0xD800 <= ord(c) <= 0xDFFF)
        raise JSONReadError(f'a lone surrogate "\\u{ord(bad):04x}" in a string at {pointer}', where=pointer)
    if isinstance(doc, dict):
        for key, value in doc.items():
            _explain(key, [*path, _ascii(key)], escapes)
            _explain(value, [*path, _ascii(key)], escapes)
    elif isinstance(doc, list):
        for index, item in enumerate(doc):
            _explain(item, [*path, str(index)], escapes)


def _ascii(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("utf-8") if _lone(key) else key
