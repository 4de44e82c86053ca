"""What the fake engines share: a serve loop around gupai's reference engine, with hooks.

Each fake is a script (``python tests/fakes/<name>.py``) that breaks the
protocol or the rules in one deliberate way, so that the tests can prove the
harness catches it and reports it exactly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Mapping
from typing import Any

from gupai.protocol.messages import encode, parse_json_line
from gupai.protocol.server import ReferenceEngine

#: A hook gets the request (parsed) and the reference's answer; it returns the line to write,
#: or None to write the answer unchanged.
Hook = Callable[[dict[str, Any], dict[str, Any]], str | None]


def serve(hook: Hook | None = None, *, engine: ReferenceEngine | None = None) -> int:
    """Answer requests like ``gupai engine``, letting ``hook`` replace any answer."""
    engine = engine or ReferenceEngine()
    for raw in sys.stdin.buffer:
        answer, stop = engine.handle_line(raw)
        line = None
        if hook is not None:
            try:
                request = parse_json_line(raw)
            except ValueError:
                request = {}
            line = hook(request, answer)
        sys.stdout.write((line if line is not None else encode(answer)) + "\n")
        sys.stdout.flush()
        if stop:
            return 0
    return 0


def refuse_unplayed(
    request: Mapping[str, Any], plays: Mapping[str, Mapping[str, Collection[str]]], message: str
) -> dict[str, Any] | None:
    """An ``unsupported`` answer to a request (other than ``start``) naming an option value its game's entry in
    ``plays`` does not list, ``message`` formatted with the option's ``key`` and ``value``; None when it names
    none (an engine that plays only some values refuses the rest so).

    >>> plays = {"kap-shap": {"take": ["any"]}}
    >>> refuse_unplayed({"id": 1, "cmd": "new_game", "game": "kap-shap", "options": {"take": "latest"}}, plays,
    ...                 "no {key}={value}")
    {'id': 1, 'answer': 'unsupported', 'message': 'no take=latest'}
    >>> refuse_unplayed({"id": 1, "cmd": "new_game", "game": "kap-shap", "options": {"take": "any"}}, plays, "")
    """
    if request["cmd"] == "start" or not isinstance(request.get("options"), Mapping):
        return None
    played = plays.get(request.get("game", ""), {})
    for key, value in request["options"].items():
        if value not in played.get(key, ()):
            return {"id": request["id"], "answer": "unsupported", "message": message.format(key=key, value=value)}
    return None
