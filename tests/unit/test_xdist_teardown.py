"""A worker's slow clean-up after its last test is not interrupted by execnet (``tests/xdist_teardown.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: A worker whose clean-up outlasts execnet's 5 s, and says whether a KeyboardInterrupt reached it.
SLOW_END = """
import time
import pytest

@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    if not hasattr(config, "workerinput"):
        return
    try:
        deadline = time.monotonic() + 7
        while time.monotonic() < deadline:
            time.sleep(0.05)
    except KeyboardInterrupt:
        open("interrupted", "w").close()
        raise
"""


@pytest.mark.slow  # 7 s of a worker's clean-up, twice
@pytest.mark.parametrize("plugin", [[], ["-p", "tests.xdist_teardown"]], ids=["without", "with"])
def test_a_worker_whose_clean_up_is_slow_is_not_sent_a_keyboard_interrupt(tmp_path: Path, plugin: list[str]) -> None:
    (tmp_path / "conftest.py").write_text(SLOW_END, encoding="utf-8")
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "1", "-p", "no:randomly", "-p", "no:cacheprovider", *plugin],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "interrupted").exists() == (not plugin)  # the first run shows the slip the plugin prevents
