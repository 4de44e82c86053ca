"""The `gupai` command group and what every command shares: the error style, exit statuses, safe output."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from gupai import __version__
from gupai.cli.lazy import LazyGroup
from gupai.core.errors import GupaiError

__all__ = ["EXIT_INTERNAL", "InputError", "InternalError", "InvalidInput", "main", "safe_text", "usage_errors"]

F = TypeVar("F", bound=Callable[..., Any])

#: The exit status of an internal error (a bug in gupai).
EXIT_INTERNAL = 3


class InputError(click.ClickException):
    """Input that cannot be used (an unreadable file, an engine that cannot start): exit 2."""

    exit_code = 2


class InvalidInput(click.ClickException):
    """Input that was read and judged invalid (not a game log): exit 1, the validator's verdict."""

    exit_code = 1


class InternalError(click.ClickException):
    """An unexpected exception, a bug in gupai: exit 3."""

    exit_code = EXIT_INTERNAL


def safe_text(text: str) -> str:
    r"""``text`` with anything UTF-8 cannot encode (a lone surrogate) escaped.

    >>> safe_text("ok \udcff")
    'ok \\udcff'
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _safe_streams() -> None:
    """Make stdout and stderr escape what they cannot encode instead of raising."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != "backslashreplace":
            with contextlib.suppress(ValueError, OSError):  # a closed or detached stream
                stream.reconfigure(errors="backslashreplace")


class GupaiGroup(LazyGroup):
    """The ``gupai`` group: one guard around every command.

    Any exception that is not click's own (usage errors, exits) becomes an
    :class:`InternalError`, a one-line message and exit status 3.
    """

    def invoke(self, ctx: click.Context) -> Any:
        _safe_streams()
        words = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): click's own handling
            raise
        except GupaiError as error:  # a usage error a command forgot to convert
            raise click.UsageError(safe_text(error.message), ctx) from None
        except Exception as error:
            command = " ".join(["gupai", *words])
            what = " ".join(f"{type(error).__name__}: {error}".split())
            raise InternalError(
                safe_text(f"internal error in `{command}`: {what} (a bug in gupai; please report it)")
            ) from None


@click.group(cls=GupaiGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gupai")
def main() -> None:
    """gupai: rules, reference engine and conformance kit for the Chinese
    domino "tens" games Kap Shap, Kap Tai Shap and Tsung Shap.

    Every command takes the game first (`gupai play kap-shap ...`). Exit
    status: 0 success, 1 an invalid log or a failed conformance case, 2
    unusable input or usage, 3 an internal error.

    Shell completion: eval "$(_GUPAI_COMPLETE=bash_source gupai)" (zsh_source,
    fish_source for the other shells)."""


def usage_errors(func: F) -> F:
    """Turn a :class:`GupaiError` from bad arguments into click's usage error (exit status 2)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except GupaiError as error:
            raise click.UsageError(safe_text(error.message)) from None

    return wrapper  # type: ignore[return-value]
