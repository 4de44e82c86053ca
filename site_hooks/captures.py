"""Tsung Shap capture examples, drawn from a small data description.

The Tsung Shap engine is not written yet, so each example here is checked by
a few lines of arithmetic that follow Culin's wording (and the spec's default
readings): a pair is a laid tile identical to an end tile it reaches, a triple
is the laid tile with two tiles at one end or with the two end tiles, making a
multiple of ten; a sweep clears a row of two. A wrong example fails the build.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from gupai.core.tiles import Tile

from .common import esc, tile_img

__all__ = ["EXAMPLES", "PILE", "CaptureExample", "PileGroup", "check_example", "render_example", "render_pile"]

Kind = Literal["pair", "triple", "sweep"]


@dataclass(frozen=True, slots=True)
class CaptureExample:
    """A row, a laid tile, and what it takes.

    ``row`` is the row before the tile is laid, left to right; ``takes`` are
    indexes into ``row`` of the tiles captured with the laid tile.
    """

    title: str
    row: tuple[str, ...]
    laid: str
    end: Literal["left", "right"]
    takes: tuple[int, ...]
    kind: Kind
    points: int
    rules: tuple[str, ...]
    note: str
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PileGroup:
    """One capture in a player's pile."""

    tiles: tuple[str, ...]
    kind: Kind


def _count(face: str, four_two: int) -> int:
    return four_two if face == "4-2" else Tile.parse(face).pips


def score(kind: Kind, tiles: tuple[str, ...], *, four_two: int = 6, sweep: str = "replace") -> int:
    """What a capture scores: a pair ten a spot, a triple a point a spot, a sweep 40."""
    spots = sum(_count(t, four_two) for t in tiles)
    if kind == "pair":
        return 10 * spots
    if kind == "triple":
        return spots
    return 40 if sweep == "replace" else 40 + (10 * spots if len(set(tiles)) == 1 else spots)


def check_example(ex: CaptureExample) -> list[str]:
    """What is wrong with an example under its readings (Culin's defaults otherwise)."""
    four_two = int(ex.options.get("four-two-value", "6"))
    triple_rule = ex.options.get("triple", "end-or-ends")
    reach = ex.options.get("reach", "either-end")
    n = len(ex.row)
    problems = []
    taken = tuple(ex.row[i] for i in ex.takes)
    if any(not 0 <= i < n for i in ex.takes):
        return [f"{ex.title}: takes a tile outside the row"]
    ends = {0, n - 1}
    near = 0 if ex.end == "left" else n - 1
    if ex.kind in ("pair", "sweep") and len(ex.takes) == 1:
        (i,) = ex.takes
        reachable = ends if reach == "either-end" else {near}
        if i not in reachable or Tile.parse(ex.row[i]) != Tile.parse(ex.laid):
            problems.append(f"{ex.title}: [{ex.laid}] does not pair with [{ex.row[i]}] there")
    elif len(ex.takes) == 2:
        pairs = [{0, n - 1}]
        if triple_rule == "end-or-ends":
            pairs += [{0, 1}, {n - 2, n - 1}] if reach == "either-end" else [{near, near + (1 if near == 0 else -1)}]
        if set(ex.takes) not in pairs:
            problems.append(f"{ex.title}: a triple cannot use those tiles")
        if (_count(ex.laid, four_two) + sum(_count(t, four_two) for t in taken)) % 10:
            problems.append(f"{ex.title}: the three tiles do not make a multiple of ten")
    else:
        problems.append(f"{ex.title}: a capture takes one or two tiles from the row")
    if ex.kind == "sweep" and len(ex.takes) != n:
        problems.append(f"{ex.title}: a sweep must clear the row")
    if ex.kind != "sweep" and len(ex.takes) == n:
        problems.append(f"{ex.title}: clearing the row is a sweep")
    expected = score(ex.kind, (ex.laid, *taken), four_two=four_two, sweep=ex.options.get("sweep-score", "replace"))
    if ex.kind == "sweep" and ex.options.get("sweep-score", "replace") == "replace":
        expected = 40
    if expected != ex.points:
        problems.append(f"{ex.title}: scores {expected}, not {ex.points}")
    return problems


