"""The Tsung Shap replay's verdicts, whole: the pointer, the rule, the event and the sentence of each problem.

The conformance corpus (``conformance/tsung-shap/invalid/``) holds one log a
fault, and its integration test checks the rule each is refused under; here
the replay's own checks (the options and equipment, the deal, the events'
order and end, the result) are held to where they point and what they say,
each against the fault its log plants, and the checks no corpus log reaches
(a deal as a protocol request gives it, the passes an unfinished log ends on,
the keys a log may add) against hand-built logs and deals.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gupai.core.errors import ReplayError
from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.tiles import Tile
from gupai.games.tsung.config import TsungConfig, tsung_config
from gupai.games.tsung.replay import check_deal, replay_tsung

CORPUS = Path(data_dir("conformance")) / "tsung-shap"


def corpus_log(name: str, folder: str = "invalid") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((CORPUS / folder / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def refusal(log: dict[str, Any]) -> tuple[str, str | None, int | None, str]:
    """The replay's first problem with ``log``: (pointer, rule, event, message)."""
    with pytest.raises(ReplayError) as caught:
        replay_tsung(log)
    error = caught.value
    return error.pointer, error.rule, error.event, error.message


def config(preset: str = "culin", **overrides: str) -> TsungConfig:
    return tsung_config(resolve_options("tsung-shap", preset=preset, overrides=overrides or None))


