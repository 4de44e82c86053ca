"""The mkdocs hook that builds the rules site from spec/, features/ and schemas/.

Loaded by ``hooks:`` in mkdocs.yml. At build time it

- loads the spec through the gupai package (``game_spec``, ``sources``,
  ``kinds``, ``PairRules``, ``resolve_options``, the hand evaluator), checks
  that every rule, option, value and preset has its text, and fails the build
  if one does not;
- reads every scenario of ``features/**/*.feature`` and fails on a tag that
  names no rule or no option value;
- generates the rules, options, presets, tiles, pairs, ambiguities, sources,
  rule index and schema pages, the tile pictures (``gupai.render.svg``), and copies
  ``schemas/*.json`` to ``schemas/`` in the site;
- generates the questions page from ``spec/questions.yaml`` (``site_hooks.questions``);
- expands ``[[6-4]]`` tiles and ``<!-- gupai:... -->`` blocks in hand-written
  pages (among them ``gupai:wall SAMPLE``, ``gupai:turn-example SAMPLE`` and
  ``gupai:sample-game SAMPLE``, a sample game's deal drawn, one turn step by step
  and the whole game, SAMPLE a key of ``site_hooks.sample.SAMPLES``;
  ``gupai:players-note``, how players are numbered; and
  ``gupai:rules-box GAME ID...``, the box for engine authors at a how-to-play
  page's foot: the game's counts, rule sets and sources, and the rules it teaches);
- makes the 404 page's links relative (its template, ``theme/404.html``, finds
  the site's root at any depth and sets ``<base>`` to it);
- after the build, fails if a rule, option, value, preset or source has no
  anchor on the site, if a link or picture is broken, or if a page would
  fetch anything from another host.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import yaml  # noqa: E402
from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from gupai.core.resources import data_dir  # noqa: E402
from gupai.core.spec import GameSpec, game_spec, games, sources  # noqa: E402
from gupai.core.tiles import kinds  # noqa: E402
from gupai.render.svg import tile_svg  # noqa: E402
from site_hooks import checks  # noqa: E402
from site_hooks.common import (  # noqa: E402
    ALT_STYLE,
    ALT_TILE_DIR,
    PLAYERS_NOTE,
    SITE_STYLE,
    TILE_DIR,
    expand_tile_tokens,
    rel,
)
from site_hooks.features import FeatureError, load_scenarios  # noqa: E402
from site_hooks.howto import rules_box, tsung_deal_block, turn_example, wall_block  # noqa: E402
from site_hooks.markup import check_site_markup  # noqa: E402
from site_hooks.pages import SiteData  # noqa: E402
from site_hooks.play import (  # noqa: E402
    FOUR_TILE_HOWTO,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    Runtime,
    kit_zip,
    play_pages,
    pyodide_dir,
    try_it,
)
from site_hooks.questions import load_questions, questions_page  # noqa: E402
from site_hooks.sample import SAMPLES, sample_html  # noqa: E402
from site_hooks.viewer import CorpusLog, corpus_files, corpus_logs, sample_logs, viewer_page  # noqa: E402

log = logging.getLogger("mkdocs.hooks.gupai_site")

_MARKER = re.compile(r"<!--\s*gupai:([a-z-]+)\s*([^>]*?)\s*-->")


class _Build:
    """What one build knows: the site data, and the anchors each page ended up with."""

    data: SiteData
    ids: dict[str, set[str]]
    corpus: list[CorpusLog]
    runtime: Runtime

    def __init__(self, data: SiteData, corpus: list[CorpusLog], runtime: Runtime | None = None) -> None:
        self.data = data
        self.ids = {}
        self.corpus = corpus
        self.runtime = runtime if runtime is not None else Runtime(None, "not looked for")


_build: _Build | None = None


def _state() -> _Build:
    if _build is None:  # pragma: no cover - mkdocs always runs on_config first
        raise PluginError("the gupai site hook ran without on_config")
    return _build


def _fail(what: str, problems: list[str]) -> None:
    if problems:
        listed = "\n  - ".join(problems)
        raise PluginError(f"gupai site: {what}:\n  - {listed}")


# ---------------------------------------------------------------- on_config
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load and check the spec and the scenarios."""
    global _build
    game_spec.cache_clear()  # `mkdocs serve` rebuilds in the same process
    sources.cache_clear()
    specs: list[GameSpec] = [game_spec(g) for g in games()]
    known = sources()
    _fail("spec entries without text or with dangling references", checks.check_spec_texts(specs, known))
    try:
        scenarios = load_scenarios(data_dir("features"))
    except FeatureError as error:
        raise PluginError(f"gupai site: {error}") from None
    except FileNotFoundError:
        scenarios = []
    raw_games = {s.id: yaml.safe_load(s.path.read_text(encoding="utf-8")) for s in specs}
    raw_sources_doc: dict[str, Any] = yaml.safe_load((data_dir("spec") / "sources.yaml").read_text(encoding="utf-8"))
    raw_sources = {entry["key"]: entry for entry in raw_sources_doc.get("sources", ())}
    try:
        schema_dir = data_dir("schemas")
    except FileNotFoundError:
        schema_dir = _ROOT / "schemas"
    data = SiteData(specs, known, scenarios, schema_dir, raw_games, raw_sources)
    _fail("scenario tags that match nothing in spec/", data.scenario_problems())
    try:
        corpus = corpus_logs(data_dir("conformance"))
    except FileNotFoundError:
        corpus = []
    try:
        corpus = sample_logs(s.id for s in specs) + corpus
    except ValueError as error:
        raise PluginError(f"gupai site: {error}") from None
    runtime = pyodide_dir()
    if runtime.directory is None:  # said whatever the log level: the Play pages then say how to play in a terminal
        print(
            f"gupai site: the Play pages cannot run the engine (Pyodide {PYODIDE_VERSION}: {runtime.reason}); "
            "they explain how to play in a terminal",
            file=sys.stderr,
        )
    _build = _Build(data, corpus, runtime)
    log.info("gupai: %d games, %d scenarios", len(specs), len(scenarios))
    return config


