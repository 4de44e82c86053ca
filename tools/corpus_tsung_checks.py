"""Invalid Tsung Shap logs for the validator's checks of the options, the deal, the events' shape and the result.

Part of the Tsung Shap conformance corpus (:mod:`tools.corpus_tsung` yields
them with its own cases): every check :mod:`gupai.games.tsung.replay` makes
of a log that the schema lets through has a log here that breaks it and
nothing else, named after the rule it breaks, so that an engine author's
validator is judged on each one too. Each log is a valid game with one thing
changed, and the change is what the rule forbids:

- the options and the equipment: two sets; end=stock-empty with the tiles in
  two halves; a four-tile hand refilled from a stock the options do not have;
- the deal (each part is what the order cut as the options say gives, rule
  ts.deal, ts.stock or ts.german.hand): piles missing under own halves, or
  recorded under a common stock; a pile or a hand a tile short; a common
  stock missing, or recorded under own halves; hands missing under hand=four,
  or recorded under hidden tiles;
- the events: the first act by the seat that does not lay first; a pass
  written inside a finished log; a ten written at one end; a capture taken
  by the opponent of the seat that laid (a missed capture is claimed, the
  next turn: the refusals page);
- the result: the counts of captures, the reason, the turns; a log of the
  four-tile variant that stops with a tile still to lay.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

__all__ = ["invalid_check_cases"]

Log = dict[str, Any]
Case = tuple[str, Log]

GAME = "tsung-shap"


def _case(rule: str, what: str, log: Log) -> Case:
    return f"{GAME}/invalid/{rule}--{what}.json", log


def invalid_check_cases(*, own: Log, common: Log, four: Log, four_own: Log, lone_ten: Log) -> Iterator[Case]:
    """The checks' faults, each planted in a copy of a valid log.

    ``own``: a game of hidden tiles in own halves (culin); ``common``: one of
    hidden tiles from a common stock; ``four``: the four-tile variant with a
    common stock; ``four_own``: the four-tile variant refilled from own halves;
    ``lone_ten``: a game where a ten takes a lone tile (lone-tile=pair-or-ten).
    """
    for log in (own, common, four, four_own):
        assert log["deal"]["first_player"] == 0, "each game is begun by seat 0"
    assert own["options"]["stock"] == "own-halves" and own["options"]["hand"] == "hidden"
    assert common["options"]["stock"] == "common" and common["options"]["hand"] == "hidden"
    assert four["options"]["stock"] == "common" and four["options"]["hand"] == "four"
    assert four_own["options"]["stock"] == "own-halves" and four_own["options"]["hand"] == "four"

    # ---- the options and the equipment
    log = copy.deepcopy(own)
    log["sets"] = 2
    yield _case("ts.equipment", "played-with-two-sets", log)

    log = copy.deepcopy(own)
    log["options"]["end"] = "stock-empty"
    yield _case("ts.end", "end-stock-empty-under-stock-own-halves", log)

    log = copy.deepcopy(four_own)
    log["options"]["refill"] = "common-stock"
    yield _case("ts.german.hand", "refill-common-stock-under-stock-own-halves", log)

    # ---- the deal: each part the order cut as the options say
    order = own["deal"]["order"]

    log = copy.deepcopy(own)
    log["deal"]["piles"] = None
    yield _case("ts.deal", "no-piles-recorded-under-stock-own-halves", log)

    log = copy.deepcopy(own)
    log["deal"]["piles"][1].pop()
    yield _case("ts.deal", "seat-1-pile-a-tile-short", log)

    log = copy.deepcopy(common)
    log["deal"]["piles"] = [log["deal"]["order"][:16], log["deal"]["order"][16:]]
    yield _case("ts.stock", "piles-recorded-under-stock-common", log)

    log = copy.deepcopy(common)
    log["deal"]["stock"] = None
    yield _case("ts.stock", "no-common-stock-recorded-under-stock-common", log)

    log = copy.deepcopy(own)
    log["deal"]["stock"] = list(order)
    yield _case("ts.stock", "a-common-stock-recorded-under-stock-own-halves", log)

    log = copy.deepcopy(four)
    log["deal"]["hands"] = None
    yield _case("ts.german.hand", "no-hands-recorded-under-hand-four", log)

    log = copy.deepcopy(own)
    log["deal"]["hands"] = [order[:4], order[16:20]]
    yield _case("ts.german.hand", "hands-recorded-under-hand-hidden", log)

    log = copy.deepcopy(four)
    log["deal"]["hands"][1].pop()
    yield _case("ts.german.hand", "seat-1-hand-a-tile-short", log)

    # ---- the events
    log = copy.deepcopy(own)
    log["events"][0]["seat"] = log["events"][1]["seat"] = 1  # seat 1 turns over and lays the first tile
    yield _case("ts.first-player", "seat-1-turns-over-the-first-tile-under-first-player-seat-0", log)

    log = copy.deepcopy(four)
    log["events"][0]["seat"] = 1  # the four-tile variant's first event is a lay
    yield _case("ts.first-player", "seat-1-lays-the-first-tile-under-first-player-seat-0", log)

    log = copy.deepcopy(own)
    events = log["events"]
    at = next(i for i, e in enumerate(events) if i > 10 and e["type"] == "reveal")
    events.insert(at + 1, {"type": "pass", "seat": events[at]["seat"]})
    yield _case("ts.capture.choice", "a-pass-written-inside-a-finished-log", log)

    log = copy.deepcopy(lone_ten)
    events = log["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "capture" and e["kind"] == "ten")
    events[at]["at"] = "left"
    yield _case("ts.lone-tile", "a-ten-written-at-the-left-end", log)

    log = copy.deepcopy(own)
    events = log["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "capture")
    events[at]["seat"] = 1 - events[at]["seat"]  # the opponent takes it, in the take of the seat that laid
    yield _case("ts.claim", "the-opponent-took-the-capture-of-the-tile-just-laid", log)

    # ---- the result
    log = copy.deepcopy(own)
    log["result"]["captures"][0]["pairs"] += 1
    yield _case("ts.score", "result-counts-a-pair-too-many", log)

    log = copy.deepcopy(own)
    log["result"]["reason"] = "stock-empty"
    yield _case("ts.end", "result-gives-the-reason-stock-empty-for-a-game-all-laid", log)

    log = copy.deepcopy(own)
    log["result"]["turns"] += 1
    yield _case("ts.end", "result-counts-a-turn-too-many", log)

    log = copy.deepcopy(four)
    events = log["events"]
    at = max(i for i, e in enumerate(events) if e["type"] == "lay" and events[i - 1]["type"] == "refill")
    del events[at:]
    yield _case("ts.end", "log-stops-with-a-four-tile-hand-still-to-lay", log)
