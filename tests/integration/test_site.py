"""The rules site's build hook: its checks fail the build on what they should, and the built site is whole.

The unit tests here run the hook's pieces directly; the last group reads a
strict build of the site (see ``tests/site_build.py``).
"""

from __future__ import annotations

import doctest
import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from site_hooks import captures, checks, common, features
from site_hooks.pages import SiteData

from gupai.core.spec import game_spec, games, sources
from tests.site_build import ROOT, built_site

SPECS = [game_spec(g) for g in games()]


def site_data(scenarios: list[features.Scenario] | None = None) -> SiteData:
    raw_games = {s.id: yaml.safe_load(s.path.read_text(encoding="utf-8")) for s in SPECS}
    raw_sources = {e["key"]: e for e in yaml.safe_load((ROOT / "spec" / "sources.yaml").read_text())["sources"]}
    return SiteData(SPECS, sources(), scenarios or [], ROOT / "schemas", raw_games, raw_sources)


def test_helper_doctests() -> None:
    for module in (common, features, captures, checks):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0, module.__name__


# ------------------------------------------------------------ spec checks
def test_the_spec_has_every_text_it_needs() -> None:
    assert checks.check_spec_texts(SPECS, sources()) == []


def test_a_rule_without_text_fails(tmp_path: Path) -> None:
    spec = game_spec("kap-shap")
    raw = yaml.safe_load(spec.path.read_text(encoding="utf-8"))
    raw["rules"][0]["text"] = None
    raw["options"]["take"]["values"]["latest"] = ""
    raw["presets"]["pagat"]["text"] = " "
    broken_file = tmp_path / "kap-shap.yaml"
    broken_file.write_text(yaml.safe_dump(raw), encoding="utf-8")
    broken = replace(spec, path=broken_file, rules=(replace(spec.rules[0], sources=("nobody",)), *spec.rules[1:]))
    problems = checks.check_spec_texts([broken], sources())
    first = spec.rules[0].id
    assert f"games/kap-shap.yaml: rule {first} has no text" in problems
    assert "games/kap-shap.yaml: value latest of option take has no text" in problems
    assert "games/kap-shap.yaml: preset pagat has no text" in problems
    assert f"games/kap-shap.yaml: rule {first} cites unknown source 'nobody'" in problems


def test_a_program_name_in_a_spec_text_fails(tmp_path: Path) -> None:
    # navpil's Java names, as the texts once had them: a player reads words, not a program
    spec = game_spec("kap-shap")
    raw = yaml.safe_load(spec.path.read_text(encoding="utf-8"))
    raw["rules"][0]["text"] += " (navpil's flag continueAfterDominoesEnd)"
    raw["options"]["take"]["positions"]["navpil"]["says"] = "KapShapRuleset.Offer: ALL in culin."
    raw["presets"]["culin"]["text"] += " As TsungShapRuleSet.getPoints() does."
    broken_file = tmp_path / "kap-shap.yaml"
    broken_file.write_text(yaml.safe_dump(raw), encoding="utf-8")
    problems = checks.check_spec_texts([replace(spec, path=broken_file)], sources())
    assert problems == [
        "games/kap-shap.yaml: rules[0].text names 'continueAfterDominoesEnd', a program's name: say in words what it does",
        "games/kap-shap.yaml: options.take.positions.navpil.says names 'KapShapRuleset.Offer', a program's name: "
        "say in words what it does",
        "games/kap-shap.yaml: presets.culin.text names 'TsungShapRuleSet.getPoints', a program's name: "
        "say in words what it does",
    ]


def test_a_preset_missing_an_option_fails() -> None:
    spec = game_spec("kap-shap")
    preset = spec.presets[1]
    short = replace(preset, values=preset.values[1:])
    broken = replace(spec, presets=(spec.presets[0], short, *spec.presets[2:]))
    problems = checks.check_spec_texts([broken], sources())
    assert any(f"preset {preset.name} fixes no value for {preset.values[0][0]}" in p for p in problems)


# --------------------------------------------------------------- features
FEATURE = """\
@rule:ks.pair.ten
Feature: Pairs
  Background:
    Given the game kap-shap with preset culin

  @option:pair-set=printed
  Scenario Outline: A printed pair
    When the player holds <hand>
    Then the pair is legal

    Examples:
      | hand        |
      | [6-6] [6-2] |

  Rule: Eyes
    @rule:ks.eye
    Scenario: An eye
      When the player holds [6-6] [6-6]
        | tile  | count |
        | [6-6] | 2     |
      Then it is an eye
"""


