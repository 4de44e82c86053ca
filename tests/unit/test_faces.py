"""Tile faces read in bulk (:mod:`gupai.core.faces`) read as the dictionary of faces reads them."""

from __future__ import annotations

from itertools import chain
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gupai.core import faces as faces_module
from gupai.core.faces import canonical_kinds, end_kinds, kind_bytes
from gupai.core.tiles import KIND_COUNT, Tile

FACES = [Tile.from_index(kind).face for kind in range(KIND_COUNT)]
KIND = {face: kind for kind, face in enumerate(FACES)}
OTHERS = ["4-6", "1-2", "7-7", "0-0", "6-6,", ",6-6", "6-6,6-6", "66", "6--6", "6-66", "6", "", "６-６", "6-6 ", "a-b"]


def _by_dictionary(faces: list[Any]) -> list[int] | None:
    try:
        return [KIND[face] for face in faces]
    except (KeyError, TypeError):
        return None


@settings(max_examples=2000)
@given(
    st.lists(
        st.one_of(st.sampled_from(FACES), st.sampled_from(OTHERS), st.text(max_size=4), st.integers()), max_size=12
    )
)
def test_bulk_reading_is_the_dictionary_s(faces: list[Any]) -> None:
    assert canonical_kinds(faces) == _by_dictionary(faces)


@given(st.lists(st.sampled_from(FACES), max_size=200))
def test_every_face_written_high_end_first_is_read(faces: list[str]) -> None:
    assert canonical_kinds(faces) == [KIND[face] for face in faces]


def test_faces_that_only_join_like_tiles_are_not_read() -> None:
    assert canonical_kinds(["6-66", "-6"]) is None  # joined "6-66,-6": misaligned, not two tiles
    assert canonical_kinds(["6-6,6", "-6"]) is None  # a comma inside a face
    assert canonical_kinds([]) == []


@settings(max_examples=1000)
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(FACES), st.sampled_from(OTHERS), st.text(max_size=4)), max_size=6),
        max_size=4,
    )
)
def test_faces_chained_are_read_as_the_dictionary_reads_them(parts: list[list[Any]]) -> None:
    """kind_bytes reads several lists chained (a deal's order, hands and stock) as one, given how many faces."""
    count = sum(map(len, parts))
    found = kind_bytes(chain.from_iterable(parts), count)
    expected = _by_dictionary([face for part in parts for face in part])
    assert found == (None if expected is None else bytes(expected))


@given(st.text(alphabet="0123456789-x", max_size=8), st.text(alphabet="0123456789-x", max_size=8))
def test_ends_are_read_as_the_faces_they_spell(highs: str, lows: str) -> None:
    expected = None
    if len(highs) == len(lows):
        expected = _by_dictionary([f"{high}-{low}" for high, low in zip(highs, lows, strict=True)])
    found = end_kinds(highs.encode(), lows.encode())
    assert found == (None if expected is None else bytes(expected))


def test_faces_with_another_separator_are_not_read_even_when_the_commas_line_up() -> None:
    # the dictionary holds only "high-low"; [6:4] and [5/3] are tiles, but not as a log writes them
    assert canonical_kinds(["6:4"]) is None
    assert canonical_kinds(["6-6", "5/3", "1-1"]) is None
    assert canonical_kinds(["6-6", "5-3", "1-1"]) == [KIND["6-6"], KIND["5-3"], KIND["1-1"]]


def test_a_count_that_is_not_the_number_of_faces_is_not_read() -> None:
    assert kind_bytes(iter([]), 0) == b""
    assert kind_bytes(iter(["6-6"]), 0) is None  # more faces than counted
    assert kind_bytes(iter([]), -1) is None
    assert kind_bytes(iter(["6-6"]), 2) is None  # fewer


def test_the_table_of_ends_names_each_face_written_high_end_first_and_nothing_else() -> None:
    table = faces_module._pair_table()
    assert table == faces_module._KIND
    by_ends = {6 * (int(face[0]) - 1) + int(face[2]) - 1: kind for face, kind in KIND.items()}
    assert [table[i] for i in range(256)] == [by_ends.get(i, 255) for i in range(256)]
