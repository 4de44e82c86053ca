"""Drive another engine from Python over the engine protocol, as the conformance harness does.

:class:`Engine` wraps the harness's own process class
(:class:`gupai.conformance.process.EngineProcess`): every answer is awaited
for at most ``timeout`` seconds, the engine runs in a process group of its
own that closing kills, and whatever the engine does wrong (hangs, crashes,
garbage) becomes an :class:`~gupai.conformance.process.EngineError`. A move
the engine refuses raises :class:`~gupai.core.errors.IllegalActionError`
with its rule id.

>>> import sys
>>> with Engine.popen([sys.executable, "-m", "gupai.protocol.server"]) as engine:
...     events = engine.new_game("kap-shap", seed=1)
...     actions = engine.legal_actions()
...     done = engine.apply("discard 6-6")
...     engine.state()["current_player"]
0
>>> actions[0], done
({'type': 'discard', 'seat': 1, 'tile': '6-6'}, [{'type': 'discard', 'seat': 1, 'tile': '6-6'}])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

from gupai.conformance.process import EngineError, EngineProcess
from gupai.core.errors import IllegalActionError
from gupai.core.tiles import Tile
from gupai.games.registry import load_game

__all__ = ["Engine", "EngineError", "action_text"]


def action_text(action: Mapping[str, Any]) -> str:
    """A protocol action as its text (``discard 6-6``, ``lay 6-4 left``, ``take triple ends``, ``draw``).

    >>> action_text({"type": "lay", "seat": 0, "tile": "6-4", "end": "left"})
    'lay 6-4 left'
    >>> action_text({"type": "capture", "seat": 0, "kind": "triple", "at": "ends"})
    'take triple ends'
    """
    kind = str(action.get("type"))
    words = ["take" if kind == "capture" else kind]
    for key in ("tile", "end", "kind", "at"):
        if key in action:
            words.append(str(Tile.parse(action[key])) if key == "tile" else str(action[key]))
    return " ".join(words)


class Engine:
    """An engine process spoken to over the protocol: ``new_game``, ``legal_actions``, ``apply``, ``state``."""

    def __init__(self, process: EngineProcess) -> None:
        self.process = process

    @classmethod
    def popen(cls, command: str | Sequence[str], *, timeout: float = 10.0, start_timeout: float = 30.0) -> Engine:
        """Start ``command`` (a command line or its words) and shake hands with it."""
        process = EngineProcess(command, timeout=timeout, start_timeout=start_timeout)
        process.start()
        return cls(process)

    @property
    def hello(self) -> Mapping[str, Any]:
        """The engine's ``start`` answer: its name, the games and options it plays."""
        return self.process.hello

    def _ask(self, cmd: str, **fields: Any) -> Mapping[str, Any]:
        answer = self.process.ask(cmd, **fields)
        if answer.kind == "illegal":
            raise IllegalActionError(answer.message, where=cmd, rule=answer.rule)
        if not answer.is_ok:
            raise EngineError("schema", f"the engine answered {cmd} with {answer.describe()}")
        return answer.doc

    def new_game(
        self,
        game: str,
        preset: str | None = None,
        *,
        players: int | None = None,
        sets: int | None = None,
        seed: int | str = 0,
        deal: Mapping[str, Any] | None = None,
        **options: str,
    ) -> list[dict[str, Any]]:
        """Start a game (options as :func:`~gupai.games.registry.load_game` takes them); return its chance events.

        The deal is ``deal`` (as the protocol writes one), else the one
        ``gupai play --seed`` would cut for ``seed``.
        """
        fixed = load_game(game, preset, players=players, sets=sets, **options)
        config: Any = fixed.config
        if deal is None:
            cut: Any = fixed.random_deal(seed=seed)
            written: dict[str, Any] = {"order": [Tile.from_index(k).face for k in cut.order]}
            if hasattr(cut, "dice"):  # the collecting games throw dice (null when the options throw none)
                written["dice"] = list(cut.dice) if cut.dice is not None else None
            deal = written
        doc = self._ask(
            "new_game",
            game=game,
            options=config.options.as_dict(),
            players=fixed.players,
            sets=config.sets,
            deal=dict(deal),
        )
        return list(doc.get("events", []))

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal actions, as the protocol writes them."""
        return list(self._ask("legal_actions")["actions"])

    def apply(self, action: Mapping[str, Any] | str) -> list[dict[str, Any]]:
        """Apply an action (as the protocol writes it, or its text, e.g. ``"discard 6-6"``); return its events."""
        if isinstance(action, str):
            wanted = " ".join(action.split())
            legal = self.legal_actions()
            matches = [a for a in legal if action_text(a) == wanted]
            if not matches:
                shown = ", ".join(action_text(a) for a in legal[:8])
                raise IllegalActionError(f"{action!r} is not a legal action now (legal: {shown})", where="apply")
            action = matches[0]
        return list(self._ask("apply", action=dict(action)).get("events", []))

    def state(self) -> dict[str, Any]:
        """The engine's view of the game in progress (``current_player``, ``terminal``, ...)."""
        return dict(self._ask("state")["state"])

    def close(self) -> None:
        """Say ``stop`` and end the process (its whole process group)."""
        self.process.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
