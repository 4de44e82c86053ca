"""The validator's quick accept path gives the long way's verdict on every log, valid or not.

:func:`gupai.log.quick.accepts` (with :func:`gupai.games.kap.quick.quick_replay`)
may only ever shorten the way to "valid": on every document the validator's
verdict, each issue's pointer, rule and message, must be the one the long
way gives alone (the strict reader, the whole schema, the one replay path).
The logs are real games of every Kap preset, with random options, seeds and
player counts, and games of a match; each is mutated once, as a document
(an event's type, seat or tile changed, an event dropped, duplicated or
moved, a key added or removed, the deal or the result changed, a number
made a bool, a float or a very long integer) or as text (a key written twice, whitespace,
an escape, a byte order mark, a number written with a fraction, deep nesting).
A valid log of every preset is accepted by the quick path itself, so that
the path is used, not merely harmless.
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai import game_spec, load_game
from gupai.core.errors import GupaiError
from gupai.core.options import resolve_options, written_options
from gupai.core.resources import data_dir
from gupai.core.tiles import kinds
from gupai.games.kap import quick
from gupai.games.kap.actions import DECLARE, Take
from gupai.games.kap.config import config_of
from gupai.log import verdicts
from gupai.log.format import dumps_log_line
from gupai.log.play import play_game, play_match
from gupai.log.quick import accepted, accepts
from gupai.log.read import validate_text
from gupai.log.validate import validate_log
from gupai.log.write import to_log

KAP = ("kap-shap", "kap-tai-shap")
FACES = [k.face for k in kinds()]
#: Other spellings of tiles (low end first), which only the long way reads.
FLIPPED = {face: f"{face[2]}-{face[0]}" for face in FACES if face[0] != face[2]}


@lru_cache(maxsize=256)
def _played(game: str, preset: str, overrides: tuple[tuple[str, str], ...], players: int | None, seed: int) -> str:
    try:
        return dumps_log_line(play_game(game, preset=preset, overrides=dict(overrides), players=players, seed=seed))
    except GupaiError:  # options that do not go together (e.g. too few piles for the players)
        return ""


@lru_cache(maxsize=32)
def _match(game: str, preset: str, seed: int) -> tuple[str, ...]:
    return tuple(dumps_log_line(log) for log in play_match(game, preset=preset, seed=seed, count=3))


@st.composite
def logs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid Kap log: any preset, some options changed, two to six players in Kap Tai Shap; or a match's game."""
    game = draw(st.sampled_from(KAP))
    spec = game_spec(game)
    preset = draw(st.sampled_from([p.name for p in spec.presets]))
    if draw(st.integers(0, 9)) == 0:
        return dict(json.loads(draw(st.sampled_from(_match(game, "navpil-culin", draw(st.integers(0, 3)))))))
    changed = draw(st.lists(st.sampled_from([o for o in spec.options if o.key != "termination"]), max_size=3))
    overrides = tuple(sorted({o.key: draw(st.sampled_from(list(o.values))) for o in changed}.items()))
    players = draw(st.integers(2, 6)) if game == "kap-tai-shap" else None
    text = _played(game, preset, overrides, players, draw(st.integers(0, 40)))
    if not text:
        text = _played(game, preset, (), players, 0)
    return dict(json.loads(text))


def _long_way(text: str) -> list[str]:
    """The validator's verdict with the quick path turned off."""
    with mock.patch.object(verdicts, "accepted", lambda text: None):
        return [str(issue) for issue in validate_text(text, file="x.json")]


JUNK: list[Any] = [None, True, False, 0, 1, -1, 1.5, 2**70, 10**40, "", "x", "6-6", "4-6", [], {}, ["6-6"], {"a": 1}]


def _some_event(draw: st.DrawFn, players: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(["discard", "take", "draw", "pass", "declare"]))
    event: dict[str, Any] = {"type": kind, "seat": draw(st.integers(0, players - 1))}
    if kind in ("discard", "take", "draw"):
        event["tile"] = draw(st.sampled_from(FACES))
    return event