# ----------------------------------------------------------------- on_files
def _generated_pages(data: SiteData) -> dict[str, Callable[[], str]]:
    pages: dict[str, Callable[[], str]] = {
        "tiles.md": data.tiles_page,
        "pairs.md": data.pairs_page,
        "ambiguities.md": data.ambiguities_page,
        "sources.md": data.sources_page,
        "engine/rule-index.md": data.rule_index_page,
        "engine/schemas.md": data.schemas_page,
        "questions.md": partial(_questions, data),
    }
    for spec in data.specs:
        pages[f"{spec.id}/rules.md"] = partial(data.rules_page, spec)
        pages[f"{spec.id}/options.md"] = partial(data.options_page, spec)
        pages[f"{spec.id}/presets.md"] = partial(data.presets_page, spec)
    if "tsung-shap" in data.by_id:
        pages["tsung-shap/captures.md"] = data.captures_page
    return pages


def _questions(data: SiteData) -> str:
    doc = yaml.safe_load((data_dir("spec") / "questions.yaml").read_text(encoding="utf-8"))
    return questions_page(load_questions(doc, data.specs), data.specs)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages, the tile pictures, the published schemas and the viewer's corpus."""
    build = _state()
    data = build.data
    pages = _generated_pages(data)
    pages["viewer.md"] = partial(viewer_page, build.corpus)
    pages.update(play_pages(data.specs, build.runtime))
    for src, make in pages.items():
        if files.get_file_from_path(src) is not None:
            raise PluginError(f"gupai site: docs/{src} is generated from spec/; remove the hand-written copy")
        try:
            content = make()
        except (ValueError, KeyError) as error:
            raise PluginError(f"gupai site: cannot generate {src}: {error}") from None
        files.append(File.generated(config, src, content=content))
    for kind in kinds():
        files.append(
            File.generated(config, f"{TILE_DIR}/{kind.face}.svg", content=tile_svg(kind.face, style=SITE_STYLE))
        )
        files.append(
            File.generated(config, f"{ALT_TILE_DIR}/{kind.face}.svg", content=tile_svg(kind.face, style=ALT_STYLE))
        )
    files.append(File.generated(config, "assets/logo.svg", content=tile_svg("6-6", style=SITE_STYLE, title="gupai")))
    for schema in data.schema_files():
        files.append(File.generated(config, f"schemas/{schema.name}", abs_src_path=str(schema)))
    for name, text in corpus_files(build.corpus, data.specs).items():
        files.append(File.generated(config, name, content=text))
    if build.runtime.directory is not None:  # the Play pages' engine: the runtime and the kit, files of the site
        for name in PYODIDE_FILES:
            files.append(
                File.generated(config, f"assets/pyodide/{name}", abs_src_path=str(build.runtime.directory / name))
            )
        files.append(File.generated(config, "assets/play/gupai-kit.zip", content=kit_zip()))
    return files


