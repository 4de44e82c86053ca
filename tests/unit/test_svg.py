"""The tile pictures: valid SVG, the right pips in the right colours for every kind."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from gupai.core.tiles import Tile, kinds
from gupai.render.svg import ASPECT, STYLES, pips, tile_svg

SVG = "{http://www.w3.org/2000/svg}"
FACES = [k.face for k in kinds()]
RED_NUMBERS = {1, 4}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def circles(root: ET.Element) -> list[ET.Element]:
    return root.findall(f"{SVG}circle")


def expected_colours(face: str) -> Counter[str]:
    tile = Tile(face)
    if face == "6-6":
        return Counter({"red": 6, "white": 6})
    counts: Counter[str] = Counter()
    for number in (tile.high, tile.low):
        counts["red" if number in RED_NUMBERS else "white"] += number
    return counts


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("face", FACES)
def test_every_tile_is_valid_svg_with_its_pips(face: str, style: str) -> None:
    root = parse(tile_svg(face, size=40, style=style))
    assert root.tag == f"{SVG}svg"
    assert root.get("data-tile") == face
    assert root.get("width") == "40"
    assert root.get("height") == str(round(40 * ASPECT))
    dots = circles(root)
    tile = Tile(face)
    assert len(dots) == tile.high + tile.low
    colours = Counter(c.get("class", "").split()[-1] for c in dots)
    assert colours == expected_colours(face)
    palette = STYLES[style]
    for dot in dots:
        colour = dot.get("class", "").split()[-1]
        assert dot.get("fill") == (palette.red if colour == "red" else palette.white)


@pytest.mark.parametrize("face", FACES)
def test_pips_lie_inside_their_half_and_do_not_overlap(face: str) -> None:
    tile = Tile(face)
    drawn = pips(tile)
    height = 100 * ASPECT
    upper, lower = drawn[: tile.high], drawn[tile.high :]
    for pip in upper:
        assert pip.r <= pip.y <= height / 2 - pip.r / 2
    for pip in lower:
        assert height / 2 + pip.r / 2 <= pip.y <= height - pip.r
    for pip in drawn:
        assert pip.r <= pip.x <= 100 - pip.r
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 > (a.r + b.r) ** 2


def test_a_long_tile_with_no_dividing_bar() -> None:
    root = parse(tile_svg("6-4", size=50))
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    assert 2.1 <= height / width <= 2.3
    assert root.findall(f"{SVG}line") == [] and root.findall(f"{SVG}path") == []
    assert len(root.findall(f"{SVG}rect")) == 2  # the tile and its inset rim, nothing across the middle


def test_the_one_is_larger_than_other_pips() -> None:
    one = [p for p in pips("2-1") if p.colour == "red"]
    twos = [p for p in pips("2-1") if p.colour == "white"]
    assert len(one) == 1 and all(one[0].r > p.r for p in twos)
    assert {p.r for p in pips("1-1")} == {one[0].r}


def test_two_sits_side_by_side_at_the_far_end() -> None:
    upper, lower = pips("2-2")[:2], pips("2-2")[2:]
    assert upper[0].y == upper[1].y < 50 and upper[0].x != upper[1].x
    assert lower[0].y == lower[1].y > 170


def test_three_is_diagonal_but_long_three_is_drawn_as_on_real_sets() -> None:
    diagonal = pips("3-1")[:3]
    assert len({p.x for p in diagonal}) == 3 and len({p.y for p in diagonal}) == 3
    long_three = pips("3-3")
    rows = Counter(p.y for p in long_three)
    on_axis = [p for p in long_three if p.x == 50]
    assert len(on_axis) == 2  # two on the middle line
    assert sorted(rows.values()) == [1, 1, 2, 2]  # two across each far end


def test_six_is_two_columns_of_three_and_double_six_is_half_red() -> None:
    upper = pips("6-5")[:6]
    assert sorted(Counter(p.x for p in upper).values()) == [3, 3]
    heaven = pips("6-6")
    for half in (heaven[:6], heaven[6:]):
        red = [p for p in half if p.colour == "red"]
        white = [p for p in half if p.colour == "white"]
        assert len(red) == 3 and len({p.x for p in red}) == 1  # one whole column red
        assert len(white) == 3 and len({p.x for p in white}) == 1


def test_accessible_name_and_escaping() -> None:
    root = parse(tile_svg("4-2", title='a <b> & "c"'))
    assert root.get("aria-label") == 'a <b> & "c"'
    assert root.findtext(f"{SVG}title") == 'a <b> & "c"'
    assert parse(tile_svg("6-4")).get("aria-label") == "[6-4] red-head ten"


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tile style"):
        tile_svg("6-4", style="paper")
    with pytest.raises(ValueError, match="at least 1 pixel"):
        tile_svg("6-4", size=0)
    with pytest.raises(ValueError, match="is not a tile"):
        tile_svg("7-1")
