"""The play page's Python: a game at a :class:`gupai.games.table.Table`, seat 0 the reader's, answered in JSON.

Shipped to the browser inside the kit (``site_hooks/play.py`` zips it beside
the ``gupai`` package) and run there on Pyodide; the page's JavaScript only
draws what these functions return and sends back what the reader clicked. Every
answer comes from the reference engine: the legal moves are ``legal_actions``,
a refusal is :func:`gupai.games.table.read_choice`'s (the state's own
``why_illegal``), the board is :func:`gupai.games.human.board`, the log the log
writer's. Nothing of the rules is written here.

>>> page = Session()
>>> view = json.loads(page.new("kap-shap", "culin", 1))
>>> view["seat"], view["to_move"], view["moves"][:2]
(0, 1, [])
>>> json.loads(page.bot())["moved"]
'seat 1: discard 6-6'
>>> answer = json.loads(page.move("discard 6-6"))
>>> answer["refusal"]["rule"], answer["refusal"]["why"]
('ks.turn.discard', 'seat 0 discarded [6-6] but must first take a discard or draw')
"""

from __future__ import annotations

import json
from typing import Any

from gupai.core.spec import game_spec
from gupai.games.human import board, final_board
from gupai.games.kap.state import KapState
from gupai.games.registry import load_game
from gupai.games.table import Person, Refusal, Table, hint, read_choice
from gupai.log.write import table_log

__all__ = ["Session"]


class _Reader:
    """Seat 0: the page answers for it, one move at a time (the table never asks it)."""

    name = "human"

    def decide(self, table: Table) -> Any:  # pragma: no cover - the page applies the reader's moves itself
        raise RuntimeError("the page plays the reader's moves")


class Session:
    """One game on the page at a time; each method returns the page's view as JSON text."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.marks: list[int] = []

    def new(self, game: str, preset: str, seed: int) -> str:
        """Deal a new game: the reader at seat 0, the greedy bot at the others."""
        made = load_game(game, preset)
        reader: Person = _Reader()
        self.table = Table(made, seed=seed, agents=[reader] + ["greedy"] * (made.players - 1))
        self.marks = []
        return self.view()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("no game dealt yet")
        return self.table

    def bot(self) -> str:
        """Let the bot to act play its move; the view, with the move made."""
        table = self._table()
        seat = table.state.current_player
        action = table.step()
        return self.view(moved=f"seat {seat}: {action}")

    def move(self, text: str) -> str:
        """The reader's move (its text or number): played if legal, else refused with its rule; the view."""
        table = self._table()
        state = table.state
        if state.is_terminal or state.current_player != 0:
            return self.view(refusal=Refusal("", "it is not your turn"))
        choice = read_choice(state, text)
        if isinstance(choice, Refusal):
            return self.view(refusal=choice)
        self.marks.append(len(state.history))
        state.apply(choice)
        cap = getattr(state, "turn_cap", None)
        if cap is not None and state.turn > cap and not state.is_terminal:
            state.abandon()
        return self.view(moved=f"seat 0: {choice}")

    def undo(self) -> str:
        """Back to the reader's previous decision."""
        table = self._table()
        if self.marks:
            moves = self.marks.pop()
            table.state = table.state.replayed(table.state.history[:moves])
        return self.view()

    def hint(self) -> str:
        table = self._table()
        if table.state.is_terminal or table.state.current_player != 0:
            return json.dumps({"hint": ""})
        return json.dumps({"hint": str(hint(table.state))})

    def log(self) -> str:
        """The game so far as a log (the log writer's)."""
        return json.dumps(table_log(self._table()), ensure_ascii=False)

    def legal(self) -> str:
        """The legal moves of the seat to act, as ``legal_actions`` spells them (for the page's tests)."""
        return json.dumps([str(action) for action in self._table().state.legal_actions()])

    def view(self, *, moved: str = "", refusal: Refusal | None = None) -> str:
        table = self._table()
        state = table.state
        game = state.config.spec.id
        over = state.is_terminal
        legal = state.legal_actions() if not over and state.current_player == 0 else []
        shown = board(state, 0, legal)
        doc: dict[str, Any] = {
            "game": game,
            "preset": state.config.options.preset,
            "seed": table.seed,
            "seat": 0,
            "players": state.config.players,
            "to_move": None if over else state.current_player,
            "over": over,
            "title": shown.title,
            "rows": [list(row) for row in shown.rows],
            "last": list(shown.last),
            "moves": list(shown.moves),
            "moved": moved,
            "can_undo": bool(self.marks),
            "tiles": _tiles(state),
        }
        if refusal is not None:
            doc["refusal"] = {"rule": refusal.rule, "why": refusal.why, "text": refusal.text}
            if refusal.rule:
                doc["refusal"]["title"] = game_spec(game).rule(refusal.rule).title
        if over:
            end = final_board(state, table.names)
            doc["end"] = {"title": end.title, "rows": [list(row) for row in end.rows]}
        return json.dumps(doc, ensure_ascii=False)


def _tiles(state: Any) -> dict[str, Any]:
    """The faces the page draws as pictures: seat 0's hand, the table (or the row) and the tile turned over."""
    seen = state.observation(0)
    if isinstance(state, KapState):
        return {"hand": [t.face for t in seen.hand], "table": [t.face for t in seen.table]}
    return {
        "hand": [t.face for t in seen.hand],
        "row": [t.face for t in seen.row],
        "revealed": seen.revealed.face if seen.revealed is not None and seen.current_player == 0 else None,
    }
