"""A fake engine that closes its standard input after starting a game, and keeps running."""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import json
import os
import time

from gupai.protocol.server import ReferenceEngine


def main() -> int:
    engine = ReferenceEngine()
    for raw in sys.stdin.buffer:
        answer, _ = engine.handle_line(raw)
        if json.loads(raw).get("cmd") == "new_game":  # closed before the answer: the next request finds it closed
            sys.stdin.close()
            os.close(0)
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
            break
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    sys.stderr.write("closed stdin on purpose\n")
    sys.stderr.flush()
    while True:
        time.sleep(60)


if __name__ == "__main__":
    raise SystemExit(main())
