"""The conformance harness: drive any engine through every case, over the protocol.

A case is a Gherkin scenario of ``features/`` (bound through the protocol by
:mod:`gupai.conformance.steps.registry`) or a game log of ``conformance/``, replayed event
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

import re
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gupai.conformance.attribution import SET_RULE
from gupai.conformance.cases import Case, CaseResult, Claims, not_run, requirement_gap, stopped_message
from gupai.conformance.logreplay import run_log
from gupai.conformance.process import Ask, AskMany, EngineError, EngineProcess, HarnessError
from gupai.conformance.readings import (
    Reading,
    reading_ask,
    reading_ask_many,
    reading_doc,
    reading_for,
    unasked_gap,
)
from gupai.conformance.steps.binding import NotAskableError, NotSupportedError, StepError
from gupai.conformance.steps.context import ScenarioRun
from gupai.conformance.steps.registry import match_step
from gupai.conformance.versions import UnclaimedOptionError, claimed_ask, claimed_ask_many
from gupai.core.errors import GupaiError
from gupai.core.spec import game_spec, games
from gupai.protocol.server import ENGINE_NAME

__all__ = ["RunState", "not_run", "run_case", "run_cases", "run_scenario", "step_rules"]


def run_scenario(
    case: Case,
    ask: Ask,
    ask_many: AskMany | None = None,
    *,
    capabilities: Collection[str] = (),
    strict: bool = False,
    positions: bool = True,
) -> CaseResult:
    """Run one scenario's steps against the engine.

    ``capabilities`` are the optional commands the engine announced; a step
    that needs another ends the scenario as not supported, naming it.
    ``strict``: the engine is the reference (its refusals' rule ids and wording are compared).
    ``positions``: the engine starts the game from a position (a step dealing one is otherwise not supported).
    """
    assert case.scenario is not None
    run = ScenarioRun(
        ask=ask,
        scenario=case.scenario,
        capabilities=frozenset(capabilities),
        ask_many=ask_many,
        strict=strict,
        positions=positions,
    )
    for step in case.scenario.steps:
        found = match_step(step)
        if found is None:
            return CaseResult(
                case, "skip", f"{step.keyword} {step.text}: no step binding", notes=tuple(run.notes), unasked="askable"
            )
        binding, matched = found
        arguments: dict[str, Any] = dict(matched)
        if step.datatable is not None:
            arguments["datatable"] = step.datatable
        if step.docstring is not None:
            arguments["docstring"] = step.docstring
        try:
            binding.function(run, **arguments)
        except NotSupportedError as missing:
            return CaseResult(
                case,
                "skip",
                f"not supported by the engine: {step.keyword} {step.text}: {missing.message}",
                notes=tuple(run.notes),
                unasked=missing.capability,
            )
        except NotAskableError as why:
            return CaseResult(
                case,
                "skip",
                f"not askable: {step.keyword} {step.text}: {why.message}",
                notes=tuple(run.notes),
                unasked="askable",
            )
        except StepError as failure:
            return CaseResult(
                case,
                "fail",
                f"{step.keyword} {step.text} (line {step.line}): {failure.message}",
                fault="wrong",
                failed_rules=step_rules(case, step.text, binding.rules, failure.rules),
                notes=tuple(run.notes),
            )
    return CaseResult(case, "pass", notes=tuple(run.notes))


_RULE_IN_STEP = re.compile(r"\brule (?P<rule>[a-z]+\.[a-z0-9.-]+)")


def step_rules(case: Case, text: str, declared: Sequence[str] = (), found: Sequence[str] = ()) -> tuple[str, ...]:
    """The rule a failing step counts against: the rule of its failing assertion, one rule only.

    The rule the step names, else the first rule the failed assertion found
    broken (``found``: a move the engine refused or omitted counts against
    the rule that makes it legal), else the first rule the step's binding
    declares it checks (``declared``), else the scenario's first ``@rule:``
    tag. Rules are given as suffixes (``turn.take``) and read in the case's
    game.

    >>> case = Case("c", "scenario", "kap-shap", None, (), None, ("ks.opening", "ks.turn.take", "ks.settle"), "f")
    >>> step_rules(case, "the move is refused under rule ks.turn.draw", ("turn.order",))
    ('ks.turn.draw',)
    >>> step_rules(case, "seat 1 takes [6-4]", (), ("turn.take",)), step_rules(case, "the settlement is +2 -2", ("settle",))
    (('ks.turn.take',), ('ks.settle',))
    >>> step_rules(case, "it holds 32 tiles"), step_rules(case, "x", ("turn.take", "settle"))
    (('ks.opening',), ('ks.turn.take',))
    """
    named = _RULE_IN_STEP.search(text)
    if named:
        return (named["rule"],)
    for suffixes in (found, declared):
        rules = _in_game(case, suffixes)
        if rules:
            return rules[:1]
    return case.rules[:1]


def _in_game(case: Case, suffixes: Sequence[str]) -> tuple[str, ...]:
    """Rule suffixes as the rule ids of the case's game (of its tags, for a case of no one game)."""
    if not suffixes:
        return ()
    if case.game is None:
        set_rules = {game_spec(game).set_rule for game in games()} if SET_RULE in suffixes else set()
        return tuple(
            rule for rule in case.rules if rule in suffixes or rule.split(".", 1)[-1] in suffixes or rule in set_rules
        )
    spec = game_spec(case.game)
    suffixes = [spec.set_rule if s == SET_RULE else s for s in suffixes]
    known = set(spec.rule_ids)
    found = [s if s in known else f"{spec.prefix}.{s}" for s in suffixes]
    return tuple(dict.fromkeys(rule for rule in found if rule in known))


# ---- logs


def run_case(
    case: Case,
    ask: Ask,
    ask_many: AskMany | None = None,
    claims: Claims | None = None,
    *,
    reading: Reading | None = None,
) -> CaseResult:
    """Run one case; an engine fault or any error becomes a failed result, never an exception.

    ``reading``: the values the case is asked under for options it does not depend on
    (:func:`gupai.conformance.readings.reading_for`).
    """
    started = time.monotonic()
    if claims is not None:  # the later options the engine does not claim are left out of its requests
        ask = claimed_ask(ask, claims)
        ask_many = claimed_ask_many(ask_many, claims) if ask_many is not None else None
    if reading is not None:
        ask = reading_ask(ask, case, reading)
        ask_many = reading_ask_many(ask_many, case, reading) if ask_many is not None else None
    try:
        if case.kind == "scenario":
            capabilities = claims.capabilities if claims is not None else ()
            strict = claims is not None and claims.engine == ENGINE_NAME
            positions = claims is None or case.game is None or claims.positions(case.game)
            result = run_scenario(case, ask, ask_many, capabilities=capabilities, strict=strict, positions=positions)
        else:
            result = run_log(case, ask, doc=reading_doc(case, reading) if reading is not None else None)
        if reading is not None:
            result = replace(result, notes=(reading.note, *result.notes))
    except UnclaimedOptionError as missing:
        result = CaseResult(case, "skip", missing.message, unasked="claims")
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
    return replace(result, seconds=round(seconds, 4))


@dataclass
class RunState:
    """Progress of a run: results so far and the engine's health."""

    results: list[CaseResult] = field(default_factory=list)
    restarts: int = 0
    failed_restarts: int = 0


#: After this many restarts in a row that fail, the remaining cases fail without trying.
MAX_FAILED_RESTARTS = 3

#: After this many cases in a row time out, the run stops: the remaining cases fail unrun.
MAX_CONSECUTIVE_TIMEOUTS = 3


def run_cases(
    engine: EngineProcess,
    cases: Sequence[Case],
    *,
    progress: Callable[[CaseResult], None] | None = None,
    max_timeouts: int = MAX_CONSECUTIVE_TIMEOUTS,
) -> tuple[Claims, list[CaseResult], int]:
    """Start the engine, run every case (restarting the engine after a fault), stop it.

    Returns the engine's claims, the results in case order and the number of
    restarts. Raises :class:`HarnessError` only when the engine cannot start.
    After ``max_timeouts`` cases in a row time out (0: never), the run stops:
    every case left fails with a message saying so (:func:`stopped_message`),
    without being run, and the engine is not started again.
    """
    try:
        hello = engine.start()
    except EngineError as fault:
        engine.close()
        raise HarnessError(f"the engine could not start: {fault.message}", where=fault.fault) from None
    claims = Claims.from_hello(hello)
    state = RunState()
    need_restart = False
    timeouts = 0
    try:
        for case in cases:
            gap = requirement_gap(case, claims)
            reading = None
            if gap is not None and gap.startswith("needs option"):
                reading = reading_for(case, claims, run_scenario)
                gap = None if reading is not None else unasked_gap(case, claims, run_scenario, gap)
            if gap is not None:
                result = CaseResult(case, "skip", gap, unasked="claims")
            elif max_timeouts and timeouts >= max_timeouts:
                result = CaseResult(case, "fail", stopped_message(timeouts), fault="timeout", failed_rules=case.rules)
            elif need_restart and not _restart(engine, state):
                result = CaseResult(
                    case,
                    "fail",
                    "the engine could not be restarted after a fault",
                    fault="crash",
                    failed_rules=case.rules,
                )
            else:
                need_restart = False
                engine.context = case.id
                result = run_case(case, engine.ask, engine.ask_many, claims, reading=reading)
                need_restart = result.restart or not engine.alive
                timeouts = timeouts + 1 if result.fault == "timeout" else 0
            state.results.append(result)
            if progress is not None:
                progress(result)
    finally:
        engine.close()
    return claims, state.results, state.restarts


def _restart(engine: EngineProcess, state: RunState) -> bool:
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
