"""The ``gupai`` command line.

Each command group lives in its own module and registers itself on
:data:`main`; errors that gupai raises on bad input become a one-line message
and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from gupai import __version__
from gupai.core.errors import GupaiError

__all__ = ["main", "usage_errors"]

F = TypeVar("F", bound=Callable[..., Any])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gupai")
def main() -> None:
    """gupai: rules, reference engine and conformance kit for the Chinese
    domino "tens" games Kap Shap, Kap Tai Shap and Tsung Shap."""


def usage_errors(func: F) -> F:
    """Turn a :class:`GupaiError` from bad arguments into exit status 2."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except GupaiError as error:
            click.echo(f"gupai: error: {error.message}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


from . import (  # noqa: E402  (each module registers its commands on main)
    conformance,  # noqa: F401
    games,  # noqa: F401
    rules,  # noqa: F401
    simulate,  # noqa: F401
)
