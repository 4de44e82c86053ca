"""Several engines side by side: the rules down, the engines across, pass, fail or not supported.

``gupai conformance compare REPORT...`` reads the JSON reports of
``gupai conformance run --report`` (one a run, one engine each) and lays
their rules out as a matrix, in the manner of Bowtie's: text, JSON, or a
static HTML page.

>>> a = {"engine": {"name": "a", "version": "1", "command": "a"}, "summary": {"passed": 1, "failed": 0},
...      "rules": [{"rule": "ks.turn.take", "status": "pass"}, {"rule": "ks.eye", "status": "skip"}]}
>>> b = {"engine": {"name": "b", "version": "2", "command": "b"}, "summary": {"passed": 0, "failed": 1},
...      "rules": [{"rule": "ks.turn.take", "status": "fail"}]}
>>> matrix = compare([a, b])
>>> print(matrix_text(matrix))
rule          a 1          b 2
ks.eye        unsupported  -
ks.turn.take  pass         fail
<BLANKLINE>
a 1: 1 passed, 0 failed
b 2: 0 passed, 1 failed
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["COMPARE_FORMAT", "compare", "matrix_html", "matrix_text"]

COMPARE_FORMAT = "gupai-conformance-compare"

#: A report's rule status as the matrix shows it.
SHOWN = {"pass": "pass", "fail": "fail", "known": "known failure", "skip": "unsupported", "untested": "untested"}


def _engine_label(report: Mapping[str, Any], index: int) -> str:
    engine = report.get("engine") or {}
    name = engine.get("name") or engine.get("command") or f"engine {index + 1}"
    version = engine.get("version")
    return f"{name} {version}" if version else str(name)


def compare(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The matrix of ``reports``: each engine with its summary, each rule with each engine's status."""
    labels: list[str] = []
    for index, report in enumerate(reports):
        label = _engine_label(report, index)
        while label in labels:  # two runs of one engine: keep both columns apart
            label += "'"
        labels.append(label)
    rules: dict[str, dict[str, str]] = {}
    for label, report in zip(labels, reports, strict=True):
        for status in report.get("rules", []):
            rules.setdefault(status["rule"], {})[label] = SHOWN.get(status["status"], status["status"])
    return {
        "format": COMPARE_FORMAT,
        "version": 1,
        "engines": [
            {"label": label, "engine": dict(report.get("engine") or {}), "summary": dict(report.get("summary") or {})}
            for label, report in zip(labels, reports, strict=True)
        ],
        "rules": [{"rule": rule, "results": rules[rule]} for rule in sorted(rules)],
    }


def _summary_text(summary: Mapping[str, Any]) -> str:
    return f"{summary.get('passed', 0)} passed, {summary.get('failed', 0)} failed"


def matrix_text(matrix: Mapping[str, Any]) -> str:
    """The matrix as a text table ("-": the engine's report does not name the rule)."""
    labels = [engine["label"] for engine in matrix["engines"]]
    rows = [["rule", *labels]]
    rows += [[row["rule"], *(row["results"].get(label, "-") for label in labels)] for row in matrix["rules"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.append("")
    lines += [f"{engine['label']}: {_summary_text(engine['summary'])}" for engine in matrix["engines"]]
    return "\n".join(lines)


#: Each status's CSS class and colour on the HTML page.
_CLASSES = {
    "pass": ("pass", "#1a7f37"),
    "fail": ("fail", "#cf222e"),
    "known failure": ("known", "#9a6700"),
    "unsupported": ("unsupported", "#6e7781"),
    "untested": ("untested", "#8c959f"),
    "-": ("none", "#d0d7de"),
}


def matrix_html(matrix: Mapping[str, Any]) -> str:
    """The matrix as a static HTML page (no script, no request to any other host)."""
    esc = html.escape
    labels = [engine["label"] for engine in matrix["engines"]]
    head = "".join(f"<th scope='col'>{esc(label)}</th>" for label in labels)
    body = []
    for row in matrix["rules"]:
        cells = "".join(
            f"<td class='{_CLASSES.get(status, ('other', ''))[0]}'>{esc(status)}</td>"
            for status in (row["results"].get(label, "-") for label in labels)
        )
        body.append(f"<tr><th scope='row'><code>{esc(row['rule'])}</code></th>{cells}</tr>")
    totals = "".join(f"<td>{esc(_summary_text(engine['summary']))}</td>" for engine in matrix["engines"])
    styles = "".join(f"td.{css}{{color:{colour}}}" for css, colour in _CLASSES.values())
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<title>gupai conformance: engines compared</title><style>"
        "body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2328}"
        "table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.3rem .7rem;text-align:left}"
        "thead th{background:#f6f8fa;position:sticky;top:0}td{font-weight:600}"
        f"{styles}tfoot td{{font-weight:400}}"
        "</style></head><body>\n<h1>gupai conformance: engines compared</h1>\n"
        "<p>Rules down, engines across: <em>pass</em>, <em>fail</em>, <em>unsupported</em> (the engine does not "
        "claim what the rule's cases need), <em>known failure</em>, <em>untested</em>; a dash where a report does "
        "not name the rule.</p>\n"
        f"<table><thead><tr><th scope='col'>rule</th>{head}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>"
        f"<tfoot><tr><th scope='row'>cases</th>{totals}</tr></tfoot></table>\n</body></html>\n"
    )
