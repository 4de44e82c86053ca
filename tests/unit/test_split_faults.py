"""A wrong declaration is named after the part of the split the log shows; a wrong turn count is its own rule.

The hands and splits are written by hand from the rule texts of
``spec/games/kap-shap.yaml`` and ``kap-tai-shap.yaml`` (culin: [4-2] counts
3, pairs by arithmetic, any identical eye), not taken from the code.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gupai.conformance.logreplay import replay_log
from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.core.tiles import count_vector, kinds_of
from gupai.games.kap import splits
from gupai.games.kap.config import collecting_config
from gupai.games.kap.replay import check_event, check_position
from gupai.games.kap.splits import parse_split, shown_split, split_fault
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


# ------------------------------------------------------------ the split as written
CULIN = collecting_config("kap-shap")


def _split(eye: str, *pairs: str) -> Any:
    """A split as a log writes it: ``_split("1-1 1-1", "6-4 6-4", ...)``."""
    return {"eye": eye.split(), "pairs": [pair.split() for pair in pairs]}


def test_a_split_is_read_greatest_first_whatever_the_order_or_spelling_shown() -> None:
    canonical = parse_split(_split("1-1 1-1", "6-4 5-5", "4-3 2-1", "6-4 5-5"))
    assert str(canonical) == "eye 1-1 1-1, pairs 6-4+5-5 6-4+5-5 4-3+2-1"
    # each face written low end first or in brackets: the same split, read tile by tile
    assert parse_split(_split("1-1 1-1", "5-5 4-6", "1-2 3-4", "[6:4] 5-5")) == canonical
    assert str(parse_split(_split("2-4 2-2", "4-6 6-6"))) == "eye 4-2 2-2, pairs 6-6+6-4"
    assert str(parse_split(_split("2-2 4-2", "6-4 5-5", "6-4 6-6"))) == "eye 4-2 2-2, pairs 6-6+6-4 6-4+5-5"
    # pairs order as their tiles: by the greater tile's high end, then its low end, then the lesser tile's
    assert str(parse_split(_split("1-1 1-1", "5-5 5-5", "1-2 1-6", "2-2 3-3"))) == (
        "eye 1-1 1-1, pairs 6-1+2-1 5-5+5-5 3-3+2-2"
    )
    assert str(parse_split(_split("1-1 1-1", "4-6 4-6", "3-6 5-6"))) == "eye 1-1 1-1, pairs 6-5+6-3 6-4+6-4"


@pytest.mark.parametrize(
    "doc",
    [{"pairs": []}, {"eye": ["1-1", "1-1"]}, {"eye": ["1-1", "1-1"], "pairs": 5}, [1, 2], None],
    ids=["no eye", "no pairs", "pairs not a list", "a list", "null"],
)
def test_what_is_no_split_is_refused_and_quoted(doc: Any) -> None:
    with pytest.raises(ValueError, match=r"^not a split: ") as caught:
        parse_split(doc)
    assert str(caught.value) == f"not a split: {json.dumps(doc)}"
    assert shown_split(doc) == json.dumps(doc)


def test_a_split_shown_twice_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay reads a declared split in the event, then in the result: the second time it is remembered."""
    memory: dict[Any, Any] = {}
    monkeypatch.setattr(splits, "_SPLITS_SHOWN", memory)
    doc = _split("1-1 1-1", "6-4 5-5", "4-3 2-1", "6-4 5-5")
    first = shown_split(doc)
    assert first == parse_split(doc) and list(memory.values()) == [first]
    assert shown_split(json.loads(json.dumps(doc))) is first
    spelled = _split("1-1 1-1", "5-5 4-6", "1-2 3-4", "[6:4] 5-5")
    assert (
        shown_split(spelled) == first
        and shown_split(spelled) is memory[("1-1", "1-1"), (("5-5", "4-6"), ("1-2", "3-4"), ("[6:4]", "5-5"))]
    )
    assert shown_split({"eye": ["1-1", "1-1"], "pairs": [["6-4"]]}) == '{"eye": ["1-1", "1-1"], "pairs": [["6-4"]]}'
    assert len(memory) == 2  # what is no split is not remembered


