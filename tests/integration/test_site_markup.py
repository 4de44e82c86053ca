"""Every page of the built site is well-formed HTML: the check that would have caught the broken Tsung Shap page."""

# ruff: noqa: E402  (the imports after needs(): they need the extra)
from __future__ import annotations

from pathlib import Path

from tests.extras import needs

needs("docs")

import markdown  # type: ignore[import-untyped]
from site_hooks import features, markup

from tests.integration.test_site import site_data
from tests.site_build import built_site

OLD_ARTICLE = Path(__file__).parent / "fixtures" / "old-tsung-rules-article.html"
#: The markdown extensions of mkdocs.yml that raw HTML in a rules page passes through.
EXTENSIONS = ["admonition", "attr_list", "md_in_html", "pymdownx.details", "pymdownx.superfences", "tables"]

DOCSTRING_FEATURE = '''\
Feature: Claims
  @rule:ts.claim @rule:ts.capture.pair
  Scenario: The opponent claims a missed pair
    Given the log
      """
      {"type": "lay", "seat": 0, "tile": "6-4", "end": "left"}
      {"type": "lay", "seat": 1, "tile": "6-4", "end": "right"}
      """
    Then seat 0 may claim [6-4] [6-4]
'''


def test_every_built_page_is_well_formed() -> None:
    assert markup.check_site_markup(built_site()) == []


def test_the_check_fails_on_the_old_tsung_shap_rules_page() -> None:
    problems = markup.check_html(OLD_ARTICLE.read_text(encoding="utf-8"))
    # the docstring's second line became a paragraph inside <pre><code>, and its end tags were left over
    assert "line 64: </p> closes <code> (opened on line 64)" in problems
    assert "line 68: </pre> closes nothing open" in problems
    assert any("<div> inside <p>" in p for p in problems)


def test_a_multi_line_docstring_now_renders_well_formed(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "claims.feature").write_text(DOCSTRING_FEATURE, encoding="utf-8")
    scenarios = features.load_scenarios(tmp_path / "features")
    assert scenarios[0].steps[0].docstring and "\n" in scenarios[0].steps[0].docstring
    data = site_data(scenarios)
    html = markdown.markdown(data.rules_page(data.by_id["tsung-shap"]), extensions=EXTENSIONS)
    assert markup.check_html(html) == []
    assert '<details class="scenario" id="ex-claims-3" ' in html
    assert "&#10;" in html or "\n{&quot;type&quot;" in html  # the docstring keeps its lines
    # shown once, under its first rule, and linked from the second
    assert html.count('id="ex-claims-3"') == 1
    assert html.count('href="#ex-claims-3"') == 2  # its own pilcrow and the link under ts.capture.pair


def test_the_checker_knows_void_and_foreign_elements() -> None:
    assert markup.check_html('<p>a<br>b<img src="x"></p><svg><path d="M0 0"/></svg>') == []
    assert markup.check_html("<div><span></div>") == ["line 1: </div> closes <span> (opened on line 1)"]
    assert markup.check_html("<ul><li>a</li>") == ["line 1: <ul> is never closed"]
