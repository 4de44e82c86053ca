"""The ambiguities page and the sources page."""

from __future__ import annotations

from gupai.core.options import DEFAULT_PRESET, resolve_options

from .common import (
    SEATS_NOTE,
    cell,
    plural,
    rel,
    source_label,
)
from .site_base import SiteBase, md_inline

__all__ = ["SourcesPages"]

#: The matrix is left out of the search index (loaded by every page): each
#: cell's words are on the option's own page, indexed there.
AMBIGUITIES_DIV = '<div class="ambiguities" markdown data-search-exclude>'


class SourcesPages(SiteBase):
    """The ambiguities page and the sources page."""

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
            "readings; the other rows are questions only one source answers, or none. " + SEATS_NOTE,
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
                AMBIGUITIES_DIV,
                "",
                "| Question | " + " | ".join(self.source_link(k, page) for k in columns) + " | Presets |",
                "| --- | " + " | ".join("---" for _ in columns) + " | --- |",
            ]
            defaults = resolve_options(spec.id)
            split = [o for o in spec.options if len({p.reading for p in o.positions if p.reading}) > 1]
            # the count goes just above this game's table
            at = len(out) - 1 - out[::-1].index(AMBIGUITIES_DIV)
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
                    f"{mark}<br><small>{cell(md_inline(option.question))}</small>"
                ]
                for key in columns:
                    position = positions.get(key)
                    if position is None:
                        row.append('<span class="silent">silent</span>')
                        continue
                    if position.silent:
                        head = '<span class="silent">silent</span>'
                    elif position.reading is None:
                        head = '<span class="silent">no reading</span>'
                    else:
                        head = self.option_link(spec, option.key, page, position.reading)
                        if len(readings) > 1:
                            head = f'<strong class="differs">{head}</strong>'
                    row.append(f"{head}<br><small>{cell(md_inline(position.says))}</small>")
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
                f"## {source_label(key)}: {md_inline(source.title)} {{ #{key} }}",
                "",
                f"**{md_inline(source.citation)}**",
                "",
                f"Key `{key}` · {md_inline(source.author)}" + (f" · {source.year}" if source.year else ""),
                "",
            ]
            if self.source_links(key):
                out += [
                    "**Read it:** " + " · ".join(f"[{label}]({url})" for label, url in self.source_links(key)),
                    "{: .source-links }",
                    "",
                ]
            if source.notes:
                out += [md_inline(" ".join(source.notes.split())), ""]
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