# ------------------------------------------------------------------ the corpus's faults, whole
CORPUS_VERDICTS = [
    # the options and the equipment
    ("ts.equipment--played-with-two-sets", "/sets", None, "Tsung Shap is played with one set, not 2"),
    ("ts.equipment--three-players", "/players", None, "Tsung Shap is played by 2 players, not 3"),
    (
        "ts.end--end-stock-empty-under-stock-own-halves",
        "/options/end",
        None,
        "option end=stock-empty needs a common stock, but stock=own-halves splits the tiles into two halves: "
        "set stock=common, or another end",
    ),
    # the deal
    (
        "ts.equipment--order-has-a-third-6-6",
        "/deal/order",
        None,
        "the deal's order is not exactly the tiles of one set: [6-6] x3 (should be 2), [1-1] x1 (should be 2)",
    ),
    (
        "ts.first-player--deal-records-seat-1-first",
        "/deal/first_player",
        None,
        "seat 0 lays first under option first-player=seat-0, but the deal records seat 1",
    ),
    (
        "ts.deal--no-piles-recorded-under-stock-own-halves",
        "/deal/piles",
        None,
        "the deal records no piles, but under option stock=own-halves, hand=hidden each seat has a pile",
    ),
    (
        "ts.stock--piles-recorded-under-stock-common",
        "/deal/piles",
        None,
        "the deal records piles, but under option stock=common, hand=hidden there are none",
    ),
    (
        "ts.stock--a-common-stock-recorded-under-stock-own-halves",
        "/deal/stock",
        None,
        "the deal records a common stock, but under option stock=own-halves each seat has its own half",
    ),
    (
        "ts.stock--no-common-stock-recorded-under-stock-common",
        "/deal/stock",
        None,
        "the deal records no common stock, but under option stock=common the tiles stay in one",
    ),
    ("ts.stock--common-stock-not-the-order", "/deal/stock", None, "the common stock is not the order, in order"),
    (
        "ts.german.hand--hands-recorded-under-hand-hidden",
        "/deal/hands",
        None,
        "the deal records hands, but under option hand=hidden tiles stay face down",
    ),
    (
        "ts.german.hand--no-hands-recorded-under-hand-four",
        "/deal/hands",
        None,
        "the deal records no hands, but under option hand=four each seat holds four tiles",
    ),
    # the events
    (
        "ts.capture.choice--a-pass-written-inside-a-finished-log",
        "/events/12",
        12,
        "a pass is written only at the end of an unfinished log (format 2); elsewhere it is left out",
    ),
    (
        "ts.lone-tile--a-ten-written-at-the-left-end",
        "/events/23/at",
        23,
        "a ten takes the lone tile of a row of one: it is written at ends",
    ),
    ("ts.end--an-event-after-the-end", "/events/68", 68, "event 68 follows the end of the game (end=all-laid)"),
    (
        "ts.end--log-stops-before-the-end",
        "/events",
        None,
        "the events stop where seat 1 turns over [3-2]: the game is not over",
    ),
    (
        "ts.end--log-stops-with-a-four-tile-hand-still-to-lay",
        "/events",
        None,
        "the events stop with seat 1 to lay a tile: the game is not over (option end=all-laid)",
    ),
    # the result
    (
        "ts.score--final-scores-do-not-add-up",
        "/result/scores",
        None,
        "the result gives the scores [270, 110], but the captures and claims add up to [230, 110]",
    ),
    (
        "ts.score.leftover--the-row-left-over-scored",
        "/result/scores",
        None,
        "the result gives the scores [267, 110], which count tiles left over "
        "([2-1] [4-3] [3-2] [5-3] [2-2] [3-1] [5-1]); tiles left at the end score nothing, so the scores are [230, 110]",
    ),
    (
        "ts.score--result-counts-a-pair-too-many",
        "/result/captures/0/pairs",
        None,
        "the result counts 2 pairs for seat 0, but its captures and claims hold 1",
    ),
    (
        "ts.end--result-counts-a-turn-too-many",
        "/result/turns",
        None,
        "the result records turns 30, but the game gives 29",
    ),
    (
        "ts.end--result-gives-the-reason-stock-empty-for-a-game-all-laid",
        "/result/reason",
        None,
        'the result records reason "stock-empty", but the game gives "all-laid"',
    ),
    (
        "ts.end--result-names-the-loser",
        "/result/winner",
        None,
        "the result records winner 1, but the game gives 0 (the higher score wins; equal scores are a tie, null)",
    ),
    (
        "ts.end.tie--equal-scores-name-a-winner",
        "/result/winner",
        None,
        "the result records winner 0, but the game gives null (the higher score wins; equal scores are a tie, null)",
    ),
    # the events and the deal, as the engine's explanations word them (games/tsung/mismatch, legality, captures)
    (
        "ts.capture.choice--two-captures-with-one-tile",
        "/events/11",
        11,
        "seat 0 took a second capture: a tile laid belongs to one capture only",
    ),
    (
        "ts.capture.pair--laid-tile-not-identical",
        "/events/8",
        8,
        "seat 1 took [1-1] and [6-6] as a pair, but they are not identical",
    ),
    (
        "ts.capture.reach--pair-with-the-far-end-under-laid-end",
        "/events/28",
        28,
        "seat 1 took the left end tile [3-1] with [3-1] laid at the right end, but under option reach=laid-end a tile reaches only the end where it is laid",
    ),
    (
        "ts.capture.triple--not-a-multiple-of-ten",
        "/events/8",
        8,
        "seat 1 took [6-6] and [6-4] as a triple, but 12+10 is not a ten with [1-1]: 12+10+2 = 24 is not a multiple of ten",
    ),
    (
        "ts.claim--claimed-under-missed-capture-none",
        "/events/13",
        13,
        "seat 0 claimed a capture, but under option missed-capture=none a missed capture is lost",
    ),
    (
        "ts.claim--claimed-when-nothing-was-missed",
        "/events/6",
        6,
        "seat 1 claimed a capture, but no capture was left untaken by the last tile laid",
    ),
    (
        "ts.deal--pile-not-cut-from-the-order",
        "/deal/piles/0",
        None,
        "seat 0's pile is not the first sixteen tiles of the order, in order: it should begin [6-1] [6-4] [5-1] [6-6] [4-4] [6-4] ...",
    ),
    (
        "ts.deal--seat-1-pile-a-tile-short",
        "/deal/piles/1",
        None,
        "seat 1's pile is not the last sixteen tiles of the order, in order: it should begin [6-6] [1-1] [6-1] [3-1] [3-3] [6-5] ...",
    ),
    (
        "ts.first-player--a-match-game-not-begun-by-the-previous-higher-scorer",
        "/deal/first_player",
        None,
        "seat 0 lays first, but in a match the previous game's first player was seat 0 and the scores were 80 to 250: seat 1 lays first",
    ),
    (
        "ts.first-player--seat-1-lays-the-first-tile-under-first-player-seat-0",
        "/events/0/seat",
        0,
        "seat 1 acted first, but seat 0 lays first",
    ),
    (
        "ts.first-player--seat-1-turns-over-the-first-tile-under-first-player-seat-0",
        "/events/0/seat",
        0,
        "seat 1 acted first, but seat 0 lays first",
    ),
    (
        "ts.german.choices--laid-again-before-the-refill",
        "/events/20",
        20,
        "seat 0 laid again before refilling the hand: under option restart=after-refill the hand is refilled with [4-2] first",
    ),
    (
        "ts.german.choices--refilled-before-laying-again-under-restart-before-refill",
        "/events/6",
        6,
        "seat 0 refilled the hand before laying again: under option restart=before-refill the tile laid again comes from the tiles left in hand, and the refills follow it",
    ),
    (
        "ts.german.hand--laid-a-tile-not-in-the-hand",
        "/events/11",
        11,
        "seat 1 laid [6-6], which is not in the hand ([3-1] [3-1] [4-3] [6-4])",
    ),
    (
        "ts.german.hand--refill-common-stock-under-stock-own-halves",
        "/options/refill",
        None,
        "option refill=common-stock refills the four-tile hand from a common stock, but stock=own-halves: with hand=four set stock=common, or refill=own-half",
    ),
    (
        "ts.german.hand--refilled-a-tile-not-next-in-the-stock",
        "/events/12/tile",
        12,
        "seat 1 drew [6-6], but the next tile of the common stock is [3-3]",
    ),
    (
        "ts.german.hand--seat-1-hand-a-tile-short",
        "/deal/hands/1",
        None,
        "seat 1's hand should be [6-4] [3-1] [3-1] [6-1], cut from the order",
    ),
    (
        "ts.lone-tile--lone-pair-scored-as-a-pair-under-lone-score-sweep",
        "/events/11/points",
        11,
        "seat 0 scored taking the lone tile [5-1] [5-1] 120, but under option lone-score=sweep it scores 40",
    ),
    (
        "ts.lone-tile--took-a-lone-tile-under-no-capture",
        "/events/16",
        16,
        "seat 0 took the lone tile [6-4] as a ten with [6-6], but under option lone-tile=no-capture a lone tile cannot be taken",
    ),
    (
        "ts.opening--second-opening-tile-at-the-right-under-opening-end-left",
        "/events/3",
        3,
        "seat 1 laid the second opening tile [2-2] at the right end, but under option opening-end=left it goes at the left end",
    ),
    (
        "ts.opening--second-opening-tile-takes-the-first",
        "/events/4",
        4,
        "seat 1 took the first opening tile with the second, [4-4], but under option opening-capture=no the second opening tile is only laid",
    ),
    (
        "ts.sweep--sweep-not-marked",
        "/events/53/sweep",
        53,
        "seat 0 cleared the table from a row of two with [6-5] [1-1] [5-2]: that is a sweep",
    ),
    (
        "ts.sweep--sweep-scored-40-more-under-sweep-score-none",
        "/events/19/points",
        19,
        "seat 0 scored the sweep [5-5] [2-1] [4-3] 80, but under option sweep-score=replace a sweep scores 40: 40",
    ),
    (
        # the capture left a row: the table was not cleared, the option says why the capturer lays again
        "ts.sweep.restart--the-opponent-lays-after-a-capture-under-lay-again-any-capture",
        "/events/50/seat",
        50,
        "seat 1 played, but seat 0 took a capture and must lay again under option lay-again=any-capture",
    ),
    (
        "ts.sweep.restart--the-opponent-lays-after-a-sweep",
        "/events/54/seat",
        54,
        "seat 1 played, but seat 0 cleared the table and must lay again to restart the row",
    ),
    (
        "ts.tiles.four-two--scored-4-2-as-3-under-four-two-value-6",
        "/events/32/points",
        32,
        "seat 0 scored [4-4] [5-1] [4-2] 17, counting [4-2] as 3, but under option four-two-value=6 it counts 6: 20",
    ),
    (
        "ts.turn.lay--laid-a-tile-other-than-the-one-turned-over",
        "/events/15",
        15,
        "seat 0 turned over [6-6] and must lay it, not [1-1]",
    ),
    ("ts.turn.order--seat-0-plays-two-turns-running", "/events/16/seat", 16, "seat 0 acted, but it is seat 1's turn"),
    (
        "ts.turn.reveal--turned-over-a-tile-not-next-in-the-pile",
        "/events/14/tile",
        14,
        "seat 0 turned over [1-1], but the next tile of seat 0's pile is [6-6]",
    ),
]


