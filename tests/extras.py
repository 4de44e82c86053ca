"""The optional extras the tests need, and a skip that names the missing one.

``pip install 'gupai[test]'`` collects every test; a test that needs an
extra which is not installed skips, saying which extra and how to get it.

>>> sorted(EXTRAS)
['cluster', 'docs', 'fast', 'rl', 'sim']
>>> missing("fast") in ([], ["numba"])
True
"""

from __future__ import annotations

import importlib.util

import pytest

__all__ = ["EXTRAS", "absent_extras", "missing", "needs", "reason"]

#: Each extra of pyproject.toml the tests use, and the modules whose absence means it is not installed.
EXTRAS: dict[str, tuple[str, ...]] = {
    "fast": ("numba",),
    "sim": ("matplotlib",),
    "cluster": ("distributed",),
    "docs": ("markdown", "mkdocs"),
    "rl": ("pyspiel", "pettingzoo"),
}


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    return [module for module in EXTRAS[extra] if importlib.util.find_spec(module) is None]


def absent_extras() -> list[str]:
    """The extras not installed here."""
    return [extra for extra in EXTRAS if missing(extra)]


def reason(extra: str) -> str:
    """Why a test of ``extra`` skips.

    >>> reason("fast").startswith("needs the extra 'fast' (pip install 'gupai[fast]')")
    True
    """
    absent = missing(extra)
    return f"needs the extra {extra!r} (pip install 'gupai[{extra}]')" + (
        f": no module {', '.join(absent)}" if absent else ""
    )


def needs(extra: str) -> None:
    """Skip the calling test (or, at a module's top, the whole module) unless ``extra`` is installed."""
    if missing(extra):
        pytest.skip(reason(extra), allow_module_level=True)
