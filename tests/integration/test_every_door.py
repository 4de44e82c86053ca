"""Every door has the same guards (issue 33): each way into the kit gets the hostile corpus and refuses what
``gupai validate`` refuses, with one of gupai's errors (or its exit status 1 or 2), never a crash.

The doors are listed here by name, and the list is held to the package's public names: the front door's
``gupai.__all__``, every command of the ``gupai`` command line and ``gupai.rl``'s names. A public name that is
neither a door tried here nor listed, with its reason, among the names that take no input from outside
(:data:`NOT_DOORS`) fails :func:`test_the_doors_are_every_public_entry_point`: a door cannot be added without
its guard being tried.

The corpus: every log of ``conformance/*/invalid``, and documents that are not logs or not strict JSON (a
duplicate key, nesting 5,000 deep, a valid log padded past the 4 MiB a document may have, text that is not
JSON). ``gupai validate`` is the reference: the test holds it to refusing each first.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import gupai
from gupai.cli import main
from gupai.core.errors import GupaiError
from gupai.core.jsonread import loads
from gupai.core.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = data_dir("conformance")
VALID = (CONFORMANCE / "kap-shap" / "valid" / "culin-2p-greedy-seed1.json").read_text(encoding="utf-8")
TSUNG = next((CONFORMANCE / "tsung-shap" / "valid").glob("*.json")).read_text(encoding="utf-8")
FAKES = ROOT / "tests" / "fakes"


def _padded(text: str, size: int) -> str:
    """``text`` (a JSON object) with whitespace before its last brace, to ``size`` characters: the same log."""
    body = text.rstrip()
    return body[:-1] + " " * max(0, size - len(body)) + "}"


#: Documents every door refuses: what is not strict JSON, or not a log, whatever reads it.
JSON_HOSTILE: dict[str, str] = {
    "duplicate-key": VALID.rstrip()[:-1] + ', "game": "kap-shap"}',  # the same game twice: Python's reader
    # would take the log as valid
    "deep-nesting": '{"events": ' + "[" * 5000 + "]" * 5000 + "}",
    "huge": _padded(VALID, 5 * 2**20),  # a valid log, but larger than a document may be (4 MiB)
    "not-json": '{"format": "gupai-log", "game": "kap-shap"',
    "nan": VALID.rstrip()[:-1] + ', "x-nan": NaN}',
}

#: The logs every door refuses: each invalid log of the conformance corpus, and the JSON above.
HOSTILE: dict[str, str] = {
    **{
        f"{path.parent.parent.name}/{path.stem}": path.read_text(encoding="utf-8")
        for path in sorted(CONFORMANCE.glob("*/invalid/*.json"))
    },
    **JSON_HOSTILE,
}

#: Two logs every door accepts (so that a door refusing everything fails too).
FINE = {"kap-shap-valid": VALID, "tsung-shap-valid": TSUNG}


# ------------------------------------------------------------ the doors: text in, accepted or refused


def _cli(args: list[str], text: str, tmp_path: Path, *, warned: str | None = None) -> bool:
    """Run ``gupai ARGS FILE`` in this process on ``text``: accepted (exit 0, no warning) or refused (1 or 2)."""
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, [*args, str(path)])
    if result.exit_code == 0:
        return warned is None or warned not in result.stderr
    assert result.exit_code in (1, 2), f"exit {result.exit_code}: {result.output[-500:]}"
    return False


def _api(call: Callable[[], Any]) -> bool:
    """Accepted, or refused with one of gupai's errors (any other exception fails the test: no guard)."""
    try:
        call()
    except GupaiError:
        return False
    return True


def _doc(text: str) -> Any:
    return loads(text)  # the strict reader: a door that takes a parsed document gets what a reader would give


def _replay(replay: Callable[[Any], Any], text: str) -> bool:
    try:
        doc = _doc(text)
    except GupaiError:
        return False
    return _api(lambda: replay(doc))


def _paths(text: str, tmp_path: Path) -> bool:
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    return bool(gupai.validate_paths([str(path)]).ok)


