"""The first schema errors of a document, found by halving, against every error jsonschema-rs lists."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai.core.schema_errors import LONG, MAX_ERRORS, Path, first_errors

SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "xs": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "rows": {"type": "array", "items": {"type": "array", "items": {"enum": ["a", "b"]}}},
        "pairs": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2}},
    },
    "required": ["name"],
    "additionalProperties": False,
}
FAST = jsonschema_rs.validator_for(SCHEMA)


def every_error(doc: Any) -> set[tuple[Path, str]]:
    return {(tuple(e.instance_path), e.message) for e in FAST.iter_errors(doc)}


def first(doc: Any, limit: int = MAX_ERRORS) -> tuple[list[tuple[Path, str]], bool]:
    return first_errors(
        doc, is_valid=FAST.is_valid, eager=lambda d: sorted(every_error(d)), explain=every_error, limit=limit
    )


def _mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(good, good, good, good, good, good, good, good, good, bad)


def _list(item: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
    return st.one_of(st.lists(item, max_size=5), st.lists(item, min_size=LONG + 1, max_size=3 * LONG))


DOCS = st.fixed_dictionaries(
    {
        "xs": _list(_mostly(st.integers(0, 9), st.sampled_from([-1, "1", None]))),
        "rows": _list(_list(_mostly(st.sampled_from(["a", "b"]), st.just("c")))),
        "pairs": _list(_mostly(st.just([1, 2]), st.just([1]))),
    },
    optional={"name": _mostly(st.just("n"), st.just(1)), "extra": st.just(0)},
)


@settings(max_examples=80, deadline=None)
@given(DOCS)
@pytest.mark.slow
def test_the_first_errors_are_errors_and_all_of_them_when_few(doc: dict[str, Any]) -> None:
    found, more = first(doc)
    every = every_error(doc)
    assert (found == []) is (every == set())
    assert set(found) <= every
    if len(every) <= MAX_ERRORS:
        assert set(found) == every and not more
    else:
        assert len(found) == MAX_ERRORS and more


def test_a_wrong_item_deep_in_long_lists_is_found_with_its_pointer() -> None:
    rows = [["a"] * (LONG + 1) for _ in range(LONG + 1)]
    rows[50][60] = "c"
    found, more = first({"name": 1, "rows": rows})
    assert sorted(p for p, _ in found) == [("name",), ("rows", 50, 60)]
    assert not more


@pytest.mark.parametrize("name", ["n", 1])
def test_a_million_wrong_items_cost_ten_explanations(name: object) -> None:
    found, more = first({"name": name, "xs": [-1] * 1_000_000})
    assert [p for p, _ in found if p[0] == "xs"] == [("xs", i) for i in range(MAX_ERRORS - (name == 1))]
    assert more
