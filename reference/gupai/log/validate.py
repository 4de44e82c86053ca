"""The log validator: the schema first, then a replay through the engine.

Every error names the file, the game (its line in a JSON Lines file), the
event index, the JSON pointer, the rule id from ``spec/`` and a sentence a
person understands. Schema errors are all reported; a replay stops at the
first illegal event of a game.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-shap", seed=3)
>>> validate_log(log)
[]
>>> log["events"][0]["seat"] = 1 - log["events"][0]["seat"]
>>> [e.rule for e in validate_log(log)]
['ks.turn.order']
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.hands import Decomposition
from gupai.core.options import resolve_options
from gupai.core.tiles import Tile, set_counts
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.games.kap.deal import deal_from_order, first_player_from_dice
from gupai.games.kap.state import Action, Declare, Discard, Draw, KapState, Take
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.replay import replay_tsung
from gupai.log.schema import load_schema

__all__ = ["MAX_BYTES", "LogIssue", "validate_log", "validate_paths", "validate_text"]

#: Documents larger than this are rejected unread.
MAX_BYTES = 64 * 1024 * 1024

#: Game id -> its log replay, for games not replayed as the collecting games are.
REPLAYERS: dict[str, Callable[[dict[str, Any]], object]] = {TSUNG: replay_tsung}


@dataclass(frozen=True, slots=True)
class LogIssue:
    """One thing wrong with one log."""

    file: str
    game: int | None
    event: int | None
    pointer: str
    rule: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "event": self.event,
            "pointer": self.pointer,
            "rule": self.rule,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = self.file + (f":{self.game}" if self.game is not None else "")
        at = f" event {self.event}" if self.event is not None else ""
        rule = self.rule or "schema"
        return f"{where}:{at} {self.pointer or '/'} [{rule}] {self.message}"


_ReplayError = ReplayError


def _pointer(path: Iterable[Any]) -> str:
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


_RS_VALIDATOR: Any = None
_PY_VALIDATOR: Any = None


def _schema_errors(doc: Any) -> list[tuple[str, str]]:
    global _RS_VALIDATOR, _PY_VALIDATOR
    if _RS_VALIDATOR is None:
        _RS_VALIDATOR = jsonschema_rs.validator_for(load_schema())
        _PY_VALIDATOR = jsonschema.Draft202012Validator(load_schema())
    if _RS_VALIDATOR.is_valid(doc):
        return []
    found = []
    for error in sorted(_PY_VALIDATOR.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        found.extend(_leaf_errors(error))
    if not found:  # the two validators disagree: trust the stricter one
        found = [(_pointer(e.instance_path), e.message) for e in _RS_VALIDATOR.iter_errors(doc)]
    return sorted(set(found))


def _leaf_errors(error: jsonschema.ValidationError) -> list[tuple[str, str]]:
    if error.context:
        deepest = max(error.context, key=lambda e: len(e.absolute_path))
        return _leaf_errors(deepest)
    return [(_pointer(error.absolute_path), error.message)]


def validate_log(doc: Any, *, file: str = "<log>", game: int | None = None, integral: bool = False) -> list[LogIssue]:
    """Every problem with one parsed log; ``[]`` when it is valid.

    ``integral`` says the document holds no integral floats (``5.0``), as when
    it was parsed by :func:`validate_text`; otherwise they are read as integers
    first, as JSON Schema counts them.
    """
    errors = _schema_errors(doc)
    if errors:
        return [LogIssue(file, game, _event_of(p), p, None, m) for p, m in errors]
    try:
        replayer = REPLAYERS.get(doc["game"], _replay_collecting)
        replayer(doc if integral else _integral(doc))
    except ReplayError as problem:
        return [LogIssue(file, game, problem.event, problem.pointer, problem.rule, problem.message)]
    return []


def _integral(value: Any) -> Any:
    """The document with every integral float (``5.0``) as an int, as JSON Schema counts them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral(item) for item in value]
    return value


def _event_of(pointer: str) -> int | None:
    parts = pointer.split("/")
    if len(parts) > 2 and parts[1] == "events" and parts[2].isdigit():
        return int(parts[2])
    return None


# ------------------------------------------------------------ collecting
def _kinds(faces: Iterable[str]) -> list[int]:
    return [Tile(face).index for face in faces]


def _replay_collecting(doc: dict[str, Any]) -> KapState:
    game = doc["game"]
    prefix = "ks" if game == "kap-shap" else "kts"
    options = resolve_options(game, preset=None, overrides=doc["options"])
    try:
        config = collecting_config(game, options, players=doc["players"], sets=doc["sets"])
    except GupaiError as error:
        rule = error.rule or f"{prefix}.equipment.players"
        raise _ReplayError("/sets" if error.where == "sets" else "/players", rule, error.message) from None
    deal_doc = doc["deal"]
    _check_deal(config, deal_doc)
    deal = deal_from_order(config, _kinds(deal_doc["order"]), dice=deal_doc["dice"])
    state = KapState(config, deal)
    for index, event in enumerate(doc["events"]):
        _replay_event(state, index, event)
    _check_result(state, doc)
    return state