def test_the_splits_remembered_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream of logs never makes the memory of splits read grow past a few thousand."""
    memory: dict[Any, Any] = {("?", str(k)): None for k in range(4096)}
    monkeypatch.setattr(splits, "_SPLITS_SHOWN", memory)
    doc = _split("6-6 6-6", "6-4 6-4", "5-5 5-5", "4-3 2-1")
    assert str(shown_split(doc)) == "eye 6-6 6-6, pairs 6-4+6-4 5-5+5-5 4-3+2-1"
    assert (
        len(memory) <= 4096
        and shown_split(doc) is memory[("6-6", "6-6"), (("6-4", "6-4"), ("5-5", "5-5"), ("4-3", "2-1"))]
    )


# --------------------------------------------------------- the rule a split breaks
# Kap Shap's default reading (culin): [4-2] counts 3, pairs by arithmetic, any identical eye. Seat 0 holds:
WINS = "6-6 6-6 6-4 6-4 5-5 5-5 4-3 2-1"  # eye [6-6] [6-6], two twenties and [4-3]+[2-1] (7+3)


def _fault(hand: str, split: Any, config: Any = CULIN) -> tuple[str, str] | None:
    return split_fault(config, tuple(count_vector(kinds_of(hand.split()))), shown_split(split))


def test_the_splits_of_a_winning_hand_break_no_rule() -> None:
    assert _fault(WINS, _split("6-6 6-6", "6-4 6-4", "5-5 5-5", "4-3 2-1")) is None
    assert _fault(WINS, _split("6-6 6-6", "5-5 6-4", "2-1 4-3", "6-4 5-5")) is None  # 10 + 10 twice


def test_a_split_of_other_tiles_or_another_shape_breaks_declare_valid() -> None:
    three = "eye 6-6 6-6, pairs 6-4+6-4 5-5+5-5 4-3+2-1"
    assert _fault(WINS, _split("6-6 6-6", "6-4 6-4", "5-5 5-5")) == (
        "ks.declare.valid",
        "the split eye 6-6 6-6, pairs 6-4+6-4 5-5+5-5, which is not an eye and 3 pairs",
    )
    four = _split("6-6 6-6", "6-4 6-4", "5-5 5-5", "4-3 2-1", "4-3 2-1")
    assert _fault(WINS, four) == (
        "ks.declare.valid",
        f"the split {three} 4-3+2-1, which is not an eye and 3 pairs",
    )
    assert _fault(WINS, {"eye": ["6-6"], "pairs": []}) == (
        "ks.declare.valid",
        'the split {"eye": ["6-6"], "pairs": []}, which is not an eye and 3 pairs',
    )
    other = _split("6-6 6-6", "6-4 6-4", "5-5 5-5", "6-1 3-3")  # [6-1] ranks above [5-5] (high end first)
    assert _fault(WINS, other) == (
        "ks.declare.valid",
        "the split eye 6-6 6-6, pairs 6-4+6-4 6-1+3-3 5-5+5-5, which is not the tiles of the hand",
    )


def test_an_eye_of_two_tiles_not_alike_breaks_the_eye_rule() -> None:
    assert _fault(WINS, _split("6-6 6-4", "6-6 6-4", "5-5 5-5", "4-3 2-1")) == (
        "ks.eye",
        "the eye [6-6] [6-4]: an eye is two identical tiles",
    )
    assert _fault(WINS, _split("5-5 6-4", "6-6 6-6", "6-4 5-5", "4-3 2-1")) == (
        "ks.eye",
        "the eye [6-4] [5-5]: an eye is two identical tiles",
    )


def test_a_military_eye_breaks_the_eye_rule_only_under_eye_civil() -> None:
    # Kap Tai Shap, two sets: eye [6-3] [6-3] (military), [6-6]+[4-4], [6-4]+[6-4], [5-5]+[5-5], [4-3]+[2-1]
    hand = "6-3 6-3 6-6 4-4 6-4 6-4 5-5 5-5 4-3 2-1"
    split = _split("6-3 6-3", "6-6 4-4", "6-4 6-4", "5-5 5-5", "4-3 2-1")
    civil = resolve_options("kap-tai-shap", overrides={"eye": "civil"})
    assert _fault(hand, split, collecting_config("kap-tai-shap", civil, players=4, sets=2)) == (
        "kts.eye",
        "the eye [6-3] [6-3]: option eye=civil allows no military eye",
    )
    assert _fault(hand, split, collecting_config("kap-tai-shap", players=4, sets=2)) is None


def test_a_pair_that_makes_no_ten_is_named_with_the_pair_set() -> None:
    swapped = _split("6-6 6-6", "6-4 6-4", "5-5 4-3", "5-5 2-1")  # 10+7, 10+3
    assert _fault(WINS, swapped) == (
        "ks.pair.ten",
        "the pair [5-5]+[4-3], which is not a ten-pair under option pair-set=arithmetic",
    )
    # pagat's printed table leaves out the twenty [6-4]+[5-5], whatever [4-2] counts
    pagat = collecting_config("kap-shap", resolve_options("kap-shap", preset="pagat"))
    assert _fault(WINS, _split("6-6 6-6", "6-4 5-5", "6-4 5-5", "4-3 2-1"), pagat) == (
        "ks.pair.ten",
        "the pair [6-4]+[5-5], which is not a ten-pair under option pair-set=printed",
    )


def test_a_pair_that_makes_ten_only_with_the_other_count_of_4_2_breaks_four_two() -> None:
    hand = "1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4"
    split = _split("1-1 1-1", "4-2 2-2", "5-5 5-5", "6-4 6-4")
    assert _fault(hand, split) == (
        "ks.tiles.four-two",
        "the pair [4-2]+[2-2], which makes ten only if [4-2] counts 6, not 3",
    )
    six = collecting_config("kap-shap", resolve_options("kap-shap", overrides={"four-two-value": "6"}))
    assert _fault(hand, split, six) is None
    # the other way round: [4-2]+[6-1] is 3+7 = 10, but 6+7 = 13 when [4-2] counts 6
    hand = "1-1 1-1 4-2 6-1 5-5 5-5 6-4 6-4"
    split = _split("1-1 1-1", "6-1 4-2", "5-5 5-5", "6-4 6-4")
    assert _fault(hand, split, six) == (
        "ks.tiles.four-two",
        "the pair [6-1]+[4-2], which makes ten only if [4-2] counts 3, not 6",
    )
    assert _fault(hand, split) is None


def test_among_several_wrong_pairs_one_that_makes_no_ten_under_either_count_is_named() -> None:
    # [4-2]+[3-1] (3+4) makes ten only if [4-2] counts 6; [3-3]+[2-1] (6+3) makes none: it is named, though
    # the other comes first
    hand = "1-1 1-1 4-2 3-1 3-3 2-1 6-4 6-4"
    assert _fault(hand, _split("1-1 1-1", "3-3 2-1", "6-4 6-4", "3-1 4-2")) == (
        "ks.pair.ten",
        "the pair [3-3]+[2-1], which is not a ten-pair under option pair-set=arithmetic",
    )
    # [6-4]+[4-2] (13, or 16) and [6-4]+[2-2] (14) make no ten either way: the greater is named
    hand = "1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4"
    assert _fault(hand, _split("1-1 1-1", "2-2 6-4", "5-5 5-5", "6-4 4-2")) == (
        "ks.pair.ten",
        "the pair [6-4]+[4-2], which is not a ten-pair under option pair-set=arithmetic",
    )
    # Kap Tai Shap, two sets: [4-2]+[3-1] and [4-2]+[2-2] both make ten only if [4-2] counts 6: the greater
    hand = "1-1 1-1 4-2 3-1 4-2 2-2 6-4 6-4 5-5 5-5"
    split = _split("1-1 1-1", "4-2 2-2", "6-4 6-4", "4-2 3-1", "5-5 5-5")
    assert _fault(hand, split, collecting_config("kap-tai-shap", players=4, sets=2)) == (
        "kts.tiles.four-two",
        "the pair [4-2]+[3-1], which makes ten only if [4-2] counts 6, not 3",
    )
