"""The hand evaluator against the plain reference, under every reading.

For every combination of ``four-two-value`` x ``pair-set`` x ``eye``, for
Kap Shap's 8-tile hands (one set) and Kap Tai Shap's 10-tile hands (one, two
and four sets), hypothesis draws random hands, winning hands and nearly
winning hands, and compares ``is_winning``, ``decompositions`` (the same
splits, in canonical order) and ``distance`` (against a brute force over every
winning hand the sets can hold) with ``tests/oracle.py``.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai import Decomposition, HandError, HandEvaluator, PairRules, Tile, counts_of, evaluator, hand_key, parse_tiles
from gupai.core.hands import CACHED_CONFIGURATIONS
from tests import oracle

Face = tuple[int, int]
FACES: list[Face] = [(t.high, t.low) for t in (Tile.from_index(i) for i in range(21))]
INDEX = {face: i for i, face in enumerate(FACES)}

#: (pairs in a winning hand, sets): Kap Shap, and Kap Tai Shap with 1, 2 and 4 sets.
CONFIGS = [(3, 1), (4, 1), (4, 2), (4, 4)]
CASES = [(reading, n, sets) for reading in oracle.READINGS for n, sets in CONFIGS]


def case_id(case: tuple[oracle.Reading, int, int]) -> str:
    reading, n, sets = case
    game = "ks" if n == 3 else f"kts{sets}"
    return f"{game}-{reading.four_two_value}-{reading.pair_set}-{reading.eye}"


def evaluator_for(reading: oracle.Reading, n: int, sets: int) -> HandEvaluator:
    rules = PairRules(four_two_value=reading.four_two_value, pair_set=reading.pair_set, eye=reading.eye)
    return evaluator(pairs_in_hand=n, rules=rules, sets=sets)


def counts(hand: list[Face]) -> tuple[int, ...]:
    vector = [0] * 21
    for face in hand:
        vector[INDEX[face]] += 1
    return tuple(vector)


def hand_of(text: str) -> tuple[int, ...]:
    """The count vector of tiles written ``"6-6 6-4 ..."``."""
    return counts_of(parse_tiles(text.split()))


def within(hand: list[Face], sets: int) -> bool:
    return all(n <= oracle.copies(face, sets) for face, n in Counter(hand).items())


@st.composite
def hands(draw: st.DrawFn, reading: oracle.Reading, n: int, sets: int, short: int = 0) -> list[Face]:
    """A hand the sets can hold: random, winning, or a winning hand with a tile or two changed.

    ``short`` tiles fewer than a winning hand.
    """
    size = 2 + 2 * n - short
    pool = [face for face in FACES for _ in range(oracle.copies(face, sets))]
    random_hand = [
        pool[i] for i in draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    ]
    kind = draw(st.sampled_from(["random", "winning", "near", "near"]))
    if kind == "random":
        return random_hand
    left = Counter({face: oracle.copies(face, sets) for face in FACES})
    eyes = [face for face in FACES if oracle.is_eye(face, face, reading) and left[face] >= 2]
    eye = draw(st.sampled_from(eyes))
    hand = [eye, eye]
    left[eye] -= 2
    for _ in range(n):
        fits = [(a, b) for a, b in oracle.legal_pairs(reading) if left[a] >= 1 + (a == b) and left[b] >= 1]
        if not fits:
            return random_hand
        a, b = draw(st.sampled_from(fits))
        hand += [a, b]
        left[a] -= 1
        left[b] -= 1
    if kind == "near":
        for _ in range(draw(st.integers(1, 2))):
            position = draw(st.integers(0, len(hand) - 1))
            hand[position] = draw(st.sampled_from(FACES))
    hand = hand[short:]
    return hand if within(hand, sets) else random_hand


def expected_splits(hand: list[Face], reading: oracle.Reading) -> list[dict[str, list[str] | list[list[str]]]]:
    def face(t: Face) -> str:
        return f"{t[0]}-{t[1]}"

    return [
        {"eye": [face(eye[0]), face(eye[1])], "pairs": [[face(a), face(b)] for a, b in pairs]}
        for eye, pairs in oracle.splits(hand, reading)
    ]


# ------------------------------------------------ winning check and splits
@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_is_winning_and_the_splits_agree_with_the_reference(
    case: tuple[oracle.Reading, int, int], data: st.DataObject
) -> None:
    reading, n, sets = case
    hand = data.draw(hands(reading, n, sets))
    ev = evaluator_for(reading, n, sets)
    vector = counts(hand)
    expected = expected_splits(hand, reading)
    assert ev.is_winning(vector) is bool(expected)
    assert ev.is_winning(list(vector)) is bool(expected)
    assert ev.is_winning_key(hand_key(vector)) is bool(expected)
    splits = ev.decompositions(vector)
    assert [s.to_json() for s in splits] == expected
    assert splits == sorted(splits, reverse=True)
    assert len(set(splits)) == len(splits)
    for split in splits:
        assert split.eye[0] == split.eye[1]
        assert list(split.pairs) == sorted(split.pairs, reverse=True)
        assert all(a >= b for a, b in split.pairs)
        tiles = [*split.eye, *(t for pair in split.pairs for t in pair)]
        assert counts_of(tiles) == vector


# ---------------------------------------------------------------- distance
@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.slow
def test_distance_is_the_brute_force_distance(case: tuple[oracle.Reading, int, int], data: st.DataObject) -> None:
    reading, n, sets = case
    short = data.draw(st.sampled_from([0, 0, 1, 2]))
    hand = data.draw(hands(reading, n, sets, short=short))
    ev = evaluator_for(reading, n, sets)
    vector = counts(hand)
    distance = ev.distance(vector)
    assert distance == oracle.distance(hand, reading, n, sets)
    assert short <= distance <= len(hand) + short
    assert (distance == 0) is (short == 0 and ev.is_winning(vector))


def test_distance_counts_the_copies_the_sets_hold() -> None:
    """With one set, the nearest winning hand cannot use a third copy."""
    hand = hand_of("5-1 5-1 4-4 4-2 4-1 3-1 2-2 1-1")
    one, many = (
        evaluator(pairs_in_hand=3, rules=PairRules(), sets=1),
        evaluator(pairs_in_hand=3, rules=PairRules(), sets=4),
    )
    assert (one.distance(hand), many.distance(hand)) == (2, 1)


def test_the_winning_key_set_covers_exactly_the_references_winning_hands() -> None:
    """Every winning Kap Shap hand one set holds, and nothing else, is winning."""
    reading = oracle.Reading()
    ev = evaluator_for(reading, 3, 1)
    table = oracle.winning_hands(reading, 3, 1)
    found = {counts([face for face, n in zip(oracle.FACES, row, strict=True) for _ in range(int(n))]) for row in table}
    assert all(ev.is_winning(row) for row in found)
    within_caps = {k for k in ev.winning_keys if all((k >> (4 * i)) & 15 <= ev.caps[i] for i in range(21))}
    assert within_caps == {hand_key(row) for row in found}


# --------------------------------------------------------- size and copies
def test_only_a_hand_of_the_winning_size_can_be_winning() -> None:
    ev = evaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    winning = hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1")
    assert ev.is_winning(winning)
    shorter = hand_of("6-6 6-6 6-4 6-4 5-1 3-1")  # an eye and two pairs
    assert not ev.is_winning(shorter)
    assert ev.decompositions(shorter) == []
    assert ev.distance(shorter) == 2
    assert not ev.is_winning((0,) * 21)
    assert ev.decompositions((0,) * 21) == []
    assert ev.distance((0,) * 21) == 8


def test_check_counts_rejects_too_many_tiles_and_too_many_copies() -> None:
    ks = evaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    kts = evaluator(pairs_in_hand=4, rules=PairRules(), sets=2)
    ks.check_counts(hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1"))
    with pytest.raises(HandError, match="hand has 9 tiles; a hand holds at most 8"):
        ks.check_counts(hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1 1-1"))
    with pytest.raises(HandError, match=r"3 copies of \[6-6\], but one set holds only 2"):
        ks.check_counts(hand_of("6-6 6-6 6-6"))
    with pytest.raises(HandError, match=r"2 copies of \[6-3\], but one set holds only 1"):
        ks.check_counts(hand_of("6-3 6-3"))
    kts.check_counts(hand_of("6-6 6-6 6-6 6-6 6-3 6-3"))
    with pytest.raises(HandError, match=r"3 copies of \[6-3\], but 2 sets hold only 2") as caught:
        kts.check_counts(hand_of("6-3 6-3 6-3"), where="seat 2")
    assert caught.value.where == "seat 2"
    assert caught.value.message.startswith("seat 2 has")


# ----------------------------------------------------------------- the API
@pytest.mark.parametrize("winning", [True, False])
def test_is_winning_takes_any_sequence_of_counts(winning: bool) -> None:
    ev = evaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    vector = hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 " + ("2-1" if winning else "6-5"))
    forms: list[Any] = [  # numpy arrays are not typed as Sequence[int], but work
        vector,
        list(vector),
        bytes(vector),
        np.array(vector, dtype=np.int64),
        np.array(vector, dtype=np.uint8),
    ]
    assert [ev.is_winning(form) for form in forms] == [winning] * len(forms)
    assert ev.is_winning_key(hand_key(vector)) is winning
    assert not ev.is_winning(vector[:20])  # not a count vector over the 21 kinds
    assert not ev.is_winning((16, *vector[1:]))  # more copies than four bits hold: never a winning hand


def test_hand_key_packs_four_bits_a_kind() -> None:
    assert hand_key((0,) * 21) == 0
    assert hand_key((1,) + (0,) * 20) == 1
    assert hand_key((0,) * 20 + (10,)) == 10 << 80
    vector = tuple(range(21))[::-1]
    assert hand_key(vector) == sum(n << (4 * i) for i, n in enumerate(vector))
    assert hand_key(list(vector)) == hand_key(vector)


def test_a_decomposition_prints_and_serialises_greatest_first() -> None:
    ev = evaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    (split,) = ev.decompositions(hand_of("2-1 4-3 3-1 5-1 6-4 6-4 6-6 6-6"))
    assert isinstance(split, Decomposition)
    assert str(split) == "eye 6-6 6-6, pairs 6-4+6-4 5-1+3-1 4-3+2-1"
    assert split.to_json() == {"eye": ["6-6", "6-6"], "pairs": [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "2-1"]]}


def test_evaluators_are_shared_per_configuration() -> None:
    rules = PairRules(pair_set="printed")
    assert evaluator(pairs_in_hand=4, rules=rules, sets=2) is evaluator(pairs_in_hand=4, rules=rules, sets=2)
    assert evaluator(pairs_in_hand=4, rules=rules, sets=2) is not evaluator(pairs_in_hand=4, rules=rules, sets=3)
    assert evaluator(pairs_in_hand=4, rules=rules, sets=2).size == 10


# ------------------------------------------------------------- bounds (issue 21)
@pytest.mark.parametrize("sets", [10, 40, 64, 100])
def test_many_sets_give_the_oracles_distance_without_overflow(sets: int) -> None:
    """More copies than a hand can hold change nothing; 64 sets overflowed a byte (issue 21, finding 2)."""
    reading = oracle.Reading()
    hand = hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1 5-5 6-5")
    faces = [
        (t.high, t.low) for t in parse_tiles(["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1", "5-5", "6-5"])
    ]
    ev = HandEvaluator(pairs_in_hand=4, rules=PairRules(), sets=sets)
    assert ev.distance(hand) == oracle.distance(faces, reading, 4, sets) == 1


def test_the_shared_evaluators_are_bounded() -> None:
    """A stream of configurations keeps the last few evaluators, not one per number of sets ever asked."""
    for sets in range(1, 3 * CACHED_CONFIGURATIONS):
        evaluator(pairs_in_hand=4, rules=PairRules(), sets=sets)
    assert evaluator.cache_info().currsize <= CACHED_CONFIGURATIONS


# ------------------------------------------------------- pairs and eyes by kind
@pytest.mark.parametrize("reading", oracle.READINGS, ids=lambda r: f"{r.four_two_value}-{r.pair_set}-{r.eye}")
def test_makes_pair_and_makes_eye_are_the_references_in_either_order(reading: oracle.Reading) -> None:
    """The split check asks the evaluator of each two tiles shown, in the order the log lists them."""
    ev = evaluator_for(reading, 3, 1)
    for a, b in ((a, b) for a in FACES for b in FACES):
        assert ev.makes_pair(INDEX[a], INDEX[b]) is oracle.is_pair(a, b, reading), (a, b)
        assert ev.makes_eye(INDEX[a], INDEX[b]) is oracle.is_eye(a, b, reading), (a, b)


def test_a_split_prints_its_eye_as_shown() -> None:
    """A split read from a log may show a wrong eye; the messages that quote it print both tiles."""
    shown = Decomposition(
        eye=(Tile("4-2"), Tile("2-2")), pairs=((Tile("6-4"), Tile("6-4")), (Tile("5-5"), Tile("1-1")))
    )
    assert str(shown) == "eye 4-2 2-2, pairs 6-4+6-4 5-5+1-1"


def test_check_counts_names_where_a_hand_too_large_is() -> None:
    ks = evaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    with pytest.raises(HandError, match=r"^seat 1 has 9 tiles; a hand holds at most 8$") as caught:
        ks.check_counts(hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1 1-1"), where="seat 1")
    assert caught.value.where == "seat 1"


# ------------------------------------------------------ the standard library alone
def test_without_numpy_the_evaluator_gives_the_references_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser's Python has no numpy: the winning check by packed keys and the distance row by row (issue 36).

    Hands worked by hand under Kap Shap's default reading ([4-2] counts 3), the distances the brute force's.
    """
    reading = oracle.Reading()
    texts = {
        "6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1": (True, 0),  # eye [6-6], 6-4+6-4, 5-1+3-1 (6+4), 4-3+2-1 (7+3)
        "6-6 6-6 6-4 6-4 5-1 3-1 4-3 6-5": (False, 1),  # [6-5] (11) for [2-1]
        "1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4": (False, 1),  # [4-2] counts 3: [2-2] needs a 6, say [3-3]
        "5-1 5-1 4-4 4-2 4-1 3-1 2-2 1-1": (False, 2),  # (test_distance_counts_the_copies_the_sets_hold)
        "6-6 6-6 6-4 6-4 5-1 3-1": (False, 2),  # two tiles short
        "": (False, 8),
    }
    expected = {
        text: (winning, oracle.distance([(t.high, t.low) for t in parse_tiles(text.split())], reading, 3, 1))
        for text, (winning, _) in texts.items()
    }
    assert expected == texts
    from gupai.core import hands

    monkeypatch.setattr(hands, "has_numpy", lambda: False)
    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` raises ImportError
    ev = HandEvaluator(pairs_in_hand=3, rules=PairRules(), sets=1)
    assert isinstance(ev.targets(), tuple)
    for text, (winning, distance) in texts.items():
        vector = hand_of(text)
        assert (ev.is_winning(vector), ev.distance(vector)) == (winning, distance), text
        assert bool(ev.decompositions(vector)) is winning


# ----------------------------------------- an evaluator built directly (not the shared one)
def test_an_evaluator_keeps_its_configuration_and_holds_one_set_unless_told() -> None:
    """The strategies and the fast path read ``rules``, ``sets`` and ``caps`` back from an evaluator."""
    rules = PairRules(pair_set="printed")
    ev = HandEvaluator(pairs_in_hand=3, rules=rules)
    assert (ev.rules, ev.sets, ev.pairs_in_hand, ev.size) == (rules, 1, 3, 8)
    assert ev.caps[Tile("6-6").index] == 2 and ev.caps[Tile("6-3").index] == 1  # civil twice, military once
    with pytest.raises(HandError, match=r"^hand has 2 copies of \[6-3\], but one set holds only 1$"):
        ev.check_counts(hand_of("6-3 6-3"))
    three = HandEvaluator(pairs_in_hand=4, rules=rules, sets=3)
    assert (three.sets, three.size, three.caps[Tile("6-3").index]) == (3, 10, 3)
    with pytest.raises(HandError, match=r"^hand has 4 copies of \[6-3\], but 3 sets hold only 3$"):
        three.check_counts(hand_of("6-3 6-3 6-3 6-3"))


def test_counts_that_are_no_bytes_are_read_as_numbers() -> None:
    """Counts as floats, or too large for a byte, take the packed key's path: the same verdict, never an error."""
    ev = HandEvaluator(pairs_in_hand=3, rules=PairRules())
    winning = hand_of("6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1")
    as_floats: list[Any] = [float(n) for n in winning]  # not typed as counts, but read as them
    assert ev.is_winning(as_floats)
    as_floats[Tile("2-1").index] = 2.0  # a second [2-1]: nine tiles
    assert not ev.is_winning(as_floats)
    assert not ev.is_winning((256, *winning[1:]))
