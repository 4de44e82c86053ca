"""The blocks of the how-to-play pages (at a glance, the winning hands) and Tsung Shap's captures page."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gupai.core.hands import counts_of
from gupai.core.options import DEFAULT_PRESET, resolve_options
from gupai.core.pairs import tens_value
from gupai.core.spec import GameSpec
from gupai.core.tiles import parse_tiles
from gupai.games.kap.config import collecting_config

from . import captures
from .common import (
    esc,
    href,
    rel,
    source_label,
    tiles_html,
)
from .site_base import SiteBase, md_inline

__all__ = ["OverviewBlocks"]


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
            "two [6-6] make 24. Changing one tile, a [6-6] for a [6-2], wins: the hand is one tile from a win."
        ),
    ),
)


class OverviewBlocks(SiteBase):
    """The blocks of the how-to-play pages (at a glance, the winning hands) and Tsung Shap's captures page."""

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
        body = "\n".join(f"| {k} | {v} |" for k, v in rows)
        return f'{md_inline(spec.summary)}\n\n<div class="glance" markdown>\n\n| | |\n| --- | --- |\n{body}\n\n</div>\n'

    def engine_facts(self, spec: GameSpec, page: str) -> str:
        """The engine author's facts of a game, for the box at the foot of its how-to-play page (HTML).

        How many rules and options the rule reference holds, the rule sets, the
        sources, and how many rules the engine executes: words for engine
        authors, kept off the top of a page that teaches players.
        """
        raw = self.raw_games[spec.id]
        statuses: dict[str, int] = {}
        for r in spec.rules:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        presets = ", ".join(
            f'<a href="{esc(href(page, f"{spec.id}/presets.md", p.name))}">{esc(p.name)}</a>' for p in spec.presets
        )
        sources = ", ".join(
            f'<a href="{esc(href(page, "sources.md", k))}">{esc(source_label(k))}</a>'
            for k in self._glance_sources(spec, raw)
        )
        rows = [
            ("Rules", f'<a href="{esc(href(page, f"{spec.id}/rules.md"))}">{len(spec.rules)}</a>'),
            ("Options", f'<a href="{esc(href(page, f"{spec.id}/options.md"))}">{len(spec.options)}</a>'),
            ("Rule sets", presets),
            ("Sources", sources),
            ("Status", esc(", ".join(f"{n} {s}" for s, n in statuses.items()))),
        ]
        body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        return f'<table class="engine-facts"><tbody>{body}</tbody></table>'

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
        # in players' words: the rule set's title, and each changed option as its question and answer
        title = next((p.title for p in spec.presets if p.name == preset), preset)
        label = title + "".join(
            f", {spec.option(k).title.lower()}: {spec.option(k).describe(v).rstrip('.').lower()}" for k, v in overrides
        )
        link = f'<a href="{esc(href(page, f"{spec.id}/presets.md", preset))}">{esc(label)}</a>'
        sets_text = f", {cfg.sets} sets" if cfg.sets > 1 else ""
        if winning:
            return f'<span class="verdict win">✓ winning under {link}{sets_text}</span>'
        distance = cfg.evaluator.distance(counts)
        away = "one tile to change to win" if distance == 1 else f"{distance} tiles to change to win"
        return f'<span class="verdict lose">✗ not winning under {link}{sets_text} ({away})</span>'

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
        by_id = {r.id: r for r in spec.rules}
        options = rel(page, f"{spec.id}/options.md")
        for ex in captures.EXAMPLES:
            # in players' words: the rules by their titles, the reading as its question and answer
            rules = ", ".join(f"[{by_id[r].title}]({rel(page, f'{spec.id}/rules.md')}#{r})" for r in ex.rules)
            readings = ", ".join(
                f"[{spec.option(k).title} ({v.replace('-', ' ')})]({options}#{k}.{v})" for k, v in ex.options.items()
            )
            out += [
                f"## {ex.title}",
                "",
                captures.render_example(ex, page, self.inline_html(ex.note, spec, page)),
                "",
                f"The rules: {rules}" + (f" · As read here: {readings}" if readings else ""),
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
            f"{total} points in all. The rules: [{by_id['ts.score'].title}]({rel(page, f'{spec.id}/rules.md')}#ts.score), "
            f"[{by_id['ts.end'].title}]({rel(page, f'{spec.id}/rules.md')}#ts.end).",
            "{: .rule-meta }",
        ]
        return "\n".join(out) + "\n"
