"""The reference engine behind the engine protocol: ``gupai engine``.

:class:`ReferenceEngine` answers protocol requests with gupai's own engines;
:func:`serve` runs it over standard input and output, so ``gupai engine`` is
an engine the conformance harness can drive like any other. The harness also
uses a :class:`ReferenceEngine` in-process as its oracle: it sends the
reference the same requests as the engine under test and compares the
answers.

>>> engine = ReferenceEngine()
>>> engine.handle({"id": 0, "cmd": "start", "protocol": 1})["engine"]["name"]
'gupai-reference'
>>> deal = {
...     "hands": [
...         ["6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1"],
...         ["5-5", "5-5", "3-3", "2-2", "6-2", "1-1", "6-5"],
...     ],
...     "stock": ["4-4"],
...     "first_player": 0,
... }
>>> engine.handle(
...     {"id": 1, "cmd": "new_game", "game": "kap-shap", "options": {}, "players": 2, "sets": 1, "deal": deal}
... )
{'id': 1, 'answer': 'ok'}
>>> engine.handle({"id": 2, "cmd": "legal_actions"})["actions"]
[{'type': 'declare', 'seat': 0}]
>>> engine.handle({"id": 3, "cmd": "check", "action": {"type": "discard", "seat": 0, "tile": "2-1"}})["rule"]
'ks.declare'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from gupai import __version__
from gupai.core.spec import game_spec
from gupai.games.kap.config import COLLECTING_GAMES
from gupai.games.tsung.config import GAME as TSUNG
from gupai.protocol import capabilities
from gupai.protocol.kap_session import KapSession
from gupai.protocol.messages import (
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    ProtocolError,
    encode,
    parse_json_line,
    read_request,
)
from gupai.protocol.session import GameSession, RefusalError, illegal
from gupai.protocol.tsung_session import TsungSession

__all__ = [
    "ENGINE_NAME",
    "GAME_SESSIONS",
    "GameSession",
    "ReferenceEngine",
    "RefusalError",
    "game_claims",
    "main",
    "serve",
]

ENGINE_NAME = "gupai-reference"


GAME_SESSIONS: dict[str, Callable[[Mapping[str, Any]], GameSession]] = {
    **{game: KapSession.start for game in COLLECTING_GAMES},
    TSUNG: TsungSession.start,
}


def game_claims(games: Sequence[str] | None = None) -> dict[str, Any]:
    """What the reference supports: every option value and every number of players of ``games``.

    >>> claims = game_claims(["kap-shap"])
    >>> claims["kap-shap"]["options"]["take"], claims["kap-shap"]["players"]
    (['any', 'latest'], {'min': 2, 'max': 2})
    """
    result = {}
    for game in games if games is not None else sorted(GAME_SESSIONS):
        spec = game_spec(game)
        result[game] = {
            "options": {option.key: list(option.values) for option in spec.options},
            "players": {"min": spec.players_min, "max": spec.players_max},
        }
    return result


class ReferenceEngine:
    """gupai's engines answering protocol requests (already checked against the schema)."""

    def __init__(self) -> None:
        self.started = False
        self.session: GameSession | None = None

    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The answer to one schema-valid request."""
        id, cmd = request["id"], request["cmd"]
        try:
            return {"id": id, "answer": "ok", **self._carry_out(cmd, request)}
        except RefusalError as refusal:
            return refusal.answer(id)

    def _carry_out(self, cmd: str, request: Mapping[str, Any]) -> dict[str, Any]:
        if cmd == "start":
            if request["protocol"] != PROTOCOL_VERSION:  # start names 1 (the answer says the version spoken)
                raise RefusalError("unsupported", f"start names protocol {PROTOCOL_VERSION}")
            self.started = True
            engine = {"name": ENGINE_NAME, "version": __version__, "language": "Python"}
            hello = {"protocol": PROTOCOL_VERSIONS[-1], "engine": engine, "games": game_claims()}
            return {**hello, "capabilities": list(capabilities.CAPABILITIES)}
        if not self.started:
            raise RefusalError("error", f"{cmd} before start: send start first")
        if cmd == "stop":
            return {}
        if cmd in capabilities.CAPABILITIES:
            return capabilities.answer(request)
        if cmd == "new_game":
            starter = GAME_SESSIONS.get(request["game"])
            if starter is None:
                raise RefusalError("unsupported", f"no engine plays {request['game']}")
            self.session = None
            self.session = starter(request)
            events = getattr(self.session, "start_events", [])
            return {"events": events} if events else {}
        if self.session is None:
            raise RefusalError("error", f"{cmd} before new_game: no game is in progress")
        if cmd == "legal_actions":
            return {"actions": self.session.legal_actions()}
        if cmd == "state":
            return {"state": self.session.state()}
        if cmd == "check":
            problem = self.session.refusal(request["action"])
            if problem is not None:
                raise illegal(*problem)
            return {}
        return {"events": self.session.apply(request["action"])}

    def handle_line(self, line: str | bytes) -> tuple[dict[str, Any], bool]:
        """The answer to one request line, and whether the session should stop; never raises."""
        try:
            request = read_request(line)
        except ProtocolError as error:
            return {"id": _id_of(line), "answer": "error", "message": error.message}, False
        try:
            answer = self.handle(request)
        except Exception as error:  # a bug in the reference: say so rather than die
            return {"id": request["id"], "answer": "error", "message": f"internal error: {error!r}"}, False
        return answer, request["cmd"] == "stop"


def _id_of(line: str | bytes) -> int | None:
    try:
        doc = parse_json_line(line)
    except ProtocolError:
        return None
    value = doc.get("id")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**53 else None


def serve(stdin: IO[bytes], stdout: IO[bytes], *, engine: ReferenceEngine | None = None) -> int:
    """Answer requests from ``stdin`` on ``stdout``, one line each, until ``stop`` or end of input."""
    engine = engine or ReferenceEngine()
    while True:
        line = stdin.readline(MAX_LINE_BYTES + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the overlong line
                line = stdin.readline(MAX_LINE_BYTES)
            answer: dict[str, Any] = {"id": None, "answer": "error", "message": "line too long"}
            stop = False
        elif not line.strip():
            continue
        else:
            answer, stop = engine.handle_line(line)
        stdout.write(encode(answer).encode("utf-8") + b"\n")
        stdout.flush()
        if stop:
            return 0


def main() -> int:
    """Run the reference engine on this process's standard input and output."""
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt as stop:
        if getattr(stop, "signum", None) is not None:  # `gupai engine` stopped by a signal: exit 130/143, said
            raise
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
