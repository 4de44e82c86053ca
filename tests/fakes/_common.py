"""What the fake engines share: a serve loop around gupai's reference engine, with hooks.

Each fake is a script (``python tests/fakes/<name>.py``) that breaks the
protocol or the rules in one deliberate way, so that the tests can prove the
harness catches it and reports it exactly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
