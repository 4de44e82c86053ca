"""The Python library as a researcher meets it: the front door, states, actions as text, logs, hands, agents."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import pytest

import gupai
from gupai.core.errors import IllegalActionError, LogError, OptionError, TileError
from gupai.core.spec import games
from gupai.core.tiles import Tile, parse_tiles
from gupai.games.agents import AgentError, make_agent
from gupai.games.handling import UndoError
from gupai.games.kap.actions import DRAW, Discard, Take
from gupai.games.kap.deal import deal_from_order
from gupai.games.kap.state import KapState
from gupai.games.kap.view import KapObservation
from gupai.games.registry import CollectingGameId, TsungGameId, load_game
from gupai.games.tsung.state import TsungState
from gupai.games.tsung.view import TsungObservation
from gupai.log.play import play_game
from gupai.log.write import dumps, from_log, to_log

GUPAI = str(Path(sys.executable).parent / "gupai")


# ----------------------------------------------------------------- the front door
def test_import_gupai_loads_only_the_front_door() -> None:
    code = "import gupai, sys; print(sorted(m for m in sys.modules if m.startswith('gupai')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['gupai']"


def test_the_front_door_names_load_and_are_listed() -> None:
    for name in gupai.__all__:
        assert getattr(gupai, name) is not None
    assert "load_game" in dir(gupai)
    with pytest.raises(AttributeError):
        gupai.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_the_literal_game_ids_are_the_spec_games() -> None:
    spelled = {*typing.get_args(CollectingGameId), *typing.get_args(TsungGameId)}
    assert spelled == set(games())
    assert {type(load_game(game)).__name__ for game in typing.get_args(CollectingGameId)} == {"KapGame"}
    assert type(load_game("tsung-shap")).__name__ == "TsungGame"


def test_mypy_rejects_a_method_no_state_has(tmp_path: Path) -> None:
    from mypy import api

    script = tmp_path / "typed.py"
    script.write_text(
        'import gupai\ng = gupai.load_game("kap-shap")\ng.new_state(g.random_deal(seed=1)).no_such_method()\n'
    )
    out, _, status = api.run(["--strict", "--no-incremental", "--follow-imports=silent", str(script)])
    assert status == 1 and '"KapState" has no attribute "no_such_method"' in out


def test_load_game_suggests_a_game_and_takes_options_in_either_spelling() -> None:
    with pytest.raises(OptionError, match="Did you mean 'kap-shap'"):
        load_game("kapshap")
    assert load_game("kap-shap", pair_set="printed").config.options["pair-set"] == "printed"
    log = play_game("kap-shap", overrides={"pair_set": "printed"}, seed=2)
    assert log["options"]["pair-set"] == "printed"


# ----------------------------------------------------------------- tiles and actions as text
def test_parse_tiles_takes_a_text_or_a_list() -> None:
    assert parse_tiles("6-6 4-6") == parse_tiles(["6-6", "6-4"]) == [Tile("6-6"), Tile("6-4")]
    assert parse_tiles("[6:6], 1-3") == [Tile("6-6"), Tile("3-1")]


def _kap_state() -> KapState:
    """Kap Shap from a written order: seat 0 throws 1+1+1+1 = 4, so seat 0 is first (4 mod 2)."""
    game = load_game("kap-shap")
    order = list(range(21)) + list(range(11))
    return game.new_state(deal_from_order(game.config, order, dice=(1, 1, 1, 1)))


def test_apply_takes_an_action_or_its_text_and_returns_events_in_both_families() -> None:
    state = _kap_state()
    first = state.hand(state.current_player)[0]
    events = state.apply(f"discard {first}")
    assert [(e.type, e.tile) for e in events] == [("discard", first)]
    with pytest.raises(TypeError, match="not an action of kap-shap"):
        state.apply(42)  # type: ignore[arg-type]
    with pytest.raises(TileError):
        state.apply("discard 9-9")
    with pytest.raises(IllegalActionError, match="must first take a discard or draw"):
        state.apply(f"discard {state.hand(state.current_player)[0]}")
    tsung = load_game("tsung-shap")
    ts = tsung.new_state(tsung.random_deal(seed=1))
    laid = ts.apply(str(ts.legal_actions()[0]))
    assert isinstance(laid, list) and laid[0].type == "lay"


# ----------------------------------------------------------------- states
def test_str_shows_the_table_and_repr_names_the_play() -> None:
    state = _kap_state()
    text = str(state)
    assert text.splitlines()[0] == f"kap-shap, turn 1: seat {state.current_player} to discard (or declare); stock 17"
    assert "table   -" in text
    assert repr(state).startswith("<KapState kap-shap turn 1")


def test_undo_and_history() -> None:
    state = _kap_state()
    with pytest.raises(UndoError, match="nothing to undo"):
        state.undo()
    discard = Discard(state.hand(state.current_player)[0])
    state.apply(discard)
    state.apply(Take(discard.tile) if Take(discard.tile) in state.legal_actions() else DRAW)
    assert len(state.history) == 2 and state.history[0] == discard
    state.undo()
    assert state.history == [discard] and state.phase == "start"


def test_a_kap_observation_is_one_seats_view() -> None:
    state = _kap_state()
    me = state.current_player
    state.apply(Discard(state.hand(me)[0]))
    state.apply(DRAW)
    drawer = 1 - me
    mine, theirs = state.observation(drawer), state.observation(me)
    assert isinstance(mine, KapObservation)
    assert mine.events[-1].tile is not None and theirs.events[-1].tile is None
    assert theirs.hand_sizes[drawer] == 8 and list(theirs.hand) == state.hand(me)
    assert "8 tiles" in str(theirs)
    with pytest.raises(IllegalActionError):
        state.observation(5)


def test_a_tsung_observation_shows_no_face_down_tile_even_to_its_owner() -> None:
    game = load_game("tsung-shap")
    state = game.new_state(game.random_deal(seed=3))
    seen = state.observation(state.current_player)
    assert isinstance(seen, TsungObservation)
    assert seen.face_down == (15, 16) and seen.revealed is not None
    assert not hasattr(seen, "piles")


def test_returns_settle_every_game() -> None:
    log = play_game("kap-shap", seed=5)
    state = from_log(log)
    assert list(state.returns()) == log["result"]["settlement"]
    tsung = from_log(play_game("tsung-shap", seed=5))
    assert isinstance(tsung, TsungState)
    a, b = tsung.scores
    assert tsung.returns() == (a - b, b - a)


# ----------------------------------------------------------------- logs
@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap", "tsung-shap"])
def test_a_played_log_restores_and_writes_back_the_same(game: str) -> None:
    log = play_game(game, seed=7)
    state = from_log(json.dumps(log))
    written = to_log(state, seed=7, agents=log["agents"])
    assert written == log
    assert json.loads(dumps(state)) == {k: v for k, v in log.items() if k not in ("seed", "agents")}
    assert to_log(pickle.loads(pickle.dumps(state))) == to_log(state)


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap", "tsung-shap"])
def test_a_game_reads_back_the_logs_of_its_plays(game: str) -> None:
    log = play_game(game, seed=11)  # the recorder's log (gupai.log.play), not the writer's
    state = from_log(json.dumps(log), game=load_game(game))
    assert to_log(state, seed=11, agents=log["agents"]) == log
    assert to_log(pickle.loads(pickle.dumps(state))) == to_log(state)


def test_a_log_of_another_family_game_or_options_is_refused() -> None:
    kap = play_game("kap-shap", seed=2)
    with pytest.raises(LogError, match=r"not of gupai\.load_game\('tsung-shap'"):
        from_log(kap, game=load_game("tsung-shap"))
    with pytest.raises(LogError, match="'kap-shap', 'pagat'"):
        from_log(kap, game=load_game("kap-shap", "pagat"))
    with pytest.raises(LogError, match=r"not of gupai\.load_game\('kap-tai-shap'"):
        from_log(kap, game=load_game("kap-tai-shap"))
    assert to_log(from_log(kap, game=load_game("kap-shap")))["game"] == "kap-shap"


def test_states_and_games_know_no_log_format() -> None:
    """Records live in gupai.log (issue 34): no state or game has a to_log or from_log of its own."""
    game = load_game("kap-shap")
    for holder in (game, game.new_state(game.random_deal(seed=1)), KapState, TsungState, load_game("tsung-shap")):
        assert not hasattr(holder, "to_log") and not hasattr(holder, "from_log"), holder


def test_from_log_refuses_an_invalid_log_in_one_line() -> None:
    log = play_game("kap-shap", seed=7)
    log["events"][0]["tile"] = "6-6" if log["events"][0].get("tile") != "6-6" else "1-1"
    with pytest.raises(LogError) as error:
        from_log(log)
    assert "\n" not in str(error.value)
    with pytest.raises(LogError, match="not JSON"):
        from_log("{")


def test_games_pickle() -> None:
    game = load_game("kap-tai-shap", players=6, take="latest")
    again = pickle.loads(pickle.dumps(game))
    assert again.config.options == game.config.options and again.players == 6


# ----------------------------------------------------------------- hands
def test_evaluate_hand_is_what_gupai_hand_json_prints() -> None:
    tiles = "6-6 6-6 5-5 5-5 4-6 4-6 3-1"
    out = subprocess.run(
        [GUPAI, "hand", "kap-shap", *tiles.split(), "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == gupai.evaluate_hand("kap-shap", tiles).to_json()


# ----------------------------------------------------------------- agents
AGENT_FILE = textwrap.dedent(
    """
    from gupai.games.kap.view import KapObservation

    class Watcher:
        seen = []

        def choose(self, observation, legal_actions):
            Watcher.seen.append(type(observation).__name__)
            return str(legal_actions[0])

    class Cheat:
        def choose(self, observation, legal_actions):
            return "discard 9-9"
    """
)


def test_a_users_agent_sees_only_its_observation(tmp_path: Path) -> None:
    path = tmp_path / "agents.py"
    path.write_text(AGENT_FILE)
    log = play_game("kap-shap", seed=3, agents=(f"{path}:Watcher", "greedy"))
    assert log["agents"] == [f"{path}:Watcher", "greedy"]
    player = make_agent(f"{path}:Watcher")
    seen = type(player.agent).seen  # type: ignore[attr-defined]
    assert seen and set(seen) == {"KapObservation"}
    with pytest.raises(AgentError, match="not one of the"):
        play_game("kap-shap", seed=3, agents=(f"{path}:Cheat",))
    with pytest.raises(OptionError, match="Did you mean 'greedy'"):
        make_agent("gredy")
    with pytest.raises(AgentError, match="has no 'Nobody'"):
        make_agent(f"{path}:Nobody")


def test_simulate_plays_a_users_agent_on_the_reference_engine(tmp_path: Path) -> None:
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "mypkg" / "mod.py").write_text(AGENT_FILE.replace("Watcher", "MyAgent"))
    done = subprocess.run(
        [
            GUPAI,
            "simulate",
            "kap-shap",
            "--agents",
            "mypkg.mod:MyAgent,greedy",
            "-n",
            "100",
            "--engine",
            "reference",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "mypkg.mod:MyAgent" in done.stdout and '"games": 100' in done.stdout.replace(": ", ": ")


# ----------------------------------------------------------------- driving an engine
SERVER = [sys.executable, "-m", "gupai.protocol.server"]


@pytest.mark.parametrize("game", ["kap-shap", "tsung-shap"])
def test_an_engine_plays_a_game_to_its_end_over_the_protocol(game: str) -> None:
    from gupai.engine import Engine, action_text

    local: typing.Any = load_game(game).new_state(load_game(game).random_deal(seed=4))
    with Engine.popen(SERVER) as engine:
        assert game in engine.hello["games"]
        engine.new_game(game, seed=4)
        while not engine.state()["terminal"]:
            legal = engine.legal_actions()
            assert sorted(map(action_text, legal)) == sorted(map(str, local.legal_actions()))
            text = action_text(legal[-1])
            events = engine.apply(text)
            assert [e.to_json() for e in local.apply(text)] == events
        with pytest.raises(IllegalActionError):
            engine.apply({"type": "pass", "seat": 0})  # the game is over
    assert engine.process.process is None  # stopped and reaped


def test_an_engine_that_hangs_times_out_and_is_killed() -> None:
    from gupai.conformance.process import EngineError
    from gupai.engine import Engine

    hangs = [sys.executable, str(Path(__file__).resolve().parents[1] / "fakes" / "hangs.py")]
    with Engine.popen(hangs, timeout=0.5, start_timeout=5) as engine:
        with pytest.raises(EngineError) as error:
            engine.new_game("kap-shap", seed=1)
        assert error.value.fault == "timeout"
    assert engine.process.process is None


# ----------------------------------------------------------------- the Python API page
def test_the_python_api_page_runs_as_a_doctest() -> None:
    import doctest
    import importlib.util
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "python-api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 6
    extra = re.findall(r'```pycon title="with gupai\[rl\]"\n(.*?)```', page, flags=re.S)
    assert extra  # the rl part of the tour, run when the rl extra is installed
    if importlib.util.find_spec("pyspiel") and importlib.util.find_spec("pettingzoo"):
        blocks += extra
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "python-api.md", "docs/python-api.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize(
    ("game", "preset", "options"),
    [
        ("kap-shap", "culin", {}),
        ("kap-tai-shap", "pagat", {"take": "latest"}),
        ("tsung-shap", None, {"end": "all-laid"}),
    ],
)
def test_a_game_and_a_deal_print_as_the_call_that_makes_them_again(
    game: str, preset: str | None, options: dict[str, str]
) -> None:
    from gupai.games.kap.deal import Deal
    from gupai.games.tsung.deal import TsungDeal

    made = typing.cast(typing.Any, load_game)(game, preset, **options)
    again = eval(repr(made), {"gupai": gupai})
    assert again.config.options.as_dict() == made.config.options.as_dict()
    assert (again.config.options.preset, again.players) == (made.config.options.preset, made.players)
    deal = made.random_deal(seed=11)
    assert eval(repr(deal), {"Deal": Deal, "TsungDeal": TsungDeal}) == deal
    assert "6-6" in repr(deal)


def test_a_position_pickles_but_has_no_deal_to_undo_to_and_an_abandoned_play_restores() -> None:
    from gupai.games.tsung.config import tsung_config

    position = TsungState.from_position(
        tsung_config(), row=[Tile("6-6"), Tile("3-1"), Tile("4-4")], piles=[[Tile("2-2"), Tile("1-1")], [Tile("5-5")]]
    )
    position.apply("lay 2-2 right")
    again = pickle.loads(pickle.dumps(position))
    assert str(again) == str(position) and again.history == position.history
    with pytest.raises(UndoError, match="from_position"):
        position.undo()
    game = load_game("kap-shap", termination="none")
    state = game.new_state(game.random_deal(seed=2))
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    state.abandon()
    assert to_log(pickle.loads(pickle.dumps(state))) == to_log(state)
    assert from_log(to_log(state)).reason == "abandoned"


def test_both_families_are_states_of_one_protocol() -> None:
    """mypy checks the calls: KapState and TsungState satisfy games.base.State, clone and undo included."""
    from gupai.games.base import ActionT, State

    def round_trip(play: State[ActionT], players: int) -> None:
        twin = play.clone()
        first = twin.legal_actions()[0]
        assert twin.apply(first) and twin.undo() == first and twin.history == play.history == []
        assert len(play.returns()) == players

    kap, tsung = load_game("kap-tai-shap", players=4), load_game("tsung-shap")
    round_trip(kap.new_state(kap.random_deal(seed=1)), 4)
    round_trip(tsung.new_state(tsung.random_deal(seed=1)), 2)