def test_scenarios_inherit_tags_and_backgrounds(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "pairs.feature").write_text(FEATURE, encoding="utf-8")
    found = features.load_scenarios(tmp_path / "features")
    assert [s.name for s in found] == ["A printed pair", "An eye"]
    outline, eye = found
    assert outline.rules == ("ks.pair.ten",) and outline.options == (("pair-set", "printed"),)
    assert eye.rules == ("ks.pair.ten", "ks.eye")
    assert [s.text for s in eye.background] == ["the game kap-shap with preset culin"]
    assert outline.examples[0].rows == (("[6-6] [6-2]",),)
    assert eye.steps[0].table == (("tile", "count"), ("[6-6]", "2"))
    html = features.render_scenario(eye, "kap-shap/rules.md", option_page="kap-shap/options.md", rules_page="x.md")
    # the tiles of the step and of its table, drawn by the page's script when the example opens
    assert html.count('<span class="tiles" data-tiles="6-6 6-6">') == 1 and html.count('data-tiles="6-6"') == 1
    assert 'data-tiles-dir="../assets/tiles"' in html
    # the feature file named only in the example link's hover title, out of a reader's way
    assert re.search(r'<a class="scenario-link" [^>]*title="Link to this example \(features/pairs.feature:\d+\)"', html)
    assert 'class="where"' not in html


def test_no_features_is_fine(tmp_path: Path) -> None:
    assert features.load_scenarios(tmp_path / "missing") == []
    (tmp_path / "empty").mkdir()
    assert features.load_scenarios(tmp_path / "empty") == []


def test_a_broken_feature_names_its_file(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "bad.feature").write_text(
        "Feature: x\n  Scenario: y\n    Given a\n    | a |\n    | b | c |\n"
    )
    with pytest.raises(features.FeatureError, match=r"bad\.feature"):
        features.load_scenarios(tmp_path / "features")


