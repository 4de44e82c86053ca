"""Tiles: parsing and spelling, repr, ordering, errors, kinds and sets."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from gupai import GupaiError, Tile, TileError, all_tiles, counts_of, kinds, parse_tiles, set_counts
from gupai.core.tiles import KIND_COUNT, kind_of, kinds_of, tiles_from_counts
from tests import oracle

FACES = [f"{high}-{low}" for high, low in oracle.FACES]
#: spec/tiles.yaml, read here as plain YAML: the kinds' order (a kind's number is its place) and the set's size.
SPEC: dict[str, Any] = yaml.safe_load((Path(__file__).parents[2] / "spec" / "tiles.yaml").read_text(encoding="utf-8"))
SPEC_ORDER = [entry["face"] for entry in SPEC["kinds"]]


@pytest.mark.parametrize("face", FACES)
def test_every_face_round_trips_through_text_and_repr(face: str) -> None:
    tile = Tile.parse(face)
    assert str(tile) == tile.face == face
    assert Tile.parse(str(tile)) == tile
    assert repr(tile) == f"Tile('{face}')"
    assert eval(repr(tile), {"Tile": Tile}) == tile  # the repr pastes back


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize(
    "template",
    # every separator (- : /), bare or in brackets, either end first
    [
        "{h}-{l}",
        "{l}-{h}",
        "{h}:{l}",
        "{l}/{h}",
        "[{h}:{l}]",
        "[{l}:{h}]",
        "[{h}/{l}]",
        "[{l}-{h}]",
        " {h} - {l} ",
        "[ {l}-{h} ]",
    ],
)
def test_every_spelling_parses_to_the_canonical_face(face: str, template: str) -> None:
    high, low = face.split("-")
    tile = Tile.parse(template.format(h=high, l=low))
    assert tile.face == face
    assert (tile.high, tile.low) == (int(high), int(low))
    assert tile.pips == int(high) + int(low)


def test_tiles_are_equal_and_hash_alike_whichever_end_is_written_first() -> None:
    assert Tile("4-6") == Tile("6-4") == Tile.parse("[6:4]")
    assert len({Tile("4-6"), Tile("6-4"), Tile("6/4")}) == 1
    assert Tile("6-4") != Tile("6-3")
    text: object = "6-4"
    assert Tile("6-4") != text  # a tile is not its spelling


def test_tiles_are_frozen() -> None:
    tile = Tile("6-4")
    with pytest.raises(AttributeError):
        tile.face = "6-6"  # type: ignore[misc]


def test_tiles_order_by_high_end_then_low_end() -> None:
    tiles = [Tile(face) for face in FACES]
    assert sorted(tiles, reverse=True) == tiles  # FACES runs from [6-6] down to [1-1]
    assert max(tiles) == Tile("6-6")
    assert min(tiles) == Tile("1-1")
    assert Tile("6-1") > Tile("5-5")  # the high end first, not the pips
    assert Tile("5-5") >= Tile("5-5") <= Tile("5-5")
    assert Tile("2-1") < Tile("2-2") <= Tile("3-1")
    assert not Tile("3-3") < Tile("3-3")


@given(st.sampled_from(FACES), st.sampled_from(FACES))
def test_the_order_is_total_and_agrees_with_the_ends(a: str, b: str) -> None:
    ta, tb = Tile(a), Tile(b)
    key_a, key_b = (ta.high, ta.low), (tb.high, tb.low)
    assert (ta < tb) == (key_a < key_b)
    assert (ta <= tb) == (key_a <= key_b)
    assert (ta > tb) == (key_a > key_b)
    assert (ta >= tb) == (key_a >= key_b)
    assert (ta == tb) == (key_a == key_b)


@pytest.mark.parametrize(
    "text", ["7-1", "0-3", "6-0", "6-", "-6", "64", "6-4-1", "", " ", "a-b", "six-four", "6--4", "]6-4["]
)
def test_text_that_is_not_a_tile_is_a_tile_error_naming_it(text: str) -> None:
    with pytest.raises(TileError) as caught:
        Tile.parse(text)
    error = caught.value
    assert isinstance(error, GupaiError)
    assert isinstance(error, ValueError)
    assert repr(text) in error.message
    assert error.message == str(error)
    assert error.where == text
    assert error.message[0].islower() or error.message[0] == "'"


@given(st.text(max_size=8))
@pytest.mark.slow
def test_any_text_parses_to_a_canonical_tile_or_raises_a_tile_error(text: str) -> None:
    try:
        tile = Tile.parse(text)
    except TileError:
        return
    assert re.fullmatch(r"[1-6]-[1-6]", tile.face)
    assert tile.high >= tile.low
    assert sorted(re.findall(r"[1-6]", text)) == sorted([str(tile.high), str(tile.low)])


def test_parse_tiles_names_the_first_bad_token_by_position() -> None:
    assert parse_tiles(["6-6", "4-1"]) == [Tile("6-6"), Tile("4-1")]
    with pytest.raises(TileError) as caught:
        parse_tiles(["6-6", "7-1", "0-0"])
    assert caught.value.message.startswith("token 2 '7-1' is not a tile")
    assert caught.value.where == "token 2"


def test_parse_tiles_keeps_tiles_already_parsed_among_the_texts() -> None:
    mixed: list[str | Tile] = [Tile("6-6"), "4-6", Tile("1-1"), "[2/1]"]
    assert parse_tiles(mixed) == [Tile("6-6"), Tile("6-4"), Tile("1-1"), Tile("2-1")]


def _spellings(face: str) -> list[str]:
    high, low = face.split("-")
    return [face, f"{low}-{high}", f"[{high}/{low}]", f"[{low}:{high}]", f"{low}/{high}"]


@pytest.mark.parametrize("face", FACES)
def test_kind_of_numbers_every_spelling_by_its_place_in_the_spec(face: str) -> None:
    for text in _spellings(face):
        assert kind_of(text) == SPEC_ORDER.index(face), text


@pytest.mark.parametrize("kind", [list, tuple, iter])
def test_kinds_of_reads_any_spelling_from_a_list_a_tuple_or_an_iterator(kind: Any) -> None:
    texts = [text for face in FACES for text in _spellings(face)]
    want = [SPEC_ORDER.index(face) for face in FACES for _ in _spellings(face)]
    assert kinds_of(kind(texts)) == want
    # the canonical spelling first, another one after it: read alike whatever the container
    assert kinds_of(kind(["6-6", "4-6", "[2/1]"])) == [0, SPEC_ORDER.index("6-4"), SPEC_ORDER.index("2-1")]
    assert kinds_of(kind([])) == []


def test_kind_of_and_kinds_of_refuse_text_that_is_not_a_tile() -> None:
    with pytest.raises(TileError, match="'7-1' is not a tile"):
        kind_of("7-1")
    with pytest.raises(TileError, match="'0-3' is not a tile"):
        kinds_of(iter(["6-6", "4-6", "0-3"]))


# a tile written in a JSON document as something other than text: an array of spots, a number, null, an object
@pytest.mark.parametrize("value", [[6, 4], ["6", "4"], 64, 6.4, None, {"high": 6, "low": 4}])
def test_a_tile_that_is_not_text_is_a_tile_error_not_a_crash(value: Any) -> None:
    for read in (Tile, Tile.parse, kind_of, lambda v: kinds_of([v]), lambda v: kinds_of(["6-6", v])):
        with pytest.raises(TileError) as caught:
            read(value)
        assert caught.value.message.startswith(f"{value!r} is not a tile")
    with pytest.raises(TileError) as caught:
        parse_tiles(["6-6", value])
    assert caught.value.where == "token 2"


def test_the_21_kinds_follow_the_spec_order_civil_then_military() -> None:
    assert len(kinds()) == KIND_COUNT == 21
    assert [k.index for k in kinds()] == list(range(21))
    assert all(k.is_civil for k in kinds()[:11])
    assert not any(k.is_civil for k in kinds()[11:])
    assert {(k.high, k.low) for k in kinds()} == set(oracle.FACES)
    assert {(k.high, k.low) for k in kinds() if k.is_civil} == oracle.CIVIL


@pytest.mark.parametrize("index", range(21))
def test_a_tile_knows_its_kind(index: int) -> None:
    tile = Tile.from_index(index)
    assert tile.index == index
    assert tile.kind is kinds()[index]
    assert tile.face == tile.kind.face
    assert tile.is_civil == ((tile.high, tile.low) in oracle.CIVIL) != tile.is_military
    assert tile.kind.copies == oracle.copies((tile.high, tile.low), 1)
    assert tile.kind.pips == tile.pips


@pytest.mark.parametrize("sets", [1, 2, 3, 8])
def test_sets_hold_two_of_each_civil_kind_and_one_of_each_military_kind_per_set(sets: int) -> None:
    counts = set_counts(sets)
    tiles = all_tiles(sets)
    assert len(tiles) == sum(counts) == 32 * sets
    assert counts_of(tiles) == counts
    for tile in set(tiles):
        assert tiles.count(tile) == oracle.copies((tile.high, tile.low), sets)


@pytest.mark.parametrize("sets", [0, -1])
def test_a_game_needs_at_least_one_set(sets: int) -> None:
    with pytest.raises(TileError, match="at least one set") as caught:
        set_counts(sets)
    assert caught.value.where == "sets"  # the error names what was wrong: the number of sets


def test_set_counts_counts_one_set_unless_told_more() -> None:
    assert set_counts() == set_counts(1)
    assert sum(set_counts()) == SPEC["set_size"] == 32
    assert set_counts() == tuple(entry["copies"] for entry in SPEC["kinds"])


@given(st.lists(st.sampled_from(FACES), max_size=12))
def test_count_vectors_round_trip_greatest_tile_first(faces: list[str]) -> None:
    tiles = [Tile(face) for face in faces]
    counts = counts_of(tiles)
    assert len(counts) == 21
    assert list(tiles_from_counts(counts)) == sorted(tiles, reverse=True)