@pytest.mark.parametrize(("name", "pointer", "event", "message"), CORPUS_VERDICTS, ids=[c[0] for c in CORPUS_VERDICTS])
def test_each_fault_of_the_corpus_is_refused_where_it_is_saying_what_it_is(
    name: str, pointer: str, event: int | None, message: str
) -> None:
    rule = name.partition("--")[0]
    assert refusal(corpus_log(name)) == (pointer, rule, event, message)


# ------------------------------------------------------------------ the seat that acts
def valid_log(name: str) -> dict[str, Any]:
    return copy.deepcopy(corpus_log(name, "valid"))


def test_the_first_tile_laid_by_the_seat_that_does_not_lay_first_is_refused() -> None:
    # hidden tiles: seat 0 turned [6-4] over (event 0), and seat 1 lays it
    log = valid_log("culin-greedy-seed1")
    log["events"][1]["seat"] = 1
    assert refusal(log) == ("/events/1/seat", "ts.first-player", 1, "seat 1 acted first, but seat 0 lays first")
    # four-tile hands: nothing is turned over, and seat 1 lays first from its hand
    four = valid_log("spieltdomino-greedy-seed1")
    four["events"][0]["seat"] = 1
    assert refusal(four) == ("/events/0/seat", "ts.first-player", 0, "seat 1 acted first, but seat 0 lays first")


