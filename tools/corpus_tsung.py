"""The Tsung Shap conformance corpus: valid logs for every preset and reading, invalid logs one fault each.

``python -m tools.corpus_tsung --write`` regenerates ``conformance/tsung-shap/``;
a test checks that the files on disk are what this module makes. The
validator accepts every valid log and rejects every invalid one with exactly
the rule id its name begins with (``<rule id>--<what is wrong>.json``;
``schema--...`` for a log the schema rejects).

>>> names = [path for path, _ in invalid_cases()]
>>> "tsung-shap/invalid/ts.capture.pair--laid-tile-not-identical.json" in names
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.core.tiles import Tile, set_counts
from gupai.games.tsung.config import GAME
from gupai.games.tsung.replay import replay_tsung
from gupai.log.play import play_match
from gupai.log.tsung import play_tsung, take_from_row
from tools.corpus import Case, corpus_main, write_cases
from tools.corpus_tsung_checks import invalid_check_cases

__all__ = ["invalid_cases", "valid_cases", "write_corpus"]

Log = dict[str, Any]
Event = dict[str, Any]


def _both(first: Callable[[Log], bool], second: Callable[[Log], bool]) -> Callable[[Log], bool]:
    return lambda log: first(log) and second(log)


def _lone(kind: str, sweep: bool = False) -> Callable[[Log], bool]:
    def shows(log: Log) -> bool:
        return any(
            e["type"] == "capture" and e["at"] == "ends" and e["kind"] == kind and e["sweep"] == sweep
            for e in log["events"]
        )

    return shows


def _again(log: Log) -> bool:
    """A capture that leaves tiles in the row, followed by the same seat turning a tile over."""
    events = log["events"]
    return any(
        e["type"] == "capture"
        and not e["sweep"]
        and i + 1 < len(events)
        and events[i + 1]["type"] == "reveal"
        and events[i + 1]["seat"] == e["seat"]
        and e["at"] != "ends"
        for i, e in enumerate(events)
    )


def _extra_turn(log: Log) -> bool:
    """Seat 0 laid out its tiles and seat 1 played the last turn."""
    lays = [e for e in log["events"] if e["type"] == "lay"]
    return bool(lays[-1]["seat"] == 1 and sum(e["seat"] == 0 for e in lays) == 16)


def _four_two(log: Log) -> bool:
    return any(
        e["type"] in ("capture", "claim") and "4-2" in e["tiles"] and e["kind"] == "triple" for e in log["events"]
    )


def _alone(log: Log) -> bool:
    """The game ends with one player laying alone, the other out of tiles."""
    lays = [i for i, e in enumerate(log["events"]) if e["type"] == "lay"]
    events = log["events"]
    a, b = lays[-2], lays[-1]
    return events[a]["seat"] == events[b]["seat"] and not any(e["type"] == "capture" for e in events[a:b])


#: Readings no preset uses, each with a valid log of its own that shows it at work.
READINGS: tuple[tuple[dict[str, str], Callable[[Log], bool]], ...] = (
    ({"reach": "laid-end"}, lambda log: _count(log, "capture") >= 3),
    ({"lone-tile": "no-capture"}, lambda log: not _lone("pair")(log)),
    ({"lone-tile": "pair-or-ten"}, _lone("ten")),
    ({"lone-tile": "pair-or-ten", "lone-score": "capture-and-sweep"}, _lone("ten", sweep=True)),
    ({"sweep-score": "none"}, lambda log: _count(log, "capture", sweep=True) > 0),
    ({"lay-again": "any-capture"}, _again),
    ({"end": "equal-turns"}, _extra_turn),
    ({"four-two-value": "3"}, _four_two),
    ({"stock": "common", "hand": "four", "end": "stock-empty"}, _alone),
)


def _play(preset: str, seed: int, agent: str, **over: str) -> Log:
    options = resolve_options(GAME, preset=preset, overrides=over or None)
    return play_tsung(GAME, options, seed=seed, agents=(agent,))


def _count(log: Log, kind: str, **fields: Any) -> int:
    return sum(e["type"] == kind and all(e.get(k) == v for k, v in fields.items()) for e in log["events"])


def _search(want: Callable[[Log], bool], preset: str = "culin", agent: str = "random", **over: str) -> Log:
    """The first seeded game (seeds 2, 3, ...) with the wanted feature."""
    for seed in range(2, 2000):
        log = _play(preset, seed, agent, **over)
        if want(log):
            return log
    raise LookupError("no game with the wanted feature")  # pragma: no cover


def _match_game(preset: str, want: Callable[[Log], bool]) -> Log:
    """The first game of a match (seed 1 on, random agents) with the wanted feature."""
    for log in play_match(GAME, preset=preset, seed=1, count=200, agents=("random",)):
        if want(log):
            return log
    raise LookupError("no game with the wanted feature")  # pragma: no cover


def _eventful(log: Log) -> bool:
    """A random game showing the rules at work: a sweep, and a claim where claims are allowed."""
    claims = log["options"]["missed-capture"] == "none" or _count(log, "claim") > 0
    return claims and _count(log, "capture", sweep=True) > 0


def valid_cases() -> Iterator[Case]:
    """For every preset a greedy game and an eventful random game; a game for each reading no preset uses."""
    for preset in game_spec(GAME).presets:
        yield f"{GAME}/valid/{preset.name}-greedy-seed1.json", _play(preset.name, 1, "greedy")
        log = _search(_eventful, preset.name)
        yield f"{GAME}/valid/{preset.name}-random-seed{log['seed']}.json", log
    for name in ("navpil-classic", "navpil-spieldomino"):  # a match game seat 1 begins (first-player=previous-higher)
        log = _match_game(name, lambda g: g["deal"]["first_player"] == 1)
        yield f"{GAME}/valid/{name}-match-game-{log['match']['game']}-seat-1-first-seed{log['seed']}.json", log
    for over, shows in READINGS:
        log = _search(_both(_eventful, shows), "culin", **over)
        name = "-".join(f"{k}={v}" for k, v in over.items())
        yield f"{GAME}/valid/culin-{name}-random-seed{log['seed']}.json", log
    for ends, where, side in COPIES:
        log = _search(_other_copy(ends=ends, where=where, side=side))
        at = "both-ends" if ends else "one-end"
        name = f"triple-at-{at}-another-copy-{where.replace(' ', '-')}-to-the-{side}"
        yield f"{GAME}/valid/culin-{name}-random-seed{log['seed']}.json", log


#: Captures whose row holds another copy of a captured tile's face: (a triple at both ends?, where the
#: copy is, on which side of the captured tile). An engine that removes a face's first copy from the
#: left (the copy on the left) or from the right (on the right) instead of the tile at the captured end
#: leaves another row, which the harness compares after every move. A pair takes both copies of its
#: face, so only triples show it.
COPIES: tuple[tuple[bool, str, str], ...] = (
    (False, "at the other end", "left"),
    (False, "at the other end", "right"),
    (False, "in the middle", "left"),
    (False, "in the middle", "right"),
    (True, "in the middle", "left"),
    (True, "in the middle", "right"),
)


def _by_face(row: list[tuple[int, str]], faces: list[str], *, side: str) -> list[tuple[int, str]]:
    """The row left by an engine removing each captured face's first copy from the ``side``."""
    out = list(row)
    for face in faces:
        at = [i for i, (_, f) in enumerate(out) if f == face]
        del out[at[0] if side == "left" else at[-1]]
    return out


