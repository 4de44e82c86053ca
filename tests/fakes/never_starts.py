"""A fake engine that cannot start: it answers the handshake with an error and exits with status 3."""

from __future__ import annotations

import sys

if __name__ == "__main__":
    sys.stdin.readline()
    sys.stdout.write('{"id": 0, "answer": "error", "message": "no licence key"}\n')
    sys.stdout.flush()
    sys.exit(3)
