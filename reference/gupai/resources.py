"""Where the project's data files are: the spec, the schemas, the features.

An installed wheel carries them inside the package (``gupai/_data/...``); a
development checkout reads them from the repository root, so that ``spec/``
stays the single source of truth.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["data_dir"]

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """Return the directory holding the project's ``name`` files.

    ``name`` is one of ``spec``, ``schemas``, ``features`` or ``conformance``.

    >>> (data_dir("spec") / "tiles.yaml").is_file()
    True
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cannot find the gupai {name}/ directory")