def _check_deal(config: CollectingConfig, deal: dict[str, Any]) -> None:
    rule = config.rule
    order = _kinds(deal["order"])
    counts = [0] * 21
    for kind in order:
        counts[kind] += 1
    expected = set_counts(config.sets)
    if tuple(counts) != expected:
        wrong = [
            f"[{Tile.from_index(k)}] x{counts[k]} (should be {expected[k]})"
            for k in range(21)
            if counts[k] != expected[k]
        ]
        sets = "one set" if config.sets == 1 else f"{config.sets} sets"
        raise _ReplayError(
            "/deal/order",
            rule("equipment.set" if config.spec.id == "kap-shap" else "equipment.sets"),
            f"the deal's order is not exactly the tiles of {sets}: " + ", ".join(wrong[:6]),
        )
    if config.options["first-player"] == "dice":
        dice = deal["dice"]
        if dice is None:
            raise _ReplayError(
                "/deal/dice", rule("deal.first-player"), "option first-player=dice, but no dice are recorded"
            )
        first = first_player_from_dice(dice, config.players)
        if deal["first_player"] != first:
            raise _ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"the dice {dice} total {sum(dice)}, which counts to seat {first}, not seat {deal['first_player']}",
            )
    else:
        if deal["dice"] is not None:
            raise _ReplayError("/deal/dice", rule("deal.first-player"), "option first-player=seat-0 throws no dice")
        if deal["first_player"] != 0:
            raise _ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"option first-player=seat-0, but seat {deal['first_player']} is recorded as first",
            )
    cut = deal_from_order(config, order, dice=deal["dice"])
    method = "deal.wall" if config.options["deal"] == "wall" else "deal.boneyard"
    if len(deal["hands"]) != config.players:
        raise _ReplayError(
            "/deal/hands", rule(method), f"{len(deal['hands'])} hands recorded for {config.players} players"
        )
    for seat, hand in enumerate(cut.hands):
        if _kinds(deal["hands"][seat]) != list(hand):
            want = " ".join(Tile.from_index(k).face for k in hand)
            raise _ReplayError(
                f"/deal/hands/{seat}",
                rule(method),
                f"seat {seat}'s hand is not what the {method.split('.')[1]} deals from this order: expected {want}",
            )
    if _kinds(deal["stock"]) != list(cut.stock):
        raise _ReplayError(
            "/deal/stock",
            rule("deal.draw-order" if config.options["deal"] == "wall" else "deal.boneyard"),
            "the stock is not the rest of the order in draw order "
            f"(option deal={config.options['deal']}, wall-draw={config.options['wall-draw']})",
        )


def _action_of(event: dict[str, Any]) -> Action:
    kind = event["type"]
    if kind == "take":
        return Take(Tile(event["tile"]))
    if kind == "discard":
        return Discard(Tile(event["tile"]))
    if kind == "draw":
        return Draw()
    return Declare()


def _replay_event(state: KapState, index: int, event: dict[str, Any]) -> None:
    rule = state.config.rule
    at = f"/events/{index}"
    if state.is_terminal:
        raise _ReplayError(at, state._over_rule(), f"event {index} follows the end of the game ({state.reason})", index)
    seat = event["seat"]
    if seat != state.current_player:
        raise _ReplayError(
            f"{at}/seat",
            rule("turn.order"),
            f"seat {seat} acted, but it is seat {state.current_player}'s turn (turn {state.turn})",
            index,
        )
    action = _action_of(event)
    problem = state.why_illegal(action)
    if problem is not None:
        raise _ReplayError(at, problem[0], problem[1], index)
    if isinstance(action, Draw):
        expected = Tile.from_index(state.stock[state.stock_drawn])
        if event["tile"] != expected.face:
            raise _ReplayError(
                f"{at}/tile",
                rule("deal.draw-order"),
                f"seat {seat} drew [{event['tile']}], but the next tile of the stock is [{expected}]",
                index,
            )
    if isinstance(action, Declare):
        hand = [t.face for t in state.hand(seat)]
        if sorted(event["hand"]) != sorted(hand):
            raise _ReplayError(
                f"{at}/hand", rule("declare.valid"), f"seat {seat} declared {event['hand']}, but holds {hand}", index
            )
        shown = _decomposition(event["decomposition"])
        splits = state.config.evaluator.decompositions(state.hand_counts(seat))
        if shown not in splits:
            raise _ReplayError(
                f"{at}/decomposition",
                rule("declare.valid"),
                f"seat {seat} showed the split {shown}, which is not a valid eye and ten-pairs of the hand",
                index,
            )
    state._apply(action)
    if isinstance(action, Declare):
        shown = _decomposition(event["decomposition"])
        if isinstance(shown, Decomposition):
            state.decomposition = shown


