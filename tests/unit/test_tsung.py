"""The Tsung Shap engine, its log, validator and agents: units, and properties over many seeded games."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai import (
    Capture,
    HandError,
    IllegalActionError,
    OptionError,
    Tile,
    TsungState,
    parse_tsung_action,
    random_tsung_deal,
    resolve_options,
    set_counts,
    tsung_config,
    tsung_deal_from_order,
)
from gupai.cli import main
from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.games.agents import make_agent
from gupai.games.kap.actions import Take as KapTake
from gupai.games.tsung.actions import Claim, Lay, Pass, TakeCapture, action_code, trace_json
from gupai.games.tsung.captures import explain_capture
from gupai.games.tsung.deal import TsungDeal, complete_position
from gupai.games.tsung.greedy import greedy_tsung
from gupai.games.tsung.play import simulate
from gupai.games.tsung.replay import replay_tsung
from gupai.log.format import dumps_log
from gupai.log.play import play_game
from gupai.log.schema import schema_text
from gupai.log.transcript import transcript
from gupai.log.tsung import play_tsung
from gupai.log.validate import validate_log

GAME = "tsung-shap"
PRESETS = [preset.name for preset in game_spec(GAME).presets]
FULL = Counter({kind: n for kind, n in enumerate(set_counts(1))})
T = Tile


def config(preset: str = "culin", **overrides: str) -> Any:
    return tsung_config(
        resolve_options(GAME, preset=preset, overrides={k.replace("_", "-"): v for k, v in overrides.items()})
    )


def rule_of(problem: tuple[str, str] | None) -> str | None:
    return None if problem is None else problem[0]


def pool(state: TsungState) -> Counter[int]:
    """Every tile of the game, wherever it is: row, piles, stock, hands, the tile turned over, the tiles taken."""
    tiles: Counter[int] = Counter(state.row)
    for seat in (0, 1):
        tiles.update(t.index for t in state.pile(seat))
        tiles.update(t.index for t in state.hand(seat))
    tiles.update(t.index for t in state.stock())
    if state.revealed is not None:
        tiles[state.revealed.index] += 1
    for record in state.trace:
        if record[0] in (3, 4):  # capture, claim
            tiles.update(record[3])
    return tiles


# ------------------------------------------------------------------ options
def test_end_stock_empty_needs_a_common_stock() -> None:
    with pytest.raises(OptionError) as caught:
        config(end="stock-empty")
    assert "end=stock-empty" in caught.value.message and "stock=own-halves" in caught.value.message
    assert caught.value.rule == "ts.end"
    assert config(end="stock-empty", stock="common").end == "stock-empty"


@pytest.mark.parametrize(("stock", "refill"), [("own-halves", "common-stock"), ("common", "own-half")])
def test_a_four_tile_hand_refills_from_where_the_tiles_are(stock: str, refill: str) -> None:
    with pytest.raises(OptionError) as caught:
        config(hand="four", stock=stock, refill=refill)
    assert f"refill={refill}" in caught.value.message and f"stock={stock}" in caught.value.message
    # no hand to refill: the option has no effect, and a game plays alike under either refill
    hidden = config(hand="hidden", stock=stock, refill=refill)
    assert not hidden.four and hidden.options["refill"] == refill
    other = "own-half" if refill == "common-stock" else "common-stock"
    games = [
        play_game(GAME, overrides={"hand": "hidden", "stock": stock, "refill": way}, seed=5) for way in (refill, other)
    ]
    assert games[0]["events"] == games[1]["events"] and games[0]["result"] == games[1]["result"]
    assert (games[0]["options"]["refill"], games[1]["options"]["refill"]) == (refill, other)


def test_a_config_needs_tsung_shap_options() -> None:
    with pytest.raises(OptionError, match="do not fix a Tsung Shap game") as caught:
        tsung_config(resolve_options("kap-shap"))
    assert caught.value.where == "game"
    assert config().spec is game_spec(GAME)  # the game a config plays, as views and logs name it


def test_end_stock_empty_under_own_halves_is_refused_at_option_end() -> None:
    with pytest.raises(OptionError) as caught:
        config(end="stock-empty", stock="own-halves")
    assert (caught.value.rule, caught.value.where) == ("ts.end", "end")
    assert "set stock=common, or another end" in caught.value.message


@pytest.mark.parametrize(
    ("stock", "refill", "source", "fixes"),
    [
        # the stock the refill draws from, or the refill that draws from the stock
        ("own-halves", "common-stock", "a common stock", "set stock=common, or refill=own-half"),
        ("common", "own-half", "an own half", "set stock=own-halves, or refill=common-stock"),
    ],
)
def test_a_refill_from_where_the_tiles_are_not_names_where_it_draws_and_both_fixes(
    stock: str, refill: str, source: str, fixes: str
) -> None:
    with pytest.raises(OptionError) as caught:
        config(hand="four", stock=stock, refill=refill)
    assert (caught.value.rule, caught.value.where) == ("ts.german.hand", "refill")
    message = caught.value.message
    assert f"option refill={refill} refills the four-tile hand from {source}, but stock={stock}" in message
    assert message.endswith(f"with hand=four {fixes}")


def test_every_preset_resolves() -> None:
    for preset in PRESETS:
        assert config(preset).options.preset == preset


def test_navpils_presets_are_reachable_by_its_own_names() -> None:
    assert resolve_options(GAME, preset="navpil:spieldomino").preset == "navpil-spieldomino"
    assert resolve_options(GAME, preset="navpil:classic").preset == "navpil-classic"


# --------------------------------------------------------------------- deal
def test_own_halves_are_the_two_halves_of_the_order() -> None:
    order = list(range(21)) + list(range(11))
    deal = tsung_deal_from_order(config(), order)
    assert deal.piles == (tuple(order[:16]), tuple(order[16:]))
    assert deal.stock is None and deal.hands is None and deal.first_player == 0
    four = tsung_deal_from_order(config(hand="four", refill="own-half"), order)
    assert four.hands == (tuple(order[:4]), tuple(order[16:20]))
    assert four.piles == (tuple(order[4:16]), tuple(order[20:]))
    common = tsung_deal_from_order(config("spieltdomino"), order)
    assert common.hands == (tuple(order[:4]), tuple(order[4:8])) and common.stock == tuple(order[8:])


@pytest.mark.parametrize("preset", PRESETS)
def test_a_deal_of_every_preset_is_written_in_tile_spelling_and_read_back(preset: str) -> None:
    deal = random_tsung_deal(config(preset), random.Random(preset))
    text = repr(deal)
    # each part the options give, spelled as the log spells tiles; the parts they do not give, None
    for name, part in (("piles", deal.piles), ("hands", deal.hands)):
        spelled = None if part is None else tuple(" ".join(T.from_index(k).face for k in seat) for seat in part)
        assert f"{name}={spelled!r}" in text
    stock = None if deal.stock is None else " ".join(T.from_index(k).face for k in deal.stock)
    assert f"stock={stock!r}" in text
    assert eval(text, {"TsungDeal": TsungDeal}) == deal


def test_a_position_using_more_copies_than_the_set_holds_is_refused() -> None:
    with pytest.raises(HandError) as caught:
        complete_position(
            config(), row=[T("6-6"), T("3-1")], piles={0: ([T("6-6"), T("6-6")], True)}, stock=None, hands={}
        )
    assert caught.value.message == "the position uses more [6-6] than one set holds"
    assert caught.value.where == "position"


# ----------------------------------------------------------------- actions
def test_actions_have_a_text_form_that_parses_back() -> None:
    for text in ["lay 6-6 left", "lay 4-2 right", "take pair left", "take triple ends", "claim ten ends", "pass"]:
        assert str(parse_tsung_action(text)) == text
    assert parse_tsung_action("lay 1-3 right") == Lay(T("3-1"), "right")
    assert repr(Capture("triple", "ends")) == "Capture('triple ends')"
    assert Capture.parse("pair right") == Capture("pair", "right")


@pytest.mark.parametrize("text", ["lay 7-1 left", "lay 6-6 middle", "take pair middle", "take", "discard 6-6", ""])
def test_a_malformed_action_is_refused_with_a_gupai_error(text: str) -> None:
    with pytest.raises((IllegalActionError, ValueError)):
        parse_tsung_action(text)


@pytest.mark.parametrize("text", ["lay 6-6 middle", "take", "discard 6-6", ""])
def test_a_malformed_action_is_refused_naming_the_text_and_the_forms(text: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        parse_tsung_action(text)
    assert caught.value.message == f"{text!r} is not an action (lay T left|right, take CAPTURE, claim CAPTURE, pass)"
    assert caught.value.where == text


def test_a_capture_is_a_known_kind_at_a_known_place() -> None:
    with pytest.raises(IllegalActionError) as caught:
        Capture("ten", "left")  # a ten takes only the lone tile: "ten ends"
    assert caught.value.message == (
        "ten left is not a capture (pair left|right|ends, triple left|right|ends, ten ends)"
    )
    assert caught.value.where == "ten left"
    with pytest.raises(IllegalActionError) as caught:
        Capture.parse("triple")
    assert caught.value.message == "'triple' is not a capture (e.g. 'pair left', 'triple ends')"
    assert caught.value.where == "triple"
    with pytest.raises(IllegalActionError) as caught:
        parse_tsung_action("take pair middle")
    assert caught.value.where == "pair middle"


def test_an_action_has_a_code_only_at_an_end_and_in_tsung_shap() -> None:
    """A lay built by hand at no end, or another game's action, has no code: refused, the action named."""
    with pytest.raises(IllegalActionError) as caught:
        action_code(Lay(T("6-6"), "middle"))
    assert (caught.value.message, caught.value.where) == ("'middle' is not an end (left, right)", "lay 6-6 middle")
    with pytest.raises(IllegalActionError) as caught:
        action_code(KapTake(T("6-6")))  # type: ignore[arg-type]
    assert caught.value.message == "Take(tile=Tile('6-6')) is not a Tsung Shap action"
    assert caught.value.where == "Take(tile=Tile('6-6'))"
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("5-5"), T("4-4")], [T("1-1")]])
    assert state.why_illegal(KapTake(T("6-6"))) == (  # type: ignore[arg-type]
        "ts.turn.lay",
        "Take(tile=Tile('6-6')) is not a Tsung Shap action",
    )