def test_a_tile_laid_out_of_turn_is_refused() -> None:
    log = valid_log("culin-greedy-seed1")
    log["events"][3]["seat"] = 0  # seat 1 turned [2-2] over; seat 0 lays it
    assert refusal(log) == ("/events/3/seat", "ts.turn.order", 3, "seat 0 acted, but it is seat 1's turn")


def test_after_a_sweep_the_tile_laid_by_the_opponent_is_refused_the_sweeper_restarts() -> None:
    # event 53: seat 0 sweeps [6-5] [1-1] [5-2]; event 54 it turns [3-1] over; event 55 seat 1 lays it
    log = valid_log("culin-random-seed8")
    log["events"][55]["seat"] = 1
    assert refusal(log) == (
        "/events/55/seat",
        "ts.sweep.restart",
        55,
        "seat 1 laid, but seat 0 cleared the table and must lay again to restart the row",
    )


def test_under_lay_again_any_capture_the_tile_laid_by_the_opponent_after_a_capture_is_refused() -> None:
    # event 17: seat 1 takes a triple and leaves a row; event 18 it turns [6-4] over; event 19 seat 0 lays it
    log = valid_log("culin-lay-again=any-capture-random-seed6")
    log["events"][19]["seat"] = 0
    assert refusal(log) == (
        "/events/19/seat",
        "ts.sweep.restart",
        19,
        "seat 0 laid, but seat 1 took a capture and must lay again under option lay-again=any-capture",
    )


