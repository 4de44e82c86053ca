"""Each game's rule reference, the rule index and its coverage block."""

from __future__ import annotations

import re

from gupai.core.options import DEFAULT_PRESET
from gupai.core.spec import GameSpec, RuleSpec

from .common import (
    SEATS_NOTE,
    cell,
    esc,
    href,
    plural,
    rel,
)
from .features import Scenario, render_scenario
from .site_base import STATUS_TEXT, SiteBase, md_inline

__all__ = ["RulesPages"]


class RulesPages(SiteBase):
    """Each game's rule reference, the rule index and its coverage block."""

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
            "see it move by move; a rule that an example also touches links to it. " + SEATS_NOTE,
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
        title = md_inline(rule.title).replace('"', "&quot;")
        badges = [f'<span class="badge status-{esc(rule.status)}" title="{esc(expl)}">{esc(label)}</span>']
        if rule.implementation_defined:
            badges.append(
                '<span class="badge status-impl" title="No source says; the project decided.">'
                "Implementation-defined</span>"
            )
        out = [
            f'## <span class="rule-id">{rule.id}</span> {md_inline(rule.title)} '
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
                f"> *“{md_inline(quote)}”*",
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
            blocks.append(
                '<div class="also-shown" data-search-exclude><p>Also shown by:</p><ul>' + "".join(links) + "</ul></div>"
            )
        if blocks:
            # each block is left out of the search index on its own (see features.render_scenario)
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
                    f"| {self.rule_link(rule.id, page)} | {cell(md_inline(rule.title))} | {status} | "
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
