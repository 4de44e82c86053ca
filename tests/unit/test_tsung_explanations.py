"""Why a Tsung Shap capture is not open: the referee's explanations around the opening (rules ts.opening, ts.lone-tile).

Under opening-capture=no (Culin's reading) the second opening tile is only
laid: it never takes the first, whatever it is. A row of one tile later in the
game (after a sweep) is a lone tile, which the lone-tile reading lets an
identical tile take. The explanations name the rule that closes the capture,
in every phase: before the lay (:meth:`why_not_capture`), while the player may
take, and after (:meth:`why_no_capture`, about the last tile laid).
"""

from __future__ import annotations

import pytest

from gupai.core.options import resolve_options
from gupai.core.tiles import Tile
from gupai.games.tsung.actions import CLAIM, LAY, TAKE, Capture, Claim, Lay, TakeCapture
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.state import TsungState

SIX = Tile("6-6")
LONE_PAIR = Capture("pair", "ends")
SECOND_ONLY_LAID = (
    "ts.opening",
    "seat {seat} took the first opening tile with the second, [6-6], but under option opening-capture=no "
    "the second opening tile is only laid",
)


def config(opening_capture: str) -> TsungConfig:
    return tsung_config(resolve_options("tsung-shap", overrides={"opening-capture": opening_capture}))


def second_opening_tile(opening_capture: str) -> TsungState:
    """Seat 0 has laid [6-6] on the empty table; seat 1 turns over the other [6-6]."""
    piles = [[Tile("3-1")], [SIX, Tile("2-2")]]
    return TsungState.from_position(config(opening_capture), row=[SIX], piles=piles, to_move=1, laid=1)


def test_under_opening_capture_no_the_second_opening_tile_cannot_take_the_first() -> None:
    state = second_opening_tile("no")
    rule, message = SECOND_ONLY_LAID
    assert state.why_not_capture(LONE_PAIR, SIX, "left") == (rule, message.format(seat=1))
    state.apply(Lay(SIX, "left"))
    # no capture to take: the turn passes to seat 0, who lays
    assert (state.phase, state.current_player, state.row) == (LAY, 0, [SIX.index, SIX.index])
    assert [str(a) for a in state.legal_actions()] == ["lay 3-1 left", "lay 3-1 right"]
    # asked in the lay phase, the explanation is about the last tile laid (seat 0 now asks)
    assert state.why_no_capture(LONE_PAIR) == (rule, message.format(seat=0))


def test_under_opening_capture_yes_the_second_opening_tile_takes_an_identical_first() -> None:
    state = second_opening_tile("yes")
    assert state.why_not_capture(LONE_PAIR, SIX, "left") is None
    state.apply(Lay(SIX, "left"))
    assert (state.phase, state.current_player) == (TAKE, 1)
    assert [str(a) for a in state.legal_actions()] == ["take pair ends", "pass"]
    assert state.why_no_capture(LONE_PAIR) is None


@pytest.mark.parametrize(("opening_capture", "open_"), [("no", []), ("yes", [(LONE_PAIR, 240)])])
def test_what_the_second_opening_tile_could_take_follows_opening_capture(
    opening_capture: str, open_: list[tuple[Capture, int]]
) -> None:
    # the analysis query agrees with the referee: under "no" the second opening tile takes nothing
    state = second_opening_tile(opening_capture)
    assert state.captures_for(SIX, "left") == open_
    assert state.captures_for(SIX, "right") == open_


@pytest.mark.parametrize("opening_capture", ["no", "yes"])
def test_a_lone_tile_after_the_opening_may_be_taken_under_either_reading(opening_capture: str) -> None:
    # a row of one tile with two laid before (a restart after a sweep): not the opening
    state = TsungState.from_position(config(opening_capture), row=[SIX], piles=[[SIX], [Tile("2-2")]], laid=2)
    assert state.why_not_capture(LONE_PAIR, SIX, "right") is None
    state.apply(Lay(SIX, "right"))
    assert (state.phase, [str(a) for a in state.legal_actions()]) == (TAKE, ["take pair ends", "pass"])


def test_the_first_opening_tile_takes_nothing() -> None:
    state = TsungState.from_position(config("yes"), piles=[[SIX], [SIX]], laid=0)
    assert state.why_not_capture(LONE_PAIR, SIX, "left") == (
        "ts.capture.choice",
        "seat 0 took pair ends with [6-6], but it was laid on an empty table",
    )


def test_in_the_take_phase_a_capture_not_open_is_explained_by_the_tile_laid() -> None:
    state = second_opening_tile("yes")
    state.apply(Lay(SIX, "left"))
    assert state.why_no_capture(Capture("pair", "left")) == (
        "ts.lone-tile",
        "seat 1 took pair left with [6-6], but the row is the lone tile [6-6] (pair ends, ten ends)",
    )


