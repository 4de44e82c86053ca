"""A picture of a collecting game's wall at the deal: the piles as built, where each tile goes.

The layout is not drawn from a description: :func:`wall_layout` cuts the
places of the deal's own order with the engine's cut (``gupai.games.kap.deal``),
so the picture shows what the engine deals. Each tile stands in its pile
(piles numbered from 1, bottom level first); a tile the deal moved is drawn
where it ends up, dashed, with an empty dashed slot where it came from; each
tile is outlined in the colour of the hand it goes to, and a stock tile
carries its place in the draw order.

>>> from gupai.games.kap.config import collecting_config
>>> layout = wall_layout(collecting_config("kap-shap"), [f"{a}-{b}" for a, b in [(6, 6)] * 32], dice=(1, 1, 1, 2))
>>> [(t.pile, t.level, t.owner, t.draw) for t in layout.tiles[:2]], layout.first_player
([(0, 0, 1, None), (0, 1, 1, None)], 1)
>>> [(t.pile, t.level, t.owner, t.draw) for t in layout.tiles if t.draw == 1]
[(3, 0, None, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from gupai.games.kap.config import CollectingConfig
from gupai.games.kap.deal import cut_order, wall_piles

__all__ = ["SEAT_COLOURS", "Wall", "WallTile", "wall_layout", "wall_svg"]

#: The outline of each seat's tiles (Player 1 first), chosen to differ in hue and to
#: keep 4.5:1 against white; the stock is grey. Seats beyond the list reuse it.
SEAT_COLOURS = ("#1565c0", "#2e7d32", "#6a1b9a", "#ad1457", "#00695c", "#4e342e", "#283593", "#827717")
STOCK_COLOUR = "#616161"
MOVED_COLOUR = "#bf360c"


@dataclass(frozen=True, slots=True)
class WallTile:
    """One tile of the wall at the deal."""

    face: str
    pile: int  # where it stands, from 0
    level: int  # 0 is the bottom of its pile
    came_from: tuple[int, int] | None  # (pile, level) before the deal's moves, for a moved tile
    owner: int | None  # the seat whose hand it goes to; None for the stock
    draw: int | None  # its place in the stock's draw order, from 1


@dataclass(frozen=True, slots=True)
class Wall:
    """The wall of one deal."""

    tiles: tuple[WallTile, ...]
    piles: int
    height: int
    first_player: int
    players: int


def wall_layout(config: CollectingConfig, order: Sequence[str], *, dice: Sequence[int] | None) -> Wall:
    """Where every tile of ``order`` stands in the wall and where the deal sends it.

    ``order`` is the shuffled order of the deal's faces, as a log records it.
    """
    places = list(range(len(order)))
    height = config.spec.wall_height
    piles = wall_piles(config, places)
    first, hands, stock = cut_order(config, places, dice=dice)
    owner = {place: seat for seat, hand in enumerate(hands) for place in hand}
    draw = {place: k + 1 for k, place in enumerate(stock)}
    tiles = []
    for p, pile in enumerate(piles):
        for level, place in enumerate(pile):
            home = (place // height, place % height)
            tiles.append(
                WallTile(
                    face=order[place],
                    pile=p,
                    level=level,
                    came_from=home if home != (p, level) else None,
                    owner=owner.get(place),
                    draw=draw.get(place),
                )
            )
    return Wall(tuple(tiles), len(piles), max(height, *(len(p) for p in piles)), first, config.players)


def _seat_colour(wall: Wall, seat: int) -> str:
    """A seat's colour, counted from the first player: the first player's is the first colour, as on the site."""
    return SEAT_COLOURS[(seat - wall.first_player) % wall.players % len(SEAT_COLOURS)]


def wall_svg(wall: Wall, *, tile_href: Callable[[str], str], title: str) -> str:
    """The wall as an inline SVG: ``tile_href(face)`` is the URL of a tile's picture.

    Its numbers are drawn at 16 units, so that a page may shrink the picture to
    three quarters to fit a narrow screen and still show them at 12 pixels.

    >>> from gupai.games.kap.config import collecting_config
    >>> wall = wall_layout(collecting_config("kap-shap"), ["2-1"] * 32, dice=(1, 1, 1, 1))
    >>> svg = wall_svg(wall, tile_href=lambda face: f"t/{face}.svg", title="A wall")
    >>> svg.count("<image "), svg.count('fill="#212121">')  # every tile drawn, the 17 of the stock numbered
    (32, 17)
    """
    w, h, gap, pad = 24, 54, 8, 6  # a tile, the space between piles, the space around a tile
    col = w + gap
    top = 6
    label_y = top + wall.height * (h + pad) + 20
    width = wall.piles * col + gap
    height = label_y + 8
    out = [
        f'<svg class="wall" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" style="max-width: {width}px" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]

    def y_of(level: int) -> int:
        return top + (wall.height - 1 - level) * (h + pad)

    for tile in wall.tiles:
        if tile.came_from is not None:
            fp, fl = tile.came_from
            out.append(
                f'<rect class="was" x="{gap + fp * col - 2}" y="{y_of(fl) - 2}" width="{w + 4}" height="{h + 4}" '
                f'rx="4" fill="none" stroke="{MOVED_COLOUR}" stroke-width="2" stroke-dasharray="4 3"/>'
            )
    for tile in wall.tiles:
        x, y = gap + tile.pile * col, y_of(tile.level)
        colour = STOCK_COLOUR if tile.owner is None else _seat_colour(wall, tile.owner)
        dash = ' stroke-dasharray="5 2"' if tile.came_from is not None else ""
        who = "the stock" if tile.owner is None else f"Player {tile.owner + 1}"
        extra = f", drawn {tile.draw}" if tile.draw is not None else ""
        moved = ", moved" if tile.came_from is not None else ""
        out.append(
            f'<g class="wall-tile"><title>[{escape(tile.face)}]: pile {tile.pile + 1}, to {who}{extra}{moved}</title>'
            f'<rect x="{x - 2}" y="{y - 2}" width="{w + 4}" height="{h + 4}" rx="4" fill="none" '
            f'stroke="{colour if tile.came_from is None else MOVED_COLOUR}" stroke-width="3"{dash}/>'
            f'<image href="{escape(tile_href(tile.face))}" x="{x}" y="{y}" width="{w}" height="{h}"/></g>'
        )
        if tile.owner is not None and tile.came_from is not None:
            out.append(
                f'<rect x="{x}" y="{y + h - 4}" width="{w}" height="4" fill="{_seat_colour(wall, tile.owner)}"/>'
            )
    # the draw order: a badge over the pile for the first stock tile of each pile and every tile by number
    for tile in wall.tiles:
        if tile.draw is None:
            continue
        x, y = gap + tile.pile * col, y_of(tile.level)
        cx, cy = x + w / 2, y + h / 2
        out.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="11" fill="#fff" stroke="{STOCK_COLOUR}" stroke-width="1.5" opacity="0.92"/>'
            f'<text x="{cx:g}" y="{cy + 5:g}" text-anchor="middle" font-size="16" font-weight="700" '
            f'fill="#212121">{tile.draw}</text>'
        )
    for p in range(wall.piles):
        out.append(
            f'<text x="{gap + p * col + w / 2:g}" y="{label_y}" text-anchor="middle" font-size="16" '
            f'fill="#424242">{p + 1}</text>'
        )
    out.append("</svg>")
    return "".join(out)
