"""A built rules site for the site tests: ``site/`` when it is fresh, else a strict build into a temp dir.

``make test`` runs ``make site`` (``mkdocs build --strict``) before pytest, so
the tests reuse that build instead of building a second time; run alone, they
build their own.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Everything the site is made from: a change to any of these makes ``site/`` stale.
INPUTS = ("mkdocs.yml", "docs", "spec", "features", "schemas", "site_hooks", "reference/gupai")


def newest_input() -> float:
    """The latest modification time among the site's inputs."""
    newest = 0.0
    for name in INPUTS:
        path = ROOT / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for file in path.rglob("*"):
                if file.is_file() and "__pycache__" not in file.parts:
                    newest = max(newest, file.stat().st_mtime)
    return newest


def is_fresh(site: Path) -> bool:
    index = site / "index.html"
    return index.is_file() and index.stat().st_mtime >= newest_input()


def build(site_dir: Path) -> None:
    """``mkdocs build --strict`` into ``site_dir``; an AssertionError with mkdocs' output if it fails."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site_dir)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}")


@cache
def built_site() -> Path:
    """The directory of a fresh strict build of the site (a test that needs it skips without the extra docs)."""
    from tests.extras import needs

    needs("docs")
    site = ROOT / "site"
    if is_fresh(site):
        return site
    temp = Path(tempfile.mkdtemp(prefix="gupai-site-"))
    atexit.register(shutil.rmtree, temp, ignore_errors=True)
    build(temp)
    return temp
