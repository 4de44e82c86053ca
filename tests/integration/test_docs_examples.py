"""The log example in the docs is a real, valid log of the game it says it is."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gupai.log.format import dumps_log
from gupai.log.play import play_game
from gupai.log.validate import validate_log

PAGE = Path(__file__).resolve().parents[2] / "docs" / "engine" / "log-format.md"


def _json_blocks(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)\n```", text, flags=re.S)


def test_the_log_format_example_validates_and_is_what_play_writes() -> None:
    (block,) = [b for b in _json_blocks(PAGE.read_text(encoding="utf-8")) if '"gupai-log"' in b]
    doc = json.loads(block)
    assert validate_log(doc) == []
    made = dumps_log(play_game(doc["game"], seed=doc["seed"]))
    assert block == made, "docs/engine/log-format.md: paste the output of `gupai play kap-shap --seed 0`"


def test_the_match_example_is_game_2_of_the_command_it_names() -> None:
    text = PAGE.read_text(encoding="utf-8")
    (block,) = [b for b in _json_blocks(text) if b.startswith('"match"')]
    assert "`gupai play kap-shap --preset navpil-culin -n 4 --seed 1`" in text
    from gupai.log.play import play_match

    logs = list(play_match("kap-shap", preset="navpil-culin", seed=1, count=4))
    assert json.loads("{" + block + "}")["match"] == logs[1]["match"]
    assert logs[0]["result"]["winner"] == 1 and logs[1]["deal"]["first_player"] == 1


def test_the_unfinished_example_is_the_example_game_stopped_after_three_moves() -> None:
    from gupai.log.write import from_log, to_log

    text = PAGE.read_text(encoding="utf-8")
    (block,) = [b for b in _json_blocks(text) if b.startswith('"events"')]
    excerpt = json.loads("{" + block + "}")
    state = from_log(play_game("kap-shap", seed=0))
    while len(state.history) > 3:
        state.undo()
    written = to_log(state)
    assert {"events": written["events"], "result": written["result"]} == excerpt
    assert validate_log({**written}) == [] and excerpt["result"] == "*"
