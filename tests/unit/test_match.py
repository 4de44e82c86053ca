"""Matches: the first player follows the previous game's result, as navpil's RunManySimulations hands it on.

The truth here is navpil's nextPlayerCalculation written out by hand: the
most points, counted from the previous first player, strictly more to move
on; a Kap winner has a point and the others none, a Tsung Shap seat its score.
"""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest

from gupai.log.format import dumps_log_line
from gupai.log.play import play_game, play_match
from gupai.log.read import validate_text
from tests import oracle

Log = dict[str, Any]


def _navpil_next(previous_first: int, points: list[int]) -> int:
    best, best_points = -1, -1
    for i in range(len(points)):
        seat = (i + previous_first) % len(points)
        if points[seat] > best_points:
            best, best_points = seat, points[seat]
    return best


def _points(log: Log) -> list[int]:
    if log["game"] == "tsung-shap":
        return list(log["result"]["scores"])
    return [1 if seat == log["result"]["winner"] else 0 for seat in range(log["players"])]


def _lines(logs: list[Log]) -> str:
    return "\n".join(dumps_log_line(log) for log in logs) + "\n"


MATCHES = [
    ("kap-shap", "navpil-culin", None),
    ("kap-shap", "navpil-gin", None),
    ("kap-tai-shap", "navpil-classic", 4),
    ("tsung-shap", "navpil-classic", None),
    ("tsung-shap", "navpil-poor-pairs", None),
    ("tsung-shap", "navpil-spieldomino", None),
]


@pytest.mark.parametrize(("game", "preset", "players"), MATCHES)
def test_each_game_is_begun_as_navpil_begins_it(game: str, preset: str, players: int | None) -> None:
    logs = list(play_match(game, preset=preset, players=players, seed=5, count=12))
    assert logs[0]["deal"]["first_player"] == 0
    assert logs[0]["match"] == {"game": 1, "previous": None}
    firsts = {log["deal"]["first_player"] for log in logs}
    assert len(firsts) > 1, "twelve games all begun by one seat: the match hands nothing on"
    for before, log in itertools.pairwise(logs):
        assert log["deal"]["first_player"] == _navpil_next(before["deal"]["first_player"], _points(before))
        assert log["match"]["previous"]["first_player"] == before["deal"]["first_player"]
    assert validate_text(_lines(logs), file="m.jsonl", lines=True) == []


def test_a_tsung_tie_keeps_the_first_player() -> None:
    # seeds searched for a drawn game inside a match
    for seed in range(0, 400, 20):
        logs = list(play_match("tsung-shap", preset="navpil-classic", seed=seed, count=20))
        for before, log in itertools.pairwise(logs):
            s0, s1 = before["result"]["scores"]
            if s0 == s1:
                assert log["deal"]["first_player"] == before["deal"]["first_player"]
                return
    pytest.fail("no drawn game in 20 matches of 20 games: ties are 2 to 5 games in a hundred")


@pytest.mark.parametrize(("game", "preset"), [("kap-shap", "navpil-culin"), ("tsung-shap", "navpil-classic")])
def test_game_i_of_a_match_deals_as_play_seed_plus_i(game: str, preset: str) -> None:
    logs = list(play_match(game, preset=preset, seed=3, count=4))
    full_set = sorted(f"{high}-{low}" for high, low in oracle.FACES for _ in range(oracle.copies((high, low), 1)))
    for i, log in enumerate(logs):
        alone = play_game(game, preset=preset, seed=3 + i)
        assert log["deal"]["order"] == alone["deal"]["order"]
        assert log["seed"] == 3 + i
        assert sorted(log["deal"]["order"]) == full_set  # a shuffle of the one set (32 tiles)
        assert log["match"]["game"] == i + 1
        if i:  # the game before as its match record has it, and its first player as navpil hands it on
            before = logs[i - 1]
            previous = log["match"]["previous"]
            assert (previous["first_player"], previous["winner"]) == (
                before["deal"]["first_player"],
                before["result"]["winner"],
            )
            assert log["deal"]["first_player"] == _navpil_next(before["deal"]["first_player"], _points(before))
    assert len({tuple(log["deal"]["order"]) for log in logs}) == 4  # each game its own shuffle
    assert list(play_match(game, preset=preset, seed=3, count=4)) == logs  # reproducible from the seed


def test_games_not_in_a_match_record_none() -> None:
    logs = list(play_match("kap-shap", preset="culin", seed=1, count=2))
    assert all("match" not in log for log in logs)
    assert logs[1] == play_game("kap-shap", preset="culin", seed=2)