def test_an_illegal_action_raises_with_the_rule() -> None:
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("5-5"), T("4-4")], [T("1-1")]])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Lay(T("4-4"), "left"))
    assert caught.value.rule == "ts.turn.lay"
    assert state.why_illegal(Pass()) == ("ts.turn.lay", "seat 0 must lay a tile")
    assert rule_of(state.why_illegal(TakeCapture(Capture("pair", "left")))) == "ts.turn.lay"
    assert rule_of(state.why_illegal(Claim(Capture("pair", "left")))) == "ts.claim"


# ----------------------------------------------------------------- scoring
def worked_example(cfg: Any) -> TsungState:
    """The gupai site's photo: two triples of 20 and a pair of [6-6]."""
    state = TsungState.from_position(
        cfg,
        row=[T("5-3"), T("1-1"), T("3-1"), T("6-6")],
        piles=[[T("6-6"), T("6-4"), T("4-1"), T("5-5")], [T("6-5"), T("2-2"), T("6-1")]],
    )
    for text in [
        "lay 6-6 right",
        "take pair right",
        "lay 6-5 right",
        "lay 6-4 left",
        "take triple left",
        "lay 2-2 right",
        "lay 4-1 left",
        "take triple left",
    ]:
        state.apply(parse_tsung_action(text))
    return state


