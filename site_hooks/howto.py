"""The blocks only the how-to-play pages use: the drawn wall of the sample deal, and the rules-on-this-page box.

The wall is the sample game's own deal (``site_hooks.sample``), cut by the
engine's cut and drawn by ``gupai.render.wall``: the picture and the sample
game below it are the same deal. The rules box lists the rule ids a page
teaches, with their titles from ``spec/``, so that the page itself can speak
in plain words.
"""

from __future__ import annotations

from gupai.core.options import resolve_options
from gupai.core.spec import GameSpec
from gupai.games.kap.config import collecting_config
from gupai.render.wall import SEAT_COLOURS, STOCK_COLOUR, wall_layout, wall_svg

from .common import TILE_DIR, esc, href, rel
from .sample import sample_log

__all__ = ["rules_box", "tsung_piles_block", "wall_block"]


def wall_block(spec: GameSpec, page: str) -> str:
    """The sample game's wall as built before its deal, where each tile goes, and the key to the picture."""
    log = sample_log(spec.id)
    config = collecting_config(
        spec.id, resolve_options(spec.id, overrides=log["options"]), players=log["players"], sets=log["sets"]
    )
    wall = wall_layout(config, log["deal"]["order"], dice=log["deal"].get("dice"))
    players = wall.players
    title = (
        f"The wall of the sample game below: {wall.piles} piles, {len(wall.tiles)} tiles, "
        f"for {players} players; Player {wall.first_player + 1} plays first."
    )
    svg = wall_svg(wall, tile_href=lambda face: rel(page, f"{TILE_DIR}/{face}.svg"), title=title)
    keys = [
        f'<span class="key"><span class="swatch" style="border-color:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}"></span>'
        f"Player {s + 1}{' (plays first)' if s == wall.first_player else ''}</span>"
        for s in range(players)
    ]
    keys.append(
        f'<span class="key"><span class="swatch" style="border-color:{STOCK_COLOUR}"></span>'
        "the stock, numbered in the order it is drawn</span>"
    )
    if any(t.came_from is not None for t in wall.tiles):
        keys.append('<span class="key"><span class="swatch moved"></span>a tile moved before the deal</span>')
    dice = log["deal"].get("dice")
    thrown = f"The dice showed {', '.join(str(d) for d in dice)}: {sum(dice)} in all. " if dice else ""
    return (
        '<figure class="wall-figure">'
        f'<div class="wall-scroll">{svg}</div>'
        f'<figcaption><p class="wall-keys">{"".join(keys)}</p>'
        f"<p>{esc(thrown)}Piles are numbered from the end the deal starts at; each pile is drawn bottom "
        "tile lowest. The same deal is played out in the sample game below.</p></figcaption></figure>\n"
    )


def tsung_piles_block(page: str) -> str:
    """The two face-down piles of the Tsung Shap sample game, top tile first, as they are turned over."""
    log = sample_log("tsung-shap")
    piles = log["deal"].get("piles")
    if not piles:
        return ""
    rows = []
    for seat, pile in enumerate(piles):
        faces = "".join(
            f'<img class="tile tile-sm" src="{esc(rel(page, f"{TILE_DIR}/{face}.svg"))}" alt="[{esc(face)}]" '
            f'title="[{esc(face)}], turned over {k + 1}" width="18" height="40" loading="lazy">'
            for k, face in enumerate(pile)
        )
        rows.append(
            f'<div class="pile-row"><span class="pile-label">Player {seat + 1}: {len(pile)} tiles</span>'
            f'<span class="tiles">{faces}</span></div>'
        )
    return (
        '<figure class="piles-figure">'
        + "".join(rows)
        + "<figcaption>The two piles of the sample game below, shown face up for you: each player turns over "
        "the tile at the left first, then the next, one a turn.</figcaption></figure>\n"
    )


def rules_box(spec: GameSpec, page: str, ids: list[str]) -> str:
    """A quiet box listing the rules a page teaches, each linked to the rule reference.

    An id that names no rule of the game fails the build (a ``ValueError``).
    """
    by_id = {r.id: r for r in spec.rules}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise ValueError(f"the rules box names no rule of {spec.id}: {', '.join(missing)}")
    items = "".join(
        f'<li><a href="{esc(href(page, f"{spec.id}/rules.md", i))}">{esc(by_id[i].title)}</a> '
        f'<code class="rule-id">{esc(i)}</code></li>'
        for i in ids
    )
    return (
        '<details class="rules-box"><summary>The rules on this page</summary>'
        f"<p>Every step above is a rule of the {esc(spec.name)} rule reference, with its sources:</p>"
        f"<ul>{items}</ul></details>\n"
    )
