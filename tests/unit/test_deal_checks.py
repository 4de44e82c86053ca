"""Where the validator says a collecting game's deal is wrong: each invalid deal log of the corpus, its pointer and facts.

The corpus test holds each log to its rule; here each is held to the place
its one fault was made (tools/corpus.py and tools/corpus_deal.py make them:
the hands dropped, a hand cut short, dice added or removed, the first player
changed) and to the facts the message must give, read from the log itself.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gupai.core.errors import ReplayError
from gupai.core.resources import data_dir
from gupai.core.tiles import Tile
from gupai.games.kap.config import config_of
from gupai.games.kap.deal_check import checked_deal
from gupai.log.play import play_game, play_match
from gupai.log.validate import validate_log

#: Corpus log (its name after the game's prefix) -> the pointer its fault is at.
POINTERS = {
    "deal.first-player--seat-1-recorded-first-under-first-player-seat-0": "/deal/first_player",
    "deal.first-player--first-player-is-a-seat-past-the-last": "/deal/first_player",
    "deal.first-player--dice-count-to-another-seat": "/deal/first_player",
    "deal.first-player--dice-recorded-under-first-player-previous-winner": "/deal/dice",
    "deal.first-player--dice-recorded-under-first-player-seat-0": "/deal/dice",
    "deal.first-player--no-dice-recorded-under-first-player-dice": "/deal/dice",
    "deal.first-player--a-match-begun-by-seat-1": "/deal/first_player",
    "deal.first-player--a-match-game-not-begun-by-the-previous-winner": "/deal/first_player",
    "deal.first-player--a-match-recorded-under-first-player-dice": "/match",
    "deal.first-player--the-previous-game-records-scores": "/match/previous/scores",
    "deal.first-player--the-previous-winner-is-a-seat-past-the-last": "/match/previous/winner",
    "deal.first-player--the-previous-first-player-is-a-seat-past-the-last": "/match/previous/first_player",
    "deal.first-player--a-later-game-of-a-match-records-no-previous-game": "/match/previous",
    "deal.first-player--the-first-game-of-a-match-records-a-previous-game": "/match/previous",
    "deal.wall--fewer-hands-than-players": "/deal/hands",
    "deal.wall--seat-1-hand-one-tile-short": "/deal/hands/1",
    "deal.wall--seat-1-dealt-no-tiles": "/deal/hands/1",
    "deal.wall--hand-not-cut-from-the-wall": "/deal/hands/0",
    "deal.boneyard--hand-not-drawn-from-the-boneyard": "/deal/hands/1",
    "deal.boneyard--first-player-dealt-one-tile-more-under-opening-draw": "/deal/hands/0",
    "deal.boneyard--stock-out-of-boneyard-order": "/deal/stock",
    "deal.draw-order--stock-out-of-wall-order": "/deal/stock",
}
CASES = [(game, name) for game in ("kap-shap", "kap-tai-shap") for name in POINTERS]


def refusal(game: str, name: str) -> tuple[dict[str, Any], str, str, str | None]:
    prefix = "ks" if game == "kap-shap" else "kts"
    path: Path = data_dir("conformance") / game / "invalid" / f"{prefix}.{name}.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    issue = validate_log(log)[0]
    return log, issue.pointer, issue.message, issue.rule


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}/{n}" for g, n in CASES])
def test_each_deal_fault_is_told_where_it_was_made(game: str, name: str) -> None:
    log, pointer, message, rule = refusal(game, name)
    assert pointer == POINTERS[name]
    assert rule is not None and rule.endswith(name.partition("--")[0])
    n, deal = log["players"], log["deal"]
    if pointer == "/deal/dice":
        reading = log["options"]["first-player"]
        said = "but no dice are recorded" if reading == "dice" else "throws no dice"
        assert message.startswith(f"option first-player={reading}") and message.endswith(said)
    elif name.endswith("seat-past-the-last") and pointer == "/deal/first_player":
        assert message == f"seat {n} is recorded as first, but there are {n} players"
    elif name.endswith("seat-past-the-last"):  # the previous game's first player or winner
        assert message == f"seat {n} is recorded, but there are {n} players"
    elif name.endswith("records-no-previous-game"):
        assert message == f"game {log['match']['game']} of a match records no previous game"
    elif name.endswith("records-a-previous-game"):
        assert message == "the first game of a match follows no previous game"
    elif name.endswith("the-previous-game-records-scores"):  # a Kap game gives no scores
        assert message == f"a {game} match records no scores (null) of the previous game"
    elif name.endswith("dice-count-to-another-seat"):
        assert f"the dice {deal['dice']} total {sum(deal['dice'])}" in message
        assert message.endswith(f"not seat {deal['first_player']}")
    elif name == "deal.wall--fewer-hands-than-players":
        assert message == f"{n - 1} hands recorded for {n} players"
    elif pointer.startswith("/deal/hands/"):
        seat = int(pointer.rsplit("/", 1)[1])
        method = log["options"]["deal"]
        expected = message.partition(": expected ")[2].split()
        assert message.startswith(f"seat {seat}'s hand is not what the {method} deals from this order")
        assert Counter(expected) != Counter(deal["hands"][seat]) and expected
    elif pointer == "/deal/stock":  # the message names every option the draw order follows
        options = log["options"]
        readings = [f"deal={options['deal']}", f"wall-draw={options['wall-draw']}"]
        readings += [f"wall-cut={options['wall-cut']}"] if "wall-cut" in options else []
        assert message == f"the stock is not the rest of the order in draw order (option {', '.join(readings)})"


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_a_hand_cut_short_is_told_with_the_hand_it_should_be(game: str) -> None:
    log, _, message, _ = refusal(game, "deal.wall--seat-1-hand-one-tile-short")
    expected = Counter(message.partition(": expected ")[2].split())
    recorded = Counter(log["deal"]["hands"][1])
    assert expected - recorded != Counter() and sum((expected - recorded).values()) == 1  # the tile cut off
    assert recorded - expected == Counter()


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_an_order_that_is_not_the_sets_is_told_at_the_order(game: str) -> None:
    prefix, equipment = ("ks", "set") if game == "kap-shap" else ("kts", "sets")
    path = data_dir("conformance") / game / "invalid" / f"{prefix}.equipment.{equipment}--order-has-a-third-6-6.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    (issue,) = validate_log(log)
    sets = "one set" if log["sets"] == 1 else f"{log['sets']} sets"
    assert (issue.pointer, issue.rule) == ("/deal/order", f"{prefix}.equipment.{equipment}")
    assert issue.message.startswith(f"the deal's order is not exactly the tiles of {sets}: ")
    # a 6-6 too many, a 2-1 too few (each set: two of each civil tile such as 6-6, one of each military such as 2-1)
    n = log["sets"]
    assert issue.message.endswith(f": [6-6] x{2 * n + 1} (should be {2 * n}), [2-1] x{n - 1} (should be {n})")


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_a_deal_is_as_written_only_when_every_tile_and_hand_is_as_a_log_writes_it(game: str) -> None:
    log = play_game(game, preset="culin", players=4 if game == "kap-tai-shap" else 2, seed=3)
    config = config_of(game, log["options"], players=log["players"], sets=log["sets"])
    written, as_written = checked_deal(config, log["deal"])
    assert as_written and written.first_player == log["deal"]["first_player"]
    assert [[Tile.from_index(k).face for k in hand] for hand in written.hands] == log["deal"]["hands"]
    assert [Tile.from_index(k).face for k in written.stock] == log["deal"]["stock"]
    assert [Tile.from_index(k).face for k in written.order] == log["deal"]["order"]
    assert written.dice == tuple(log["deal"]["dice"])
    changes: dict[str, Callable[[dict[str, Any]], object]] = {
        "a hand in another order": lambda deal: deal["hands"][0].reverse(),
        "a tile spelled low end first": lambda deal: deal["hands"][1].__setitem__(0, _low_first(deal["hands"][1][0])),
        "the stock a tuple": lambda deal: deal.__setitem__("stock", tuple(deal["stock"])),
        "the order spelled otherwise": lambda deal: deal["order"].__setitem__(0, _low_first(deal["order"][0])),
    }
    for what, change in changes.items():
        deal = copy.deepcopy(log["deal"])
        change(deal)
        same, as_written = checked_deal(config, deal)
        assert not as_written, what
        assert (same.hands, same.stock, same.first_player) == (written.hands, written.stock, written.first_player), what


def _low_first(face: str) -> str:
    high, low = face.split("-")
    return f"{low}-{high}" if high != low else f"[{high}:{low}]"


def test_a_wall_too_short_for_every_player_to_take_two_piles_is_told_at_the_order() -> None:
    path = data_dir("conformance") / "kap-tai-shap" / "invalid"
    log = json.loads((path / "kts.deal.wall--three-sets-cut-into-too-few-piles-for-ten-players.json").read_text())
    (issue,) = validate_log(log)
    # 96 tiles in piles of five: 19 full piles, and each of 10 players takes two
    assert (issue.pointer, issue.rule) == ("/deal/order", "kts.deal.wall")
    assert issue.message == "a wall of 96 tiles has 19 full piles: too few for 10 players to take two piles each"


def _match_game_begun_by_seat_1(game: str) -> dict[str, Any]:
    players = 4 if game == "kap-tai-shap" else 2
    logs = play_match(game, preset="navpil-culin", players=players, seed=1, count=30, agents=("random",))
    return next(log for log in logs if log["deal"]["first_player"] == 1)


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_a_deal_written_otherwise_is_the_deal_written_as_a_log_writes_it(game: str) -> None:
    # the full check (hands as tuples, a hand in another order) and the quick look find the same deal: under
    # first-player=dice the dice's seat, under previous-winner the recorded one (seat 1 here, dealt from seat 0)
    for log in (play_game(game, preset="culin", seed=3), _match_game_begun_by_seat_1(game)):
        config = config_of(game, log["options"], players=log["players"], sets=log["sets"])
        written, as_written = checked_deal(config, log["deal"])
        assert as_written
        deal = copy.deepcopy(log["deal"])
        deal["hands"] = [tuple(reversed(hand)) for hand in deal["hands"]]
        same, as_written = checked_deal(config, deal)
        assert same == written and not as_written
        assert same.first_player == log["deal"]["first_player"] and same.order == written.order
        assert same.dice == (tuple(log["deal"]["dice"]) if log["deal"]["dice"] is not None else None)


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
def test_hands_or_a_stock_given_alone_are_checked(game: str) -> None:
    # a new_game request may give the hands without the stock, or the stock without the hands: what it gives is checked
    log = play_game(game, preset="culin", seed=3)
    config = config_of(game, log["options"], players=log["players"], sets=log["sets"])
    written, _ = checked_deal(config, log["deal"])
    hands_only = {key: value for key, value in log["deal"].items() if key != "stock"}
    stock_only = {key: value for key, value in log["deal"].items() if key != "hands"}
    assert checked_deal(config, hands_only)[0] == written and checked_deal(config, stock_only)[0] == written
    hand, stock = hands_only["hands"][1], stock_only["stock"]
    hand[0], stock[0] = stock[0], hand[0]  # a stock tile in seat 1's hand; the stock's first two tiles swapped
    stock[0], stock[1] = stock[1], stock[0]
    for deal, pointer in ((hands_only, "/deal/hands/1"), (stock_only, "/deal/stock")):
        with pytest.raises(ReplayError) as caught:
            checked_deal(config, deal)
        assert caught.value.pointer == pointer


def test_a_tile_spelled_otherwise_wherever_it_is_dealt_is_still_refused_by_the_schema() -> None:
    # the deal is the same deal, but a log writes each tile one way (high end first): the validator refuses it, here a
    # tile of one copy (Kap Shap: one set) left in the stock, so that no event, hand or result shows it
    for seed in range(1, 100):
        log = play_game("kap-shap", preset="culin", seed=seed)
        face = log["deal"]["stock"][-1]
        shown = json.dumps([log["deal"]["hands"], log["events"], log["result"]])
        if log["deal"]["order"].count(face) == 1 and f'"{face}"' not in shown:
            break
    else:  # pragma: no cover - most games leave a military tile at the stock's end
        pytest.fail("no game left a tile of one copy at the end of the stock")
    deal = log["deal"]
    deal["order"][deal["order"].index(face)] = deal["stock"][-1] = _low_first(face)
    config = config_of("kap-shap", log["options"], players=log["players"], sets=log["sets"])
    assert not checked_deal(config, deal)[1]
    issues = validate_log(log)
    assert [(issue.rule, issue.pointer.rsplit("/", 1)[0]) for issue in issues] == [
        (None, "/deal/order"),
        (None, "/deal/stock"),
    ]
