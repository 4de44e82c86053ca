"""The pytest-bdd front end of the scenarios: every step binding of ``gupai.conformance.steps``, registered once.

Each binding of :data:`gupai.conformance.steps.registry.BINDINGS` becomes one
pytest-bdd step (its pattern through ``parsers.re``) that runs the binding's
own function against the reference engine in-process
(:class:`~gupai.conformance.steps.context.InProcessAsker`: every request
and answer checked against the protocol schema, no subprocess). So a
scenario runs the same step code here as under ``gupai conformance run``;
no step pattern is written anywhere else.

The reference is run ``strict``: its refusals must carry the rule id and
the wording the scenario names. A step it cannot ask (a capability the
reference lacks) fails the test: every scenario ``make test`` runs is
askable of an engine with every capability. After a scenario, its
``@option:`` tags must be exactly the option values it uses beyond the
``culin`` preset.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from gupai.conformance.steps.binding import Binding, NotAskableError, NotSupportedError, StepError
from gupai.conformance.steps.context import InProcessAsker, ScenarioRun
from gupai.conformance.steps.registry import BINDINGS
from gupai.core.options import DEFAULT_PRESET, resolve_options

__all__ = ["scenario_run"]


@pytest.fixture
def scenario_run() -> ScenarioRun:
    """A fresh scenario, asking a fresh reference engine in-process."""
    ask = InProcessAsker()
    return ScenarioRun(ask=ask, capabilities=ask.capabilities, ask_many=ask.many, strict=True)


def _front(binding: Binding) -> Callable[..., None]:
    """A pytest-bdd step function running ``binding`` (its arguments by name, as pytest-bdd passes them)."""
    takes = inspect.signature(binding.function).parameters

    def step(scenario_run: ScenarioRun, **arguments: Any) -> None:
        __tracebackhide__ = True
        try:
            binding.function(scenario_run, **arguments)
        except StepError as failure:
            raise AssertionError(failure.message) from None
        except (NotSupportedError, NotAskableError) as missing:
            pytest.fail(f"the reference engine cannot ask this step: {missing.message}")

    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("scenario_run", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [inspect.Parameter(name, keyword, default=None) for name in binding.arguments]
    parameters += [
        inspect.Parameter(name, keyword, default=None) for name in ("datatable", "docstring") if name in takes
    ]
    step.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    step.__name__ = step.__qualname__ = f"step_{binding.function.__name__.lstrip('_')}"
    step.__doc__ = f"{binding.kind.capitalize()} {binding.pattern.pattern} ({binding.function.__module__})"
    return step


_DECORATORS = {"given": given, "when": when, "then": then}
for _binding in BINDINGS:
    _DECORATORS[_binding.kind](parsers.re(_binding.pattern.pattern))(_front(_binding))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest) -> None:
    """The scenario's ``@option:`` tags must be the option values it uses beyond culin."""
    run: ScenarioRun = request.getfixturevalue("scenario_run")
    if run.game is None:
        return
    options = resolve_options(run.game, preset=run.preset, overrides=run.overrides)
    culin = resolve_options(run.game, preset=DEFAULT_PRESET)
    used = {f"{key}={value}" for key, value in options.items() if culin[key] != value}
    tagged = {str(mark.args[0]) for mark in request.node.iter_markers("option")}
    if used != tagged:
        missing = ", ".join(f"@option:{t}" for t in sorted(used - tagged)) or "none"
        extra = ", ".join(f"@option:{t}" for t in sorted(tagged - used)) or "none"
        raise AssertionError(
            f"the scenario's option tags do not match the options it uses: missing {missing}; not used {extra}"
        )