@st.composite
def mutants(draw: st.DrawFn) -> str:
    """A valid log's text, changed once (or not at all)."""
    log = copy.deepcopy(draw(logs()))
    events: list[dict[str, Any]] = log["events"]
    n = int(log["players"])
    part = draw(st.sampled_from(["none", "event", "events", "deal", "result", "top", "text"]))
    at = draw(st.integers(0, max(len(events) - 1, 0)))
    if part == "event" and events:
        event = events[at]
        how = draw(st.sampled_from(["type", "seat", "tile", "drop-key", "add-key", "junk", "flip"]))
        if how == "type":
            event["type"] = draw(st.sampled_from(["discard", "take", "draw", "pass", "declare", "Draw", "play"]))
        elif how == "seat":
            event["seat"] = draw(st.sampled_from([*range(n + 1), True, False, 1.0, -1, 10**40]))
        elif how == "tile" and "tile" in event:
            event["tile"] = draw(st.sampled_from(FACES))
        elif how == "drop-key":
            del event[draw(st.sampled_from(sorted(event)))]
        elif how == "add-key":
            event[draw(st.sampled_from(["x-note", "tile", "hand", "extra"]))] = draw(st.sampled_from(JUNK))
        elif how == "flip" and event.get("tile") in FLIPPED:
            event["tile"] = FLIPPED[event["tile"]]
        else:
            event[draw(st.sampled_from(sorted(event)))] = draw(st.sampled_from(JUNK))
    elif part == "events":
        how = draw(st.sampled_from(["drop", "duplicate", "move", "insert", "truncate", "junk"]))
        if how == "drop" and events:
            del events[at]
        elif how == "duplicate" and events:
            events.insert(at, copy.deepcopy(events[at]))
        elif how == "move" and events:
            events.insert(draw(st.integers(0, len(events) - 1)), events.pop(at))
        elif how == "insert":
            events.insert(draw(st.integers(0, len(events))), _some_event(draw, n))
        elif how == "truncate":
            del events[at:]
        else:
            events.insert(at, draw(st.sampled_from(JUNK)))
    elif part == "deal":
        deal = log["deal"]
        how = draw(st.sampled_from(["swap", "hand-order", "hand-tile", "stock", "dice", "first", "drop", "flip"]))
        if how == "swap":
            i, j = draw(st.integers(0, len(deal["order"]) - 1)), draw(st.integers(0, len(deal["order"]) - 1))
            deal["order"][i], deal["order"][j] = deal["order"][j], deal["order"][i]
        elif how == "hand-order":
            deal["hands"][draw(st.integers(0, n - 1))].reverse()
        elif how == "hand-tile":
            hand = deal["hands"][draw(st.integers(0, n - 1))]
            hand[draw(st.integers(0, len(hand) - 1))] = draw(st.sampled_from(FACES))
        elif how == "stock" and deal["stock"]:
            deal["stock"][draw(st.integers(0, len(deal["stock"]) - 1))] = draw(st.sampled_from(FACES))
        elif how == "dice":
            deal["dice"] = draw(
                st.sampled_from([None, [1, 1, 1, 1], [6, 6, 6, 6], [7, 0, 1, 1], [1, 2, 3], [True, 1, 1, 1]])
            )
        elif how == "first":
            deal["first_player"] = draw(st.sampled_from([*range(n + 1), None, True]))
        elif how == "drop":
            del deal[draw(st.sampled_from(sorted(deal)))]
        else:
            place = draw(st.sampled_from(["order", "hands", "stock"]))
            tiles = deal[place][0] if place == "hands" else deal[place]
            for k, face in enumerate(tiles):
                if face in FLIPPED:
                    tiles[k] = FLIPPED[face]
                    break
    elif part == "result":
        result = log["result"]
        how = draw(st.sampled_from(["winner", "reason", "turns", "settlement", "hand", "split", "drop", "add"]))
        if how == "winner":
            result["winner"] = draw(st.sampled_from([*range(n), None, True]))
        elif how == "reason":
            result["reason"] = draw(st.sampled_from(["declared", "stock-exhausted", "dead-rounds", "abandoned"]))
        elif how == "turns":
            result["turns"] = result["turns"] + draw(st.sampled_from([-1, 1, 10**40]))
        elif how == "settlement":
            result["settlement"][draw(st.integers(0, n - 1))] += draw(st.sampled_from([-1, 1]))
        elif how == "hand" and "hand" in result:
            result["hand"].reverse() if draw(st.booleans()) else result["hand"].pop()
        elif how == "split" and "decomposition" in result:
            split = result["decomposition"]
            if draw(st.booleans()):
                split["pairs"].reverse()
            else:
                split["eye"], split["pairs"][0] = split["pairs"][0], split["eye"]
        elif how == "drop":
            del result[draw(st.sampled_from(sorted(result)))]
        else:
            result[draw(st.sampled_from(["x-turns", "note"]))] = draw(st.sampled_from(JUNK))
    elif part == "top":
        key = draw(st.sampled_from(["seed", "players", "sets", "game", "options", "match", "x-engine", "agents"]))
        if key == "options":
            option = draw(st.sampled_from(sorted(log["options"])))
            log["options"][option] = draw(st.sampled_from(["any", "latest", "none", "wall", "x"]))
        elif key == "seed":
            log["seed"] = draw(st.sampled_from([10**39, 10**40, -(10**40), "s:1", "a b", 1.5]))
        else:
            log[key] = draw(st.sampled_from([*JUNK, {"game": 1, "previous": None}, {"x": [[[[1]]]]}]))
    text = dumps_log_line(log)
    if part == "text":
        how = draw(
            st.sampled_from(["duplicate", "spaces", "deal-spaces", "escape", "bom", "fraction", "deep", "colon"])
        )
        if how == "duplicate":
            key = draw(
                st.sampled_from(
                    [
                        '"format"',
                        '"seat"',
                        '"tile"',
                        '"eye"',
                        '"winner"',
                        '"take"',
                        '"dice"',
                        '"first_player"',
                        '"deal"',
                    ]
                )
            )
            at_key = text.find(key + ":")
            if at_key >= 0:
                end = text.find(",", at_key)
                text = text[: end + 1] + text[at_key:end] + "," + text[end + 1 :]
        elif how == "spaces":
            text = text.replace(":", draw(st.sampled_from([": ", " :", " : ", ":\t"])), draw(st.integers(1, 50)))
        elif how == "deal-spaces":  # the deal written otherwise than a log writes it: decoded, not read in bulk
            start = text.find('"deal":')
            deal = text[start : text.find('"events":', start)]
            text = text.replace(
                deal, deal.replace(",", draw(st.sampled_from([", ", " ,", ",\n"])), draw(st.integers(1, 9)))
            )
        elif how == "escape":
            text = text.replace('"greedy"', '"gr\\u0065edy"').replace('"hold"', '"h\\u006fld"')
            text = text.replace('"discard"', '"disc\\u0061rd"', 1)
        elif how == "bom":
            text = "\ufeff" + text
        elif how == "fraction":
            text = text.replace('"seat":1', '"seat":1.0', 1)
        elif how == "deep":
            text = text[:-1] + ',"x-deep":' + "[" * 70 + "]" * 70 + "}"
        else:
            text = text.replace('"preset":"', '"preset":":', 1)
    return text


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutants())
def test_the_quick_path_gives_the_long_way_s_verdict(text: str) -> None:
    slow = _long_way(text)
    if accepts(text):
        assert slow == [], f"the quick path accepts what the long way refuses: {slow[:2]}"
    assert [str(issue) for issue in validate_text(text, file="x.json")] == slow


