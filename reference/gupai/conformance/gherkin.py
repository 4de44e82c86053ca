"""The scenarios of ``features/``, read by the official Gherkin parser (``gherkin-official``).

The conformance harness runs the scenarios itself, through the engine
protocol, without pytest; it needs the scenarios exactly as pytest-bdd sees
them: background steps first, outlines expanded row by row, tags inherited
from the feature, a rule and an examples table. The official parser reads
the files and its compiler expands them into "pickles" (what Cucumber runs);
this module keeps of each what the harness needs, with the lines and the
keywords of the steps as written. (A hand-written reader did this before; a
differential test showed it and the official parser read every feature file
alike, so the official one replaced it.)

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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from gupai.core.errors import GupaiError

__all__ = ["FeatureError", "Scenario", "Step", "load_features", "parse_feature"]

_PICKLE_KINDS = {"Context": "given", "Action": "when", "Outcome": "then"}


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


def parse_feature(text: str, *, path: str) -> list[Scenario]:
    """Every scenario of one feature file, read by the official Gherkin parser and compiled into pickles."""
    try:
        document: dict[str, Any] = dict(Parser().parse(text))
    except Exception as error:  # the parser's own errors name the line: keep its first one
        lines = [line.strip() for line in str(error).splitlines() if line.strip() and line.strip() != "Parser errors:"]
        message = "; ".join(lines)[:300] or type(error).__name__
        raise FeatureError(f"{path}: {message}", where=path) from None
    document["uri"] = path
    feature = document.get("feature")
    if not feature:
        return []
    nodes: dict[str, Any] = {}
    rows: dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]] = {}

    def visit(children: list[dict[str, Any]]) -> None:
        for child in children:
            if "rule" in child:
                visit(child["rule"]["children"])
                continue
            node = child.get("scenario") or child.get("background")
            if node is None:
                continue
            nodes[node["id"]] = node
            for step in node["steps"]:
                nodes[step["id"]] = step
            index = 0
            for examples in node.get("examples", ()):
                header = (
                    tuple(cell["value"] for cell in examples["tableHeader"]["cells"])
                    if examples.get("tableHeader")
                    else ()
                )
                for row in examples.get("tableBody", ()):
                    index += 1
                    rows[row["id"]] = (index, header, tuple(cell["value"] for cell in row["cells"]))

    visit(feature["children"])
    scenarios = []
    pickles: list[Any] = list(Compiler().compile(document))  # type: ignore[arg-type]  # a plain dict, uri added
    for pickle in pickles:
        node = nodes[pickle["astNodeIds"][0]]
        example: int | None = None
        row: tuple[tuple[str, str], ...] = ()
        if len(pickle["astNodeIds"]) > 1:
            example, header, cells = rows[pickle["astNodeIds"][1]]
            row = tuple(zip(header, cells, strict=False))
        steps = []
        for step in pickle["steps"]:
            source = nodes[step["astNodeIds"][0]]
            argument: Any = step.get("argument") or {}
            table = argument.get("dataTable")
            doc = argument.get("docString")
            steps.append(
                Step(
                    keyword=source["keyword"].strip(),
                    kind=_PICKLE_KINDS.get(step.get("type", ""), "given"),
                    text=step["text"],
                    line=source["location"]["line"],
                    datatable=tuple(tuple(c["value"] for c in r["cells"]) for r in table["rows"]) if table else None,
                    docstring=doc["content"] if doc else None,
                )
            )
        scenarios.append(
            Scenario(
                path=path,
                feature=feature["name"],
                name=pickle["name"],
                line=node["location"]["line"],
                tags=tuple(tag["name"][1:] for tag in pickle["tags"]),
                steps=tuple(steps),
                example=example,
                row=row,
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
