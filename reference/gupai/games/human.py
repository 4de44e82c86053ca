"""A person at the table: the ``human`` agent, shown its seat's view only, answering with a move's number or text.

:class:`Human` is one more agent on the reference engine. Handed a
:class:`~gupai.games.table.Table` (``gupai play GAME --agents human,greedy``)
or a state by the engines' loop (``gupai.play_game(..., agents=[Human(),
"greedy"])`` in a notebook), it shows its seat's :class:`Board` (its hand,
the table or the row, the stock, the other seats' tile counts, the scores,
the last moves, the legal moves numbered from 1 as ``legal_actions`` spells
them) through a :class:`Frontend`, and reads lines until one names a legal
move. Besides moves it answers ``help``, ``hint``, ``undo`` (at a table),
``rules [ID]`` and ``quit``. A move that is not legal is refused with the
rule the engine names, why, and the rule's words; nothing changes.

>>> from gupai.games.registry import load_game
>>> from gupai.games.table import Table
>>> said = []
>>> person = Human(ScriptFrontend(["draw", "hint", "discard 6-6"], said))
>>> table = Table(load_game("kap-shap"), seed=1, agents=["greedy", person])
>>> table.step(), table.step()
(Discard(tile=Tile('6-6')), Take(tile=Tile('6-6')))
>>> print(said[0])
[ks.opening] seat 1 opens holding 8 tiles: the opening turn starts with a discard
>>> said[1]
'the greedy bot would play: discard 6-6; your hand is 3 tiles from a win'
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from gupai.core.spec import game_spec
from gupai.core.terminal import printable
from gupai.games.kap.state import KapState
from gupai.games.table import Quit, Refusal, TakeBack, hint, read_choice, rule_text

if TYPE_CHECKING:
    from gupai.games.table import Table

__all__ = ["HELP", "Board", "Frontend", "Human", "PlainFrontend", "ScriptFrontend", "board", "final_board"]

HELP = (
    "Type a move's number (1, 2, ...) or its text (`discard 6-4`). Also:\n"
    "  hint        what the greedy bot would play (and how far your hand is from a win)\n"
    "  undo        back to your previous decision\n"
    "  rules [ID]  the rules' ids and titles, or one rule's words (`rules ks.turn.discard`)\n"
    "  help or ?   this text\n"
    "  quit        stop the game (with --out, the game so far is written)"
)

#: How many of the last moves a board shows at most.
LAST_MOVES = 12


@dataclass(frozen=True, slots=True)
class Board:
    """What one seat is shown: a title, labelled rows, the last moves, and the legal moves (as their text)."""

    title: str
    rows: tuple[tuple[str, str], ...]
    last: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()

    def __str__(self) -> str:
        lines = [f"== {self.title} =="]
        width = max((len(label) for label, _ in self.rows), default=0)
        lines += [f"  {label.ljust(width)}  {value}" for label, value in self.rows]
        if self.last:
            lines.append("  last moves: " + "; ".join(self.last))
        if self.moves:
            lines.append("  moves: " + "  ".join(f"{n}) {move}" for n, move in enumerate(self.moves, 1)))
        return "\n".join(lines)


class Frontend(Protocol):
    """Where a :class:`Human` shows and reads: the terminal, a notebook, a script, a web page."""

    def show(self, board: Board) -> None: ...

    def say(self, text: str) -> None: ...

    def refuse(self, refusal: Refusal) -> None: ...

    def ask(self, prompt: str) -> str | None:
        """A line typed, or ``None`` at the end of the input."""
        ...


class PlainFrontend:
    """Plain text on stdout, one line read from stdin a decision (``input``'s terminal editing when it is one)."""

    def show(self, board: Board) -> None:
        print(board, flush=True)

    def say(self, text: str) -> None:
        print(text, flush=True)

    def refuse(self, refusal: Refusal) -> None:
        print(f"refused: {refusal}", flush=True)
        if refusal.text:
            print(f"  {refusal.rule}: {refusal.text}", flush=True)

    def ask(self, prompt: str) -> str | None:
        if sys.stdin.isatty():
            try:
                return input(prompt)
            except EOFError:
                return None
        print(prompt, end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print(flush=True)
            return None
        print(line.rstrip("\n"), flush=True)  # echoed, so a transcript of a piped game reads as it was played
        return line


class ScriptFrontend:
    """Answers from a list of lines (then the end of the input), everything said kept in ``said``: for tests."""

    def __init__(self, lines: Iterable[str], said: list[str] | None = None) -> None:
        self.lines = list(lines)
        self.said: list[str] = [] if said is None else said
        self.boards: list[Board] = []

    def show(self, board: Board) -> None:
        self.boards.append(board)

    def say(self, text: str) -> None:
        self.said.append(text)

    def refuse(self, refusal: Refusal) -> None:
        self.said.append(str(refusal))

    def ask(self, prompt: str) -> str | None:
        return self.lines.pop(0) if self.lines else None


class Human:
    """A seat a person holds, through ``frontend`` (plain text on stdin and stdout by default)."""

    name = "human"

    def __init__(self, frontend: Frontend | None = None) -> None:
        self.frontend: Frontend = frontend if frontend is not None else PlainFrontend()

    def decide(self, table: Table) -> Any:
        """The move the person chooses at ``table`` (:class:`~gupai.games.table.TakeBack` for ``undo``)."""
        return self._ask(table.state, table)

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random | None = None) -> Any:
        """The move the person chooses, asked by the engines' loop (``play_game``; there is no ``undo`` there)."""
        return self._ask(state, None)

    def _ask(self, state: Any, table: Table | None) -> Any:
        seat = state.current_player
        legal = state.legal_actions()
        front = self.frontend
        front.show(board(state, seat, legal))
        while True:
            line = front.ask(f"seat {seat}, your move (1-{len(legal)}, or help)> ")
            if line is None:
                raise Quit("the input ended", where="input")
            word = " ".join(line.split())
            command, _, rest = word.lower().partition(" ")
            if not word:
                continue
            if command in ("?", "help"):
                front.say(HELP)
            elif command == "hint":
                front.say(str(hint(state)))
            elif command == "undo":
                if table is None:
                    front.say("undo needs a table (gupai play, or gupai.games.table.Table)")
                elif not table.can_take_back():
                    front.say("nothing to undo: this is your first decision")
                else:
                    raise TakeBack
            elif command in ("rules", "rule"):
                front.say(_rules(state.config.spec.id, rest))
            elif command in ("quit", "exit"):
                raise Quit("quit", where="input")
            else:
                choice = read_choice(state, word, legal)
                if not isinstance(choice, Refusal):
                    return choice
                front.refuse(choice)


def _rules(game: str, rule: str) -> str:
    """``rules``: every rule's id and title, or one rule's words (its id with or without the game's prefix)."""
    spec = game_spec(game)
    if not rule:
        return "\n".join(f"{r.id}  {r.title}" for r in spec.rules) + "\n(`rules ID` for a rule's words)"
    for name in (rule, f"{spec.prefix}.{rule}"):
        text = rule_text(game, name)
        if text:
            return f"{name}: {spec.rule(name).title}\n{text}"
    return f"{game} has no rule {rule!r} (`rules` lists them)"


# ----------------------------------------------------------------- what a seat is shown
def _tiles(tiles: Iterable[Any]) -> str:
    return " ".join(f"[{tile}]" for tile in tiles) or "-"


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def event_text(event: Any, me: int) -> str:
    """One move as the seat ``me`` saw it (a collecting game's :class:`Event` or a Tsung Shap event).

    >>> from gupai.games.kap.actions import Event
    >>> event_text(Event("draw", 0), 1), event_text(Event("discard", 1, "6-6"), 1)
    ('seat 0 drew', 'you discarded [6-6]')
    """
    who = _who(event.seat, me)
    kind = event.type
    tile = getattr(event, "tile", None)
    if kind == "draw":
        return f"{who} drew" + (f" [{tile}]" if tile is not None else "")
    if kind in ("take", "discard"):
        return f"{who} {'took' if kind == 'take' else 'discarded'} [{tile}]"
    if kind == "pass":
        return f"{who} passed"
    if kind == "declare":
        return f"{who} declared a win: {event.decomposition}"
    if kind == "reveal":
        return f"{who} turned over [{tile}]"
    if kind == "lay":
        return f"{who} laid [{tile}] at the {event.end}"
    if kind == "refill":
        return f"{who} drew a tile" + (f" [{tile}]" if tile is not None else "")
    sweep = ", a sweep" if event.sweep else ""
    verb = "claimed" if kind == "claim" else "took"
    return f"{who} {verb} {event.capture}: {_tiles(event.tiles)} ({event.points} points{sweep})"


def _last_moves(events: Sequence[Any], me: int) -> tuple[str, ...]:
    """The moves since ``me`` last acted (all of them before its first move), the last :data:`LAST_MOVES`."""
    start = 0
    for at in range(len(events) - 1, -1, -1):
        if events[at].seat == me and events[at].type not in ("reveal", "refill"):
            start = at
            break
    return tuple(event_text(event, me) for event in events[start:][-LAST_MOVES:])


def board(state: Any, seat: int, legal: Sequence[Any] | None = None) -> Board:
    """What ``seat`` is shown (its observation only), with the legal moves when it is to act."""
    seen = state.observation(seat)
    spec = state.config.spec
    moves = tuple(str(action) for action in (legal or ()))
    if isinstance(state, KapState):
        asked = {"hold": "discard (or declare)", "start": "take a discard or draw", "draw": "draw"}
        doing = f"seat {seen.current_player} to {asked.get(seen.phase, 'act')}"
        rows = [("your hand", _tiles(seen.hand)), ("table", _tiles(seen.table)), ("stock", f"{seen.stock_left} tiles")]
        rows += [(f"seat {n}", f"{size} tiles") for n, size in enumerate(seen.hand_sizes) if n != seat]
        title = f"{spec.name}, turn {seen.turn}, you are seat {seat}: {doing}"
    else:
        doing = f"seat {seen.current_player} to {seen.phase}"
        row = _tiles(seen.row)
        rows = [("row", row + (f"   turned over [{seen.revealed}]" if seen.revealed is not None else ""))]
        if seen.hand or seen.hand_sizes[seat]:
            rows.append(("your hand", _tiles(seen.hand)))
        for n in (0, 1):
            held = f", {seen.hand_sizes[n]} in hand" if n != seat and seen.hand_sizes[n] else ""
            rows.append(("you" if n == seat else f"seat {n}", f"{seen.face_down[n]} face down{held}"))
        if seen.stock_left:
            rows.append(("stock", f"{seen.stock_left} tiles"))
        rows.append(("scores", " - ".join(f"{_who(n, seat)} {score}" for n, score in enumerate(seen.scores))))
        if seen.open_captures:
            rows.append(
                ("captures", ", ".join(f"{capture} ({points} points)" for capture, points in seen.open_captures))
            )
        title = f"{spec.name}, you are seat {seat}: {doing}"
    return Board(title, tuple(rows), _last_moves(seen.events, seat), moves)


def final_board(state: Any, names: Sequence[str] = ()) -> Board:
    """The end of a game, every hand shown: the result, the scores, each seat's tiles."""
    result = state.result()
    spec = state.config.spec
    who = [f"seat {n}" + (f" ({printable(names[n])})" if n < len(names) else "") for n in range(state.config.players)]
    winner = result.get("winner")
    if state.is_terminal:
        head = f"{spec.name} is over ({result.get('reason')}): " + (
            "no winner" if winner is None else f"{who[winner]} wins"
        )
    else:
        head = f"{spec.name}, stopped before its end"
    rows: list[tuple[str, str]] = []
    if isinstance(state, KapState):
        rows += [(who[n], _tiles(state.hand(n))) for n in range(state.players)]
        rows.append(("table", _tiles(state.table_tiles())))
        if state.decomposition is not None:
            rows.append(("winning hand", str(state.decomposition)))
        rows.append(("settlement", "  ".join(f"{who[n]} {v:+d}" for n, v in enumerate(state.settlement()))))
    else:
        rows.append(("row", _tiles(state.row_tiles())))
        rows += [(who[n], _tiles(state.hand(n))) for n in (0, 1) if state.hand(n)]
        rows.append(("scores", "  ".join(f"{who[n]} {score}" for n, score in enumerate(state.scores))))
    return Board(head, tuple(rows))
