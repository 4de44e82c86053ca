"""The conformance harness: cases (scenarios and logs), the engine as a process, the runner, the report, and the scenario steps.

Imports everything below it (:mod:`gupai.protocol` and down), never the CLI.
"""
