"""Why a Tsung Shap capture cannot be made: every branch of :func:`explain_capture`, and the tiles a capture takes.

Each situation is built by hand from the rules (spec/games/tsung-shap.yaml):
a row of end tiles, a laid tile, the capture asked and the options in force.
Tile values are the spots on the tile ([6-6] 12, [3-1] 4, [2-1] 3, [4-2] 6 or 3
under four-two-value), so whether three tiles make a multiple of ten is
worked out here from the faces, and each sentence the player reads is held whole.
"""

from __future__ import annotations

import pytest

from gupai.core.options import resolve_options
from gupai.core.tiles import Tile
from gupai.games.tsung.actions import (
    LEFT,
    LONE_PAIR,
    LONE_TEN,
    PAIR_LEFT,
    PAIR_RIGHT,
    RIGHT,
    TRIPLE_ENDS,
    TRIPLE_LEFT,
    TRIPLE_RIGHT,
)
from gupai.games.tsung.captures import captured_kinds, explain_capture
from gupai.games.tsung.config import TsungConfig, tsung_config


def config(**overrides: str) -> TsungConfig:
    """The Culin preset (reach=either-end, triple=end-or-ends, lone-tile=pair, opening-capture=no), overridden."""
    return tsung_config(resolve_options("tsung-shap", overrides=overrides))


def k(face: str) -> int:
    """The kind index of the tile ``face``."""
    return Tile(face).index


def row_of(*faces: str) -> list[int]:
    """A row of kinds, left to right."""
    return [k(face) for face in faces]


def explain(
    options: TsungConfig, code: int, face: str, end: int, faces: tuple[str, ...], laid: int = 5, verb: str = "took"
) -> tuple[str, str]:
    """The explanation for seat 0 laying ``face`` at ``end`` on the row ``faces`` and asking capture ``code``."""
    return explain_capture(options, 0, code, k(face), end, row=row_of(*faces), laid=laid, verb=verb)


# --- an empty table and the opening ----------------------------------------------------------------------------


def test_a_tile_laid_on_an_empty_table_takes_nothing() -> None:
    assert explain_capture(config(), 1, PAIR_RIGHT, k("5-5"), RIGHT, row=[], laid=0, verb="claimed") == (
        "ts.capture.choice",
        "seat 1 claimed pair right with [5-5], but it was laid on an empty table",
    )


def test_under_opening_capture_yes_the_second_opening_tile_is_judged_as_a_lone_tile_taker() -> None:
    # the same situation as the opening refusal, but the option lets the second tile capture
    assert explain(config(**{"opening-capture": "yes"}), LONE_PAIR, "5-5", LEFT, ("6-6",), laid=1) == (
        "ts.lone-tile",
        "seat 0 took the lone tile [6-6] as a pair with [5-5], but they are not identical",
    )


def test_after_the_opening_a_lone_tile_is_judged_as_such_under_opening_capture_no() -> None:
    assert explain(config(), LONE_PAIR, "5-5", RIGHT, ("6-6",), laid=2) == (
        "ts.lone-tile",
        "seat 0 took the lone tile [6-6] as a pair with [5-5], but they are not identical",
    )


# --- a lone tile (rule ts.lone-tile) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "name"),
    [(PAIR_LEFT, "pair left"), (PAIR_RIGHT, "pair right"), (TRIPLE_LEFT, "triple left"), (TRIPLE_ENDS, "triple ends")],
)
def test_a_lone_tile_is_taken_only_at_ends_as_a_pair_or_a_ten(code: int, name: str) -> None:
    assert explain(config(), code, "6-6", LEFT, ("6-6",)) == (
        "ts.lone-tile",
        f"seat 0 took {name} with [6-6], but the row is the lone tile [6-6] (pair ends, ten ends)",
    )


def test_under_lone_tile_no_capture_even_an_identical_tile_does_not_take_a_lone_tile() -> None:
    assert explain(config(**{"lone-tile": "no-capture"}), LONE_PAIR, "6-6", LEFT, ("6-6",)) == (
        "ts.lone-tile",
        "seat 0 took the lone tile [6-6] with [6-6], but under option lone-tile=no-capture a lone tile cannot be taken",
    )