def _decomposition(doc: dict[str, Any]) -> Decomposition | str:
    try:
        eye = tuple(Tile(t) for t in doc["eye"])
        pairs = tuple(sorted((tuple(sorted((Tile(a), Tile(b)), reverse=True)) for a, b in doc["pairs"]), reverse=True))
        return Decomposition(eye=(eye[0], eye[1]), pairs=pairs)  # type: ignore[arg-type]
    except (ValueError, IndexError, TypeError):
        return json.dumps(doc)


def _check_result(state: KapState, doc: dict[str, Any]) -> None:
    rule = state.config.rule
    recorded = doc["result"]
    if not state.is_terminal:
        claim = recorded.get("reason")
        suffix = {"declared": "end.win", "stock-exhausted": "end.stock", "dead-rounds": "end.termination"}
        raise _ReplayError(
            "/events",
            rule(suffix.get(claim, "end.win")),
            f"the events stop at turn {state.turn} with seat {state.current_player} to {state.phase}: "
            "the game is not over",
        )
    actual = state.result()
    for key in ("winner", "reason", "turns", "hand", "decomposition", "settlement"):
        if recorded.get(key) != actual.get(key):
            if key == "settlement":
                target = "settle" if actual.get("winner") is not None else "settle.refund"
            else:
                target = "end.win"
            raise _ReplayError(
                f"/result/{key}",
                rule(target),
                f"the result records {key} {json.dumps(recorded.get(key))}, but the game gives {json.dumps(actual.get(key))}",
            )


# ------------------------------------------------------------ reading
def _parse_float(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() else value


def _parse_json(text: str, file: str, game: int | None) -> tuple[Any, LogIssue | None]:
    try:
        return json.loads(text, parse_float=_parse_float), None
    except json.JSONDecodeError as error:
        return None, LogIssue(
            file, game, None, "", None, f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        )
    except RecursionError:
        return None, LogIssue(file, game, None, "", None, "not a log: nested too deeply")


def validate_text(text: str, *, file: str = "<log>", lines: bool = False) -> list[LogIssue]:
    """Validate one document, or a JSON Lines corpus when ``lines`` is true."""
    if len(text) > MAX_BYTES:
        return [LogIssue(file, None, None, "", None, f"larger than {MAX_BYTES // (1024 * 1024)} MiB: not read")]
    if not lines:
        doc, issue = _parse_json(text, file, None)
        return [issue] if issue else _guard(doc, file, None)
    issues: list[LogIssue] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        doc, issue = _parse_json(line, file, number)
        issues.extend([issue] if issue else _guard(doc, file, number))
    return issues


def _guard(doc: Any, file: str, game: int | None) -> list[LogIssue]:
    try:
        return validate_log(doc, file=file, game=game, integral=True)
    except RecursionError:
        return [LogIssue(file, game, None, "", None, "not a log: nested too deeply")]
    except GupaiError as error:  # a value the schema let through but the rules reject
        return [LogIssue(file, game, None, "", error.rule, error.message)]


def _expand(paths: Iterable[str]) -> Iterator[str]:
    for path in paths:
        if path != "-" and Path(path).is_dir():
            found = sorted(p for p in Path(path).rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())
            yield from (str(p) for p in found)
        else:
            yield path


def validate_paths(paths: Iterable[str]) -> tuple[list[LogIssue], int, list[str]]:
    """Validate files, directories and ``-``; return (issues, games read, unreadable paths)."""
    issues: list[LogIssue] = []
    unreadable: list[str] = []
    games = 0
    for path in _expand(paths):
        try:
            if path == "-":
                text, name = sys.stdin.read(), "<stdin>"
            else:
                if Path(path).stat().st_size > MAX_BYTES:
                    issues.append(
                        LogIssue(path, None, None, "", None, f"larger than {MAX_BYTES // 2**20} MiB: not read")
                    )
                    continue
                text, name = Path(path).read_text(encoding="utf-8"), path
        except (OSError, UnicodeDecodeError) as error:
            unreadable.append(f"{path}: {getattr(error, 'strerror', None) or error}")
            continue
        lines = name.endswith(".jsonl") or (name == "<stdin>" and _looks_like_lines(text))
        games += sum(1 for line in text.splitlines() if line.strip()) if lines else 1
        issues.extend(validate_text(text, file=name, lines=lines))
    return issues, games, unreadable


def _looks_like_lines(text: str) -> bool:
    rows = [line for line in text.splitlines() if line.strip()]
    return len(rows) > 1 and all(r.lstrip().startswith("{") and r.rstrip().endswith("}") for r in rows)
