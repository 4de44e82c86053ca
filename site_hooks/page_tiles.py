"""The tiles page, the pairs page and the tile-values block of the how-to-play pages."""

from __future__ import annotations

from gupai.core.options import resolve_options
from gupai.core.pairs import PairRules, tens_value
from gupai.core.spec import GameSpec
from gupai.core.tiles import Tile, kinds
from gupai.games.kap.config import COLLECTING_GAMES
from gupai.render.svg import ASPECT

from .common import (
    ALT_TILE_DIR,
    cell,
    esc,
    rel,
    tile_img,
    tiles_html,
)
from .site_base import SiteBase

__all__ = ["TilesPages"]


class TilesPages(SiteBase):
    """The tiles page, the pairs page and the tile-values block of the how-to-play pages."""

    # =============================================================== tiles
    def tile_values_block(self, spec: GameSpec, page: str) -> str:
        """The 21 kinds of tile drawn with the count each makes in this game (under its default preset)."""
        options = resolve_options(spec.id)
        four_two = int(options.as_dict().get("four-two-value", "3"))
        groups = []
        for civil, label in ((True, "Civil tiles: two of each kind in a set"), (False, "Military tiles: one of each")):
            cells = "".join(
                f'<span class="tile-value">{tile_img(k.face, page, size="md")}'
                f"<small>{tens_value(Tile(k.face), four_two_value=four_two)}</small></span>"
                for k in kinds()
                if k.is_civil == civil
            )
            groups.append(
                f'<div class="tile-group {"civil" if civil else "military"}"><p class="tile-group-label">'
                f"{esc(label)}</p>{cells}</div>"
            )
        block = '<div class="tile-values">' + "".join(groups) + "</div>\n\n"
        note = "Each kind of tile with the count it makes toward ten"
        if any(o.key == "four-two-value" for o in spec.options):
            note += f" (in the rules this page teaches; [the sources differ]({rel(page, f'{spec.id}/options.md')}#four-two-value))"
        return block + note + ".\n"

    def tiles_page(self) -> str:
        page = "tiles.md"
        civil = [k for k in kinds() if k.is_civil]
        military = [k for k in kinds() if not k.is_civil]
        whole = "".join(tile_img(k.face, page, size="sm") for k in civil for _ in range(k.copies))
        whole_mil = "".join(tile_img(k.face, page, size="sm") for k in military for _ in range(k.copies))
        out = [
            "---",
            "hide:",
            "  - toc",
            "---",
            "",
            "# The tiles",
            "",
            f"A set of Chinese dominoes has **{sum(k.copies for k in kinds())} tiles of {len(kinds())} kinds**: "
            "every way to throw two dice, with no blanks. The kinds fall into two series. The "
            f"**civil** series has {len(civil)} kinds, each twice in a set; the **military** series has "
            f"{len(military)} kinds, each once. Every tile picture on this site is drawn from the same "
            "description of the set, spot by spot, so the pictures and the rules cannot disagree.",
            "",
            '<div class="tile-set" markdown>',
            f'<div class="tile-set-row"><span class="tile-set-label">Civil, {sum(k.copies for k in civil)} tiles'
            f"</span>{whole}</div>",
            f'<div class="tile-set-row"><span class="tile-set-label">Military, {sum(k.copies for k in military)} '
            f"tiles</span>{whole_mil}</div>",
            "</div>",
            "",
        ]
        for title, series, anchor, intro in (
            (
                "The civil series",
                civil,
                "civil",
                "Ranked as Culin lists them, from Heaven down. Each civil kind comes twice in a set.",
            ),
            (
                "The military series",
                military,
                "military",
                "Ranked by the pip total, two kinds to a rank; [4-2] and [2-1] together are the supreme "
                "pair. Each military kind comes once in a set.",
            ),
        ):
            out += [f"## {title} {{ #{anchor} }}", "", intro, ""]
            out += [
                '<div class="tile-table" markdown>',
                "",
                "| Tile | Kind | Chinese | Rank | Copies | Pips | Counts for tens |",
                "| :-: | --- | :-: | :-: | :-: | :-: | :-: |",
            ]
            for k in series:
                tile = Tile(k.face)
                counts = tens_value(tile, four_two_value=3)
                counts_text = str(counts) if counts == k.pips else f"**{counts}** ([why](#four-two))"
                out.append(
                    f"| {tile_img(k.face, page, size='lg')} | <span id='tile-{k.face}'>**[{k.face}]**</span> "
                    f"{cell(k.english)}<br><small>{cell(k.cantonese)}</small> | "
                    f"<span lang='zh' class='zh'>{k.chinese}</span> | {k.rank} | {k.copies} | {k.pips} | "
                    f"{counts_text} |"
                )
            out += ["", "</div>"]
            out.append("")
        dark = "".join(
            tile_img(face, page, size="lg", directory=ALT_TILE_DIR) for face in ("6-6", "1-1", "4-4", "3-3", "2-1")
        )
        light = "".join(tile_img(face, page, size="lg") for face in ("6-6", "1-1", "4-4", "3-3", "2-1"))
        out += [
            "## How the tiles are drawn { #drawing }",
            "",
            f"A Chinese domino is long and narrow, about 1 : {ASPECT:g} here, and has no bar between its halves: "
            "the gap between the two groups of pips is enough. The pips follow the Chinese dice:",
            "",
            "- the **one** is a single large red pip, and **fours** are red; the other pips are white on a dark "
            "tile, black on an ivory one;",
            "- a **two** is two pips side by side at the far end of its half;",
            "- a **three** runs diagonally, except on [3-3] (Long Three), where each three is two pips across "
            "the far end and one on the middle line, as real sets draw it;",
            "- a **six** is two columns of three;",
            '- on [6-6] (Heaven) one column of three in each six is red. Culin: *"the alternate threes which '
            'comprise the sixes are painted red"*.',
            "",
            "The two halves are drawn the same way up from the tile's ends, so a tile reads alike either way "
            "round. The package draws both looks; this site uses the ivory one.",
            "",
            f'<div class="tile-looks"><div><span class="tiles">{light}</span><p>Ivory (the site)</p></div>'
            f'<div class="dark-bg"><span class="tiles">{dark}</span><p>Dark</p></div></div>',
            "",
            "## [4-2] counts three { #four-two }",
            "",
            f"In Kap Shap and Kap Tai Shap {tile_img('4-2', page, size='xs')} counts **3**, not 6, in making up "
            'tens (Culin: *"The piece 2-4 is only counted as 3 in making up tens"*). Celko\'s table reads it '
            "as 6; the `four-two-value` option of each game ("
            + ", ".join(self.option_link(s, "four-two-value", page) + f" in {s.name}" for s in self.specs)
            + ") records both readings. Tsung Shap counts it 6 unless the option says otherwise.",
        ]
        return "\n".join(out) + "\n"

    # =============================================================== pairs
    def pairs_page(self) -> str:
        page = "pairs.md"
        readings = [
            ("arithmetic", 3, "Arithmetic, [4-2] = 3"),
            ("printed", 3, "Printed, [4-2] = 3"),
            ("arithmetic", 6, "Arithmetic, [4-2] = 6"),
            ("printed", 6, "Printed, [4-2] = 6"),
        ]
        sets = [PairRules(four_two_value=v, pair_set=ps, eye="identical").legal_pairs() for ps, v, _label in readings]
        union = sorted({p for legal in sets for p in legal}, key=_pair_order)
        collecting = [self.by_id[g] for g in COLLECTING_GAMES if g in self.by_id]
        who: dict[tuple[str, int], list[str]] = {}
        for spec in collecting:
            for preset in spec.presets:
                values = preset.as_dict()
                reading = (values.get("pair-set", "arithmetic"), int(values.get("four-two-value", "3")))
                who.setdefault(reading, []).append(f"{self.preset_link(spec, preset.name, page)} ({spec.name})")
        out = [
            "# Ten-pairs",
            "",
            "In **Kap Shap** and **Kap Tai Shap** a winning hand is an eye (two identical tiles) and ten-pairs: "
            "two tiles whose spots add up to 10 or 20. Two questions decide which pairs are legal, and the "
            "sources answer them differently:",
            "",
            "- **Does [4-2] count 3 or 6?** Culin counts it 3; Celko's table only works if it counts 6 "
            f"({' and '.join(self.option_link(s, 'four-two-value', page) + ' in ' + s.name for s in collecting)}).",
            "- **Is every pair that adds up legal, or only the pairs of the printed tables?** Culin states the "
            "rule as arithmetic and prints no table; the tables of Celko, pagat and Crook leave out three "
            "twenties, so that the nines and [6-5] never pair "
            f"({' and '.join(self.option_link(s, 'pair-set', page) + ' in ' + s.name for s in collecting)}).",
            "",
            "The table shows every pair legal under at least one reading, side by side. It is worked out by the "
            "same code that judges the hands of every game on this site, so the two cannot disagree.",
            "",
            "| Reading | Pairs | Presets that use it |",
            "| --- | :-: | --- |",
        ]
        for (ps, v, label), legal in zip(readings, sets, strict=True):
            users = ", ".join(who.get((ps, v), [])) or "none"
            out.append(f"| {label} | {len(legal)} | {users} |")
        out += [
            "",
            "## Every pair, under every reading { #table }",
            "",
            '<div class="compact pairs-table" markdown>',
            "",
            "| Pair | Spots | " + " | ".join(label for _ps, _v, label in readings) + " |",
            "| :-: | :-: | " + " | ".join(":-:" for _ in readings) + " |",
        ]
        for a, b in union:
            sums = []
            for v in (3, 6):
                ca, cb = tens_value(a, four_two_value=v), tens_value(b, four_two_value=v)
                sums.append(f"{ca} + {cb} = {ca + cb}")
            spots = sums[0] if sums[0] == sums[1] else f"{sums[0]}<br><small>at 6: {sums[1]}</small>"
            marks = ["✓" if (a, b) in legal else "·" for legal in sets]
            marks = [f'<span class="yes">{m}</span>' if m == "✓" else '<span class="no">·</span>' for m in marks]
            pair = f"{tiles_html([a.face, b.face], page, size='sm')} <small>[{a.face}] [{b.face}]</small>"
            out.append(f"| {pair} | {spots} | " + " | ".join(marks) + " |")
        out += ["| **Total** | | " + " | ".join(f"**{len(legal)}**" for legal in sets) + " |", "", "</div>"]
        eye_identical = PairRules(eye="identical").eye_kinds()
        eye_civil = PairRules(eye="civil").eye_kinds()
        out += [
            "",
            "## The eye { #eye }",
            "",
            "The eye (*ngan*) is two identical tiles. With one set only the civil kinds come twice, so in Kap "
            "Shap the eye is always civil. With several sets (Kap Tai Shap) two identical military tiles are "
            "possible; the `eye` option says whether they count "
            f"({' and '.join(self.option_link(s, 'eye', page) + ' in ' + s.name for s in collecting)}).",
            "",
            f"- `eye=identical` ({len(eye_identical)} kinds): "
            + tiles_html([Tile.from_index(i).face for i in eye_identical], page, size="sm"),
            f"- `eye=civil` ({len(eye_civil)} kinds): "
            + tiles_html([Tile.from_index(i).face for i in eye_civil], page, size="sm"),
            "",
            "## Partners of each tile { #partners }",
            "",
            "Under Culin's reading (arithmetic, [4-2] counting 3), each tile pairs with:",
            "",
            '<div class="compact" markdown>',
            "",
            "| Tile | Partners |",
            "| :-: | --- |",
        ]
        culin = PairRules()
        for k in kinds():
            tile = Tile(k.face)
            partners = sorted({b if a == tile else a for a, b in culin.legal_pairs() if tile in (a, b)}, reverse=True)
            listed = tiles_html([p.face for p in partners], page, size="sm") if partners else "none"
            out.append(f"| {tile_img(k.face, page, size='sm')} <small>[{k.face}]</small> | {listed} |")
        out += ["", "</div>"]
        return "\n".join(out) + "\n"


def _pair_order(pair: tuple[Tile, Tile]) -> tuple[int, tuple[int, ...]]:
    """Twenties first, then tens; greater tiles first."""
    a, b = pair
    totals = [
        tens_value(a, four_two_value=v) + tens_value(b, four_two_value=v)
        for v in (3, 6)
        if (tens_value(a, four_two_value=v) + tens_value(b, four_two_value=v)) % 10 == 0
    ]
    return (-max(totals), (-a.high, -a.low, -b.high, -b.low))
