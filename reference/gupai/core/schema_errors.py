"""The first few schema errors of a document, at the cost of checking it.

A fast validator (jsonschema-rs) says whether a document is valid in a
fraction of a second, but lists its errors all at once: a log or a message
with millions of wrong items then costs gigabytes. A full validator
(python-jsonschema) explains an error well but walks every item in Python.
So the errors are found by the fast validator's yes/no alone, on documents
cut down from the one given, and only the first :data:`MAX_ERRORS` are
explained, each on a document of a few items.

A list of more than :data:`LONG` items is *long*. The document with every
long list emptied is checked first (its errors are outside the long lists);
then each long list is halved until its wrong items are found (when the
rest is valid, by yes/no; else by counting the errors of small documents,
a run of items at a time), and each wrong item is searched alone, the same
way, in a copy of the document where the list holds it only (its pointer
then mapped back). Only a *small* document (:func:`is_small`) has all its
errors listed at once; any other is explained lazily. This supposes,
as the kit's schemas do, that a long list's items are checked one by one
(no ``minItems`` above :data:`LONG`, no ``uniqueItems``); anything else
(a list too long as a whole) is explained last, on the document itself.

>>> import jsonschema, jsonschema_rs
>>> schema = {"properties": {"xs": {"items": {"type": "integer"}}}, "additionalProperties": False}
>>> fast, full = jsonschema_rs.validator_for(schema), jsonschema.Draft202012Validator(schema)
>>> def eager(doc):
...     return [(tuple(e.instance_path), e.message) for e in fast.iter_errors(doc)]
>>> def explain(doc):
...     return eager(doc) if is_small(doc) else ((tuple(e.absolute_path), e.message) for e in full.iter_errors(doc))
>>> first_errors({"xs": [1] * 100_000 + ["a"]}, is_valid=fast.is_valid, eager=eager, explain=explain)
([(('xs', 100000), '"a" is not of type "integer"')], False)
>>> errors, more = first_errors({"xs": ["a"] * 100_000}, is_valid=fast.is_valid, eager=eager, explain=explain, limit=2)
>>> [path for path, _ in errors], more
([('xs', 0), ('xs', 1)], True)
>>> first_errors({"xs": [1] * 1000 + ["a"], "n": 1}, is_valid=fast.is_valid, eager=eager, explain=explain)[0]
[((), "Additional properties are not allowed ('n' was unexpected)"), (('xs', 1000), '"a" is not of type "integer"')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

__all__ = ["LONG", "MAX_ERRORS", "SMALL", "Path", "first_errors", "is_small", "short_message"]

#: Schema errors reported for one document; the rest are not looked for.
MAX_ERRORS = 10

#: A list with more items than this is searched by halves, not explained whole.
LONG = 64

#: A document of at most this many values is *small*: all its errors may be listed at once.
SMALL = 20_000

#: Where a value is in a document: keys and indexes from the top.
Path = tuple[str | int, ...]

#: The errors of a (small) document, as (path, message), lazily if it can.
Explain = Callable[[Any], Iterable[tuple[Path, str]]]


def first_errors(
    doc: Any,
    *,
    is_valid: Callable[[Any], bool],
    eager: Explain,
    explain: Explain,
    limit: int = MAX_ERRORS,
) -> tuple[list[tuple[Path, str]], bool]:
    """Up to ``limit`` errors of ``doc`` (``[]`` when it is valid), and whether more may follow.

    ``is_valid`` is the fast validator's yes/no and ``eager`` its list of
    every error, only asked of documents :func:`is_small`; ``explain`` lists
    any document's errors lazily (or only a small one's at once).
    """
    if is_valid(doc):
        return [], False
    found, more = _search(doc, is_valid, eager, explain, limit)
    if not found:  # a list wrong as a whole, or a check across lists: explained on the document itself
        found = list(islice(explain(doc), limit + 1))
        more = len(found) > limit
    if not found:  # never a silent pass: the fast validator refused it
        found = [((), "does not match the schema (its validators disagree on where)")]
    return found[:limit], more


def short_message(message: str, limit: int = 300) -> str:
    """A schema message kept to one readable line: a long one keeps its two ends (the value quoted, and why).

    >>> short_message("'" + "x" * 1000 + "' is not of type 'object'")[-40:]
    "xxxxxxxxxxxxxxx' is not of type 'object'"
    >>> len(short_message("x" * 1000))
    303
    """
    half = limit // 2
    return message if len(message) <= limit else f"{message[:half]}...{message[-half:]}"


def is_small(doc: Any) -> bool:
    """Whether ``doc`` holds at most :data:`SMALL` values (so that listing all its errors costs little).

    >>> is_small({"a": [1] * 100}), is_small([[0] * 1000] * 100)
    (True, False)
    """
    return _size(doc, SMALL) <= SMALL


def _size(doc: Any, cap: int) -> int:
    """How many values ``doc`` holds, counting stopped a little past ``cap``."""
    seen, stack = 0, [doc]
    while stack and seen <= cap:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            stack.extend(node.values())
            seen += len(node)  # the keys
        elif isinstance(node, list):
            stack.extend(node)
    return seen


def _search(
    doc: Any, is_valid: Callable[[Any], bool], eager: Explain, explain: Explain, limit: int
) -> tuple[list[tuple[Path, str]], bool]:
    """The errors of ``doc`` outside its long lists, then in each, halving; whether more may follow."""
    longs = _long_lists(doc)
    base = _replaced(doc, {path: [] for path in longs})
    outside = 0
    found: list[tuple[Path, str]] = []
    if not is_valid(base):
        found = list(islice(explain(base), limit + 1))
        if not longs or len(found) > limit:
            return found[:limit], len(found) > limit
        if not is_small(base):  # too large to count its errors: the lists are looked at once these are fixed
            return found, True
        outside = sum(1 for _ in eager(base))
    wrong = 0
    for path in longs:
        items = _at(doc, path)

        def clean(a: int, b: int, path: Path = path, items: list[Any] = items) -> bool:
            cut = _replaced(base, {path: items[a:b]})
            if not outside:
                return is_valid(cut)
            if not is_small(cut):  # one item too large to count its errors: searched alone, as a wrong one is
                return False
            return sum(1 for _ in eager(cut)) == outside

        # With the rest valid, one yes/no clears a whole list; else errors are counted, a small chunk at a time.
        spans = iter([(0, len(items))]) if not outside else _chunks(items, SMALL - _size(base, SMALL))
        for index in _wrong_items(spans, clean):
            wrong += 1
            if len(found) >= limit or wrong > limit:
                return found[:limit], True
            alone = _replaced(base, {path: [items[index]]})
            inner, _ = _search(alone, is_valid, eager, explain, limit)
            start = len(path)
            for where, message in inner:
                if where[: start + 1] == (*path, 0):
                    found.append(((*path, index, *where[start + 1 :]), message))
    return found[:limit], len(found) > limit


def _chunks(items: list[Any], budget: int) -> Iterator[tuple[int, int]]:
    """``items`` cut into runs of about ``budget`` values at most (an item larger than that, alone), lazily."""
    start, held = 0, 0
    for index, item in enumerate(items):
        size = _size(item, budget)
        if held and held + size > budget:
            yield start, index
            start, held = index, 0
        held += size
    yield start, len(items)


def _long_lists(doc: Any) -> list[Path]:
    """The paths of the long lists, in document order, not looking inside one."""
    found: list[Path] = []
    stack: list[tuple[Path, Any]] = [((), doc)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            stack.extend(((*path, key), value) for key, value in reversed(node.items()))
        elif isinstance(node, list):
            if len(node) > LONG:
                found.append(path)
            else:
                stack.extend(((*path, index), value) for index, value in reversed(list(enumerate(node))))
    return found


def _at(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _replaced(doc: Any, values: dict[Path, Any]) -> Any:
    """A copy of ``doc`` with the values at ``values``' paths replaced (only the containers on a path copied)."""
    for path, value in values.items():
        doc = _put(doc, path, value)
    return doc


def _put(node: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    copy: Any = dict(node) if isinstance(node, dict) else list(node)
    copy[path[0]] = _put(node[path[0]], path[1:], value)
    return copy


def _wrong_items(spans: Iterable[tuple[int, int]], clean: Callable[[int, int], bool]) -> Iterator[int]:
    """The indexes of the wrong items, in order: ``clean(a, b)`` checks items ``a`` to ``b``.

    Each span is checked, and one that is not clean is halved until its
    wrong items are found.

    >>> list(_wrong_items([(0, 4), (4, 8), (8, 10)], lambda a, b: not a <= 7 < b))
    [7]
    """
    for span in spans:
        stack = [span]
        while stack:
            a, b = stack.pop()
            if clean(a, b):
                continue
            if b - a == 1:
                yield a
                continue
            middle = (a + b) // 2
            stack.extend(((middle, b), (a, middle)))
