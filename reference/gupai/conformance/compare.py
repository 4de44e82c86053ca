"""Several engines side by side: the rules down, the engines across, with how much of each was asked.

``gupai conformance compare REPORT...`` reads the JSON reports of
``gupai conformance run --report`` (one a run, one engine each) and lays
their rules out as a matrix, in the manner of Bowtie's: text, JSON, or a
static HTML page.

A cell says what the engine's cases of the rule came to, against the kit's
cases of the rule (``kit``: every case the kit has, by default the installed
kit's): ``pass`` when every one passed, ``pass 3/10`` when 3 of 10 passed and
the rest were not supported or not asked, ``not asked`` when the run asked
none of them, ``fail``, ``known failure``, ``unsupported``; ``untested`` when
the kit has no case of the rule, and ``-`` when the report covers none of the
rule's game. Each engine's footer counts passed, failed, not supported, not
asked (the kit's cases of its games the run did not hold) and rule
mismatches.

>>> a = {"engine": {"name": "a", "version": "1", "command": "a"}, "harness": {"game": "kap-shap"},
...      "summary": {"passed": 2, "failed": 0, "not_supported": 1, "rule_mismatches": 0},
...      "rules": [{"rule": "ks.turn.take", "status": "pass", "passed": 2, "failed": 0, "skipped": 0, "known_failures": 0},
...                {"rule": "ks.eye", "status": "skip", "passed": 0, "failed": 0, "skipped": 1, "known_failures": 0}],
...      "cases": [{"id": "x", "game": "kap-shap", "outcome": "pass"}, {"id": "y", "game": "kap-shap", "outcome": "pass"},
...                {"id": "z", "game": "kap-shap", "outcome": "skip", "unasked": "describe"}]}
>>> b = {**a, "engine": {"name": "b", "version": "2", "command": "b"}, "summary": {"passed": 0, "failed": 1},
...      "rules": [{"rule": "ks.turn.take", "status": "fail", "passed": 0, "failed": 1, "skipped": 0, "known_failures": 0}],
...      "cases": [{"id": "x", "game": "kap-shap", "outcome": "fail"}]}
>>> kit = {"kap-shap": {"cases": 4, "rules": {"ks.turn.take": 3, "ks.eye": 1}}}
>>> print(matrix_text(compare([a, b], kit=kit)))
rule          a 1          b 2
ks.eye        unsupported  not asked
ks.turn.take  pass 2/3     fail
<BLANKLINE>
a 1: 2 passed, 0 failed, 1 not supported, 0 not askable, 1 not asked, 0 rule mismatches (of 4 cases)
b 2: 0 passed, 1 failed, 0 not supported, 0 not askable, 3 not asked, 0 rule mismatches (of 4 cases)
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gupai.conformance.report import TILES, unasked_by_engine
from gupai.core.terminal import printable

__all__ = ["COMPARE_FORMAT", "MAX_LABEL", "MAX_REPORT_BYTES", "compare", "kit_counts", "matrix_html", "matrix_text"]

COMPARE_FORMAT = "gupai-conformance-compare"

#: A report larger than this is refused before it is read (a full run's report of every case is about 0.5 MB).
MAX_REPORT_BYTES = 1 << 25

#: An engine's label is cut to this many characters (the rest of its name and version is in the JSON).
MAX_LABEL = 60

#: A report's rule status as the matrix shows it.
SHOWN = {"pass": "pass", "fail": "fail", "known": "known failure", "skip": "unsupported", "untested": "untested"}

#: What the kit holds: per game, its number of cases and each rule's; "" is the cases of no one game.
Kit = Mapping[str, Mapping[str, Any]]


def kit_counts() -> dict[str, dict[str, Any]]:
    """The installed kit's cases: per game (``""`` for those of no one game) the count, and each rule's."""
    from gupai.conformance.cases import collect_cases  # (reads every feature and log: only compare needs it)

    kit: dict[str, dict[str, Any]] = {}
    for case in collect_cases():
        entry = kit.setdefault(case.game or "", {"cases": 0, "rules": {}})
        entry["cases"] += 1
        for rule in case.rules if case.game else (TILES,):  # the tile cases: once, as their group (as a report)
            entry["rules"][rule] = entry["rules"].get(rule, 0) + 1
    return kit


def _engine_label(report: Mapping[str, Any], index: int) -> str:
    engine = report.get("engine") or {}
    name = engine.get("name") or engine.get("command") or f"engine {index + 1}"
    version = engine.get("version")
    label = printable(f"{name} {version}" if version else str(name))
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def _games(report: Mapping[str, Any], kit: Kit) -> list[str]:
    """The games a report covers: the one its run named, else every game the engine claimed."""
    named = (report.get("harness") or {}).get("game")
    claimed = ((report.get("engine") or {}).get("claims")) or {}
    chosen = [named] if isinstance(named, str) else sorted(claimed) or sorted(g for g in kit if g)
    return [game for game in chosen if game]


def _labels(reports: Sequence[Mapping[str, Any]], kit: Kit, files: Sequence[str] | None) -> list[str]:
    """Each report's label; reports of one label told apart by their games, then their file, then a number.

    >>> r = {"engine": {"name": "e", "version": "1"}, "harness": {"game": "kap-shap"}}
    >>> _labels([r, r, {**r, "harness": {"game": "tsung-shap"}}], {}, ["a.json", "b.json", "a.json"])
    ['e 1 (kap-shap, a.json)', 'e 1 (kap-shap, b.json)', 'e 1 (tsung-shap)']
    """
    base = [_engine_label(report, index) for index, report in enumerate(reports)]
    labels = list(base)
    for label in set(base):
        group = [i for i, other in enumerate(base) if other == label]
        if len(group) == 1:
            continue
        games = {i: ", ".join(_games(reports[i], kit)) or "no game" for i in group}
        keys = dict(games)
        for i in group:
            if files is not None and [games[j] for j in group].count(games[i]) > 1:
                keys[i] = f"{games[i]}, {printable(files[i])[-MAX_LABEL:]}"
        numbered: dict[str, int] = {}
        for i in group:
            alike = [keys[j] for j in group].count(keys[i])
            numbered[keys[i]] = numbered.get(keys[i], 0) + 1
            labels[i] = f"{label} ({keys[i]})" + (f" #{numbered[keys[i]]}" if alike > 1 else "")
    return labels


def _cell(entry: Mapping[str, Any] | None, in_kit: int, covered: bool) -> str:
    if not covered:
        return "-"
    if entry is None or entry.get("status") == "untested":
        return "not asked" if in_kit else "untested"
    status = str(entry.get("status"))
    if status == "pass":
        passed = int(entry.get("passed", 0))
        return "pass" if passed >= in_kit else f"pass {passed}/{in_kit}"
    return SHOWN.get(status, status)


def compare(
    reports: Sequence[Mapping[str, Any]], *, kit: Kit | None = None, files: Sequence[str] | None = None
) -> dict[str, Any]:
    """The matrix of ``reports`` (read from ``files``, when given): each engine with its coverage, each rule with
    each engine's cell."""
    kit = kit_counts() if kit is None else kit
    labels = _labels(reports, kit, files)
    engines: list[dict[str, Any]] = []
    rules: dict[str, dict[str, Mapping[str, Any]]] = {}
    game_of = {rule: game for game, counts in kit.items() for rule in counts.get("rules", {})}
    for index, (label, report) in enumerate(zip(labels, reports, strict=True)):
        games = _games(report, kit)
        summary = dict(report.get("summary") or {})
        in_kit = sum(int(kit.get(game, {}).get("cases", 0)) for game in [*games, ""])
        coverage = _coverage(report, games, in_kit)
        engine = {"label": label, "engine": dict(report.get("engine") or {}), "summary": summary}
        engine |= {"games": games, "coverage": coverage, **({"file": files[index]} if files else {})}
        engines.append(engine)
        # a rule of a game the report does not cover is left out, though its run held that game's cases (as not
        # supported, when the engine claims none of them): its cell is "-", as the legend says
        statuses = {
            str(entry["rule"]): entry
            for entry in report.get("rules", ())
            if game_of.get(str(entry["rule"]), "") in {*games, ""}
        }
        for game in [*games, ""]:  # "": the tile cases, which every run holds
            for rule in kit.get(game, {}).get("rules", {}):
                statuses.setdefault(rule, {"rule": rule, "status": "untested"})
        for rule, entry in statuses.items():
            rules.setdefault(rule, {})[label] = entry
    rows = []
    for rule in sorted(rules):
        game = next((g for g in kit if g and rule in kit[g].get("rules", {})), "")
        in_kit = int(kit.get(game, {}).get("rules", {}).get(rule, 0))
        results = {}
        for column in engines:
            name = str(column["label"])
            covered = name in rules[rule] or (game != "" and game in column["games"])
            results[name] = _cell(rules[rule].get(name), in_kit, covered)
        rows.append({"rule": rule, "cases": in_kit, "results": results})
    return {"format": COMPARE_FORMAT, "version": 1, "engines": engines, "rules": rows}


