"""A game in progress is recorded (log format 2, result ``"*"`` as PGN writes it) and read back as the same position.

The truth: the state itself (its history and its printed position) before it
was written, and ``gupai validate`` run on the text.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.core.errors import LogError
from gupai.games.registry import load_game
from gupai.log.format import LOG_VERSION, dumps_log
from gupai.log.read import validate_text
from gupai.log.write import from_log, to_log

#: Each game, and Tsung Shap's four-tile variant (the spieltdomino preset).
GAMES = [("kap-shap", "culin"), ("kap-tai-shap", "culin"), ("tsung-shap", "culin"), ("tsung-shap", "spieltdomino")]


def _positions(game: str, preset: str, seed: int) -> list[Any]:
    """Every position of one random game before its end, each a state of its own."""
    engine = load_game(game, preset)
    state = engine.new_state(engine.random_deal(seed=seed))
    rng = random.Random(seed)
    positions = []
    while not state.is_terminal:
        positions.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return positions


def _validate(path: Path, *args: str) -> tuple[int, str]:
    done = CliRunner().invoke(main, ["validate", *args, str(path)], prog_name="gupai")
    return done.exit_code, done.stdout


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_every_position_of_a_game_round_trips_and_validates_as_unfinished(game: str, preset: str) -> None:
    for seed in (1, 2):
        for state in _positions(game, preset, seed):
            text = dumps_log(to_log(state))
            doc = json.loads(text)
            assert doc["version"] == LOG_VERSION == 2 and doc["result"] == "*"
            assert validate_text(text) == []
            back = from_log(text, game=load_game(game, preset))
            assert back.history == state.history and str(back) == str(state)
            assert back.legal_actions() == state.legal_actions() and not back.is_terminal


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_validate_says_valid_so_far_unfinished(tmp_path: Path, game: str, preset: str) -> None:
    state = _positions(game, preset, 3)[7]
    path = tmp_path / "game.json"
    path.write_text(dumps_log(to_log(state)), encoding="utf-8")
    code, out = _validate(path)
    assert (code, out) == (0, f"{path}: valid so far, unfinished\n")
    code, out = _validate(path, "--json")
    report = json.loads(out)
    assert code == 0 and report["valid"] and report["unfinished_games"] == 1 and report["errors"] == []
    assert report["unfinished"] == [{"file": str(path), "game": None, "message": "valid so far, unfinished"}]
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["result"]  # no result at all: the same
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert _validate(path) == (0, f"{path}: valid so far, unfinished\n")


def test_a_finished_game_is_no_unfinished_one(tmp_path: Path) -> None:
    engine = load_game("kap-shap")
    state = engine.new_state(engine.random_deal(seed=4))
    rng = random.Random(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    doc = to_log(state)
    assert isinstance(doc["result"], dict) and from_log(json.dumps(doc)).is_terminal
    path = tmp_path / "done.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert _validate(path) == (0, "")
    doc["result"] = "*"  # the events end it: it must say how
    with pytest.raises(LogError, match=r"the events end the game .* must record its result"):
        from_log(json.dumps(doc))


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_a_version_1_log_still_records_a_finished_game(game: str, preset: str) -> None:
    """Format 1 meant a finished game: an unfinished version-1 log stays invalid, "*" or no result alike."""
    doc = to_log(_positions(game, preset, 5)[6])
    doc["version"] = 1
    assert validate_text(json.dumps(doc))
    del doc["result"]
    with pytest.raises(LogError, match="'result' is a required property"):
        from_log(doc)


def test_a_tsung_pass_is_written_only_at_the_end_of_an_unfinished_log() -> None:
    """A pass no later event shows is written (else the position read back would still wait for it); a pass
    event anywhere else is refused, and a finished log writes none."""
    engine = load_game("tsung-shap")
    found = 0
    for seed in range(12):
        for state in _positions("tsung-shap", "culin", seed):
            events = to_log(state)["events"]
            passes = [at for at, event in enumerate(events) if event["type"] == "pass"]
            assert passes == list(range(len(events) - len(passes), len(events)))
            if passes and found < 5:
                found += 1
                assert str(state.history[-1]) == "pass"
                doc = to_log(state)
                doc["events"] = events[: passes[0]]  # left out: the play read back still waits on the capture
                assert from_log(doc).history == state.history[: -len(passes)]
                doc["events"] = [*events, events[passes[0] - 1]]  # a pass that more events follow
                with pytest.raises(LogError, match="a pass is written only at the end of an unfinished log"):
                    from_log(doc, game=engine)
    assert found == 5


def test_a_match_game_cannot_follow_an_unfinished_one(tmp_path: Path) -> None:
    from gupai.log.play import play_match

    first, second = list(play_match("kap-shap", preset="navpil-culin", seed=1, count=2))
    state = from_log(first)
    state.undo()
    unfinished = {**to_log(state), "match": first["match"]}
    path = tmp_path / "match.jsonl"
    path.write_text(json.dumps(unfinished) + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    code, out = _validate(path)
    assert code == 1 and "follows a game that is unfinished" in out, out
