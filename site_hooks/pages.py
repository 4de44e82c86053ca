"""The generated pages: markdown built from the spec through the gupai package.

Every function here returns the markdown of one page (or of one block that a
hand-written page asks for with a ``<!-- gupai:... -->`` marker). Links are
markdown links wherever mkdocs can check them; the rest is checked after the
build by :func:`checks.check_links`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gupai.core.hands import counts_of
from gupai.core.options import DEFAULT_PRESET, resolve_options
from gupai.core.pairs import PairRules, tens_value
from gupai.core.spec import GameSpec, OptionSpec, RuleSpec, Source
from gupai.core.tiles import Tile, kinds, parse_tiles
from gupai.games.kap.config import COLLECTING_GAMES, collecting_config
from gupai.render.svg import ASPECT

from . import captures
from .common import (
    ALT_TILE_DIR,
    cell,
    esc,
    href,
    ordered_sources,
    plural,
    rel,
    source_label,
    tile_img,
    tiles_html,
)
from .features import Scenario, render_scenario

__all__ = ["SiteData"]

STATUS_TEXT = {
    "executable": ("Executable", "The reference engine implements this rule and the tests run it."),
    "pending": ("Pending", "Specified, not yet implemented by the reference engine."),
    "retired": ("Retired", "No longer in force; the id stays reserved."),
}


@dataclass(frozen=True, slots=True)
class HandExample:
    """A hand shown on a game's overview, with what the evaluator must say of it."""

    game: str
    tiles: str
    caption: str
    preset: str = DEFAULT_PRESET
    overrides: tuple[tuple[str, str], ...] = ()
    sets: int | None = None
    winning: bool = True
    distance: int | None = None
    compare: tuple[str, ...] = ()


HAND_EXAMPLES: tuple[HandExample, ...] = (
    HandExample(
        game="kap-shap",
        tiles="6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1",
        caption="The eye is the two [6-6]; the pairs make 20, 10 and 10.",
    ),
    HandExample(
        game="kap-shap",
        tiles="5-5 5-5 6-4 6-4 6-1 4-2 3-3 2-2",
        caption=(
            "A hand may split more than one way: either identical pair can be the eye. [4-2] counts 3, so "
            "[6-1] and [4-2] make ten."
        ),
    ),
    HandExample(
        game="kap-shap",
        tiles="3-3 3-3 6-5 6-3 6-6 6-2 5-1 3-1",
        caption=(
            "[6-5] and [6-3] make twenty by arithmetic, but no printed table lists them: a win under "
            "Culin's reading, not under pagat's."
        ),
        compare=("pagat",),
    ),
    HandExample(
        game="kap-tai-shap",
        tiles="4-3 4-3 6-6 6-2 5-5 5-5 6-1 4-2 5-1 2-2",
        sets=2,
        caption=(
            "With two or more sets the eye may be two identical military tiles, here [4-3]. Ten tiles: "
            "the eye and four pairs."
        ),
        compare=("culin+eye=civil",),
    ),
    HandExample(
        game="kap-tai-shap",
        tiles="1-1 1-1 6-6 6-6 6-6 6-6 5-5 5-5 4-4 4-4",
        sets=2,
        winning=False,
        distance=1,
        caption=(
            "Close, but not a win: the two [4-4] pair off two of the four [6-6] (8 + 12 = 20), but the last "
            "two [6-6] make 24. Changing one tile, a [6-6] for a [6-2], wins: the hand's distance is 1."
        ),
    ),
)


def _md_inline(text: str) -> str:
    """Escape text for inline markdown, keeping its `code` spans."""
    return text.replace("<", "&lt;").replace(">", "&gt;")