def test_two_triples_of_20_and_a_pair_of_6_6_score_280() -> None:
    state = worked_example(config())
    assert state.scores == [280, 0]
    assert state.tally[0][:4] == [1, 2, 0, 0]  # pairs, triples, tens, sweeps
    assert state.row_tiles() == [T("2-2")]


def test_under_pair_score_fifty_the_same_captures_score_90() -> None:
    assert worked_example(config(pair_score="fifty")).scores == [90, 0]


@pytest.mark.parametrize(("sweep_score", "points"), [("replace", 40), ("add", 60)])
def test_a_sweep_scores_40_in_place_of_or_beside_its_points(sweep_score: str, points: int) -> None:
    state = TsungState.from_position(
        config(sweep_score=sweep_score), row=[T("6-6"), T("3-1")], piles=[[T("2-2"), T("5-5")], [T("1-1")]]
    )
    state.apply(Lay(T("2-2"), "right"))
    assert state.open_captures() == [(Capture("triple", "ends"), points)]
    events = state.apply(TakeCapture(Capture("triple", "ends")))
    assert [e.type for e in events] == ["capture", "reveal"]
    assert events[0].sweep and events[1].seat == 0  # the sweeper restarts
    assert state.scores == [points, 0] and state.row == []


@pytest.mark.parametrize(("value", "open_"), [("6", []), ("3", [(Capture("triple", "ends"), 20)])])
def test_four_two_counts_as_the_option_says(value: str, open_: list[Any]) -> None:
    state = TsungState.from_position(
        config(four_two_value=value), row=[T("5-5"), T("3-3"), T("6-1")], piles=[[T("4-2"), T("1-1")], [T("2-2")]]
    )
    assert state.captures_for(T("4-2"), "left") == open_


def test_captures_for_lists_what_a_tile_would_take() -> None:
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1"), T("4-4")], piles=[[T("4-4")], [T("1-1")]])
    assert state.captures_for(T("4-4"), "right") == [(Capture("pair", "right"), 160), (Capture("triple", "right"), 20)]
    laid_end = TsungState.from_position(
        config(reach="laid-end"), row=[T("4-4"), T("3-1"), T("6-6")], piles=[[T("4-4")], [T("1-1")]]
    )
    assert laid_end.captures_for(T("4-4"), "right") == []
    assert laid_end.captures_for(T("4-4"), "left") == [(Capture("pair", "left"), 160), (Capture("triple", "left"), 20)]


