"""What a step binding is: a pattern, the function that asks the engine, and how a step ends.

A step ends in one of four ways: it returns (the engine's answers agree with
the step), it raises :class:`StepError` (they contradict it: the scenario
fails), :class:`NotSupportedError` (it needs an optional command the engine
did not announce: the scenario is not asked, and the capability is named), or
:class:`NotAskableError` (it says something no protocol answer can show; kept
for the kit's own limits, no step of ``features/`` raises it today).

>>> steps = StepList()
>>> @steps.then(r"the answer is (?P<n>\\d+)")
... def _answer(run: object, n: str) -> None:
...     pass
>>> [(b.kind, b.pattern.pattern) for b in steps.bindings]
[('then', 'the answer is (?P<n>\\\\d+)')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gupai.core.errors import GupaiError
from gupai.protocol.messages import Answer

__all__ = [
    "AskMany",
    "Asker",
    "Binding",
    "NotAskableError",
    "NotSupportedError",
    "StepError",
    "StepFunction",
    "StepList",
]


class StepError(GupaiError):
    """The engine's answers contradict the step.

    ``rules`` (rule ids, or suffixes such as ``capture.triple`` read in the
    scenario's game) say which rule the failed assertion found broken, when
    the step can tell (a move the engine omitted: the rule that makes it
    legal); otherwise the binding's declared rules count.
    """

    def __init__(self, message: str, *, where: str | None = None, rules: Sequence[str] = ()) -> None:
        super().__init__(message, where=where)
        self.rules = tuple(rules)


class NotSupportedError(GupaiError):
    """The step needs an optional command (a capability) the engine did not announce."""

    def __init__(self, capability: str, message: str) -> None:
        super().__init__(message, where=capability)
        self.capability = capability


class NotAskableError(GupaiError):
    """The step says something the protocol cannot ask of any engine."""


class Asker(Protocol):
    """Whatever sends one request to the engine and returns its checked answer."""

    def __call__(self, cmd: str, **fields: Any) -> Answer: ...


AskMany = Callable[[Sequence[tuple[str, Mapping[str, Any]]]], list[Answer]]
"""Several requests in a row, their answers in order (pipelined when the engine process allows)."""

StepFunction = Callable[..., None]
"""A step's implementation: ``function(run, **arguments)``."""


@dataclass(frozen=True, slots=True)
class Binding:
    """A step pattern (matched in full, as pytest-bdd's ``parsers.re``) and the function that asks it.

    ``rules`` are the rules the step's assertion checks, as suffixes of the
    rule ids of any game (``tiles.four-two`` is ``ks.tiles.four-two`` in Kap
    Shap): a failing step counts against them. A binding that declares none
    (a setting-up step) counts against the scenario's own rules.
    """

    kind: str
    pattern: re.Pattern[str]
    function: StepFunction
    rules: tuple[str, ...] = ()

    @property
    def arguments(self) -> tuple[str, ...]:
        """The pattern's named groups: the arguments the function takes besides the run."""
        return tuple(self.pattern.groupindex)


@dataclass
class StepList:
    """The bindings of one module, in the order written (the registry joins them)."""

    bindings: list[Binding] = field(default_factory=list)

    def add(self, kind: str, pattern: str, rules: Sequence[str] = ()) -> Callable[[StepFunction], StepFunction]:
        def register(function: StepFunction) -> StepFunction:
            self.bindings.append(Binding(kind, re.compile(pattern), function, tuple(rules)))
            return function

        return register

    def given(self, pattern: str, *, rules: Sequence[str] = ()) -> Callable[[StepFunction], StepFunction]:
        return self.add("given", pattern, rules)

    def when(self, pattern: str, *, rules: Sequence[str] = ()) -> Callable[[StepFunction], StepFunction]:
        return self.add("when", pattern, rules)

    def then(self, pattern: str, *, rules: Sequence[str] = ()) -> Callable[[StepFunction], StepFunction]:
        return self.add("then", pattern, rules)
