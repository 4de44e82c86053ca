"""Run a command and report its peak resident memory: ``python tools/peak_rss.py COMMAND [ARG...]``.

The last line on standard error is ``peak-rss-kb N``; the exit status is the
command's (128 + the signal when a signal killed it). The command is forked
from this small process, not from a big one: Linux counts the memory of the
process that forks toward the child's peak (``ru_maxrss`` survives ``exec``),
so a test run or a soak that forks directly would measure itself.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    if not argv:
        sys.stderr.write("usage: python tools/peak_rss.py COMMAND [ARG...]\n")
        return 2
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    sys.stderr.write(f"\npeak-rss-kb {usage.ru_maxrss}\n")
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
