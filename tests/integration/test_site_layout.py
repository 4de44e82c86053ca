"""The rules site's layout as a reader meets it, in headless Chromium (issue 38).

Matrices stay matrices: a table wider than its column scrolls sideways in a
frame no wider than the column, its first column held in place, and only a
list of records on a narrow screen becomes cards. The 404 page works below
the site's root (served by a local server that answers every missing address
with it, as static hosts do), with a way home and a search. One colour per
player, from the first player: what a player just moved is outlined in that
player's colour, in the sample games and in the viewer, legible in both
palettes. The small things: the tile legend's counts, the civil and military
labels, focus rings on the viewer's controls, the names in Chinese with a
font named for them, the analysis plots on the dark palette.

Without Chromium the tests skip, except in CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.site_build import built_site
from tests.site_cdp import TEACH_PROBE, Browser, chromium, toggle_palette

pytestmark = pytest.mark.slow

PRESETS = ("kap-shap/presets.html", "kap-tai-shap/presets.html", "tsung-shap/presets.html")

#: The widest table of the page: whether it is stacked or scrolls, its frame and its column's widths, and
#: whether its first cells stay put when the frame scrolls sideways.
MATRIX = """
(function () {
  var tables = Array.prototype.slice.call(document.querySelectorAll('article table'));
  var table = tables.sort(function (a, b) { return b.rows[0].cells.length - a.rows[0].cells.length; })[0];
  var frame = table.closest('.md-typeset__scrollwrap');
  var column = document.querySelector('article').getBoundingClientRect().width;
  var cell = table.querySelector('tbody tr > :first-child');
  var before = cell.getBoundingClientRect().left;
  frame.scrollLeft = 200;
  var after = cell.getBoundingClientRect().left;
  var second = table.querySelector('tbody tr > :nth-child(2)').getBoundingClientRect().left;
  frame.scrollLeft = 0;
  return {columns: table.rows[0].cells.length, stacked: table.classList.contains('stacked'),
          scroll: table.hasAttribute('data-scroll'), frame: frame.getBoundingClientRect().width, column: column,
          overflows: frame.scrollWidth > frame.clientWidth, held: Math.abs(after - before) < 2,
          covered: second < after + cell.getBoundingClientRect().width,
          height: document.documentElement.scrollHeight};
})()
"""


def _open(browser: Browser, page: str, width: int) -> None:
    browser.set_width(width, 900)
    browser.open("about:blank")
    browser.open((built_site() / page).as_uri())


@pytest.mark.parametrize("width", [1280, 400])
@pytest.mark.parametrize("page", PRESETS)
def test_a_preset_matrix_is_a_matrix_that_scrolls_with_its_first_column_held(
    browser: Browser, page: str, width: int
) -> None:
    _open(browser, page, width)
    found = browser.evaluate(MATRIX)
    assert found["columns"] >= 9 and not found["stacked"], found  # never cards
    assert found["frame"] <= found["column"] + 40, found  # in a frame the width of the column (and its margins)
    if width == 400 or found["overflows"]:
        assert found["scroll"] and found["overflows"], found  # wider than the column: it scrolls
        assert found["held"] and found["covered"], found  # the option names stay while the rest slides under
    assert found["height"] < (6000 if width == 1280 else 9000), found  # no 13,000 px of stacked cards


def test_a_list_of_records_becomes_cards_only_on_a_narrow_screen(browser: Browser) -> None:
    """The options page's lists of positions (four columns) stack at 400 px and stay tables at 1280."""
    shown = {}
    for width in (1280, 400):
        _open(browser, "kap-shap/options.html", width)
        shown[width] = browser.evaluate(
            "Array.prototype.filter.call(document.querySelectorAll('article table'),"
            " function (t) { return t.classList.contains('stacked'); }).map(function (t) { return t.rows[0].cells.length; })"
        )
    assert shown[1280] == [], shown
    assert shown[400] and all(n <= 5 for n in shown[400]), shown


def test_no_matrix_of_the_analysis_page_is_stacked(browser: Browser) -> None:
    for width in (1280, 400):
        _open(browser, "analysis.html", width)
        stacked = browser.evaluate(
            "Array.prototype.filter.call(document.querySelectorAll('article table'),"
            " function (t) { return t.classList.contains('stacked') && t.rows[0].cells.length > 5; }).length"
        )
        assert stacked == 0, width
    assert browser.evaluate(TEACH_PROBE)["tables"] == []