@pytest.mark.parametrize("game", KAP)
def test_a_valid_log_of_every_preset_takes_the_quick_path(game: str) -> None:
    for preset in game_spec(game).presets:
        for seed in range(3):
            text = _played(game, preset.name, (), 4 if game == "kap-tai-shap" else None, seed)
            assert text and accepts(text), f"{game} {preset.name} seed {seed}: the quick path does not accept it"


def test_games_of_a_match_take_the_quick_path() -> None:
    texts = _match("kap-shap", "navpil-culin", 1)
    assert all(accepts(text) for text in texts)


def test_a_deal_written_otherwise_still_takes_the_quick_path() -> None:
    text = _played("kap-tai-shap", "culin", (), 4, 1)
    for spaced in (text.replace('"dice":', '"dice": '), text.replace('"stock":[', '"stock": [ ', 1)):
        assert accepted(spaced) is not None and _long_way(spaced) == []


def test_the_document_of_a_match_game_is_the_whole_log() -> None:
    for text in _match("kap-shap", "navpil-culin", 2):
        assert accepted(text) == json.loads(text)  # the validator keeps it, to check the next line's link


def _twice_dealt(text: str) -> str:
    start, end = text.index('"deal":'), text.index(',"events":')
    return text[:end] + "," + text[start:end] + text[end:]