def test_a_capture_taken_with_the_opponents_tile_is_refused_as_a_claim_written_wrong() -> None:
    # event 7: seat 1 lays [6-2], opening the triple at both ends; event 8 seat 0 takes it
    log = valid_log("culin-greedy-seed1")
    log["events"][8]["seat"] = 0
    assert refusal(log) == (
        "/events/8/seat",
        "ts.claim",
        8,
        "seat 0 took a capture with seat 1's tile: a missed capture is claimed, with a claim event, "
        "at the start of the next turn",
    )


def test_keys_beginning_x_are_the_writers_own_and_ignored() -> None:
    # event 0: seat 0 turns [6-4] over; event 8: seat 1 takes the triple at both ends
    log = valid_log("culin-greedy-seed1")
    log["events"][0]["x-seen-at"] = "12:00"
    log["events"][8]["x-seconds"] = 2
    assert replay_tsung(log).scores == [180, 60]
    log["events"][0]["tile"] = "6-6"  # an x- key hides nothing else the event says
    assert refusal(log) == (
        "/events/0/tile",
        "ts.turn.reveal",
        0,
        "seat 0 turned over [6-6], but the next tile of seat 0's pile is [6-4]",
    )


# ------------------------------------------------------------------ a game in progress (format 2)
def in_progress(events: int, *passes: int) -> dict[str, Any]:
    """culin-greedy-seed1's first ``events`` events, then a pass by each seat given, the game unfinished."""
    log = valid_log("culin-greedy-seed1")
    log["events"] = log["events"][:events] + [{"type": "pass", "seat": seat} for seat in passes]
    log["result"] = "*"
    return log


def test_a_game_in_progress_replays_to_where_its_events_stop() -> None:
    # event 6: seat 1 has turned [6-2] over and is to lay it
    state = replay_tsung(in_progress(7))
    assert (state.phase, state.current_player, state.revealed_kind >= 0, state.is_terminal) == ("lay", 1, True, False)


def test_a_game_in_progress_may_end_on_the_pass_of_a_capture_and_the_opponent_then_claims() -> None:
    # event 7: seat 1 lays [6-2], opening the triple at both ends (30); it passes, and seat 0 may claim it
    state = replay_tsung(in_progress(8, 1))
    assert (state.phase, state.current_player) == ("claim", 0)
    assert [str(action) for action in state.legal_actions()] == ["claim triple ends", "pass"]


def test_a_game_in_progress_cannot_end_on_a_pass_that_leaves_out_what_follows() -> None:
    # seat 0 passes the claim too: it then turns over [3-2], which the log must write
    assert refusal(in_progress(8, 1, 0)) == (
        "/events",
        "ts.end",
        9,
        "the events stop where seat 0 turns over [3-2]: the log must write it",
    )


def test_a_pass_that_ends_a_game_in_progress_is_refused_by_the_seat_not_to_move() -> None:
    assert refusal(in_progress(8, 0)) == ("/events/8/seat", "ts.turn.order", 8, "seat 0 acted, but it is seat 1's turn")


def test_a_game_in_progress_cannot_end_on_a_pass_with_nothing_to_pass() -> None:
    # event 6: seat 1 turned [6-2] over and must lay it: no capture or claim is open
    assert refusal(in_progress(7, 1)) == ("/events/7", "ts.end", 7, "event 7 passes, but no capture or claim is open")


def test_a_pass_that_ends_the_game_needs_the_result() -> None:
    # the last tile laid opens a capture its layer passes by: then every tile is laid and the game is over
    log = valid_log("culin-triple-at-both-ends-another-copy-in-the-middle-to-the-right-random-seed2")
    last = log["events"][-1]
    assert last["type"] == "lay"
    log["events"].append({"type": "pass", "seat": last["seat"]})
    log["result"] = "*"
    assert refusal(log) == (
        "/result",
        "ts.end",
        None,
        "the events end the game (end=all-laid), so the log must record its result, not an unfinished game",
    )


