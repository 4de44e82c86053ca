"""``gupai play GAME --agents human,...``: people at the terminal, against the agents.

On a terminal the board is drawn with rich; when stdin is not a terminal a
plain board is printed and one line is read a decision (so a game can be
scripted: ``yes 1 | gupai play kap-shap --agents human,greedy``). The end
of the input is ``quit``. ``quit`` ends with exit status 0, Ctrl-C with 130;
either way ``--out`` gets the game so far (the log writer's log of it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from gupai.core.files import OutputError, write_file
from gupai.core.terminal import printable
from gupai.games.human import Board, Human, PlainFrontend, final_board
from gupai.games.table import Quit, Refusal, Table
from gupai.log.format import dumps_log
from gupai.log.write import table_log

__all__ = ["RichFrontend", "play_at_table"]


class RichFrontend:
    """The board drawn with rich on stdout, lines read with the terminal's editing. Text is never read as markup."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)

    def show(self, board: Board) -> None:
        from rich.panel import Panel
        from rich.table import Table as Grid
        from rich.text import Text

        grid = Grid.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for label, value in board.rows:
            grid.add_row(Text(label), _tiles(value))
        if board.last:
            grid.add_row(Text("last moves"), Text("\n".join(board.last), style="dim"))
        if board.moves:
            moves = Text()
            for number, move in enumerate(board.moves, 1):
                moves.append(f"{number:>2}", style="bold cyan")
                moves.append(f" {move}" + ("\n" if number < len(board.moves) else ""))
            grid.add_row(Text("your moves"), moves)
        self.console.print(Panel(grid, title=Text(board.title), title_align="left"))

    def say(self, text: str) -> None:
        from rich.text import Text

        self.console.print(Text(text))

    def refuse(self, refusal: Refusal) -> None:
        from rich.text import Text

        self.console.print(Text(f"refused: {refusal}", style="bold red"))
        if refusal.text:
            self.console.print(Text(f"  {refusal.rule}: {refusal.text}", style="red"))

    def ask(self, prompt: str) -> str | None:
        from rich.markup import escape

        try:
            return self.console.input(escape(prompt))
        except EOFError:
            return None


def _tiles(value: str) -> Any:
    """A row's text with its tiles (``[6-4]``) picked out."""
    from rich.text import Text

    text = Text(value)
    text.highlight_regex(r"\[\d-\d\]", "bold yellow")
    return text


def play_at_table(game: Any, *, seed: int, names: tuple[str, ...], out: str | None, force: bool) -> None:
    """Play one game with people (``human``) and agents at their seats; the log goes to ``out`` (or is offered)."""
    terminal = sys.stdin.isatty()
    front = RichFrontend() if terminal else PlainFrontend()
    seats: list[Any] = [Human(front) if name == "human" else name for name in names]
    table = Table(game, seed=seed, agents=seats)
    try:
        table.run()
    except Quit:
        front.say("stopped: the game so far is kept" if out else "stopped")
    except KeyboardInterrupt:
        if out is not None:
            _write(table, out, force=force)
        raise
    front.show(final_board(table.state, table.names))
    if out is not None:
        _write(table, out, force=force)
    elif terminal:
        _offer(table, front)
    else:
        click.echo("the log is not kept: give --out FILE to keep it", err=True)


def _write(table: Table, out: str, *, force: bool) -> None:
    write_file(out, dumps_log(table_log(table)) + "\n", force=force)
    state = table.state
    click.echo(f"wrote the game{'' if state.is_terminal else ' so far'} to {printable(out)}", err=True)


def _offer(table: Table, front: RichFrontend | PlainFrontend) -> None:
    """Ask for a file to keep the log in (an existing one is not overwritten)."""
    while True:
        name = front.ask("keep the log? a file name (.json), or Enter for none> ")
        if not name or not name.strip():
            return
        path = name.strip()
        if Path(path).exists():
            front.say(f"{printable(path)} exists: give another name")
            continue
        try:
            _write(table, path, force=False)
        except OutputError as error:
            front.say(printable(error.message))
            continue
        return