def _engine_client(text: str, tmp_path: Path) -> bool:
    """The engine client (``gupai.Engine``) reads the engine's answers: an engine answering ``state`` with the
    document (on one line) is refused as a harness or engine error."""
    line = tmp_path / "answer.txt"
    line.write_text(json.dumps(_doc(text)) if _parses(text) else text.replace("\n", " "), encoding="utf-8")
    os.environ["GUPAI_HOSTILE_LINE"] = str(line)
    try:
        with gupai.Engine.popen([sys.executable, str(FAKES / "answers_hostile.py")]) as engine:
            engine.new_game("kap-shap", seed=1)
            return _api(engine.state)
    finally:
        del os.environ["GUPAI_HOSTILE_LINE"]


def _parses(text: str) -> bool:
    try:
        _doc(text)
    except GupaiError:
        return False
    return True


def _engine_server(text: str, tmp_path: Path) -> bool:
    """``gupai engine`` reads requests: a request of the document's text gets an error answer, not a crash."""
    result = CliRunner().invoke(main, ["engine"], input=text.replace("\n", " ") + "\n")
    assert result.exit_code == 0, result.output[-500:]
    return '"answer":"error"' not in result.stdout.replace(" ", "")


def _compare(text: str, tmp_path: Path) -> bool:
    """``gupai conformance compare`` reads reports: what is not strict JSON is refused (exit 2) before its schema."""
    path = tmp_path / "report.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["conformance", "compare", str(path)])
    assert result.exit_code in (0, 1, 2), result.output[-500:]
    return "is not JSON" not in result.output and result.exit_code != 2


def _spec_cache(text: str, tmp_path: Path) -> bool:
    """The spec cache: an entry holding the document is passed by, and the YAML file's own parse given."""
    from gupai.core.specfiles import cache_dir, read_yaml

    spec = tmp_path / "rules.yaml"
    spec.write_text("kinds: [1, 2]\n", encoding="utf-8")
    os.environ["GUPAI_CACHE_DIR"] = str(tmp_path / "cache")
    try:
        read_yaml(spec)
        (entry,) = cache_dir().glob("rules-*.json")
        entry.write_text(text, encoding="utf-8")
        return bool(read_yaml(spec) != {"kinds": [1, 2]})  # accepted: the entry's text was taken as the parse
    finally:
        del os.environ["GUPAI_CACHE_DIR"]


#: Each door: how the corpus goes through it. ``log`` doors take logs (every log of the corpus); ``json``
#: doors take other JSON (reports, protocol lines, cache entries): the JSON-hostile part of the corpus.
LOG_DOORS: dict[str, Callable[[str, Path], bool]] = {
    "cli:validate": lambda text, tmp: _cli(["validate"], text, tmp),
    "cli:show": lambda text, tmp: _cli(["show"], text, tmp, warned="is not a valid log"),
    "gupai.validate_text": lambda text, tmp: not gupai.validate_text(text),
    "gupai.validate_paths": _paths,
    "gupai.validate_log": lambda text, tmp: _parses(text) and not gupai.validate_log(_doc(text)),
    "gupai.from_log": lambda text, tmp: _api(lambda: gupai.from_log(text)),
    "gupai.replay_kap": lambda text, tmp: _replay(gupai.replay_kap, text) if '"tsung-shap"' not in text else False,
    "gupai.replay_tsung": lambda text, tmp: _replay(gupai.replay_tsung, text) if '"tsung-shap"' in text else False,
}
JSON_DOORS: dict[str, Callable[[str, Path], bool]] = {
    "gupai.Engine": _engine_client,
    "cli:engine": _engine_server,
    "cli:conformance compare": _compare,
    "spec cache": _spec_cache,
}

#: Doors that take a parsed document, not text: a text's size is its reader's to bound (``huge`` is not theirs).
DOCUMENT_DOORS = {"gupai.validate_log", "gupai.replay_kap", "gupai.replay_tsung"}


def _cases() -> list[Any]:
    cases = []
    for door in LOG_DOORS:
        for name in HOSTILE:
            if door in DOCUMENT_DOORS and name == "huge":
                continue
            cases.append(pytest.param(door, name, id=f"{door}-{name}"))
    for door in JSON_DOORS:
        cases += [pytest.param(door, name, id=f"{door}-{name}") for name in JSON_HOSTILE]
    return cases


def test_validate_refuses_the_whole_corpus_and_accepts_the_valid_logs(tmp_path: Path) -> None:
    """The reference verdicts the doors are held to."""
    assert len(HOSTILE) > 100
    for name, text in HOSTILE.items():
        assert not _cli(["validate"], text, tmp_path), name
    for name, text in FINE.items():
        assert _cli(["validate"], text, tmp_path), name