# ---------------------------------------------------------------- positions
def test_a_position_cannot_hold_more_tiles_than_the_set() -> None:
    with pytest.raises(HandError, match=r"more \[6-6\]"):
        TsungState.from_position(config(), row=[T("6-6"), T("6-6")], piles=[[T("6-6")], []])
    with pytest.raises(HandError, match="no tile left"):
        TsungState.from_position(config(), row=[T("6-6")], piles=[[], [T("1-1")]])
    with pytest.raises(HandError, match="not a seat"):
        TsungState.from_position(config(), row=[T("6-6")], to_move=2, piles=[[T("1-1")], [T("2-2")]])


@pytest.mark.parametrize(
    ("position", "message", "where"),
    [
        (
            {"row": [T("6-6")], "piles": [[T("1-1")], [T("2-2")], [T("3-3")]]},
            "3 seats given: Tsung Shap has two",
            "position",
        ),
        ({"row": [T("6-6")], "hands": [[T("1-1")], [], []]}, "3 seats given: Tsung Shap has two", "position"),
        (
            {"row": [T("6-6")] * 3 + [T("1-1")] * 3, "piles": [[T("2-2")], [T("3-3")]]},
            "the position holds more [6-6], [1-1] than one set",
            "position",
        ),
        (
            {"row": [T("6-6")], "to_move": 2, "piles": [[T("1-1")], [T("2-2")]]},
            "seat 2 is not a seat of a two-player game",
            "to_move",
        ),
        (
            {"row": [T("6-6")], "to_move": 1, "piles": [[T("1-1")], []]},
            "seat 1 is to play but has no tile left",
            "to_move",
        ),
    ],
)
def test_a_position_that_cannot_be_is_refused_naming_what_and_where(
    position: dict[str, Any], message: str, where: str
) -> None:
    with pytest.raises(HandError) as caught:
        TsungState.from_position(config(), **position)
    assert (caught.value.message, caught.value.where) == (message, where)


def test_a_position_counts_the_turns_before_it_one_each_by_default() -> None:
    # seat 0 to play: one turn each before, and seat 0's second begun; seat 1 to play: seat 0 has had two
    piles = [[T("2-2")], [T("1-1")]]
    first = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=piles)
    assert first.turns == [2, 1] and first.result()["turns"] == 3
    second = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=piles, to_move=1)
    assert second.turns == [2, 2]
    given = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=piles, turns=(5, 4))
    assert given.turns == [6, 4]
    # an illegal action names the turn it was tried in
    with pytest.raises(IllegalActionError) as caught:
        first.apply(Lay(T("1-1"), "left"))
    assert (caught.value.rule, caught.value.where) == ("ts.turn.lay", "turn 3")
    assert caught.value.message == "seat 0 turned over [2-2] and must lay it, not [1-1]"


def test_a_position_counts_the_row_as_the_tiles_laid_at_least_two_by_default() -> None:
    piles = [[T("2-2")], [T("1-1")]]
    row = [T("6-6"), T("3-1"), T("4-4")]
    assert TsungState.from_position(config(), row=row, piles=piles).tiles_laid == 3
    assert TsungState.from_position(config(), row=row, piles=piles, laid=9).tiles_laid == 9
    # a row of one tile is a restart, not the opening: the tile laid on it may pair it (opening-capture=no)
    lone = TsungState.from_position(config(), row=[T("1-1")], piles=[[T("1-1")], [T("2-2")]])
    assert lone.tiles_laid == 2
    assert lone.captures_for(T("1-1"), "left") == [(Capture("pair", "ends"), 40)]  # ten a spot of both tiles


def test_a_position_with_an_empty_row_is_the_start_of_the_game() -> None:
    # nothing laid: under opening-end=left the second tile laid goes at the left end only
    state = TsungState.from_position(config(opening_end="left"), piles=[[T("2-2"), T("3-3")], [T("1-1")]])
    assert state.tiles_laid == 0
    assert [str(a) for a in state.legal_actions()] == ["lay 2-2 left", "lay 2-2 right"]
    state.apply(Lay(T("2-2"), "right"))
    assert (state.current_player, [str(a) for a in state.legal_actions()]) == (1, ["lay 1-1 left"])


def test_a_position_counts_as_laid_every_copy_not_hidden() -> None:
    # hidden: two [2-2] and a [1-1] face down, a [5-5] in the stock of the four-tile game, a [6-5] in a hand
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("2-2"), T("2-2")], [T("1-1")]])
    laid = state.laid_counts
    assert (laid[T("2-2").index], laid[T("1-1").index], laid[T("6-6").index], laid[T("2-1").index]) == (0, 1, 2, 1)
    assert sum(laid) == 32 - 3
    four = TsungState.from_position(
        config("spieltdomino"), row=[T("6-6")], hands=[[T("6-5")], [T("1-1")]], stock=[T("5-5"), T("5-5")]
    )
    laid = four.laid_counts
    assert (laid[T("6-5").index], laid[T("1-1").index], laid[T("5-5").index], laid[T("6-6").index]) == (1, 1, 0, 2)
    assert sum(laid) == 32 - 4


