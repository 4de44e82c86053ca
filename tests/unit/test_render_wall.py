"""The drawn wall of the how-to-play pages, against the wall the rules describe (ks.deal.wall, kts.deal.wall).

The expected walls are worked out here from the rule texts, not from the
engine's cut: piles four (or five) high built bottom first; Kap Tai Shap's
top tiles of the third, fifth, ... piles moved to a new pile at the far end;
the first player's two piles, then two piles each (Kap Shap: the other player
leaves the bottom tile of the fourth pile); the stock drawn pile by pile from
the dealt end, bottom tile first, the moved tiles last.
"""

from __future__ import annotations

import re

from gupai.core.options import resolve_options
from gupai.games.kap.config import collecting_config
from gupai.render.wall import wall_layout, wall_svg

FACES = ["6-6"] * 64


def test_kap_shap_wall_eight_piles_four_high() -> None:
    config = collecting_config("kap-shap")
    wall = wall_layout(config, FACES[:32], dice=(1, 1, 1, 1))  # 4: an even total falls on the thrower, seat 0
    assert (wall.piles, wall.height, wall.first_player) == (8, 4, 0)
    where = {(t.pile, t.level): t for t in wall.tiles}
    assert len(where) == 32 and all(t.came_from is None for t in wall.tiles)
    for (pile, level), tile in where.items():
        if pile < 2:
            assert (tile.owner, tile.draw) == (0, None)
        elif pile == 2 or (pile == 3 and level > 0):
            assert (tile.owner, tile.draw) == (1, None)
        elif pile == 3:
            assert (tile.owner, tile.draw) == (None, 1)  # the bottom tile the second player leaves
        else:
            assert (tile.owner, tile.draw) == (None, 2 + (pile - 4) * 4 + level)


def test_kap_tai_shap_wall_with_its_saw_teeth() -> None:
    options = resolve_options("kap-tai-shap")
    config = collecting_config("kap-tai-shap", options, players=3, sets=2)
    wall = wall_layout(config, FACES, dice=(1, 1, 1, 2))  # 5: counted from seat 1, seat 2 plays first
    first = wall.first_player
    assert (wall.piles, wall.height, first) == (14, 5, 2)
    moved = [t for t in wall.tiles if t.came_from is not None]
    # the tops of the third and fifth piles (players - 1 of them), now the new pile at the far end
    assert [(t.came_from, t.pile, t.level) for t in moved] == [((2, 4), 13, 0), ((4, 4), 13, 1)]
    owners: dict[int | None, int] = {}
    for tile in wall.tiles:
        owners[tile.owner] = owners.get(tile.owner, 0) + 1
        if tile.pile < 6:
            assert tile.owner == (first + tile.pile // 2) % 3, tile
    assert owners == {first: 10, (first + 1) % 3: 9, (first + 2) % 3: 9, None: 36}
    stock = sorted((t for t in wall.tiles if t.owner is None), key=lambda t: t.draw or 0)
    assert [(t.pile, t.level) for t in stock] == [
        (pile, level) for pile in range(6, 14) for level in range(5 if pile < 12 else 4 if pile == 12 else 2)
    ]


def test_the_picture_numbers_every_pile_and_every_stock_tile() -> None:
    wall = wall_layout(collecting_config("kap-shap"), FACES[:32], dice=(1, 1, 1, 1))
    svg = wall_svg(wall, tile_href=lambda face: f"t/{face}.svg", title='A "wall" <of> tiles')
    assert svg.count("<image ") == 32
    numbers = [int(n) for n in re.findall(r'font-weight="700" fill="#212121">(\d+)</text>', svg)]
    assert sorted(numbers) == list(range(1, 18))
    piles = [int(n) for n in re.findall(r'fill="#424242">(\d+)</text>', svg)]
    assert piles == list(range(1, 9))
    assert "&lt;of&gt;" in svg and "<of>" not in svg
