"""Robustness of everything that reads input: random games, mutated logs, and a fuzz run.

Properties (hypothesis), over random games of every game and preset, each
game replayed through the engine protocol against the reference engine:

- tiles are conserved at every step;
- every logged game validates;
- replaying a log through the protocol reproduces it exactly (every event,
  the result);
- every single-event mutation of a valid log (a tile changed, an event
  dropped, duplicated or moved, a seat changed, a score changed) is either
  rejected by the validator with a rule id, or is itself a legal game, and
  then the validator accepts it. "Legal game" is decided independently of
  the validator: by replaying it through the protocol.

The fuzz run feeds malformed inputs to the log validator
(:func:`gupai.log.read.validate_text`) and to both ends of the protocol
reader (the engine's :meth:`~gupai.protocol.server.ReferenceEngine.handle_line`
and the harness's :func:`~gupai.protocol.messages.read_answer`), and counts the
tracebacks: there must be none. ``make test`` runs a short fuzz;
``make fuzz`` runs ``GUPAI_FUZZ_INPUTS`` (100,000) inputs on each reader
and prints the counts.
"""

from __future__ import annotations

import copy
import json
import os
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai import game_spec, set_counts
from gupai.conformance.logreplay import replay_log
from gupai.core.resources import data_dir
from gupai.core.tiles import kinds
from gupai.log.play import play_game
from gupai.log.read import validate_text
from gupai.log.validate import validate_log
from gupai.protocol.messages import (
    PROTOCOL_VERSION,
    Answer,
    ProtocolError,
    check_answer,
    encode,
    parse_json_line,
    read_answer,
    request,
)
from gupai.protocol.server import ReferenceEngine

GAMES = ("kap-shap", "kap-tai-shap", "tsung-shap")
FACES = [k.face for k in kinds()]

#: Inputs per reader in the fuzz run (``make fuzz`` sets 100,000).
FUZZ_INPUTS = int(os.environ.get("GUPAI_FUZZ_INPUTS", "1500"))


def reference_asker() -> Callable[..., Answer]:
    """The reference engine in-process, every answer checked against the protocol schema."""
    engine = ReferenceEngine()
    engine.handle(request("start", 0, protocol=PROTOCOL_VERSION))
    counter = iter(range(1, 10**9))

    def ask(cmd: str, **fields: Any) -> Answer:
        ident = next(counter)
        return check_answer(
            parse_json_line(encode(engine.handle(request(cmd, ident, **fields)))), command=cmd, id=ident
        )

    return ask


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    """A log of a random game: any game, any preset, random or greedy agents, Kap Tai Shap with 2 to 6 players."""
    game = draw(st.sampled_from(GAMES))
    preset = draw(st.sampled_from([p.name for p in game_spec(game).presets]))
    players = draw(st.integers(2, 6)) if game == "kap-tai-shap" else None
    agents = (draw(st.sampled_from(["random", "greedy"])),)
    seed = draw(st.integers(0, 10**6))
    return play_game(game, preset=preset, players=players, seed=seed, agents=agents)


