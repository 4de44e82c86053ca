"""The conformance harness: drive any engine through every case, over the protocol.

A case is a Gherkin scenario of ``features/`` (bound through the protocol by
:mod:`gupai.conformance.steps.collecting`) or a game log of ``conformance/``, replayed event
by event: a valid log must be accepted move by move with the reference's
legal moves, states and result; an invalid log must be refused at its fault
(a refused deal, a refused event, or a result the engine does not reach).

The engine is a process (:class:`EngineProcess`): every answer is awaited
with a timeout and checked against the protocol schema, and whatever the
engine does (hangs, crashes, writes garbage, exits) becomes an
:class:`EngineError` reported against the case; the engine is then
restarted for the next case. The harness never waits longer than the
timeout for one answer and never lets an exception escape from a case.

>>> cases = collect_cases()
>>> sorted({case.kind for case in cases})
['invalid-log', 'scenario', 'valid-log']
>>> [case.id for case in cases if case.id.endswith("too-many-players")][:1]
['log:kap-shap/invalid/ks.equipment.players--too-many-players']
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import IO, Any

from gupai.conformance.gherkin import Scenario, load_features
from gupai.conformance.steps.collecting import ScenarioRun, StepError, UnexpressibleError, match_step, scenario_setup
from gupai.core.errors import GupaiError
from gupai.core.hands import evaluator
from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.spec import game_spec, games
from gupai.log.validate import validate_log
from gupai.protocol.messages import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    Answer,
    ProtocolError,
    check_answer,
    encode,
    parse_json_line,
    request,
)
from gupai.protocol.server import KapSession, ReferenceEngine, TsungSession

__all__ = [
    "FAULTS",
    "Case",
    "CaseResult",
    "Claims",
    "EngineError",
    "EngineProcess",
    "HarnessError",
    "collect_cases",
    "replay_log",
    "requirement_gap",
    "run_case",
    "run_cases",
    "select_cases",
]

#: How many requests the harness sends before it reads their answers.
PIPELINE = 64

#: What can go wrong with an engine, beyond a wrong answer.
FAULTS = ("timeout", "crash", "exit", "garbage", "schema")


class HarnessError(GupaiError):
    """The harness cannot run: bad arguments, or an engine that cannot start."""


class EngineError(GupaiError):
    """The engine failed to answer: ``fault`` is one of :data:`FAULTS`."""

    def __init__(self, fault: str, message: str) -> None:
        super().__init__(message, where=fault)
        self.fault = fault


# ------------------------------------------------------------------ process
class EngineProcess:
    """An engine under test, started from a command line, spoken to over the protocol.

    Every answer is awaited for at most ``timeout`` seconds, the handshake
    for ``start_timeout`` (an engine may take a while to load). The process
    runs in a session of its own, so that stopping it stops whatever it
    started.
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float = 10.0, start_timeout: float = 30.0) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise HarnessError("the engine command is empty", where="--engine")
        self.timeout = timeout
        self.start_timeout = max(start_timeout, timeout)
        self.process: subprocess.Popen[bytes] | None = None
        self.hello: Mapping[str, Any] = {}
        self._stderr: IO[bytes] | None = None
        self._buffer = b""
        self._next_id = 0
        self._healthy = False
        self.requests = 0

    # ------------------------------------------------------------ lifecycle
    def start(self) -> Mapping[str, Any]:
        """Start the process and shake hands; return the ``start`` answer."""
        self.close()
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the life of the process
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                start_new_session=True,
            )
        except OSError as error:
            raise EngineError("crash", f"cannot run {shlex.join(self.argv)}: {error.strerror or error}") from None
        self._buffer = b""
        assert self.process.stdout is not None and self.process.stdin is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        os.set_blocking(self.process.stdin.fileno(), False)
        saved, self.timeout = self.timeout, self.start_timeout
        try:
            answer = self.ask("start", protocol=PROTOCOL_VERSION)
        finally:
            self.timeout = saved
        if not answer.is_ok:
            raise EngineError("schema", f"the engine answered start with {answer.describe()}")
        if answer.doc["protocol"] != PROTOCOL_VERSION:
            raise EngineError(
                "schema", f"the engine speaks protocol {answer.doc['protocol']}; the harness speaks {PROTOCOL_VERSION}"
            )
        self.hello = answer.doc
        self._healthy = True
        return answer.doc

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def close(self) -> None:
        """Say ``stop`` if the engine is alive, then make sure the process is gone."""
        process = self.process
        if process is None:
            return
        if process.poll() is None and self._healthy:
            with contextlib.suppress(EngineError):
                saved, self.timeout = self.timeout, min(self.timeout, 1.0)
                try:
                    self.ask("stop")
                finally:
                    self.timeout = saved
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        try:
            process.wait(timeout=1.0 if self._healthy else 0.05)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5.0)
        self.process = None
        self._healthy = False
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def stderr_tail(self, limit: int = 600) -> str:
        """The end of what the engine wrote on its standard error."""
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - limit))
            return self._stderr.read().decode("utf-8", "replace").strip()
        except OSError:  # pragma: no cover - a temporary file that cannot be read
            return ""

    # ------------------------------------------------------------ messages
    def ask(self, cmd: str, **fields: Any) -> Answer:
        """Send one request; return the engine's schema-valid answer or raise :class:`EngineError`."""
        try:
            return self._ask(cmd, fields)
        except EngineError:
            self._healthy = False
            raise

    def ask_many(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Answer]:
        """Several requests, pipelined a window at a time; the answers in order (or :class:`EngineError`).

        The protocol answers requests in order, so the harness need not wait
        for each answer before sending the next; a window of
        :data:`PIPELINE` requests keeps both pipes far from full.
        """
        answers: list[Answer] = []
        try:
            for start in range(0, len(requests), PIPELINE):
                window = requests[start : start + PIPELINE]
                idents = [self._send(cmd, fields) for cmd, fields in window]
                answers.extend(self._receive(cmd, ident) for (cmd, _), ident in zip(window, idents, strict=True))
        except EngineError:
            self._healthy = False
            raise
        return answers

    def _ask(self, cmd: str, fields: Mapping[str, Any]) -> Answer:
        return self._receive(cmd, self._send(cmd, fields))

    def _send(self, cmd: str, fields: Mapping[str, Any]) -> int:
        process = self.process
        if process is None or process.stdin is None:
            raise EngineError("crash", "the engine is not running")
        ident = self._next_id
        self._next_id += 1
        self.requests += 1
        self._write(encode(request(cmd, ident, **fields)).encode("utf-8") + b"\n", cmd)
        return ident

    def _write(self, data: bytes, cmd: str) -> None:
        """Write a request within the timeout, reading answers meanwhile so that neither pipe can jam."""
        process = self.process
        assert process is not None and process.stdin is not None and process.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd_in, fd_out = process.stdin.fileno(), process.stdout.fileno()
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(fd_in, selectors.EVENT_WRITE)
            selector.register(fd_out, selectors.EVENT_READ)
            while view:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineError("timeout", f"the engine did not read the {cmd} request within {self.timeout:g} s")
                for key, _ in selector.select(remaining):
                    if key.fd == fd_in:
                        try:
                            view = view[os.write(fd_in, view) :]
                        except BlockingIOError:  # pragma: no cover - a spurious wake-up
                            pass
                        except OSError:
                            raise self._gone(cmd) from None
                        continue
                    self._read_chunk(fd_out, cmd)
                    if len(self._buffer) > 4 * MAX_LINE_BYTES:
                        raise EngineError("garbage", f"the engine wrote more than {4 * MAX_LINE_BYTES} bytes unasked")

    def _receive(self, cmd: str, ident: int) -> Answer:
        raw = self._read_line(cmd)
        try:
            doc = parse_json_line(raw)
        except ProtocolError as error:
            shown = raw[:120].decode("utf-8", "replace")
            raise EngineError("garbage", f"answer to {cmd} is {error.message}: {shown!r}") from None
        try:
            return check_answer(doc, command=cmd, id=ident)
        except ProtocolError as error:
            raise EngineError("schema", f"answer to {cmd} breaks the protocol schema: {error.message}") from None

    def _read_line(self, cmd: str) -> bytes:
        process = self.process
        assert process is not None and process.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE_BYTES:
                    self._buffer = b""
                    raise EngineError("garbage", f"answer to {cmd} is longer than {MAX_LINE_BYTES} bytes")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineError("timeout", f"no answer to {cmd} within {self.timeout:g} s")
                if selector.select(remaining):
                    self._read_chunk(fd, cmd)
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _read_chunk(self, fd: int, cmd: str) -> None:
        """Add what the engine has written to the buffer; an engine that has gone raises."""
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:  # pragma: no cover - a spurious wake-up
            return
        except OSError:
            raise self._gone(cmd) from None
        if not chunk:
            raise self._gone(cmd)
        self._buffer += chunk

    def _gone(self, cmd: str) -> EngineError:
        process = self.process
        status: int | None = None
        if process is not None:
            try:
                status = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                status = None
        lines = [line for line in self.stderr_tail().splitlines() if line.strip()]
        said = f"; the end of its stderr: {' | '.join(lines[-2:])[-300:]!r}" if lines else ""
        if status == 0:
            return EngineError("exit", f"the engine exited (status 0) instead of answering {cmd}{said}")
        how = (
            f"status {status}"
            if status is not None and status > 0
            else (f"signal {-status}" if status is not None else "closed its output")
        )
        return EngineError("crash", f"the engine crashed ({how}) instead of answering {cmd}{said}")


