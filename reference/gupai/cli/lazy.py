"""A click group whose commands are imported only when one of them runs.

``gupai --help``, ``gupai --version`` and the completion of a command name
need only each command's name and one-line help; importing the commands
themselves would load the engine, numpy and the schema validator (most of a
second). A :class:`LazyGroup` holds, for each command, the module and the
attribute that define it and its short help, and imports the module when the
command is looked up to be run (or its own options completed).
``tests/unit/test_cli_start.py`` holds each short help to the command's own.

>>> import click
>>> @click.group(cls=LazyGroup)
... def tool() -> None: ...
>>> tool.add_lazy_command("echo", "gupai.cli.lazy", "_example", "Print the word.")
>>> tool.list_commands(click.Context(tool))
['echo']
>>> tool.get_command(click.Context(tool), "echo").name
'example'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

import click
from click.shell_completion import CompletionItem

__all__ = ["LazyCommand", "LazyGroup"]


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """Where a command is defined, and its one-line help (shown without importing it)."""

    module: str
    attribute: str
    short_help: str

    def load(self) -> click.Command:
        command = getattr(import_module(self.module), self.attribute)
        if not isinstance(command, click.Command):  # pragma: no cover - a wrong entry in the table
            raise TypeError(f"{self.module}.{self.attribute} is not a click command")
        return command


class LazyGroup(click.Group):
    """A group listing its lazy commands by name and help, importing each only to run it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands: dict[str, LazyCommand] = {}

    def add_lazy_command(self, name: str, module: str, attribute: str, short_help: str) -> None:
        """Register the command ``name``, defined as ``attribute`` of ``module``, with its one-line help."""
        self.lazy_commands[name] = LazyCommand(module, attribute, short_help)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self.lazy_commands:
            command = self.lazy_commands[cmd_name].load()
            self.commands[cmd_name] = command
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command ``args`` begins with: its name in another case when only one command matches, and
        for an unknown one a usage error with the closest name ("Did you mean 'simulate'?")."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            names = self.list_commands(ctx)
            folded = [known for known in names if known.casefold() == name.casefold()]
            if len(folded) != 1:
                import difflib  # (for a mistake only: not at every start)

                close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
                hint = f" Did you mean {close[0]!r}?" if close else f" (commands: {', '.join(names)})"
                ctx.fail(f"No such command {name!r}.{hint}")
            args = [folded[0], *args[1:]]
        return super().resolve_command(ctx, args)

    def _short_helps(self, ctx: click.Context, limit: int) -> list[tuple[str, str]]:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                command = self.commands[name]
                if command.hidden:
                    continue
                rows.append((name, command.get_short_help_str(limit)))
            else:
                rows.append((name, _shorten(self.lazy_commands[name].short_help, limit)))
        return rows

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, from the table (no command imported)."""
        limit = formatter.width - 6 - max((len(name) for name in self.list_commands(ctx)), default=0)
        rows = self._short_helps(ctx, limit)
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """Command names with their help, from the table; then the group's own options."""
        items = [
            CompletionItem(name, help=help_text)
            for name, help_text in self._short_helps(ctx, 45)
            if name.startswith(incomplete)
        ]
        items.extend(click.Command.shell_complete(self, ctx, incomplete))
        return items


def _shorten(text: str, limit: int) -> str:
    """``text`` cut as click cuts a short help: at a word, with "..." when cut.

    >>> _shorten("Play many games of GAME and report their figures", 30)
    'Play many games of GAME and...'
    """
    return click.Command(None, help=text).get_short_help_str(limit)


@click.command(name="example")
def _example() -> None:
    """An example command (for this module's doctest)."""
