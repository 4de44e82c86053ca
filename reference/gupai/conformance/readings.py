"""Asking a case under readings it does not depend on: an engine keeps its passes when a default moves.

A case is written under a preset, and so names a value for every option; it
depends on only some of them. A scenario depends on the options it sets or
tags (``Given the option X is Y``, ``@option:X=Y``); a log, on every option
whose other reading would change what the reference makes of it. When an
engine does not claim a value a case names for an option the case does not
depend on, the harness asks the case under a value the engine claims (the
option's version-1 default if it claims it, else the first value it lists),
provided the reference gives the very same verdict under it: a scenario
still passes, a valid log is still valid, an invalid log is refused at the
same event for the same rule. The result says which readings it was asked
under (a note); a case that depends on the value stays "not supported".

>>> from gupai.conformance.cases import Claims, collect_cases
>>> case = next(c for c in collect_cases() if c.id.endswith("players-alternate-a-player-cannot-play-out-of-turn"))
>>> claims = Claims.from_hello({"games": {"tsung-shap": {"options": {}}}})
>>> from gupai.conformance.runner import run_scenario
>>> reading_for(case, claims, run_scenario).options
{'lone-tile': 'no-capture'}
"""

from __future__ import annotations

import json
from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Protocol

from gupai.conformance.cases import Case, CaseResult, Claims, option_gap, requirement_gap
from gupai.conformance.process import Ask, AskMany
from gupai.conformance.steps.context import scenario_setup
from gupai.core.errors import GupaiError
from gupai.core.spec import game_spec
from gupai.protocol.messages import PROTOCOL_VERSION, Answer, check_answer, request
from gupai.protocol.schema import CAPABILITIES

__all__ = ["Reading", "ScenarioRunner", "reading_ask", "reading_ask_many", "reading_doc", "reading_for", "unasked_gap"]


class ScenarioRunner(Hashable, Protocol):
    """What runs a scenario against an engine's ``Ask`` (:func:`gupai.conformance.runner.run_scenario`)."""

    def __call__(self, case: Case, ask: Ask, *, capabilities: Collection[str] = ()) -> CaseResult: ...


@dataclass(frozen=True, slots=True)
class Reading:
    """The values a case is asked under instead of its own, for options it does not depend on."""

    options: dict[str, str]

    @property
    def note(self) -> str:
        """What the result says of it.

        >>> Reading({"lone-tile": "no-capture"}).note
        'asked under lone-tile=no-capture (the case does not depend on it: the reference gives the same verdict)'
        """
        given = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"asked under {given} (the case does not depend on it: the reference gives the same verdict)"


def _depends(case: Case) -> set[str]:
    """The options a scenario sets or tags (every option, for a log: the reference's verdict decides)."""
    if case.scenario is None:
        return set()
    _game, _preset, overrides, _players = scenario_setup(case.scenario)
    tagged = {value.split("=", 1)[0] for value in case.scenario.tag_values("option")}
    return set(overrides) | tagged


def _substitutes(case: Case, claims: Claims) -> dict[str, str] | tuple[str, str]:
    """The claimed values that would replace the unclaimed ones (empty when none is unclaimed), or the first
    unclaimed ``(option, value)`` none can replace: the case depends on it, or the engine claims no value of it."""
    assert case.game is not None
    spec = game_spec(case.game)
    depends = _depends(case)
    changes: dict[str, str] = {}
    for key, value in case.options:
        try:
            option = spec.option(key)
        except GupaiError:
            continue
        if claims.supports(case.game, key, value):
            continue
        claimed = claims.values(case.game, key)
        if key in depends or not claimed:
            return key, value
        changes[key] = option.absent if option.absent in claimed else claimed[0]
    return changes


def _with(case: Case, changes: dict[str, str]) -> Case:
    """``case`` with ``changes`` in its options."""
    return replace(case, options=tuple(sorted({**dict(case.options), **changes}.items())))


def reading_for(case: Case, claims: Claims, run_scenario: ScenarioRunner) -> Reading | None:
    """The reading to ask ``case`` under when the engine does not claim its own, or ``None``.

    ``run_scenario`` runs a scenario against an ``Ask`` (the runner's, given here to keep the import one way).

    ``None`` when the case needs nothing the engine lacks but option values,
    when it depends on one of them, or when the reference's verdict changes
    under the values the engine claims.
    """
    if case.game is None or not claims.has_game(case.game) or (case.kind != "scenario" and case.path is None):
        return None
    changes = _substitutes(case, claims)
    if not isinstance(changes, dict) or not changes:
        return None
    changed = tuple(sorted(changes.items()))
    if requirement_gap(_with(case, changes), claims):
        return None  # something else is missing too (players, a game)
    return Reading(dict(changed)) if _same_verdict(case, changed, run_scenario) else None


