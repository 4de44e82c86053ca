"""A game log replayed through an engine under test, event by event, against the reference."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gupai.conformance.attribution import (
    KAP_LOG_RULES,
    KAP_MOVE_RULES,
    TSUNG_LOG_RULES,
    table_order_fault,
    tsung_capture_rule,
    tsung_move_rule,
)
from gupai.conformance.cases import Case, CaseResult
from gupai.conformance.process import Ask
from gupai.core.spec import game_spec
from gupai.games.kap.config import flipped_reading
from gupai.games.tsung.replay import implicit_pass
from gupai.protocol.kap_session import KapSession
from gupai.protocol.messages import (
    PROTOCOL_VERSION,
    Answer,
    request,
)
from gupai.protocol.server import ReferenceEngine
from gupai.protocol.tsung_session import TsungSession

__all__ = ["replay_log", "run_log"]


def _key(face: str) -> tuple[int, int]:
    high, low = face.split("-")
    return int(high), int(low)


def _split(doc: Any) -> Any:
    if not isinstance(doc, Mapping):
        return doc
    eye = sorted(doc.get("eye", []), key=_key, reverse=True)
    pairs = sorted(
        (sorted(p, key=_key, reverse=True) for p in doc.get("pairs", [])),
        key=lambda p: [_key(f) for f in p],
        reverse=True,
    )
    return {"eye": eye, "pairs": pairs}


def _normal_result(doc: Any) -> Any:
    """A result with its hand and split in a canonical order (an engine may list them in any)."""
    if not isinstance(doc, Mapping):
        return doc
    out = {k: v for k, v in doc.items() if not k.startswith("x-")}  # extension keys: not the rules' business
    if "hand" in out:
        out["hand"] = sorted(out["hand"])
    if "decomposition" in out:
        out["decomposition"] = _split(out["decomposition"])
    return out


def _normal_event(doc: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(doc)
    if "hand" in out:
        out["hand"] = sorted(out["hand"])
    if "decomposition" in out:
        out["decomposition"] = _split(out["decomposition"])
    return out


def _state_diffs(engine: Mapping[str, Any], reference: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(field, description) for each way the engine's state differs from the reference's."""
    diffs = []
    for key in sorted(set(engine) | set(reference)):
        if key.startswith("x-"):  # an engine's extension keys: not the rules' business
            continue
        mine, theirs = engine.get(key), reference.get(key)
        if key == "hands" and isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            for seat, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if sorted(a) != sorted(b):
                    diffs.append((key, f"seat {seat} holds {' '.join(sorted(a))}, the reference {' '.join(sorted(b))}"))
            continue
        if key == "result":
            mine, theirs = _normal_result(mine), _normal_result(theirs)
        if key == "table" and (fault := table_order_fault(mine, theirs)) is not None:
            diffs.append((key, fault))
            continue
        if mine != theirs:
            diffs.append(
                (key, f"{key} is {json.dumps(engine.get(key))}, the reference has {json.dumps(reference.get(key))}")
            )
    return diffs


class _LogFailureError(Exception):
    def __init__(self, message: str, rules: Sequence[str], fault: str = "wrong") -> None:
        super().__init__(message)
        self.message, self.rules, self.fault = message, tuple(rules), fault


class _RefusedAsExpectedError(Exception):
    """The engine disagreed with an invalid log exactly at its fault: the case passes."""


#: A decision the log cannot give: it records a chance event where a move is due.
_CHANCE = {"type": "chance"}


