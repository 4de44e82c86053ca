"""A fake engine that answers one request twice: every ``apply`` gets its answer, then the same answer again.

It plays every game as the reference does; only the second answer is wrong.
The harness must blame that duplicate answer (naming the request it repeats),
not the request whose answer was due when the duplicate arrived.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from gupai.protocol.messages import encode
from tests.fakes._common import serve


def twice(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "apply":
        line = encode(answer)
        return f"{line}\n{line}"
    return None


if __name__ == "__main__":
    raise SystemExit(serve(twice))
