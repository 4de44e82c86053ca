"""``make`` says what each long step does and how long it took; its pip step is not silent for minutes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def _recipe(target: str) -> str:
    """The recipe of ``target`` in the Makefile (its tab-indented lines)."""
    lines = MAKEFILE.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line)
    return "\n".join(recipe)


def test_no_step_announces_a_fixed_duration() -> None:
    """The kernels load in a second when cached: the kernels step says what it did and its time once done."""
    assert "about 30 s" not in MAKEFILE
    assert "tests.kernels" in _recipe("kernels")


def test_the_set_up_and_the_test_run_say_what_they_do_and_how_long_they_took() -> None:
    setup, test = _recipe("$(STAMP)"), _recipe("test")
    for recipe in (setup, test):
        assert "echo" in recipe and "$(TOOK)" in recipe
    assert "tools/pip_progress.py" in setup and "--quiet -e" not in setup


def test_pip_progress_passes_pips_failure_through_with_its_output(tmp_path: Path) -> None:
    args = ["--no-index", "--find-links", str(tmp_path), "no-such-package-gupai-test"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "pip_progress.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "no-such-package-gupai-test" in done.stdout and "pip failed" in done.stderr