# -------------------------------------------------------------------- claims
@dataclass(frozen=True, slots=True)
class Claims:
    """What an engine says it supports, from its ``start`` answer.

    >>> claims = Claims.from_hello({"games": {"kap-shap": {"options": {"take": ["any"]}}}})
    >>> claims.supports("kap-shap", "take", "latest"), claims.supports("kap-shap", "take", "any")
    (False, True)
    >>> claims.supports("kap-shap", "turn", "take-and-draw"), claims.supports("kap-shap", "turn", "take-or-draw")
    (True, False)
    """

    games: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[int, int] | None], ...]

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> Claims:
        found = []
        for game, support in sorted(hello.get("games", {}).items()):
            options = tuple(sorted((k, tuple(v)) for k, v in support.get("options", {}).items()))
            seats = support.get("players")
            bounds = None
            if isinstance(seats, Mapping):
                bounds = (int(seats.get("min", 1)), int(seats.get("max", 10**6)))
            found.append((game, options, bounds))
        return cls(tuple(found))

    def _game(self, game: str) -> tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[int, int] | None] | None:
        return next((entry for entry in self.games if entry[0] == game), None)

    def has_game(self, game: str) -> bool:
        return self._game(game) is not None

    def values(self, game: str, option: str) -> tuple[str, ...]:
        """The values of ``option`` the engine claims (its default alone when the option is not listed)."""
        entry = self._game(game)
        if entry is None:
            return ()
        listed = dict(entry[1]).get(option)
        if listed is not None:
            return listed
        return (game_spec(game).option(option).default,)

    def supports(self, game: str, option: str, value: str) -> bool:
        return value in self.values(game, option)

    def seats(self, game: str) -> tuple[int, int] | None:
        entry = self._game(game)
        return entry[2] if entry else None

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for game, options, bounds in self.games:
            result[game] = {"options": {k: list(v) for k, v in options}}
            if bounds is not None:
                result[game]["players"] = {"min": bounds[0], "max": bounds[1]}
        return result


