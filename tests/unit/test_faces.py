"""Tile faces read in bulk (:func:`gupai.core.faces.canonical_kinds`) read as the dictionary of faces reads them."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gupai.core.faces import canonical_kinds
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