def test_a_position_is_no_deal_to_replay() -> None:
    # what is not given is out of play: no order, no piles, and a stock or hands only if given
    state = TsungState.from_position(config(), row=[T("6-6")], piles=[[T("2-2")], [T("1-1")]], to_move=1)
    assert state.deal == TsungDeal(
        order=(), first_player=1, piles=((T("2-2").index,), (T("1-1").index,)), stock=(), hands=((), ())
    )
    four = TsungState.from_position(config("spieltdomino"), row=[T("6-6")], stock=[T("5-5")], hands=None)
    assert four.deal == TsungDeal(order=(), first_player=0, piles=((), ()), stock=(T("5-5").index,), hands=((), ()))


def test_a_position_with_no_tiles_left_is_over() -> None:
    state = TsungState.from_position(config(), row=[T("6-6")], piles=[[], []], scores=(10, 0))
    assert state.is_terminal and state.winner == 0 and state.legal_actions() == []
    assert rule_of(state.why_illegal(Pass())) == "ts.end"


def test_tiles_left_counts_the_tile_turned_over_the_pile_the_hand_and_a_common_stock() -> None:
    # seat 0 has turned over [6-6] (the first kind) and holds [5-5] face down; seat 1 holds [4-4]
    own = TsungState.from_position(config(), row=[T("2-2"), T("3-1")], piles=[[T("6-6"), T("5-5")], [T("4-4")]])
    assert (own.tiles_left(0), own.tiles_left(1)) == (2, 1)
    # a common stock of three, its first turned over by seat 0: every tile is either seat's to lay
    common = TsungState.from_position(
        config(stock="common", end="stock-empty"), row=[T("6-6")], stock=[T("2-2"), T("5-5"), T("4-4")]
    )
    assert (common.tiles_left(0), common.tiles_left(1)) == (3, 2)
    # four-tile hands: the hand held and the stock still to draw
    four = TsungState.from_position(
        config("spieltdomino"), row=[T("6-6")], hands=[[T("2-2"), T("5-5")], [T("4-4")]], stock=[T("1-1")]
    )
    assert (four.tiles_left(0), four.tiles_left(1)) == (3, 2)


def test_the_tile_turned_over_reads_minus_one_while_there_is_none() -> None:
    # hidden tiles: between the lay and the capture nothing is turned over; four-tile hands: never
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("2-2"), T("5-5")], [T("4-4")]])
    assert (state.revealed_kind, state.revealed) == (T("2-2").index, T("2-2"))
    state.apply(Lay(T("2-2"), "right"))
    assert (state.phase, state.revealed_kind, state.revealed, state.tiles_left(0)) == ("take", -1, None, 1)
    four = TsungState.from_position(config("spieltdomino"), row=[T("6-6")], hands=[[T("2-2")], [T("4-4")]], stock=[])
    assert (four.revealed_kind, four.revealed) == (-1, None)


def test_a_game_in_play_has_no_winner_and_no_reason_yet() -> None:
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("2-2")], [T("4-4")]], scores=(20, 0))
    assert (state.winner, state.reason, state.observation(1).winner) == (None, None, None)
    assert {key: state.result()[key] for key in ("scores", "winner", "reason")} == {
        "scores": [20, 0],
        "winner": None,
        "reason": None,
    }


def test_each_tile_laid_counts_one_more_copy_laid() -> None:
    # both [2-2] hidden at first: none laid; seat 0 lays one, then seat 1 the other (and may pair it)
    state = TsungState.from_position(
        config(), row=[T("6-6"), T("6-5")], piles=[[T("2-2"), T("5-5")], [T("2-2"), T("4-4")]]
    )
    two = T("2-2").index
    assert state.laid_counts[two] == 0
    state.apply(Lay(T("2-2"), "left"))
    assert state.laid_counts[two] == 1
    state.apply(Lay(T("2-2"), "right"))
    assert state.laid_counts[two] == 2


def test_a_pass_or_a_capture_leaves_no_capture_open_and_the_state_copies() -> None:
    state = TsungState.from_position(
        config(), row=[T("6-6"), T("3-1"), T("4-4")], piles=[[T("4-4"), T("5-5")], [T("1-1"), T("2-2")]]
    )
    state.apply(Lay(T("4-4"), "right"))
    assert state.open_captures() == [(Capture("pair", "right"), 160), (Capture("triple", "right"), 20)]
    passed = state.clone()
    passed.apply(Pass())  # seat 1 lays next, and may claim first
    assert (passed.phase, passed.current_player, passed.open_captures()) == ("claim", 1, state.open_captures())
    assert passed.clone().legal_actions() == [
        Claim(Capture("pair", "right")),
        Claim(Capture("triple", "right")),
        Pass(),
    ]
    passed.apply(Pass())
    assert (passed.phase, passed.open_captures(), passed.clone().open_captures()) == ("lay", [], [])
    state.apply(TakeCapture(Capture("pair", "right")))
    assert (state.phase, state.current_player, state.open_captures()) == ("lay", 1, [])
    twin = state.clone()
    twin.apply(Lay(T("1-1"), "left"))
    assert state.row_tiles() == [T("6-6"), T("3-1")] and twin.row_tiles() == [T("1-1"), T("6-6"), T("3-1")]


