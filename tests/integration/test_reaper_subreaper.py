"""Issue 33: engine helpers that leave the engine's process group or session (``setsid``, ``setpgid``) are
killed with the engine when the harness is killed with SIGKILL: the supervisor is a child subreaper."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_CHILD_SUBREAPER is Linux's")

HARNESS = """
import subprocess, sys, time
from gupai.core.reaper import reaped
subprocess.Popen(reaped(["bash", "-c", sys.argv[1]]), start_new_session=True)
print("started", flush=True)
time.sleep(600)
"""


def _alive(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                    words = cmdline.read()
                with open(f"/proc/{name}/stat", "rb") as stat:
                    state = stat.read().rsplit(b")", 1)[1].split()[0]
            except OSError:
                continue
            if words.split(b"\0")[0] == marker.encode() and state != b"Z":
                found.append(int(name))
    return found


def test_helpers_in_sessions_and_groups_of_their_own_die_with_a_killed_harness() -> None:
    marker = f"gupai-helper-{uuid.uuid4().hex[:8]}"
    nap = f"exec -a {marker} sleep 600"
    script = (
        f"setsid bash -c '{nap}' & "  # a session of its own
        f"setsid bash -c '({nap}) & sleep 600' & "  # and a grandchild in it
        f"perl -e 'setpgrp(0, 0); exec @ARGV' bash -c '{nap}' & "  # a process group of its own
        f"{nap}"
    )
    harness = subprocess.Popen([sys.executable, "-c", HARNESS, script], stdout=subprocess.PIPE, text=True)
    try:
        assert harness.stdout is not None and harness.stdout.readline() == "started\n"
        deadline = time.monotonic() + 20
        while len(_alive(marker)) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(_alive(marker)) == 4
        harness.send_signal(signal.SIGKILL)
        harness.wait()
        deadline = time.monotonic() + 10
        while _alive(marker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _alive(marker) == []
    finally:
        for pid in _alive(marker):
            os.kill(pid, signal.SIGKILL)
        if harness.poll() is None:
            harness.kill()