# ------------------------------------------------------------------ the deal, as a log and a request give it
#: The order of the corpus's seed-1 games: seat 0's half first, then seat 1's.
ORDER = [
    *("6-4", "6-6", "3-2", "4-3", "4-1", "4-4", "6-5", "5-2", "3-3", "3-3", "2-1", "5-1", "2-2", "4-4", "6-1", "6-4"),
    *("2-2", "6-2", "4-2", "6-5", "3-1", "6-3", "1-1", "5-5", "5-5", "5-4", "6-6", "3-1", "1-1", "6-1", "5-1", "5-3"),
]


def deal_refusal(cfg: TsungConfig, deal: dict[str, Any], *, partial: bool) -> tuple[str, str | None, str]:
    with pytest.raises(ReplayError) as caught:
        check_deal(cfg, deal, partial=partial)
    return caught.value.pointer, caught.value.rule, caught.value.message


def test_a_request_may_give_only_the_order_and_the_deal_is_cut_from_it() -> None:
    cut = check_deal(config(), {"order": ORDER}, partial=True)
    assert cut.first_player == 0 and cut.stock is None and cut.hands is None
    assert cut.piles is not None
    assert [[Tile.from_index(k).face for k in pile] for pile in cut.piles] == [ORDER[:16], ORDER[16:]]
    # what a request gives is checked: a first player, and parts given as null
    assert deal_refusal(config(), {"order": ORDER, "first_player": 1}, partial=True) == (
        "/deal/first_player",
        "ts.first-player",
        "seat 0 lays first under option first-player=seat-0, but the deal records seat 1",
    )
    assert deal_refusal(config(), {"order": ORDER, "piles": None}, partial=True) == (
        "/deal/piles",
        "ts.deal",
        "the deal records no piles, but under option stock=own-halves, hand=hidden each seat has a pile",
    )
    assert check_deal(config(), {"order": ORDER, "stock": None, "hands": None}, partial=True) == cut
    assert deal_refusal(config(), {"order": ORDER, "stock": ORDER}, partial=True) == (
        "/deal/stock",
        "ts.stock",
        "the deal records a common stock, but under option stock=own-halves each seat has its own half",
    )
    assert deal_refusal(config(), {"order": ORDER, "hands": [ORDER[:4], ORDER[16:20]]}, partial=True) == (
        "/deal/hands",
        "ts.german.hand",
        "the deal records hands, but under option hand=hidden tiles stay face down",
    )


def test_a_log_records_every_part_of_the_deal() -> None:
    # a log is no request: a part it leaves out is a part missing (the schema requires them; a caller may not)
    with pytest.raises(ReplayError) as caught:
        check_deal(config(), {"order": ORDER, "first_player": 0})  # a log's deal unless the caller says otherwise
    assert (caught.value.pointer, caught.value.rule, caught.value.message) == (
        "/deal/piles",
        "ts.deal",
        "the deal records no piles, but under option stock=own-halves, hand=hidden each seat has a pile",
    )
    four = config("spieltdomino")
    piles = {"order": ORDER, "first_player": 0, "stock": ORDER[8:]}
    assert deal_refusal(four, piles, partial=False) == (
        "/deal/hands",
        "ts.german.hand",
        "the deal records no hands, but under option hand=four each seat holds four tiles",
    )
    assert deal_refusal(four, {"order": ORDER, "first_player": 0, "hands": [ORDER[:4], ORDER[4:8]]}, partial=False) == (
        "/deal/stock",
        "ts.stock",
        "the deal records no common stock, but under option stock=common the tiles stay in one",
    )


def test_after_a_previous_game_the_first_player_is_the_one_the_deal_gives() -> None:
    # first-player=previous-higher: the match decides who lays first (gupai.games.match checks it), seat 0 by default
    classic = config("navpil-classic")
    assert check_deal(classic, {"order": ORDER, "first_player": 1}, partial=True).first_player == 1
    assert check_deal(classic, {"order": ORDER}, partial=True).first_player == 0


