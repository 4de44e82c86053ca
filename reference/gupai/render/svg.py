"""Chinese domino tiles drawn as SVG, from ``spec/tiles.yaml``.

A tile is drawn upright, about 1:2.24, its two halves with no dividing bar.
Pips follow the Chinese dice: the one a large red pip, two side by side at the
far end, three on a diagonal (but [3-3] two at each far end and two on the
axis, as real sets draw it), four as a red square, five as a quincunx, six as
two columns of three. The lower half is the upper half's layout turned half a
circle, so every tile reads the same either way up. Ones and fours are red,
the other pips white on a dark tile or black on an ivory one; on [6-6] one
column of three in each six is red, as the spec says.

>>> svg = tile_svg(Tile("6-4"), size=40)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'width="40"' in svg
True
>>> [p.colour for p in pips(Tile("6-4"))].count("red")
4
>>> len(pips(Tile("3-3"))), len(pips(Tile("6-6")))
(6, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from html import escape
from types import MappingProxyType
from typing import Any, Literal

from gupai.core.errors import SpecError
from gupai.core.resources import data_dir
from gupai.core.specfiles import read_yaml
from gupai.core.tiles import Tile

__all__ = [
    "ASPECT",
    "STYLES",
    "Pip",
    "PipColour",
    "TileStyle",
    "pips",
    "tile_svg",
]

PipColour = Literal["red", "white"]

#: Height over width of a drawn tile.
ASPECT = 2.24

_WIDTH = 100.0
_HEIGHT = _WIDTH * ASPECT
_PIP = 9.5
_ONE = 15.0

# Pip centres for each number in the upper half (far end at the top), in a
# 100 x 224 view box. The lower half turns these half a circle.
_LAYOUTS: Mapping[int, tuple[tuple[float, float], ...]] = MappingProxyType(
    {
        1: ((50, 56),),
        2: ((29, 30), (71, 30)),
        3: ((27, 28), (50, 56), (73, 84)),
        4: ((29, 32), (71, 32), (29, 80), (71, 80)),
        5: ((27, 28), (73, 28), (50, 56), (27, 84), (73, 84)),
        6: ((29, 26), (71, 26), (29, 56), (71, 56), (29, 86), (71, 86)),
    }
)
# [3-3]: two across each far end, two on the axis near the middle.
_LONG_THREE: tuple[tuple[float, float], ...] = ((29, 30), (71, 30), (50, 84))


@dataclass(frozen=True, slots=True)
class TileStyle:
    """The colours of a drawn tile."""

    name: str
    face: str
    edge: str
    white: str
    red: str
    ring: str

    def colour(self, pip: PipColour) -> str:
        """The fill of a pip of ``pip`` colour.

        >>> STYLES["ivory"].colour("white")
        '#1b1a17'
        """
        return self.red if pip == "red" else self.white


#: The two looks: white pips on a dark tile, or black pips on ivory.
STYLES: Mapping[str, TileStyle] = MappingProxyType(
    {
        "dark": TileStyle(name="dark", face="#23262b", edge="#0c0d0f", white="#f6f3ea", red="#e0352b", ring="#000000"),
        "ivory": TileStyle(
            name="ivory", face="#f7f1de", edge="#6b6250", white="#1b1a17", red="#cc2419", ring="#5a4a2a"
        ),
    }
)


@dataclass(frozen=True, slots=True)
class Pip:
    """One pip: its centre and radius in the 100-wide view box, and its colour."""

    x: float
    y: float
    r: float
    colour: PipColour


@cache
def _pip_colours() -> tuple[frozenset[int], frozenset[int], str]:
    """The red numbers, the white numbers and the [6-6] rule from the spec."""
    doc: dict[str, Any] = read_yaml(data_dir("spec") / "tiles.yaml")
    colours = doc.get("pip_colours") or {}
    red = frozenset(int(n) for n in colours.get("red", ()))
    white = frozenset(int(n) for n in colours.get("white", ()))
    if red | white != frozenset(range(1, 7)) or red & white:
        raise SpecError("tiles.yaml pip_colours must colour each number 1-6 once, red or white", where="pip_colours")
    return red, white, str(colours.get("double_six", ""))


def _half(number: int, *, lower: bool, tile: Tile) -> list[Pip]:
    red, _white, double_six = _pip_colours()
    layout = _LONG_THREE if tile.face == "3-3" else _LAYOUTS[number]
    radius = _ONE if number == 1 else _PIP
    result = []
    for x, y in layout:
        colour: PipColour = "red" if number in red else "white"
        if tile.face == "6-6" and double_six == "half-red" and x < _WIDTH / 2:
            colour = "red"  # one column of three in each six (the left, turned with the half)
        px, py = (_WIDTH - x, _HEIGHT - y) if lower else (float(x), float(y))
        result.append(Pip(x=px, y=py, r=radius, colour=colour))
    return result


def pips(tile: Tile | str) -> tuple[Pip, ...]:
    """Every pip of ``tile``, the upper (high) half first.

    >>> [(p.colour, p.r) for p in pips("1-1")]
    [('red', 15.0), ('red', 15.0)]
    >>> sorted({p.colour for p in pips("6-6")})
    ['red', 'white']
    """
    tile = Tile.parse(tile) if isinstance(tile, str) else tile
    return tuple(_half(tile.high, lower=False, tile=tile) + _half(tile.low, lower=True, tile=tile))


def _fmt(value: float) -> str:
    return f"{value:g}"


def tile_svg(
    tile: Tile | str,
    *,
    size: int = 40,
    style: str | TileStyle = "dark",
    title: str | None = None,
) -> str:
    """The SVG document of ``tile``, ``size`` pixels wide.

    ``style`` is ``"dark"`` (white pips on a dark tile), ``"ivory"`` (black pips
    on ivory) or a :class:`TileStyle`. ``title`` is the accessible name; by
    default the tile's face and English name, e.g. ``[6-4] red-head ten``.

    >>> tile_svg("2-1", size=20, style="ivory").count('class="pip red"')
    1
    >>> tile_svg("1-1", style="paper")
    Traceback (most recent call last):
    ...
    ValueError: unknown tile style 'paper' (styles: dark, ivory)
    """
    tile = Tile.parse(tile) if isinstance(tile, str) else tile
    if isinstance(style, str):
        if style not in STYLES:
            raise ValueError(f"unknown tile style {style!r} (styles: {', '.join(STYLES)})")
        style = STYLES[style]
    if size < 1:
        raise ValueError(f"a tile is at least 1 pixel wide, not {size}")
    label = escape(title if title is not None else f"[{tile.face}] {tile.kind.english}")
    height = round(size * ASPECT)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
        f'viewBox="0 0 {_fmt(_WIDTH)} {_fmt(_HEIGHT)}" role="img" aria-label="{label}" '
        f'class="gupai-tile" data-tile="{tile.face}">',
        f"<title>{label}</title>",
        f'<rect class="body" x="2" y="2" width="{_fmt(_WIDTH - 4)}" height="{_fmt(_HEIGHT - 4)}" rx="13" '
        f'fill="{style.face}" stroke="{style.edge}" stroke-width="3"/>',
        f'<rect x="7" y="7" width="{_fmt(_WIDTH - 14)}" height="{_fmt(_HEIGHT - 14)}" rx="9" '
        f'fill="none" stroke="{style.ring}" stroke-opacity="0.18" stroke-width="2"/>',
    ]
    for pip in pips(tile):
        parts.append(
            f'<circle class="pip {pip.colour}" cx="{_fmt(pip.x)}" cy="{_fmt(pip.y)}" r="{_fmt(pip.r)}" '
            f'fill="{style.colour(pip.colour)}" stroke="{style.ring}" stroke-opacity="0.35" stroke-width="1.2"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