def test_in_the_claim_phase_the_explanation_says_claimed() -> None:
    state = second_opening_tile("yes")
    state.apply(Lay(SIX, "left"))
    state.apply(state.legal_actions()[-1])  # seat 1 passes the capture by: seat 0 may claim it
    assert (state.phase, state.current_player) == (CLAIM, 0)
    assert state.why_no_capture(LONE_PAIR) is None
    assert state.why_no_capture(Capture("pair", "left")) == (
        "ts.lone-tile",
        "seat 0 claimed pair left with [6-6], but the row is the lone tile [6-6] (pair ends, ten ends)",
    )


def test_before_any_tile_is_laid_no_capture_is_open() -> None:
    state = TsungState.from_position(config("no"), piles=[[SIX], [SIX]], laid=0)
    assert state.why_no_capture(Capture("pair", "left")) == (
        "ts.capture.choice",
        "seat 0 took pair left, but no tile has been laid",
    )


def test_in_the_lay_phase_a_take_or_a_claim_is_explained_as_such() -> None:
    state = TsungState.from_position(config("no"), row=[SIX, Tile("3-1")], piles=[[Tile("5-5")], [Tile("2-2")]])
    assert state.phase == LAY
    assert state.why_illegal(Claim(Capture("pair", "left"))) == (
        "ts.claim",
        "seat 0 claimed pair left, but no capture was left untaken by the last tile laid",
    )
    assert state.why_illegal(TakeCapture(Capture("triple", "ends"))) == (
        "ts.turn.lay",
        "seat 0 tried to take triple ends without laying a tile",
    )
    assert state.why_illegal(Lay(Tile("5-5"), "middle")) == ("ts.turn.lay", "'middle' is not an end (left, right)")


@pytest.mark.parametrize(("end", "other"), [("left", "6-6"), ("right", "3-1")])
def test_a_pair_not_made_is_explained_with_the_end_tile_it_was_laid_against(end: str, other: str) -> None:
    state = TsungState.from_position(config("no"), row=[SIX, Tile("3-1")], piles=[[Tile("5-5")], [Tile("2-2")]])
    state.apply(Lay(Tile("5-5"), end))
    assert state.why_no_capture(Capture("pair", end)) == (
        "ts.capture.pair",
        f"seat {state.current_player} took [5-5] and [{other}] as a pair, but they are not identical",
    )


def test_while_a_capture_may_be_taken_only_a_take_or_a_pass_is_legal() -> None:
    state = second_opening_tile("yes")
    state.apply(Lay(SIX, "left"))
    assert state.phase == TAKE
    assert state.why_illegal(Lay(Tile("2-2"), "left")) == (
        "ts.capture.choice",
        "seat 1 must take a capture with [6-6] or pass before another tile is laid",
    )
    assert state.why_illegal(Claim(LONE_PAIR)) == (
        "ts.claim",
        "seat 1 claimed pair ends, but a player claims only the opponent's missed capture",
    )


def test_while_a_missed_capture_may_be_claimed_only_a_claim_or_a_pass_is_legal() -> None:
    state = second_opening_tile("yes")
    state.apply(Lay(SIX, "left"))
    state.apply(state.legal_actions()[-1])  # seat 1 passes: seat 0 may claim
    assert state.phase == CLAIM
    assert state.why_illegal(Lay(Tile("3-1"), "left")) == (
        "ts.claim",
        "seat 0 must claim the missed capture or pass before laying",
    )
    assert state.why_illegal(Claim(Capture("pair", "left"))) == (
        "ts.lone-tile",
        "seat 0 claimed pair left with [6-6], but the row is the lone tile [6-6] (pair ends, ten ends)",
    )
    assert state.why_illegal(Claim(LONE_PAIR)) is None


def test_the_refusal_to_lay_again_names_the_tile_just_laid() -> None:
    five = Tile("5-5")
    state = TsungState.from_position(config("no"), row=[five], piles=[[five, Tile("2-2")], [Tile("3-1")]], laid=2)
    state.apply(Lay(five, "right"))
    assert state.phase == TAKE
    assert state.why_illegal(Lay(Tile("2-2"), "left")) == (
        "ts.capture.choice",
        "seat 0 must take a capture with [5-5] or pass before another tile is laid",
    )


@pytest.mark.parametrize(
    ("held", "shown"), [([Tile("4-4"), Tile("6-5")], "[4-4] [6-5]"), ([], "nothing")], ids=["two-held", "none-held"]
)
def test_a_tile_laid_from_outside_the_four_tile_hand_is_refused_naming_what_is_held(
    held: list[Tile], shown: str
) -> None:
    # the German four-tile variant: the player lays one of the tiles held face up (a position whose seat 0
    # holds nothing, its tiles still in the common stock, is the analysis API's, not reached in play)
    four = tsung_config(resolve_options("tsung-shap", preset="spieltdomino"))
    stock = [Tile("2-2"), Tile("5-5")]
    state = TsungState.from_position(four, row=[SIX, Tile("3-1")], stock=stock, hands=[held, [Tile("1-1")]])
    assert state.phase == LAY
    assert state.why_illegal(Lay(Tile("2-2"), "left")) == (
        "ts.german.hand",
        f"seat 0 laid [2-2], which is not in the hand ({shown})",
    )
    for tile in held:
        assert state.why_illegal(Lay(tile, "right")) is None
