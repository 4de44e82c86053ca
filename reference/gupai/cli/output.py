"""Text output that fits the reader's width: a terminal's own, else ``COLUMNS``, else 120 columns.

Tables are rich's, printed without the spaces rich pads their last column
with; below :data:`NARROW` columns the catalogue commands print blocks (a
name, then its text indented) instead of a table whose columns would be a
word wide. ``NO_COLOR`` (https://no-color.org) drops colour and bold alike.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from collections.abc import Iterable
from typing import Any

import click

__all__ = ["NARROW", "console", "echo_rich", "no_color", "output_width", "wrapped"]

#: Narrower than this, the catalogue's tables are printed as blocks.
NARROW = 60
#: The width of output into a file or a pipe when ``COLUMNS`` does not say one.
PIPED = 120
_TRAILING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$")


def output_width(stream: Any = None, *, piped: int = PIPED) -> int:
    """The columns output may use: ``COLUMNS`` when set, else a terminal's width, else ``piped``.

    >>> import io, os
    >>> os.environ["COLUMNS"] = "40"
    >>> output_width(io.StringIO())
    40
    >>> del os.environ["COLUMNS"]
    >>> output_width(io.StringIO())
    120
    """
    stream = sys.stdout if stream is None else stream
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if stream.isatty():
        try:
            return os.get_terminal_size(stream.fileno()).columns
        except (OSError, ValueError):
            pass
    return piped


def no_color() -> bool:
    """Whether ``NO_COLOR`` asks for plain text (set and not empty)."""
    return bool(os.environ.get("NO_COLOR"))


def console(*, stderr: bool = False, width: int | None = None) -> Any:
    """A rich console for stdout (or stderr) at :func:`output_width`; plain (no colour, no bold) under ``NO_COLOR``."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    plain = no_color()
    return Console(
        stderr=stderr,
        highlight=False,
        width=width or output_width(stream),
        no_color=plain,
        color_system=None if plain else "auto",
    )


def echo_rich(*renderables: Any, width: int | None = None) -> None:
    """Print rich ``renderables`` to stdout at the output width, each line without trailing spaces."""
    out = console(width=width)
    with out.capture() as captured:
        for renderable in renderables:
            out.print(renderable)
    for line in captured.get().splitlines():
        click.echo(_TRAILING.sub(r"\1", line))


def wrapped(first: str, rest: Iterable[str] = (), *, width: int, indent: str = "  ") -> list[str]:
    """``first`` wrapped to ``width``, then each of ``rest`` wrapped below it, indented.

    >>> wrapped("eye: which tiles pair as the eye?", ["* identical: two tiles of a kind"], width=20)
    ['eye: which tiles', 'pair as the eye?', '  * identical: two', '    tiles of a kind']
    """
    lines = textwrap.wrap(first, width=width, break_on_hyphens=False) or [""]
    for text in rest:
        lines += textwrap.wrap(
            text, width=width, initial_indent=indent, subsequent_indent=indent * 2, break_on_hyphens=False
        )
    return lines
