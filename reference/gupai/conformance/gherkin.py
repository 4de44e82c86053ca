"""A small reader of the Gherkin the ``features/`` files are written in.

The conformance harness runs the scenarios itself, through the engine
protocol, without pytest; it needs the scenarios exactly as pytest-bdd sees
them: background steps first, outlines expanded row by row, tags inherited
from the feature, a rule and an examples table. This module reads that much
of Gherkin (``Feature``, ``Rule``, ``Background``, ``Scenario``/``Example``,
``Scenario Outline``/``Scenario Template`` with ``Examples``/``Scenarios``,
tags, data tables, doc strings and comments); a test checks that it reads
every feature file exactly as the official Gherkin parser does.

>>> text = '''
... Feature: Pairs
...   Background:
...     Given the game kap-shap
...
...   @rule:ks.pair.ten
...   Scenario Outline: Ten-pairs
...     Then <a> and <b> make a ten-pair
...
...     Examples:
...       | a     | b     |
...       | [6-4] | [6-4] |
... '''
>>> (scenario,) = parse_feature(text, path="pairs.feature")
>>> scenario.tags, [step.text for step in scenario.steps], scenario.example
(('rule:ks.pair.ten',), ['the game kap-shap', '[6-4] and [6-4] make a ten-pair'], 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from gupai.core.errors import GupaiError

__all__ = ["FeatureError", "Scenario", "Step", "load_features", "parse_feature"]

_STEP_KEYWORDS = ("Given", "When", "Then", "And", "But", "*")
_KINDS = {"Given": "given", "When": "when", "Then": "then"}
_SCENARIO = re.compile(r"(Scenario|Example)\s*:\s*(.*)")
_OUTLINE = re.compile(r"Scenario (?:Outline|Template)\s*:\s*(.*)")
_EXAMPLES = re.compile(r"(?:Examples|Scenarios)\s*:\s*(.*)")


class FeatureError(GupaiError):
    """A feature file this reader cannot make sense of."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step: its kind (``given``, ``when`` or ``then``; ``And`` and ``But`` take the one before)."""

    keyword: str
    kind: str
    text: str
    line: int
    datatable: tuple[tuple[str, ...], ...] | None = None
    docstring: str | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """One runnable scenario: an outline's row is a scenario of its own (``example`` counts from 1)."""

    path: str
    feature: str
    name: str
    line: int
    tags: tuple[str, ...]
    steps: tuple[Step, ...]
    example: int | None = None
    row: tuple[tuple[str, str], ...] = ()

    def tag_values(self, prefix: str) -> tuple[str, ...]:
        """The values of the tags ``@<prefix>:<value>``, e.g. ``tag_values("rule")``."""
        start = prefix + ":"
        return tuple(tag[len(start) :] for tag in self.tags if tag.startswith(start))


@dataclass
class _Block:
    name: str
    line: int
    tags: list[str]
    steps: list[Step] = field(default_factory=list)
    outline: bool = False
    examples: list[tuple[list[str], list[list[str]], list[str]]] = field(default_factory=list)


def _cells(line: str, number: int, path: str) -> list[str]:
    body = line.strip()
    if not body.endswith("|"):
        raise FeatureError(f"{path}:{number}: a table row must end with '|'", where=f"{path}:{number}")
    cells, cell, escaped = [], [], False
    for char in body[1:]:
        if escaped:
            cell.append({"n": "\n", "|": "|", "\\": "\\"}.get(char, "\\" + char))
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "|":
            cells.append("".join(cell).strip())
            cell = []
        else:
            cell.append(char)
    return cells


def _substitute(text: str, row: dict[str, str]) -> str:
    return re.sub(r"<([^<>]+)>", lambda m: row.get(m.group(1), m.group(0)), text)


