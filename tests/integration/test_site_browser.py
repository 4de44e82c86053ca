"""The rules site in a real browser: headless Chromium renders the tile pictures and resolves rule anchors.

The built site (``tests/site_build.py``) is served from 127.0.0.1 by a local
http.server in a thread. Each page is loaded in one headless Chromium driven over
the DevTools protocol (``tests/site_cdp.py``); the server appends a small probe
script to the pages it serves, which measures the tile pictures after the page
has loaded and writes what it found into the DOM, so the test reads the
browser's own answer. Every page at two widths is checked by
``test_site_pages.py``. A screenshot of the tiles page is
saved to ``artifacts/site-tiles.png``.

Without Chromium the tests skip, except in CI (``CI`` set), where they fail.
"""

from __future__ import annotations

import functools
import io
import json
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.site_build import ROOT, built_site
from tests.site_cdp import Browser, chromium

#: A headless browser on the built site: among the slowest tests.
pytestmark = pytest.mark.slow

ARTIFACTS = ROOT / "artifacts"
TIMEOUT = 90
DELAY = "/__gupai_delay.gif"
SEARCH_WAIT = 3.0
GIF = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"

# Runs on `load`, once every tile picture on screen has loaded or failed: those pictures in
# the first screen are measured, the fragment's target looked up, and the search
# results listed. For a page asked for with a query (`?q=...`, which opens the
# search), a picture the server delays holds the load event back until the
# search worker has answered.
PROBE = """
<script>
window.addEventListener("load", function () {
  // Tiles are lazy-loaded: the load event need not wait for those on screen,
  // so wait (up to 30 s, for a loaded machine) until every one has finished.
  var started = Date.now();
  (function settle() {
    var pending = Array.prototype.slice.call(document.querySelectorAll("img.tile")).filter(function (img) {
      return onScreen(img) && !img.complete;
    });
    if (pending.length && Date.now() - started < 30000) { setTimeout(settle, 50); } else { report(); }
  })();
});
// On the screen: neither a picture above it (the page opened at a fragment,
// scrolled down) nor one in a closed example (<details>) is, and lazy loading
// never loads those; waiting for them held every rules page for 30 s.
function onScreen(img) {
  var box = img.getBoundingClientRect();
  return img.checkVisibility() && box.top < window.innerHeight && box.bottom > 0;
}
function report() {
  var tiles = Array.prototype.slice.call(document.querySelectorAll("img.tile"));
  var shown = tiles.filter(onScreen);
  var drawn = shown.filter(function (img) {
    var box = img.getBoundingClientRect();
    return img.complete && img.naturalWidth > 0 && box.width > 0 && box.height > 0;
  });
  var id = decodeURIComponent(location.hash.slice(1));
  var target = id ? document.getElementById(id) : null;
  var probe = document.createElement("pre");
  probe.id = "gupai-probe";
  probe.textContent = JSON.stringify({
    tiles: tiles.length,
    onScreen: shown.length,
    drawn: drawn.length,
    firstWidth: drawn.length ? drawn[0].getBoundingClientRect().width : 0,
    firstHeight: drawn.length ? drawn[0].getBoundingClientRect().height : 0,
    target: target ? target.tagName : null,
    targetText: target ? target.textContent : null,
    svgIcons: document.querySelectorAll("svg").length,
    searchResults: Array.prototype.slice.call(document.querySelectorAll(".md-search-result__item"))
      .map(function (item) { return item.textContent.trim().slice(0, 120); }),
    external: performance.getEntriesByType("resource")
      .map(function (entry) { return entry.name; })
      .filter(function (name) { return name.indexOf(location.origin) !== 0 && name.indexOf("data:") !== 0; })
  });
  document.body.appendChild(probe);
}
</script>
"""


class _Handler(SimpleHTTPRequestHandler):
    """Serves the built site, with the probe appended to every HTML page; records every request."""

    requests: list[tuple[str, int]]

    def __init__(self, *args: Any, directory: str, requests: list[tuple[str, int]], **kwargs: Any) -> None:
        self.requests = requests
        super().__init__(*args, directory=directory, **kwargs)

    def send_head(self) -> Any:
        if self.path.startswith(DELAY):
            time.sleep(SEARCH_WAIT)
            self.send_response(200)
            self.send_header("Content-Type", "image/gif")
            self.send_header("Content-Length", str(len(GIF)))
            self.end_headers()
            return io.BytesIO(GIF)
        path = Path(self.translate_path(self.path))
        if path.suffix == ".html" and path.is_file():
            probe = PROBE + (f'<img src="{DELAY}" alt="" width="1" height="1">' if "?" in self.path else "")
            body = path.read_bytes().replace(b"</body>", probe.encode() + b"</body>", 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.requests.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, list[tuple[str, int]]]]:
    chromium()
    site = built_site()
    requests: list[tuple[str, int]] = []
    handler = functools.partial(_Handler, directory=str(site), requests=requests)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", requests
    finally:
        httpd.shutdown()
        httpd.server_close()


