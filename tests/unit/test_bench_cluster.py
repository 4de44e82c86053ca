"""``make bench``'s cluster section reads a process tree's CPU from ``/proc``: the live processes below and the
ended children they waited for, as a cluster's nannies and workers are counted."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from tools.bench_cluster import tree_cpu

#: Burns 0.4 CPU seconds (beside its start-up).
BURN = "import time\nend = time.process_time() + 0.4\nwhile time.process_time() < end: pass\n"

#: A process that waits for a child burning 0.4 s, then starts another which burns as much and stays,
#: says "ready", and waits for its standard input to close (which closes the live child's too).
TREE = f"""
import subprocess, sys
subprocess.run([sys.executable, "-c", {BURN!r}], check=True)
live = subprocess.Popen([sys.executable, "-c", {BURN!r} + "print(1, flush=True)\\nimport sys\\nsys.stdin.read()"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
live.stdout.readline()
print("ready", flush=True)
sys.stdin.read()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_tree_cpu_counts_the_live_and_the_ended_processes_below() -> None:
    began = time.perf_counter()
    tree = subprocess.Popen([sys.executable, "-c", TREE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert tree.stdout is not None and tree.stdout.readline() == "ready\n"
        cpu = tree_cpu(tree.pid)
        wall = time.perf_counter() - began
    finally:
        tree.communicate(timeout=60)
    assert cpu >= 0.8  # the two burns: one ended and waited for, one live
    assert cpu <= 2 * wall  # no more than two cores could have spent meanwhile