def _with(**top: Any) -> str:
    log = json.loads(_played("kap-shap", "culin", (), None, 2))
    return dumps_log_line({**log, **top})


@pytest.mark.parametrize(
    "text",
    [
        _played("kap-shap", "culin", (), None, 2).replace('"format":', '"format":"gupai-log","format":', 1),
        _with(seed=10**40),  # an integer of 41 digits
        _with(**{"x-deep": json.loads("[" * 65 + "]" * 65)}),  # nested too deeply
        _with(**{"x-note": 1}),  # an extension key: valid, but only the long way reads it
        _played("kap-shap", "culin", (), None, 2).replace('"seat":0', '"seat":0.0', 1),  # an integral float: valid
        _played("kap-shap", "culin", (), None, 2).replace('"greedy"', '"gr\\u0065edy"', 1),  # an escape: valid
        _twice_dealt(_played("kap-shap", "culin", (), None, 2)),  # the deal written twice, the same both times
    ],
)
def test_what_only_the_long_way_reads_goes_the_long_way(text: str) -> None:
    assert not accepts(text)
    assert [str(issue) for issue in validate_text(text, file="x.json")] == _long_way(text)


def test_an_integer_of_forty_digits_is_read_by_both() -> None:
    text = _with(seed=10**40 - 1)
    assert accepts(text) and _long_way(text) == []


#: Valid corpus logs the quick path leaves to the long way: an abandoned game (the long way says so), and a
#: result holding an extension key (which only the long way reads).
LONG_WAY = {"navpil-gin-abandoned-mid-turn.json", "navpil-culin-previous-winner-draws-first.json"}


def _corpus(kind: str) -> list[tuple[str, dict[str, Any]]]:
    paths = sorted(path for game in KAP for path in (data_dir("conformance") / game / kind).glob("*.json"))
    return [(f"{path.parent.parent.name}/{path.name}", json.loads(path.read_text(encoding="utf-8"))) for path in paths]