def _kap_match() -> list[Log]:
    logs = list(play_match("kap-shap", preset="navpil-culin", seed=1, count=4))
    assert logs[0]["result"]["winner"] == 1  # seat 1 wins game 1, so seat 1 begins game 2
    return logs


def test_a_first_player_contradicting_the_previous_result_is_refused() -> None:
    logs = _kap_match()
    bad = copy.deepcopy(logs)
    bad[1]["deal"]["first_player"] = 0
    issues = validate_text(_lines(bad), file="m.jsonl", lines=True)
    assert [(i.game, i.rule, i.pointer) for i in issues] == [
        (2, "ks.deal.first-player", "/deal/first_player"),
        (3, "ks.deal.first-player", "/match/previous"),  # game 3 follows the game 2 that was played, not this one
    ]
    assert "seat 1 won it: seat 1 plays first" in issues[0].message


def test_a_recorded_previous_result_that_is_not_the_previous_line_is_refused() -> None:
    logs = _kap_match()
    bad = copy.deepcopy(logs)
    # game 2 claims game 1 had no winner (so seat 0 keeps the first turn), and is begun by seat 0
    bad[1]["match"]["previous"]["winner"] = None
    bad[1] = _replayed_with_first(bad[1], 0)  # a game valid on its own: seat 0 follows a game with no winner
    bad = bad[:2]
    issues = validate_text(_lines(bad), file="m.jsonl", lines=True)
    assert [(i.game, i.rule, i.pointer) for i in issues] == [(2, "ks.deal.first-player", "/match/previous")]
    assert validate_text(_lines(bad[1:]), file="m.jsonl", lines=True)[0].pointer == "/match/game"


def _replayed_with_first(log: Log, first: int) -> Log:
    """The game of ``log``'s seed played again with ``first`` first, keeping its match record."""
    from gupai.core.options import resolve_options
    from gupai.log.play import play_kap

    options = resolve_options(log["game"], preset=log["preset"])
    return play_kap(
        log["game"], options, seed=log["seed"], agents=tuple(log["agents"]), first=first, match=log["match"]
    )


def test_a_game_missing_from_a_match_file_is_refused() -> None:
    logs = _kap_match()
    issues = validate_text(_lines([logs[0], logs[2], logs[3]]), file="m.jsonl", lines=True)
    assert [(i.game, i.rule, i.pointer) for i in issues] == [(2, "ks.deal.first-player", "/match/game")]


def test_a_match_must_begin_with_seat_0() -> None:
    log = _kap_match()[0]
    bad = _replayed_with_first(log, 1)
    issues = validate_text(json.dumps(bad), file="one.json")
    assert [(i.rule, i.pointer) for i in issues] == [("ks.deal.first-player", "/deal/first_player")]
    assert "seat 0 begins a match" in issues[0].message


def test_a_tsung_match_is_checked_game_to_game() -> None:
    logs = list(play_match("tsung-shap", preset="navpil-classic", seed=1, count=5))
    at = next(i for i, log in enumerate(logs[1:], start=1) if log["deal"]["first_player"] == 1)
    bad = copy.deepcopy(logs)
    bad[at]["deal"]["first_player"] = 0
    issues = validate_text(_lines(bad), file="m.jsonl", lines=True)
    assert (issues[0].game, issues[0].rule, issues[0].pointer) == (at + 1, "ts.first-player", "/deal/first_player")


def test_a_match_record_under_a_reading_without_matches_is_refused() -> None:
    log = play_game("tsung-shap", preset="culin", seed=1)
    log["match"] = {"game": 1, "previous": None}
    issues = validate_text(json.dumps(log), file="one.json")
    assert [(i.rule, i.pointer) for i in issues] == [("ts.first-player", "/match")]


# ------------------------------------------------------------ the link between a match file's lines
def _link(previous_log: Log | None, log: Log) -> tuple[str, str, str] | None:
    from gupai.games.match import check_link

    return check_link(previous_log, log)


def test_a_later_game_after_a_line_outside_any_match_is_refused_at_its_number() -> None:
    logs = _kap_match()
    alone = play_game("kap-shap", preset="culin", seed=1)  # no match record
    for before in (None, alone):
        assert _link(before, logs[1]) == (
            "/match/game",
            "ks.deal.first-player",
            "game 2 of a match, but no game of the match comes before it in the file",
        )


