"""The ``protocol`` section of ``make bench``: the engine protocol and the conformance harness.

It times the protocol reader in-process (requests and answers checked
against the schema), requests through ``gupai engine`` as a process, one at a
time and pipelined, and the harness's whole self-test, with its target: the
self-test runs in under a minute.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from gupai.conformance.cases import collect_cases
from gupai.conformance.process import EngineProcess
from gupai.conformance.runner import run_cases
from gupai.protocol.messages import check_answer, encode, parse_json_line, read_request, request
from gupai.protocol.server import ReferenceEngine
from tools.bench import Bench, section

__all__ = ["run"]

#: The self-test's budget, in seconds.
SELF_TEST_SECONDS = 60.0

_DEAL = {
    "hands": [
        ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "6-5"],
        ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "2-1"],
    ],
    "stock": ["4-2", "6-1", "5-3"],
    "first_player": 0,
}
_NEW_GAME: dict[str, Any] = {"game": "kap-shap", "options": {}, "players": 2, "sets": 1, "deal": _DEAL}
_CHECK: dict[str, Any] = {"action": {"type": "discard", "seat": 0, "tile": "6-5"}}


def _lines(count: int) -> list[tuple[str, str, str]]:
    """(command, request line, answer line) of a short session, repeated to ``count``."""
    engine = ReferenceEngine()
    session = [
        ("start", {"protocol": 1}),
        ("new_game", _NEW_GAME),
        ("legal_actions", {}),
        ("check", _CHECK),
        ("state", {}),
    ]
    found = []
    for ident, (cmd, fields) in enumerate(session):
        line = encode(request(cmd, ident, **fields))
        answer, _ = engine.handle_line(line)
        found.append((cmd, line, encode(answer)))
    return [found[k % len(found)] for k in range(count)]


def run(bench: Bench) -> None:
    """Time the reader, the process round trip, and the self-test."""
    lines = _lines(min(bench.hands, 20_000))

    def read(items: Sequence[tuple[str, str, str]]) -> int:
        for cmd, line, answer in items:
            read_request(line)
            doc = parse_json_line(answer)
            check_answer(doc, command=cmd, id=doc["id"])
        return len(items)

    bench.report("protocol reader: a request and its answer, checked", bench.measure(read, lines), unit="pairs")
    command = [sys.executable, "-m", "gupai.protocol.server"]
    with EngineProcess(command, timeout=30, start_timeout=60) as engine:
        engine.start()
        engine.ask("new_game", **_NEW_GAME)
        checks: list[tuple[str, dict[str, Any]]] = [("check", _CHECK)] * 2000

        def one_by_one(items: Sequence[tuple[str, dict[str, Any]]]) -> int:
            for cmd, fields in items:
                engine.ask(cmd, **fields)
            return len(items)

        def pipelined(items: Sequence[tuple[str, dict[str, Any]]]) -> int:
            return len(engine.ask_many(items))

        sequential, batched = bench.race([(one_by_one, checks), (pipelined, checks)], rounds=3)
        bench.report("gupai engine round trips, one at a time", sequential, unit="requests")
        bench.report("gupai engine round trips, pipelined", batched, unit="requests")
    cases = collect_cases()
    started = time.perf_counter()
    with EngineProcess(command, timeout=30, start_timeout=60) as engine:
        _claims, results, _restarts = run_cases(engine, cases)
    seconds = time.perf_counter() - started
    failed = sum(r.outcome == "fail" for r in results)
    passed = sum(r.outcome == "pass" for r in results)
    bench.line(
        f"  self-test: {passed} passed, {failed} failed, {len(results) - passed - failed} skipped in {seconds:.1f} s"
    )
    bench.target(
        "self-test under a minute",
        seconds < SELF_TEST_SECONDS and failed == 0,
        f"every case against gupai engine in {seconds:.1f} s (budget {SELF_TEST_SECONDS:.0f} s), {failed} failed",
    )


@section("protocol")
def protocol_section(bench: Bench) -> None:
    """The engine protocol: the reader, round trips through gupai engine, and the harness's self-test."""
    run(bench)