@pytest.mark.parametrize(
    ("lone", "why"),
    [("no-capture", "a lone tile cannot be taken"), ("pair", "only an identical tile takes it")],
)
def test_a_ten_on_a_lone_tile_needs_lone_tile_pair_or_ten(lone: str, why: str) -> None:
    # [6-4] (10) and [5-5] (10) make 20, a ten, but the option does not let a ten take a lone tile
    assert explain(config(**{"lone-tile": lone}), LONE_TEN, "6-4", RIGHT, ("5-5",)) == (
        "ts.lone-tile",
        f"seat 0 took the lone tile [5-5] as a ten with [6-4], but under option lone-tile={lone} {why}",
    )


def test_under_lone_tile_pair_or_ten_a_ten_must_sum_to_a_multiple_of_ten() -> None:
    assert explain(config(**{"lone-tile": "pair-or-ten"}), LONE_TEN, "2-1", LEFT, ("6-6",)) == (
        "ts.lone-tile",
        "seat 0 took the lone tile [6-6] as a ten with [2-1], but 3+12 = 15 is not a multiple of ten",
    )


def test_under_lone_tile_pair_or_ten_a_lone_pair_still_needs_an_identical_tile() -> None:
    assert explain(config(**{"lone-tile": "pair-or-ten"}), LONE_PAIR, "6-4", LEFT, ("5-5",)) == (
        "ts.lone-tile",
        "seat 0 took the lone tile [5-5] as a pair with [6-4], but they are not identical",
    )


def test_a_ten_on_a_row_of_two_is_refused_naming_the_row() -> None:
    assert explain(config(**{"lone-tile": "pair-or-ten"}), LONE_TEN, "6-4", LEFT, ("5-5", "3-1")) == (
        "ts.lone-tile",
        "seat 0 took a ten with [6-4], but a ten takes only a lone tile, and the row is [5-5] [3-1]",
    )


# --- pairs (rules ts.capture.pair, ts.capture.reach) -----------------------------------------------------------


def test_a_pair_from_both_ends_of_a_longer_row_is_not_a_capture() -> None:
    assert explain(config(), LONE_PAIR, "6-6", LEFT, ("6-6", "3-1", "6-6")) == (
        "ts.capture.pair",
        "seat 0 took a pair from both ends with [6-6]: a pair takes one end tile (pair left, pair right)",
    )


@pytest.mark.parametrize(
    ("code", "end", "laid_at", "target"),
    [(PAIR_LEFT, "left", RIGHT, "[6-6]"), (PAIR_RIGHT, "right", LEFT, "[3-1]")],
)
def test_under_reach_laid_end_a_pair_at_the_far_end_is_out_of_reach(
    code: int, end: str, laid_at: int, target: str
) -> None:
    other = "right" if end == "left" else "left"
    face = target.strip("[]")  # identical to the far end tile: only the reach refuses it
    assert explain(config(reach="laid-end"), code, face, laid_at, ("6-6", "3-1")) == (
        "ts.capture.reach",
        f"seat 0 took the {end} end tile {target} with [{face}] laid at the {other} end, but under "
        "option reach=laid-end a tile reaches only the end where it is laid",
    )


@pytest.mark.parametrize(
    ("reach", "code", "laid_at", "target"),
    [
        ("either-end", PAIR_LEFT, RIGHT, "[6-6]"),
        ("either-end", PAIR_RIGHT, LEFT, "[3-1]"),
        ("laid-end", PAIR_LEFT, LEFT, "[6-6]"),
        ("laid-end", PAIR_RIGHT, RIGHT, "[3-1]"),
    ],
)
def test_a_pair_within_reach_but_not_identical_is_refused(reach: str, code: int, laid_at: int, target: str) -> None:
    assert explain(config(reach=reach), code, "5-5", laid_at, ("6-6", "3-1")) == (
        "ts.capture.pair",
        f"seat 0 took [5-5] and {target} as a pair, but they are not identical",
    )


@pytest.mark.parametrize(("code", "target"), [(PAIR_LEFT, "[6-6]"), (PAIR_RIGHT, "[4-4]")])
def test_on_a_longer_row_a_pair_names_the_end_tile_not_its_neighbour(code: int, target: str) -> None:
    assert explain(config(), code, "5-5", RIGHT, ("6-6", "3-1", "4-4")) == (
        "ts.capture.pair",
        f"seat 0 took [5-5] and {target} as a pair, but they are not identical",
    )


# --- triples (rules ts.capture.triple, ts.capture.reach, ts.tiles.four-two) ------------------------------------


