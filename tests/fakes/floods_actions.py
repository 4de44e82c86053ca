"""A fake engine answering ``legal_actions`` with a huge list of wrong actions (issue 21, finding 1).

``python tests/fakes/floods_actions.py MARK [ITEMS]``: every ``legal_actions``
answer is ``"actions": [1, 1, ...]`` with ITEMS items (default 4,000,000: an
8 MiB line, inside the protocol's 16 MiB line limit); each one is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typing import Any

from tests.fakes._common import serve

ITEMS = int(sys.argv[2]) if len(sys.argv) > 2 else 4_000_000


def flood(request: dict[str, Any], answer: dict[str, Any]) -> str | None:
    if request.get("cmd") == "legal_actions":
        return f'{{"id":{request["id"]},"answer":"ok","actions":[' + ",".join(["1"] * ITEMS) + "]}"
    return None


if __name__ == "__main__":
    raise SystemExit(serve(flood))
