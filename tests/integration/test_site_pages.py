"""Every page of the built rules site, in one headless Chromium, at a desktop and a phone width.

Each page is opened from disk, laid out at 1280 and at 400 CSS pixels,
screenshotted into ``artifacts/site/<width>/`` and measured by
``site_probe.js``: the test fails on a page wider than its window, on a text
squeezed to a letter or two a line (the broken Tsung Shap rules page of
issue 13), and on a short word broken in two. The markup itself is checked
without a browser by ``site_hooks.markup`` (tests/integration/test_site_markup.py).

One browser process serves every page (``tests/site_cdp.py``), so the whole
site costs seconds. Without Chromium the tests skip, except in CI.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.site_build import ROOT, built_site
from tests.site_cdp import Browser, legibility_problems, site_pages, toggle_palette

ARTIFACTS = ROOT / "artifacts" / "site"
PROBE = (Path(__file__).parent / "site_probe.js").read_text(encoding="utf-8")
WIDTHS = {"desktop": 1280, "400px": 400}

#: A headless browser on every page of the built site: among the slowest tests.
pytestmark = pytest.mark.slow


#: Every page at a width is checked in this many tests, every SHARDS-th page each, so that
#: pytest-xdist can spread a width's half a minute of pages over its workers.
SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS), ids=lambda shard: f"pages {shard + 1} of {SHARDS}")
@pytest.mark.parametrize("label", list(WIDTHS))
def test_every_page_fits_its_window(browser: Browser, label: str, shard: int) -> None:
    """Every page at each width: it fits its window, and (the same load) every table fits its column and every
    text is legible, in the light palette; at the desktop width in the dark one too, switched to with the
    header's toggle as a reader does (a system that prefers dark: test_site_teaching)."""
    site = built_site()
    width = WIDTHS[label]
    browser.set_width(width)
    found = site_pages(site)
    assert len(found) >= 30, found
    problems = []
    for page in found[shard::SHARDS]:
        browser.open((site / page).as_uri())
        shown = browser.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert shown == "default", (page, shown)  # the light palette: no scheme is emulated here
        problems += [f"{page} at {width} px: {p}" for p in browser.evaluate(PROBE)]
        problems += legibility_problems(browser, page, width=width, scheme="light")
        if label == "desktop":
            toggle_palette(browser, "slate")
            problems += legibility_problems(browser, page, width=width, scheme="dark")
            toggle_palette(browser, "default")
        shot = ARTIFACTS / label / f"{page[: -len('.html')]}.png"
        shot.unlink(missing_ok=True)
        browser.screenshot(shot, full_page=False)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", shot
    assert problems == []


#: The start of the Tsung Shap rules page as it was built before issue 13: a
#: scenario written as one line of HTML inside an indented admonition, its
#: docstring on several lines; markdown ended the raw block at the first newline
#: and the page fell apart in the browser (its title one letter a line).
OLD_ARTICLE = Path(__file__).parent / "fixtures" / "old-tsung-rules-article.html"


def old_page(site: Path) -> str:
    """The Tsung Shap rules page of the built site with its article replaced by the old one."""
    page = (site / "tsung-shap" / "rules.html").read_text(encoding="utf-8")
    base = f'<base href="{(site / "tsung-shap").as_uri()}/">'
    page = page.replace("<head>", "<head>" + base, 1)
    old = OLD_ARTICLE.read_text(encoding="utf-8")
    return re.sub(
        r'(<article class="md-content__inner md-typeset">).*?(</article>)',
        lambda m: m.group(1) + old + m.group(2),
        page,
        count=1,
        flags=re.DOTALL,
    )


def test_the_probe_fails_on_the_old_rules_page_markup(browser: Browser, tmp_path: Path) -> None:
    site = built_site()
    broken = tmp_path / "old-rules.html"
    broken.write_text(old_page(site), encoding="utf-8")
    browser.set_width(1280)
    browser.open(broken.as_uri())
    problems = browser.evaluate(PROBE)
    assert any("narrower than their words" in p and "Tsung Shap: the rules" in p for p in problems), problems
    # the same page with the article as the site builds it now passes
    good = tmp_path / "rules.html"
    page = (site / "tsung-shap" / "rules.html").read_text(encoding="utf-8")
    good.write_text(page.replace("<head>", f'<head><base href="{(site / "tsung-shap").as_uri()}/">', 1))
    browser.open(good.as_uri())
    assert browser.evaluate(PROBE) == []


