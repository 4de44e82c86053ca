"""The one set of step bindings of the Gherkin scenarios in ``features/``.

Each step pattern is written once, here, as a function that asks an engine
through the protocol (:class:`~gupai.conformance.steps.context.ScenarioRun`).
The harness runs them against any engine process; the pytest-bdd front end
(``tests/scenarios/test_features.py``) runs them against the reference
engine in-process. Modules: ``binding`` (what a binding is), ``context``
(the scenario's state and askers), ``setup``, ``tiles``, ``pairs``,
``hands``, ``kap``, ``deal``, ``tsung_setup``, ``tsung`` (the steps), ``registry``
(all of them, in order).
"""
