"""A wrong declaration is named after the part of the split the log shows; a wrong turn count is its own rule.

The hands and splits are written by hand from the rule texts of
``spec/games/kap-shap.yaml`` and ``kap-tai-shap.yaml`` (culin: [4-2] counts
3, pairs by arithmetic, any identical eye), not taken from the code.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gupai.conformance.logreplay import replay_log
from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.core.tiles import count_vector, kinds_of
from gupai.games.kap.config import collecting_config
from gupai.games.kap.replay import check_event, check_position
from gupai.games.kap.splits import parse_split, split_fault
from gupai.games.kap.state import KapState
from gupai.log.play import play_game
from gupai.log.validate import validate_log
from gupai.protocol.messages import Answer, check_answer, request
from gupai.protocol.server import ReferenceEngine

# Seat 0 holds [1-1] [1-1] [4-2] [2-2] [5-5] [5-5] [6-4] [6-4]: an eye and three ten-pairs only if
# [4-2] counts 6 ([4-2]+[2-2] = 6+4); under culin's 3 it is no winning hand.
NEEDS_SIX = ["1-1", "1-1", "4-2", "2-2", "5-5", "5-5", "6-4", "6-4"]
# Seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [4-2]: eye [6-6] [6-6], [6-4]+[6-4], [5-1]+[3-1], [4-3]+[4-2].
WINNING = ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "4-2"]
OTHERS = {
    "1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4": ["6-6", "6-6", "3-3", "3-3", "6-5", "6-5", "4-4"],
    "6-6 6-6 6-4 6-4 5-1 3-1 4-3 4-2": ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "2-1"],
}


def _declare(hand: list[str], eye: list[str], pairs: list[list[str]], **over: str) -> tuple[str | None, str]:
    config = collecting_config("kap-shap", resolve_options("kap-shap", preset="culin", overrides=over or None))
    position = {"hands": [hand, OTHERS[" ".join(hand)]], "stock": ["5-3", "6-3"], "first_player": 0}
    state = KapState(config, check_position(config, position))
    event: dict[str, Any] = {"type": "declare", "seat": 0, "hand": hand, "decomposition": {"eye": eye, "pairs": pairs}}
    problem = check_event(state, event, 0)
    assert problem is not None
    return problem.rule, problem.message


def test_a_declared_eye_of_4_2_and_2_2_is_an_eye_fault_not_a_4_2_fault() -> None:
    rule, message = _declare(NEEDS_SIX, ["4-2", "2-2"], [["1-1", "1-1"], ["5-5", "5-5"], ["6-4", "6-4"]])
    assert rule == "ks.eye"
    assert "[4-2] [2-2]" in message and "two identical tiles" in message


def test_a_declared_pair_of_4_2_and_2_2_is_a_4_2_fault() -> None:
    rule, message = _declare(NEEDS_SIX, ["1-1", "1-1"], [["4-2", "2-2"], ["5-5", "5-5"], ["6-4", "6-4"]])
    assert rule == "ks.tiles.four-two"
    assert "[4-2]+[2-2]" in message and "counts 6" in message


def test_without_a_split_the_rule_is_the_reading_under_which_the_hand_would_win() -> None:
    config = collecting_config("kap-shap")
    position = {"hands": [NEEDS_SIX, OTHERS[" ".join(NEEDS_SIX)]], "stock": ["5-3", "6-3"], "first_player": 0}
    state = KapState(config, check_position(config, position))
    problem = check_event(state, {"type": "declare", "seat": 0}, 0)
    assert problem is not None and problem.rule == "ks.tiles.four-two"


def test_a_pair_that_makes_no_ten_under_any_reading_is_a_ten_pair_fault() -> None:
    # [1-1]+[1-1] = 4 makes no ten under any reading, though [4-2]+[2-2] would with [4-2] counting 6
    rule, _ = _declare(NEEDS_SIX, ["5-5", "5-5"], [["1-1", "1-1"], ["4-2", "2-2"], ["6-4", "6-4"]])
    assert rule == "ks.pair.ten"


def test_a_winning_hand_shown_with_a_wrong_split_names_the_wrong_part() -> None:
    eye_swapped = [["6-6", "6-4"], ["5-1", "3-1"], ["4-3", "4-2"]]
    assert _declare(WINNING, ["6-6", "6-4"], eye_swapped)[0] == "ks.eye"
    pair_swapped = [["6-4", "6-4"], ["5-1", "4-3"], ["3-1", "4-2"]]  # 6+7 = 13, 4+3 = 7
    assert _declare(WINNING, ["6-6", "6-6"], pair_swapped)[0] == "ks.pair.ten"
    not_the_hand = [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "2-1"]]  # [2-1] is not in the hand
    rule, message = _declare(WINNING, ["6-6", "6-6"], not_the_hand)
    assert rule == "ks.declare.valid" and "not the tiles of the hand" in message


def test_the_right_split_of_a_winning_hand_is_accepted() -> None:
    config = collecting_config("kap-shap")
    position = {"hands": [WINNING, OTHERS[" ".join(WINNING)]], "stock": ["5-3", "6-3"], "first_player": 0}
    state = KapState(config, check_position(config, position))
    split = {"eye": ["6-6", "6-6"], "pairs": [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "4-2"]]}
    assert check_event(state, {"type": "declare", "seat": 0, "hand": WINNING, "decomposition": split}, 0) is None


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_a_wrong_turn_count_in_the_result_is_its_own_rule(game: str) -> None:
    log = next(
        doc
        for seed in range(1, 50)
        if (doc := play_game(game, preset="culin", seed=seed, agents=("greedy",)))["result"]["winner"] is not None
    )
    assert validate_log(log) == []
    log["result"]["turns"] += 2
    issues = validate_log(log)
    prefix = "ks" if game == "kap-shap" else "kts"
    assert [(i.rule, i.pointer) for i in issues] == [(f"{prefix}.end.turns", "/result/turns")]


def test_the_harness_blames_an_engine_that_miscounts_the_turns_on_the_turns_rule() -> None:
    log = next(
        doc
        for seed in range(1, 50)
        if (doc := play_game("kap-shap", preset="culin", seed=seed, agents=("greedy",)))["result"]["winner"] is not None
    )
    engine = ReferenceEngine()
    engine.handle(request("start", 0, protocol=1))

    def ask(cmd: str, **fields: Any) -> Answer:
        answer = engine.handle(request(cmd, 1, **fields))
        if cmd == "state" and answer["state"]["result"] is not None:
            answer["state"]["result"]["turns"] += 1  # the engine's only fault
        return check_answer(answer, command=cmd, id=1)

    result = replay_log(log, ask)
    assert result.outcome == "fail" and result.failed_rules == ("ks.end.turns",)
    assert "turns" in result.message


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_a_split_passes_the_direct_check_exactly_when_the_evaluator_lists_it(game: str) -> None:
    """The replay checks a shown split directly (split_fault); the evaluator enumerates a hand's splits.

    The two must agree: every listed split passes, and a random regrouping
    of a winning hand's tiles passes exactly when it is listed. Hands from
    real games under every preset (each reading of the eye, the pairs and [4-2]).
    """
    rng = random.Random(5)
    checked = 0
    for preset in game_spec(game).presets:
        config = collecting_config(
            game, resolve_options(game, preset=preset.name), players=4 if game != "kap-shap" else None
        )
        wins = [
            log["result"]["hand"]
            for seed in range(12)
            if (log := play_game(game, preset=preset.name, seed=seed, players=config.players, agents=("greedy",)))[
                "result"
            ]["winner"]
            is not None
        ]
        for hand in wins:
            held = tuple(count_vector(kinds_of(hand)))
            listed = set(config.evaluator.decompositions(held))
            assert listed and all(split_fault(config, held, split) is None for split in listed)
            for _ in range(30):
                tiles = rng.sample(hand, len(hand))
                shown = parse_split({"eye": tiles[:2], "pairs": [tiles[k : k + 2] for k in range(2, len(tiles), 2)]})
                assert (split_fault(config, held, shown) is None) == (shown in listed), (preset.name, shown)
                checked += 1
    assert checked > 500
