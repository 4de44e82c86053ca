"""The bench's peak memory is the measured process's own, not the bench's (``ru_maxrss`` survives fork and exec)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.extras import needs

ROOT = Path(__file__).resolve().parents[2]

#: A large process (200 MiB touched) measuring a small child: the bench's situation, its sections' data held.
PROBE = """
import resource, subprocess, sys
from tools.bench_fast import peak_rss
big = bytearray(200 * 2**20)
for i in range(0, len(big), 4096):
    big[i] = 1
small = "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
inherited = int(subprocess.run([sys.executable, "-c", small], capture_output=True, text=True).stdout)
print(peak_rss(0, script="import sys"), inherited)
"""


def test_peak_rss_is_the_childs_own_when_a_large_process_measures_it() -> None:
    needs("fast")  # (tools.bench_fast loads the fast path's floor)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "reference")])}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    measured, inherited = (int(word) for word in done.stdout.split())
    assert inherited > 200 * 1024  # the old way: the child's own RUSAGE_SELF starts at the large parent's peak
    assert measured < 100 * 1024, measured  # a bare interpreter: some 10-20 MiB
