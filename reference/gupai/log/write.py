"""A play as a log and back: :func:`to_log`, :func:`from_log`, :func:`dumps`.

A log holds the game (id, preset, options, players, sets), the deal and the
events; :func:`from_log` restores the play by replaying them through the
validator's replay (the same per-game code), so a restored state is one the
rules reached, never a copy of fields.

>>> from gupai.games.registry import load_game
>>> game = load_game("kap-shap")
>>> state = game.new_state(game.random_deal(seed=4))
>>> while not state.is_terminal:
...     _ = state.apply(state.legal_actions()[0])
>>> doc = to_log(state)
>>> doc["game"], doc["result"]["reason"] == state.reason
('kap-shap', True)
>>> from_log(dumps(doc)).history == state.history
True
>>> from_log(dumps(doc), game=load_game("kap-shap", "pagat"))
Traceback (most recent call last):
...
gupai.core.errors.LogError: the log is a play of gupai.load_game('kap-shap', 'culin', players=2, sets=1), not of gupai.load_game('kap-shap', 'pagat', players=2, sets=1)

The games know no log format (``gupai.games`` imports nothing of ``gupai.log``):
records sit beside the game, as ``chess.pgn`` beside ``chess``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from gupai.core.errors import GupaiError, LogError
from gupai.core.jsonread import JSONReadError, loads
from gupai.core.options import resolve_options
from gupai.games.base import Game, game_repr
from gupai.games.kap.replay import replay_kap
from gupai.games.kap.state import KapState
from gupai.games.table import Table
from gupai.games.tsung.actions import PASS_CODE, action_code, trace_json
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.deal import deal_json
from gupai.games.tsung.replay import replay_tsung
from gupai.games.tsung.state import TsungState
from gupai.log.format import LOG_FORMAT, LOG_VERSION, UNFINISHED, dumps_log
from gupai.log.play import deal_to_json

__all__ = ["dumps", "from_log", "table_log", "to_log"]


def to_log(
    state: KapState | TsungState, *, seed: int | str | None = None, agents: Sequence[str] | None = None
) -> dict[str, Any]:
    """The log of a play so far: its game, deal, events and result (``seed`` and ``agents`` recorded when given).

    A play in progress is recorded too, with the result ``"*"`` as PGN writes
    it (log format 2): :func:`from_log` gives back the same position, and
    ``gupai validate`` finds it "valid so far, unfinished". A Tsung Shap play
    that stands after a pass no later event shows writes that pass.
    """
    config = state.config
    doc: dict[str, Any] = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": config.spec.id,
        "preset": config.options.preset,
        "options": config.options.as_dict(),
        "players": config.players,
        "sets": config.sets,
    }
    if seed is not None:
        doc["seed"] = seed
    if agents is not None:
        doc["agents"] = list(agents)
    if isinstance(state, TsungState):
        doc["deal"] = deal_json(state.deal)
        doc["events"] = [trace_json(record) for record in state.trace] + _tsung_passes(state)
    else:
        doc["deal"] = deal_to_json(state.deal)
        doc["events"] = _kap_events(state)
    doc["result"] = state.result() if state.is_terminal else UNFINISHED
    return doc


def table_log(table: Table) -> dict[str, Any]:
    """The game at a :class:`~gupai.games.table.Table` so far, with its seed and the seats' names (:func:`to_log`)."""
    return to_log(table.state, seed=table.seed, agents=table.names)


def _tsung_passes(state: TsungState) -> list[dict[str, Any]]:
    """The passes an unfinished Tsung Shap play stands after, which no event shows (a finished log leaves them out:
    the events after a pass show it), as ``pass`` events; found by replaying its moves from the deal."""
    if state.is_terminal:
        return []
    replay = TsungState(state.config, state.deal)
    passes: list[int] = []
    for action in state.history:
        seat, before = replay.current_player, len(replay.trace)
        replay.apply_unchecked(action)
        if action_code(action) != PASS_CODE or len(replay.trace) > before:
            passes = []
        else:
            passes.append(seat)
    return [{"type": "pass", "seat": seat} for seat in passes]


def _kap_events(state: KapState) -> list[dict[str, Any]]:
    """The events of a collecting play, by replaying its moves from the deal (the declaration with its own split)."""
    replay = KapState(state.config, state.deal)
    events = []
    for action in state.history:
        (event,) = replay.apply(action)
        doc = event.to_json()
        if event.type == "declare" and state.decomposition is not None:
            doc["decomposition"] = state.decomposition.to_json()
        events.append(doc)
    return events