def test_the_probe_names_a_squeezed_title_and_an_overflow(browser: Browser, tmp_path: Path) -> None:
    page = tmp_path / "squeezed.html"
    page.write_text(
        "<!doctype html><html><body><div class='md-content'>"
        "<h1 style='width:6px;overflow-wrap:anywhere'>Tsung Shap: the rules</h1>"
        "<table><tr><td style='width:40px;word-break:break-all'>unsupported</td></tr></table>"
        "<div style='width:3000px'>wide</div></div></body></html>"
    )
    browser.set_width(400)
    browser.open(page.as_uri())
    problems = browser.evaluate(PROBE)
    assert len(problems) == 2, problems
    assert problems[0].startswith("the page is 3008 px wide in a 400 px window: div ends at 3008 px"), problems
    assert "2 texts narrower than their words" in problems[1], problems


def test_example_tiles_are_at_least_24_px_tall(browser: Browser) -> None:
    site = built_site()
    browser.set_width(1280)
    browser.open((site / "kap-shap" / "rules.html").as_uri())
    # closed, an example holds no tile pictures: they are drawn when it first opens
    assert browser.evaluate("document.querySelectorAll('details.scenario img').length") == 0
    slots = browser.evaluate(
        "Array.prototype.reduce.call(document.querySelectorAll('details.scenario span[data-tiles]'),"
        " function (n, s) { return n + s.getAttribute('data-tiles').split(' ').length; }, 0)"
    )
    heights = browser.evaluate(
        "new Promise(function (done) {"
        " document.querySelectorAll('details.scenario').forEach(function (d) { d.open = true; });"
        " setTimeout(function () { done(Array.prototype.map.call("
        "  document.querySelectorAll('details.scenario img.tile'),"
        "  function (img) { return img.getBoundingClientRect().height; })); }, 300); })"
    )
    assert len(heights) == slots > 50
    assert min(heights) >= 24, min(heights)


def test_a_link_to_an_example_opens_it(browser: Browser) -> None:
    site = built_site()
    page = (site / "kap-shap" / "rules.html").read_text(encoding="utf-8")
    anchor = re.search(r'<details class="scenario" id="([^"]+)"', page)
    assert anchor
    browser.set_width(1280)
    browser.open("about:blank")  # a fresh load, not a jump within a page already open
    browser.open((site / "kap-shap" / "rules.html").as_uri() + "#" + anchor.group(1))
    state = browser.evaluate(
        f"[document.getElementById({json.dumps(anchor.group(1))}).open,"
        " document.querySelectorAll('details.scenario[open]').length]"
    )
    assert state == [True, 1], state


# ------------------------------------------------------------- the log viewer
SHOW_CORPUS_LOG = """
new Promise(function (done) {
  var select = document.getElementById("viewer-corpus");
  select.value = %s;
  select.dispatchEvent(new Event("change"));
  var tries = 0;
  (function wait() {
    var title = document.getElementById("viewer-title").textContent;
    if (title.indexOf(select.value + " ") === 0) {
      document.getElementById("viewer-last").click();
      var read = function (cls) {
        var line = document.querySelector("#viewer-state .viewer-line." + cls + " .viewer-value");
        return line ? line.textContent : null;
      };
      var row = Array.prototype.map.call(
        document.querySelectorAll("#viewer-state .viewer-line.row img.tile"), function (img) { return img.alt; });
      done({scores: read("scores"), result: read("result"), position: document.getElementById("viewer-position").textContent,
            message: document.getElementById("viewer-message").textContent, row: row,
            hands: Array.prototype.map.call(document.querySelectorAll("#viewer-state .viewer-line"), function (line) {
              return [line.querySelector(".viewer-label").textContent,
                      Array.prototype.map.call(line.querySelectorAll("img.tile"), function (img) { return img.alt.slice(1, -1); })];
            })});
    } else if (++tries > 200) {
      done(null);
    } else {
      setTimeout(wait, 10);
    }
  })();
})
"""


def corpus(kind: str) -> list[Path]:
    return sorted((ROOT / "conformance").glob(f"*/{kind}/*.json"))