class _LogReplay:
    """A log replayed against the engine and the reference side by side.

    Each decision of the log (an event the player chose; for Tsung Shap also
    the passes the log leaves implicit) is sent to both; the events the
    engine reports must be the reference's, and the reference's must be the
    log's. An invalid log must be refused at its fault: the deal refused, the
    faulty move refused, or the engine's events departing from the log's
    exactly at the faulty event (a chance event, or a result the game does
    not reach).
    """

    def __init__(self, case: Case, doc: Mapping[str, Any], ask: Ask) -> None:
        self.case, self.doc, self.ask = case, doc, ask
        self.reference = ReferenceEngine()
        self.reference.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
        self.tsung = doc["game"] == "tsung-shap"
        self.prefix = game_spec(doc["game"]).prefix
        self.rules = TSUNG_LOG_RULES if self.tsung else KAP_LOG_RULES
        expect = dict(case.expect)
        self.refuse = expect.get("refuse")
        self.fault = expect.get("event")
        self.fault_rule: str = str(expect.get("rule") or self.rule("end"))
        self.at = "the deal"
        self.notes: list[str] = []
        self.reported: list[Mapping[str, Any]] = []
        self.watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None
        self.last_action: Mapping[str, Any] = {}
        self.mismatch: str | None = None

    def rule(self, suffix: str) -> str:
        return f"{self.prefix}.{suffix}"

    def kind_rule(self, table: str, key: str, default: str) -> str:
        return self.rule(self.rules[table].get(key, default))

    def move_suffix(self, action: Mapping[str, Any]) -> str:
        """The rule (suffix) that makes a legal move legal."""
        if self.tsung:
            return tsung_move_rule(action)
        return KAP_MOVE_RULES.get(str(action["type"]), "turn.order")

    def move_rule(self, action: Mapping[str, Any]) -> str:
        return self.rule(self.move_suffix(action))

    def both(self, cmd: str, **fields: Any) -> tuple[Answer, dict[str, Any]]:
        expected = self.reference.handle(request(cmd, 0, **fields))
        return self.ask(cmd, **fields), expected

    def ok(self, answer: Answer, what: str, rules: Sequence[str]) -> Answer:
        if answer.kind in ("unsupported", "error"):
            raise _LogFailureError(f"{self.at}: {what}: the engine answered {answer.describe()}", rules)
        if not answer.is_ok:
            cited = [answer.rule] if answer.rule else list(rules)
            raise _LogFailureError(f"{self.at}: {what} is legal, but the engine answered {answer.describe()}", cited)
        return answer

    # ------------------------------------------------------------ comparing
    def compare_state(self, last: str | None) -> None:
        answer, expected = self.both("state")
        mine = self.ok(answer, "state", [self.rule("turn.order")]).doc["state"]
        if self.watch is not None:
            self.watch(mine, self.reported)
        diffs = _state_diffs(mine, expected["state"])
        if not diffs:
            return
        rules = []
        for key, _ in diffs:
            if last is None and not self.tsung:
                rules.append(
                    {"current_player": "deal.first-player", "stock": "deal.draw-order"}.get(key, self._deal_rule())
                )
            elif (
                key == "result"
                and not self.tsung
                and _differ_in(mine.get(key), expected["state"].get(key)) == {"turns"}
            ):
                rules.append("end.turns")
            elif key in ("result", "terminal") and not self.tsung:
                reason = str((expected["state"].get("result") or mine.get("result") or {}).get("reason"))
                rules.append(
                    {
                        "stock-exhausted": "end.stock",
                        "dead-rounds": "end.termination",
                        "abandoned": "end.abandoned",
                    }.get(reason, "end.win")
                )
            elif key == "hands" and not self.tsung:
                rules.append(self.rules["action"].get(last or "", "turn.discard"))
            elif key == "table" and last == "take" and not self.tsung:  # the copy a take removed
                rules.append("turn.take")
            elif key == "row" and self.tsung and last is not None and last in ("capture", "claim"):
                rules.append(tsung_capture_rule(self.last_action))  # the tiles a capture left in the row
            else:
                rules.append(self.rules["state"].get(key, "turn.order"))
        raise _LogFailureError(
            f"{self.at}: " + "; ".join(text for _, text in diffs), sorted({self.rule(r) for r in rules})
        )

    def _deal_rule(self) -> str:
        return "deal.wall" if self.doc["options"].get("deal", "wall") == "wall" else "deal.boneyard"

    def compare_legal(self) -> None:
        answer, expected = self.both("legal_actions")
        mine = self.ok(answer, "legal_actions", [self.rule("turn.order")]).doc["actions"]
        ours = {_action_key(a): a for a in mine}
        theirs = {_action_key(a): a for a in expected["actions"]}
        if len(ours) != len(mine):  # each legal move is listed once
            twice = sorted(
                {key for key in (_action_key(a) for a in mine) if [_action_key(b) for b in mine].count(key) > 1}
            )
            raise _LogFailureError(
                f"{self.at}: legal_actions lists {', '.join(_action_text(ours[k]) for k in twice)} more than once: "
                "each legal move is listed once",
                sorted({self.kind_rule("action", ours[k]["type"], "turn.order") for k in twice}),
            )
        if ours.keys() == theirs.keys():
            return
        rules: list[str] = []  # in the order of the differences told: the first is the one counted
        parts = []
        differing = [ours[t] for t in ours.keys() - theirs.keys()] + [theirs[t] for t in theirs.keys() - ours.keys()]
        declare = self._declare_rule() if any(a["type"] == "declare" for a in differing) else None
        mine_by_move = {_move_key(ours[t]): t for t in ours.keys() - theirs.keys()}
        for text in sorted(theirs.keys() - ours.keys()):  # the same move with another outcome: one difference
            same = mine_by_move.get(_move_key(theirs[text]))
            if same is None:
                continue
            wrong = sorted(k for k in set(ours[same]) | set(theirs[text]) if ours[same].get(k) != theirs[text].get(k))
            parts.append(
                f"lists {_action_text(ours[same])} with "
                + ", ".join(f"{k} {json.dumps(ours[same].get(k))}" for k in wrong)
                + ", the reference "
                + ", ".join(f"{k} {json.dumps(theirs[text].get(k))}" for k in wrong)
            )
            refusal = self.reference.handle(request("check", 0, action=ours[same]))  # the reference's rule for it
            rules.append(refusal.get("rule") or self.move_rule(theirs[text]))
            del ours[same], theirs[text]
        for text in sorted(ours.keys() - theirs.keys()):
            refusal = self.reference.handle(request("check", 0, action=ours[text]))
            rules.append(refusal.get("rule") or self.kind_rule("action", ours[text]["type"], "turn.order"))
            parts.append(
                f"lists {_action_text(ours[text])}, which breaks {refusal.get('rule')}: {refusal.get('message')}"
            )
        for text in sorted(theirs.keys() - ours.keys()):  # an omitted move: the rule that makes it legal
            rules.append(self.move_rule(theirs[text]))
            parts.append(f"omits the legal {_action_text(theirs[text])}")
        raise _LogFailureError(f"{self.at}: legal_actions " + "; ".join(parts), [declare] if declare else rules[:1])

    def _declare_rule(self) -> str:
        """The rule a disagreement about declaring points at: the reading under which the verdict flips."""
        session = self.reference.session
        if not isinstance(session, KapSession):  # pragma: no cover - only the collecting games declare
            return self.rule("declare")
        state = session.game
        flip = flipped_reading(state.config, state.hand_counts(state.current_player))
        return self.rule(flip[0] if flip is not None else "declare")

    def match(self, mine: Sequence[Mapping[str, Any]], theirs: Sequence[Mapping[str, Any]], pos: int) -> int:
        """Check the engine's events against the reference's, and those against the log's from ``pos``."""
        self.reported.extend(mine)
        ours = [_normal_event(e) for e in mine]
        expected = [_normal_event(e) for e in theirs]
        if ours != expected:
            first = next(
                (i for i, (a, b) in enumerate(zip(ours, expected, strict=False)) if a != b),
                min(len(ours), len(expected)),
            )
            kind = (expected[first] if first < len(expected) else ours[first])["type"] if (ours or expected) else ""
            rules = [self.kind_rule("event", str(kind), "turn.order")]
            if first >= len(expected):  # the engine went on where the reference waits for a move: what makes it legal
                pending = self.reference.handle(request("legal_actions", 0)).get("actions", [])
                waiting = sorted({self.move_rule(a) for a in pending if a["type"] in ("capture", "claim")})
                rules = waiting or rules
            raise _LogFailureError(f"{self.at}: the engine reports {ours}, the reference {expected}", rules)
        events = self.doc["events"]
        for offset, event in enumerate(expected):
            at = pos + offset
            if at >= len(events) or _normal_event(events[at]) != event:
                if self.refuse in ("event", "result") and (
                    at == self.fault or (self.refuse == "result" and at >= len(events))
                ):
                    shown = json.dumps(events[at]) if at < len(events) else "the end of the log"
                    self.notes.append(
                        f"the engine's events depart from the log at event {at}: {json.dumps(event)}, not {shown}"
                    )
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(  # pragma: no cover - the reference validates the corpus
                    f"event {at}: the reference reports {event}, the log {events[at] if at < len(events) else 'nothing'}",
                    [self.fault_rule or self.rule("end")],
                )
        return pos + len(expected)

    # ------------------------------------------------------------- decisions
    def decision(self, pos: int) -> tuple[dict[str, Any], bool] | None:
        """The next move to send and whether it is the log's event at ``pos``; ``None`` when the log is done."""
        events = self.doc["events"]
        if not self.tsung:
            return (dict(events[pos]), True) if pos < len(events) else None
        session = self.reference.session
        assert isinstance(session, TsungSession)
        state = session.game
        following = events[pos] if pos < len(events) else None
        if implicit_pass(state, following):
            return {"type": "pass", "seat": state.current_player}, False
        if following is None:
            return None
        if following["type"] in ("lay", "capture", "claim"):
            return dict(following), True
        return dict(_CHANCE), True

    def start(self) -> tuple[Answer, dict[str, Any]]:
        doc = self.doc
        keys = ("order", "dice", "first_player", "hands", "stock", "piles")
        deal = {key: doc["deal"][key] for key in keys if key in doc["deal"]}
        return self.both(
            "new_game", game=doc["game"], options=doc["options"], players=doc["players"], sets=doc["sets"], deal=deal
        )

    def replay(self) -> None:
        doc = self.doc
        answer, expected = self.start()
        if self.refuse == "deal":
            if answer.kind == "illegal":
                self._note_rule(answer, self.fault_rule)
                raise _RefusedAsExpectedError()
            raise _LogFailureError(
                f"the deal breaks {self.fault_rule}, but the engine answered {answer.describe()}", [self.fault_rule]
            )
        self.ok(answer, "new_game", [self.rule(self._deal_rule() if not self.tsung else "deal")])
        pos = self.match(answer.doc.get("events", []), expected.get("events", []), 0)
        self.compare_state(None)
        while (step := self.decision(pos)) is not None:
            action, recorded = step
            self.at = f"event {pos} ({_action_text(action)})" if recorded else f"before event {pos} (an implicit pass)"
            if action["type"] == "chance":
                if self.refuse == "event" and pos == self.fault:
                    self.notes.append(f"the log records {json.dumps(doc['events'][pos])} where a move is due")
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(  # pragma: no cover - the reference validates the corpus
                    f"{self.at}: the log records a chance event where a move is due", [self.rule("turn.order")]
                )
            if recorded and self.refuse == "event" and pos == self.fault:
                refused = self.ask("apply", action=action)
                if refused.kind == "illegal":
                    self._note_rule(refused, self.fault_rule)
                    raise _RefusedAsExpectedError()
                raise _LogFailureError(
                    f"{self.at} breaks {self.fault_rule}, but the engine answered {refused.describe()}",
                    [self.fault_rule],
                )
            self.compare_legal()
            applied, expected = self.both("apply", action=action)
            self.ok(applied, "apply", [self.kind_rule("action", action["type"], "turn.order")])
            pos = self.match(applied.doc["events"], expected["events"], pos)
            self.last_action = action
            self.compare_state(action["type"])
        self.at = "the end"
        answer = self.ok(self.ask("state"), "state", [self.rule("end")])
        result = answer.doc["state"]["result"]
        if self.refuse == "result":
            if _normal_result(result) == _normal_result(doc["result"]):  # pragma: no cover - the reference differs
                raise _LogFailureError(f"the engine ends with the log's faulty result {result}", [self.fault_rule])
            raise _RefusedAsExpectedError()
        if self.refuse == "event":  # pragma: no cover - the replay always reaches the faulty event
            raise _LogFailureError(f"the log ended before event {self.fault}", [self.fault_rule])
        if not self.tsung and doc["result"].get("reason") == "abandoned":  # *.end.abandoned: stopped, not ended
            if result is not None:
                raise _LogFailureError(
                    f"the log records an abandoned game, but the engine ends it: {result}", [self.rule("end.abandoned")]
                )
            return
        if _normal_result(result) != _normal_result(doc["result"]):
            end = "end" if self.tsung else "end.turns" if _differ_in(result, doc["result"]) == {"turns"} else "end.win"
            raise _LogFailureError(f"the engine's result {result} is not the log's {doc['result']}", [self.rule(end)])

    def _note_rule(self, answer: Answer, rule: str | None) -> None:
        """Compare a refusal's rule id with the case's, exactly: a different one is the case's rule mismatch."""
        if answer.rule is None:
            self.notes.append(f"refused without a rule id (the file names {rule})")
        elif answer.rule != rule:
            self.notes.append(f"refused under {answer.rule}; the file names {rule}")
            self.mismatch = answer.rule


