"""Every example exchange of the protocol page is sent to ``gupai engine`` and its answers compared.

The page is the contract: a request written there is sent as written (``…``
in its ``options`` stands for every other option at its ``culin`` value), and
the engine's answer must match the page's (``…`` in an answer stands for
anything). The ``start`` answer shows an engine of the reader's own, so only
its shape is checked. Every request and every answer is also checked against
the protocol schema.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gupai.core.options import resolve_options
from gupai.protocol.messages import check_answer, read_request

PAGE = Path(__file__).resolve().parents[2] / "docs" / "engine" / "protocol.md"
ELLIPSIS = re.compile(r"\s*(?:…|\.\.\.)\s*")


def exchanges(text: str) -> list[list[tuple[str, str]]]:
    """Each fenced block's messages: (direction, text), continuation lines joined."""
    blocks = []
    for block in re.findall(r"^\s*```[a-z]*\n(.*?)^\s*```", text, re.M | re.S):
        messages: list[tuple[str, str]] = []
        for raw in block.splitlines():
            line = raw.strip()
            if line.startswith(("→ ", "← ")):
                messages.append((line[0], line[2:]))
            elif messages and line:
                messages[-1] = (messages[-1][0], messages[-1][1] + line)
        if messages:
            blocks.append(messages)
    return blocks


def request_of(text: str) -> dict[str, Any]:
    """A request as written, its options completed where the page leaves them out."""
    match = re.search(r'"options":\{([^{}]*)\}', text)
    options: dict[str, str] | None = None
    if match and ("…" in match[1] or "..." in match[1]):
        given = ELLIPSIS.sub("", match[1]).strip(",")
        options = json.loads("{" + given + "}")
        text = text[: match.start()] + '"options":{}' + text[match.end() :]
    assert "…" not in text and "..." not in text, f"a request on the page leaves out more than options: {text}"
    doc: dict[str, Any] = json.loads(text)
    if options is not None:
        doc["options"] = resolve_options(doc["game"], overrides=options).as_dict()
    return doc


def answer_pattern(text: str) -> re.Pattern[str]:
    parts = ELLIPSIS.split(text.strip())
    return re.compile(".*".join(re.escape(part) for part in parts), re.S)


BLOCKS = [block for block in exchanges(PAGE.read_text(encoding="utf-8")) if any(d == "→" for d, _ in block)]


def test_the_page_has_the_exchanges_it_should() -> None:
    assert len(BLOCKS) >= 7
    sent = [request_of(text)["cmd"] for block in BLOCKS for direction, text in block if direction == "→"]
    for cmd in ("start", "new_game", "legal_actions", "apply", "state", "stop", "describe", "evaluate_hand"):
        assert cmd in sent


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{n}" for n in range(len(BLOCKS))])
def test_each_example_is_what_gupai_engine_answers(block: list[tuple[str, str]]) -> None:
    requests = [request_of(text) for direction, text in block if direction == "→"]
    documented = [text for direction, text in block if direction == "←"]
    assert len(requests) == len(documented), "each request on the page is followed by its answer"
    for request in requests:
        read_request(json.dumps(request))  # the page's requests are valid protocol
    started = requests[0]["cmd"] == "start"
    lines = ([] if started else [{"id": 0, "cmd": "start", "protocol": 1}]) + requests
    ran = subprocess.run(
        [sys.executable, "-m", "gupai.protocol.server"],
        input="".join(json.dumps(r) + "\n" for r in lines),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answers = ran.stdout.splitlines()[0 if started else 1 :]
    assert len(answers) == len(requests)
    for request, want, got in zip(requests, documented, answers, strict=True):
        check_answer(json.loads(got), command=request["cmd"], id=request["id"])
        if request["cmd"] == "start":  # an engine of the reader's own
            check_answer(json.loads(ELLIPSIS.sub("", want)), command="start", id=request["id"])
            continue
        assert answer_pattern(want).fullmatch(got), f"the page says {want}\n gupai engine answers {got}"