@pytest.mark.parametrize(("door", "name"), _cases())
def test_every_door_refuses_what_validate_refuses(door: str, name: str, tmp_path: Path) -> None:
    enter = LOG_DOORS.get(door) or JSON_DOORS[door]
    assert not enter(HOSTILE[name], tmp_path)


@pytest.mark.parametrize("door", sorted(LOG_DOORS))
def test_every_log_door_accepts_the_valid_logs(door: str, tmp_path: Path) -> None:
    for name, text in FINE.items():
        game = "tsung-shap" if name.startswith("tsung") else "kap-shap"
        if door.startswith("gupai.replay_") and door != (
            "gupai.replay_tsung" if game == "tsung-shap" else "gupai.replay_kap"
        ):
            continue
        assert LOG_DOORS[door](text, tmp_path), name


# ------------------------------------------------------------ the moves: one legality check for each way in


def _spiel_illegal() -> bool:
    """OpenSpiel: an action id the state does not list as legal, at the first decision of each game."""
    import gupai.rl

    refused = True
    for game in ("kap-shap", "kap-tai-shap", "tsung-shap"):
        state = gupai.rl.spiel_game(game).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
        try:
            state.apply_action(illegal)
        except (GupaiError, ValueError, RuntimeError):
            continue
        refused = False
    return not refused


def _spiel_chance_illegal() -> bool:
    """OpenSpiel: a chance outcome the deal cannot give (a kind dealt more times than the set holds)."""
    import gupai.rl

    state = gupai.rl.spiel_game("kap-shap").new_initial_state()
    try:
        for _ in range(40):
            if not state.is_chance_node():
                break
            state.apply_action(0)
    except (GupaiError, ValueError, RuntimeError):
        return False
    return True


def _petting_illegal() -> bool:
    """PettingZoo: a step with an action that is not legal now."""
    import gupai.rl

    for game in ("kap-shap", "tsung-shap"):
        env = gupai.rl.env(game)
        env.reset(seed=1)
        mask = env.observe(env.agent_selection)["action_mask"]
        illegal = next(i for i, legal in enumerate(mask) if not legal)
        try:
            env.step(illegal)
        except (GupaiError, ValueError):
            continue
        return True
    return False


def _state_apply_illegal() -> bool:
    """The Python API: a state's ``apply`` of an action it does not list as legal (one another deal allows)."""
    for name in ("kap-shap", "tsung-shap"):
        game: Any = gupai.load_game(name)  # type: ignore[call-overload]
        state = game.new_state(game.random_deal(seed=1))
        legal = state.legal_actions()
        others = (game.new_state(game.random_deal(seed=seed)).legal_actions() for seed in range(2, 20))
        other = next(action for actions in others for action in actions if action not in legal)
        try:
            state.apply(other)
        except GupaiError:
            continue
        return True
    return False


def _table_person_illegal() -> bool:
    """A person's move at a :class:`gupai.Table` (the terminal's and the Play page's seats): one it does not list."""
    for name in ("kap-shap", "tsung-shap"):
        game: Any = gupai.load_game(name)  # type: ignore[call-overload]
        legal = game.new_state(game.random_deal(seed=1)).legal_actions()
        others = (game.new_state(game.random_deal(seed=seed)).legal_actions() for seed in range(2, 20))
        other = next(action for actions in others for action in actions if action not in legal)

        class Cheat:
            name = "cheat"

            def __init__(self, action: Any) -> None:
                self.action = action

            def decide(self, table: Any) -> Any:
                return self.action

        table = gupai.Table(game, seed=1, agents=[Cheat(other), Cheat(other)])
        before = str(table.state)
        try:
            table.step()
        except GupaiError:
            if str(table.state) != before:
                return True  # refused, but changed on the way
            continue
        return True
    return False


MOVE_DOORS: dict[str, Callable[[], bool]] = {
    "gupai.Table:person": _table_person_illegal,
    "openspiel:apply_action": _spiel_illegal,
    "openspiel:chance": _spiel_chance_illegal,
    "pettingzoo:step": _petting_illegal,
    "gupai.load_game:apply": _state_apply_illegal,
}


@pytest.mark.parametrize(
    "door",
    sorted(MOVE_DOORS),
)
def test_every_way_a_move_reaches_a_state_refuses_an_illegal_one(door: str) -> None:
    pytest.importorskip("pyspiel")
    assert not MOVE_DOORS[door]()