def test_under_missed_capture_none_a_capture_passed_by_is_lost_and_the_state_copies() -> None:
    state = TsungState.from_position(
        config(missed_capture="none"), row=[T("6-6"), T("3-1"), T("4-4")], piles=[[T("4-4"), T("5-5")], [T("1-1")]]
    )
    state.apply(Lay(T("4-4"), "right"))
    state.apply(Pass())
    assert (state.phase, state.current_player, state.revealed, state.open_captures()) == ("lay", 1, T("1-1"), [])
    assert state.clone().legal_actions() == [Lay(T("1-1"), "left"), Lay(T("1-1"), "right")]


def test_a_finished_game_copies() -> None:
    # under end=all-laid seat 0's last tile ends the game
    over = TsungState.from_position(config(), row=[T("6-6"), T("3-1")], piles=[[T("5-5")], [T("4-4")]])
    over.apply(Lay(T("5-5"), "left"))
    assert over.is_terminal and over.clone().result() == over.result()


def test_under_stock_empty_a_player_lays_alone_when_the_other_holds_nothing_and_the_state_copies() -> None:
    cfg = config(stock="common", hand="four", end="stock-empty")
    alone = TsungState.from_position(cfg, row=[T("6-6"), T("3-1")], hands=[[T("5-5"), T("2-2")], []], stock=[])
    alone.apply(Lay(T("5-5"), "left"))
    assert (alone.current_player, alone.phase, alone.is_terminal) == (0, "lay", False)
    assert alone.clone().legal_actions() == alone.legal_actions() == [Lay(T("2-2"), "left"), Lay(T("2-2"), "right")]


def test_a_game_keeps_its_history_and_takes_back_its_last_action() -> None:
    cfg = config()
    state = TsungState(cfg, random_tsung_deal(cfg, random.Random(7)))
    assert (state.history, state.open_captures(), state.clone().legal_actions()) == ([], [], state.legal_actions())
    played = []
    for _ in range(6):
        action = state.legal_actions()[-1]
        played.append(action)
        state.apply(action)
    assert state.history == played
    before = state.clone()
    last = state.legal_actions()[0]
    state.apply(last)
    assert state.undo() == last
    assert (state.history, state.row, state.trace) == (before.history, before.row, before.trace)


# --------------------------------------------------------------------- agents
def test_greedy_takes_the_best_capture() -> None:
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1"), T("4-4")], piles=[[T("4-4")], [T("1-1")]])
    state.apply(Lay(T("4-4"), "right"))
    assert greedy_tsung(state, state.legal_actions(), random.Random(0)) == TakeCapture(Capture("pair", "right"))


def test_greedy_lays_where_the_tile_captures_most_under_laid_end() -> None:
    state = TsungState.from_position(
        config(reach="laid-end"), row=[T("4-4"), T("3-1"), T("6-6")], piles=[[T("4-4")], [T("1-1")]]
    )
    assert greedy_tsung(state, state.legal_actions(), random.Random(0)) == Lay(T("4-4"), "left")


def test_greedy_in_the_four_tile_hand_scores_most_now_else_exposes_least() -> None:
    cfg = config("spieltdomino")
    state = TsungState.from_position(
        cfg,
        row=[T("6-6"), T("1-1"), T("4-4")],
        hands=[[T("5-1"), T("6-4"), T("2-1"), T("3-1")], [T("1-1")]],
        stock=[T("3-3")],
    )
    assert greedy_tsung(state, state.legal_actions(), random.Random(0)) == Lay(T("6-4"), "left")  # triple ends, 30
    quiet = TsungState.from_position(
        cfg, row=[T("6-6"), T("1-1")], hands=[[T("5-5"), T("2-1"), T("3-1")], [T("1-1")]], stock=[T("3-3")]
    )
    # nothing captures: [2-1] is military, so no twin can pair it
    assert greedy_tsung(quiet, quiet.legal_actions(), random.Random(0)) == Lay(T("2-1"), "left")


def test_greedy_beats_random() -> None:
    options = resolve_options(GAME)
    greedy = simulate(options, games=300, seed=1, agents=("greedy", "random"))
    assert greedy["wins"][0] > 2 * greedy["wins"][1]


