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
rest is valid, by yes/no; else by counting errors, :data:`CHUNK` items at a
time), and each wrong item is explained alone, in a copy of the document
where the list holds it only (its pointer then mapped back). This supposes,
as the kit's schemas do, that a long list's items are checked one by one
(no ``minItems`` above :data:`LONG`, no ``uniqueItems``); anything else
(a list too long as a whole) is explained last, on the document itself.

>>> import jsonschema_rs
>>> schema = {"properties": {"xs": {"items": {"type": "integer"}}}, "additionalProperties": False}
>>> fast = jsonschema_rs.validator_for(schema)
>>> def explain(doc):
...     return [(tuple(e.instance_path), e.message) for e in fast.iter_errors(doc)]
>>> def count(doc):
...     return len(explain(doc))
>>> first_errors({"xs": [1] * 100_000 + ["a"]}, is_valid=fast.is_valid, count=count, explain=explain)
([(('xs', 100000), '"a" is not of type "integer"')], False)
>>> errors, more = first_errors({"xs": ["a"] * 100_000}, is_valid=fast.is_valid, count=count, explain=explain, limit=2)
>>> [path for path, _ in errors], more
([('xs', 0), ('xs', 1)], True)
>>> first_errors({"xs": [1] * 1000 + ["a"], "n": 1}, is_valid=fast.is_valid, count=count, explain=explain)[0]
[((), "Additional properties are not allowed ('n' was unexpected)"), (('xs', 1000), '"a" is not of type "integer"')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

__all__ = ["CHUNK", "LONG", "MAX_ERRORS", "Path", "first_errors"]

#: Schema errors reported for one document; the rest are not looked for.
MAX_ERRORS = 10

#: A list with more items than this is searched by halves, not explained whole.
LONG = 64

#: When the document has errors outside its long lists, a long list's errors are counted this many items at a time.
CHUNK = 256

#: Where a value is in a document: keys and indexes from the top.
Path = tuple[str | int, ...]

#: The errors of a (small) document, as (path, message), lazily if it can.
Explain = Callable[[Any], Iterable[tuple[Path, str]]]


def first_errors(
    doc: Any,
    *,
    is_valid: Callable[[Any], bool],
    count: Callable[[Any], int],
    explain: Explain,
    limit: int = MAX_ERRORS,
) -> tuple[list[tuple[Path, str]], bool]:
    """Up to ``limit`` errors of ``doc`` (``[]`` when it is valid), and whether more may follow.

    ``is_valid`` is the fast validator's yes/no and ``count`` the number of
    errors it finds in a document whose long lists hold at most
    :data:`CHUNK` items; ``explain`` lists a document's errors and is only
    given documents whose long lists hold one item, or (last) the document
    itself when nothing else found an error.
    """
    if is_valid(doc):
        return [], False
    longs = _long_lists(doc)
    base = _replaced(doc, {path: [] for path in longs})
    outside = 0 if is_valid(base) else count(base)  # errors outside the long lists
    found = list(islice(explain(base), limit + 1)) if outside else []
    wrong = 0
    for path in longs:
        items = _at(doc, path)

        def clean(a: int, b: int, path: Path = path, items: list[Any] = items) -> bool:
            cut = _replaced(base, {path: items[a:b]})
            return is_valid(cut) if not outside else count(cut) == outside

        # With the rest valid, one yes/no clears a whole list; else the errors are counted, a chunk at a time.
        for index in _wrong_items(len(items), clean, len(items) if not outside else CHUNK):
            wrong += 1
            if len(found) >= limit or wrong > limit:
                return found[:limit], True
            start = len(path)
            alone = explain(_replaced(base, {path: [items[index]]}))
            for where, message in islice(((w, m) for w, m in alone if w[:start] == path and len(w) > start), limit):
                found.append(((*path, index, *where[start + 1 :]), message))
    more = len(found) > limit
    if not found:  # a list wrong as a whole, or a check across lists: explained on the document itself
        found = list(islice(explain(doc), limit + 1))
        more = len(found) > limit
    return found[:limit], more


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


def _wrong_items(size: int, clean: Callable[[int, int], bool], chunk: int) -> Iterator[int]:
    """The indexes of the wrong items of a list of ``size``, in order: ``clean(a, b)`` checks items ``a`` to ``b``.

    The list is checked ``chunk`` items at a time, and a chunk that is not
    clean is halved until its wrong items are found.

    >>> list(_wrong_items(10, lambda a, b: not a <= 7 < b, 4))
    [7]
    """
    stack = [(a, min(a + chunk, size)) for a in reversed(range(0, size, max(chunk, 1)))]
    while stack:
        a, b = stack.pop()
        if clean(a, b):
            continue
        if b - a == 1:
            yield a
            continue
        middle = (a + b) // 2
        stack.extend(((middle, b), (a, middle)))
