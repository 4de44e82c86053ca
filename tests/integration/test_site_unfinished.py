"""The log viewer opens a game in progress (log format 2, result ``"*"``) of each game, in headless Chromium.

The truth is the state written: the viewer steps to the last event, says the
game goes on (no winner is made up), and for Tsung Shap shows the row the
state holds. Without Chromium the tests skip, except in CI.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gupai.games.registry import load_game
from gupai.log.write import to_log
from tests.site_build import built_site
from tests.site_cdp import Browser

pytestmark = pytest.mark.slow

GAMES = [("kap-shap", "culin"), ("kap-tai-shap", "culin"), ("tsung-shap", "culin"), ("tsung-shap", "spieltdomino")]

SHOW = """
(function () {
  window.GupaiViewer.show(%s, "unfinished");
  document.getElementById("viewer-last").click();
  var read = function (cls) {
    var line = document.querySelector("#viewer-state .viewer-line." + cls + " .viewer-value");
    return line ? line.textContent : null;
  };
  return {result: read("result"), scores: read("scores"),
          position: document.getElementById("viewer-position").textContent,
          event: document.getElementById("viewer-event").textContent,
          row: Array.prototype.map.call(document.querySelectorAll("#viewer-state .viewer-line.row img.tile"),
                                        function (img) { return img.alt; })};
})()
"""


def _unfinished(game: str, preset: str, moves: int) -> Any:
    engine = load_game(game, preset)
    state = engine.new_state(engine.random_deal(seed=moves))
    rng = random.Random(moves)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal
    return state


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_the_viewer_opens_an_unfinished_game(browser: Browser, game: str, preset: str) -> None:
    site = built_site()
    browser.set_width(1280)
    browser.open((site / "viewer.html").as_uri())
    for moves in (6, 11):
        state = _unfinished(game, preset, moves)
        log = to_log(state)
        assert log["result"] == "*"
        shown = browser.evaluate(SHOW % json.dumps(log))
        n = len(log["events"])
        assert shown["position"] == f"event {n} of {n}", shown
        assert shown["result"] == "unfinished: the game goes on", shown
        if game == "tsung-shap":
            assert shown["row"] == [f"[{tile}]" for tile in state.row_tiles()], shown
            first = state.deal.first_player  # Player 1 is the first player, and the scores are said in that order
            players = [(first + i) % 2 for i in range(2)]
            assert shown["scores"] == " · ".join(f"Player {i + 1} {state.scores[s]}" for i, s in enumerate(players))
        del log["result"]  # no result at all: the same
        assert browser.evaluate(SHOW % json.dumps(log))["result"] == "unfinished: the game goes on"