def test_tags_that_match_nothing_fail(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    text = FEATURE.replace("@rule:ks.eye", "@rule:ks.nonsense").replace("pair-set=printed", "pair-set=maybe")
    (tmp_path / "features" / "pairs.feature").write_text(text, encoding="utf-8")
    problems = site_data(features.load_scenarios(tmp_path / "features")).scenario_problems()
    assert any("@rule:ks.nonsense names no rule" in p for p in problems)
    assert any("@option:pair-set=maybe is no option value" in p for p in problems)


def test_the_project_scenarios_all_match_the_spec() -> None:
    assert site_data(features.load_scenarios(ROOT / "features")).scenario_problems() == []


# --------------------------------------------------------------- captures
def test_capture_examples_follow_the_rules() -> None:
    for example in captures.EXAMPLES:
        assert captures.check_example(example) == [], example.title
    wrong = replace(captures.EXAMPLES[2], points=30)
    assert captures.check_example(wrong) == [f"{wrong.title}: scores 20, not 30"]
    middle = replace(captures.EXAMPLES[0], takes=(1,))
    assert captures.check_example(middle)  # [3-3] is not an end tile, nor a [4-4]


def test_the_worked_example_makes_280() -> None:
    _html, total = captures.render_pile("tsung-shap/captures.md")
    assert total == 280


# ------------------------------------------------------------ link checks
def test_link_checker_finds_broken_links_and_anchors(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<h1 id="top">A</h1><a href="b.html#there">b</a><img src="missing.svg">')
    (tmp_path / "b.html").write_text('<p id="here">B</p><a href="a.html#top">a</a><a href="https://example.org">x</a>')
    problems = checks.check_links(tmp_path)
    assert problems == ["a.html: link 'b.html#there' names a missing anchor", "a.html: broken link 'missing.svg'"]


def test_external_request_checker(tmp_path: Path) -> None:
    (tmp_path / "ok.html").write_text('<a href="https://pagat.com">pagat</a><script src="assets/x.js"></script>')
    (tmp_path / "bad.html").write_text('<script src="https://unpkg.com/x"></script>')
    (tmp_path / "font.css").write_text("@import url(//fonts.googleapis.com/css?family=Roboto);")
    problems = checks.check_no_external_requests(tmp_path)
    assert [p.split(":")[0] for p in problems] == ["bad.html", "font.css"]


# ------------------------------------------------------------ built site
def page(name: str) -> str:
    return (built_site() / name).read_text(encoding="utf-8")


@pytest.mark.slow
def test_every_rule_has_an_anchor_with_its_id_visible() -> None:
    for spec in SPECS:
        html = page(f"{spec.id}/rules.html")
        for rule in spec.rules:
            assert f'id="{rule.id}"' in html, rule.id
            assert f'<span class="rule-id">{rule.id}</span>' in html, rule.id


@pytest.mark.slow
def test_every_option_value_and_preset_has_its_place() -> None:
    for spec in SPECS:
        options = page(f"{spec.id}/options.html")
        presets = page(f"{spec.id}/presets.html")
        for option in spec.options:
            assert f'id="{option.key}"' in options
            for value in option.values:
                assert f'id="{option.key}.{value}"' in options
        for preset in spec.presets:
            assert f'id="{preset.name}"' in presets


@pytest.mark.slow
def test_every_scenario_is_shown_once_under_its_main_rule_and_linked_from_the_others() -> None:
    scenarios = features.load_scenarios(ROOT / "features")
    rule_game = {r.id: s.id for s in SPECS for r in s.rules}
    pages = {spec.id: page(f"{spec.id}/rules.html") for spec in SPECS}
    for scenario in scenarios:
        main, *others = scenario.rules
        # (anchors are unique within a page: features/kap-shap/deal.feature:10 and
        # features/kap-tai-shap/deal.feature:10 are both #ex-deal-10, on two pages)
        assert pages[rule_game[main]].count(f'id="{scenario.anchor}"') == 1, scenario.where
        for rule in others:
            html = pages[rule_game[rule]]
            section = html[html.index(f'id="{rule}"') :]
            section = section[: section.find("<h2", 1)]
            assert f'#{scenario.anchor}"' in section, (scenario.where, rule)


@pytest.mark.slow
def test_the_rule_reference_opens_as_a_reference() -> None:
    for spec in SPECS:
        html = page(f"{spec.id}/rules.html")
        assert f"{spec.name}: rule reference" in html
        assert "permanent id" not in html and "Gherkin" not in html
        assert html.count("<details") == html.count('<details class="scenario"')  # one way to show examples


@pytest.mark.slow
def test_tiles_page_draws_all_21_kinds() -> None:
    html = page("tiles.html")
    drawn = set(re.findall(r'src="assets/tiles/([1-6]-[1-6])\.svg"', html))
    assert len(drawn) == 21
    for face in drawn:
        svg = (built_site() / "assets" / "tiles" / f"{face}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and f'data-tile="{face}"' in svg


@pytest.mark.slow
def test_schemas_are_published_at_stable_paths() -> None:
    for schema in sorted((ROOT / "schemas").glob("*.json")):
        published = built_site() / "schemas" / schema.name
        assert json.loads(published.read_text(encoding="utf-8")) == json.loads(schema.read_text(encoding="utf-8"))
        title = json.loads(schema.read_text(encoding="utf-8")).get("title", schema.name)
        assert str(title).split()[0] in page("engine/schemas.html")


@pytest.mark.slow
def test_no_page_requests_anything_from_another_host() -> None:
    assert checks.check_no_external_requests(built_site()) == []
    assert checks.check_links(built_site()) == []
    html = page("index.html")
    assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html
    assert (built_site() / "search" / "search_index.js").is_file()  # the offline plugin's search index


@pytest.mark.slow
def test_ambiguities_put_every_option_of_every_game_side_by_side() -> None:
    html = page("ambiguities.html")
    for spec in SPECS:
        for option in spec.options:
            assert f'href="{spec.id}/options.html#{option.key}"' in html
    assert "silent" in html


def test_a_rule_with_no_anchor_fails_the_build() -> None:
    from site_hooks import gupai_site

    data = site_data()
    build = gupai_site._Build(data, [])
    for spec in SPECS:
        build.ids[f"{spec.id}/rules.md"] = {r.id for r in spec.rules}
        build.ids[f"{spec.id}/options.md"] = {o.key for o in spec.options} | {
            f"{o.key}.{v}" for o in spec.options for v in o.values
        }
        build.ids[f"{spec.id}/presets.md"] = {p.name for p in spec.presets}
    build.ids["sources.md"] = set(data.sources)
    build.ids["tiles.md"] = {f"tile-{face}" for face in ("6-6",)}
    build.ids["ambiguities.md"] = {s.id for s in SPECS}
    dropped = SPECS[0].rules[3].id
    build.ids[f"{SPECS[0].id}/rules.md"].discard(dropped)
    problems = gupai_site._missing_anchors(build)
    assert f"{SPECS[0].id}/rules.md has no anchor #{dropped}" in problems
    assert "tiles.md has no anchor #tile-1-1" in problems
    assert all("options.md" not in p and "presets.md" not in p for p in problems)


def test_a_canonical_link_is_not_a_request(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<link rel="canonical" href="https://gupai.example/a.html">')
    (tmp_path / "b.html").write_text('<link href="https://cdn.example/x.css" rel="stylesheet">')
    (tmp_path / "c.html").write_text('<link href="https://cdn.example/x.css">')
    assert [p.split(":")[0] for p in checks.check_no_external_requests(tmp_path)] == ["b.html", "c.html"]


# ------------------------------------------------------------ analysis plots
def test_a_preset_has_one_colour_in_every_plot() -> None:
    from gupai.sim.plots import preset_colour

    presets = {p.name for spec in SPECS for p in spec.presets}
    assert len({preset_colour(p) for p in presets}) == len(presets)
    analysis = ROOT / "docs" / "assets" / "analysis"
    for game in ("kap-shap", "kap-tai-shap", "tsung-shap"):
        runs = json.loads((analysis / game / "simulation.json").read_text(encoding="utf-8"))["runs"]
        drawn = {run["preset"] for run in runs}
        for svg in sorted((analysis / game).glob("*.svg")):
            text = svg.read_text(encoding="utf-8").lower()
            if "gupai-site" in text:  # a plot that shows the gupai-site preset draws it in its own colour
                assert preset_colour("gupai-site") in text, svg
            others = {preset_colour(p) for p in presets - drawn}
            assert not any(colour in text for colour in others), svg  # no colour of a preset not drawn


def _article_text(html_text: str) -> str:
    """A page's own words (its article, tags dropped), as a reader sees them."""
    found = re.search(r"<article.*?</article>", html_text, re.S)
    assert found
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", found.group(0))).split())


@pytest.mark.slow
def test_seats_are_players_on_the_teaching_pages_and_the_mapping_is_said_where_seats_are_named() -> None:
    # one numbering for players (Player 1, 2, ...), the logs' seats (0, 1, ...) named only where the
    # page says how the two meet
    site = built_site()
    from site_hooks.common import PLAYERS_NOTE, SEATS_NOTE

    for how in [f"{game}/index.html" for game in games()] + ["tsung-shap/four-tile.html", "viewer.html"]:
        text = _article_text(page(how))
        assert not re.search(r"\b[Ss]eats? \d", text.replace(SEATS_NOTE, "")), how
        assert "Player 1" in text and PLAYERS_NOTE in text, how  # the numbering, stated in the same words
    said = (SEATS_NOTE,)
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if name.startswith(("engine/", "assets/", "schemas/")) or name in ("python-api.html", "analysis.html"):
            continue  # pages for engine authors and programmers, who number seats as the logs do
        if "<article" not in (html_text := path.read_text(encoding="utf-8")):
            continue
        text = _article_text(html_text)
        if re.search(r"\b[Ss]eats? \d", text):
            assert any(s in text for s in said), name


@pytest.mark.slow
def test_the_search_index_keeps_the_rule_texts_and_leaves_out_the_examples() -> None:
    index = json.loads((built_site() / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {d["location"]: d["text"] for d in index["docs"]}
    scenarios = features.load_scenarios(ROOT / "features")
    titles = [s.name for s in scenarios if s.rules and s.rules[0].startswith("ks.")]
    for rule in game_spec("kap-shap").rules:
        text = docs[f"kap-shap/rules.html#{rule.id}"]
        # the rule's own words are found (the first five, as the spec writes them)
        assert " ".join(rule.text.split()[:5]).replace("`", "") in re.sub(r"<[^>]*>", "", text), rule.id
        assert ".feature:" not in text and "Also shown by" not in text, rule.id
        assert not [t for t in titles if html.escape(t, quote=False) in text], rule.id
    # the ambiguities matrix (each cell's words are indexed on the option's own page)
    take = next(o for o in game_spec("kap-shap").options if o.key == "take")
    crook = next(p for p in take.positions if p.source == "crook")
    assert not [loc for loc, text in docs.items() if loc.startswith("ambiguities") and crook.says in text]
    assert crook.says in docs["kap-shap/options.html#take"]
