"""What a Kap refusal says: the rule, the place and the facts of each move the validator or the engine refuses.

The corpus test holds each invalid log to its rule; here each refusal of a move made at the wrong step of a turn
is held to what its message must tell a reader: the seat, the tile and the step the rules require instead (read
from the log itself and from the rules: a turn starts by taking a discard or drawing, a full hand discards or
declares, the two-tile turn draws after the take's discard). The engine's own refusals (a declaration without a
split, a move after an abandoned game) are held here too, and so is the text a player types that names no action.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gupai.core.errors import IllegalActionError, ReplayError
from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.tiles import Tile
from gupai.games.kap import replay
from gupai.games.kap.actions import DECLARE, DRAW, PASS, Discard, Take, parse_action
from gupai.games.kap.config import collecting_config
from gupai.games.kap.replay import apply_event, check_event, check_position, replay_kap
from gupai.games.kap.state import KapState
from gupai.log.validate import validate_log

#: Corpus log (after the game's prefix) -> (its rule, what the message must say seat S did, what it must ask instead).
TURNS = {
    "turn.discard--discarded-at-the-start-of-a-turn-before-taking-or-drawing": (
        "discarded",
        "must first take a discard or draw",
    ),
    "turn.discard--discarded-again-instead-of-drawing-after-a-take": ("discarded", "must first draw"),
    "turn.discard--drew-again-holding-a-full-hand": ("drew holding", "a discard (or a win) comes first"),
    "turn.take--took-a-discard-holding-a-full-hand": ("took", "discard first"),
    "end.stock--passed-with-tiles-left-in-the-stock": (
        "passed, but a pass is allowed only when the stock is empty under option stock-out=play-on",
        "tiles left): take a discard or draw",
    ),
    "end.stock--passed-holding-a-full-hand": ("passed but", "must discard (or declare): a pass only starts a turn"),
    "opening--discarded-twice-without-drawing-under-opening-discard-draw-discard": (
        "must draw after the opening discard",
        "(option opening=discard-draw-discard), not discard",
    ),
    "turn.discard--threw-back-the-taken-tile-under-discard-taken-taken-tile": (
        "threw back the",
        "holding no copy of it from before the take, but under option discard-taken=taken-tile another tile must go",
    ),
    "turn.discard--threw-back-the-taken-tile": (
        "just taken, but under option",
        "discard-taken=forbidden a tile of another face must go",
    ),
    "turn.discard--threw-back-a-copy-of-the-taken-face-held-before-the-take": (
        "just taken (or a copy held before the take: the rule forbids the face)",
        "discard-taken=forbidden a tile of another face must go",
    ),
    "turn.draw--kept-the-drawn-tile-under-discard-unless-win": (
        "kept the drawn",
        "under option drawn-tile=discard-unless-win the drawn tile must be discarded",
    ),
    "end.termination--took-two-turns-running-under-no-consecutive-takes": (
        "after taking last turn too",
        "under option termination=no-consecutive-takes this turn must draw",
    ),
    "opening--first-player-discards-before-drawing-under-opening-draw": (
        "holding",
        "under option opening=draw the first turn starts by drawing",
    ),
}
CASES = [(game, name) for game in ("kap-shap", "kap-tai-shap") for name in TURNS]


def _log(game: str, name: str) -> dict[str, Any]:
    prefix = "ks" if game == "kap-shap" else "kts"
    path = data_dir("conformance") / game / "invalid" / f"{prefix}.{name}.json"
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}/{n}" for g, n in CASES])
def test_a_move_at_the_wrong_step_is_told_with_the_step_the_rules_require(game: str, name: str) -> None:
    log = _log(game, name)
    issue = validate_log(log)[0]
    assert issue.event is not None
    event = log["events"][issue.event]
    did, instead = TURNS[name]
    assert issue.pointer == f"/events/{issue.event}" and issue.rule is not None
    assert issue.rule.endswith(name.partition("--")[0])
    assert issue.message.startswith(f"seat {event['seat']} ") and did in issue.message
    assert issue.message.endswith(instead) if not instead.endswith("not discard") else instead in issue.message
    if "tile" in event and event["type"] in ("discard", "take"):
        assert event["tile"] in issue.message
    if name.startswith("turn.draw--kept"):  # the drawn tile kept is named
        assert f"kept the drawn [{log['events'][issue.event - 1]['tile']}]" in issue.message


def test_a_take_names_the_table_it_is_not_on_and_the_latest_discard_it_must_be() -> None:
    for name, said in (
        ("turn.take--took-a-tile-not-on-the-table", "which is not on the table (table: "),
        ("turn.take--took-an-older-discard-under-take-latest", "under option take=latest only the latest discard ["),
    ):
        log = _log("kap-shap", name)
        issue = validate_log(log)[0]
        table: list[str] = []
        for event in log["events"][: issue.event]:
            if event["type"] == "discard":
                table.append(event["tile"])
            elif event["type"] == "take":
                del table[len(table) - 1 - table[::-1].index(event["tile"])]
        assert said in issue.message
        if name.endswith("not-on-the-table"):
            assert issue.message.endswith(f"(table: {' '.join(f'[{t}]' for t in table) or 'nothing'})")
        else:
            assert f"only the latest discard [{table[-1]}] may be taken" in issue.message


# ------------------------------------------------------------ the engine's own refusals
# Seat 0 dealt [1-1] [1-1] [4-2] [2-2] [5-5] [5-5] [6-4] [6-4]: an eye and three ten-pairs only if [4-2] counts 6
# ([4-2]+[2-2] = 6+4); with [2-2] for a [3-3] ([4-2]+[3-3] = 9 or 12) under no reading.
NEEDS_SIX = ["1-1", "1-1", "4-2", "2-2", "5-5", "5-5", "6-4", "6-4"]
NO_WIN = ["1-1", "1-1", "4-2", "3-3", "5-5", "5-5", "6-4", "6-4"]
SEAT_1 = {
    "NEEDS_SIX": ["6-6", "6-6", "3-3", "3-3", "6-5", "6-5", "4-4"],
    "NO_WIN": ["6-6", "6-6", "2-2", "3-3", "6-5", "6-5", "4-4"],
}


def _state(hand: list[str], other: list[str]) -> KapState:
    config = collecting_config("kap-shap", resolve_options("kap-shap", preset="culin"))
    return KapState(
        config, check_position(config, {"hands": [hand, other], "stock": ["5-3", "6-3"], "first_player": 0})
    )


def test_a_declaration_without_a_split_names_the_reading_it_would_need() -> None:
    shown = " ".join(f"[{t}]" for t in sorted(NEEDS_SIX, key=lambda t: (-int(t[0]), -int(t[2]))))
    state = _state(NEEDS_SIX, SEAT_1["NEEDS_SIX"])
    problem = check_event(state, {"type": "declare", "seat": 0})  # the protocol's declaration may show no split
    assert problem is not None and problem.rule == "ks.tiles.four-two"
    assert problem.message == (
        f"seat 0 declared {shown}, which splits into an eye and ten-pairs only under option four-two-value=6, "
        "not four-two-value=3"
    )
    assert state.why_illegal(DECLARE) == (problem.rule, problem.message)  # the engine's own answer, not remembered
    state = _state(NO_WIN, SEAT_1["NO_WIN"])
    shown = " ".join(f"[{t}]" for t in sorted(NO_WIN, key=lambda t: (-int(t[0]), -int(t[2]))))
    assert state.why_illegal(DECLARE) == (
        "ks.declare.valid",
        f"seat 0 declared {shown}, which is not an eye and ten-pairs",
    )


def test_an_illegal_move_raises_with_its_rule_the_turn_and_why() -> None:
    state = _state(NO_WIN, SEAT_1["NO_WIN"])
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Take(Tile("6-6")))
    # the first player's opening turn (option opening=discard) starts with a discard
    assert (caught.value.rule, caught.value.where) == ("ks.opening", "turn 1")
    assert caught.value.message == "seat 0 opens holding 8 tiles: the opening turn starts with a discard"


def test_after_an_abandoned_game_every_move_breaks_the_abandoned_rule() -> None:
    state = _state(NO_WIN, SEAT_1["NO_WIN"])
    state.apply(Discard(Tile("3-3")))
    state.abandon()  # seat 1's turn, nothing done in it yet: one turn played
    assert (state.is_terminal, state.result()["reason"], state.result()["turns"], state.winner) == (
        True,
        "abandoned",
        1,
        None,
    )
    assert state.why_illegal(DRAW) == ("ks.end.abandoned", "seat 1 cannot draw: the game is over (abandoned)")
    with pytest.raises(IllegalActionError) as caught:
        state.abandon()
    assert (caught.value.rule, caught.value.where, caught.value.message) == (
        "ks.end.abandoned",
        "turn 1",
        "the game is already over",
    )


def test_asked_afresh_and_then_remembered_a_refusal_to_declare_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "_NOT_WINNING", {})  # nothing remembered yet: the answer is worked out
    expected = (
        "ks.tiles.four-two",
        "seat 0 declared [6-4] [6-4] [5-5] [5-5] [4-2] [2-2] [1-1] [1-1], which splits into an eye and ten-pairs "
        "only under option four-two-value=6, not four-two-value=3",
    )
    for _ in range(2):  # then remembered
        problem = check_event(_state(NEEDS_SIX, SEAT_1["NEEDS_SIX"]), {"type": "declare", "seat": 0})
        assert problem is not None and (problem.rule, problem.message) == expected


# ------------------------------------------------------------ where the replay says a log goes wrong
# Each refusal names the JSON pointer of what is wrong and the event's index (a protocol move: no pointer, no
# index), and says what the log shows against what the rules give; the facts are read off each log by hand.


def _refusal(name: str, **change: Any) -> ReplayError:
    log = _log("kap-shap", name)
    log.update(change)
    with pytest.raises(ReplayError) as caught:
        replay_kap(log)
    return caught.value


@pytest.mark.parametrize(
    ("name", "pointer", "event", "message"),
    [
        # seat 1 opens with a discard; seat 0 draws the stock's first tile, [6-3], but the log says [6-6]
        (
            "deal.draw-order--drew-a-tile-not-next-in-the-stock",
            "/events/1/tile",
            1,
            "seat 0 drew [6-6], but the next tile of the stock is [6-3]",
        ),
        # seat 0 declares after its take (event 2) and discards once more
        ("end.win--an-event-after-the-win", "/events/3", 3, "event 3 follows the end of the game (declared)"),
        # seat 0 takes [6-6] at turn 2, holding a winning hand it must declare, and the events stop
        (
            "end.win--log-stops-before-the-declared-win",
            "/events",
            None,
            "the events stop at turn 2 with seat 0 to hold: the game is not over",
        ),
        (
            "end.win--recorded-unfinished-after-the-declared-win",
            "/result",
            None,
            "the events end the game (declared) at turn 2, so the log must record its result, not an unfinished game",
        ),
        (
            "end.win--result-names-another-winner",
            "/result/winner",
            None,
            "the result records winner 1, but the game gives 0",
        ),
        # seat 1 declares in its sixth turn (events 10, 11): the game is won, not abandoned
        (
            "end.abandoned--abandoned-after-a-declared-win",
            "/result/reason",
            None,
            "the result records an abandoned game, but the events end it (declared) at turn 6",
        ),
    ],
)
def test_a_refusal_names_the_place_the_event_and_what_the_log_shows_against_the_game(
    name: str, pointer: str, event: int | None, message: str
) -> None:
    error = _refusal(name)
    assert (error.pointer, error.event, error.message) == (pointer, event, message)
    assert error.rule == "ks." + name.partition("--")[0]


def test_a_declaration_is_refused_at_the_part_of_it_that_is_wrong() -> None:
    # seat 0 holds [6-6] [6-6] [6-2] [4-4] [3-3] [3-1] [3-1] [2-2] after its take, and declares a [1-1] for a [6-6]
    error = _refusal("declare.valid--declared-a-hand-other-than-the-one-held")
    declared = ["1-1", "6-6", "6-2", "4-4", "3-3", "3-1", "3-1", "2-2"]
    held = ["6-6", "6-6", "6-2", "4-4", "3-3", "3-1", "3-1", "2-2"]
    assert (error.pointer, error.event, error.rule) == ("/events/2/hand", 2, "ks.declare.valid")
    assert error.message == f"seat 0 declared {declared}, but holds {held}"
    # the hand right, its split shows a [1-1] it does not hold
    error = _refusal("declare.valid--showed-a-split-that-is-not-the-hand")
    assert (error.pointer, error.event, error.rule) == ("/events/2/decomposition", 2, "ks.declare.valid")
    assert error.message.startswith("seat 0 showed ")
    # seat 1's hand wins only if [4-2] counts 6: its split's [4-2]+[3-1] is the wrong part
    error = _refusal("tiles.four-two--declared-a-hand-that-needs-4-2-to-count-6")
    assert (error.pointer, error.event, error.rule) == ("/events/20/decomposition", 20, "ks.tiles.four-two")
    assert error.message.startswith("seat 1 showed ")
    # seat 0 declares at the start of its turn, before taking or drawing: seven tiles
    error = _refusal("declare--declared-holding-too-few-tiles")
    assert (error.pointer, error.event, error.rule) == ("/events/1", 1, "ks.declare")
    assert error.message.startswith("seat 0 ")


def test_a_protocol_move_is_refused_without_a_pointer_and_a_log_s_event_with_its_own() -> None:
    state = _state(NEEDS_SIX, SEAT_1["NEEDS_SIX"])
    move = check_event(state, {"type": "declare", "seat": 0})
    logged = check_event(state, {"type": "declare", "seat": 0}, 4)
    assert move is not None and logged is not None
    assert (move.pointer, move.event) == ("", None)
    assert (logged.pointer, logged.event, logged.rule, logged.message) == ("/events/4", 4, move.rule, move.message)
    state = _state(NO_WIN, SEAT_1["NO_WIN"])  # seat 0 opens: it must discard, not take
    move = check_event(state, {"type": "take", "seat": 0, "tile": "6-6"})
    logged = check_event(state, {"type": "take", "seat": 0, "tile": "6-6"}, 0)
    assert move is not None and logged is not None and move.rule == "ks.opening"
    assert (move.pointer, move.event, logged.pointer, logged.event) == ("", None, "/events/0", 0)
    logged = check_event(state, {"type": "discard", "seat": 1, "tile": "6-6"}, 0)
    assert logged is not None and (logged.pointer, logged.event, logged.rule) == ("/events/0/seat", 0, "ks.turn.order")


def test_after_the_end_a_protocol_move_is_told_what_it_cannot_do_and_a_log_s_event_that_it_follows_the_end() -> None:
    log = _log("kap-shap", "end.win--an-event-after-the-win")
    del log["events"][3]
    state = replay_kap(log)  # seat 0 declared at event 2, in turn 2
    move = check_event(state, {"type": "draw", "seat": 0})
    assert move is not None
    assert (move.pointer, move.event, move.rule) == ("", None, "ks.end.win")
    assert move.message == "seat 0 cannot draw: the game is over (declared)"
    logged = check_event(state, {"type": "draw", "seat": 0}, 3)
    assert logged is not None
    assert (logged.pointer, logged.event, logged.rule) == ("/events/3", 3, "ks.end.win")
    assert logged.message == "event 3 follows the end of the game (declared)"


# ------------------------------------------------------------ any winning split may be shown
# crook (printed ten-pairs) seat 0 declares [6-6] [6-2] [5-1] [4-4] [4-4] [3-3] [3-1] [2-2]: eye [4-4] [4-4] and
# [6-6]+[6-2] (20), then [5-1]+[3-1] and [3-3]+[2-2] as the log shows, or [5-1]+[2-2] and [3-3]+[3-1]
# (6+4 = 10 each): the game keeps the split shown, in the event it answers and in its result.
CROOK = data_dir("conformance") / "kap-shap" / "valid" / "crook-2p-greedy-seed1.json"
SPLITS = [
    {"eye": ["4-4", "4-4"], "pairs": [["6-6", "6-2"], ["5-1", "3-1"], ["3-3", "2-2"]]},
    {"eye": ["4-4", "4-4"], "pairs": [["6-6", "6-2"], ["5-1", "2-2"], ["3-3", "3-1"]]},
]


@pytest.mark.parametrize("split", SPLITS, ids=["as-logged", "the-other"])
def test_the_game_keeps_the_winning_split_the_declaration_shows(split: dict[str, Any]) -> None:
    log = json.loads(CROOK.read_text(encoding="utf-8"))
    log["events"][-1]["decomposition"] = log["result"]["decomposition"] = split
    assert replay_kap(log).result()["decomposition"] == split
    declare = log["events"].pop()
    state = replay_kap({**log, "result": "*"})  # the game before the declaration, as a protocol session holds it
    assert check_event(state, declare) is None
    event = apply_event(state, declare)
    assert event.to_json()["decomposition"] == split and state.result()["decomposition"] == split


# ------------------------------------------------------------ the text of an action
def test_each_action_is_written_as_the_protocol_names_it_and_read_back() -> None:
    # docs/engine/protocol.md: take, discard, draw, declare, pass; a tile written high face first
    written = {
        DRAW: "draw",
        PASS: "pass",
        DECLARE: "declare",
        Take(Tile("6-4")): "take 6-4",
        Discard(Tile("6-4")): "discard 6-4",
    }
    assert {action: str(action) for action in written} == written
    for action, text in written.items():
        assert parse_action(text) == action
    assert parse_action("take 4-6") == Take(Tile("6-4")) and parse_action("  discard   1-1 ") == Discard(Tile("1-1"))


@pytest.mark.parametrize("text", ["take", "discard", "hold 6-4", "take 6-4 6-5", "draw 6-4", ""])
def test_a_text_that_names_no_action_is_refused_with_the_forms_an_action_takes(text: str) -> None:
    with pytest.raises(IllegalActionError) as caught:
        parse_action(text)
    assert (caught.value.message, caught.value.where) == (
        f"{text!r} is not an action (take T, draw, discard T, declare, pass)",
        text,
    )
