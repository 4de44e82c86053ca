"""The Gherkin scenarios of ``features/``, read and drawn as examples under their rules.

Scenarios name the rules they test with ``@rule:<rule id>`` tags and the
readings they need with ``@option:<key>=<value>`` tags; tags on a feature or a
``Rule:`` block apply to every scenario inside it. The files are parsed with
the official Gherkin parser, the one pytest-bdd uses, so the site reads
exactly what the tests run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserError
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from gupai.core.tiles import Tile

from .common import TILE_DIR, esc, href, rel

__all__ = ["Examples", "Scenario", "Step", "load_scenarios", "render_scenario"]

_TILE = r"[1-6]-[1-6]"
_BRACKETED = rf"\[{_TILE}\]"
#: A run of bracketed tiles in running text: "[6-6] [6-6] [6-4]", "[5-5]+[5-5]".
_RUN = re.compile(rf"{_BRACKETED}(?:[ \t]*[+,]?[ \t]*{_BRACKETED})*")
#: A table cell that is nothing but tiles, bracketed or not.
_TILES_ONLY = re.compile(rf"\[?{_TILE}\]?(?:[\s,+]+\[?{_TILE}\]?)*")
#: Column names under which bare faces ("6-4") are tiles.
_TILE_COLUMNS = re.compile(r"tile|hand|eye|pair|discard|drawn|laid|row", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Step:
    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    docstring: str | None = None


@dataclass(frozen=True, slots=True)
class Examples:
    name: str
    tags: tuple[str, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario with the tags it inherits and the background steps it runs after."""

    path: str
    line: int
    feature: str
    keyword: str
    name: str
    description: str
    tags: tuple[str, ...]
    background: tuple[Step, ...]
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t[len("@rule:") :] for t in self.tags if t.startswith("@rule:")))

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        found = []
        for tag in self.tags:
            if tag.startswith("@option:"):
                key, _, value = tag[len("@option:") :].partition("=")
                found.append((key, value))
        return tuple(dict.fromkeys(found))

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def anchor(self) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", f"{Path(self.path).stem}-{self.line}".lower()).strip("-")
        return f"ex-{slug}"


def _steps(raw: Iterable[Mapping[str, Any]]) -> tuple[Step, ...]:
    result = []
    for step in raw:
        table = tuple(
            tuple(str(c["value"]) for c in row["cells"]) for row in (step.get("dataTable") or {}).get("rows", ())
        )
        doc = step.get("docString")
        result.append(
            Step(
                keyword=str(step["keyword"]).strip(),
                text=str(step["text"]),
                table=table,
                docstring=None if doc is None else str(doc["content"]),
            )
        )
    return tuple(result)


