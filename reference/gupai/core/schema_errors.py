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
then, when it is valid, each long list is halved until its wrong items are
found, and each wrong item is explained alone, in a copy of the document
where the list holds it only (its pointer then mapped back). This supposes,
as the kit's schemas do, that a long list's items are checked one by one
(no ``minItems`` above :data:`LONG`, no ``uniqueItems``); anything else
(a list too long as a whole) is explained last, on the document itself.

>>> import jsonschema_rs
>>> schema = {"type": "object", "properties": {"xs": {"type": "array", "items": {"type": "integer"}}}}
>>> fast = jsonschema_rs.validator_for(schema)
>>> def explain(doc):
...     return [(tuple(e.instance_path), e.message) for e in fast.iter_errors(doc)]
>>> first_errors({"xs": [1] * 100_000 + ["a"]}, is_valid=fast.is_valid, explain=explain)
([(('xs', 100000), '"a" is not of type "integer"')], False)
>>> errors, more = first_errors({"xs": ["a"] * 100_000}, is_valid=fast.is_valid, explain=explain, limit=2)
>>> [path for path, _ in errors], more
([('xs', 0), ('xs', 1)], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

__all__ = ["LONG", "MAX_ERRORS", "Path", "first_errors"]

#: Schema errors reported for one document; the rest are not looked for.
MAX_ERRORS = 10

#: A list with more items than this is searched by halves, not explained whole.
LONG = 64

#: Where a value is in a document: keys and indexes from the top.
Path = tuple[str | int, ...]

#: The errors of a (small) document, as (path, message), lazily if it can.
Explain = Callable[[Any], Iterable[tuple[Path, str]]]


def first_errors(
    doc: Any, *, is_valid: Callable[[Any], bool], explain: Explain, limit: int = MAX_ERRORS
) -> tuple[list[tuple[Path, str]], bool]:
    """Up to ``limit`` errors of ``doc`` (``[]`` when it is valid), and whether more may follow.

    ``is_valid`` is the fast validator's yes/no; ``explain`` lists a
    document's errors and is only given documents whose long lists hold one
    item, or (last) the document itself when nothing else found an error.
    """
    if is_valid(doc):
        return [], False
    longs = _long_lists(doc)
    base = _replaced(doc, {path: [] for path in longs})
    found: list[tuple[Path, str]] = []
    if not is_valid(base):
        found = list(islice(explain(base), limit + 1))
        if found:  # errors outside the long lists: reported first (the lists are looked at once these are fixed)
            return found[:limit], bool(longs) or len(found) > limit
        longs = []  # the validators disagree: nothing to learn by halving
    for path in longs:
        items = _at(doc, path)
        for index in _wrong_items(items, lambda a, b, p=path, i=items: is_valid(_replaced(base, {p: i[a:b]}))):
            if len(found) >= limit:
                return found[:limit], True
            start = len(path)
            for where, message in islice(explain(_replaced(base, {path: [items[index]]})), limit):
                if where[:start] == path and len(where) > start:
                    where = (*path, index, *where[start + 1 :])
                found.append((where, message))
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


def _wrong_items(items: list[Any], valid: Callable[[int, int], bool]) -> Iterable[int]:
    """The indexes of the wrong items, in order, found by halving: ``valid(a, b)`` checks ``items[a:b]``."""
    stack = [(0, len(items))]
    while stack:
        a, b = stack.pop()
        if valid(a, b):
            continue
        if b - a == 1:
            yield a
            continue
        middle = (a + b) // 2
        stack.extend(((middle, b), (a, middle)))