def _coverage(report: Mapping[str, Any], games: Sequence[str], in_kit: int) -> dict[str, int]:
    """What the kit's ``in_kit`` cases of ``games`` (and the tile cases) came to in ``report``: each counted once,
    so that passed, failed, known failures, not supported, not askable and not asked add up to ``in_kit``. The
    cases of other games a run held (as not supported, when the engine claims none of them) are not counted.

    >>> cases = [{"game": "kap-shap", "outcome": "pass"}, {"game": None, "outcome": "pass"},
    ...          {"game": "kap-shap", "outcome": "skip", "unasked": "claims"}, {"game": "kap-shap", "outcome": "skip"},
    ...          {"game": "tsung-shap", "outcome": "skip", "unasked": "claims"}]
    >>> c = _coverage({"cases": cases}, ["kap-shap"], 6)
    >>> c["passed"], c["not_supported"], c["not_askable"], c["not_asked"], c["kit_cases"]
    (2, 1, 1, 2, 6)
    """
    mine = [
        case
        for case in report.get("cases") or ()
        if isinstance(case, Mapping) and (case.get("game") or "") in {*games, ""}
    ]
    outcomes = Counter(
        "known" if case.get("outcome") == "fail" and case.get("known_failure") else str(case.get("outcome"))
        for case in mine
    )
    unsupported = sum(1 for case in mine if case.get("outcome") == "skip" and unasked_by_engine(case.get("unasked")))
    return {
        "passed": outcomes["pass"],
        "failed": outcomes["fail"],
        "known_failures": outcomes["known"],
        "not_supported": unsupported,
        "not_askable": outcomes["skip"] - unsupported,
        "not_asked": max(in_kit - len(mine), 0),
        "rule_mismatches": sum(1 for case in mine if case.get("rule_mismatch")),
        "kit_cases": in_kit,
    }