class SiteData:
    """The spec as the site shows it: games, sources, scenarios, and the links between them."""

    def __init__(
        self,
        specs: Sequence[GameSpec],
        known_sources: Mapping[str, Source],
        scenarios: Sequence[Scenario],
        schema_dir: Path,
        raw_games: Mapping[str, Mapping[str, Any]],
        raw_sources: Mapping[str, Mapping[str, Any]],
    ) -> None:
        self.specs = tuple(specs)
        self.by_id = {s.id: s for s in specs}
        self.sources = known_sources
        self.scenarios = tuple(scenarios)
        self.schema_dir = schema_dir
        self.raw_games = raw_games
        self.raw_sources = raw_sources
        self.rule_game = {rule.id: spec.id for spec in specs for rule in spec.rules}
        self.by_rule: dict[str, list[Scenario]] = {}
        for scenario in scenarios:
            for rule in scenario.rules:
                self.by_rule.setdefault(rule, []).append(scenario)

    # ---------------------------------------------------------------- checks
    def scenario_problems(self) -> list[str]:
        """Scenario tags that name no rule, or an option or value the rule's game lacks."""
        problems = []
        for scenario in self.scenarios:
            games = {self.rule_game[r] for r in scenario.rules if r in self.rule_game}
            for rule in scenario.rules:
                if rule not in self.rule_game:
                    problems.append(f"{scenario.where}: @rule:{rule} names no rule of spec/")
            candidates = [self.by_id[g] for g in sorted(games)] or list(self.specs)
            for key, value in scenario.options:
                if not any(
                    key in {o.key for o in spec.options} and value in spec.option(key).values for spec in candidates
                ):
                    problems.append(f"{scenario.where}: @option:{key}={value} is no option value of its game")
        return problems

    # ------------------------------------------------------------- helpers
    def game_sources(self, spec: GameSpec) -> list[str]:
        """The sources a game's tables show, in side-by-side order."""
        keys = set(self.raw_games[spec.id].get("sources", ()))
        keys |= {k for k, s in self.sources.items() if spec.id in s.covers}
        keys |= {p.source for o in spec.options for p in o.positions}
        return ordered_sources(keys, list(self.sources))

    def source_links(self, key: str) -> list[tuple[str, str]]:
        """Where source ``key`` can be read, as (label, address) pairs, from spec/sources.yaml."""
        return [(str(entry["label"]), str(entry["url"])) for entry in self.raw_sources.get(key, {}).get("links", ())]

    def source_link(self, key: str, page: str, *, label: str | None = None) -> str:
        return f"[{label or source_label(key)}]({rel(page, 'sources.md')}#{key})"

    def option_link(self, spec: GameSpec, key: str, page: str, value: str | None = None) -> str:
        anchor = key if value is None else f"{key}.{value}"
        text = f"`{key}`" if value is None else f"`{value}`"
        return f"[{text}]({rel(page, f'{spec.id}/options.md')}#{anchor})"

    def rule_link(self, rule_id: str, page: str) -> str:
        game = self.rule_game[rule_id]
        return f"[`{rule_id}`]({rel(page, f'{game}/rules.md')}#{rule_id})"

    def preset_link(self, spec: GameSpec, name: str, page: str) -> str:
        return f"[{name}]({rel(page, f'{spec.id}/presets.md')}#{name})"

    def linkify(self, text: str, spec: GameSpec, page: str) -> str:
        """Link `option` and `option=value` code spans and rule ids in spec text."""
        option_keys = {o.key for o in spec.options}

        def code(match: re.Match[str]) -> str:
            inner = match.group(1)
            key, sep, value = inner.partition("=")
            if key in option_keys and (not sep or value in spec.option(key).values):
                return self.option_link(spec, key, page, value if sep else None).replace(
                    f"`{value if sep else key}`", f"`{inner}`", 1
                )
            if inner in self.rule_game:
                return self.rule_link(inner, page)
            return match.group(0)

        text = re.sub(r"`([^`]+)`", code, _md_inline(text))
        rule_ids = sorted(self.rule_game, key=len, reverse=True)
        if rule_ids:
            pattern = r"(?<![`\w.#/-])(" + "|".join(re.escape(r) for r in rule_ids) + r")(?![\w-])(?![^\[]*\])"
            text = re.sub(pattern, lambda m: self.rule_link(m.group(1), page), text)
        return text

    def inline_html(self, text: str, spec: GameSpec, page: str) -> str:
        """Like :meth:`linkify`, for text placed inside raw HTML."""
        option_keys = {o.key for o in spec.options}

        def code(inner: str) -> str:
            key, sep, value = inner.partition("=")
            if key in option_keys and (not sep or value in spec.option(key).values):
                anchor = f"{key}.{value}" if sep else key
                return f'<a href="{esc(href(page, f"{spec.id}/options.md", anchor))}"><code>{esc(inner)}</code></a>'
            return f"<code>{esc(inner)}</code>"

        parts = re.split(r"(`[^`]+`)", text)
        return "".join(code(p[1:-1]) if p.startswith("`") and p.endswith("`") and len(p) > 1 else esc(p) for p in parts)

    def presets_choosing(self, spec: GameSpec, key: str, value: str) -> list[str]:
        return [p.name for p in spec.presets if p.as_dict().get(key) == value]

    # =============================================================== tiles
    def tile_values_block(self, spec: GameSpec, page: str) -> str:
        """The 21 kinds of tile drawn with the count each makes in this game (under its default preset)."""
        options = resolve_options(spec.id)
        four_two = int(options.as_dict().get("four-two-value", "3"))
        cells = []
        for k in kinds():
            tile = Tile(k.face)
            value = tens_value(tile, four_two_value=four_two)
            copies = f" ×{k.copies}" if k.copies > 1 else ""
            cells.append(
                f'<span class="tile-value">{tile_img(k.face, page, size="md")}'
                f"<small>{value}{esc(copies)}</small></span>"
            )
        block = '<div class="tile-values">' + "".join(cells) + "</div>\n\n"
        note = "Each kind of tile with the count it makes toward ten and, where the set has two, ×2"
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
            f"{len(military)} kinds, each once. Every picture on this site is drawn by the `gupai` package "
            "(`gupai.render.svg.tile_svg`) from `spec/tiles.yaml`.",
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
            "The table shows every pair legal under at least one reading, side by side. It is computed by the "
            "reference engine's `gupai.core.pairs.PairRules`, the code that judges hands.",
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

    # ================================================================ rules
    def main_rule(self, scenario: Scenario) -> str | None:
        """The rule a scenario is shown under: its first ``@rule`` tag that names a rule."""
        return next((r for r in scenario.rules if r in self.rule_game), None)

    def rules_page(self, spec: GameSpec) -> str:
        page = f"{spec.id}/rules.md"
        out = [
            "---",
            f"title: {spec.name} rule reference",
            "---",
            "",
            f"# {spec.name}: rule reference",
            "",
            f"Every rule of {spec.name}, in the order of play, each with the examples that show it at work. "
            f"New to the game? Start with [how to play](index.md). Where the old sources disagree, a rule names "
            f"its **options**; a [preset](presets.md) fixes every option (this site's default is "
            f"`{DEFAULT_PRESET}`). Each example is listed by its title under the rule it is about: open it to "
            "see it move by move; a rule that an example also touches links to it. The rules number the "
            "seats from 0, anticlockwise, as game logs do: seat 0 is the player the how-to-play pages and the "
            "log viewer call Player 1.",
            "",
            '<p class="legend">'
            + " ".join(
                f'<span class="legend-item"><span class="badge status-{key}">{label}</span> {esc(expl)}</span>'
                for key, (label, expl) in STATUS_TEXT.items()
                if any(r.status == key for r in spec.rules)
            )
            + (
                ' <span class="legend-item"><span class="badge status-impl">Implementation-defined</span> '
                "No source says; the project decided.</span>"
                if any(r.implementation_defined for r in spec.rules)
                else ""
            )
            + "</p>",
            "",
        ]
        for rule in spec.rules:
            out += self._rule_block(spec, rule, page)
        return "\n".join(out) + "\n"

    def _rule_block(self, spec: GameSpec, rule: RuleSpec, page: str) -> list[str]:
        label, expl = STATUS_TEXT.get(rule.status, (rule.status.title(), ""))
        title = _md_inline(rule.title).replace('"', "&quot;")
        badges = [f'<span class="badge status-{esc(rule.status)}" title="{esc(expl)}">{esc(label)}</span>']
        if rule.implementation_defined:
            badges.append(
                '<span class="badge status-impl" title="No source says; the project decided.">'
                "Implementation-defined</span>"
            )
        out = [
            f'## <span class="rule-id">{rule.id}</span> {_md_inline(rule.title)} '
            f'{{ #{rule.id} data-toc-label="{title}" }}',
            "",
            " ".join(badges),
            "{: .rule-badges }",
            "",
            self.linkify(rule.text, spec, page),
            "",
        ]
        if rule.quote is not None:
            source, quote = rule.quote
            out += [
                f"> *“{_md_inline(quote)}”*",
                f"> <br>— {self.source_link(source, page, label=self._cite(source))}",
                "{: .culin-quote }",
                "",
            ]
        meta = []
        if rule.options:
            meta.append("**Options:** " + ", ".join(self.option_link(spec, k, page) for k in rule.options))
        if rule.sources:
            meta.append("**Sources:** " + ", ".join(self.source_link(k, page) for k in rule.sources))
        else:
            meta.append("**Sources:** none speak to it")
        scenarios = self.by_rule.get(rule.id, [])
        own = [s for s in scenarios if self.main_rule(s) == rule.id]
        also = [s for s in scenarios if self.main_rule(s) != rule.id]
        meta.append(f"**Examples:** {len(scenarios) or 'none yet'}")
        out += [" · ".join(meta), "{: .rule-meta }", ""]
        # Raw HTML, unindented and on one line a scenario: markdown passes it through untouched.
        blocks = []
        for scenario in own:
            html = render_scenario(
                scenario, page, option_page=f"{self.rule_game.get(rule.id, spec.id)}/options.md", rules_page=page
            )
            # a scenario tagged with rules of another game links to that game's rules page
            blocks.append(self._fix_rule_links(html, page))
        if also:
            links = []
            for scenario in also:
                main = self.main_rule(scenario)
                target = f"{self.rule_game[main]}/rules.md" if main else page
                links.append(
                    f'<li><a href="{esc(href(page, target, scenario.anchor))}">{esc(scenario.name)}</a>'
                    f' <span class="also-under">under <code>{esc(main or "")}</code></span></li>'
                )
            blocks.append('<div class="also-shown"><p>Also shown by:</p><ul>' + "".join(links) + "</ul></div>")
        if blocks:
            out += ['<div class="examples">', *blocks, "</div>", ""]
        return out

    def _fix_rule_links(self, html: str, page: str) -> str:
        def repl(match: re.Match[str]) -> str:
            rule = match.group(1)
            game = self.rule_game.get(rule)
            if game is None:
                return match.group(0)
            return f'class="chip chip-rule" href="{esc(href(page, f"{game}/rules.md", rule))}"'

        return re.sub(r'class="chip chip-rule" href="[^"]*#([^"]+)"', repl, html)

    def _cite(self, key: str) -> str:
        source = self.sources.get(key)
        if source is None:
            return key
        return f"{source.author.split(' (')[0]}" + (f", {source.year}" if source.year else "")

    # ============================================================== options
    def options_page(self, spec: GameSpec) -> str:
        page = f"{spec.id}/options.md"
        out = [
            "---",
            f"title: {spec.name} options",
            "---",
            "",
            f"# {spec.name}: options",
            "",
            f"Each option is a question the sources answer differently, or leave open. Every value is a "
            f"reading someone holds (or a decision the project had to make), and every value is executable: "
            f"pick one with `--option KEY=VALUE` on the command line, or take a whole set with a "
            f"[preset](presets.md). The default is the `{DEFAULT_PRESET}` preset's value. The "
            f"[ambiguities table](../ambiguities.md#{spec.id}) puts the sources side by side.",
            "",
            '<div class="options-table" markdown>',
            "",
            "| Option | Question | Values | Default |",
            "| --- | --- | --- | --- |",
        ]
        defaults = resolve_options(spec.id)
        for option in spec.options:
            values = ", ".join(self.option_link(spec, option.key, page, v) for v in option.values)
            out.append(
                f"| {self.option_link(spec, option.key, page)} | {cell(option.question)} | {values} | "
                f"`{defaults[option.key]}` |"
            )
        out += ["", "</div>", ""]
        for option in spec.options:
            out += self._option_block(spec, option, page, defaults[option.key])
        return "\n".join(out) + "\n"

    def _option_block(self, spec: GameSpec, option: OptionSpec, page: str, preset_default: str) -> list[str]:
        used_by = [r.id for r in spec.rules if option.key in r.options]
        title = _md_inline(option.title).replace('"', "&quot;")
        out = [
            f'## <code class="option-key">{option.key}</code> {_md_inline(option.title)} '
            f'{{ #{option.key} data-toc-label="{title}" }}',
            "",
            f"**{_md_inline(option.question)}**",
            "{: .option-question }",
            "",
        ]
        if used_by:
            out += ["Used by " + ", ".join(self.rule_link(r, page) for r in used_by) + ".", ""]
        for value in option.values:
            readers = option.readers(value)
            presets = self.presets_choosing(spec, option.key, value)
            badge = ' <span class="badge default">default</span>' if value == option.default else ""
            lines = [
                f"`{option.key}={value}`{badge} — {self.linkify(option.describe(value), spec, page)}",
                "<br><small>Read so by: "
                + (", ".join(self.source_link(k, page) for k in readers) if readers else "no source")
                + " · Presets: "
                + (", ".join(self.preset_link(spec, p, page) for p in presets) if presets else "none")
                + "</small>",
                f"{{: #{option.key}.{value} .option-value }}",
                "",
            ]
            out += lines
        if option.default != preset_default:
            out += [
                f"The option's documented default is `{option.default}`; the `{DEFAULT_PRESET}` preset sets "
                f"`{preset_default}`.",
                "",
            ]
        out += [
            f'!!! note "Why `{option.default}` by default"',
            f"    {self.linkify(option.justification, spec, page)}",
            "",
        ]
        if option.positions:
            out += [
                f'??? quote "What each source says ({len(option.positions)})"',
                "    | Source | Reading | Says |",
                "    | --- | --- | --- |",
            ]
            order = self.game_sources(spec)
            for position in sorted(option.positions, key=lambda p: order.index(p.source) if p.source in order else 99):
                reading = (
                    self.option_link(spec, option.key, page, position.reading)
                    if position.reading is not None
                    else "*no reading*"
                )
                out.append(
                    f"    | {self.source_link(position.source, page)} | {reading} | {cell(_md_inline(position.says))} |"
                )
            out.append("")
        return out

    # ============================================================== presets
    def presets_page(self, spec: GameSpec) -> str:
        page = f"{spec.id}/presets.md"
        defaults = spec.preset(DEFAULT_PRESET).as_dict()
        names = [p.name for p in spec.presets]
        out = [
            "---",
            f"title: {spec.name} presets",
            "hide:",
            "  - toc",
            "---",
            "",
            f"# {spec.name}: presets",
            "",
            f"A preset fixes every option at once: a source's rules as the project reads them, or a named "
            f"combination. `{DEFAULT_PRESET}` is the default. Values that differ from `{DEFAULT_PRESET}` are "
            "marked.",
            "",
            "## Every preset against every option { #matrix }",
            "",
            '<div class="preset-matrix" markdown>',
            "",
            "| Option | " + " | ".join(f"[{n}](#{n})" for n in names) + " |",
            "| --- | " + " | ".join(":-:" for _ in names) + " |",
        ]
        for option in spec.options:
            cells = []
            for preset in spec.presets:
                value = preset.as_dict()[option.key]
                link = f"[{value}]({rel(page, f'{spec.id}/options.md')}#{option.key}.{value})"
                cells.append(link if value == defaults[option.key] else f"**{link}**{{ .differs }}")
            out.append(f"| {self.option_link(spec, option.key, page)} | " + " | ".join(cells) + " |")
        out += ["", "</div>", ""]
        aliases = [(s, a, p) for p in spec.presets for s, a in p.aliases]
        if aliases:
            out += [
                "## Names in the sources { #aliases }",
                "",
                "The sources name their rule sets too, and the names collide: the project names its presets by "
                "what they do and maps the sources' names onto them. A preset can also be selected by "
                "`SOURCE:NAME`, e.g. `--preset " + f"{aliases[0][0]}:{aliases[0][1]}`.",
                "",
                "| Source | Their name | Our preset |",
                "| --- | --- | --- |",
            ]
            for source, alias, preset in aliases:
                out.append(f"| {self.source_link(source, page)} | `{alias}` | [{preset.name}](#{preset.name}) |")
            out.append("")
            if any(a == "classical" for _s, a, _p in aliases) and any(a == "classic" for _s, a, _p in aliases):
                classical = next(p.name for _s, a, p in aliases if a == "classical")
                classic = next(p.name for _s, a, p in aliases if a == "classic")
                gin = next((p.name for _s, a, p in aliases if a == "gin"), classical)
                out += [
                    '!!! warning "“Classical” is not `classic`"',
                    f"    What the gupai site's analysis calls the *classical* rule (one tile a turn, only the "
                    f"latest discard) is our [{classical}](#{classical}), the turn of navpil's `gin` (our "
                    f"[{gin}](#{gin}), with navpil's deal and opening); navpil's `classic` is "
                    f"our [{classic}](#{classic}).",
                    "",
                ]
        for preset in spec.presets:
            values = preset.as_dict()
            differs = [k for k in values if values[k] != defaults.get(k)]
            out += [
                f"## {_md_inline(preset.title)} {{ #{preset.name} }}",
                "",
                f"`{preset.name}` — {self.linkify(preset.text, spec, page)}",
                "",
            ]
            facts = []
            if preset.sources:
                facts.append("**Sources:** " + ", ".join(self.source_link(k, page) for k in preset.sources))
            if preset.aliases:
                facts.append(
                    "**Also called:** " + ", ".join(f"{self.source_link(s, page)} `{a}`" for s, a in preset.aliases)
                )
            if facts:
                out += [" · ".join(facts), ""]
            if preset.name == DEFAULT_PRESET:
                out += ["This is the default preset.", ""]
            elif differs:
                out += [
                    f"Differs from `{DEFAULT_PRESET}` in: "
                    + ", ".join(
                        f"{self.option_link(spec, k, page)} = {self.option_link(spec, k, page, values[k])}"
                        for k in differs
                    )
                    + ".",
                    "",
                ]
            else:
                out += [f"Sets every option as `{DEFAULT_PRESET}` does.", ""]
        return "\n".join(out) + "\n"

    # ========================================================= ambiguities
    def ambiguities_page(self) -> str:
        page = "ambiguities.md"
        out = [
            "---",
            "hide:",
            "  - navigation",
            "  - toc",
            "---",
            "",
            "# The ambiguities, source by source",
            "",
            "Where the sources disagree, or one of them is silent, the spec has an **option**. Here each "
            "option is a row and each source a column: the cell gives the reading the source takes (linked to "
            "the value) and what it says. *Silent* means the source does not speak to the question. The last "
            "column lists the presets that take each reading. Only the sources that describe a game, or "
            "take a position on one of its questions, get a column for it: the German page "
            "(spieltdomino) and the two pagat Tsung Shap pages describe only Tsung Shap. A row marked "
            '<span class="badge disagree">sources disagree</span> is one where two sources take different '
            "readings; the other rows are questions only one source answers, or none.",
            "",
            " · ".join(f"[{s.name}](#{s.id})" for s in self.specs),
            "",
        ]
        for spec in self.specs:
            columns = self.game_sources(spec)
            out += [
                f"## {spec.name} {{ #{spec.id} }}",
                "",
                f"{plural(len(spec.options), 'option')}; defaults from the `{DEFAULT_PRESET}` preset. "
                f"See also the [options]({spec.id}/options.md) and [presets]({spec.id}/presets.md) pages.",
                "",
                '<div class="ambiguities" markdown>',
                "",
                "| Question | " + " | ".join(self.source_link(k, page) for k in columns) + " | Presets |",
                "| --- | " + " | ".join("---" for _ in columns) + " | --- |",
            ]
            defaults = resolve_options(spec.id)
            split = [o for o in spec.options if len({p.reading for p in o.positions if p.reading}) > 1]
            # the count goes just above this game's table
            at = len(out) - 1 - out[::-1].index('<div class="ambiguities" markdown>')
            out.insert(at, f"The sources disagree on {len(split)} of these {plural(len(spec.options), 'question')}.\n")
            for option in spec.options:
                positions = {p.source: p for p in option.positions}
                readings = {p.reading for p in option.positions if p.reading}
                mark = (
                    f'<br><span class="badge disagree" title="The sources take {len(readings)} different '
                    f'readings">sources disagree</span>'
                    if len(readings) > 1
                    else ""
                )
                row = [
                    f"{self.option_link(spec, option.key, page).replace(f'`{option.key}`', cell(option.title))}"
                    f"{mark}<br><small>{cell(_md_inline(option.question))}</small>"
                ]
                for key in columns:
                    position = positions.get(key)
                    if position is None:
                        row.append('<span class="silent">silent</span>')
                        continue
                    if position.reading is None:
                        head = '<span class="silent">no reading</span>'
                    else:
                        head = self.option_link(spec, option.key, page, position.reading)
                        if len(readings) > 1:
                            head = f'<strong class="differs">{head}</strong>'
                    row.append(f"{head}<br><small>{cell(_md_inline(position.says))}</small>")
                by_value = []
                for value in option.values:
                    presets = self.presets_choosing(spec, option.key, value)
                    mark = " *(default)*" if value == defaults[option.key] else ""
                    if presets:
                        by_value.append(
                            f"{self.option_link(spec, option.key, page, value)}{mark}: "
                            + ", ".join(self.preset_link(spec, p, page) for p in presets)
                        )
                    else:
                        by_value.append(f"{self.option_link(spec, option.key, page, value)}{mark}: none")
                row.append("<br>".join(by_value))
                out.append("| " + " | ".join(row) + " |")
            out += ["", "</div>", ""]
        return "\n".join(out) + "\n"

    # ============================================================== sources
    def sources_page(self) -> str:
        page = "sources.md"
        out = [
            "# Sources",
            "",
            "The documents the rules are drawn from, with full citations. Every rule and every reading on "
            "this site cites them by these keys. Culin's book (1895) is in the public domain and is quoted "
            "with attribution; the rest is retold in the project's own words. See the [history](history.md) "
            "for how they relate.",
            "",
            "| Key | Source | Games | Read it |",
            "| --- | --- | --- | --- |",
        ]
        for key, source in self.sources.items():
            games = ", ".join(f"[{self.by_id[g].name}]({g}/index.md)" for g in source.covers if g in self.by_id)
            links = "<br>".join(f"[{cell(label)}]({url})" for label, url in self.source_links(key)) or "—"
            out.append(f"| [`{key}`](#{key}) | {cell(source.author)}, *{cell(source.title)}* | {games} | {links} |")
        out.append("")
        for key, source in self.sources.items():
            cited = [(spec, r) for spec in self.specs for r in spec.rules if key in r.sources]
            quoted = [(spec, r) for spec in self.specs for r in spec.rules if r.quote and r.quote[0] == key]
            readings = [
                (spec, o, p) for spec in self.specs for o in spec.options for p in o.positions if p.source == key
            ]
            out += [
                f"## {source_label(key)}: {_md_inline(source.title)} {{ #{key} }}",
                "",
                f"**{_md_inline(source.citation)}**",
                "",
                f"Key `{key}` · {_md_inline(source.author)}" + (f" · {source.year}" if source.year else ""),
                "",
            ]
            if self.source_links(key):
                out += [
                    "**Read it:** " + " · ".join(f"[{label}]({url})" for label, url in self.source_links(key)),
                    "{: .source-links }",
                    "",
                ]
            if source.notes:
                out += [_md_inline(" ".join(source.notes.split())), ""]
            file_entry = self.raw_sources.get(key, {}).get("file") or ()
            files = [file_entry] if isinstance(file_entry, str) else list(file_entry)
            if files:
                out += [
                    "The project keeps a copy for reference: "
                    + ", ".join(f"`{f}`" for f in files)
                    + " (not published here).",
                    "",
                ]
            if self.raw_sources.get(key, {}).get("public_domain"):
                out += ["In the public domain.", ""]
            facts = []
            for spec in self.specs:
                game_cited = [r for sp, r in cited if sp is spec]
                game_quoted = [r for sp, r in quoted if sp is spec]
                game_readings = [(o, p) for sp, o, p in readings if sp is spec]
                if not (game_cited or game_quoted or game_readings):
                    continue
                facts += [f"| **{spec.name}** | |"]
                if game_cited:
                    facts.append(
                        f"| Cited by {plural(len(game_cited), 'rule')} | "
                        + ", ".join(self.rule_link(r.id, page) for r in game_cited)
                        + " |"
                    )
                if game_quoted:
                    facts.append("| Quoted in | " + ", ".join(self.rule_link(r.id, page) for r in game_quoted) + " |")
                held = [(o, p) for o, p in game_readings if p.reading is not None]
                silent = [o for o, p in game_readings if p.reading is None]
                if held:
                    facts.append(
                        "| Readings | "
                        + ", ".join(
                            f"[`{o.key}={p.reading}`]({rel(page, f'{spec.id}/options.md')}#{o.key}.{p.reading})"
                            for o, p in held
                        )
                        + " |"
                    )
                if silent:
                    facts.append(
                        "| No reading on | " + ", ".join(self.option_link(spec, o.key, page) for o in silent) + " |"
                    )
            if facts:
                out += ['<div class="source-facts" markdown>', "", "| | |", "| --- | --- |", *facts, "", "</div>", ""]
        return "\n".join(out) + "\n"

    # =========================================================== overviews
    def glance_block(self, spec: GameSpec, page: str) -> str:
        raw = self.raw_games[spec.id]
        aka = ", ".join(f"*{a}*" for a in raw.get("also_known_as", ()))
        rows = [
            ("Chinese", f'<span lang="zh">{spec.chinese}</span>' if spec.chinese else "—"),
            ("Also called", aka or "—"),
            (
                "Players",
                f"{spec.players_min}" + (f" to {spec.players_max}" if spec.players_max != spec.players_min else ""),
            ),
        ]
        if spec.winning_size:
            rows += [
                ("Hand", f"{spec.hand_size} tiles (the first player {spec.hand_size + 1})"),
                ("Winning hand", f"{spec.winning_size} tiles: an eye and {spec.pairs_in_hand} ten-pairs"),
            ]
        rows += [
            ("Rules", f"[{len(spec.rules)}](rules.md)"),
            ("Options", f"[{len(spec.options)}](options.md)"),
            ("Rule sets", ", ".join(self.preset_link(spec, p.name, page) for p in spec.presets)),
            ("Sources", ", ".join(self.source_link(k, page) for k in self._glance_sources(spec, raw))),
        ]
        statuses: dict[str, int] = {}
        for r in spec.rules:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        rows.append(("Status", ", ".join(f"{n} {s}" for s, n in statuses.items())))
        body = "\n".join(f"| {k} | {v} |" for k, v in rows)
        return (
            f'{_md_inline(spec.summary)}\n\n<div class="glance" markdown>\n\n| | |\n| --- | --- |\n{body}\n\n</div>\n'
        )

    def _glance_sources(self, spec: GameSpec, raw: Mapping[str, Any]) -> list[str]:
        """The game's sources: those its spec lists, then any other that one of its rules or presets cites."""
        keys = list(raw.get("sources", ()))
        for cited in [s for r in spec.rules for s in r.sources] + [s for p in spec.presets for s in p.sources]:
            if cited not in keys and cited in self.sources:
                keys.append(cited)
        return keys

    def status_block(self, spec: GameSpec) -> str:
        """A note when some of a game's rules are not executable yet."""
        pending = [r for r in spec.rules if r.status == "pending"]
        if not pending:
            return ""
        if len(pending) == len(spec.rules):
            what = f"does not execute them yet: all {len(spec.rules)} are marked **pending**"
        else:
            what = f"does not execute all of them yet: {len(pending)} of the {len(spec.rules)} are marked **pending**"
        return (
            f'!!! info "Specified, not yet executable"\n'
            f"    The rules of {spec.name} are fully specified, but the site's engine {what}. The "
            "examples on these pages that need no engine are checked by the site build itself.\n"
        )

    def hands_block(self, spec: GameSpec, page: str) -> str:
        parts = []
        for ex in HAND_EXAMPLES:
            if ex.game != spec.id:
                continue
            parts.append(self._hand_example(spec, ex, page))
        if not parts:
            raise ValueError(f"no hand examples for {spec.id}")
        return "\n".join(parts)

    def _evaluate(self, game: str, preset: str, overrides: Iterable[tuple[str, str]], sets: int | None) -> Any:
        options = resolve_options(game, preset=preset, overrides=dict(overrides))
        return collecting_config(game, options, sets=sets)

    def _hand_example(self, spec: GameSpec, ex: HandExample, page: str) -> str:
        tiles = parse_tiles(ex.tiles.split())
        cfg = self._evaluate(spec.id, ex.preset, ex.overrides, ex.sets)
        counts = counts_of(tiles)
        winning = cfg.evaluator.is_winning(counts)
        if winning != ex.winning:
            raise ValueError(
                f"hand example {ex.tiles!r} of {spec.id}: the evaluator says winning={winning}, the page says "
                f"{ex.winning}"
            )
        if ex.distance is not None and cfg.evaluator.distance(counts) != ex.distance:
            raise ValueError(
                f"hand example {ex.tiles!r} of {spec.id}: the evaluator says distance "
                f"{cfg.evaluator.distance(counts)}, the page says {ex.distance}"
            )
        splits = cfg.evaluator.decompositions(counts)
        out = ['<div class="hand-example">', f'<div class="hand">{tiles_html([t.face for t in tiles], page)}</div>']
        four_two = cfg.rules.four_two_value
        if winning:
            for n, split in enumerate(splits, start=1):
                groups = [
                    f'<span class="group eye">{tiles_html([t.face for t in split.eye], page, size="sm")}'
                    "<small>eye</small></span>"
                ]
                for a, b in split.pairs:
                    ca, cb = tens_value(a, four_two_value=four_two), tens_value(b, four_two_value=four_two)
                    groups.append(
                        f'<span class="group">{tiles_html([a.face, b.face], page, size="sm")}'
                        f"<small>{ca} + {cb} = {ca + cb}</small></span>"
                    )
                label = f"Split {n} of {len(splits)}" if len(splits) > 1 else "The split"
                out.append(f'<div class="split"><span class="split-label">{label}</span>{"".join(groups)}</div>')
        verdicts = [self._verdict(spec, ex.preset, ex.overrides, ex.sets, counts, page)]
        for other in ex.compare:
            preset, _, extra = other.partition("+")
            overrides = tuple((k, v) for k, _, v in (x.partition("=") for x in extra.split(",") if x))
            verdicts.append(self._verdict(spec, preset, overrides, ex.sets, counts, page))
        out.append(f'<p class="verdicts">{" ".join(verdicts)}</p>')
        out.append(f'<p class="caption">{self.inline_html(ex.caption, spec, page)}</p>')
        out.append("</div>")
        return "".join(out)

    def _verdict(
        self,
        spec: GameSpec,
        preset: str,
        overrides: Iterable[tuple[str, str]],
        sets: int | None,
        counts: tuple[int, ...],
        page: str,
    ) -> str:
        overrides = tuple(overrides)
        cfg = self._evaluate(spec.id, preset, overrides, sets)
        winning = cfg.evaluator.is_winning(counts)
        label = preset + "".join(f", {k}={v}" for k, v in overrides)
        link = f'<a href="{esc(href(page, f"{spec.id}/presets.md", preset))}">{esc(label)}</a>'
        sets_text = f", {cfg.sets} sets" if cfg.sets > 1 else ""
        if winning:
            return f'<span class="verdict win">✓ winning under {link}{sets_text}</span>'
        distance = cfg.evaluator.distance(counts)
        return f'<span class="verdict lose">✗ not winning under {link}{sets_text} (distance {distance})</span>'

    # ============================================================ captures
    def captures_page(self) -> str:
        page = "tsung-shap/captures.md"
        spec = self.by_id["tsung-shap"]
        problems = [p for ex in captures.EXAMPLES for p in captures.check_example(ex)]
        for ex in captures.EXAMPLES:
            for rule in ex.rules:
                if rule not in self.rule_game:
                    problems.append(f"capture example {ex.title!r} names unknown rule {rule}")
            for key, value in ex.options.items():
                if value not in spec.option(key).values:
                    problems.append(f"capture example {ex.title!r} names unknown value {key}={value}")
        if problems:
            raise ValueError("; ".join(problems))
        out = [
            "---",
            "title: Tsung Shap captures",
            "---",
            "",
            "# Tsung Shap: captures",
            "",
            "Tiles are laid one at a time at either end of a row. A laid tile captures with the tiles at the "
            "ends of the row: an **identical** end tile makes a pair, worth ten points a spot; two end tiles "
            "whose spots make a **multiple of ten** with it make a triple, worth a point a spot; clearing a row "
            "of two is a **sweep**, worth 40. The examples follow Culin's wording and the spec's default "
            "readings; the rows are drawn from a small data description that the site build checks.",
            "",
        ]
        for ex in captures.EXAMPLES:
            rules = ", ".join(self.rule_link(r, page) for r in ex.rules)
            out += [
                f"## {ex.title}",
                "",
                captures.render_example(ex, page, self.inline_html(ex.note, spec, page)),
                "",
                f"Rules: {rules}"
                + (
                    " · Reading: " + ", ".join(self.option_link(spec, k, page, v) for k, v in ex.options.items())
                    if ex.options
                    else ""
                ),
                "{: .rule-meta }",
                "",
            ]
        pile, total = captures.render_pile(page)
        out += [
            "## Counting a pile { #counting }",
            "",
            "At the end each player adds up the captures. The gupai site's photograph of a catch shows two "
            "triples of 20 and a pair of [6-6] (24 spots, ten points each):",
            "",
            pile,
            "",
            f"{total} points in all. Rules: {self.rule_link('ts.score', page)}, {self.rule_link('ts.end', page)}.",
            "{: .rule-meta }",
        ]
        return "\n".join(out) + "\n"

    # ========================================================= rule index
    def rule_index_page(self) -> str:
        page = "engine/rule-index.md"
        out = [
            "# Rule index",
            "",
            "Every rule id of every game, for engines, logs and validators that cite rules. Ids are "
            "permanent: an id never changes meaning, and a retired rule keeps its id. The status says whether "
            "the reference engine executes the rule yet.",
            "",
        ]
        for spec in self.specs:
            out += [
                f"## {spec.name} {{ #{spec.id} }}",
                "",
                "| Id | Rule | Status | Options | Examples |",
                "| --- | --- | --- | --- | :-: |",
            ]
            for rule in spec.rules:
                status = rule.status + (", implementation-defined" if rule.implementation_defined else "")
                options = ", ".join(self.option_link(spec, k, page) for k in rule.options)
                out.append(
                    f"| {self.rule_link(rule.id, page)} | {cell(_md_inline(rule.title))} | {status} | "
                    f"{options} | {len(self.by_rule.get(rule.id, []))} |"
                )
            out.append("")
        return "\n".join(out) + "\n"

    def coverage_block(self, page: str) -> str:
        lines = ["| Game | Rules | With examples | Scenarios |", "| --- | :-: | :-: | :-: |"]
        for spec in self.specs:
            with_examples = sum(1 for r in spec.rules if self.by_rule.get(r.id))
            n = len({s.where for r in spec.rules for s in self.by_rule.get(r.id, [])})
            lines.append(
                f"| [{spec.name}]({rel(page, f'{spec.id}/rules.md')}) | {len(spec.rules)} | {with_examples} | {n} |"
            )
        untagged = [s for s in self.scenarios if not s.rules]
        lines.append("")
        lines.append(
            f"{plural(len(self.scenarios), 'scenario')} in `features/` in all"
            + (
                f"; {plural(len(untagged), 'scenario')} without a `@rule:` tag: "
                + ", ".join(f"`{s.where}`" for s in untagged)
                if untagged
                else ""
            )
            + "."
        )
        return "\n".join(lines) + "\n"

    # ============================================================= schemas
    def schema_files(self) -> list[Path]:
        if not self.schema_dir.is_dir():
            return []
        return sorted(self.schema_dir.glob("*.json"))

    def schemas_page(self) -> str:
        page = "engine/schemas.md"
        files = self.schema_files()
        out = [
            "# Schemas",
            "",
            "The JSON Schemas of the project, rendered from `schemas/` when the site is built and published "
            "beside it at stable paths: `schemas/<file name>` under the site root. Point a validator at the "
            "published file or at the copy in the repository; they are the same file.",
            "",
        ]
        if not files:
            out += ["No schema has been published yet.", ""]
        for file in files:
            out += [self.schema_block(file, page, level=2), ""]
        return "\n".join(out) + "\n"

    def schema_block(self, file: Path, page: str, *, level: int = 2) -> str:
        try:
            schema = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ValueError(f"schemas/{file.name} is not JSON: {error}") from None
        h = "#" * level
        anchor = re.sub(r"[^a-z0-9]+", "-", file.stem.lower()).strip("-")
        title = schema.get("title") or file.name
        out = [
            f"{h} {_md_inline(str(title))} {{ #{anchor} }}",
            "",
            f"[`schemas/{file.name}`]({rel(page, f'schemas/{file.name}')})"
            + (f" · `$id`: `{schema['$id']}`" if "$id" in schema else "")
            + (f" · dialect: `{schema['$schema']}`" if "$schema" in schema else ""),
            "",
        ]
        if schema.get("description"):
            out += [_md_inline(" ".join(str(schema["description"]).split())), ""]
        out += _properties_table(schema)
        defs = schema.get("$defs") or schema.get("definitions") or {}
        if isinstance(defs, dict) and defs:
            out += [f"{h}# Definitions in {file.name} {{ #{anchor}-defs }}", ""]
            for name, sub in defs.items():
                if not isinstance(sub, dict):
                    continue
                out += [f"**`{name}`**" + (f" — {_md_inline(_desc(sub))}" if _desc(sub) else ""), ""]
                table = _properties_table(sub)
                out += table if table else [f"Type: {_type_of(sub)}", ""]
        return "\n".join(out)