def test_a_later_game_after_a_game_of_another_number_or_game_is_refused_naming_both() -> None:
    logs = _kap_match()
    other = copy.deepcopy(logs[0])
    other["game"] = "kap-tai-shap"
    for before, log, said in (
        (logs[0], logs[2], "game 1 of a kap-shap match"),
        (other, logs[1], "game 1 of a kap-tai-shap match"),
    ):
        assert _link(before, log) == (
            "/match/game",
            "ks.deal.first-player",
            f"game {log['match']['game']} of a match, but the line before it is {said}",
        )


def test_a_match_keeps_its_options_and_follows_only_finished_games() -> None:
    logs = _kap_match()
    changed = copy.deepcopy(logs[1])
    changed["options"]["take"] = "latest" if changed["options"]["take"] != "latest" else "any"
    assert _link(logs[0], changed) == (
        "/options",
        "ks.deal.first-player",
        "a match is played under one set of options, but they differ from the previous game's",
    )
    unfinished = copy.deepcopy(logs[0])
    unfinished["result"] = "*"
    assert _link(unfinished, logs[1]) == (
        "/match/game",
        "ks.deal.first-player",
        "game 2 of a match follows a game that is unfinished (no result)",
    )


def test_a_recorded_previous_game_is_told_as_the_line_before_records_it() -> None:
    logs = _kap_match()  # seat 1 wins game 1, begun by seat 0
    told = copy.deepcopy(logs[1])
    told["match"]["previous"] = {"first_player": 0, "winner": None, "scores": None}
    assert _link(logs[0], told) == (
        "/match/previous",
        "ks.deal.first-player",
        "the previous line records seat 0 first and seat 1 winning, but this game follows seat 0 first and no winner",
    )
    told["match"]["previous"] = None
    assert _link(logs[0], told)[2].endswith("but this game follows no previous game")  # type: ignore[index]
    tsung = list(play_match("tsung-shap", preset="navpil-classic", seed=1, count=2))
    told = copy.deepcopy(tsung[1])
    s0, s1 = tsung[0]["result"]["scores"]
    told["match"]["previous"]["scores"] = [s1, s0]
    message = _link(tsung[0], told)[2]  # type: ignore[index]
    assert f"scores [{s0}, {s1}]" in message and message.endswith(f"scores [{s1}, {s0}]")


def test_a_game_without_a_winner_hands_the_first_turn_back_saying_so() -> None:
    from gupai.core.errors import ReplayError
    from gupai.games.match import check_match

    previous = {"first_player": 1, "winner": None, "scores": None}  # no winner: seat 1 begins again
    with pytest.raises(ReplayError) as caught:
        check_match({"game": 2, "previous": previous}, game="kap-shap", reading="previous-winner", first_player=0)
    assert caught.value.message == (
        "seat 0 plays first, but in a match the previous game's first player was seat 1 and no one won it: "
        "seat 1 plays first"
    )


def test_in_tsung_shap_the_scores_decide_whatever_winner_the_record_names() -> None:
    from gupai.core.errors import ReplayError
    from gupai.games.match import check_match, next_first_player

    # the points are the scores: seat 1's 300 beat seat 0's 120, though the record names no winner
    previous = {"first_player": 0, "winner": None, "scores": [120, 300]}
    assert next_first_player(previous, game="tsung-shap", players=2) == _navpil_next(0, [120, 300]) == 1
    check_match({"game": 2, "previous": previous}, game="tsung-shap", reading="previous-higher", first_player=1)
    with pytest.raises(ReplayError) as caught:  # a Tsung Shap record holds both scores
        check_match(
            {"game": 2, "previous": {**previous, "scores": None}},
            game="tsung-shap",
            reading="previous-higher",
            first_player=1,
        )
    assert (caught.value.pointer, caught.value.message) == (
        "/match/previous/scores",
        "a tsung-shap match records 2 scores of the previous game",
    )


def test_a_match_number_that_is_not_a_number_is_the_schemas_refusal_and_breaks_the_chain() -> None:
    logs = _kap_match()[:2]
    bad = copy.deepcopy(logs)
    bad[1]["match"]["game"] = "2"
    issues = validate_text(_lines(bad), file="m.jsonl", lines=True)
    assert {i.game for i in issues} == {2}
    assert any(i.rule is None and i.pointer == "/match/game" for i in issues)  # the schema: an integer
    linked = [i for i in issues if i.rule == "ks.deal.first-player"]
    assert [(i.pointer, i.message) for i in linked] == [
        ("/match/game", "game 2 of a match, but the line before it is game 1 of a kap-shap match")
    ]