def from_log(log: str | Mapping[str, Any], *, game: Game[Any, Any, Any] | None = None) -> KapState | TsungState:
    """The play a valid log records, restored by replaying its events; an invalid log raises :class:`LogError`.

    ``log`` is the log's text or its parsed document; with ``game`` (as
    :func:`gupai.load_game` makes it), a log of another game or other options is
    refused too. The text is read as
    ``gupai validate -`` reads it (:func:`gupai.core.jsonread.loads`: no
    duplicate key, no NaN, nesting at most 64 deep), and refused where it is:

    >>> from_log('{"game": "kap-shap", "game": "kap-shap"}')
    Traceback (most recent call last):
    ...
    gupai.core.errors.LogError: /: not JSON: duplicate key "game" in an object
    >>> from_log("logs/game.json")
    Traceback (most recent call last):
    ...
    gupai.core.errors.LogError: from_log takes a log's text, not a path ('logs/game.json'): read the file first, e.g. from_log(Path('logs/game.json').read_text())
    """
    from gupai.log.verdicts import check_document  # (reading a log, not writing one: the Play page writes only)

    text = _text(log)
    try:
        doc = loads(text)
    except JSONReadError as error:
        raise LogError(f"/: not JSON: {error.message}", where="log") from None
    issues = check_document(doc, file="log", game=None)
    if issues:
        first = issues[0]
        raise LogError(f"{first.pointer or '/'}: {first.message}", where="log", rule=first.rule)
    state = replay_tsung(doc) if doc["game"] == TSUNG else replay_kap(doc)
    if game is not None and not _same_game(game.config, state.config):
        raise LogError(f"the log is a play of {_game_of(doc, state)}, not of {game!r}", where="log")
    return state


def _same_game(ours: Any, theirs: Any) -> bool:
    """Whether two configurations play one game: its id, players, sets and every option (the preset's name aside)."""
    return bool(
        ours.spec.id == theirs.spec.id
        and (ours.players, ours.sets) == (theirs.players, theirs.sets)
        and ours.options.as_dict() == theirs.options.as_dict()
    )


def _game_of(doc: Mapping[str, Any], state: KapState | TsungState) -> str:
    """The game a log records, as :func:`gupai.load_game` makes it: its preset, and the options set apart from it."""
    config = state.config
    try:
        options = resolve_options(doc["game"], preset=doc["preset"], overrides=doc["options"])
    except GupaiError:  # (a preset this release does not know: the log's options are all that count)
        options = config.options
    return game_repr(config.spec.id, options, players=config.players, sets=config.sets)


def _text(log: object) -> str:
    """The text of a log given as text or as its parsed document (written as JSON, to be read as text is), or
    :class:`LogError` where ``gupai validate -`` would find it unusable (empty, too large, a path)."""
    from gupai.log.read import MAX_BYTES  # (the validator's reader, which the Play page does not load)

    if isinstance(log, Mapping):
        try:
            return json.dumps(log, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as error:
            why = "nested too deeply" if isinstance(error, RecursionError) else str(error)
            raise LogError(f"/: not JSON: {why}", where="log") from None
    if not isinstance(log, str):
        hint = ": decode it first" if isinstance(log, bytes) else ""
        hint = ": read the file first" if isinstance(log, os.PathLike) else hint
        raise TypeError(f"from_log takes a log's text or its parsed document, not {type(log).__name__}{hint}")
    body = log.strip(" \t\r\n")
    if not body:
        raise LogError("empty: no game log in it", where="log")
    if len(log) > MAX_BYTES // 4 and len(log.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LogError(f"larger than {MAX_BYTES // 2**20} MiB: not read", where="log")
    if body[0] not in "{[\ufeff" and "\n" not in body and _looks_like_a_path(body):
        raise LogError(
            f"from_log takes a log's text, not a path ({body!r}): read the file first, "
            f"e.g. from_log(Path({body!r}).read_text())",
            where="log",
        )
    return log


def _looks_like_a_path(text: str) -> bool:
    """Whether text that is not JSON is a file's name (it ends as a log file does, or names a file that exists)."""
    return text.endswith((".json", ".jsonl")) or (len(text) < 4096 and os.path.isfile(text))


def dumps(log: KapState | TsungState | dict[str, Any]) -> str:
    """A log's canonical text (one top-level field a line, one event a line); a state is written by :func:`to_log`."""
    return dumps_log(log if isinstance(log, dict) else to_log(log))