def _pair_order(pair: tuple[Tile, Tile]) -> tuple[int, tuple[int, ...]]:
    """Twenties first, then tens; greater tiles first."""
    a, b = pair
    totals = [
        tens_value(a, four_two_value=v) + tens_value(b, four_two_value=v)
        for v in (3, 6)
        if (tens_value(a, four_two_value=v) + tens_value(b, four_two_value=v)) % 10 == 0
    ]
    return (-max(totals), (-a.high, -a.low, -b.high, -b.low))


def _desc(schema: Mapping[str, Any]) -> str:
    return " ".join(str(schema.get("description") or schema.get("title") or "").split())


def _type_of(schema: Any) -> str:
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return f"`{str(schema['$ref']).split('/')[-1]}`"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        values = [f"`{json.dumps(v)}`" for v in schema["enum"]]
        return "one of " + ", ".join(values[:8]) + (f" and {len(values) - 8} more" if len(values) > 8 else "")
    for combinator in ("oneOf", "anyOf", "allOf"):
        if combinator in schema and isinstance(schema[combinator], list):
            sep = " and " if combinator == "allOf" else " or "
            return sep.join(_type_of(s) for s in schema[combinator][:6])
    kind = schema.get("type")
    if kind == "array":
        return f"array of {_type_of(schema.get('items', {}))}"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind)
    if kind:
        text = str(kind)
        if "pattern" in schema:
            text += f" (`{cell(str(schema['pattern']))}`)"
        return text
    return "any"


def _properties_table(schema: Mapping[str, Any]) -> list[str]:
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return []
    required = set(schema.get("required", ()))
    out = ["| Property | Type | Required | Description |", "| --- | --- | :-: | --- |"]
    for name, sub in props.items():
        out.append(
            f"| `{name}` | {cell(_type_of(sub))} | {'yes' if name in required else ''} | "
            f"{cell(_md_inline(_desc(sub) if isinstance(sub, dict) else ''))} |"
        )
    out.append("")
    return out
