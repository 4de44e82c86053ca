"""The conformance corpus: valid logs for every preset, invalid logs one fault each.

``python -m tools.corpus --write`` regenerates ``conformance/``; a test checks
that the files on disk are what this module makes, that the validator accepts
every valid log, and rejects every invalid one with exactly the rule id its
name begins with (``<rule id>--<what is wrong>.json``; ``schema--...`` for a
log the schema rejects).
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from gupai.core.resources import data_dir
from gupai.core.spec import game_spec
from gupai.log.format import dumps_log
from gupai.log.play import play_game, play_match
from tools.corpus_deal import invalid_deal_cases
from tools.corpus_events import Log, find_event, hand_before, pattern, search, table_before
from tools.corpus_turns import invalid_turn_cases

__all__ = [
    "GENERATED",
    "Case",
    "corpus_main",
    "invalid_cases",
    "stale_cases",
    "valid_cases",
    "write_cases",
    "write_corpus",
]

Case = tuple[str, Log]  # (relative path under conformance/, log)

#: The folders of ``conformance/<game>/`` the generators own (and clean of stale files).
GENERATED = ("valid", "invalid")

#: Players for each collecting game's valid logs.
PLAYERS = {"kap-shap": (2,), "kap-tai-shap": (2, 5, 10)}


def valid_cases() -> Iterator[Case]:
    """One or more valid logs per preset of each collecting game."""
    for game, counts in PLAYERS.items():
        for preset in game_spec(game).presets:
            for players in counts:
                for seed in (1, 2):
                    agents = ("greedy",) if seed == 1 else ("random",)
                    log = play_game(game, preset=preset.name, players=players, seed=seed, agents=agents)
                    name = f"{preset.name}-{players}p-{agents[0]}-seed{seed}.json"
                    yield f"{game}/valid/{name}", log
        # first-player=previous-winner: a match game begun by the previous game's winner, not seat 0
        players = counts[-1]
        log = next(
            g
            for g in play_match(game, preset="navpil-culin", players=players, seed=1, count=50, agents=("random",))
            if g["deal"]["first_player"] != 0
        )
        name = (
            f"navpil-culin-{players}p-random-match-game-{log['match']['game']}-seat-{log['deal']['first_player']}-first"
        )
        yield f"{game}/valid/{name}-seed{log['seed']}.json", log
        # discard-taken=forbidden forbids the face taken: a copy held before the take goes only after the draw
        log = search(game, lambda g: _take_of_a_held_face(g, after_the_draw=True) is not None, agents="random")
        yield (
            f"{game}/valid/culin-2p-random-seed{log['seed']}-a-copy-of-the-taken-face-discarded-after-the-draw.json",
            log,
        )
        # stock-out=play-on: play goes on after the stock runs out, a player who takes nothing passing
        log = _search_play_on(game, _passes_then_takes)
        yield f"{game}/valid/one-tile-2p-random-seed{log['seed']}-stock-out-play-on.json", log


def _rich(log: Log) -> bool:
    """A game long enough to mutate: several draws and discards."""
    draws: int = sum(e["type"] == "draw" for e in log["events"])
    return draws >= 3


def _base(game: str, preset: str = "culin", *, players: int = 2, agents: str = "greedy", **over: str) -> Log:
    """A valid game to mutate, with several draws and discards."""
    return search(game, _rich, preset=preset, players=players, agents=agents, **over)


def _has(kind: str) -> Callable[[Log], bool]:
    return lambda log: any(e["type"] == kind for e in log["events"][1:])


def _invalid_collecting(game: str) -> Iterator[Case]:
    p = game_spec(game).prefix
    many = 2 if game == "kap-shap" else 4

    def case(rule: str, what: str, log: Log) -> Case:
        return f"{game}/invalid/{rule}--{what}.json", log

    # equipment: the deal's order is not the tiles of the sets
    log = _base(game, players=many)
    order = log["deal"]["order"]
    order[order.index("2-1")] = "6-6"
    yield case(f"{p}.equipment.{'set' if game == 'kap-shap' else 'sets'}", "order-has-a-third-6-6", log)

    log = _base(game, players=many)
    log["players"] = 41 if game == "kap-tai-shap" else 3
    yield case(f"{p}.equipment.players", "too-many-players", log)

    # the deal
    log = _base(game, players=many)
    log["deal"]["first_player"] = (log["deal"]["first_player"] + 1) % many
    yield case(f"{p}.deal.first-player", "dice-count-to-another-seat", log)

    log = _base(game, players=many)
    hand, stock = log["deal"]["hands"][0], log["deal"]["stock"]
    swap = next(i for i, t in enumerate(stock) if t not in hand)
    hand[0], stock[swap] = stock[swap], hand[0]
    yield case(f"{p}.deal.wall", "hand-not-cut-from-the-wall", log)

    log = _base(game, players=many, deal="boneyard")
    hand, stock = log["deal"]["hands"][1], log["deal"]["stock"]
    swap = next(i for i, t in enumerate(stock) if t not in hand)
    hand[0], stock[swap] = stock[swap], hand[0]
    yield case(f"{p}.deal.boneyard", "hand-not-drawn-from-the-boneyard", log)

    log = _base(game, players=many)
    stock = log["deal"]["stock"]
    first_other = next(i for i, t in enumerate(stock) if t != stock[0])
    stock[0], stock[first_other] = stock[first_other], stock[0]
    yield case(f"{p}.deal.draw-order", "stock-out-of-wall-order", log)

    log = _base(game, players=many)
    at = find_event(log, lambda i, e: e["type"] == "draw")
    drawn = log["events"][at]["tile"]
    log["events"][at]["tile"] = "6-6" if drawn != "6-6" else "1-1"
    yield case(f"{p}.deal.draw-order", "drew-a-tile-not-next-in-the-stock", log)

    # turns
    log = _base(game, players=many)
    log["events"][1]["seat"] = (log["events"][1]["seat"] + 1) % many
    yield case(f"{p}.turn.order", "wrong-seat-moves", log)

    log = _base(game, players=many)
    first = log["events"][0]
    log["events"][0] = {"type": "draw", "seat": first["seat"], "tile": log["deal"]["stock"][0]}
    yield case(f"{p}.opening", "first-player-draws-before-discarding", log)

    log = search(game, lambda g: _take_with_choice(g) is not None, players=many, take="latest")
    at = _take_with_choice(log)  # type: ignore[assignment]
    table = table_before(log, at)
    log["events"][at]["tile"] = next(t for t in table if t != table[-1])
    yield case(f"{p}.turn.take", "took-an-older-discard-under-take-latest", log)

    log = search(game, lambda g: _turn_start_draw(g) is not None, players=many)
    at = _turn_start_draw(log)  # type: ignore[assignment]
    on_table = set(table_before(log, at))
    absent = next(t for t in ("6-6", "1-1", "4-4", "3-1", "5-5", "2-1") if t not in on_table)
    log["events"][at] = {"type": "take", "seat": log["events"][at]["seat"], "tile": absent}
    yield case(f"{p}.turn.take", "took-a-tile-not-on-the-table", log)

    log = search(game, lambda g: pattern(g, "take", "discard", "draw") is not None, players=many)
    at = pattern(log, "take", "discard", "draw")  # type: ignore[assignment]
    log["events"][at + 2] = {"type": "take", "seat": log["events"][at]["seat"], "tile": log["events"][at + 1]["tile"]}
    yield case(f"{p}.turn.shape", "takes-again-instead-of-drawing", log)

    log = _base(game, players=many, **{"drawn-tile": "discard-unless-win"})
    at = find_event(log, lambda i, e: e["type"] == "draw" and log["events"][i + 1]["type"] == "discard")
    seat = log["events"][at]["seat"]
    kept = hand_before(log, at, seat)
    log["events"][at + 1]["tile"] = next(t for t in kept if t != log["events"][at]["tile"])
    yield case(f"{p}.turn.draw", "kept-the-drawn-tile-under-discard-unless-win", log)

    log = _base(game, players=many)
    at = find_event(log, lambda i, e: i > 0 and e["type"] == "discard")
    seat = log["events"][at]["seat"]
    held = set(hand_before(log, at, seat)) | {log["events"][at - 1].get("tile")}
    log["events"][at]["tile"] = next(t for t in ("6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2") if t not in held)
    yield case(f"{p}.turn.discard", "discarded-a-tile-not-in-the-hand", log)

    log = search(game, lambda g: pattern(g, "take", "discard") is not None, players=many)
    at = pattern(log, "take", "discard")  # type: ignore[assignment]
    log["events"][at + 1]["tile"] = log["events"][at]["tile"]
    yield case(f"{p}.turn.discard", "threw-back-the-taken-tile", log)

    log = search(game, lambda g: _take_of_a_held_face(g) is not None, players=many)
    at = _take_of_a_held_face(log)  # type: ignore[assignment]
    log["events"][at + 1]["tile"] = log["events"][at]["tile"]
    yield case(f"{p}.turn.discard", "threw-back-a-copy-of-the-taken-face-held-before-the-take", log)

    # declaring
    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    at = len(log["events"]) - 1
    seat = log["events"][at]["seat"]
    discard = log["events"][at]["hand"][0]
    log["events"][at] = {"type": "discard", "seat": seat, "tile": discard}
    yield case(f"{p}.declare", "discarded-from-a-winning-hand", log)

    # a wrong split names the rule of the part of it that is wrong
    for rule, what in (
        ("declare.valid", "showed-a-split-that-is-not-the-hand"),
        ("eye", "showed-an-eye-of-two-different-tiles"),
        ("pair.ten", "showed-a-pair-that-is-not-a-ten-pair"),
    ):
        log = search(game, lambda g, r=rule: _broken_split(g, f"{p}.{r}") is not None, players=many)  # type: ignore[misc]
        yield case(f"{p}.{rule}", what, _broken_split(log, f"{p}.{rule}"))  # type: ignore[arg-type]

    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    at = len(log["events"]) - 2
    event = log["events"][at]
    log["events"].insert(
        at,
        {
            "type": "declare",
            "seat": event["seat"],
            "hand": [],
            "decomposition": {"eye": ["6-6", "6-6"], "pairs": [["6-6", "4-4"]]},
        },
    )
    del log["events"][at + 1 :]
    log["events"][at]["hand"] = hand_before(log, at, event["seat"])
    if len(log["events"][at]["hand"]) < (8 if game == "kap-shap" else 10):
        yield case(f"{p}.declare", "declared-holding-too-few-tiles", log)

    # the end
    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    last = log["events"][-1]
    log["events"].append({"type": "discard", "seat": last["seat"], "tile": last["hand"][0]})
    yield case(f"{p}.end.win", "an-event-after-the-win", log)

    log = search(game, lambda g: g["result"]["reason"] == "stock-exhausted", players=many, agents="random")
    nxt = (log["events"][-1]["seat"] + 1) % log["players"]
    log["events"].append({"type": "take", "seat": nxt, "tile": log["events"][-1]["tile"]})
    yield case(f"{p}.end.stock", "a-move-after-the-stock-ran-out", log)

    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    del log["events"][-1]
    yield case(f"{p}.end.win", "log-stops-before-the-declared-win", log)

    log = search(
        game, lambda g: g["result"]["reason"] == "dead-rounds", players=many, agents="random", turn="take-or-draw"
    )
    nxt = (log["events"][-1]["seat"] + 1) % log["players"]
    log["events"].append({"type": "draw", "seat": nxt, "tile": "6-6"})
    yield case(f"{p}.end.termination", "a-move-after-three-dead-rounds", log)

    log = search(
        game,
        lambda g: _consecutive_take(g) is not None,
        players=many,
        agents="random",
        turn="take-or-draw",
        termination="no-consecutive-takes",
    )
    # replace a draw that follows a take by the same seat one round earlier with a take
    at, seat = _consecutive_take(log)  # type: ignore[misc]
    table = table_before(log, at)
    log["events"][at] = {"type": "take", "seat": seat, "tile": table[-1]}
    yield case(f"{p}.end.termination", "took-two-turns-running-under-no-consecutive-takes", log)

    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    log["result"]["settlement"] = [0] * log["players"]
    yield case(f"{p}.settle", "pot-not-paid-to-the-winner", log)

    log = search(game, lambda g: g["result"]["reason"] == "stock-exhausted", players=many, agents="random")
    log["result"]["settlement"] = [1 - log["players"] if seat else log["players"] - 1 for seat in range(log["players"])]
    yield case(f"{p}.settle.refund", "pot-paid-out-with-no-winner", log)

    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    log["result"]["winner"] = (log["result"]["winner"] + 1) % log["players"]
    yield case(f"{p}.end.win", "result-names-another-winner", log)

    log = search(game, lambda g: g["result"]["winner"] is not None, players=many)
    log["result"]["turns"] += 1
    yield case(f"{p}.end.turns", "result-counts-one-turn-too-many", log)

    # a declaration that wins only under another reading
    log = _winning_only_under(game, "four-two-value", "6", f"{p}.tiles.four-two", players=many)
    yield case(f"{p}.tiles.four-two", "declared-a-hand-that-needs-4-2-to-count-6", log)
    log = _winning_only_under(game, "pair-set", "arithmetic", f"{p}.pair.ten", players=many, preset="pagat")
    yield case(f"{p}.pair.ten", "declared-a-pair-missing-from-the-printed-table", log)
    if game == "kap-tai-shap":  # one set holds one copy of each military tile: no military eye in Kap Shap
        log = _winning_only_under(game, "eye", "identical", f"{p}.eye", players=many, base={"eye": "civil"})
        yield case(f"{p}.eye", "declared-a-military-eye-under-eye-civil", log)

    yield from _invalid_navpil_readings(game, p, many)

    # schema
    log = _base(game, players=many)
    log["events"][0]["tile"] = "7-1"
    log["colour"] = "red"
    yield case("schema", "unknown-field-and-a-tile-that-is-not-a-tile", log)


def _invalid_navpil_readings(game: str, p: str, many: int) -> Iterator[Case]:
    """Faults against the readings of navpil's engine: opening=draw, termination=none, an abandoned game."""

    def case(rule: str, what: str, log: Log) -> Case:
        return f"{game}/invalid/{rule}--{what}.json", log

    log = _base(game, "navpil-culin", players=many)
    first = log["events"][0]
    log["events"][0] = {"type": "discard", "seat": first["seat"], "tile": log["deal"]["hands"][first["seat"]][0]}
    yield case(f"{p}.opening", "first-player-discards-before-drawing-under-opening-draw", log)

    log = _base(game, "navpil-culin", players=many)
    log["deal"]["hands"][0].append(log["deal"]["stock"].pop(0))
    yield case(f"{p}.deal.boneyard", "first-player-dealt-one-tile-more-under-opening-draw", log)

    log = search(
        game, lambda g: g["result"]["reason"] == "dead-rounds", players=many, agents="random", turn="take-or-draw"
    )
    log["options"]["termination"] = "none"
    yield case(f"{p}.end.termination", "dead-rounds-claimed-under-termination-none", log)

    log = search(game, lambda g: g["result"]["winner"] is not None, preset="navpil-gin", players=many)
    log["result"] = {"winner": None, "reason": "abandoned", "turns": log["result"]["turns"], "settlement": [0] * many}
    yield case(f"{p}.end.abandoned", "abandoned-after-a-declared-win", log)

    log = _base(game, "navpil-gin", players=many)
    del log["events"][len(log["events"]) // 2 :]
    seat = log["events"][-1]["seat"]
    turns = 1 + sum(1 for a, b in zip(log["events"], log["events"][1:], strict=False) if a["seat"] != b["seat"])
    log["result"] = {"winner": seat, "reason": "abandoned", "turns": turns, "settlement": [0] * many}
    yield case(f"{p}.end.abandoned", "abandoned-game-names-a-winner", log)


def _take_of_a_held_face(log: Log, *, after_the_draw: bool = False) -> int | None:
    """A take of a face the hand already held, a discard next (``after_the_draw``: then a draw and that face)."""
    events = log["events"]
    for index, event in enumerate(events[:-3]):
        if event["type"] != "take" or events[index + 1]["type"] != "discard":
            continue
        if event["tile"] not in hand_before(log, index, event["seat"]):
            continue
        draw, discard = events[index + 2], events[index + 3]
        if not after_the_draw or (
            draw["type"] == "draw"
            and draw["seat"] == event["seat"]
            and discard["type"] == "discard"
            and discard["tile"] == event["tile"]
        ):
            return index
    return None


def _broken_split(log: Log, rule: str) -> Log | None:
    """The log with its winning split's tiles changed so that the split breaks ``rule`` (per the validator).

    Two tiles of the split change places (an eye tile with a pair tile for the
    eye, two pairs' tiles for the pairs), or a pair tile becomes another face
    (a split that is not the hand's tiles).
    """
    from gupai.log.validate import validate_log

    if log["result"]["winner"] is None:
        return None
    places = [("eye", 0, 0), ("eye", 1, 0), ("pairs", 0, 0), ("pairs", 0, 1)]
    for part, i, j in places:
        for k in range(2):
            doc = copy.deepcopy(log)
            split = doc["events"][-1]["decomposition"]
            first = split["eye"] if part == "eye" else split["pairs"][0]
            second = split["pairs"][0 if part == "eye" else 1]
            if rule.endswith(".declare.valid"):
                second[k] = "6-6" if second[k] != "6-6" else "1-1"
            else:
                first[i], second[(j + k) % 2] = second[(j + k) % 2], first[i]
            issues = validate_log(doc)
            if issues and issues[0].rule == rule:
                return doc
    return None


def _turn_start_draw(log: Log) -> int | None:
    """A draw that opens a turn (not the draw after a take)."""
    events = log["events"]
    for index in range(1, len(events)):
        if events[index]["type"] == "draw" and events[index - 1]["seat"] != events[index]["seat"]:
            return index
    return None


def _take_with_choice(log: Log) -> int | None:
    """A take made while the table held another kind of tile too."""
    for index, event in enumerate(log["events"]):
        if event["type"] == "take" and len(set(table_before(log, index))) > 1:
            return index
    return None


def _consecutive_take(log: Log) -> tuple[int, int] | None:
    """An event index where a seat that took last turn draws, with a table to take from."""
    took: dict[int, bool] = {}
    turn_seat, turn_took = None, False
    for index, event in enumerate(log["events"]):
        if event["seat"] != turn_seat:
            if turn_seat is not None:
                took[turn_seat] = turn_took
            turn_seat, turn_took = event["seat"], False
            if event["type"] == "draw" and took.get(turn_seat) is False and index > 0:
                pass
        if event["type"] == "take":
            turn_took = True
        if event["type"] == "draw" and took.get(event["seat"]) is True and table_before(log, index):
            return index, event["seat"]
    return None


def _winning_only_under(
    game: str,
    option: str,
    value: str,
    rule: str,
    *,
    players: int,
    preset: str = "culin",
    base: dict[str, str] | None = None,
) -> Log:
    """A log played under ``option=value`` and relabelled with the preset's value
    (after ``base`` overrides), whose first fault is its winning declaration,
    broken under ``rule``."""
    from gupai.log.validate import validate_log

    for seed in range(1, 3000):
        log = play_game(game, preset=preset, overrides={**(base or {}), option: value}, players=players, seed=seed)
        if log["result"]["winner"] is None:
            continue
        doc = copy.deepcopy(log)
        doc["options"] = {**dict(game_spec(game).preset(preset).values), **(base or {})}
        doc["preset"] = preset
        issues = validate_log(doc)
        if issues and issues[0].rule == rule and issues[0].event == len(doc["events"]) - 1:
            return doc
    raise LookupError(f"no {game} game declares a hand that needs {option}={value}")  # pragma: no cover


def _search_play_on(game: str, want: Callable[[Log], bool]) -> Log:
    """The first seeded two-player game of random agents under preset one-tile and stock-out=play-on that is wanted."""
    for seed in range(1, 500):
        log = play_game(game, preset="one-tile", overrides={"stock-out": "play-on"}, seed=seed, agents=("random",))
        if want(log):
            return log
    raise LookupError(f"no {game} game with the wanted feature")  # pragma: no cover


def _passes_then_takes(log: Log) -> bool:
    """A game under stock-out=play-on in which a pass is followed by a take (play really went on)."""
    types = [e["type"] for e in log["events"]]
    return "pass" in types and "take" in types[types.index("pass") :]


def _invalid_play_on(game: str) -> Iterator[Case]:
    """Faults against rule end.stock under its two readings: a pass where none is allowed, a draw from nothing."""
    p = game_spec(game).prefix

    def case(what: str, log: Log) -> Case:
        return f"{game}/invalid/{p}.end.stock--{what}.json", log

    log = _search_play_on(game, _rich)
    at = _turn_start_draw(log)
    assert at is not None
    log["events"][at] = {"type": "pass", "seat": log["events"][at]["seat"]}
    yield case("passed-with-tiles-left-in-the-stock", log)

    log = search(game, lambda g: g["result"]["reason"] == "stock-exhausted", preset="one-tile", agents="random")
    nxt = (log["events"][-1]["seat"] + 1) % log["players"]
    log["events"].append({"type": "pass", "seat": nxt})
    yield case("passed-after-the-stock-ran-out-under-stock-out-end", log)

    log = _search_play_on(game, _passes_then_takes)
    at = find_event(log, lambda _, e: e["type"] == "pass")
    log["events"][at] = {"type": "draw", "seat": log["events"][at]["seat"], "tile": "6-6"}
    yield case("drew-from-the-empty-stock-under-stock-out-play-on", log)

    log = _search_play_on(game, _passes_then_takes)
    log["options"]["turn"] = "take-and-draw"
    yield case("stock-out-play-on-with-the-two-tile-turn", log)


def invalid_cases() -> Iterator[Case]:
    """Every invalid case, one fault each, named after the rule it breaks."""
    for game in PLAYERS:
        yield from _invalid_collecting(game)
        yield from _invalid_play_on(game)
        yield from invalid_deal_cases(game, 2 if game == "kap-shap" else 4)
        yield from invalid_turn_cases(game, 2 if game == "kap-shap" else 4)


def write_cases(cases: Iterable[Case], root: Path, games: Iterable[str]) -> list[str]:
    """Write ``cases`` under ``root``, remove stale files of ``games``; return the paths written."""
    written = []
    for path, log in cases:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dumps_log(log) + "\n", encoding="utf-8")
        written.append(path)
    for game in games:  # only the generated folders: conformance/<game>/handwritten/ is not the generator's
        for stale in sorted(p for folder in GENERATED for p in (root / game / folder).rglob("*.json")):
            if str(stale.relative_to(root)) not in written:
                stale.unlink()
    return written