def _differ_in(mine: Any, theirs: Any) -> set[str]:
    """The fields in which two Kap results differ (hand and split as multisets); ``{"*"}`` if one is missing.

    >>> sorted(_differ_in({"winner": 0, "turns": 3}, {"winner": 0, "turns": 4}))
    ['turns']
    """
    if not isinstance(mine, Mapping) or not isinstance(theirs, Mapping):
        return {"*"}
    a, b = _normal_result(mine), _normal_result(theirs)
    return {key for key in set(a) | set(b) if a.get(key) != b.get(key)}


def _action_key(action: Mapping[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _move_key(action: Mapping[str, Any]) -> str:
    """What a move does, without what it yields (a capture's tiles, points and sweep)."""
    return json.dumps({k: v for k, v in action.items() if k not in ("tiles", "points", "sweep")}, sort_keys=True)


def _action_text(action: Mapping[str, Any]) -> str:
    tile = f" [{action['tile']}]" if "tile" in action else ""
    capture = f" {action['kind']} {action['at']}" if "kind" in action else ""
    return f"seat {action.get('seat')} {action.get('type')}{tile}{capture}"


def replay_log(
    doc: Mapping[str, Any],
    ask: Ask,
    *,
    watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None,
) -> CaseResult:
    """Replay a log as a valid one: every move must be legal and the engine's events and result the log's.

    ``watch`` sees every state the engine reports, with the events it has
    reported so far. The log must be schema-valid.

    >>> from gupai.protocol.server import ReferenceEngine
    >>> from gupai.log.play import play_game
    >>> from gupai.protocol.messages import check_answer, request
    >>> engine = ReferenceEngine()
    >>> _ = engine.handle(request("start", 0, protocol=1))
    >>> def ask(cmd, **fields):
    ...     return check_answer(engine.handle(request(cmd, 1, **fields)), command=cmd, id=1)
    >>> replay_log(play_game("tsung-shap", seed=3), ask).outcome
    'pass'
    """
    case = Case("log:<document>", "valid-log", str(doc.get("game")), None, (), None, (), "<document>")
    return run_log(case, ask, doc=doc, watch=watch)


def run_log(
    case: Case,
    ask: Ask,
    *,
    doc: Mapping[str, Any] | None = None,
    watch: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], None] | None = None,
) -> CaseResult:
    """Replay one log of ``conformance/`` (or ``doc``) against the engine."""
    expect = dict(case.expect)
    if expect.get("refuse") == "schema":
        return CaseResult(case, "skip", "a log the schema rejects: a matter for the validator, not a rule of play")
    if expect.get("refuse") == "match":
        return CaseResult(
            case,
            "skip",
            "a match game begun against the previous game's result: the referee's check, an engine sees one game",
        )
    if doc is None:
        assert case.path is not None
        doc = json.loads(case.path.read_text(encoding="utf-8"))
    replay = _LogReplay(case, doc, ask)
    replay.watch = watch
    try:
        replay.replay()
    except _RefusedAsExpectedError:
        return CaseResult(case, "pass", notes=tuple(replay.notes), rule_mismatch=replay.mismatch)
    except _LogFailureError as failure:
        return CaseResult(  # one rule: the first failing assertion's
            case,
            "fail",
            failure.message,
            fault=failure.fault,
            failed_rules=failure.rules[:1],
            notes=tuple(replay.notes),
        )
    return CaseResult(case, "pass", notes=tuple(replay.notes))