@pytest.mark.parametrize(("code", "end"), [(TRIPLE_LEFT, "left"), (TRIPLE_RIGHT, "right")])
def test_a_triple_from_one_end_of_a_row_of_two_is_triple_ends(code: int, end: str) -> None:
    assert explain(config(), code, "2-2", LEFT, ("6-6", "3-1")) == (
        "ts.capture.triple",
        f"seat 0 took a triple from the {end} end with [2-2], but the row holds two tiles: "
        "a triple with both is taken from the ends (triple ends)",
    )


@pytest.mark.parametrize(("code", "end"), [(TRIPLE_LEFT, "left"), (TRIPLE_RIGHT, "right")])
def test_under_triple_ends_only_two_tiles_at_one_end_are_not_a_triple(code: int, end: str) -> None:
    # [6-6] [3-1] [4-4] and [2-2]: 12+4+4 = 20 at the left, so only the option refuses it
    assert explain(config(triple="ends-only"), code, "2-2", LEFT, ("6-6", "3-1", "4-4")) == (
        "ts.capture.triple",
        f"seat 0 took the two tiles at the {end} end as a triple with [2-2], but under option "
        "triple=ends-only a triple takes one tile at each end",
    )


@pytest.mark.parametrize(("code", "end", "laid_at"), [(TRIPLE_LEFT, "left", RIGHT), (TRIPLE_RIGHT, "right", LEFT)])
def test_under_reach_laid_end_two_tiles_at_the_far_end_are_out_of_reach(code: int, end: str, laid_at: int) -> None:
    other = "right" if end == "left" else "left"
    assert explain(config(reach="laid-end"), code, "2-2", laid_at, ("6-6", "3-1", "4-4")) == (
        "ts.capture.reach",
        f"seat 0 took the two tiles at the {end} end with [2-2] laid at the {other} end, but under "
        "option reach=laid-end a tile reaches the tiles of its own end (and the far end tile) only",
    )


@pytest.mark.parametrize(
    ("reach", "code", "laid_at", "a", "b", "sums"),
    [
        # [6-6] 12, [3-1] 4, [4-4] 8 and [2-1] 3: 19 at the left, 15 at the right, 23 at the ends
        ("either-end", TRIPLE_LEFT, RIGHT, "[6-6]", "[3-1]", ("12", "4", "19")),
        ("either-end", TRIPLE_RIGHT, LEFT, "[3-1]", "[4-4]", ("4", "8", "15")),
        ("laid-end", TRIPLE_LEFT, LEFT, "[6-6]", "[3-1]", ("12", "4", "19")),
        ("laid-end", TRIPLE_RIGHT, RIGHT, "[3-1]", "[4-4]", ("4", "8", "15")),
        ("laid-end", TRIPLE_ENDS, LEFT, "[6-6]", "[4-4]", ("12", "8", "23")),
        ("either-end", TRIPLE_ENDS, RIGHT, "[6-6]", "[4-4]", ("12", "8", "23")),
    ],
)
def test_a_triple_within_reach_that_is_not_a_ten_is_refused_with_its_sum(
    reach: str, code: int, laid_at: int, a: str, b: str, sums: tuple[str, str, str]
) -> None:
    x, y, total = sums
    assert explain(config(reach=reach), code, "2-1", laid_at, ("6-6", "3-1", "4-4"), verb="claimed") == (
        "ts.capture.triple",
        f"seat 0 claimed {a} and {b} as a triple, but {x}+{y} is not a ten with [2-1]: "
        f"{x}+{y}+3 = {total} is not a multiple of ten",
    )


def test_a_triple_of_a_row_of_two_is_summed_from_both_tiles() -> None:
    assert explain(config(), TRIPLE_ENDS, "2-1", LEFT, ("6-6", "4-4")) == (
        "ts.capture.triple",
        "seat 0 took [6-6] and [4-4] as a triple, but 12+8 is not a ten with [2-1]: 12+8+3 = 23 is not a multiple of ten",
    )


