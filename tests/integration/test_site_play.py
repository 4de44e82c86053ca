"""The Play pages in headless Chromium: the kit's engine on Pyodide, a whole game played by clicking its moves.

The built site (``tests/site_build.py``) is served from 127.0.0.1; Chromium
resolves no other host. The test plays whole games through the page by
clicking the first legal-move button, tries a move the rules refuse and reads
the rule the page shows, checks that every move the page offered is what this
process's engine (CPython, numpy) lists as ``legal_actions`` for the same
state, validates the page's log, opens it in the log viewer, and checks that
no request left the site. Screenshots: ``artifacts/play-*.png`` at 1280 and 400
pixels; the runtime's weight and time to the first move, cold and warm, go to
``artifacts/play-timings.json``.

A site built without the runtime (no npm, no download) skips the test and
says why, in the test summary.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import gupai
from gupai.core.spec import game_spec
from tests.site_build import ROOT, built_site
from tests.site_cdp import Browser, chromium

pytestmark = pytest.mark.slow

ARTIFACTS = ROOT / "artifacts"
#: Why the test skips when the site holds no runtime (also printed by tests/conftest.py's summary).
NO_RUNTIME = (
    "browser play test skipped: the site was built without the Pyodide runtime (npm or the download unavailable)"
)


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (http.server's own class attribute)
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
    }

    def __init__(self, *args: Any, directory: str, requests: list[tuple[str, int]], **kwargs: Any) -> None:
        self.requests = requests
        super().__init__(*args, directory=directory, **kwargs)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.requests.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, list[tuple[str, int]], Path]]:
    chromium()
    site = built_site()
    if not (site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.skip(NO_RUNTIME)
    requests: list[tuple[str, int]] = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site), requests=requests))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", requests, site
    finally:
        httpd.shutdown()
        httpd.server_close()


def _wait(browser: Browser, condition: str, *, timeout: float = 120) -> Any:
    """Wait until the JavaScript ``condition`` is truthy in the page; its value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = browser.evaluate(f"(function () {{ try {{ return {condition}; }} catch (e) {{ return null; }} }})()")
        if value:
            return value
        error = browser.evaluate("window.gupaiPlay && window.gupaiPlay.error")
        assert not error, error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {condition}")


def _open(browser: Browser, url: str) -> dict[str, float]:
    browser.open("about:blank")
    browser.open(url)
    _wait(browser, "window.gupaiPlay.ready && window.gupaiPlay.view")
    timings: dict[str, float] = _wait(
        browser, "window.gupaiPlay.timings.firstMove !== undefined && window.gupaiPlay.timings"
    )
    return timings


def _play_through(browser: Browser) -> list[tuple[int, list[str]]]:
    """Click the first offered move at every decision until the game ends; each decision's (moves before, offered)."""
    browser.evaluate("window.gupaiPlay.pause = 0")
    offered: list[tuple[int, list[str]]] = []
    for _ in range(3000):
        view = _wait(browser, "!window.gupaiPlay.busy && window.gupaiPlay.view")
        if view["over"]:
            return offered
        buttons = browser.evaluate(
            "Array.prototype.map.call(document.querySelectorAll('#play-moves .play-move'),"
            " function (b) { return b.getAttribute('data-move'); })"
        )
        assert buttons == browser.evaluate("window.gupaiPlay.legal()")  # the page offers the engine's moves
        moves = len(json.loads(browser.evaluate("JSON.stringify(JSON.parse(window.gupaiPlay.log()).events)")))
        offered.append((moves, buttons))
        browser.evaluate("document.querySelector('#play-moves .play-move').click()")
    raise AssertionError("the game did not end")


def _log(browser: Browser) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(browser.evaluate("window.gupaiPlay.log()"))
    return doc


def _legal_at(log: dict[str, Any], events: int) -> list[str]:
    """The legal moves, as this process's engine lists them, once the log's first ``events`` events are played."""
    state = gupai.from_log(log)
    history = state.history
    for count in range(len(history) + 1):
        replay = state.replayed(history[:count])
        if len(gupai.to_log(replay)["events"]) == events and replay.current_player == 0 and not replay.is_terminal:
            return [str(action) for action in replay.legal_actions()]
    raise AssertionError(f"no decision of seat 0 after {events} events")