def _tags(node: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(str(t["name"]) for t in node.get("tags", ()))


def _walk(
    children: Sequence[Mapping[str, Any]],
    *,
    path: str,
    feature: str,
    tags: tuple[str, ...],
    background: tuple[Step, ...],
) -> list[Scenario]:
    found: list[Scenario] = []
    for child in children:
        if "background" in child:
            background = background + _steps(child["background"].get("steps", ()))
        elif "rule" in child:
            rule = child["rule"]
            found += _walk(
                rule.get("children", ()),
                path=path,
                feature=feature,
                tags=tags + _tags(rule),
                background=background,
            )
        elif "scenario" in child:
            sc = child["scenario"]
            examples = tuple(
                Examples(
                    name=str(ex.get("name", "")),
                    tags=_tags(ex),
                    header=tuple(str(c["value"]) for c in (ex.get("tableHeader") or {}).get("cells", ())),
                    rows=tuple(tuple(str(c["value"]) for c in row["cells"]) for row in ex.get("tableBody", ())),
                )
                for ex in sc.get("examples", ())
            )
            found.append(
                Scenario(
                    path=path,
                    line=int(sc["location"]["line"]),
                    feature=feature,
                    keyword=str(sc["keyword"]).strip(),
                    name=str(sc["name"]).strip(),
                    description=" ".join(str(sc.get("description", "")).split()),
                    tags=tags + _tags(sc) + tuple(t for ex in examples for t in ex.tags),
                    background=background,
                    steps=_steps(sc.get("steps", ())),
                    examples=examples,
                )
            )
    return found


class FeatureError(ValueError):
    """A feature file the Gherkin parser rejects."""


def load_scenarios(features_dir: Path) -> list[Scenario]:
    """Every scenario of every ``*.feature`` file under ``features_dir`` (none if it is empty or missing)."""
    scenarios: list[Scenario] = []
    if not features_dir.is_dir():
        return scenarios
    parser = Parser()
    for file in sorted(features_dir.rglob("*.feature")):
        path = file.relative_to(features_dir.parent).as_posix()
        try:
            doc = parser.parse(TokenScanner(file.read_text(encoding="utf-8")))
        except (CompositeParserException, ParserError) as error:
            raise FeatureError(f"{path}: {error}") from None
        feature = doc.get("feature")
        if not feature:
            continue
        scenarios += _walk(
            feature.get("children", ()),
            path=path,
            feature=str(feature.get("name", "")).strip(),
            tags=_tags(feature),
            background=(),
        )
    return scenarios


# ------------------------------------------------------------------ rendering
def _with_tiles(text: str, page_src: str) -> str:
    """Escape a step's text, drawing the tiles of every run of bracketed faces after it."""
    out = []
    pos = 0
    for match in _RUN.finditer(text):
        out.append(esc(text[pos : match.start()]))
        # each face kept whole on a narrow screen: "[3-1]", never "[3-" and "1]"
        out.append(re.sub(r"(\[[1-6]-[1-6]\])", r'<span class="face">\1</span>', esc(match.group(0))))
        out.append(" " + _tile_slot(re.findall(_TILE, match.group(0))))
        pos = match.end()
    out.append(esc(text[pos:]))
    return "".join(out)


def _tile_slot(faces: Iterable[str]) -> str:
    """Where an example's tiles go: drawn by the page's script when the example is first opened.

    A rule reference page holds thousands of tiles in its examples, nearly all of them closed; the
    faces are printed beside the slot, so nothing is lost before the pictures come.

    >>> _tile_slot(["4-6", "1-1"])
    '<span class="tiles" data-tiles="6-4 1-1"></span>'
    """
    return f'<span class="tiles" data-tiles="{" ".join(Tile.parse(f).face for f in faces)}"></span>'


def _cell_html(value: str, page_src: str, *, tile_column: bool) -> str:
    stripped = value.strip()
    bracketed = bool(stripped) and _RUN.fullmatch(stripped) is not None
    if bracketed or (tile_column and stripped and _TILES_ONLY.fullmatch(stripped)):
        faces = re.findall(_TILE, stripped)
        # each face kept whole on a narrow screen, as in a step's text
        code = re.sub(r"(\[[1-6]-[1-6]\])", r'<span class="face">\1</span>', esc(value))
        return f"<code>{code}</code> {_tile_slot(faces)}"
    return _with_tiles(value, page_src)


def _table_html(rows: Sequence[Sequence[str]], page_src: str, *, header: bool) -> str:
    parts = ['<table class="gherkin-table">']
    body = list(rows)
    names: Sequence[str] = ()
    if header and body:
        names = body[0]
        parts.append("<thead><tr>" + "".join(f"<th>{esc(c)}</th>" for c in names) + "</tr></thead>")
        body = body[1:]
    tile_columns = [bool(_TILE_COLUMNS.search(name)) for name in names]
    parts.append("<tbody>")
    for row in body:
        cells = (
            _cell_html(c, page_src, tile_column=i < len(tile_columns) and tile_columns[i]) for i, c in enumerate(row)
        )
        parts.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _steps_html(steps: Sequence[Step], page_src: str, *, css: str) -> str:
    parts = [f'<ol class="steps {css}">']
    for step in steps:
        parts.append(f'<li><span class="kw">{esc(step.keyword)}</span> {_with_tiles(step.text, page_src)}')
        if step.table:
            # Gherkin data tables have no header row of their own; a first row
            # of names is the common use, so draw it as one.
            parts.append(_table_html(step.table, page_src, header=len(step.table) > 1))
        if step.docstring is not None:
            # One line of HTML: a newline would end the raw block in markdown and break the page.
            text = esc(step.docstring).replace("\n", "&#10;")
            parts.append(f'<pre class="docstring"><code>{text}</code></pre>')
        parts.append("</li>")
    parts.append("</ol>")
    return "".join(parts)


def render_scenario(scenario: Scenario, page_src: str, *, option_page: str, rules_page: str) -> str:
    """One scenario as an HTML block (option tags link to ``option_page``)."""
    chips = []
    for key, value in scenario.options:
        chips.append(
            f'<a class="chip chip-option" href="{esc(href(page_src, option_page, f"{key}.{value}"))}">'
            f"{esc(key)}={esc(value)}</a>"
        )
    for rule in scenario.rules:
        chips.append(f'<a class="chip chip-rule" href="{esc(href(page_src, rules_page, rule))}">{esc(rule)}</a>')
    other = [t for t in scenario.tags if not t.startswith(("@rule:", "@option:"))]
    chips += [f'<span class="chip">{esc(t)}</span>' for t in dict.fromkeys(other)]
    parts = [
        # The whole example is left out of the site's search index (loaded by every page): the rule
        # texts and the questions page answer what a search looks for. The mark sits on the example
        # itself, with none inside it: the index's reader ends an exclusion at the first nested close.
        f'<details class="scenario" id="{esc(scenario.anchor)}" data-search-exclude '
        f'data-tiles-dir="{esc(rel(page_src, TILE_DIR))}">',
        '<summary class="scenario-head">'
        f"<strong>{esc(scenario.name)}</strong>"
        # the feature file's place only as the link's hover title: a reader needs the example, not the file
        f'<a class="scenario-link" href="#{esc(scenario.anchor)}" '
        f'title="Link to this example ({esc(scenario.where)})">¶</a></summary>',
        f'<p class="scenario-meta">{" ".join(chips)}</p>',
    ]
    if scenario.description:
        parts.append(f'<p class="scenario-description">{esc(scenario.description)}</p>')
    if scenario.background:
        parts.append(_steps_html(scenario.background, page_src, css="background"))
    parts.append(_steps_html(scenario.steps, page_src, css="main"))
    for examples in scenario.examples:
        title = "Examples" + (f": {examples.name}" if examples.name else "")
        parts.append(f'<p class="examples-head">{esc(title)}</p><div>')
        parts.append(_table_html([examples.header, *examples.rows], page_src, header=True) + "</div>")
    parts.append("</details>")
    return "".join(parts)