def test_a_corpus_log_takes_the_quick_path_exactly_when_it_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every valid and hand-written log of the corpus (every preset, every option the presets use, two to ten
    players, one and two sets) is certainly valid, and no invalid one is (each breaks one rule the quick path
    must see, or is left to the long way): read as a document, and as the text of a log line."""
    monkeypatch.setattr(quick, "_SETUPS", {})  # each configuration's setup worked out afresh, none remembered
    for name, doc in _corpus("valid") + _corpus("handwritten"):
        expected = name.partition("/")[2] not in LONG_WAY
        assert quick.quick_replay(doc) is expected and accepts(dumps_log_line(doc)) is expected, name
    for name, doc in _corpus("invalid"):
        assert not quick.quick_replay(doc) and not accepts(dumps_log_line(doc)), name


# crook, seat 0 declares [6-6] [6-2] [5-1] [4-4] [4-4] [3-3] [3-1] [2-2] (printed ten-pairs): eye [4-4] [4-4] and
# [6-6]+[6-2], [5-1]+[3-1], [3-3]+[2-2]. Each change below is made to the declaration and the result alike (so that
# the two still agree), and only a hand listed in another order leaves the log valid.
CROOK = data_dir("conformance") / "kap-shap" / "valid" / "crook-2p-greedy-seed1.json"
SPLIT_CHANGES: list[tuple[str, dict[str, Any] | None, list[str] | None, bool]] = [
    ("the result's hand listed in another order", None, ["2-2", "3-1", "3-3", "4-4", "4-4", "5-1", "6-2", "6-6"], True),
    (
        "the result's hand with a [1-1] for the [2-2]",
        None,
        ["6-6", "6-2", "5-1", "4-4", "4-4", "3-3", "3-1", "1-1"],
        False,
    ),
    (
        "a key the split has no room for",
        {"eye": ["4-4", "4-4"], "pairs": [["6-6", "6-2"], ["5-1", "3-1"], ["3-3", "2-2"]], "note": 1},
        None,
        False,
    ),
    (  # the same tiles, [5-1]+[3-3] = 12 and [3-1]+[2-2] = 8
        "pairs that make no ten",
        {"eye": ["4-4", "4-4"], "pairs": [["6-6", "6-2"], ["5-1", "3-3"], ["3-1", "2-2"]]},
        None,
        False,
    ),
    (
        "an eye of two different tiles",
        {"eye": ["4-4", "3-3"], "pairs": [["6-6", "6-2"], ["5-1", "3-1"], ["4-4", "2-2"]]},
        None,
        False,
    ),
    (
        "a pair written as an object",
        {"eye": ["4-4", "4-4"], "pairs": [{"6-6": 1, "6-2": 1}, ["5-1", "3-1"], ["3-3", "2-2"]]},
        None,
        False,
    ),
]


@pytest.mark.parametrize(("split", "hand", "valid"), [c[1:] for c in SPLIT_CHANGES], ids=[c[0] for c in SPLIT_CHANGES])
def test_a_declared_split_and_result_are_certainly_valid_only_as_the_schema_and_the_rules_read_them(
    split: dict[str, Any] | None, hand: list[str] | None, valid: bool
) -> None:
    log = json.loads(CROOK.read_text(encoding="utf-8"))
    if split is not None:
        log["events"][-1]["decomposition"] = log["result"]["decomposition"] = split
    if hand is not None:
        log["result"]["hand"] = hand
    text = dumps_log_line(log)
    assert (_long_way(text) == [], quick.quick_replay(log), accepts(text)) == (valid, valid, valid)


def test_a_take_in_two_turns_running_is_certainly_valid_only_without_no_consecutive_takes() -> None:
    """celko (take-or-draw) under termination=none: seat 0 takes in two of its turns running, which
    termination=no-consecutive-takes forbids; a game played under that option is certainly valid."""
    log = play_game("kap-shap", preset="celko", overrides={"termination": "none"}, seed=0, agents=("random",))
    assert quick.quick_replay(log) and accepts(dumps_log_line(log))
    log["options"]["termination"] = "no-consecutive-takes"
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)
    overrides = {"termination": "no-consecutive-takes"}
    log = play_game("kap-shap", preset="celko", overrides=overrides, seed=1, agents=("random",))
    # seat 1 opens with a discard, and seat 0 takes it: a take in its first turn, with none before
    assert [event["type"] for event in log["events"][:2]] == ["discard", "take"]
    assert quick.quick_replay(log) and accepts(dumps_log_line(log))


def test_a_setup_remembered_for_another_configuration_at_the_same_address_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A configuration freed and another made where it was: the setup is remembered by the object's id, so the id
    alone must not bring back the first one's."""
    log = json.loads(CROOK.read_text(encoding="utf-8"))
    config = config_of(log["game"], written_options(log), players=log["players"], sets=log["sets"])
    other = config_of("kap-shap", resolve_options("kap-shap", preset="celko"), players=2, sets=1)
    monkeypatch.setattr(quick, "_SETUPS", {id(config): (other, quick._setup(other))})
    assert quick.quick_replay(log)


