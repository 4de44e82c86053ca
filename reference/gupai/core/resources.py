"""Where the project's data files are: the spec, the schemas, the features.

An installed wheel carries them inside the package (``gupai/_data/...``); a
development checkout reads them from the repository root, so that ``spec/``
stays the single source of truth.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from gupai.core.files import write_file

__all__ = ["data_dir", "write_or_check"]

_PACKAGE = Path(__file__).resolve().parent.parent


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


def write_or_check(name: str, make_text: Callable[[], str], *, module: str, argv: list[str] | None = None) -> int:
    """The command line of a generated file ``schemas/<name>``: ``--write`` writes it,
    otherwise exit 1 (with a message) when the checked-in file differs from ``make_text()``."""
    import argparse  # (for the tools that generate files: not at every start)

    parser = argparse.ArgumentParser(description=f"Write or check schemas/{name}.")
    parser.add_argument("--write", action="store_true", help="write the file")
    args = parser.parse_args(argv)
    target = data_dir("schemas") / name
    text = make_text()
    if args.write:
        write_file(target, text, force=True)  # whole or not at all
        return 0
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    if current != text:
        print(f"{target} is out of date: run python -m {module} --write")
        return 1
    return 0