# ------------------------------------------------------------------ the 404 page
class _Host(SimpleHTTPRequestHandler):
    """A static host: the built site, and its 404.html for any address that names no file."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        if code != 404:
            super().send_error(code, message, explain)
            return
        body = (Path(str(self.directory)) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def host() -> Iterator[str]:
    chromium()
    handler = functools.partial(_Host, directory=str(built_site()))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


NOT_FOUND = """
(function () {
  var css = Array.prototype.some.call(document.styleSheets, function (s) {
    return s.href && s.href.indexOf('gupai.css') > 0 && s.cssRules.length > 0; });
  var logo = document.querySelector('.md-header img, .md-logo img');
  var home = Array.prototype.filter.call(document.querySelectorAll('article a'), function (a) {
    return /home page/i.test(a.textContent); })[0];
  var form = document.querySelector('article form[role=search]');
  return {css: css, logo: !!logo && logo.complete && logo.naturalWidth > 0, home: home ? home.href : null,
          search: form ? new URL(form.getAttribute('action'), document.baseURI).href : null,
          field: form ? form.querySelector('input[name=q]') !== null : false,
          h1: document.querySelector('article h1').textContent};
})()
"""


@pytest.mark.parametrize("path", ["no-such-page.html", "kap-shap/no-such-page.html", "engine/deep/no/such"])
def test_the_404_page_works_at_any_depth(browser: Browser, host: str, path: str) -> None:
    browser.set_width(400, 900)
    browser.open(f"{host}/{path}")
    found = browser.evaluate(NOT_FOUND)
    assert found["css"] and found["logo"], found  # styled, and the logo drawn
    assert found["home"] == f"{host}/index.html", found  # a way home
    assert found["search"] == f"{host}/index.html" and found["field"], found  # and to search
    assert "does not exist" in found["h1"], found
    # the search box opens the site's search with the words typed
    browser.open(f"{host}/{path}")
    browser.evaluate(
        "document.getElementById('not-found-q').value = 'sweep';"
        " document.querySelector('article form[role=search]').submit(); true"
    )
    browser.wait_for("Page.loadEventFired")
    assert browser.evaluate("location.href") == f"{host}/index.html?q=sweep"


# ------------------------------------------------------------------ one colour a player
PLAYER_COLOUR = "getComputedStyle(document.querySelector('.seat.seat-%d')).color"


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_what_a_player_moved_is_outlined_in_that_players_colour(browser: Browser, scheme: str) -> None:
    _open(browser, "tsung-shap/four-tile.html", 1280)
    toggle_palette(browser, scheme)
    found = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('.sample-game .tsung-turn'), function (turn) {"
        " var who = turn.querySelector('.turn-head .seat'); var moved = turn.querySelector('img.moved');"
        " return [who.className, getComputedStyle(who).color, moved ? getComputedStyle(moved).outlineColor : null];"
        " })"
    )
    colours = {cls: colour for cls, colour, _ in found}
    assert len(colours) == 2 and len(set(colours.values())) == 2, colours  # two players, two colours
    outlined = [(cls, colour, outline) for cls, colour, outline in found if outline]
    assert {cls for cls, _c, _o in outlined} == set(colours), outlined  # both players' moves are outlined
    assert all(colour == outline for _cls, colour, outline in outlined), outlined


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_viewer_names_the_mover_in_a_legible_colour(browser: Browser, scheme: str) -> None:
    _open(browser, "index.html", 1280)
    toggle_palette(browser, scheme)
    browser.open((built_site() / "viewer.html").as_uri() + "?log=tsung-shap/sample/four-tile#event=4")
    browser.evaluate(
        "new Promise(function (done) { var n = 0; (function w() {"
        " if (document.getElementById('gupai-viewer').getAttribute('data-position') || ++n > 300) done(1);"
        " else setTimeout(w, 20); })(); })"
    )
    active = browser.evaluate(
        "(function () { var label = document.querySelector('#viewer-state .viewer-line.active .viewer-label');"
        " var moved = document.querySelector('#viewer-state img.moved');"
        " return [label.textContent, label.className, getComputedStyle(label).color,"
        " moved ? getComputedStyle(moved).outlineColor : null]; })()"
    )
    assert active[0] == "Player 2" and "seat-1" in active[1], active  # event 4: Player 2's refill
    assert active[3] in (None, active[2]), active
    problems = browser.evaluate(TEACH_PROBE)
    assert problems["contrast"] == [], problems["contrast"]


# ------------------------------------------------------------------ the small things
def test_the_viewer_controls_show_a_focus_ring(browser: Browser) -> None:
    _open(browser, "viewer.html", 1280)
    browser.evaluate(
        "new Promise(function (done) { document.querySelector('#viewer-empty a[data-open]').click();"
        " var n = 0; (function w() { if (!document.getElementById('viewer-main').hidden || ++n > 300) done(1);"
        " else setTimeout(w, 20); })(); })"
    )
    rings = []
    for element in ("viewer-range", "viewer-file"):
        browser.call("Input.dispatchKeyEvent", session=True, type="keyDown", key="Tab", code="Tab")
        browser.evaluate(f"document.getElementById('{element}').focus(); true")
        style = browser.evaluate(
            f"(function () {{ var e = document.getElementById('{element}');"
            " var s = getComputedStyle(e), p = getComputedStyle(e.parentElement);"
            " return [s.outlineStyle, s.outlineWidth, p.outlineStyle]; })()"
        )
        rings.append((element, style))
    assert all((s[0] != "none" and s[1] != "0px") or s[2] != "none" for _e, s in rings), rings


def test_the_tile_legend_names_the_civil_and_military_tiles(browser: Browser) -> None:
    """Copies are said in words with the series (the Kap Tai Shap eye depends on it), never as "12 ×2"."""
    _open(browser, "kap-tai-shap/index.html", 400)
    groups = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('article .tile-values .tile-group'), function (g) {"
        " return [g.querySelector('.tile-group-label').textContent, g.querySelectorAll('img.tile').length,"
        " Array.prototype.map.call(g.querySelectorAll('small'), function (s) { return s.textContent; })]; })"
    )
    assert [(label.split(":")[0], n) for label, n, _v in groups] == [("Civil tiles", 11), ("Military tiles", 10)]
    assert all(re.fullmatch(r"\d+", value) for _l, _n, values in groups for value in values), groups


def test_the_names_in_chinese_have_a_cjk_font_named(browser: Browser) -> None:
    _open(browser, "tsung-shap/index.html", 1280)
    family = browser.evaluate("getComputedStyle(document.querySelector('article [lang=zh]')).fontFamily")
    assert "Noto Sans CJK" in family and "PingFang" in family and "Microsoft YaHei" in family, family


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_analysis_plots_suit_the_palette_and_a_phone(browser: Browser, scheme: str) -> None:
    _open(browser, "index.html", 400)
    toggle_palette(browser, scheme)
    _open(browser, "analysis.html", 400)
    found = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('article img[src*=\"assets/analysis/\"]'), function (img) {"
        " var box = img.getBoundingClientRect(); var frame = img.parentElement;"
        " return [getComputedStyle(img).filter, box.width, frame.clientWidth, getComputedStyle(frame).overflowX]; })"
    )
    assert len(found) >= 6, found
    for filter_, width, frame, overflow in found:
        assert (filter_ != "none") == (scheme == "slate"), found  # dark plots on the dark palette
        assert width >= 500 and overflow == "auto" and frame <= 400, found  # legible, scrolling in its frame
    assert browser.evaluate("document.documentElement.scrollWidth") <= 400  # the page itself does not scroll


def test_the_tsung_sample_says_which_capture_was_missed_and_claimed() -> None:
    from site_hooks.sample import sample_log

    log = sample_log("tsung-shap")
    page = (built_site() / "tsung-shap" / "index.html").read_text(encoding="utf-8")
    claims = [e for e in log["events"] if e["type"] == "claim"]
    assert claims
    missed = re.findall(r'<span class="missed">but misses a capture: (.*?)</span>, which', page, flags=re.S)
    assert len(missed) == len(claims)
    for said, claim in zip(missed, claims, strict=True):
        assert re.findall(r'alt="\[([1-6]-[1-6])\]"', said) == claim["tiles"]
    assert page.count("missed, ") + page.count("missed)") >= len(claims)  # and the claim names whose it was
