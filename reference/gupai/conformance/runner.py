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

The modules: :mod:`~gupai.conformance.process` (the engine as a process),
:mod:`~gupai.conformance.cases` (what is asked), :mod:`~gupai.conformance.logreplay`
(a log replayed through an engine), and this one (running the cases).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai.conformance.cases import Case, CaseResult, Claims, requirement_gap
from gupai.conformance.logreplay import run_log
from gupai.conformance.process import Ask, AskMany, EngineError, EngineProcess, HarnessError
from gupai.conformance.steps.collecting import ScenarioRun, StepError, UnexpressibleError, match_step
from gupai.core.errors import GupaiError

__all__ = ["RunState", "run_case", "run_cases", "run_scenario"]


#: How many requests the harness sends before it reads their answers.
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