# ------------------------------------------------------------ every game ends
def play_out(cfg: Any, seed: int, agent: str, check: bool = True) -> TsungState:
    rng = random.Random(seed)
    state = TsungState(cfg, random_tsung_deal(cfg, rng))
    chooser = make_agent(agent)
    assert pool(state) == FULL
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal, "a live game always has a legal move"
        if check:
            for action in legal:
                assert state.why_illegal(action) is None, (action, state.why_illegal(action))
                assert parse_tsung_action(str(action)) == action
        before = len(state.trace)
        events = state.apply(chooser.choose(state, legal, rng))
        assert [e.to_json() for e in events] == [trace_json(r) for r in state.trace[before:]]
        assert pool(state) == FULL, "tiles are conserved"
    assert state.result()["scores"] == state.scores
    assert (
        sum(state.tally[seat][5] for seat in (0, 1))
        + len(state.row)
        + sum(len(state.pile(s)) + len(state.hand(s)) for s in (0, 1))
        + len(state.stock())
        == 32
    )
    return state


def _all_option_combinations() -> st.SearchStrategy[dict[str, str]]:
    spec = game_spec(GAME)
    return st.fixed_dictionaries({o.key: st.sampled_from(o.values) for o in spec.options})


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("agent", ["random", "greedy"])
@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_every_preset_plays_to_the_end_conserving_tiles_and_its_logs_replay(preset: str, agent: str, seed: int) -> None:
    log = play_game(GAME, preset=preset, seed=seed, agents=(agent,))
    assert validate_log(log) == []
    state = replay_tsung(log)
    assert [trace_json(r) for r in state.trace] == log["events"]
    assert state.result() == log["result"]
    assert json.loads(dumps_log(log)) == log
    play_out(config(preset), seed, agent, check=seed % 5 == 0)


@settings(max_examples=60)
@given(
    options=_all_option_combinations(),
    seed=st.integers(min_value=0, max_value=2**31),
    agent=st.sampled_from(["random", "greedy"]),
)
def test_every_reading_plays_to_the_end_and_validates(options: dict[str, str], seed: int, agent: str) -> None:
    try:
        resolved = resolve_options(GAME, overrides=options)
        tsung_config(resolved)
    except OptionError:
        return  # a refused combination (end=stock-empty with own halves, a refill that does not match the stock)
    log = play_tsung(GAME, resolved, seed=seed, agents=(agent,))
    assert validate_log(log) == []
    assert [trace_json(r) for r in replay_tsung(log).trace] == log["events"]


def test_a_game_is_the_same_game_from_the_same_seed() -> None:
    assert play_game(GAME, seed=11) == play_game(GAME, seed=11)
    assert play_game(GAME, seed=11) != play_game(GAME, seed=12)


def test_a_claim_happens_in_random_play_and_validates() -> None:
    claims = 0
    for seed in range(40):
        log = play_game(GAME, seed=seed, agents=("random",))
        claims += sum(e["type"] == "claim" for e in log["events"])
        assert validate_log(log) == []
    assert claims > 0