def _check_game(browser: Browser, offered: list[tuple[int, list[str]]], preset: str, seed: int) -> dict[str, Any]:
    log = _log(browser)
    assert log["preset"] == preset and log["seed"] == seed and gupai.validate_log(log) == []
    assert len(offered) >= 3
    for events, moves in offered[:: max(1, len(offered) // 6)]:  # sampled states: the offers are legal_actions
        assert moves == _legal_at(log, events)
    assert "is over" in browser.evaluate("document.getElementById('play-end').textContent")
    return log


def _no_request_left(browser: Browser, requests: list[tuple[str, int]]) -> None:
    external = browser.evaluate(
        "performance.getEntriesByType('resource').map(function (e) { return e.name; })"
        ".filter(function (n) { return n.indexOf(location.origin) !== 0 && n.indexOf('blob:') !== 0"
        " && n.indexOf('data:') !== 0; })"
    )
    assert external == []
    assert [(path, code) for path, code in requests if code >= 400] == []


def _new_deal(browser: Browser, seed: int) -> None:
    browser.evaluate(
        f"document.getElementById('play-seed').value = {seed};"
        " document.getElementById('play-preset').dispatchEvent(new Event('change'))"
    )


FIGURES: dict[str, Any] = {}


def test_a_refusal_shows_its_rule_then_a_whole_game_is_played_by_clicking(
    server: tuple[str, list[tuple[str, int]], Path], browser: Browser
) -> None:
    base, requests, _site = server
    browser.set_width(1280, 1000)
    FIGURES["cold"] = _open(browser, f"{base}/kap-shap/play.html")  # the module's browser starts with no cache
    assert browser.evaluate("document.getElementById('play-preset').value") == "culin"
    browser.evaluate("window.gupaiPlay.pause = 0")
    view = _wait(browser, "!window.gupaiPlay.busy && window.gupaiPlay.view.to_move === 0 && window.gupaiPlay.view")
    before = browser.evaluate("window.gupaiPlay.offered")
    face = view["tiles"]["hand"][0]
    browser.evaluate(f"document.getElementById('play-text').value = 'discard {face}'")
    browser.evaluate("document.getElementById('play-send').click()")
    refusal = _wait(browser, "!document.getElementById('play-refusal').hidden && window.gupaiPlay.view.refusal")
    assert refusal["rule"] == "ks.turn.discard" and "must first take a discard or draw" in refusal["why"]
    assert refusal["text"] == game_spec("kap-shap").rule("ks.turn.discard").text
    link = browser.evaluate("document.querySelector('#play-refusal a.play-rule').href")
    assert link.endswith("/kap-shap/rules.html#ks.turn.discard")
    assert browser.evaluate("document.getElementById('play-refusal').textContent").startswith("[ks.turn.discard]")
    assert browser.evaluate("window.gupaiPlay.offered") == before  # nothing changed
    browser.evaluate("document.getElementById('play-hint').click()")
    said = _wait(
        browser,
        "/greedy bot would play/.test(document.getElementById('play-status').textContent)"
        " && document.getElementById('play-status').textContent",
    )
    assert "tiles from a win" in said or "tile from a win" in said or "is a win" in said, said
    browser.evaluate("document.querySelector('#play-moves .play-move').click()")  # a move, then undo
    _wait(browser, "!window.gupaiPlay.busy && window.gupaiPlay.view.to_move === 0 && window.gupaiPlay.view.can_undo")
    browser.evaluate("document.getElementById('play-undo').click()")
    _wait(browser, "!window.gupaiPlay.view.can_undo")
    assert browser.evaluate("window.gupaiPlay.offered") == before  # back at the decision before
    _new_deal(browser, 4)  # a longer deal than seed 1's
    _check_game(browser, _play_through(browser), "culin", 4)
    _no_request_left(browser, requests)
    browser.open(link)  # the rule's anchor is there on the rule reference
    assert browser.evaluate("document.getElementById('ks.turn.discard') !== null")


def test_the_four_tile_game_is_played_through_shown_at_two_widths_and_opened_in_the_viewer(
    server: tuple[str, list[tuple[str, int]], Path], browser: Browser
) -> None:
    base, requests, site = server
    browser.set_width(1280, 1000)
    FIGURES["warm"] = _open(browser, f"{base}/tsung-shap/play-four-tile.html")
    assert browser.evaluate("document.getElementById('play-preset').value") == "spieltdomino"
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 400):
        browser.set_width(width, 1100)
        _wait(browser, "!window.gupaiPlay.busy && window.gupaiPlay.view.to_move === 0")
        time.sleep(0.3)  # laid out again at the new width
        shot = ARTIFACTS / f"play-four-tile-{width}.png"
        browser.screenshot(shot, full_page=True)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        overflow = browser.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
        assert not overflow, f"the Play page is wider than a {width}-pixel window"
    browser.set_width(1280, 1000)
    _new_deal(browser, 4)
    log = _check_game(browser, _play_through(browser), "spieltdomino", 4)
    _no_request_left(browser, requests)
    browser.evaluate("localStorage.setItem('gupai-play-log', window.gupaiPlay.log())")
    browser.open(f"{base}/viewer.html?from=play")
    shown = _wait(browser, "document.getElementById('viewer-title').textContent")
    assert "your game from the Play page" in shown and "Tsung Shap" in shown, shown
    assert log["options"]["hand"] == "four"
    FIGURES["runtime_bytes"] = sum(f.stat().st_size for f in (site / "assets" / "pyodide").iterdir())
    FIGURES["kit_bytes"] = (site / "assets" / "play" / "gupai-kit.zip").stat().st_size
    (ARTIFACTS / "play-timings.json").write_text(json.dumps(FIGURES, indent=2) + "\n", encoding="utf-8")
