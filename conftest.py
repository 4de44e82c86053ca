"""Collection for the whole repository: the source modules (their doctests) that need an optional extra.

The tests themselves skip with the extra's name (``tests/extras.py``); a
source module that imports an absent extra at its top is not collected, and
the run's header says which extras are absent.
"""

from __future__ import annotations

import pytest
from tests.extras import absent_extras, missing

#: The modules (their doctests) each extra's absence leaves out of the collection.
NEEDING: dict[str, list[str]] = {
    "fast": [
        "reference/gupai/sim/fast/kap*.py",
        "reference/gupai/sim/fast/mt.py",
        "reference/gupai/sim/fast/navpil_kernel.py",
        "reference/gupai/sim/fast/tsung*.py",
        "tools/bench_fast.py",
        "tools/bench_floor.py",
        "tools/verify_fast.py",
    ],
    "rl": ["reference/gupai/rl/*.py"],
}

#: Paths pytest does not collect: the modules of the absent extras.
collect_ignore_glob = [path for extra, paths in NEEDING.items() if missing(extra) for path in paths]


def pytest_report_header(config: pytest.Config) -> str | None:
    """Name the absent extras at the top of the run: their tests skip, their modules' doctests are not collected."""
    absent = absent_extras()
    if not absent:
        return None
    return "extras not installed (their tests skip): " + ", ".join(absent)