def conserved(doc: Mapping[str, Any]) -> Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None]:
    """A watcher asserting that every tile of the sets is somewhere, every step of the game."""
    total = 32 * int(doc["sets"])

    def watch(state: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> None:
        if "table" in state:  # the collecting games: hands, the table and the stock
            held = sum(len(hand) for hand in state["hands"]) + len(state["table"]) + len(state["stock"])
            assert state["stock_size"] == len(state["stock"])
        else:  # Tsung Shap: the row, the tile turned over, face-down tiles, hands, and the tiles taken
            taken = sum(len(e["tiles"]) for e in events if e["type"] in ("capture", "claim"))
            hidden = sum(len(p) for p in state["piles"] or []) + len(state["stock"] or [])
            hands = sum(len(h) for h in state["hands"] or [])
            held = len(state["row"]) + (state["revealed"] is not None) + hidden + hands + taken
            assert state["stock_size"] == hidden
        assert held == total, f"{held} tiles in play, not {total}: {state}"

    return watch


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_conserve_tiles_validate_and_replay_exactly(log: dict[str, Any]) -> None:
    assert validate_log(log) == []
    result = replay_log(log, reference_asker(), watch=conserved(log))
    assert result.outcome == "pass", result.message


# ------------------------------------------------------------------ mutants
def _tile_fields(event: Mapping[str, Any]) -> list[str]:
    return [key for key in ("tile",) if key in event]


@st.composite
def mutants(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A valid log with exactly one thing changed: (what, the mutant)."""
    log = copy.deepcopy(draw(games()))
    events: list[dict[str, Any]] = log["events"]
    kind = draw(st.sampled_from(["tile", "drop", "duplicate", "move", "seat", "score"]))
    if kind == "score" or not events:
        key = "scores" if "scores" in log["result"] else "settlement"
        seat = draw(st.integers(0, len(log["result"][key]) - 1))
        log["result"][key][seat] += draw(st.sampled_from([-1, 1, 10]))
        return f"score of seat {seat}", log
    at = draw(st.integers(0, len(events) - 1))
    if kind == "tile" and _tile_fields(events[at]):
        events[at]["tile"] = draw(st.sampled_from([f for f in FACES if f != events[at]["tile"]]))
    elif kind == "drop":
        del events[at]
    elif kind == "duplicate":
        events.insert(at, copy.deepcopy(events[at]))
    elif kind == "move":
        event = events.pop(at)
        events.insert(draw(st.integers(0, len(events))), event)
    else:
        kind = "seat"
        events[at]["seat"] = draw(st.sampled_from([s for s in range(int(log["players"])) if s != events[at]["seat"]]))
    return f"{kind} at event {at}", log


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(mutants())
def test_a_mutated_log_is_rejected_with_a_rule_id_or_is_itself_a_legal_game(mutant: tuple[str, dict[str, Any]]) -> None:
    what, log = mutant
    issues = validate_log(log)
    legal = replay_log(log, reference_asker()).outcome == "pass"
    if legal:
        assert issues == [], f"{what}: a legal game, but the validator says {issues}"
    else:
        assert issues, f"{what}: not a legal game, but the validator accepts it"
        assert issues[0].rule is not None, f"{what}: rejected without a rule id: {issues[0]}"


# --------------------------------------------------------------------- fuzz
def _seeds() -> list[str]:
    """Small logs to mutate: a few of each game, valid and invalid."""
    found = []
    for path in sorted(data_dir("conformance").rglob("*.json")):
        text = path.read_text(encoding="utf-8")
        if len(text) < 20_000:
            found.append(text)
    return found


_JUNK: list[Any] = [
    None,
    True,
    0,
    -1,
    2**70,
    1e308,
    -0.0,
    1.0,
    2.0,
    0.5,
    "",
    "6-6",
    "7-1",
    "x" * 300,
    [],
    {},
    [[[]]],
    {"a": {"b": {}}},
    "\u0000",
    "\ud7ff",
    "🀄",
    ["6-6"] * 40,
    {"type": "draw"},
    -(10**30),
]


#: What the validator fuzz splices in (integral floats such as 2.0 players included: the validator reads them
#: as integers, as JSON Schema counts them).
_LOG_JUNK = list(_JUNK)


def _mutate_json(value: Any, rng: random.Random, depth: int = 0, junk: Sequence[Any] = _JUNK) -> Any:
    """Change one random place of a JSON value: replace it, drop or add a key, or nest it deeply."""
    if isinstance(value, dict) and value and depth < 6 and rng.random() < 0.8:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.1:
            del value[key]
        elif roll < 0.2:
            value[rng.choice(["extra", key + "x", "", "type", "seat"])] = rng.choice(junk)
        else:
            value[key] = _mutate_json(value[key], rng, depth + 1, junk)
        return value
    if isinstance(value, list) and value and depth < 6 and rng.random() < 0.8:
        at = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.1:
            del value[at]
        elif roll < 0.2:
            value.insert(at, copy.deepcopy(value[at]))
        else:
            value[at] = _mutate_json(value[at], rng, depth + 1, junk)
        return value
    if rng.random() < 0.03:
        nested: Any = value
        for _ in range(rng.choice([40, 200, 600])):
            nested = [nested]
        return nested
    return copy.deepcopy(rng.choice(junk))


def _mutate_text(text: str, rng: random.Random) -> str:
    """Corrupt text: flip, drop, insert or repeat bytes, cut it short, or splice in a token."""
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if not data:
            data.extend(b"{")
        at = rng.randrange(len(data))
        roll = rng.random()
        if roll < 0.3:
            data[at] = rng.randrange(256)
        elif roll < 0.45:
            del data[at : at + rng.randint(1, 20)]
        elif roll < 0.6:
            data[at:at] = rng.choice(
                [b"{", b"}", b"[", b"]", b",", b'"', b":", b"\\", b"\xff", b"NaN", b"1e999", b"null"]
            )
        elif roll < 0.7:
            data = data[:at]
        elif roll < 0.8:
            data[at:at] = data[at : at + rng.randint(1, 200)]
        else:
            data[at:at] = rng.choice(
                [b'"6-6"', b"-1", b"99999999999999999999999", b'{"type":"take"}', b"[]", b"[" * 3000]
            )
    return data.decode("utf-8", "replace")


def fuzz_validator(count: int, *, seed: int = 0) -> tuple[int, int, list[str]]:
    """Feed ``count`` corrupted logs to the validator: (inputs, rejected, tracebacks)."""
    rng = random.Random(seed)
    seeds = _seeds()
    rejected, tracebacks = 0, []
    for number in range(count):
        base = rng.choice(seeds)
        roll = rng.random()
        if roll < 0.45:
            text = _mutate_text(base, rng)
        elif roll < 0.95:
            text = json.dumps(_mutate_json(json.loads(base), rng, junk=_LOG_JUNK), allow_nan=True)
        else:
            text = rng.choice(["", "null", "[" * 5000, "{" * 3, '{"format": "gupai-log"}', "\ufeff{}", base * 2])
        lines = rng.random() < 0.1
        if lines:
            text = text.replace("\n", " ") + "\n" + rng.choice(seeds).replace("\n", " ")
        try:
            issues = validate_text(text, lines=lines)
            assert all(isinstance(issue.message, str) for issue in issues)
            rejected += bool(issues)
        except Exception:
            tracebacks.append(f"input {number}: {traceback.format_exc()}")
    return count, rejected, tracebacks


def _session_lines() -> list[tuple[str, str]]:
    """Requests (and the reference's answers) of a real session of every game: (request line, answer line)."""
    engine = ReferenceEngine()
    pairs: list[tuple[str, str]] = []

    def send(cmd: str, **fields: Any) -> dict[str, Any]:
        line = encode(request(cmd, len(pairs), **fields))
        answer, _ = engine.handle_line(line)
        pairs.append((line, encode(answer)))
        return answer

    send("start", protocol=PROTOCOL_VERSION)
    for game in GAMES:
        log = play_game(game, seed=2, players=3 if game == "kap-tai-shap" else None)
        deal = {
            k: v for k, v in log["deal"].items() if k in ("order", "dice", "first_player", "hands", "stock", "piles")
        }
        send("new_game", game=game, options=log["options"], players=log["players"], sets=log["sets"], deal=deal)
        for _ in range(12):
            actions = send("legal_actions").get("actions") or []
            send("state")
            if not actions:
                break
            send("check", action=actions[-1])
            send("apply", action=actions[0])
    send("stop")
    return pairs


def fuzz_protocol(count: int, *, seed: int = 0) -> tuple[int, int, list[str]]:
    """Feed ``count`` corrupted requests to the engine and corrupted answers to the harness: (inputs, refused, tracebacks)."""
    rng = random.Random(seed)
    pairs = _session_lines()
    engine = ReferenceEngine()
    engine.handle(request("start", 0, protocol=PROTOCOL_VERSION))
    refused, tracebacks = 0, []
    for number in range(count):
        line, answer_line = rng.choice(pairs)
        if number % 500 == 0:
            engine = ReferenceEngine()
            engine.handle(request("start", 0, protocol=PROTOCOL_VERSION))
            engine.handle_line(next(sent for sent, _ in pairs if '"new_game"' in sent))
        target = line if number % 2 == 0 else answer_line
        text = _mutate_text(target, rng) if rng.random() < 0.5 else json.dumps(_mutate_json(json.loads(target), rng))
        try:
            if number % 2 == 0:
                answer, _ = engine.handle_line(text.encode("utf-8", "surrogatepass"))
                assert not str(answer.get("message", "")).startswith("internal error"), answer
                sent = _request_of(text)
                assert answer["id"] is None or (sent is not None and answer["id"] == sent.get("id")), answer
                command = str(sent.get("cmd")) if sent is not None and answer["answer"] == "ok" else "state"
                check_answer(parse_json_line(encode(answer)), command=command, id=answer["id"] or 0)
                refused += answer["answer"] == "error"
            else:
                cmd, ident = json.loads(line)["cmd"], json.loads(line)["id"]
                try:
                    read_answer(text, command=cmd, id=ident)
                except ProtocolError:
                    refused += 1
        except Exception:
            tracebacks.append(f"input {number}: {text[:200]!r}\n{traceback.format_exc()}")
    return count, refused, tracebacks


def _request_of(text: str) -> dict[str, Any] | None:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) else None


def _in_parallel(
    fuzzer: Callable[..., tuple[int, int, list[str]]], count: int, seed: int
) -> tuple[int, int, list[str]]:
    """Run a fuzzer on every core for a long run (each worker its own seed), one process for a short one."""
    workers = min(os.cpu_count() or 1, 4) if count >= 10_000 else 1
    if workers == 1:
        return fuzzer(count, seed=seed)
    shares = [count // workers + (1 if w < count % workers else 0) for w in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(fuzzer, share, seed=seed * 100 + w) for w, share in enumerate(shares)]
        parts = [future.result() for future in futures]
    return sum(p[0] for p in parts), sum(p[1] for p in parts), [t for p in parts for t in p[2]]


@pytest.mark.slow
def test_fuzz_the_validator_and_the_protocol_reader_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    inputs, rejected, failures = _in_parallel(fuzz_validator, FUZZ_INPUTS, FUZZ_INPUTS)
    assert not failures, failures[0]
    p_inputs, p_refused, p_failures = _in_parallel(fuzz_protocol, FUZZ_INPUTS, FUZZ_INPUTS + 1)
    assert not p_failures, p_failures[0]
    assert rejected > inputs * 0.9 and p_refused > p_inputs * 0.5
    with capsys.disabled():
        print(
            f"\nfuzz: validator {inputs} inputs ({rejected} rejected), protocol reader {p_inputs} inputs "
            f"({p_refused} refused); tracebacks: {len(failures) + len(p_failures)}"
        )


def test_the_validator_reads_integral_floats_as_integers() -> None:
    log = json.loads((data_dir("conformance") / "kap-tai-shap" / "valid" / "culin-5p-greedy-seed1.json").read_text())
    log["players"] = 5.0
    assert validate_text(json.dumps(log)) == []


def test_the_protocol_reader_reads_integral_floats_as_integers() -> None:
    engine = ReferenceEngine()
    engine.handle_line('{"id": 0, "cmd": "start", "protocol": 1.0}')
    engine.handle_line(
        '{"id": 1, "cmd": "new_game", "game": "tsung-shap", "options": {}, "players": 2.0, "sets": null, "deal": null}'
    )
    answer, _ = engine.handle_line('{"id": 2, "cmd": "check", "action": {"type": "pass", "seat": -0.0}}')
    assert answer["answer"] == "illegal" and answer["id"] == 2


def test_the_fuzz_seeds_are_real_logs() -> None:
    seeds = _seeds()
    assert len(seeds) > 20 and all(json.loads(text)["format"] == "gupai-log" for text in seeds)
    assert all(Path(p).suffix == ".json" for p in map(str, sorted(data_dir("conformance").rglob("*.json"))))
    assert set_counts(1) == tuple(k.copies for k in kinds())
