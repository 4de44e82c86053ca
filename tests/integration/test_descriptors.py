"""Issue 33: a run that the limit on open files (``ulimit -n``) cannot hold starts fewer workers with a note, or
ends with exit status 2 naming the limit; never an internal error, never a file blamed."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from gupai.core.errors import GupaiError
from gupai.core.pool import WorkerPool

GUPAI = str(Path(sys.executable).parent / "gupai")


def _run(args: list[str], limit: int) -> subprocess.CompletedProcess[str]:
    def cap() -> None:  # pragma: no cover - runs in the child
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    return subprocess.run([GUPAI, *args], preexec_fn=cap, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fd") / "big9.jsonl"
    subprocess.run([GUPAI, "play", "kap-shap", "-n", "700", "--out", str(path)], check=True, capture_output=True)
    assert path.stat().st_size > 1 << 20  # large enough for the workers to read ranges of it
    return path


def test_simulate_with_too_few_descriptors_runs_fewer_workers_and_says_so() -> None:
    args = ["simulate", "kap-shap", "-n", "60", "--engine", "reference", "--json"]
    alone = _run(args, 1024)
    squeezed = _run([*args, "-j", "8"], 16)
    assert squeezed.returncode == 0, squeezed.stderr
    assert "the limit (ulimit -n) is 16" in squeezed.stderr and "worker(s) instead" in squeezed.stderr
    assert squeezed.stdout == alone.stdout


def test_validate_with_too_few_descriptors_runs_fewer_workers_or_names_the_limit(corpus: Path) -> None:
    alone = _run(["validate", str(corpus)], 1024)
    squeezed = _run(["validate", "--jobs", "8", str(corpus)], 20)
    assert (squeezed.returncode, squeezed.stdout) == (0, alone.stdout), squeezed.stderr
    assert "the limit (ulimit -n) is 20" in squeezed.stderr
    refused = _run(["validate", "--jobs", "8", str(corpus)], 12)
    assert refused.returncode == 2
    assert "ulimit -n" in refused.stderr and "cannot read" not in refused.stderr
    assert "Traceback" not in refused.stderr and "internal error" not in refused.stderr


def test_a_fork_that_runs_out_of_descriptors_is_a_gupai_error_naming_the_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    pool = WorkerPool(2)  # room for both when it was made
    opened: list[int] = []
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))
        while True:  # fill the table, as other code of the process might
            try:
                opened.append(os.open(os.devnull, os.O_RDONLY))
            except OSError:
                break
        with pytest.raises(GupaiError, match=r"ulimit -n"):
            pool.submit(abs, -1)
    finally:
        for fd in opened:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        pool.kill()