def _summary_text(engine: Mapping[str, Any]) -> str:
    c = engine.get("coverage") or {}
    known = f"{c['known_failures']} known failures, " if c.get("known_failures") else ""
    return (
        f"{c.get('passed', 0)} passed, {c.get('failed', 0)} failed, {known}{c.get('not_supported', 0)} not supported, "
        f"{c.get('not_askable', 0)} not askable, {c.get('not_asked', 0)} not asked, "
        f"{c.get('rule_mismatches', 0)} rule mismatches (of {c.get('kit_cases', 0)} cases)"
    )


def matrix_text(matrix: Mapping[str, Any]) -> str:
    """The matrix as a text table ("-": the report covers none of the rule's game)."""
    labels = [engine["label"] for engine in matrix["engines"]]
    rows = [["rule", *(printable(label) for label in labels)]]
    rows += [[printable(row["rule"]), *(row["results"].get(label, "-") for label in labels)] for row in matrix["rules"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.append("")
    lines += [f"{printable(engine['label'])}: {_summary_text(engine)}" for engine in matrix["engines"]]
    return "\n".join(lines)


#: Each cell's CSS class and colours (text, background) on the HTML page.
_CLASSES = {
    "pass": ("pass", "#1a7f37", "#dafbe1"),
    "partial": ("partial", "#1a7f37", "#f0f6f0"),
    "fail": ("fail", "#cf222e", "#ffebe9"),
    "known failure": ("known", "#9a6700", "#fff8c5"),
    "unsupported": ("unsupported", "#57606a", "#f6f8fa"),
    "not asked": ("unasked", "#57606a", "#ffffff"),
    "untested": ("untested", "#8c959f", "#ffffff"),
    "-": ("none", "#8c959f", "#ffffff"),
}


def _css(status: str) -> str:
    """A cell's CSS class: ``pass 3/10`` is partial."""
    if status.startswith("pass "):
        return _CLASSES["partial"][0]
    return _CLASSES[status][0] if status in _CLASSES else "other"


def matrix_html(matrix: Mapping[str, Any]) -> str:
    """The matrix as a static HTML page (no script, no request to any other host)."""
    esc = html.escape
    labels = [engine["label"] for engine in matrix["engines"]]
    head = "".join(f"<th scope='col'>{esc(label)}</th>" for label in labels)
    body = []
    for row in matrix["rules"]:
        cells = "".join(
            f"<td class='{_css(status)}'>{esc(status)}</td>"
            for status in (row["results"].get(label, "-") for label in labels)
        )
        body.append(
            f"<tr><th scope='row'><code>{esc(row['rule'])}</code> <small>{row['cases']}</small></th>{cells}</tr>"
        )
    names = ("passed", "failed", "known failures", "not supported", "not askable", "not asked", "rule mismatches")
    keys = ("passed", "failed", "known_failures", "not_supported", "not_askable", "not_asked", "rule_mismatches")
    foot = "".join(
        f"<tr><th scope='row'>{name}</th>"
        + "".join(f"<td>{int((engine.get('coverage') or {}).get(key, 0))}</td>" for engine in matrix["engines"])
        + "</tr>"
        for name, key in zip(names, keys, strict=True)
    )
    styles = "".join(f"td.{css}{{color:{fg};background:{bg}}}" for css, fg, bg in _CLASSES.values())
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<title>gupai conformance: engines compared</title><style>"
        "body{font-family:system-ui,sans-serif;margin:1rem;color:#1f2328}"
        ".scroll{overflow-x:auto;max-width:100%}"
        "table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;"
        "white-space:nowrap}thead th{background:#f6f8fa;position:sticky;top:0}td{font-weight:600}"
        "tbody th{position:sticky;left:0;background:#fff}small{color:#57606a;font-weight:400}"
        f"{styles}tfoot td{{font-weight:400}}"
        "</style></head><body>\n<h1>gupai conformance: engines compared</h1>\n"
        "<p>Rules down (with the kit's number of cases of each), engines across: <em>pass</em> (every case of "
        "the rule passed), <em>pass 3/10</em> (3 of the 10 passed; the others were not supported or not asked), "
        "<em>fail</em>, <em>known failure</em>, <em>unsupported</em> (the engine does not claim what the rule's "
        "cases need), <em>not asked</em> (the run held none of the rule's cases), <em>untested</em> (the kit has "
        "no case of it); a dash where a report covers none of the rule's game.</p>\n"
        f"<div class='scroll'><table><thead><tr><th scope='col'>rule</th>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + f"\n</tbody><tfoot>{foot}</tfoot></table></div>\n</body></html>\n"
    )