def unasked_gap(case: Case, claims: Claims, run_scenario: ScenarioRunner, gap: str) -> str:
    """Why ``case`` is not asked, when :func:`reading_for` found no reading for it: ``gap``
    (:func:`~gupai.conformance.cases.requirement_gap`'s, which names the first option value the engine does not
    claim) made to name what decides.

    That is the first unclaimed value the case depends on or of whose option the engine claims no value; else
    what is missing besides the option values (players); else, of several unclaimed values, the first whose
    substitute alone changes the reference's verdict. Otherwise ``gap`` itself.
    """
    if case.game is None or not claims.has_game(case.game):
        return gap
    changes = _substitutes(case, claims)
    if not isinstance(changes, dict):
        return option_gap(case.game, claims, *changes)
    other = requirement_gap(_with(case, changes), claims)
    if other is not None:
        return other
    if len(changes) > 1 and (case.kind == "scenario" or case.path is not None):
        for key, substitute in changes.items():
            if not _same_verdict(case, ((key, substitute),), run_scenario):
                return option_gap(case.game, claims, key, dict(case.options)[key])
    return gap


def _rewrite(fields: Mapping[str, Any], game: str | None, changes: Mapping[str, str]) -> dict[str, Any]:
    options = fields.get("options")
    if isinstance(options, Mapping) and fields.get("game") == game:
        return {**fields, "options": {**options, **{k: v for k, v in changes.items() if k in options}}}
    return dict(fields)


def reading_ask(ask: Ask, case: Case, reading: Reading) -> Ask:
    """``ask``, every request of the case's game sent with the reading's values."""

    def asking(cmd: str, **fields: Any) -> Answer:
        return ask(cmd, **_rewrite(fields, case.game, reading.options))

    return asking


def reading_ask_many(ask_many: AskMany, case: Case, reading: Reading) -> AskMany:
    """``ask_many``, every request of the case's game sent with the reading's values."""

    def asking(batch: Any) -> list[Answer]:
        return ask_many([(cmd, _rewrite(fields, case.game, reading.options)) for cmd, fields in batch])

    return asking


def reading_doc(case: Case, reading: Reading) -> dict[str, Any]:
    """A log case's document with the reading's values in its options."""
    assert case.path is not None
    doc: dict[str, Any] = json.loads(case.path.read_text(encoding="utf-8"))
    doc["options"] = {**doc["options"], **reading.options}
    return doc


def _reference_ask() -> Ask:
    from gupai.protocol.server import ReferenceEngine  # (only a case asked under another reading needs it)

    engine = ReferenceEngine()
    engine.handle(request("start", 0, protocol=PROTOCOL_VERSION))

    def ask(cmd: str, **fields: Any) -> Answer:
        return check_answer(engine.handle(request(cmd, 1, **fields)), command=cmd, id=1)

    return ask


@cache
def _same_verdict(case: Case, changes: tuple[tuple[str, str], ...], run_scenario: ScenarioRunner) -> bool:
    """Whether the reference gives ``case`` the same verdict under ``changes`` as under its own options.

    The reference answers every optional command (a hand or pair scenario asks
    ``evaluate_hand`` or ``pair``), so its verdict is the scenario's whole verdict.
    """
    reading = Reading(dict(changes))
    if case.kind == "scenario":
        result = run_scenario(case, reading_ask(_reference_ask(), case, reading), capabilities=CAPABILITIES)
        return result.outcome == "pass"
    from gupai.log.validate import validate_log

    try:
        doc = reading_doc(case, reading)
        before = json.loads(case.path.read_text(encoding="utf-8")) if case.path is not None else None
    except (OSError, ValueError, KeyError, TypeError):
        return False
    now, then = validate_log(doc), validate_log(before)
    if case.kind == "valid-log":
        return not now and not then
    key = [(i.event, i.pointer, i.rule) for i in now[:1]]
    return bool(now) and key == [(i.event, i.pointer, i.rule) for i in then[:1]]