def test_the_viewer_steps_every_corpus_log_to_its_final_scores(browser: Browser) -> None:
    from site_hooks.sample import TsungRow

    site = built_site()
    browser.set_width(1280)
    browser.open((site / "viewer.html").as_uri())
    logs = corpus("valid")
    assert len(logs) >= 30
    for path in logs:
        log = json.loads(path.read_text(encoding="utf-8"))
        log_id = f"{path.parent.parent.name}/valid/{path.stem}"
        shown = browser.evaluate(SHOW_CORPUS_LOG % json.dumps(log_id))
        assert shown is not None, f"{log_id} did not load"
        events = len(log["events"])
        assert shown["position"] == f"event {events} of {events}", (log_id, shown)
        final = log["result"].get("scores") or log["result"]["settlement"]
        # said in the players' order, Player 1 being the seat that played first
        first, players = log["deal"]["first_player"], len(final)
        said = [f"Player {n + 1} {final[(first + n) % players]}" for n in range(players)]
        assert shown["scores"] == " · ".join(said), (log_id, shown)
        assert shown["message"] == "A valid log of the conformance corpus.", (log_id, shown)
        if log["game"] == "tsung-shap":
            row = TsungRow()
            for event in log["events"]:
                row.apply(event)
            assert shown["row"] == [f"[{face}]" for face in row.tiles], log_id
        elif log["result"].get("hand"):
            # the winner's hand as the viewer followed it is the hand the log declares
            winner = dict(shown["hands"])[f"Player {(log['result']['winner'] - first) % players + 1}"]
            assert sorted(winner) == sorted(log["result"]["hand"]), log_id


def test_the_viewer_shows_the_validators_first_error_for_an_invalid_log(browser: Browser) -> None:
    from gupai.log.validate import validate_log

    site = built_site()
    path = corpus("invalid")[0]
    expected = str(validate_log(json.loads(path.read_text(encoding="utf-8")), file=path.name)[0])
    log_id = f"{path.parent.parent.name}/invalid/{path.stem}"
    browser.set_width(400)
    browser.open((site / "viewer.html").as_uri())
    shown = browser.evaluate(SHOW_CORPUS_LOG % json.dumps(log_id))
    issue = validate_log(json.loads(path.read_text(encoding="utf-8")), file=path.name)[0]
    at = f" at event {issue.event + 1}: " if issue.event is not None else ": "
    assert shown is not None and shown["message"].startswith(f"The validator rejects this log{at}"), (shown, expected)
    assert f"rule {issue.rule}" in shown["message"] and not re.search(r"\bseat \d", shown["message"]), shown


def test_the_viewer_opens_a_deep_link_and_steps_back(browser: Browser) -> None:
    site = built_site()
    path = ROOT / "conformance" / "kap-shap" / "valid" / "culin-2p-random-seed2.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    assert len(log["events"]) > 12
    browser.set_width(1280)
    browser.open((site / "viewer.html").as_uri() + "?log=kap-shap/valid/culin-2p-random-seed2#event=12")
    state = browser.evaluate(
        "new Promise(function (done) { (function wait() {"
        " if (document.getElementById('gupai-viewer').getAttribute('data-position') !== null) {"
        "  var at = document.getElementById('viewer-position').textContent;"
        "  document.getElementById('viewer-prev').click();"
        "  done([at, document.getElementById('viewer-position').textContent, location.hash,"
        "        Array.prototype.map.call(document.getElementById('viewer-event').querySelectorAll('*'),"
        "          function (n) { return n.tagName === 'IMG' ? n.alt : ''; }).join(' ') + ' ' +"
        "        document.getElementById('viewer-event').textContent]);"
        " } else { setTimeout(wait, 10); } })(); })"
    )
    n = len(log["events"])
    event = log["events"][10]
    assert state[:3] == [f"event 12 of {n}", f"event 11 of {n}", "#event=11"], state
    assert f"[{event['tile']}]" in state[3] and f"Player {event['seat'] + 1}" in state[3], state


def test_the_viewer_shows_a_pasted_log_and_says_it_does_not_judge_it(browser: Browser) -> None:
    site = built_site()
    path = ROOT / "conformance" / "tsung-shap" / "valid" / "spieltdomino-greedy-seed1.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    browser.set_width(400)
    browser.open("about:blank")
    browser.open((site / "viewer.html").as_uri())
    shown = browser.evaluate(
        f"document.getElementById('viewer-text').value = {json.dumps(json.dumps(log))};"
        "document.getElementById('viewer-show-text').click();"
        "document.getElementById('viewer-last').click();"
        "[document.getElementById('viewer-message').textContent,"
        " document.querySelector('#viewer-state .viewer-line.scores .viewer-value').textContent,"
        " document.querySelectorAll('#viewer-state .viewer-line').length]"
    )
    assert "Run `gupai validate FILE`" in shown[0], shown
    assert shown[1] == " · ".join(f"Player {n + 1} {v}" for n, v in enumerate(log["result"]["scores"])), shown
    # the four-tile variant: two hands and the stock besides the row and the scores
    assert shown[2] >= 5, shown
