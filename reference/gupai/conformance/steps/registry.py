"""Every step binding of the scenarios, written once, and how a step finds its binding.

The bindings are the lists of the step modules, joined here in one explicit
order (no registration by import side effect). ``gupai conformance run``
asks them of an engine process; ``tests/scenarios/test_features.py``
registers each pattern with pytest-bdd and runs the same functions against
the reference engine in-process.

>>> from gupai.conformance.gherkin import Step
>>> binding, arguments = match_step(Step("Then", "then", "[4-2] counts 3 toward tens", 1))
>>> binding.function.__module__, arguments
('gupai.conformance.steps.pairs', {'tile': '[4-2]', 'value': '3'})
"""

from __future__ import annotations

from gupai.conformance.gherkin import Step
from gupai.conformance.steps import deal, hands, kap, pairs, setup, tiles, tsung, tsung_setup
from gupai.conformance.steps.binding import Binding

__all__ = ["BINDINGS", "match_step"]

#: Every binding, in the order a step's text is matched against them.
BINDINGS: tuple[Binding, ...] = (
    *setup.STEPS.bindings,
    *tiles.STEPS.bindings,
    *pairs.STEPS.bindings,
    *hands.STEPS.bindings,
    *kap.STEPS.bindings,
    *deal.STEPS.bindings,
    *tsung_setup.STEPS.bindings,
    *tsung.STEPS.bindings,
)


def match_step(step: Step) -> tuple[Binding, dict[str, str | None]] | None:
    """The binding of a step and its arguments, or ``None`` if no pattern matches its text."""
    for binding in BINDINGS:
        if binding.kind != step.kind:
            continue
        found = binding.pattern.fullmatch(step.text)
        if found is not None:
            return binding, found.groupdict()
    return None