# ------------------------------------------------------------------ validator
def _mutations(log: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    bad = copy.deepcopy(log)
    event = rng.choice(bad["events"])
    field = rng.choice(sorted(event))
    choices: dict[str, list[Any]] = {
        "type": ["reveal", "lay", "capture", "claim", "refill"],
        "seat": [0, 1],
        "tile": ["6-6", "1-1", "4-2", "2-1", "5-5"],
        "end": ["left", "right"],
        "kind": ["pair", "triple", "ten"],
        "at": ["left", "right", "ends"],
        "tiles": [["6-6", "6-6"], ["2-2", "6-6", "3-1"], ["1-1", "4-4", "5-5"]],
        "points": [0, 20, 40, 240],
        "sweep": [True, False],
    }
    event[field] = rng.choice(choices[field])
    if rng.random() < 0.3:
        del bad["events"][rng.randrange(len(bad["events"]))]
    return bad


@pytest.mark.parametrize("preset", PRESETS)
def test_a_broken_log_is_reported_never_raised(preset: str) -> None:
    rng = random.Random(preset)
    log = play_game(GAME, preset=preset, seed=3, agents=("random",))
    for _ in range(60):
        bad = _mutations(log, rng)
        issues = validate_log(bad)  # never raises
        if bad != log:
            assert all(issue.message for issue in issues)
            assert all(issue.rule is None or issue.rule.startswith("ts.") for issue in issues)


def test_the_error_names_the_event_pointer_and_rule() -> None:
    state = TsungState.from_position(config(), row=[T("6-6"), T("3-1"), T("4-4")], piles=[[T("2-2")], [T("1-1")]])
    rule, message = explain_capture(state.config, 0, 5, T("2-2").index, 1, row=state.row, laid=5, verb="took")
    assert rule == "ts.capture.triple"
    assert message == (
        "seat 0 took [6-6] and [4-4] as a triple, but 12+8 is not a ten with [2-2]: 12+8+4 = 24 is not a multiple of ten"
    )


def test_the_final_scores_are_checked_against_the_captures() -> None:
    log = play_game(GAME, seed=4)
    log["result"]["scores"][1] += 20
    (issue,) = validate_log(log)
    assert (issue.rule, issue.pointer) == ("ts.score", "/result/scores")


# ------------------------------------------------------- schema, log, CLI
def test_the_checked_in_schema_is_the_generated_one() -> None:
    path = Path(data_dir("schemas")) / "game-log.schema.json"
    assert path.read_text(encoding="utf-8") == schema_text(), (
        "run: python -c 'from gupai.log.schema import main; main([\"--write\"])'"
    )


def test_the_transcript_reads_like_a_game() -> None:
    for preset in ("culin", "spieltdomino"):
        text = transcript(play_game(GAME, preset=preset, seed=2, agents=("random",)))
        lines = text.splitlines()
        assert lines[0].startswith("Tsung Shap, preset ")
        assert any(" takes " in line for line in lines)
        assert "wins" in lines[-1] or "tie" in lines[-1]


def test_gupai_play_show_and_validate(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "game.json"
    result = runner.invoke(main, ["play", GAME, "--preset", "spieltdomino", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["game"] == GAME
    shown = runner.invoke(main, ["show", str(out)])
    assert shown.exit_code == 0 and "Tsung Shap, preset spieltdomino" in shown.output
    valid = runner.invoke(main, ["validate", str(out)])
    assert valid.exit_code == 0, valid.output
    many = tmp_path / "games.jsonl"
    assert (
        runner.invoke(main, ["play", GAME, "--games", "5", "--agents", "greedy,random", "--out", str(many)]).exit_code
        == 0
    )
    assert runner.invoke(main, ["validate", str(many)]).exit_code == 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-o", "end=stock-empty"], "end=stock-empty needs a common stock"),
        (["-o", "hand=four"], "refill=common-stock"),
        (["--players", "3"], "takes 2 players"),
        (["--sets", "2"], "one set"),
        (["--agents", "greedy,random,greedy"], "3 agents given for 2 players"),
    ],
)
def test_gupai_play_refuses_bad_options_in_one_line(args: list[str], fragment: str) -> None:
    result = CliRunner().invoke(main, ["play", GAME, *args])
    assert result.exit_code == 2
    assert fragment in result.output
    assert "Traceback" not in result.output


def test_the_bench_has_a_tsung_section_that_reports_games_per_second() -> None:
    import io

    from tools import bench
    from tools.bench_tsung import run

    assert "tsung" in bench.SECTIONS
    out = io.StringIO()
    report = bench.Bench(repeats=1, out=out)
    run(report, games=20)
    text = out.getvalue()
    assert "culin, greedy" in text and "games/s" in text and "events/s" in text
    assert [name for name, _ in report.verdicts] == ["Tsung Shap greedy games (culin)"]


def test_the_numbers_the_rules_fix_are_read_from_the_spec() -> None:
    # Culin: one set of 32 tiles; "a 'sweep,' which counts 40"; a pair ten points a spot (a pair of [6-6]
    # scores 240), a triple a point a spot; the German variant holds four tiles (spieltdomino).
    numbers = dict(game_spec(GAME).numbers)
    assert numbers == {
        "sets": 1,
        "hand-size": 4,
        "pair-points-a-spot": 10,
        "fixed-pair-points": 50,
        "points-a-spot": 1,
        "sweep-points": 40,
    }
    culin = config()
    assert (culin.sets, culin.hand_size, culin.sweep_points, culin.spot_points) == (1, 4, 40, 1)
    assert culin.pair_points[T("6-6").index] == 240
    assert config(pair_score="fifty").pair_points[T("6-6").index] == 50
    assert [len(hand) for hand in tsung_deal_from_order(config("spieltdomino"), range(32)).hands or ()] == [4, 4]


def test_no_rule_number_is_written_in_the_tsung_code() -> None:
    # The numbers of spec/games/tsung-shap.yaml (numbers) live there only: the old literals do not come back.
    package = Path(__file__).resolve().parents[2] / "reference" / "gupai"
    sources = [*sorted((package / "games" / "tsung").glob("*.py")), package / "log" / "tsung.py"]
    forbidden = ["SWEEP_POINTS", "= 40", "20 * v", "50 if fifty", "set_counts(1)", "order[8:]", "[:4]", "[4:]"]
    found = [f"{path.name}: {text}" for path in sources for text in forbidden if text in path.read_text("utf-8")]
    assert not found