def test_piles_for_a_seat_too_many_or_too_few_name_the_last_seat() -> None:
    halves = [ORDER[:16], ORDER[16:]]
    for piles in ([*halves, []], halves[:1]):
        deal = {"order": ORDER, "first_player": 0, "piles": piles, "stock": None, "hands": None}
        assert deal_refusal(config(), deal, partial=False) == (
            "/deal/piles/1",
            "ts.deal",
            "seat 1's pile is not the last sixteen tiles of the order, in order: "
            "it should begin [2-2] [6-2] [4-2] [6-5] [3-1] [6-3] ...",
        )


def test_a_four_tile_deal_cut_wrong_names_the_part_and_what_it_should_be() -> None:
    # navpil's spieldomino: four tiles in hand, then the rest of each seat's own half
    log = valid_log("navpil-spieldomino-greedy-seed1")
    log["deal"]["piles"][0].reverse()
    assert refusal(log) == (
        "/deal/piles/0",
        "ts.deal",
        None,
        "seat 0's pile is not the first sixteen tiles of the order, after its four-tile hand, in order: "
        "it should begin [4-1] [4-4] [6-5] [5-2] [3-3] [3-3] ...",
    )
    # the German page: the two hands, then the common stock
    log = valid_log("spieltdomino-greedy-seed1")
    log["deal"]["stock"].reverse()
    assert refusal(log) == (
        "/deal/stock",
        "ts.stock",
        None,
        "the common stock is not the order after the two four-tile hands, in order",
    )
    log = valid_log("spieltdomino-greedy-seed1")
    log["deal"]["hands"][0].reverse()
    assert refusal(log) == (
        "/deal/hands/0",
        "ts.german.hand",
        None,
        "seat 0's hand should be [6-4] [6-6] [3-2] [4-3], cut from the order",
    )


# ------------------------------------------------------------------ the result
@pytest.mark.parametrize(("extra", "scores"), [(29, [179, 260]), (290, [440, 260])], ids=["a-spot", "ten-a-spot"])
def test_scores_counting_the_tiles_a_player_still_holds_are_refused_naming_them(extra: int, scores: list[int]) -> None:
    # navpil's spieldomino, seed 1: the game ends (all-laid) with seat 1 out of tiles and seat 0 still holding
    # [6-6] [6-1] [6-4] (12 + 7 + 10 = 29 spots), the row [6-1] [6-5] [5-3] (26) left over
    log = valid_log("navpil-spieldomino-greedy-seed1")
    assert log["result"]["scores"] == [150, 260]
    log["result"]["scores"][0] += extra
    assert refusal(log) == (
        "/result/scores",
        "ts.score.leftover",
        None,
        f"the result gives the scores {scores}, which count tiles left over ([6-6] [6-1] [6-4]); "
        "tiles left at the end score nothing, so the scores are [150, 260]",
    )


def test_a_capture_count_of_either_seat_is_checked() -> None:
    # culin, seed 1: seat 1 took three triples
    log = valid_log("culin-greedy-seed1")
    log["result"]["captures"][1]["triples"] = 4
    assert refusal(log) == (
        "/result/captures/1/triples",
        "ts.score",
        None,
        "the result counts 4 triples for seat 1, but its captures and claims hold 3",
    )


# ------------------------------------------------------------------ claims
def claimed(**claim: Any) -> dict[str, Any]:
    """culin-greedy-seed1 until seat 1 lays [6-2] (event 7) and leaves its triple at both ends (30) untaken, then
    ``claim`` as event 8, and seat 0 turning over [3-2]; the game unfinished."""
    log = in_progress(8)
    event = {"type": "claim", "seat": 0, "kind": "triple", "at": "ends", "tiles": ["6-2", "6-6", "6-4"], "points": 30}
    log["events"] += [{**event, "sweep": False, **claim}, {"type": "reveal", "seat": 0, "tile": "3-2"}]
    return log