@pytest.mark.parametrize(
    ("value", "kind", "rule", "sums"),
    [
        # [4-2] as 6: 6+12+5 = 23, a ten had it counted 3 (20): the option is why
        ("6", "4-1", "ts.tiles.four-two", ("6", "5", "23")),
        # 6+12+4 = 22: not a ten counted 3 either (19)
        ("6", "3-1", "ts.capture.triple", ("6", "4", "22")),
        # [4-2] as 3: 3+12+2 = 17, a ten had it counted 6 (20)
        ("3", "1-1", "ts.tiles.four-two", ("3", "2", "17")),
        # 3+12+7 = 22: not a ten counted 6 either (25)
        ("3", "6-1", "ts.capture.triple", ("3", "7", "22")),
    ],
)
def test_a_triple_with_four_two_names_its_count_and_blames_it_only_when_the_other_count_makes_a_ten(
    value: str, kind: str, rule: str, sums: tuple[str, str, str]
) -> None:
    four_two, spots, total = sums
    assert explain(config(**{"four-two-value": value}), TRIPLE_ENDS, kind, LEFT, ("4-2", "3-1", "6-6")) == (
        rule,
        f"seat 0 took [4-2] and [6-6] as a triple, but {four_two}+12 is not a ten with [{kind}]: "
        f"{four_two}+12+{spots} = {total} is not a multiple of ten "
        f"([4-2] counts {four_two} under option four-two-value={value})",
    )


@pytest.mark.parametrize(
    ("value", "rule", "total"),
    # [6-6] 12 + [5-5] 10 + [4-2]: 28 as 6 (25 as 3, not a ten), 25 as 3 (28 as 6, not a ten)
    [("6", "ts.capture.triple", "28"), ("3", "ts.capture.triple", "25")],
)
def test_four_two_laid_is_named_too(value: str, rule: str, total: str) -> None:
    assert explain(config(**{"four-two-value": value}), TRIPLE_ENDS, "4-2", LEFT, ("6-6", "3-1", "5-5")) == (
        rule,
        f"seat 0 took [6-6] and [5-5] as a triple, but 12+10 is not a ten with [4-2]: "
        f"12+10+{value} = {total} is not a multiple of ten ([4-2] counts {value} under option four-two-value={value})",
    )


def test_four_two_laid_is_blamed_when_its_other_count_makes_a_ten() -> None:
    # [6-6] 12 + [4-1] 5 + [4-2] 6 = 23, not a ten; counted 3 it would be 20: the option is why
    assert explain(config(), TRIPLE_ENDS, "4-2", RIGHT, ("6-6", "3-1", "4-1")) == (
        "ts.tiles.four-two",
        "seat 0 took [6-6] and [4-1] as a triple, but 12+5 is not a ten with [4-2]: "
        "12+5+6 = 23 is not a multiple of ten ([4-2] counts 6 under option four-two-value=6)",
    )


# --- the tiles a capture takes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "taken"),
    [
        (PAIR_LEFT, (9, 1)),
        (PAIR_RIGHT, (9, 4)),
        (TRIPLE_LEFT, (9, 1, 2)),
        (TRIPLE_RIGHT, (9, 3, 4)),
        (TRIPLE_ENDS, (9, 1, 4)),
    ],
)
@pytest.mark.parametrize("end", [LEFT, RIGHT])
def test_a_capture_takes_the_laid_tile_first_and_then_its_row_tiles(
    code: int, taken: tuple[int, ...], end: int
) -> None:
    # kinds 1 2 3 4 lie on the table; kind 9 was laid at ``end``
    row = [9, 1, 2, 3, 4] if end == LEFT else [1, 2, 3, 4, 9]
    assert captured_kinds(row, (9, end), code) == taken


@pytest.mark.parametrize(("code", "end"), [(LONE_PAIR, LEFT), (LONE_TEN, RIGHT), (TRIPLE_ENDS, RIGHT)])
def test_a_capture_of_a_lone_tile_takes_the_laid_tile_and_the_lone_one(code: int, end: int) -> None:
    row = [9, 4] if end == LEFT else [4, 9]
    assert captured_kinds(row, (9, end), code) == (9, 4)


@pytest.mark.parametrize("code", [TRIPLE_LEFT, TRIPLE_RIGHT])
def test_a_triple_from_one_end_of_a_lone_tile_takes_only_the_laid_tile(code: int) -> None:
    assert captured_kinds([4, 9], (9, RIGHT), code) == (9,)
    assert captured_kinds([9, 4], (9, LEFT), code) == (9,)


def test_a_tile_laid_on_an_empty_table_takes_nothing_but_itself() -> None:
    assert captured_kinds([9], (9, LEFT), PAIR_LEFT) == (9,)
    assert captured_kinds([9], (9, RIGHT), TRIPLE_ENDS) == (9,)


def test_no_tile_laid_takes_nothing() -> None:
    assert captured_kinds([1, 2, 3], (-1, LEFT), PAIR_LEFT) == ()