def _other_copy(*, ends: bool, where: str, side: str) -> Callable[[Log], bool]:
    def shows(log: Log) -> bool:
        row: list[str] = []
        laid_end = "right"
        for event in log["events"]:
            if event["type"] == "lay":
                laid_end = event["end"]
                row.insert(0 if laid_end == "left" else len(row), event["tile"])
            elif event["type"] in ("capture", "claim"):
                kept = [str(i) for i in range(len(row))]  # the row's places, taken as the capture takes tiles
                take_from_row(kept, event, laid_end)
                right = {int(i) for i in kept}
                if event["kind"] == "triple" and (event["at"] == "ends") == ends:
                    wrong = _by_face(list(enumerate(row)), event["tiles"], side=side)
                    removed = right - {i for i, _ in wrong}  # the copies taken in error
                    ends_of_row = (0, len(row) - 1)
                    if where in {"at the other end" if i in ends_of_row else "in the middle" for i in removed}:
                        return True
                row = [face for i, face in enumerate(row) if i in right]
        return False

    return shows


# ------------------------------------------------------------ invalid
def _rows(log: Log) -> Iterator[tuple[int, list[str]]]:
    """(index of each lay, the row before it), replayed from the events."""
    row: list[str] = []
    last_end = "right"
    for index, event in enumerate(log["events"]):
        if event["type"] == "lay":
            yield index, list(row)
            last_end = event["end"]
            if last_end == "left":
                row.insert(0, event["tile"])
            else:
                row.append(event["tile"])
        elif event["type"] in ("capture", "claim"):
            take_from_row(row, event, last_end)