def test_the_missed_capture_claimed_scores_for_the_claimer() -> None:
    state = replay_tsung(claimed())
    assert (state.scores, state.tally[0][4], state.phase, state.current_player) == ([30, 0], 1, "lay", 0)


def test_a_claim_by_the_seat_that_missed_the_capture_is_refused() -> None:
    assert refusal(claimed(seat=1)) == ("/events/8/seat", "ts.turn.order", 8, "seat 1 acted, but it is seat 0's turn")


def test_a_claim_of_a_ten_written_at_one_end_is_refused() -> None:
    assert refusal(claimed(kind="ten", at="left")) == (
        "/events/8/at",
        "ts.lone-tile",
        8,
        "a ten takes the lone tile of a row of one: it is written at ends",
    )


def test_a_claim_of_another_capture_than_the_missed_one_is_refused() -> None:
    # the row was [6-6] [2-2] [6-4]: [6-2] laid at the left makes no pair with [6-6]
    assert refusal(claimed(kind="pair", at="left", tiles=["6-2", "6-6"])) == (
        "/events/8",
        "ts.capture.pair",
        8,
        "seat 0 claimed [6-2] and [6-6] as a pair, but they are not identical",
    )


def test_a_capture_not_open_as_the_last_event_of_the_log_is_refused() -> None:
    # equal turns, seed 8: the game ends with seat 1 laying [5-5] at the right and taking [3-1] [5-1] (a triple)
    log = valid_log("culin-end=equal-turns-random-seed8")
    last = log["events"][70]
    assert (last["type"], last["tiles"]) == ("capture", ["5-5", "3-1", "5-1"])
    last.update(kind="pair", at="right", tiles=["5-5", "5-1"])
    assert refusal(log) == (
        "/events/70",
        "ts.capture.pair",
        70,
        "seat 1 took [5-5] and [5-1] as a pair, but they are not identical",
    )


def test_an_order_far_from_one_set_is_refused_naming_its_first_six_wrong_tiles() -> None:
    # thirty-two [6-6]: every other kind is missing; the refusal names the first six kinds in the set's order
    assert deal_refusal(config(), {"order": ["6-6"] * 32}, partial=True) == (
        "/deal/order",
        "ts.equipment",
        "the deal's order is not exactly the tiles of one set: [6-6] x32 (should be 2), [1-1] x0 (should be 2), "
        "[4-4] x0 (should be 2), [3-1] x0 (should be 2), [5-5] x0 (should be 2), [3-3] x0 (should be 2)",
    )


def test_a_finished_log_that_stops_after_a_capture_left_untaken_stops_where_the_next_tile_is_turned_over() -> None:
    # culin, seed 1, to event 7 (seat 1 lays [6-2], opening the triple at both ends), with the game's result:
    # seat 1 passes, seat 0 passes the claim and turns over [3-2], which the log does not write
    log = valid_log("culin-greedy-seed1")
    del log["events"][8:]
    assert refusal(log) == (
        "/events",
        "ts.end",
        None,
        "the events stop where seat 0 turns over [3-2]: the game is not over",
    )


def test_a_capture_written_after_the_last_tile_is_explained_by_that_tile_not_by_the_end_of_the_game() -> None:
    # culin, seed 1: the game ends when seat 0 lays its last tile, [6-4], at the left of [5-1] ..., taking nothing;
    # a pair written after it is the capture that tile could not make
    log = valid_log("culin-greedy-seed1")
    log["events"].append(
        {
            "type": "capture",
            "seat": 0,
            "kind": "pair",
            "at": "left",
            "tiles": ["6-4", "5-1"],
            "points": 110,
            "sweep": False,
        }
    )
    assert refusal(log) == (
        "/events/68",
        "ts.capture.pair",
        68,
        "seat 0 took [6-4] and [5-1] as a pair, but they are not identical",
    )
