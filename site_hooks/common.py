"""Helpers shared by the page generators: links, escaping, tile pictures.

Pages are addressed by their source path under docs/ (``kap-shap/rules.md``);
with ``use_directory_urls: false`` (forced by the offline plugin) a page's URL
is the same path ending in ``.html``, so relative links work out the same for
markdown and for raw HTML.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterable, Sequence

from gupai.core.spec import Source
from gupai.core.tiles import Tile

#: The look of the tiles on the site (the package offers "dark" and "ivory").
SITE_STYLE = "ivory"
#: Where the tile pictures are published, one file per kind.
TILE_DIR = "assets/tiles"
#: Where the other look is published, for the tiles page.
ALT_STYLE = "dark"
ALT_TILE_DIR = "assets/tiles/dark"

#: Tile picture widths in CSS pixels by use; heights follow the 1:2.24 shape.
TILE_WIDTHS = {"xs": 13, "sm": 20, "md": 26, "lg": 40}

#: How the pages number the players, said in the same words wherever a page numbers them: from the first
#: player's point of view (the sample games, the turn examples, the walls and the log viewer alike).
PLAYERS_NOTE = (
    "Players are numbered from the first player: Player 1 plays first, Player 2 plays next, and so on "
    "round the table; each keeps one colour."
)
#: How the reference pages number the seats, said in the same words wherever a page names seats.
SEATS_NOTE = (
    "The rules number the seats from 0, anticlockwise, as game logs do. The how-to-play pages and the "
    "log viewer number the players from the first player instead: Player 1 is the seat that plays first "
    "(seat 0 unless the dice or the previous game chose another), Player 2 the next seat, and so on."
)


def player_number(seat: int, first: int, players: int) -> int:
    """The number the pages give a seat: Player 1 plays first, then on in seat order round the table.

    >>> [player_number(s, 1, 3) for s in range(3)]
    [3, 1, 2]
    >>> player_number(0, 0, 2)
    1
    """
    return (seat - first) % players + 1


def player_html(seat: int, first: int, players: int) -> str:
    """A seat as its player's label, in that player's colour (class ``seat-N``, N the player's number less one).

    >>> player_html(1, 1, 3)
    '<span class="seat seat-0">Player 1</span>'
    """
    number = player_number(seat, first, players)
    return f'<span class="seat seat-{number - 1}">Player {number}</span>'


#: Short names for the sources in tables; any other source shows its key.
SOURCE_LABELS = {
    "culin": "Culin",
    "celko": "Celko",
    "pagat": "pagat",
    "pagat-tsung": "pagat (new)",
    "pagat-tsung-old": "pagat (old)",
    "crook": "Crook",
    "gupai-site": "gupai site",
    "spieltdomino": "spieltdomino",
    "navpil": "navpil",
}
#: The order of sources in side-by-side tables.
SOURCE_ORDER = (
    "culin",
    "celko",
    "pagat",
    "pagat-tsung",
    "pagat-tsung-old",
    "crook",
    "gupai-site",
    "spieltdomino",
    "navpil",
)

_TILE_TOKEN = re.compile(r"\[\[\s*([1-6]\s*[-:/]\s*[1-6](?:\s+[1-6]\s*[-:/]\s*[1-6])*)\s*\]\]")


def rel(from_src: str, to_src: str) -> str:
    """The relative link from page ``from_src`` to the file ``to_src`` (both under docs/).

    >>> rel("kap-shap/rules.md", "sources.md"), rel("index.md", "kap-shap/rules.md")
    ('../sources.md', 'kap-shap/rules.md')
    """
    start = posixpath.dirname(from_src) or "."
    return posixpath.relpath(to_src, start)


def html_url(src: str) -> str:
    """The URL path of a page: ``kap-shap/rules.md`` is served as ``kap-shap/rules.html``."""
    return src[: -len(".md")] + ".html" if src.endswith(".md") else src


def href(from_src: str, to_src: str, anchor: str = "") -> str:
    """A relative href for raw HTML, from page ``from_src`` to page ``to_src`` (``#anchor`` optional)."""
    target = "" if to_src == from_src else rel(from_src, html_url(to_src))
    return f"{target}#{anchor}" if anchor else (target or "#")


def esc(text: str) -> str:
    """Escape for HTML text and attributes."""
    return html.escape(text, quote=True)


def cell(text: str) -> str:
    """Make text safe inside a markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def source_label(key: str) -> str:
    return SOURCE_LABELS.get(key, key)


def ordered_sources(keys: Iterable[str], known: Sequence[str]) -> list[str]:
    """``keys`` in the side-by-side order, any unlisted ones after in ``known`` order."""
    wanted = set(keys)
    first = [k for k in SOURCE_ORDER if k in wanted]
    return first + [k for k in known if k in wanted and k not in first]


def source_title(source: Source) -> str:
    year = f" ({source.year})" if source.year else ""
    return f"{source.author}, {source.title}{year}"


def tile_img(face: str, page_src: str, *, size: str = "md", directory: str = TILE_DIR, extra_class: str = "") -> str:
    """An ``<img>`` of one tile for a page, with the tile's face as its text.

    >>> tile_img("4-6", "kap-shap/rules.md", size="sm")  # doctest: +NORMALIZE_WHITESPACE
    '<img class="tile tile-sm" src="../assets/tiles/6-4.svg" alt="[6-4]" title="[6-4] red-head ten"
      width="20" height="45" loading="lazy">'
    """
    tile = Tile.parse(face)
    width = TILE_WIDTHS[size]
    height = round(width * 2.24)
    src = rel(page_src, f"{directory}/{tile.face}.svg")
    classes = f"tile tile-{size}" + (f" {extra_class}" if extra_class else "")
    title = f"[{tile.face}] {tile.kind.english}"
    return (
        f'<img class="{classes}" src="{esc(src)}" alt="[{tile.face}]" title="{esc(title)}" '
        f'width="{width}" height="{height}" loading="lazy">'
    )


def tiles_html(faces: Iterable[str], page_src: str, *, size: str = "md", group: bool = True) -> str:
    """Several tiles side by side, kept together on one line."""
    images = "".join(tile_img(face, page_src, size=size) for face in faces)
    return f'<span class="tiles">{images}</span>' if group else images


def expand_tile_tokens(markdown: str, page_src: str) -> str:
    """Replace ``[[6-4]]`` (or ``[[6-6 6-6 6-4]]``) in hand-written markdown with tile pictures.

    >>> expand_tile_tokens("a [[6-4]] b", "index.md")  # doctest: +ELLIPSIS
    'a <span class="tiles"><img class="tile tile-xs" src="assets/tiles/6-4.svg" alt="[6-4]" ...></span> b'
    """

    def replace(match: re.Match[str]) -> str:
        faces = match.group(1).split()
        size = "xs" if len(faces) == 1 else "sm"
        return tiles_html(faces, page_src, size=size)

    return _TILE_TOKEN.sub(replace, markdown)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``3 tiles``, ``1 tile``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
