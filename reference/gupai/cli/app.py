"""The `gupai` command group and what every command shares: the error style, exit statuses, safe output."""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from functools import wraps
from typing import Any, NoReturn, TypeVar

import click

from gupai import __version__
from gupai.cli.lazy import LazyGroup
from gupai.core import stops
from gupai.core.errors import GupaiError
from gupai.core.files import OutputError
from gupai.core.stops import Interrupted
from gupai.core.terminal import printable

__all__ = [
    "EXIT_INTERNAL",
    "InputError",
    "InternalError",
    "Interrupted",
    "InvalidInput",
    "main",
    "run",
    "safe_text",
    "usage_errors",
]

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


def _on_signal(signum: int, frame: object) -> None:
    # The first signal stops the command; the clean-up it starts is bounded (about a second), so the
    # same signal again is not let through to cut it short and leave a process or a file behind.
    for each in (signal.SIGINT, signal.SIGTERM):
        signal.signal(each, signal.SIG_IGN)
    stops.ask(signum)  # (checked again by the long loops, should this exception be swallowed)
    raise Interrupted(signum)


def _raise_again(signum: int, frame: object) -> None:
    stops.check()  # the stop asked for (SIGALRM is only the means)


def _unraisable(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``sys.unraisablehook`` while a command runs: an :class:`Interrupted` raised where Python ignores exceptions
    is raised again, a moment later, from the code the command runs; anything else goes to ``hook``.

    A signal's handler runs wherever the main thread is, a finalizer (``__del__``) included; there its
    exception is only printed, and the command would go on, the stop lost, to exit 0. The stop is raised again
    from an alarm 5 ms later (and again, should that one land in a finalizer too).
    """

    def unraisable(info: Any) -> object:
        if not isinstance(info.exc_value, Interrupted) or not hasattr(signal, "setitimer"):
            return hook(info)
        signal.signal(signal.SIGALRM, _raise_again)
        signal.setitimer(signal.ITIMER_REAL, 0.005)
        return None

    return unraisable


@contextlib.contextmanager
def _signals_stop() -> Iterator[None]:
    """Turn SIGINT and SIGTERM into :class:`Interrupted` while a command runs (then put the handlers back).

    Only the main thread can set handlers; elsewhere (a command run from a thread) nothing changes.
    """
    saved: dict[int, Any] = {}
    with contextlib.suppress(ValueError, OSError):
        for each in (signal.SIGINT, signal.SIGTERM):
            previous = signal.getsignal(each)
            if previous is not signal.SIG_IGN:  # a command started with a signal ignored keeps it so
                signal.signal(each, _on_signal)
                saved[each] = previous
    if saved and hasattr(signal, "SIGALRM"):
        saved[signal.SIGALRM] = signal.getsignal(signal.SIGALRM)
    hook = sys.unraisablehook
    if saved:
        sys.unraisablehook = _unraisable(hook)
    try:
        yield
    finally:
        sys.unraisablehook = hook
        if signal.SIGALRM in saved:
            signal.setitimer(signal.ITIMER_REAL, 0)
        stops.clear()
        for number, handler in saved.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)


def _interrupted(signum: int) -> click.exceptions.Exit:
    name = signal.Signals(signum).name
    with contextlib.suppress(OSError, ValueError):
        click.echo(f"gupai: stopped by {name} (exit status {128 + signum})", err=True)
    return click.exceptions.Exit(128 + signum)


def safe_text(text: str) -> str:
    r"""``text`` for a one-line message: control characters (from a file name, an engine, a log) and what
    UTF-8 cannot encode (a lone surrogate) shown escaped (:func:`gupai.core.terminal.printable`).

    >>> safe_text("ok \udcff"), safe_text("a\x1b[2J\nb")
    ('ok \\udcff', 'a\\x1b[2J\\nb')
    """
    return printable(text)


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
            with _signals_stop():
                try:
                    result = super().invoke(ctx)
                except BaseException:
                    stops.check()  # a stop whose exception another one took the place of
                    raise
                stops.check()  # a stop whose exception was swallowed (in a finalizer, a library)
                return result
        except Interrupted as stop:
            raise _interrupted(stop.signum) from None
        except (KeyboardInterrupt, click.exceptions.Abort):  # Ctrl-C before the handler was set, or click's prompt
            raise _interrupted(signal.SIGINT) from None
        except (click.exceptions.ClickException, click.exceptions.Exit):
            raise
        except OutputError as error:  # an output file that cannot be written: unusable input (the path)
            raise InputError(safe_text(error.message)) from None
        except BrokenPipeError:  # the reader went away (`| head`): quietly, as a program SIGPIPE stopped
            raise click.exceptions.Exit(_pipe_closed()) from None
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
    unusable input or usage, 3 an internal error, 130/143 stopped by
    SIGINT/SIGTERM.

    Shell completion: eval "$(_GUPAI_COMPLETE=bash_source gupai)" (zsh_source,
    fish_source for the other shells)."""


def usage_errors(func: F) -> F:
    """Turn a :class:`GupaiError` from bad arguments into click's usage error (exit status 2)."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except OutputError as error:  # a file that cannot be written: unusable, but not a usage mistake
            raise InputError(printable(error.message)) from None
        except GupaiError as error:
            raise click.UsageError(safe_text(error.message)) from None

    return wrapper  # type: ignore[return-value]


def run() -> NoReturn:
    """The ``gupai`` console script: :data:`main`, then the process ends as Python would end it, less the
    teardown of the interpreter.

    Python's own exit waits for the threads, runs the ``atexit`` handlers and
    flushes the standard streams, as this does; then it frees every object
    and module one by one: 0.04 s for ``gupai validate`` of one game, 0.1 s
    after a large corpus, on a core the command no longer needs. The process
    ends here instead (``os._exit``): the system takes its memory back at
    once. Nothing is lost by it: every file the commands write is closed (or
    renamed into place) before they return, and their workers are reaped.
    """
    try:
        main()  # click's standalone mode: it always ends in SystemExit
        status = 0
    except SystemExit as stop:
        status = _status(stop.code)
    os._exit(_ended(status))


def _status(code: object) -> int:
    """The exit status of ``SystemExit(code)``, as Python gives it (a message is printed, status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    with contextlib.suppress(OSError, ValueError):
        print(code, file=sys.stderr)
    return 1


def _ended(status: int) -> int:
    """What Python does at exit before its teardown: wait for the threads, run the ``atexit`` handlers, flush
    stdout and stderr (a failed flush makes a successful exit 120, as in Python). The status to exit with."""
    shutdown = getattr(threading, "_shutdown", None)  # joins the non-daemon threads, runs their exit hooks
    if shutdown is not None:
        shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:  # the reader went away before the last of the output (`| head -1`)
            status = status or _pipe_closed()
        except (OSError, ValueError):
            status = status or 120
    return status


#: The exit status of a command whose reader went away (`gupai rules kap-shap | head -1`): 128 + SIGPIPE, as a
#: program stopped by the signal (what the shell reports for `yes | head -1`), and no message.
EXIT_PIPE_CLOSED = 141


def _pipe_closed() -> int:
    """Point standard output at /dev/null (nothing more can reach the reader, and the last flush must not fail
    again); :data:`EXIT_PIPE_CLOSED`."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    return EXIT_PIPE_CLOSED