def test_a_copy_of_the_taken_face_thrown_back_is_certainly_valid_only_under_discard_taken_taken_tile() -> None:
    """culin under discard-taken=taken-tile: at event 35 seat 0 takes [5-1] holding a [5-1] from before, and
    throws one back (the taken tile stays), which discard-taken=forbidden forbids."""
    log = play_game("kap-shap", preset="culin", overrides={"discard-taken": "taken-tile"}, seed=1, agents=("random",))
    assert log["events"][35:37] == [
        {"type": "take", "seat": 0, "tile": "5-1"},
        {"type": "discard", "seat": 0, "tile": "5-1"},
    ]
    assert _long_way(dumps_log_line(log)) == [] and quick.quick_replay(log) and accepts(dumps_log_line(log))
    log["options"]["discard-taken"] = "forbidden"
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_a_winning_hand_discarded_is_certainly_valid_only_under_declare_optional() -> None:
    """crook (declare=optional), played by random legal moves but for the first declaration it could make: a
    winning hand is discarded from, which declare=mandatory forbids."""
    engine = load_game("kap-shap", preset="crook")
    state = engine.new_state(engine.random_deal(seed=3))
    rng = random.Random(3)
    passed_up = False
    while not state.is_terminal:
        moves = state.legal_actions()
        if DECLARE in moves and not passed_up:
            moves, passed_up = [move for move in moves if move is not DECLARE], True
        state.apply(rng.choice(moves))
    log = to_log(state)
    assert passed_up and _long_way(dumps_log_line(log)) == [] and quick.quick_replay(log)
    log["options"]["declare"] = "mandatory"
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_the_taken_tile_thrown_back_is_certainly_valid_only_under_discard_taken_allowed() -> None:
    """culin under discard-taken=allowed: seat 1 throws back tiles just taken, holding no copy of them from before
    (at event 55 a [6-4]), which discard-taken=taken-tile forbids (the taken tile must stay)."""
    log = play_game("kap-shap", preset="culin", overrides={"discard-taken": "allowed"}, seed=1, agents=("random",))
    assert log["events"][55:57] == [
        {"type": "take", "seat": 1, "tile": "6-4"},
        {"type": "discard", "seat": 1, "tile": "6-4"},
    ]
    assert _long_way(dumps_log_line(log)) == [] and quick.quick_replay(log)
    log["options"]["discard-taken"] = "taken-tile"
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_a_game_ended_by_its_first_three_dead_rounds_or_by_passes_takes_the_quick_path() -> None:
    """Two ends counted from the game's first turn, where the quick path's counters start: celko (two players)
    played with no draw at all, ended by three dead rounds at turn 6 (the opening turn the first); and celko under
    stock-out=play-on with the one-step turn, ended when both seats pass in a row with the stock empty (after
    takes, and in a game without any)."""
    log = play_game("kap-shap", preset="celko", seed=25, agents=("random",))
    assert not any(event["type"] == "draw" for event in log["events"])
    assert (log["result"]["reason"], log["result"]["turns"]) == ("dead-rounds", 6)
    assert quick.quick_replay(log) and accepts(dumps_log_line(log))
    overrides = {"stock-out": "play-on", "turn": "take-or-draw"}
    log = play_game("kap-shap", preset="celko", overrides=overrides, seed=0, agents=("greedy",))
    assert [event["type"] for event in log["events"]][-2:] == ["pass", "pass"]
    assert sum(event["type"] == "pass" for event in log["events"]) == 2
    assert log["result"]["reason"] == "stock-exhausted"
    assert quick.quick_replay(log) and accepts(dumps_log_line(log))
    # the same game played by random legal moves but never a take: no take before the passes either
    engine = load_game("kap-shap", "celko", players=None, sets=None, **overrides)
    state = engine.new_state(engine.random_deal(seed=0))
    rng = random.Random(0)
    while not state.is_terminal:
        state.apply(rng.choice([move for move in state.legal_actions() if not isinstance(move, Take)]))
    log = to_log(state)
    assert [event["type"] for event in log["events"]][-3:] == ["discard", "pass", "pass"]
    assert not any(event["type"] == "take" for event in log["events"])
    assert quick.quick_replay(log) and accepts(dumps_log_line(log))