def parse_feature(text: str, *, path: str) -> list[Scenario]:
    """Every scenario of one feature file, outlines expanded, background steps first."""
    lines = text.splitlines()
    feature_name = ""
    feature_tags: list[str] = []
    rule_tags: list[str] = []
    background: list[Step] = []
    rule_background: list[Step] = []
    pending: list[str] = []
    blocks: list[tuple[_Block, list[str], list[Step]]] = []
    current: _Block | None = None
    section = "feature"  # feature | background | rule-background | scenario | examples
    last_kind = "given"
    target: list[Step] | None = None
    at = 0
    while at < len(lines):
        number = at + 1
        raw = lines[at]
        line = raw.strip()
        at += 1
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            pending.extend(tag[1:] for tag in line.split("#", 1)[0].split() if tag.startswith("@"))
            continue
        if line.startswith('"""') or line.startswith("```"):
            fence = line[:3]
            indent = len(raw) - len(raw.lstrip())
            body = []
            while at < len(lines) and lines[at].strip() != fence:
                content = lines[at]
                body.append(content[indent:] if content[:indent].strip() == "" else content.lstrip())
                at += 1
            at += 1
            if target is None or not target:
                raise FeatureError(f"{path}:{number}: a doc string must follow a step", where=f"{path}:{number}")
            step = target[-1]
            target[-1] = Step(step.keyword, step.kind, step.text, step.line, step.datatable, "\n".join(body))
            continue
        if line.startswith("|"):
            cells = _cells(line, number, path)
            if section == "examples" and current is not None:
                header, rows, _tags = current.examples[-1]
                if not header:
                    header.extend(cells)
                else:
                    rows.append(cells)
                continue
            if target is None or not target:
                raise FeatureError(f"{path}:{number}: a table must follow a step", where=f"{path}:{number}")
            step = target[-1]
            table = (*(step.datatable or ()), tuple(cells))
            target[-1] = Step(step.keyword, step.kind, step.text, step.line, table, step.docstring)
            continue
        if line.startswith("Feature:"):
            feature_name, feature_tags, pending = line[len("Feature:") :].strip(), pending, []
            section, target = "feature", None
            continue
        if line.startswith("Rule:"):
            rule_tags, pending, rule_background = pending, [], []
            section, target = "feature", None
            continue
        if line.startswith("Background:"):
            section = "rule-background" if rule_tags or rule_background else "background"
            target = rule_background if section == "rule-background" else background
            last_kind, pending = "given", []
            continue
        outline = _OUTLINE.match(line)
        plain = None if outline else _SCENARIO.match(line)
        if outline or plain:
            name = outline.group(1) if outline else plain.group(2)  # type: ignore[union-attr]
            current = _Block(name=name.strip(), line=number, tags=pending, outline=bool(outline))
            blocks.append((current, list(feature_tags) + list(rule_tags), list(background) + list(rule_background)))
            pending, section, target, last_kind = [], "scenario", current.steps, "given"
            continue
        examples = _EXAMPLES.match(line)
        if examples and current is not None:
            current.examples.append(([], [], pending))
            pending, section, target = [], "examples", None
            continue
        word = line.split(" ", 1)[0]
        if word in _STEP_KEYWORDS and target is not None and section != "examples":
            text_part = line[len(word) :].strip()
            kind = _KINDS.get(word, last_kind)
            last_kind = kind
            target.append(Step(keyword=word, kind=kind, text=text_part, line=number))
            continue
        # anything else is free description text
    scenarios: list[Scenario] = []
    for block, inherited, before in blocks:
        tags = tuple(inherited + block.tags)
        if not block.outline:
            scenarios.append(Scenario(path, feature_name, block.name, block.line, tags, tuple(before + block.steps)))
            continue
        index = 0
        for header, rows, example_tags in block.examples:
            for cells in rows:
                index += 1
                row = dict(zip(header, cells, strict=False))
                steps = [
                    Step(
                        step.keyword,
                        step.kind,
                        _substitute(step.text, row),
                        step.line,
                        tuple(tuple(_substitute(c, row) for c in r) for r in step.datatable)
                        if step.datatable
                        else None,
                        _substitute(step.docstring, row) if step.docstring is not None else None,
                    )
                    for step in block.steps
                ]
                scenarios.append(
                    Scenario(
                        path,
                        feature_name,
                        block.name,
                        block.line,
                        tags + tuple(example_tags),
                        tuple(before + steps),
                        example=index,
                        row=tuple(row.items()),
                    )
                )
    return scenarios


def load_features(root: Path) -> list[Scenario]:
    """Every scenario of every ``.feature`` file under ``root``, in path order."""
    scenarios: list[Scenario] = []
    for file in sorted(root.rglob("*.feature")):
        relative = file.relative_to(root).as_posix()
        scenarios.extend(parse_feature(file.read_text(encoding="utf-8"), path=relative))
    return scenarios