# ------------------------------------------------------------ the list of doors, held to the public names

#: Public names that take no document, message or move from outside (so no door): each with its reason.
NOT_DOORS: dict[str, str] = {
    # gupai.__all__
    "Agent": "an agent's protocol: it is handed states, it reads nothing",
    "GupaiError": "an error class",
    "IllegalActionError": "an error class",
    "LogError": "an error class",
    "OptionError": "an error class",
    "TileError": "an error class",
    "HandReport": "a result type",
    "KapObservation": "a view a state gives",
    "TsungObservation": "a view a state gives",
    "Tile": "tile text, parsed by Tile.parse and its own TileError (not JSON)",
    "parse_tiles": "tile text (not JSON): TileError",
    "parse_action": "action text (not JSON): the state's legality check takes what it gives",
    "parse_tsung_action": "action text (not JSON): the state's legality check takes what it gives",
    "evaluate_hand": "tiles already parsed",
    "__version__": "a string",
    "dumps": "writes a log, reads none",
    "to_log": "writes a log, reads none",
    "play": "plays the engine's own games",
    "play_game": "plays the engine's own games",
    "game_ids": "a list of names",
    # the command line
    "cli:tiles": "no input",
    "cli:presets": "no input but a game's name (click's choice)",
    "cli:options": "no input but a game's name",
    "cli:rules": "no input but a game's name and a rule id",
    "cli:pairs": "options only (click's choices)",
    "cli:hand": "tile text (not JSON): TileError, exit 2",
    "cli:play": "writes logs; reads none",
    "cli:simulate": "options only",
    "cli:compare": "options only",
    # gupai.rl
    "rl:register": "registers the games with OpenSpiel",
    "rl:short_name": "a name",
}

#: Public names that are doors, and the door of this test that tries each.
DOOR_OF: dict[str, str] = {
    "Table": "gupai.Table:person",
    "Human": "gupai.Table:person",
    "validate_text": "gupai.validate_text",
    "validate_paths": "gupai.validate_paths",
    "validate_log": "gupai.validate_log",
    "from_log": "gupai.from_log",
    "replay_kap": "gupai.replay_kap",
    "replay_tsung": "gupai.replay_tsung",
    "Engine": "gupai.Engine",
    "load_game": "gupai.load_game:apply",
    "KapGame": "gupai.load_game:apply",
    "TsungGame": "gupai.load_game:apply",
    "KapState": "gupai.load_game:apply",
    "TsungState": "gupai.load_game:apply",
    "cli:validate": "cli:validate",
    "cli:show": "cli:show",
    "cli:engine": "cli:engine",
    "cli:conformance compare": "cli:conformance compare",
    "cli:conformance run": "gupai.Engine",  # it reads an engine's answers with the engine client's reader
    "rl:spiel_game": "openspiel:apply_action",
    "rl:SpielGame": "openspiel:apply_action",
    "rl:SpielState": "openspiel:chance",
    "rl:env": "pettingzoo:step",
    "rl:GupaiEnv": "pettingzoo:step",
}


def _commands(group: click.Group, prefix: str = "") -> set[str]:
    names: set[str] = set()
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            names |= _commands(command, f"{prefix}{name} ")
        elif command is not None:
            names.add(f"cli:{prefix}{name}")
    return names


def public_names() -> set[str]:
    """Every public entry point: the front door's names, the commands, gupai.rl's names."""
    names = {name for name in gupai.__all__}
    names |= _commands(main)
    try:
        rl = importlib.import_module("gupai.rl")
        names |= {f"rl:{name}" for name in rl.__all__}
    except ImportError:  # pragma: no cover - without the rl extra
        pass
    return names


def test_the_doors_are_every_public_entry_point() -> None:
    """A public name is a door tried here or a name that takes nothing from outside; a new one fails until the
    test lists it (and so tries its guard)."""
    doors = {*LOG_DOORS, *JSON_DOORS, *MOVE_DOORS}
    assert set(DOOR_OF.values()) <= doors
    assert not set(DOOR_OF) & set(NOT_DOORS)
    unlisted = sorted(public_names() - set(DOOR_OF) - set(NOT_DOORS))
    assert unlisted == [], f"public entry points with no door in this test: {unlisted}"
    stale = sorted((set(DOOR_OF) | set(NOT_DOORS)) - public_names())
    assert stale == [], f"names listed here that are no longer public: {stale}"