def stale_cases(cases: Iterable[Case], root: Path) -> list[str]:
    """The cases whose file under ``root`` is missing or differs from what is generated."""
    return [
        path
        for path, log in cases
        if not (root / path).is_file() or (root / path).read_text(encoding="utf-8") != dumps_log(log) + "\n"
    ]


def corpus_main(
    cases: Callable[[], Iterable[Case]], games: Iterable[str], *, module: str, argv: list[str] | None = None
) -> int:
    """``--write`` regenerates the games' corpus; otherwise exit 1 naming every stale file."""
    parser = argparse.ArgumentParser(description=f"Write or check conformance/ for {', '.join(games)}.")
    parser.add_argument("--write", action="store_true", help="write the files")
    args = parser.parse_args(argv)
    root = data_dir("conformance")
    if args.write:
        print(f"wrote {len(write_cases(cases(), root, games))} files under conformance/")
        return 0
    stale = stale_cases(cases(), root)
    for path in stale:
        print(f"{path} is out of date: run python -m {module} --write")
    return 1 if stale else 0


def _cases() -> Iterator[Case]:
    yield from valid_cases()
    yield from invalid_cases()


def write_corpus(root: Path | None = None) -> list[str]:
    """Write every collecting-game case under ``root`` (default: the repository's conformance/)."""
    return write_cases(_cases(), root or data_dir("conformance"), PLAYERS)


def main(argv: list[str] | None = None) -> int:
    return corpus_main(_cases, PLAYERS, module="tools.corpus", argv=argv)


if __name__ == "__main__":
    raise SystemExit(main())