# --------------------------------------------------------- on_page_markdown
def _expand_marker(data: SiteData, name: str, arg: str, page_src: str) -> str:
    if name in ("glance", "hands"):
        if arg not in data.by_id:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:{name} {arg} --> names no game")
        spec = data.by_id[arg]
        return data.glance_block(spec, page_src) if name == "glance" else data.hands_block(spec, page_src)
    if name == "status":
        if arg not in data.by_id:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:status {arg} --> names no game")
        return data.status_block(data.by_id[arg])
    if name == "sample-game":
        if arg not in SAMPLES:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:sample-game {arg} --> names no sample game")
        return sample_html(arg, page_src)
    if name == "tile-values":
        if arg not in data.by_id:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:tile-values {arg} --> names no game")
        return data.tile_values_block(data.by_id[arg], page_src)
    if name == "turn-example":
        if arg not in SAMPLES:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:turn-example {arg} --> names no sample game")
        block = turn_example(arg, page_src)
        if not block:
            raise PluginError(f"gupai site: {page_src}: the {arg} sample game has no turn to show")
        return block
    if name == "wall":
        if arg not in SAMPLES:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:wall {arg} --> names no sample game")
        game = SAMPLES[arg].game
        return tsung_deal_block(arg, page_src) if game == "tsung-shap" else wall_block(data.by_id[game], arg, page_src)
    if name == "rules-box":
        game, _, rest = arg.partition(" ")
        if game not in data.by_id:
            raise PluginError(f"gupai site: {page_src}: <!-- gupai:{name} {arg} --> names no game")
        spec = data.by_id[game]
        return rules_box(spec, page_src, rest.split(), facts=data.engine_facts(spec, page_src))
    if name == "players-note":
        return PLAYERS_NOTE + "\n"
    if name == "coverage":
        return data.coverage_block(page_src)
    if name == "games":
        return _games_block(data, page_src)
    if name == "schema":
        prefixes = arg.split()
        matches = [f for f in data.schema_files() if any(f.name.startswith(p) for p in prefixes)]
        if not matches:
            names = " or ".join(f"`schemas/{p}*.json`" for p in prefixes)
            return (
                f'!!! info "Schema not published yet"\n    No {names} exists yet; this section '
                "will show it as soon as it lands.\n"
            )
        return "\n\n".join(data.schema_block(f, page_src, level=3) for f in matches) + "\n"
    if name == "schema-list":
        files = data.schema_files()
        if not files:
            return "No schema has been published yet.\n"
        return (
            "\n".join(f"- [`schemas/{f.name}`]({rel(page_src, 'engine/schemas.md')}#{_slug(f.stem)})" for f in files)
            + "\n"
        )
    raise PluginError(f"gupai site: {page_src}: unknown marker <!-- gupai:{name} -->")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _games_block(data: SiteData, page_src: str) -> str:
    cards = []
    for spec in data.specs:
        link = rel(page_src, f"{spec.id}/index.md")
        cards.append(
            f"-   **[{spec.name}]({link})** <span lang='zh'>{spec.chinese}</span>\n\n"
            f"    ---\n\n    {spec.summary}\n\n"
            f"    [How to play]({link}) · [Rule reference]({rel(page_src, f'{spec.id}/rules.md')}) · "
            f"[Options]({rel(page_src, f'{spec.id}/options.md')}) · "
            f"[Presets]({rel(page_src, f'{spec.id}/presets.md')})\n"
        )
    return '<div class="grid cards" markdown>\n\n' + "\n".join(cards) + "\n</div>\n"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Expand ``<!-- gupai:... -->`` blocks and ``[[6-4]]`` tiles."""
    data = _state().data
    src = page.file.src_uri
    try:
        markdown = _MARKER.sub(lambda m: _expand_marker(data, m.group(1), m.group(2).strip(), src), markdown)
    except ValueError as error:
        raise PluginError(f"gupai site: {src}: {error}") from None
    game, _, name = src.partition("/")
    if name == "index.md" and game in data.by_id:  # each how-to-play page: "try it" on its Play page
        markdown = try_it(markdown, data.by_id[game])
    elif src == FOUR_TILE_HOWTO:  # the four-tile variant's how-to-play page: "try it" on its own Play page
        markdown = try_it(markdown, data.by_id[game], four_tile=True)
    return expand_tile_tokens(markdown, src)


# ---------------------------------------------------------- on_page_content
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    _state().ids[page.file.src_uri] = checks.ids_in_html(html)
    return html


# ------------------------------------------------------------ on_post_build
def _missing_anchors(build: _Build) -> list[str]:
    data = build.data
    wanted: dict[str, list[str]] = {
        "sources.md": list(data.sources),
        "tiles.md": [f"tile-{k.face}" for k in kinds()],
    }
    for spec in data.specs:
        wanted[f"{spec.id}/rules.md"] = [r.id for r in spec.rules]
        wanted[f"{spec.id}/options.md"] = [o.key for o in spec.options] + [
            f"{o.key}.{v}" for o in spec.options for v in o.values
        ]
        wanted[f"{spec.id}/presets.md"] = [p.name for p in spec.presets]
        wanted.setdefault("ambiguities.md", []).append(spec.id)
    for scenario in data.scenarios:
        main = data.main_rule(scenario)
        if main is not None:
            wanted.setdefault(f"{data.rule_game[main]}/rules.md", []).append(scenario.anchor)
    problems = []
    for page, anchors in wanted.items():
        ids = build.ids.get(page)
        if ids is None:
            problems.append(f"{page} was not built (is it in the nav?)")
            continue
        problems += [f"{page} has no anchor #{a}" for a in anchors if a not in ids]
    return problems


_ROOTED = re.compile(r'((?:href|src)=")/(?!/)')


def _relative_404(page: Path) -> None:
    """Make the links of the 404 page relative: mkdocs roots them (and the search's base) at "/", which breaks under a sub-path.

    The page sits at the site's root, so "/x" becomes "./x".
    """
    if page.is_file():
        text = _ROOTED.sub(r"\1./", page.read_text(encoding="utf-8"))
        text = re.sub(r'"base":\s*"/"', '"base": "."', text)
        page.write_text(text.replace('__md_scope=new URL("/"', '__md_scope=new URL("."'), encoding="utf-8")


def on_post_build(config: MkDocsConfig) -> None:
    """Fail on spec entries with no place on the site, broken links, or external requests."""
    build = _state()
    site_dir = Path(config.site_dir)
    _relative_404(site_dir / "404.html")
    _fail("spec entries with no place on the site", _missing_anchors(build))
    _fail("broken links", checks.check_links(site_dir))
    _fail("requests to other hosts", checks.check_no_external_requests(site_dir))
    _fail("pages with tags out of place", check_site_markup(site_dir))