# --------------------------------------------------------------------- cases
@dataclass(frozen=True, slots=True)
class Case:
    """One conformance case: a scenario, or a valid or invalid log."""

    id: str
    kind: str
    game: str | None
    preset: str | None
    options: tuple[tuple[str, str], ...]
    players: int | None
    rules: tuple[str, ...]
    source: str
    scenario: Scenario | None = None
    path: Path | None = None

    @property
    def expect(self) -> tuple[tuple[str, Any], ...]:
        """Where an invalid log must be refused: ``refuse`` is ``deal``, ``event`` (with its index) or ``result``."""
        if self.kind != "invalid-log" or self.path is None:
            return ()
        return _expectation(self.path, self.rules[0] if self.rules else None)

    def to_json(self) -> dict[str, Any]:
        """The case as ``--dump-tests`` lists it: enough to run it some other way."""
        doc: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "preset": self.preset,
            "options": dict(self.options),
            "players": self.players,
            "rules": list(self.rules),
            "source": self.source,
        }
        if self.scenario is not None:
            doc["scenario"] = {
                "feature": self.scenario.feature,
                "name": self.scenario.name,
                "example": dict(self.scenario.row) or None,
                "tags": list(self.scenario.tags),
                "steps": [
                    {
                        "keyword": s.keyword,
                        "text": s.text,
                        **({"table": [list(r) for r in s.datatable]} if s.datatable else {}),
                    }
                    for s in self.scenario.steps
                ],
            }
        if self.expect:
            doc["expect"] = dict(self.expect)
        return doc


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What became of one case.

    ``outcome`` is ``pass``, ``fail`` or ``skip``; ``fault`` names an engine
    fault (:data:`FAULTS`) or ``wrong`` for a wrong answer; ``failed_rules``
    are the rules a failure points at.
    """

    case: Case
    outcome: str
    message: str = ""
    fault: str | None = None
    failed_rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    seconds: float = 0.0
    known: bool = False

    @property
    def restart(self) -> bool:
        """Whether the engine must be restarted after this case."""
        return self.fault in FAULTS


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _scenario_case(scenario: Scenario) -> Case:
    game, preset, overrides, players = scenario_setup(scenario)
    options: tuple[tuple[str, str], ...] = ()
    if game is not None:
        with contextlib.suppress(GupaiError):
            options = tuple(resolve_options(game, preset=preset, overrides=overrides).items())
    stem = scenario.path.removesuffix(".feature")
    suffix = f"#{scenario.example}" if scenario.example is not None else ""
    return Case(
        id=f"scenario:{stem}/{_slug(scenario.name)}{suffix}",
        kind="scenario",
        game=game,
        preset=preset if game else None,
        options=options,
        players=players,
        rules=scenario.tag_values("rule"),
        source=f"features/{scenario.path}:{scenario.line}",
        scenario=scenario,
    )


def _log_rules(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The rules a valid collecting-game log exercises."""
    game = doc.get("game")
    if game not in ("kap-shap", "kap-tai-shap"):
        return ()
    prefix = "ks" if game == "kap-shap" else "kts"
    options = doc.get("options", {})
    used = {"deal.method", "deal.first-player", "turn.order", "opening", "settle", "ante"}
    used.add("deal.wall" if options.get("deal") == "wall" else "deal.boneyard")
    used.add("equipment.set" if game == "kap-shap" else "equipment.sets")
    used.add("equipment.players")
    kinds = {event.get("type") for event in doc.get("events", [])}
    if "take" in kinds:
        used |= {"turn.take", "turn.shape"}
    if "draw" in kinds:
        used |= {"turn.draw", "deal.draw-order", "turn.shape"}
    if "discard" in kinds:
        used.add("turn.discard")
    if "declare" in kinds:
        used |= {"declare", "declare.valid", "hand.win", "pair.ten", "eye", "tiles.four-two"}
    reason = doc.get("result", {}).get("reason")
    used.add(
        {"declared": "end.win", "stock-exhausted": "end.stock", "dead-rounds": "end.termination"}.get(reason, "end.win")
    )
    known = {rule.id for rule in game_spec(game).rules}
    return tuple(sorted(f"{prefix}.{s}" for s in used if f"{prefix}.{s}" in known))


