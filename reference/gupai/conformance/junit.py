"""A run's results as JUnit XML, for any CI: one ``testcase`` a case, its rules and its rerun command.

The file follows the JUnit XML schema CI servers read (Jenkins' junit-10.xsd,
which GitHub, GitLab and Azure accept): ``testsuites``, one ``testsuite`` per
game (the tile scenarios, of no one game, under ``tiles``), one ``testcase``
per case. A failed case holds a ``failure`` (its fault as the ``type``, the
message and the command that reruns exactly that case); a case the engine
does not support, a case the kit cannot ask and a known failure are
``skipped``, with why. Each case's rules are ``property`` elements.

>>> from gupai.conformance.cases import Case, CaseResult
>>> case = Case("log:kap-shap/valid/x", "valid-log", "kap-shap", "culin", (), 2, ("ks.turn.take",), "conformance/x")
>>> report = Report("my-engine", {}, (CaseResult(case, "fail", "event 3: wrong", fault="wrong", failed_rules=("ks.turn.take",)),))
>>> print(junit_xml(report).splitlines()[1])
<testsuites name="gupai conformance" tests="1" failures="1" errors="0" skipped="0" time="0.000">
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

from gupai.conformance.cases import CaseResult
from gupai.conformance.report import TILES, Report, not_supported

__all__ = ["junit_xml"]

#: Characters XML 1.0 cannot hold (an engine's message may carry any): written as ``\\xNN``.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    r"""``text`` as XML can hold it.

    >>> _clean("a\x00b")
    'a\\x00b'
    """
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else "\ufffd", text)


def _case(report: Report, result: CaseResult) -> ET.Element:
    case = result.case
    element = ET.Element(
        "testcase",
        name=_clean(case.id),
        classname=f"gupai.{case.kind}.{case.game or TILES}",
        time=f"{result.seconds:.3f}",
    )
    properties = ET.SubElement(element, "properties")
    for rule in case.rules:
        ET.SubElement(properties, "property", name="rule", value=rule)
    for rule in result.failed_rules:
        ET.SubElement(properties, "property", name="failed-rule", value=rule)
    ET.SubElement(properties, "property", name="source", value=_clean(case.source))
    if result.rule_mismatch is not None:
        ET.SubElement(properties, "property", name="rule-mismatch", value=_clean(result.rule_mismatch))
    rerun = report.rerun(case.id)
    if result.outcome == "fail" and not result.known:
        rules = ", ".join(result.failed_rules) or "no rule"
        message = _clean(result.message)
        failure = ET.SubElement(element, "failure", message=f"[{rules}] {message}", type=result.fault or "wrong")
        failure.text = f"{message}\nrules: {rules}\nrerun: {_clean(rerun)}"
    elif result.outcome == "fail":
        ET.SubElement(element, "skipped", message=f"known failure: {_clean(result.message)}")
    elif result.outcome == "skip":
        why = "not supported by the engine: " if not_supported(result) else "not askable: "
        message = _clean(result.message)  # a scenario's skip says why already: said once
        ET.SubElement(element, "skipped", message=message if message.startswith(why) else why + message)
    out = ET.SubElement(element, "system-out")
    out.text = _clean("\n".join([f"rerun: {rerun}", *result.notes]))
    return element


def junit_xml(report: Report) -> str:
    """The JUnit XML text of ``report``."""
    suites: dict[str, list[CaseResult]] = defaultdict(list)
    for result in report.results:
        suites[result.case.game or TILES].append(result)
    root = ET.Element("testsuites", name="gupai conformance")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    seconds = 0.0
    for name, results in suites.items():
        failures = sum(1 for r in results if r.outcome == "fail" and not r.known)
        skipped = sum(1 for r in results if r.outcome == "skip" or (r.outcome == "fail" and r.known))
        time = sum(r.seconds for r in results)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"gupai conformance: {name}",
            tests=str(len(results)),
            failures=str(failures),
            errors="0",
            skipped=str(skipped),
            time=f"{time:.3f}",
        )
        for result in results:
            suite.append(_case(report, result))
        totals["tests"] += len(results)
        totals["failures"] += failures
        totals["skipped"] += skipped
        seconds += time
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{seconds:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