def probe(
    browser: Browser, url: str, *, width: int = 1280, wait_for_search: bool = False
) -> tuple[dict[str, Any], str]:
    """What the probe script found on the page at ``url``, and the page's DOM as the browser holds it.

    With ``wait_for_search`` the search results are read again until they come
    (the search worker answers some time after the load event), for up to a minute.
    """
    browser.set_width(width, 1600)
    browser.open("about:blank")
    browser.open(url)
    text = browser.evaluate(
        "new Promise(function (done) { var tries = 0; (function wait() {"
        " var probe = document.getElementById('gupai-probe');"
        " if (probe || ++tries > 600) { done(probe ? probe.textContent : null); } else { setTimeout(wait, 50); }"
        " })(); })"
    )
    assert text, f"the page did not finish loading in Chromium: {url}"
    found: dict[str, Any] = json.loads(text)
    if wait_for_search:
        found["searchResults"] = browser.evaluate(
            "new Promise(function (done) { var tries = 0; (function wait() {"
            " var items = Array.prototype.slice.call(document.querySelectorAll('.md-search-result__item'))"
            "  .map(function (item) { return item.textContent.trim().slice(0, 120); });"
            " if (items.length || ++tries > 600) { done(items); } else { setTimeout(wait, 100); }"
            " })(); })"
        )
    dom = browser.evaluate("document.documentElement.outerHTML")
    return found, dom


def test_tiles_page_renders_its_tile_pictures(server: tuple[str, list[tuple[str, int]]], browser: Browser) -> None:
    base, requests = server
    found, dom = probe(browser, f"{base}/tiles.html")
    assert found["tiles"] >= 21 + 32, found  # the table's 21 kinds and the whole set of 32
    assert found["onScreen"] >= 32, found
    assert found["drawn"] == found["onScreen"], found  # every tile on screen loaded and laid out
    assert found["firstWidth"] > 0 and found["firstHeight"] > 2 * found["firstWidth"], found
    svg_fetches = [(path, code) for path, code in requests if path.endswith(".svg")]
    assert svg_fetches and all(code in (200, 304) for _path, code in svg_fetches), svg_fetches
    for face in ("6-6", "3-3", "4-2"):
        assert f'id="tile-{face}"' in dom


def test_a_rule_anchor_resolves(server: tuple[str, list[tuple[str, int]]], browser: Browser) -> None:
    base, _requests = server
    found, dom = probe(browser, f"{base}/kap-shap/rules.html#ks.pair.ten")
    assert found["target"] == "H2", found
    assert "ks.pair.ten" in found["targetText"] and "Ten-pairs" in found["targetText"], found
    assert 'id="ks.pair.ten"' in dom


def test_every_request_stays_on_the_local_server(server: tuple[str, list[tuple[str, int]]], browser: Browser) -> None:
    base, requests = server
    for path in ("index.html", "ambiguities.html", "tsung-shap/captures.html", "viewer.html", "kap-shap/index.html"):
        found, _dom = probe(browser, f"{base}/{path}")
        assert found["external"] == [], (path, found["external"])
    failed = [(path, code) for path, code in requests if code >= 400]
    assert failed == [], failed


def test_search_finds_a_rule(server: tuple[str, list[tuple[str, int]]], browser: Browser) -> None:
    base, _requests = server
    found, _dom = probe(browser, f"{base}/index.html?q=sweep", wait_for_search=True)
    assert found["searchResults"], found
    assert any("Sweep" in text or "sweep" in text for text in found["searchResults"]), found["searchResults"]


def test_screenshot_of_the_tiles_page(server: tuple[str, list[tuple[str, int]]], browser: Browser) -> None:
    base, _requests = server
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "site-tiles.png"
    shot.unlink(missing_ok=True)
    browser.set_width(1280, 1800)
    browser.open(f"{base}/tiles.html")
    browser.screenshot(shot, full_page=False)
    assert shot.is_file() and shot.stat().st_size > 20_000
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "query, question",
    [
        ("take back discarded", "Can I take back a tile I discarded?"),
        ("stock runs out", "What if the stock runs out?"),
        ("who plays first", "Who plays first?"),
    ],
)
def test_search_finds_the_players_question_first(
    server: tuple[str, list[tuple[str, int]]], browser: Browser, query: str, question: str
) -> None:
    base, _requests = server
    found, _dom = probe(browser, f"{base}/index.html?q={query.replace(' ', '+')}", wait_for_search=True)
    assert found["searchResults"], found
    # the first result is the questions page, opened at the question
    assert found["searchResults"][0].startswith("Questions players ask" + question), found["searchResults"][:3]