def _untaken_lay(log: Log, test: Callable[[int, Event, list[str]], bool]) -> tuple[int, list[str]]:
    """A lay with nothing taken after it (no capture or claim next) whose row passes ``test``."""
    events = log["events"]
    for index, row in _rows(log):
        after = events[index + 1 : index + 3]
        if any(e["type"] in ("capture", "claim") for e in after):
            continue
        if test(index, events[index], row):
            return index, row
    raise LookupError("no such lay")  # pragma: no cover


def _far_pair(index: int, event: Event, row: list[str]) -> bool:
    """A tile identical to the end tile away from where it is laid."""
    return len(row) >= 2 and event["tile"] == (row[0] if event["end"] == "right" else row[-1])


def _four_two_triple(index: int, event: Event) -> bool:
    return event["type"] == "capture" and event["kind"] == "triple" and "4-2" in event["tiles"] and not event["sweep"]


def _swap(tiles: list[str]) -> None:
    """Swap the first two neighbours that differ."""
    at = next(i for i in range(len(tiles) - 1) if tiles[i] != tiles[i + 1])
    tiles[at], tiles[at + 1] = tiles[at + 1], tiles[at]


def _values(log: Log) -> dict[str, int]:
    four_two = int(log["options"]["four-two-value"])
    return {
        Tile.from_index(k).face: (four_two if Tile.from_index(k).face == "4-2" else Tile.from_index(k).pips)
        for k in range(21)
    }


def _capture(seat: int, kind: str, at: str, tiles: list[str], points: int, sweep: bool = False) -> Event:
    return {"type": "capture", "seat": seat, "kind": kind, "at": at, "tiles": tiles, "points": points, "sweep": sweep}


def _rescore(log: Log, seat: int, delta: int) -> None:
    """Add ``delta`` to ``seat``'s final score, and name the winner the scores give."""
    scores = log["result"]["scores"]
    scores[seat] += delta
    log["result"]["winner"] = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None


def _find(log: Log, test: Callable[[int, Event], bool]) -> int:
    for index, event in enumerate(log["events"]):
        if test(index, event):
            return index
    raise LookupError("no such event")  # pragma: no cover


def _hand_before(log: Log, at: int, seat: int) -> list[str]:
    """A four-tile hand just before event ``at``."""
    hand = list(log["deal"]["hands"][seat])
    for event in log["events"][:at]:
        if event["seat"] != seat:
            continue
        if event["type"] == "refill":
            hand.append(event["tile"])
        elif event["type"] == "lay":
            hand.remove(event["tile"])
    return hand