EXAMPLES: tuple[CaptureExample, ...] = (
    CaptureExample(
        title="A pair",
        row=("5-1", "3-3", "6-2", "4-4"),
        laid="4-4",
        end="right",
        takes=(3,),
        kind="pair",
        points=160,
        rules=("ts.capture.pair",),
        note="[4-4] is laid beside the [4-4] at the right end: a pair (tui). Its 16 spots count ten each.",
    ),
    CaptureExample(
        title="A pair with the far end",
        row=("4-4", "3-3", "6-2", "5-1"),
        laid="4-4",
        end="right",
        takes=(0,),
        kind="pair",
        points=160,
        rules=("ts.capture.pair", "ts.capture.reach"),
        note=(
            "Laid at the right end, [4-4] still pairs with the [4-4] at the left end: Culin's "
            '"either end of the row". Where a tile reaches only the end it is laid at, it would only be laid.'
        ),
        options={"reach": "either-end"},
    ),
    CaptureExample(
        title="A triple at one end",
        row=("5-1", "2-2", "6-3", "4-1"),
        laid="6-4",
        end="left",
        takes=(0, 1),
        kind="triple",
        points=20,
        rules=("ts.capture.triple",),
        note="[6-4] at the left end with the two tiles there: 10 + 6 + 4 = 20, a multiple of ten, worth 20 points.",
        options={"triple": "end-or-ends"},
    ),
    CaptureExample(
        title="A triple with both end tiles",
        row=("5-2", "6-6", "3-1", "4-1"),
        laid="5-3",
        end="right",
        takes=(0, 3),
        kind="triple",
        points=20,
        rules=("ts.capture.triple",),
        note=(
            "[5-3] with the tile at each end: 8 + 7 + 5 = 20. Every reading allows this one, the German "
            "page's included."
        ),
    ),
    CaptureExample(
        title="A sweep",
        row=("6-2", "1-1"),
        laid="6-4",
        end="right",
        takes=(0, 1),
        kind="sweep",
        points=40,
        rules=("ts.sweep", "ts.sweep.restart"),
        note=(
            "Only two tiles on the table and [6-4] takes both (10 + 8 + 2 = 20): a sweep (tap ti). It scores "
            "40 in place of the tiles' 20 points (where the 40 is added it would score 40 + 20 = 60, where "
            "a sweep earns nothing more the 20 alone). The player lays another tile at once."
        ),
        options={"sweep-score": "replace"},
    ),
)

#: The gupai site's worked example: two triples of 20 and a pair of [6-6] make 280.
PILE: tuple[PileGroup, ...] = (
    PileGroup(tiles=("6-4", "5-1", "2-2"), kind="triple"),
    PileGroup(tiles=("6-2", "5-3", "2-2"), kind="triple"),
    PileGroup(tiles=("6-6", "6-6"), kind="pair"),
)


def _row_html(ex: CaptureExample, page_src: str) -> str:
    cells = []
    laid = f'<span class="slot laid">{tile_img(ex.laid, page_src, size="md")}<small>laid</small></span>'
    if ex.end == "left":
        cells.append(laid)
    for i, face in enumerate(ex.row):
        css = "slot taken" if i in ex.takes else "slot"
        label = "<small>taken</small>" if i in ex.takes else "<small>&nbsp;</small>"
        cells.append(f'<span class="{css}">{tile_img(face, page_src, size="md")}{label}</span>')
    if ex.end == "right":
        cells.append(laid)
    before = f'<div class="tsung-row" data-search-exclude><span class="row-end">left</span>{"".join(cells)}<span class="row-end">right</span></div>'
    rest = [face for i, face in enumerate(ex.row) if i not in ex.takes]
    if ex.kind == "sweep" or not rest:
        after = '<span class="row-after-empty">table cleared: lay again</span>'
    else:
        after = "".join(tile_img(face, page_src, size="sm") for face in rest)
    return (
        f'<div class="capture-rows">{before}<span class="arrow" aria-hidden="true">→</span>'
        f'<div class="row-after"><small>the row after</small><span class="tiles">{after}</span></div></div>'
    )


def render_example(ex: CaptureExample, page_src: str, note_html: str) -> str:
    """The row with the laid tile and its capture, as HTML."""
    taken = (ex.laid, *(ex.row[i] for i in ex.takes))
    pile = "".join(tile_img(face, page_src, size="sm") for face in taken)
    return (
        f'<figure class="capture">{_row_html(ex, page_src)}'
        f'<figcaption><span class="capture-result"><span class="tiles">{pile}</span> '
        f"<strong>{esc(ex.kind)}: {ex.points} points</strong></span> {note_html}</figcaption></figure>"
    )


def render_pile(page_src: str) -> tuple[str, int]:
    """The worked example's pile of captures, and its total."""
    parts = []
    total = 0
    for group in PILE:
        points = score(group.kind, group.tiles)
        total += points
        spots = sum(_count(t, 6) for t in group.tiles)
        how = f"{spots} spots × 10" if group.kind == "pair" else " + ".join(str(_count(t, 6)) for t in group.tiles)
        images = "".join(tile_img(face, page_src, size="md") for face in group.tiles)
        parts.append(
            f'<span class="pile-group"><span class="tiles">{images}</span>'
            f"<small>{esc(group.kind)}: {esc(how)} = {points}</small></span>"
        )
    return f'<div class="pile">{"".join(parts)}<span class="pile-total">= {total}</span></div>', total