@cache
def _expectation(path: Path, rule: str | None) -> tuple[tuple[str, Any], ...]:
    """Where an invalid log must be refused, from the reference validator's verdict."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        return (("refuse", "schema"), ("rule", None), ("pointer", f"unreadable: {error}"))
    issues = validate_log(doc)
    if not issues:
        return (("refuse", "nothing"), ("rule", rule))
    issue = issues[0]
    if issue.rule is None:
        return (("refuse", "schema"), ("rule", None), ("pointer", issue.pointer))
    if issue.event is not None:
        return (("refuse", "event"), ("event", issue.event), ("rule", rule or issue.rule), ("pointer", issue.pointer))
    if issue.pointer.startswith("/result") or issue.pointer == "/events":
        return (("refuse", "result"), ("rule", rule or issue.rule), ("pointer", issue.pointer))
    return (("refuse", "deal"), ("rule", rule or issue.rule), ("pointer", issue.pointer))


def _log_case(path: Path, root: Path) -> Case:
    relative = path.relative_to(root).as_posix()
    stem = relative.removesuffix(".json")
    invalid = "/invalid/" in f"/{relative}"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        raise HarnessError(f"conformance/{relative} cannot be read: {error}", where=str(path)) from None
    header = doc if isinstance(doc, dict) else {}
    game = header.get("game") if isinstance(header.get("game"), str) else relative.split("/")[0]
    rule: str | None = None
    if invalid:
        named = path.name.split("--", 1)[0]
        rule = None if named == "schema" else named
        rules: tuple[str, ...] = (rule,) if rule else ()
    else:
        rules = _log_rules(header)
    options = header.get("options")
    players = header.get("players")
    return Case(
        id=f"log:{stem}",
        kind="invalid-log" if invalid else "valid-log",
        game=game,
        preset=header.get("preset") if isinstance(header.get("preset"), str) else None,
        options=tuple(sorted(options.items())) if isinstance(options, dict) else (),
        players=players if isinstance(players, int) else None,
        rules=rules,
        source=f"conformance/{relative}",
        path=path,
    )


def collect_cases(*, features: Path | None = None, conformance: Path | None = None) -> list[Case]:
    """Every case: the scenarios of ``features/``, then the logs of ``conformance/``."""
    features = features or data_dir("features")
    conformance = conformance or data_dir("conformance")
    cases = [_scenario_case(s) for s in load_features(features)]
    for path in sorted(conformance.rglob("*.json")):
        cases.append(_log_case(path, conformance))
    seen: set[str] = set()
    unique = []
    for case in cases:  # two scenarios of one name in one feature: keep ids unique
        if case.id in seen:
            case = replace(case, id=f"{case.id}@{case.source.rsplit(':', 1)[-1]}")
        seen.add(case.id)
        unique.append(case)
    return unique


def _matches(case: Case, patterns: Sequence[str]) -> bool:
    names = (case.id, case.id.split(":", 1)[1], *case.rules)
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns for name in names)


def select_cases(
    cases: Iterable[Case], *, game: str | None = None, run: Sequence[str] = (), skip: Sequence[str] = ()
) -> list[Case]:
    """The cases of ``game`` (and those of no one game), matching a ``run`` glob and no ``skip`` glob.

    A glob matches a case id (``log:kap-shap/valid/*``, ``scenario:kap-shap/*``,
    with or without its ``scenario:``/``log:`` prefix) or one of its rule ids
    (``ks.turn.*``).
    """
    if game is not None and game not in games():
        raise HarnessError(f"unknown game {game!r} (games: {', '.join(games())})", where="--game")
    chosen = []
    for case in cases:
        if game is not None and case.game not in (game, None):
            continue
        if run and not _matches(case, run):
            continue
        if skip and _matches(case, skip):
            continue
        chosen.append(case)
    return chosen


def requirement_gap(case: Case, claims: Claims) -> str | None:
    """Why ``case`` needs more than the engine claims, or ``None``."""
    if case.game is None:
        return None
    if not claims.has_game(case.game):
        return f"the engine does not claim {case.game}"
    for key, value in case.options:
        try:
            game_spec(case.game).option(key)
        except GupaiError:
            continue
        if not claims.supports(case.game, key, value):
            return f"needs option {key}={value}; the engine claims {key}={'|'.join(claims.values(case.game, key))}"
    spec = game_spec(case.game)
    seats = claims.seats(case.game)
    if case.players is not None and seats is not None and spec.players_min <= case.players <= spec.players_max:
        low, high = seats
        if not low <= case.players <= high:
            return f"needs {case.players} players; the engine seats {low} to {high}"
    return None


# ------------------------------------------------------------------ running
Ask = Callable[..., Answer]
AskMany = Callable[[Sequence[tuple[str, Mapping[str, Any]]]], list[Answer]]


def run_scenario(
    case: Case, ask: Ask, ask_many: AskMany | None = None, probe_cache: dict[str, bool] | None = None
) -> CaseResult:
    """Run one scenario's steps against the engine (``probe_cache``: probes this engine process answered)."""
    assert case.scenario is not None
    run = ScenarioRun(ask=ask, scenario=case.scenario, ask_many=ask_many)
    if probe_cache is not None:
        run.probe_cache = probe_cache
    unexpressed: list[str] = []
    for step in case.scenario.steps:
        found = match_step(step)
        if found is None:
            unexpressed.append(f"{step.keyword} {step.text}: no protocol binding for this step")
            if step.kind != "then":
                break
            continue
        binding, matched = found
        arguments: dict[str, Any] = dict(matched)
        if step.datatable is not None:
            arguments["datatable"] = step.datatable
        if step.docstring is not None:
            arguments["docstring"] = step.docstring
        try:
            binding.function(run, **arguments)
        except UnexpressibleError as why:
            unexpressed.append(f"{step.keyword} {step.text}: {why.message}")
            if step.kind != "then":
                break
        except StepError as failure:
            return CaseResult(
                case,
                "fail",
                f"{step.keyword} {step.text} (line {step.line}): {failure.message}",
                fault="wrong",
                failed_rules=case.rules,
                notes=tuple(run.notes),
            )
    if unexpressed:
        return CaseResult(
            case, "skip", "not expressible through the protocol: " + "; ".join(unexpressed), notes=tuple(run.notes)
        )
    return CaseResult(case, "pass", notes=tuple(run.notes))


# ---- logs
def _key(face: str) -> tuple[int, int]:
    high, low = face.split("-")
    return int(high), int(low)


def _split(doc: Any) -> Any:
    if not isinstance(doc, Mapping):
        return doc
    eye = sorted(doc.get("eye", []), key=_key, reverse=True)
    pairs = sorted(
        (sorted(p, key=_key, reverse=True) for p in doc.get("pairs", [])),
        key=lambda p: [_key(f) for f in p],
        reverse=True,
    )
    return {"eye": eye, "pairs": pairs}


def _normal_result(doc: Any) -> Any:
    """A result with its hand and split in a canonical order (an engine may list them in any)."""
    if not isinstance(doc, Mapping):
        return doc
    out = dict(doc)
    if "hand" in out:
        out["hand"] = sorted(out["hand"])
    if "decomposition" in out:
        out["decomposition"] = _split(out["decomposition"])
    return out


def _normal_event(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(doc)
    if "hand" in out:
        out["hand"] = sorted(out["hand"])
    if "decomposition" in out:
        out["decomposition"] = _split(out["decomposition"])
    return out


def _state_diffs(engine: Mapping[str, Any], reference: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(field, description) for each way the engine's state differs from the reference's."""
    diffs = []
    for key in sorted(set(engine) | set(reference)):
        mine, theirs = engine.get(key), reference.get(key)
        if key == "hands" and isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            for seat, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if sorted(a) != sorted(b):
                    diffs.append((key, f"seat {seat} holds {' '.join(sorted(a))}, the reference {' '.join(sorted(b))}"))
            continue
        if key == "result":
            mine, theirs = _normal_result(mine), _normal_result(theirs)
        if mine != theirs:
            diffs.append(
                (key, f"{key} is {json.dumps(engine.get(key))}, the reference has {json.dumps(reference.get(key))}")
            )
    return diffs


#: Per game family: the rule (suffix) a state field, a move type or an event type points at.
_KAP_RULES = {
    "state": {
        "current_player": "turn.order",
        "stock_size": "deal.draw-order",
        "stock": "deal.draw-order",
        "table": "turn.discard",
        "scores": "settle",
    },
    "action": {"take": "turn.take", "discard": "turn.discard", "draw": "turn.shape", "declare": "declare"},
    "event": {"draw": "deal.draw-order", "declare": "declare.valid", "take": "turn.take", "discard": "turn.discard"},
}
_TSUNG_RULES = {
    "state": {
        "current_player": "turn.order",
        "row": "turn.lay",
        "revealed": "turn.reveal",
        "piles": "deal",
        "stock": "stock",
        "stock_size": "deal",
        "hands": "german.hand",
        "scores": "score",
        "turns": "turn.order",
        "terminal": "end",
        "result": "end",
    },
    "action": {"lay": "turn.lay", "capture": "capture.choice", "claim": "claim", "pass": "capture.choice"},
    "event": {
        "reveal": "turn.reveal",
        "refill": "german.hand",
        "lay": "turn.lay",
        "capture": "score",
        "claim": "claim",
    },
}


class _LogFailureError(Exception):
    def __init__(self, message: str, rules: Sequence[str], fault: str = "wrong") -> None:
        super().__init__(message)
        self.message, self.rules, self.fault = message, tuple(rules), fault


class _RefusedAsExpectedError(Exception):
    """The engine disagreed with an invalid log exactly at its fault: the case passes."""


#: A decision the log cannot give: it records a chance event where a move is due.
_CHANCE = {"type": "chance"}


class _LogReplay:
    """A log replayed against the engine and the reference side by side.

    Each decision of the log (an event the player chose; for Tsung Shap also
    the passes the log leaves implicit) is sent to both; the events the
    engine reports must be the reference's, and the reference's must be the
    log's. An invalid log must be refused at its fault: the deal refused, the
    faulty move refused, or the engine's events departing from the log's
    exactly at the faulty event (a chance event, or a result the game does
    not reach).
    """

    def __init__(self, case: Case, doc: Mapping[str, Any], ask: Ask) -> None:
        self.case, self.doc, self.ask = case, doc, ask
        self.reference = ReferenceEngine()
        self.reference.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
        self.tsung = doc["game"] == "tsung-shap"
        self.prefix = {"kap-shap": "ks", "kap-tai-shap": "kts"}.get(doc["game"], "ts")
        self.rules = _TSUNG_RULES if self.tsung else _KAP_RULES
        expect = dict(case.expect)
        self.refuse = expect.get("refuse")
        self.fault = expect.get("event")
        self.fault_rule: str = str(expect.get("rule") or self.rule("end"))
        self.at = "the deal"
        self.notes: list[str] = []
        self.reported: list[Mapping[str, Any]] = []
        self.watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None

    def rule(self, suffix: str) -> str:
        return f"{self.prefix}.{suffix}"

    def kind_rule(self, table: str, key: str, default: str) -> str:
        return self.rule(self.rules[table].get(key, default))

    def both(self, cmd: str, **fields: Any) -> tuple[Answer, dict[str, Any]]:
        expected = self.reference.handle(request(cmd, 0, **fields))
        return self.ask(cmd, **fields), expected

    def ok(self, answer: Answer, what: str, rules: Sequence[str]) -> Answer:
        if answer.kind in ("unsupported", "error"):
            raise _LogFailureError(f"{self.at}: {what}: the engine answered {answer.describe()}", rules)
        if not answer.is_ok:
            cited = [answer.rule] if answer.rule else list(rules)
            raise _LogFailureError(f"{self.at}: {what} is legal, but the engine answered {answer.describe()}", cited)
        return answer

    # ------------------------------------------------------------ comparing
    def compare_state(self, last: str | None) -> None:
        answer, expected = self.both("state")
        mine = self.ok(answer, "state", [self.rule("turn.order")]).doc["state"]
        if self.watch is not None:
            self.watch(mine, self.reported)
        diffs = _state_diffs(mine, expected["state"])
        if not diffs:
            return
        rules = []
        for key, _ in diffs:
            if last is None and not self.tsung:
                rules.append(
                    {"current_player": "deal.first-player", "stock": "deal.draw-order"}.get(key, self._deal_rule())
                )
            elif key in ("result", "terminal") and not self.tsung:
                reason = str((expected["state"].get("result") or mine.get("result") or {}).get("reason"))
                rules.append({"stock-exhausted": "end.stock", "dead-rounds": "end.termination"}.get(reason, "end.win"))
            elif key == "hands" and not self.tsung:
                rules.append(self.rules["action"].get(last or "", "turn.discard"))
            else:
                rules.append(self.rules["state"].get(key, "turn.order"))
        raise _LogFailureError(
            f"{self.at}: " + "; ".join(text for _, text in diffs), sorted({self.rule(r) for r in rules})
        )

    def _deal_rule(self) -> str:
        return "deal.wall" if self.doc["options"].get("deal", "wall") == "wall" else "deal.boneyard"

    def compare_legal(self) -> None:
        answer, expected = self.both("legal_actions")
        mine = self.ok(answer, "legal_actions", [self.rule("turn.order")]).doc["actions"]
        ours = {_action_key(a): a for a in mine}
        theirs = {_action_key(a): a for a in expected["actions"]}
        if ours.keys() == theirs.keys():
            return
        rules, parts = set(), []
        differing = [ours[t] for t in ours.keys() - theirs.keys()] + [theirs[t] for t in theirs.keys() - ours.keys()]
        declare = self._declare_rule() if any(a["type"] == "declare" for a in differing) else None
        for text in sorted(ours.keys() - theirs.keys()):
            refusal = self.reference.handle(request("check", 0, action=ours[text]))
            rules.add(refusal.get("rule") or self.kind_rule("action", ours[text]["type"], "turn.order"))
            parts.append(
                f"lists {_action_text(ours[text])}, which breaks {refusal.get('rule')}: {refusal.get('message')}"
            )
        for text in sorted(theirs.keys() - ours.keys()):
            rules.add(self.kind_rule("action", theirs[text]["type"], "turn.order"))
            parts.append(f"omits the legal {_action_text(theirs[text])}")
        raise _LogFailureError(f"{self.at}: legal_actions " + "; ".join(parts), [declare] if declare else sorted(rules))

    def _declare_rule(self) -> str:
        """The rule a disagreement about declaring points at: the reading under which the verdict flips."""
        session = self.reference.session
        if not isinstance(session, KapSession):  # pragma: no cover - only the collecting games declare
            return self.rule("declare")
        state = session.game
        config = state.config
        counts = state.hand_counts(state.current_player)
        verdict = config.evaluator.is_winning(counts)
        base = config.rules
        flips = (
            ("tiles.four-two", "four_two_value", 9 - base.four_two_value),
            ("pair.ten", "pair_set", "arithmetic" if base.pair_set == "printed" else "printed"),
            ("eye", "eye", "identical" if base.eye == "civil" else "civil"),
        )
        for suffix, field_name, other in flips:
            alternative = evaluator(
                pairs_in_hand=config.spec.pairs_in_hand, rules=base.evolve(**{field_name: other}), sets=config.sets
            )
            if alternative.is_winning(counts) != verdict:
                return self.rule(suffix)
        return self.rule("declare")

    def match(self, mine: Sequence[Mapping[str, Any]], theirs: Sequence[Mapping[str, Any]], pos: int) -> int:
        """Check the engine's events against the reference's, and those against the log's from ``pos``."""
        self.reported.extend(mine)
        ours = [_normal_event(e) for e in mine]
        expected = [_normal_event(e) for e in theirs]
        if ours != expected:
            first = next(
                (i for i, (a, b) in enumerate(zip(ours, expected, strict=False)) if a != b),
                min(len(ours), len(expected)),
            )
            kind = (expected[first] if first < len(expected) else ours[first])["type"] if (ours or expected) else ""
            raise _LogFailureError(
                f"{self.at}: the engine reports {ours}, the reference {expected}",
                [self.kind_rule("event", str(kind), "turn.order")],
            )
        events = self.doc["events"]
        for offset, event in enumerate(expected):
            at = pos + offset
            if at >= len(events) or _normal_event(events[at]) != event:
                if self.refuse in ("event", "result") and (
                    at == self.fault or (self.refuse == "result" and at >= len(events))
                ):
                    shown = json.dumps(events[at]) if at < len(events) else "the end of the log"
                    self.notes.append(
                        f"the engine's events depart from the log at event {at}: {json.dumps(event)}, not {shown}"
                    )
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(  # pragma: no cover - the reference validates the corpus
                    f"event {at}: the reference reports {event}, the log {events[at] if at < len(events) else 'nothing'}",
                    [self.fault_rule or self.rule("end")],
                )
        return pos + len(expected)

    # ------------------------------------------------------------- decisions
    def decision(self, pos: int) -> tuple[dict[str, Any], bool] | None:
        """The next move to send and whether it is the log's event at ``pos``; ``None`` when the log is done."""
        events = self.doc["events"]
        if not self.tsung:
            return (dict(events[pos]), True) if pos < len(events) else None
        session = self.reference.session
        assert isinstance(session, TsungSession)
        state = session.game
        phase, seat = state.phase, state.current_player
        if state.is_terminal:
            if pos >= len(events):
                return None
            return (
                (dict(events[pos]), True)
                if events[pos]["type"] in ("lay", "capture", "claim")
                else (dict(_CHANCE), True)
            )
        following = events[pos] if pos < len(events) else None
        if phase in ("take", "claim"):
            wanted = "capture" if phase == "take" else "claim"
            if following is not None and following["type"] == wanted:
                return dict(following), True
            return {"type": "pass", "seat": seat}, False
        if following is None:
            return None
        if following["type"] in ("lay", "capture", "claim"):
            return dict(following), True
        return dict(_CHANCE), True

    def start(self) -> tuple[Answer, dict[str, Any]]:
        doc = self.doc
        keys = ("order", "dice", "first_player", "hands", "stock", "piles")
        deal = {key: doc["deal"][key] for key in keys if key in doc["deal"]}
        return self.both(
            "new_game", game=doc["game"], options=doc["options"], players=doc["players"], sets=doc["sets"], deal=deal
        )

    def replay(self) -> None:
        doc = self.doc
        answer, expected = self.start()
        if self.refuse == "deal":
            if answer.kind == "illegal":
                self._note_rule(answer, self.fault_rule)
                raise _RefusedAsExpectedError()
            raise _LogFailureError(
                f"the deal breaks {self.fault_rule}, but the engine answered {answer.describe()}", [self.fault_rule]
            )
        self.ok(answer, "new_game", [self.rule(self._deal_rule() if not self.tsung else "deal")])
        pos = self.match(answer.doc.get("events", []), expected.get("events", []), 0)
        self.compare_state(None)
        while (step := self.decision(pos)) is not None:
            action, recorded = step
            self.at = f"event {pos} ({_action_text(action)})" if recorded else f"before event {pos} (an implicit pass)"
            if action["type"] == "chance":
                if self.refuse == "event" and pos == self.fault:
                    self.notes.append(f"the log records {json.dumps(doc['events'][pos])} where a move is due")
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(  # pragma: no cover - the reference validates the corpus
                    f"{self.at}: the log records a chance event where a move is due", [self.rule("turn.order")]
                )
            if recorded and self.refuse == "event" and pos == self.fault:
                refused = self.ask("apply", action=action)
                if refused.kind == "illegal":
                    self._note_rule(refused, self.fault_rule)
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(
                    f"{self.at} breaks {self.fault_rule}, but the engine answered {refused.describe()}",
                    [self.fault_rule],
                )
            self.compare_legal()
            applied, expected = self.both("apply", action=action)
            self.ok(applied, "apply", [self.kind_rule("action", action["type"], "turn.order")])
            pos = self.match(applied.doc["events"], expected["events"], pos)
            self.compare_state(action["type"])
        self.at = "the end"
        answer = self.ok(self.ask("state"), "state", [self.rule("end")])
        result = answer.doc["state"]["result"]
        if self.refuse == "result":
            if _normal_result(result) == _normal_result(doc["result"]):  # pragma: no cover - the reference differs
                raise _LogFailureError(f"the engine ends with the log's faulty result {result}", [self.fault_rule])
            raise _RefusedAsExpectedError()
        if self.refuse == "event":  # pragma: no cover - the replay always reaches the faulty event
            raise _LogFailureError(f"the log ended before event {self.fault}", [self.fault_rule])
        if _normal_result(result) != _normal_result(doc["result"]):
            end = "end" if self.tsung else "end.win"
            raise _LogFailureError(f"the engine's result {result} is not the log's {doc['result']}", [self.rule(end)])

    def _note_rule(self, answer: Answer, rule: str | None) -> None:
        if answer.rule is None:
            self.notes.append(f"refused without a rule id (the file names {rule})")
        elif answer.rule != rule:
            self.notes.append(f"refused under {answer.rule}; the file names {rule}")


def _action_key(action: Mapping[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _action_text(action: Mapping[str, Any]) -> str:
    tile = f" [{action['tile']}]" if "tile" in action else ""
    capture = f" {action['kind']} {action['at']}" if "kind" in action else ""
    return f"seat {action.get('seat')} {action.get('type')}{tile}{capture}"


def replay_log(
    doc: Mapping[str, Any],
    ask: Ask,
    *,
    watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None,
) -> CaseResult:
    """Replay a log as a valid one: every move must be legal and the engine's events and result the log's.

    ``watch`` sees every state the engine reports, with the events it has
    reported so far. The log must be schema-valid.

    >>> from gupai.protocol.server import ReferenceEngine
    >>> from gupai.log.play import play_game
    >>> from gupai.protocol.messages import check_answer, request
    >>> engine = ReferenceEngine()
    >>> _ = engine.handle(request("start", 0, protocol=1))
    >>> def ask(cmd, **fields):
    ...     return check_answer(engine.handle(request(cmd, 1, **fields)), command=cmd, id=1)
    >>> replay_log(play_game("tsung-shap", seed=3), ask).outcome
    'pass'
    """
    case = Case("log:<document>", "valid-log", str(doc.get("game")), None, (), None, (), "<document>")
    return run_log(case, ask, doc=doc, watch=watch)


def run_log(
    case: Case,
    ask: Ask,
    *,
    doc: Mapping[str, Any] | None = None,
    watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None,
) -> CaseResult:
    """Replay one log of ``conformance/`` (or ``doc``) against the engine."""
    expect = dict(case.expect)
    if expect.get("refuse") == "schema":
        return CaseResult(case, "skip", "a log the schema rejects: a matter for the validator, not a rule of play")
    if doc is None:
        assert case.path is not None
        doc = json.loads(case.path.read_text(encoding="utf-8"))
    replay = _LogReplay(case, doc, ask)
    replay.watch = watch
    try:
        replay.replay()
    except _RefusedAsExpectedError:
        return CaseResult(case, "pass", notes=tuple(replay.notes))
    except _LogFailureError as failure:
        return CaseResult(
            case, "fail", failure.message, fault=failure.fault, failed_rules=failure.rules, notes=tuple(replay.notes)
        )
    return CaseResult(case, "pass", notes=tuple(replay.notes))


def run_case(
    case: Case, ask: Ask, ask_many: AskMany | None = None, probe_cache: dict[str, bool] | None = None
) -> CaseResult:
    """Run one case; an engine fault or any error becomes a failed result, never an exception."""
    started = time.monotonic()
    try:
        scenario = case.kind == "scenario"
        result = run_scenario(case, ask, ask_many, probe_cache) if scenario else run_log(case, ask)
    except EngineError as fault:
        result = CaseResult(case, "fail", fault.message, fault=fault.fault, failed_rules=case.rules)
    except GupaiError as error:
        result = CaseResult(
            case, "fail", f"the case cannot be run: {error.message}", fault="wrong", failed_rules=case.rules
        )
    except Exception as error:  # an answer that is schema-valid but makes no sense (a seat with no hand, ...)
        result = CaseResult(
            case, "fail", f"the engine's answers could not be used: {error!r}", fault="wrong", failed_rules=case.rules
        )
    return _timed(result, time.monotonic() - started)


def _timed(result: CaseResult, seconds: float) -> CaseResult:
    return CaseResult(
        result.case, result.outcome, result.message, result.fault, result.failed_rules, result.notes, round(seconds, 4)
    )


@dataclass
class RunState:
    """Progress of a run: results so far and the engine's health."""

    results: list[CaseResult] = field(default_factory=list)
    restarts: int = 0
    failed_restarts: int = 0


#: After this many restarts in a row that fail, the remaining cases fail without trying.
MAX_FAILED_RESTARTS = 3


def run_cases(
    engine: EngineProcess,
    cases: Sequence[Case],
    *,
    progress: Callable[[CaseResult], None] | None = None,
) -> tuple[Claims, list[CaseResult], int]:
    """Start the engine, run every case (restarting the engine after a fault), stop it.

    Returns the engine's claims, the results in case order and the number of
    restarts. Raises :class:`HarnessError` only when the engine cannot start.
    """
    try:
        hello = engine.start()
    except EngineError as fault:
        engine.close()
        raise HarnessError(f"the engine could not start: {fault.message}", where=fault.fault) from None
    claims = Claims.from_hello(hello)
    state = RunState()
    need_restart = False
    probe_cache: dict[str, bool] = {}
    try:
        for case in cases:
            gap = requirement_gap(case, claims)
            if gap is not None:
                result = CaseResult(case, "skip", gap)
            elif need_restart and not _restart(engine, state, probe_cache):
                result = CaseResult(
                    case,
                    "fail",
                    "the engine could not be restarted after a fault",
                    fault="crash",
                    failed_rules=case.rules,
                )
            else:
                need_restart = False
                result = run_case(case, engine.ask, engine.ask_many, probe_cache)
                need_restart = result.restart or not engine.alive
            state.results.append(result)
            if progress is not None:
                progress(result)
    finally:
        engine.close()
    return claims, state.results, state.restarts


def _restart(engine: EngineProcess, state: RunState, probe_cache: dict[str, bool]) -> bool:
    probe_cache.clear()  # a new process: its answers are its own
    if state.failed_restarts >= MAX_FAILED_RESTARTS:
        return False
    state.restarts += 1
    try:
        engine.start()
    except EngineError:
        state.failed_restarts += 1
        return False
    state.failed_restarts = 0
    return True