def invalid_cases() -> Iterator[Case]:
    """One log per fault, named after the rule it breaks."""

    def case(rule: str, what: str, log: Log) -> Case:
        return f"{GAME}/invalid/{rule}--{what}.json", log

    base = _search(_eventful)  # a culin game with a sweep and a claim
    events = base["events"]
    values = _values(base)

    log = copy.deepcopy(base)
    log["players"] = 3
    yield case("ts.equipment", "three-players", log)

    log = copy.deepcopy(base)
    at = log["deal"]["order"].index("1-1")
    log["deal"]["order"][at] = "6-6"
    yield case("ts.equipment", "order-has-a-third-6-6", log)

    log = copy.deepcopy(base)
    _swap(log["deal"]["piles"][0])
    yield case("ts.deal", "pile-not-cut-from-the-order", log)

    log = copy.deepcopy(base)
    log["deal"]["first_player"] = 1
    yield case("ts.first-player", "deal-records-seat-1-first", log)

    # the second opening tile takes the first (lone tiles may be taken, the opening may not)
    def opening(log: Log) -> bool:
        first, second = log["events"][1]["tile"], log["events"][3]["tile"]
        vals = _values(log)
        return first == second or (vals[first] + vals[second]) % 10 == 0

    log = copy.deepcopy(_search(opening, "gupai-site", "greedy"))
    first, second = log["events"][1]["tile"], log["events"][3]["tile"]
    kind = "pair" if first == second else "ten"
    log["events"].insert(4, _capture(1, kind, "ends", [second, first], 40, True))
    yield case("ts.opening", "second-opening-tile-takes-the-first", log)

    # navpil lays the second opening tile at the left end (opening-end=left): the right end is refused
    log = _play("navpil-classic", 1, "greedy")
    assert [e["end"] for e in log["events"] if e["type"] == "lay"][1] == "left"
    log["events"][3]["end"] = "right"
    yield case("ts.opening", "second-opening-tile-at-the-right-under-opening-end-left", log)

    log = copy.deepcopy(base)
    index = _find(log, lambda i, e: e["type"] == "reveal" and i > 10 and log["events"][i + 2]["type"] == "reveal")
    wrong = next(t for t in ("6-6", "1-1", "4-4", "5-5") if t != log["events"][index]["tile"])
    log["events"][index]["tile"] = wrong
    log["events"][index + 1]["tile"] = wrong
    yield case("ts.turn.reveal", "turned-over-a-tile-not-next-in-the-pile", log)

    log = copy.deepcopy(base)
    index = _find(log, lambda i, e: e["type"] == "lay" and i > 10 and log["events"][i + 1]["type"] == "reveal")
    log["events"][index]["tile"] = next(t for t in ("6-6", "1-1") if t != log["events"][index]["tile"])
    yield case("ts.turn.lay", "laid-a-tile-other-than-the-one-turned-over", log)

    log = copy.deepcopy(base)
    index = _find(
        log, lambda i, e: e["type"] == "reveal" and e["seat"] == 1 and i > 10 and events[i - 1]["type"] == "lay"
    )
    log["events"][index]["seat"] = 0
    log["events"][index + 1]["seat"] = 0
    yield case("ts.turn.order", "seat-0-plays-two-turns-running", log)

    # reach: a tile laid at one end takes a pair at the other, under reach=laid-end
    def reach(log: Log) -> bool:
        try:
            _untaken_lay(log, _far_pair)
        except LookupError:
            return False
        return True

    log = copy.deepcopy(_search(reach, "culin", "random", reach="laid-end"))
    index, row = _untaken_lay(log, _far_pair)
    lay = log["events"][index]
    far = "left" if lay["end"] == "right" else "right"
    log["events"].insert(
        index + 1, _capture(lay["seat"], "pair", far, [lay["tile"], lay["tile"]], 20 * values[lay["tile"]])
    )
    yield case("ts.capture.reach", "pair-with-the-far-end-under-laid-end", log)

    log = copy.deepcopy(base)
    index, row = _untaken_lay(log, lambda i, e, row: len(row) >= 3 and e["tile"] not in (row[0], row[-1]))
    lay = log["events"][index]
    points = 10 * (values[lay["tile"]] + values[row[0]])
    log["events"].insert(index + 1, _capture(lay["seat"], "pair", "left", [lay["tile"], row[0]], points))
    yield case("ts.capture.pair", "laid-tile-not-identical", log)

    def not_ten(index: int, e: Event, row: list[str]) -> bool:
        if len(row) < 3:
            return False
        tiles = [e["tile"], row[0], row[-1]]
        return "4-2" not in tiles and sum(values[t] for t in tiles) % 10 != 0

    log = copy.deepcopy(base)
    index, row = _untaken_lay(log, not_ten)
    lay = log["events"][index]
    total = values[lay["tile"]] + values[row[0]] + values[row[-1]]
    log["events"].insert(index + 1, _capture(lay["seat"], "triple", "ends", [lay["tile"], row[0], row[-1]], total))
    yield case("ts.capture.triple", "not-a-multiple-of-ten", log)

    log = copy.deepcopy(base)
    index = _find(log, lambda i, e: e["type"] == "capture" and not e["sweep"])
    log["events"].insert(index + 1, copy.deepcopy(log["events"][index]))
    yield case("ts.capture.choice", "two-captures-with-one-tile", log)

    log = copy.deepcopy(base)
    index = _find(log, lambda i, e: e["type"] == "capture" and e["sweep"])
    log["events"][index]["sweep"] = False
    yield case("ts.sweep", "sweep-not-marked", log)

    log = copy.deepcopy(base)
    index = _find(log, lambda i, e: e["type"] == "capture" and e["sweep"] and log["events"][i + 1]["type"] == "reveal")
    other = 1 - log["events"][index]["seat"]
    log["events"][index + 1]["seat"] = other
    log["events"][index + 2]["seat"] = other
    yield case("ts.sweep.restart", "the-opponent-lays-after-a-sweep", log)

    log = copy.deepcopy(_search(_eventful, "culin", **{"lone-tile": "no-capture"}))
    index, row = _untaken_lay(log, lambda i, e, row: i > 4 and len(row) == 1)
    lay = log["events"][index]
    kind = "pair" if lay["tile"] == row[0] else "ten"
    log["events"].insert(index + 1, _capture(lay["seat"], kind, "ends", [lay["tile"], row[0]], 20))
    yield case("ts.lone-tile", "took-a-lone-tile-under-no-capture", log)

    site = _search(_both(_eventful, _lone("pair", sweep=True)), "gupai-site-conjectures")
    log = copy.deepcopy(site)
    index = _find(log, lambda i, e: e["type"] == "capture" and e["at"] == "ends" and e["kind"] == "pair")
    event = log["events"][index]
    event["points"] = 20 * _values(log)[event["tiles"][0]]
    _rescore(log, event["seat"], event["points"] - 40)
    yield case("ts.lone-tile", "lone-pair-scored-as-a-pair-under-lone-score-sweep", log)

    again = _search(_both(_eventful, _again), "culin", **{"lay-again": "any-capture"})
    log = copy.deepcopy(again)
    index = _find(
        log,
        lambda i, e: (
            e["type"] == "capture"
            and not e["sweep"]
            and e["at"] != "ends"
            and log["events"][i + 1]["type"] == "reveal"
            and log["events"][i + 1]["seat"] == e["seat"]
        ),
    )
    other = 1 - log["events"][index]["seat"]
    log["events"][index + 1]["seat"] = other
    log["events"][index + 2]["seat"] = other
    yield case("ts.sweep.restart", "the-opponent-lays-after-a-capture-under-lay-again-any-capture", log)

    log = copy.deepcopy(base)
    index = _find(
        log,
        lambda i, e: (
            e["type"] == "reveal" and i > 4 and events[i - 1]["type"] == "lay" and events[i - 1]["seat"] != e["seat"]
        ),
    )
    seat = log["events"][index]["seat"]
    log["events"].insert(index, {**_capture(seat, "pair", "left", ["6-6", "6-6"], 240), "type": "claim"})
    yield case("ts.claim", "claimed-when-nothing-was-missed", log)

    log = copy.deepcopy(base)
    log["options"]["missed-capture"] = "none"
    log["preset"] = "culin"
    yield case("ts.claim", "claimed-under-missed-capture-none", log)

    # [4-2] scored at 3 under four-two-value=6
    def four_two(log: Log) -> bool:
        return any(_four_two_triple(0, e) for e in log["events"])

    log = copy.deepcopy(_search(four_two, "culin", "greedy"))
    index = _find(log, _four_two_triple)
    log["events"][index]["points"] -= 3
    log["result"]["scores"][log["events"][index]["seat"]] -= 3
    yield case("ts.tiles.four-two", "scored-4-2-as-3-under-four-two-value-6", log)

    log = copy.deepcopy(base)
    log["events"].append({"type": "reveal", "seat": 0, "tile": "6-6"})
    yield case("ts.end", "an-event-after-the-end", log)

    log = copy.deepcopy(base)
    del log["events"][-8:]
    yield case("ts.end", "log-stops-before-the-end", log)

    log = copy.deepcopy(base)
    winner = log["result"]["winner"]
    log["result"]["winner"] = 0 if winner is None else 1 - winner
    yield case("ts.end", "result-names-the-loser", log)

    log = copy.deepcopy(base)
    log["result"]["scores"][0] += 40
    yield case("ts.score", "final-scores-do-not-add-up", log)

    log = copy.deepcopy(_search(lambda g: g["result"]["winner"] is None))
    log["result"]["winner"] = 0
    yield case("ts.end.tie", "equal-scores-name-a-winner", log)

    log = copy.deepcopy(base)
    left_in_row = replay_tsung(log).row_tiles()
    log["result"]["scores"][0] += sum(tile.pips for tile in left_in_row)
    yield case("ts.score.leftover", "the-row-left-over-scored", log)

    site = _search(_eventful, "gupai-site-conjectures")
    log = copy.deepcopy(site)
    _swap(log["deal"]["stock"])
    yield case("ts.stock", "common-stock-not-the-order", log)

    german = _search(_eventful, "spieltdomino")
    log = copy.deepcopy(german)
    index = _find(log, lambda i, e: e["type"] == "lay" and i > 10 and log["events"][i + 1]["type"] == "refill")
    held = _hand_before(log, index, log["events"][index]["seat"])
    counts = set_counts(1)
    log["events"][index]["tile"] = next(
        Tile.from_index(k).face for k in range(21) if counts[k] and Tile.from_index(k).face not in held
    )
    yield case("ts.german.hand", "laid-a-tile-not-in-the-hand", log)

    log = copy.deepcopy(german)
    events = log["events"]
    index = _find(
        log,
        lambda i, e: (
            e["type"] == "capture" and e["sweep"] and [x["type"] for x in events[i + 1 : i + 3]] == ["refill", "lay"]
        ),
    )
    events[index + 1], events[index + 2] = events[index + 2], events[index + 1]
    yield case("ts.german.choices", "laid-again-before-the-refill", log)

    navpil = _search(lambda g: _count(g, "capture", sweep=True) > 0 and _count(g, "refill") > 0, "navpil-spieldomino")
    log = copy.deepcopy(navpil)
    events = log["events"]
    index = _find(
        log,
        lambda i, e: (
            e["type"] == "capture" and e["sweep"] and [x["type"] for x in events[i + 1 : i + 3]] == ["lay", "refill"]
        ),
    )
    events[index + 1], events[index + 2] = events[index + 2], events[index + 1]
    yield case("ts.german.choices", "refilled-before-laying-again-under-restart-before-refill", log)

    log = copy.deepcopy(_match_game("navpil-classic", lambda g: g["deal"]["first_player"] == 1))
    log["deal"]["first_player"] = 0
    yield case("ts.first-player", "a-match-game-not-begun-by-the-previous-higher-scorer", log)

    log = copy.deepcopy(german)
    index = _find(log, lambda i, e: e["type"] == "capture" and e["sweep"])
    event = log["events"][index]
    event["points"] += 40
    _rescore(log, event["seat"], 40)
    yield case("ts.sweep", "sweep-scored-40-more-under-sweep-score-none", log)

    log = copy.deepcopy(german)
    index = _find(log, lambda i, e: e["type"] == "refill" and i > 10)
    log["events"][index]["tile"] = next(t for t in ("6-6", "1-1") if t != log["events"][index]["tile"])
    yield case("ts.german.hand", "refilled-a-tile-not-next-in-the-stock", log)

    lone_ten = _search(_both(_eventful, _lone("ten")), "culin", **{"lone-tile": "pair-or-ten"})
    yield from invalid_check_cases(own=base, common=site, four=german, four_own=navpil, lone_ten=lone_ten)

    log = copy.deepcopy(base)
    lay = _find(log, lambda i, e: e["type"] == "lay")
    log["events"][lay]["end"] = "middle"
    log["events"][0]["tile"] = "7-1"
    yield case("schema", "an-end-that-is-not-an-end-and-a-tile-that-is-not-a-tile", log)


def _cases() -> Iterator[Case]:
    yield from valid_cases()
    yield from invalid_cases()


def write_corpus(root: Path | None = None) -> list[str]:
    """Write every case under ``root`` (default ``conformance/``); return the paths written."""
    return write_cases(_cases(), Path(root or data_dir("conformance")), [GAME])


def main(argv: list[str] | None = None) -> int:
    return corpus_main(_cases, [GAME], module="tools.corpus_tsung", argv=argv)


if __name__ == "__main__":
    raise SystemExit(main())
