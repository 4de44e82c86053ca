"""People play (issue 36): ``gupai play GAME --agents human,...`` and :class:`gupai.games.human.Human`.

A piped session plays a whole game of every game; its log validates and is the game a scripted agent making
the same choices plays; an illegal move is refused with its rule and the game goes on; undo, hint and quit.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import gupai
from gupai.cli import main
from gupai.core.spec import game_spec
from gupai.games.agents import GreedyAgent
from gupai.games.human import Board, Human, ScriptFrontend
from gupai.games.registry import load_game
from gupai.games.table import Quit, Refusal, Table
from gupai.log.write import table_log

ROOT = Path(__file__).resolve().parents[2]
GUPAI = [sys.executable, "-c", "import sys; sys.argv[0] = 'gupai'; from gupai.cli.app import run; run()"]

#: Every game, the four-tile variant too: (game, preset).
GAMES = [("kap-shap", "culin"), ("kap-tai-shap", "culin"), ("tsung-shap", "culin"), ("tsung-shap", "spieltdomino")]


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="gupai", input=stdin)


class First:
    """The test's own agent: always the first legal move (what a person typing `1` plays)."""

    name = "first"

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


@pytest.mark.parametrize(("game", "preset"), GAMES)
def test_a_piped_session_plays_a_whole_game(game: str, preset: str, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = run(
        "play",
        game,
        "--preset",
        preset,
        "--agents",
        "human,greedy",
        "--seed",
        "3",
        "--out",
        str(out),
        stdin="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    log = json.loads(out.read_text())
    assert gupai.validate_log(log) == []
    seats = log["players"]
    assert log["agents"] == ["human"] + ["greedy"] * (seats - 1) and log["result"]["reason"]
    # the same game as a table whose seat 0 always plays the first legal move
    table = Table(load_game(game, preset), seed=3, agents=[First()] + ["greedy"] * (seats - 1))
    table.run()
    assert log["events"] == table_log(table)["events"] and log["deal"] == table_log(table)["deal"]
    assert "is over" in result.stdout and "moves: 1) " in result.stdout


def test_a_table_of_agents_plays_the_game_play_plays() -> None:
    for game, preset in GAMES:
        made = load_game(game, preset)
        agents = ["greedy", "random"] + ["greedy"] * (made.players - 2)
        table = Table(made, seed=5, agents=agents)
        table.run()
        assert table_log(table) == gupai.play(made, seed=5, agents=agents)  # type: ignore[arg-type]


class Adaptive:
    """A person who reads the board: answers from ``plan(board, said)``; records what it is shown and told."""

    def __init__(self, plan: Any) -> None:
        self.plan = plan
        self.boards: list[Board] = []
        self.said: list[str] = []
        self.refusals: list[Refusal] = []

    def show(self, board: Board) -> None:
        self.boards.append(board)

    def say(self, text: str) -> None:
        self.said.append(text)

    def refuse(self, refusal: Refusal) -> None:
        self.refusals.append(refusal)

    def ask(self, prompt: str) -> str | None:
        answer: str | None = self.plan(self.boards[-1], self)
        return answer


def test_throwing_back_the_tile_just_taken_is_refused_with_its_rule_and_the_game_goes_on() -> None:
    asked: dict[str, str] = {}

    def plan(board: Board, me: Adaptive) -> str:
        takes = [move for move in board.moves if move.startswith("take ")]
        if takes and not asked:
            asked["took"] = takes[0].split()[1]
            return takes[0]
        if "took" in asked and "tried" not in asked and f"discard {asked['took']}" not in board.moves:
            asked["tried"] = f"discard {asked['took']}"
            return asked["tried"]
        return "1"

    for seed in range(20):
        asked.clear()
        front = Adaptive(plan)
        table = Table(load_game("kap-shap"), seed=seed, agents=[Human(front), "greedy"])
        table.run()
        if "tried" in asked:
            break
    else:  # pragma: no cover - the deals are fixed
        pytest.fail("no deal offered a take")
    refusal = front.refusals[0]
    assert refusal.rule == "ks.turn.discard"
    assert f"threw back the [{asked['took']}] just taken" in refusal.why
    assert refusal.text == game_spec("kap-shap").rule("ks.turn.discard").text
    assert table.state.is_terminal and gupai.validate_log(table_log(table)) == []


def test_an_illegal_move_on_the_command_line_names_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    # Tsung Shap, seat 0 lays first: a capture before any tile is laid is refused
    out = tmp_path / "g.json"
    result = run(
        "play",
        "tsung-shap",
        "--agents",
        "human,greedy",
        "--seed",
        "3",
        "--out",
        str(out),
        stdin="take pair left\n" + "1\n" * 300,
    )
    assert result.exit_code == 0, result.output
    assert "refused: [ts.turn.lay] seat 0 tried to take pair left without laying a tile" in result.stdout
    assert f"ts.turn.lay: {game_spec('tsung-shap').rule('ts.turn.lay').text}" in result.stdout
    plain = run(
        "play",
        "tsung-shap",
        "--agents",
        "human,greedy",
        "--seed",
        "3",
        "--out",
        str(tmp_path / "h.json"),
        stdin="1\n" * 300,
    )
    assert json.loads(out.read_text()) == json.loads((tmp_path / "h.json").read_text())
    assert plain.exit_code == 0
    nonsense = run("play", "tsung-shap", "--agents", "human,greedy", "--seed", "3", stdin="lay 7-7 up\n99\nquit\n")
    assert "is not an action" in nonsense.stdout and "there is no move 99: choose 1 to 2" in nonsense.stdout


def test_undo_goes_back_to_the_previous_decision() -> None:
    script = ScriptFrontend(["1", "1", "undo", "undo", "undo", "quit"])
    table = Table(load_game("kap-shap"), seed=2, agents=[Human(script), "greedy"])
    before = None
    with pytest.raises(Quit):
        while True:
            if before is None and table.state.current_player == 0:
                before = list(table.state.history)
            table.step()
    boards = script.boards
    assert len(boards) == 5 and boards[0] != boards[1] != boards[2]
    assert boards[3] == boards[1] and boards[4] == boards[0]  # each undo shows the decision before again
    assert script.said == ["nothing to undo: this is your first decision"]
    assert table.state.history == before


def test_hint_names_the_greedy_choice_and_the_distance_to_a_win() -> None:
    game = load_game("kap-tai-shap")
    state = game.new_state(game.random_deal(seed=4))
    script = ScriptFrontend(["hint", "quit"])
    with pytest.raises(Quit):
        Human(script).choose(state, state.legal_actions())
    greedy = GreedyAgent().choose(state.clone(), state.legal_actions(), random.Random(0))
    counts = state.hand_counts(state.current_player)
    tiles = " ".join(str(gupai.Tile.from_index(k)) for k, n in enumerate(counts) for _ in range(n))
    distance = gupai.evaluate_hand("kap-tai-shap", tiles).distance
    assert script.said[0] == f"the greedy bot would play: {greedy}; your hand is {distance} tiles from a win"
    tsung = load_game("tsung-shap")
    start = tsung.new_state(tsung.random_deal(seed=4))
    said: list[str] = []
    with pytest.raises(Quit):
        Human(ScriptFrontend(["hint", "help", "rules ts.turn.lay", "rules"], said)).choose(start, [])
    assert said[0].startswith("the greedy bot would play: lay ") and "from a win" not in said[0]
    assert "hint" in said[1] and "undo" in said[1]
    assert (
        said[2]
        == f"ts.turn.lay: {game_spec('tsung-shap').rule('ts.turn.lay').title}\n"
        + game_spec("tsung-shap").rule("ts.turn.lay").text
    )
    assert all(rule.id in said[3] for rule in game_spec("tsung-shap").rules)


def test_quit_writes_the_game_so_far_and_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = run("play", "kap-shap", "--agents", "greedy,human", "--seed", "3", "--out", str(out), stdin="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    log = json.loads(out.read_text())
    table = Table(load_game("kap-shap"), seed=3, agents=["greedy", First()])
    for _ in range(len(log["events"])):
        table.step()
    assert log["events"] == table_log(table)["events"] and log["deal"] == table_log(table)["deal"]
    assert "wrote the game so far" in result.stderr
    # the end of the input is a quit too, and without --out the log is not printed among the board
    ended = run("play", "kap-shap", "--agents", "human,greedy", stdin="1\n")
    assert ended.exit_code == 0 and "give --out FILE to keep it" in ended.stderr and '"format"' not in ended.stdout


def test_the_log_of_a_game_quit_validates_as_unfinished(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    assert (
        run(
            "play", "kap-shap", "--agents", "human,greedy", "--seed", "3", "--out", str(out), stdin="1\nquit\n"
        ).exit_code
        == 0
    )
    checked = run("validate", str(out))
    assert checked.exit_code == 0 and "valid so far, unfinished" in checked.output


def _started(process: subprocess.Popen[bytes]) -> Iterator[bytes]:
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        if not line:
            return
        yield line


def test_ctrl_c_writes_the_game_so_far_and_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "reference")}
    process = subprocess.Popen(
        [*GUPAI, "play", "kap-shap", "--agents", "human,greedy", "--seed", "3", "--out", str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    for line in _started(process):
        if line.startswith(b"  moves: "):
            break
    time.sleep(0.2)  # the prompt is being read
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert b"wrote the game so far" in err
    assert json.loads(out.read_text())["deal"]["order"]


def test_a_human_is_not_a_simulation_agent_and_plays_one_game() -> None:
    assert run("simulate", "kap-shap", "-n", "2", "--agents", "human").exit_code == 2
    assert "one game at a time" in run("play", "kap-shap", "-n", "2", "--agents", "human,greedy").stderr


def test_the_terminal_board_is_drawn_from_plain_text_never_markup() -> None:
    from rich.console import Console

    from gupai.cli.table import RichFrontend

    front = RichFrontend()
    front.console = Console(record=True, width=100, color_system=None)
    game = load_game("kap-shap")
    state = game.new_state(game.random_deal(seed=1))
    from gupai.games.human import board

    front.show(board(state, 1, state.legal_actions()))
    front.refuse(Refusal("ks.opening", "[bold]x[/bold] \x1b[2J", "words"))
    text = front.console.export_text()
    assert "[6-6]" in text and " 1 discard 6-6" in text and "[bold]x[/bold]" in text


def test_play_n_writes_each_game_as_it_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gupai.cli import games as cli_games

    out = tmp_path / "x.jsonl"
    seen: list[int] = []
    real = gupai.log.play.play_match

    def watched(*args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        for log in real(*args, **kwargs):
            parts = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
            assert not out.exists() and len(parts) == 1
            seen.append(parts[0].read_bytes().count(b"\n"))
            yield log

    monkeypatch.setattr(cli_games, "play_match", watched)
    assert run("play", "kap-shap", "-n", "3", "--out", str(out)).exit_code == 0
    assert seen == [0, 1, 2]
    lines = out.read_text().splitlines()
    assert [json.loads(line) for line in lines] == list(real("kap-shap", count=3))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.jsonl"]
    refused = run("play", "kap-shap", "-n", "3", "--out", str(out))
    assert refused.exit_code == 2 and "exists" in refused.stderr


def test_show_on_a_terminal_prints_the_transcript_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from gupai.cli import games as cli_games

    piped = run("play", "kap-tai-shap", "--players", "6", "--show")
    assert piped.stdout.startswith("{") and "turn" in piped.stderr
    monkeypatch.setattr(cli_games, "_stdout_is_terminal", lambda: True)
    shown = run("play", "kap-tai-shap", "--players", "6", "--show")
    assert shown.exit_code == 0 and '"format"' not in shown.stdout
    assert shown.stdout.strip() == gupai.log.transcript.transcript(gupai.play_game("kap-tai-shap", players=6)).strip()
