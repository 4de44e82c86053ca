"""Issue 33's low findings on the command line: a closed pipe, ``/dev/stdin``, a sparse file, text that is not
JSON judged alike by every command."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gupai.cli.app import EXIT_PIPE_CLOSED

GUPAI = str(Path(sys.executable).parent / "gupai")
VALID = Path(__file__).resolve().parents[2] / "conformance" / "kap-shap" / "valid" / "culin-2p-greedy-seed1.json"


def _gupai(*args: str, stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run([GUPAI, *args], stdin=stdin, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("args", [["rules", "kap-shap"], ["tiles"], ["presets", "tsung-shap", "--json"]])
def test_a_closed_pipe_ends_the_command_quietly(args: list[str]) -> None:
    """`gupai rules kap-shap | head -1` exited 1 ("invalid log"): now 141, as a program SIGPIPE stopped."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before gupai writes
    try:
        done = subprocess.run([GUPAI, *args], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (EXIT_PIPE_CLOSED, "")


def test_dev_stdin_redirected_from_json_lines_is_read_as_json_lines(tmp_path: Path) -> None:
    corpus = tmp_path / "games.jsonl"
    subprocess.run([GUPAI, "play", "kap-shap", "-n", "3", "--out", str(corpus)], check=True, capture_output=True)
    with corpus.open("rb") as given:
        done = _gupai("validate", "/dev/stdin", stdin=given)
    assert done.returncode == 0, done.stdout
    assert done.stderr.strip().endswith("3 game(s) read, 0 invalid, 0 error(s)")


@pytest.mark.parametrize("jobs", ["1", "3"])
def test_a_sparse_file_is_refused_at_its_first_nul_bytes(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "sparse.jsonl"
    path.write_text(VALID.read_text(encoding="utf-8").replace("\n", "") + "\n", encoding="utf-8")
    with path.open("r+b") as handle:
        handle.truncate(2 << 30)  # 2 GB, a hole after the first line: no disk spent
    began = time.monotonic()
    done = _gupai("validate", "--jobs", jobs, str(path))
    assert time.monotonic() - began < 20  # it read 2 GB of NUL bytes (14 s alone; more with --jobs)
    assert done.returncode == 2
    assert f"Error: cannot read {path}:2: a line larger than 4 MiB with NUL bytes, not JSON" in done.stderr
    assert done.stderr.strip().endswith("1 game(s) read, 0 invalid, 0 error(s)")


NOT_JSON = ["not json {", "[1,2", '{"a": 1}{', '"abc', "NaN", ""]
STRICT = ['{"game": "kap-shap", "game": "kap-shap"}', '{"seed": NaN}', "[" * 100 + "]" * 100]


@pytest.mark.parametrize("text", NOT_JSON + STRICT)
def test_validate_and_show_judge_text_that_is_not_json_alike(tmp_path: Path, text: str) -> None:
    """Text that is not JSON at all is unusable input (2) to every command; JSON the strict reader refuses is an
    invalid log (1), as validate has always judged it."""
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8")
    validated, shown = _gupai("validate", str(path)), _gupai("show", str(path))
    assert validated.returncode == shown.returncode == (2 if text in NOT_JSON else 1), (validated, shown)
    assert "at at" not in validated.stdout + validated.stderr + shown.stderr
    assert "Traceback" not in validated.stderr + shown.stderr


@pytest.mark.parametrize(
    "outputs",
    [["--report", "out.json", "--junit", "out.json"], ["--badge", "b.json", "--report", "./b.json"]],
)
def test_outputs_that_collide_are_refused_before_the_engine_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, outputs: list[str]
) -> None:
    """Issue 33: with --force the report and the badge were lost under the JUnit XML, refused only after the run."""
    monkeypatch.chdir(tmp_path)
    done = _gupai("conformance", "run", "kap-shap", "--engine", "no-such-engine-here", *outputs, "--force")
    assert done.returncode == 2
    assert "name the same file" in done.stderr and "no-such-engine-here" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_compare_refuses_to_write_its_page_over_a_report(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_text("{}", encoding="utf-8")
    done = _gupai("conformance", "compare", str(report), "--html", str(report), "--force")
    assert done.returncode == 2 and "name the same file" in done.stderr
    assert report.read_text(encoding="utf-8") == "{}"
