"""Under mutation testing, each test starts with the rule modules' memos empty, so it computes what it checks.

mutmut (``make mutate``) forks each mutant's run from its main process, which
has already run the module's tests once (to learn which tests reach which
function). A module-level memo filled in that run survives into every fork:
a mutant of the code that fills it (the Kap wall's cut, a configuration's
checks) is then never called, and survives whatever the tests check; and
mutmut's map sends the mutant only to the test that happened to fill the
memo first. Emptying the memos before each test, only when mutmut runs it
(``MUTANT_UNDER_TEST`` set), makes every test compute its own; ``make test``
is untouched. A memo of another module that hides its mutants the same way
can be added to :data:`MEMOS`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator

import pytest

#: Module (under ``gupai``) -> the names of its module-level memos (dicts or lists, emptied with ``clear()``).
MEMOS: dict[str, tuple[str, ...]] = {
    "games.kap.deal": ("_LAYOUTS", "_BY_CONFIG"),
    "games.kap.config": ("_CONFIGS", "_LAST"),
}


@pytest.fixture(autouse=True)
def _empty_memos_under_mutmut() -> Iterator[None]:
    """Empty :data:`MEMOS` before each test when mutmut runs it."""
    if "MUTANT_UNDER_TEST" in os.environ:
        for module, names in MEMOS.items():
            found = importlib.import_module(f"gupai.{module}")
            for name in names:
                getattr(found, name).clear()
    yield
