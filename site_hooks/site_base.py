"""The site data every generated page reads: the specs, sources and scenarios, and the links between them.

Each family of generated pages is a mixin of :class:`SiteBase` in a module of its own (``page_tiles``,
``page_rules``, ``page_options``, ``page_sources``, ``page_overview``, ``page_schemas``);
:class:`site_hooks.pages.SiteData` joins them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gupai.core.spec import GameSpec, Source

from .common import (
    esc,
    href,
    ordered_sources,
    rel,
    source_label,
)
from .features import Scenario

__all__ = ["STATUS_TEXT", "SiteBase", "md_inline"]

STATUS_TEXT = {
    "executable": ("Executable", "The reference engine implements this rule and the tests run it."),
    "pending": ("Pending", "Specified, not yet implemented by the reference engine."),
    "retired": ("Retired", "No longer in force; the id stays reserved."),
}


def md_inline(text: str) -> str:
    """Escape text for inline markdown, keeping its `code` spans."""
    return text.replace("<", "&lt;").replace(">", "&gt;")


class SiteBase:
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

        text = re.sub(r"`([^`]+)`", code, md_inline(text))
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