def test_an_event_holding_a_key_the_schema_has_no_room_for_is_not_certainly_valid() -> None:
    log = json.loads(CROOK.read_text(encoding="utf-8"))
    log["events"][3]["note"] = 1
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_passes_with_tiles_left_in_the_stock_are_not_certainly_valid() -> None:
    """celko under stock-out=play-on with the one-step turn: both seats pass in a row early in the game (a pass is
    allowed only when the stock is empty), the game otherwise as played (its turns counted two more)."""
    overrides = {"stock-out": "play-on", "turn": "take-or-draw"}
    log = play_game("kap-shap", preset="celko", overrides=overrides, seed=0, agents=("greedy",))
    seat = log["events"][3]["seat"]
    assert log["events"][3]["type"] == "draw" and log["events"][1]["type"] == "draw"
    log["events"][3:3] = [{"type": "pass", "seat": seat}, {"type": "pass", "seat": 1 - seat}]
    log["result"]["turns"] += 2
    text = dumps_log_line(log)
    assert [(issue.rule, issue.pointer) for issue in validate_log(log)] == [("ks.end.stock", "/events/3")]
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_a_take_where_the_two_tile_turn_must_draw_is_not_certainly_valid() -> None:
    """crook (take-and-draw, declare=optional): seat 0 wins on a take of [6-5]. Changed: it discards a [6-6] from
    the winning hand (optional), then takes that [6-6] back where its turn must draw, and declares the same hand."""
    log = play_game("kap-shap", preset="crook", seed=0, agents=("greedy",))
    take, declare = log["events"][-2:]
    assert (take["type"], take["seat"], take["tile"], declare["type"]) == ("take", 0, "6-5", "declare")
    log["events"][-1:-1] = [{"type": "discard", "seat": 0, "tile": "6-6"}, {"type": "take", "seat": 0, "tile": "6-6"}]
    text = dumps_log_line(log)
    assert [(issue.rule, issue.pointer) for issue in validate_log(log)] == [("ks.turn.shape", "/events/5")]
    assert not quick.quick_replay(log) and not accepts(text)


def test_a_split_of_more_pairs_than_a_hand_holds_is_not_certainly_valid() -> None:
    """culin, seat 0 declares eye [4-4] [4-4] and [5-3]+[1-1], [5-1]+[3-1], [4-3]+[2-1]. Shown instead with sixteen
    [6-6]+[6-2] (each a ten-pair, 12+8 = 20) for the [5-3]+[1-1]: nineteen pairs, which the schema allows and the
    rules refuse. A hand packed four bits a kind (as KapState packs it) cannot tell them apart: sixteen [6-6] carry
    into one [1-1], sixteen [6-2] into one [5-3]; so a split must hold as many pairs as a winning hand."""
    name = "culin-2p-random-seed1-a-copy-of-the-taken-face-discarded-after-the-draw.json"
    log = json.loads((data_dir("conformance") / "kap-shap" / "valid" / name).read_text(encoding="utf-8"))
    split = {"eye": ["4-4", "4-4"], "pairs": [*[["6-6", "6-2"]] * 16, ["5-1", "3-1"], ["4-3", "2-1"]]}
    log["events"][-1]["decomposition"] = log["result"]["decomposition"] = split
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


@pytest.mark.parametrize("where", ["declared", "result"])
def test_a_hand_of_more_tiles_than_a_winning_hand_is_not_certainly_valid(where: str) -> None:
    """The same culin hand written with sixteen [6-6] for its [1-1] (which pack alike, four bits a kind), in the
    declaration and the result, or in the result only: a hand must hold as many tiles as a winning hand."""
    name = "culin-2p-random-seed1-a-copy-of-the-taken-face-discarded-after-the-draw.json"
    log = json.loads((data_dir("conformance") / "kap-shap" / "valid" / name).read_text(encoding="utf-8"))
    hand = ["5-3", "5-1", "4-4", "4-4", "4-3", "3-1", "2-1", *["6-6"] * 16]
    log["result"]["hand"] = hand
    if where == "declared":
        log["events"][-1]["hand"] = hand
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)


def test_a_deal_of_two_sets_recorded_as_one_is_not_certainly_valid() -> None:
    """Kap Tai Shap, culin, three players: dealt from two sets (culin's sets-rule gives three players two), but
    the log records one set; the quick path must read the sets the log records, not the default."""
    log = play_game("kap-tai-shap", preset="culin", players=3, seed=0)
    assert log["sets"] == 2 and quick.quick_replay(log)
    log["sets"] = 1
    text = dumps_log_line(log)
    assert _long_way(text) != [] and not quick.quick_replay(log) and not accepts(text)
