"""Each game's options page and presets page."""

from __future__ import annotations

from gupai.core.options import DEFAULT_PRESET, resolve_options
from gupai.core.spec import GameSpec, OptionSpec

from .common import (
    SEATS_NOTE,
    cell,
    rel,
)
from .site_base import SiteBase, md_inline

__all__ = ["OptionsPages"]


class OptionsPages(SiteBase):
    """Each game's options page and presets page."""

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
            f"[ambiguities table](../ambiguities.md#{spec.id}) puts the sources side by side. {SEATS_NOTE}",
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
        title = md_inline(option.title).replace('"', "&quot;")
        out = [
            f'## <code class="option-key">{option.key}</code> {md_inline(option.title)} '
            f'{{ #{option.key} data-toc-label="{title}" }}',
            "",
            f"**{md_inline(option.question)}**",
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
                    f"    | {self.source_link(position.source, page)} | {reading} | {cell(md_inline(position.says))} |"
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
            "marked. " + SEATS_NOTE,
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
            inert = dict(preset.no_effect)
            differs = [k for k in values if values[k] != defaults.get(k) and k not in inert]
            out += [
                f"## {md_inline(preset.title)} {{ #{preset.name} }}",
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
            moot = [k for k in inert if values[k] != defaults.get(k)]
            if moot:
                out += [
                    "No effect here (listed apart from the differences): "
                    + "; ".join(
                        f"{self.option_link(spec, k, page)} = {self.option_link(spec, k, page, values[k])}, "
                        f"{md_inline(inert[k])}"
                        for k in moot
                    )
                    + ".",
                    "",
                ]
        return "\n".join(out) + "\n"
