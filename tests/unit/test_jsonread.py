"""The strict JSON reader: what RFC 8259 / I-JSON (RFC 7493) allow, and nothing more."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai.core.jsonread import MAX_DEPTH, MAX_INT_DIGITS, JSONReadError, loads


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[NaN]", "NaN is not JSON"),
        ('{"a": Infinity}', "Infinity is not JSON"),
        ("[-Infinity]", "-Infinity is not JSON"),
        ("[1e400]", "too large"),
        ('{"seat": 0, "seat": 1}', 'duplicate key "seat"'),
        ('{"a": {"b": 1, "b": 1}}', 'duplicate key "b"'),
        ("1" * 5000, "an integer of 5000 digits"),
        ("-" + "9" * (MAX_INT_DIGITS + 1), f"an integer of {MAX_INT_DIGITS + 1} digits"),
        ('"\\udcff"', 'a lone surrogate "\\udcff" in a string at /'),
        ('{"m": ["ok", "\\ud800x"]}', 'a lone surrogate "\\ud800" in a string at /m/1'),
        ('{"\\udfff": 1}', "a lone surrogate"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": }', "Expecting value at line 1 column 7"),
        ("", "Expecting value"),
    ],
)
def test_what_is_not_strict_json_is_refused_in_one_line(text: str, fragment: str) -> None:
    with pytest.raises(JSONReadError) as caught:
        loads(text)
    message = caught.value.message
    assert fragment in message
    assert "\n" not in message
    message.encode("ascii")  # printable anywhere, whatever the input held


def test_what_json_allows_is_read_as_before() -> None:
    assert loads('{"seat": 1.0, "n": -0.0, "x": 1.5, "e": 1e2}') == {"seat": 1, "n": 0, "x": 1.5, "e": 100}
    assert isinstance(loads("[1.0]")[0], int)
    assert loads('"\\ud83c\\udc04"') == "\U0001f004"  # a surrogate pair is one character
    assert loads('"\\u00e9"') == "é"
    assert loads("9" * MAX_INT_DIGITS) == int("9" * MAX_INT_DIGITS)
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert loads('{"a": [{"b": null}], "c": true}') == {"a": [{"b": None}], "c": True}


def test_integral_floats_beyond_2_to_53_stay_floats() -> None:
    assert isinstance(loads("1e300"), float)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**45), 10**45) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


def _read(text: str, *, fast: bool) -> tuple[str, object]:
    try:
        return "value", loads(text, fast=fast)
    except JSONReadError as error:
        return "error", error.message


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 2, -1]), st.sampled_from(["", "dup", "cut", "deep", "float"]))
@pytest.mark.slow
def test_the_msgspec_fast_path_reads_what_the_full_reader_reads(doc: object, indent: int | None, change: str) -> None:
    """Differential: the fast path gives the same value or the same one-line error as the full reader.

    Indent -1 writes the text compact, as a log's line is (no space at all).
    """
    if indent == -1:
        text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    else:
        text = json.dumps(doc, indent=indent, ensure_ascii=bool(indent))
    if change == "dup" and text.startswith("{") and ":" in text:
        text = text[:-1] + ("," if indent == -1 else ", ") + text[1:]  # every key twice
    elif change == "cut":
        text = text[: len(text) // 2]
    elif change == "deep":
        text = "[" * MAX_DEPTH + text + "]" * MAX_DEPTH
    elif change == "float":
        text = text.replace("1", "1.0", 1)
    assert _read(text, fast=True) == _read(text, fast=False)


# ------------------------------------------------ duplicate keys, however spelled
_SPACE = st.text(alphabet=" \t\n\r", max_size=3)
_KEY_NAMES = st.sampled_from(["game", "a", "é", ":", " :", "", '"', "\\", "a:b", "\u2028"])


def _spell(key: str, escaped: bool) -> str:
    """A key as JSON text: plain (UTF-8, only what must be escaped), or every character as a \\u escape."""
    if escaped:
        return '"' + "".join(f"\\u{ord(c):04x}" for c in key) + '"'
    return json.dumps(key, ensure_ascii=False)


@st.composite
def _objects(draw: st.DrawFn) -> tuple[str, bool]:
    """An object's text, its keys spelled and spaced at random, and whether two of its keys read the same."""
    keys = draw(st.lists(_KEY_NAMES, min_size=1, max_size=5))
    values = draw(
        st.lists(
            st.sampled_from(["1", '":"', '" :x"', '[":", {}]', '{"k" : 1}']), min_size=len(keys), max_size=len(keys)
        )
    )
    members = [
        draw(_SPACE) + _spell(key, draw(st.booleans())) + draw(_SPACE) + ":" + draw(_SPACE) + value + draw(_SPACE)
        for key, value in zip(keys, values, strict=True)
    ]
    text = "{" + ",".join(members) + "}"
    if draw(st.booleans()):  # nested one level down, beside other strings
        text = "[" + draw(_SPACE) + '" :"' + "," + text + "]"
    return text, len(set(keys)) != len(keys)


@settings(max_examples=500, deadline=None)
@given(_objects())
def test_a_duplicate_key_is_refused_however_it_is_spelled_or_spaced(case: tuple[str, bool]) -> None:
    """Finding 3 of issue 21: one space before a colon hid a duplicate from the fast path."""
    text, duplicated = case
    assert json.loads(text) is not None  # the generated text is JSON (duplicates aside)
    for fast in (True, False):
        kind, what = _read(text, fast=fast)
        if duplicated:
            assert kind == "error" and str(what).startswith("duplicate key"), (text, fast, what)
        else:
            assert kind == "value", (text, fast, what)


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "tsung-shap", "game" : "kap-shap"}',  # the reproducer of issue 21
        '{"game":"a","game"\n:"b"}',
        '{"game":"a", "g\\u0061me":"b"}',
        '{"a" : 1, "b" : {"c": 1, "c" : 2}}',
        '[" :", {"a" :1, "a":1}]',
    ],
)
def test_a_spaced_or_escaped_duplicate_key_is_refused(text: str) -> None:
    with pytest.raises(JSONReadError, match="duplicate key"):
        loads(text)
