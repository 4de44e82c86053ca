"""The harness's cases: every scenario of ``features/`` and every log of ``conformance/``, and how to select them.

>>> cases = collect_cases()
>>> sorted({case.kind for case in cases})
['invalid-log', 'scenario', 'valid-log']
>>> [case.id for case in cases if case.id.endswith("too-many-players")][:1]
['log:kap-shap/invalid/ks.equipment.players--too-many-players']
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from gupai.conformance.gherkin import Scenario, load_features
from gupai.conformance.process import FAULTS, HarnessError
from gupai.conformance.steps.context import scenario_setup
from gupai.core.errors import GupaiError
from gupai.core.options import resolve_options
from gupai.core.resources import data_dir
from gupai.core.spec import contract, game_spec, games
from gupai.log.validate import validate_log

__all__ = [
    "NOT_RUN",
    "Case",
    "CaseResult",
    "Claims",
    "collect_cases",
    "not_run",
    "option_gap",
    "requirement_gap",
    "select_cases",
    "stopped_message",
]


@dataclass(frozen=True, slots=True)
class Claims:
    """What an engine says it supports, from its ``start`` answer.

    >>> claims = Claims.from_hello({"games": {"kap-shap": {"options": {"take": ["any"]}}}})
    >>> claims.supports("kap-shap", "take", "latest"), claims.supports("kap-shap", "take", "any")
    (False, True)
    >>> claims.supports("kap-shap", "turn", "take-and-draw"), claims.supports("kap-shap", "turn", "take-or-draw")
    (True, False)
    >>> claims.positions("kap-shap"), Claims.from_hello({"games": {"kap-shap": {"options": {}, "position": False}}}).positions("kap-shap")
    (True, False)
    """

    games: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[int, int] | None], ...]
    capabilities: tuple[str, ...] = ()
    engine: str = ""
    full_deals_only: tuple[str, ...] = ()
    protocol: int = 1

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> Claims:
        """The claims of a ``start`` answer: games, options, seats, the optional commands announced."""
        found = []
        full_deals = []
        for game, support in sorted(hello.get("games", {}).items()):
            options = tuple(sorted((k, tuple(v)) for k, v in support.get("options", {}).items()))
            seats = support.get("players")
            bounds = None
            if isinstance(seats, Mapping):
                bounds = (int(seats.get("min", 1)), int(seats.get("max", 10**6)))
            found.append((game, options, bounds))
            if support.get("position") is False:
                full_deals.append(game)
        engine = hello.get("engine", {})
        name = engine.get("name", "") if isinstance(engine, Mapping) else ""
        protocol = hello.get("protocol", 1)
        capabilities = tuple(sorted(hello.get("capabilities", ())))
        return cls(
            tuple(found), capabilities, str(name), tuple(full_deals), protocol if isinstance(protocol, int) else 1
        )

    def _game(self, game: str) -> tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[int, int] | None] | None:
        return next((entry for entry in self.games if entry[0] == game), None)

    def has_game(self, game: str) -> bool:
        return self._game(game) is not None

    def lists(self, game: str, option: str) -> bool:
        """Whether the engine names ``option`` among its claims for ``game``."""
        entry = self._game(game)
        return entry is not None and option in dict(entry[1])

    def values(self, game: str, option: str) -> tuple[str, ...]:
        """The values of ``option`` the engine claims.

        An option it does not list is supported at the value an absent option
        means (:attr:`gupai.core.spec.OptionSpec.absent`): its default, or,
        for an option added after version 1, its old reading.
        """
        entry = self._game(game)
        if entry is None:
            return ()
        listed = dict(entry[1]).get(option)
        if listed is not None:
            return listed
        return (game_spec(game).option(option).absent,)

    def supports(self, game: str, option: str, value: str) -> bool:
        return value in self.values(game, option)

    def positions(self, game: str) -> bool:
        """Whether the engine starts ``game`` from a position (``"position": false`` in ``start`` says it does not)."""
        return game not in self.full_deals_only

    def seats(self, game: str) -> tuple[int, int] | None:
        entry = self._game(game)
        return entry[2] if entry else None

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for game, options, bounds in self.games:
            result[game] = {"options": {k: list(v) for k, v in options}}
            if bounds is not None:
                result[game]["players"] = {"min": bounds[0], "max": bounds[1]}
            if game in self.full_deals_only:
                result[game]["position"] = False
        return result


# --------------------------------------------------------------------- cases
@dataclass(frozen=True, slots=True)
class Case:
    """One conformance case: a scenario, or a valid or invalid log."""

    id: str
    kind: str
    game: str | None
    preset: str | None
    options: tuple[tuple[str, str], ...]
    players: int | None
    rules: tuple[str, ...]
    source: str
    scenario: Scenario | None = None
    path: Path | None = None

    @property
    def expect(self) -> tuple[tuple[str, Any], ...]:
        """Where an invalid log must be refused: ``refuse`` is ``deal``, ``event`` (with its index) or ``result``."""
        if self.kind != "invalid-log" or self.path is None:
            return ()
        return _expectation(self.path, self.rules[0] if self.rules else None)

    def to_json(self) -> dict[str, Any]:
        """The case as ``--dump-tests`` lists it: enough to run it some other way."""
        doc: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "preset": self.preset,
            "options": dict(self.options),
            "players": self.players,
            "rules": list(self.rules),
            "source": self.source,
        }
        if self.scenario is not None:
            doc["scenario"] = {
                "feature": self.scenario.feature,
                "name": self.scenario.name,
                "example": dict(self.scenario.row) or None,
                "tags": list(self.scenario.tags),
                "steps": [
                    {
                        "keyword": s.keyword,
                        "text": s.text,
                        **({"table": [list(r) for r in s.datatable]} if s.datatable else {}),
                    }
                    for s in self.scenario.steps
                ],
            }
        if self.expect:
            doc["expect"] = dict(self.expect)
        return doc


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What became of one case.

    ``outcome`` is ``pass``, ``fail`` or ``skip``; ``fault`` names an engine
    fault (:data:`FAULTS`) or ``wrong`` for a wrong answer; ``failed_rules``
    are the rules a failure points at. A skipped scenario says why in
    ``unasked``: the capability the engine did not announce (not supported
    by the engine), or ``askable`` (the kit cannot ask it). ``rule_mismatch``
    is the rule id an engine's refusal named at an invalid log's fault when
    the case names another: the refusal passes, the rule id is its own outcome.
    """

    case: Case
    outcome: str
    message: str = ""
    fault: str | None = None
    failed_rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    seconds: float = 0.0
    known: bool = False
    unasked: str | None = None
    rule_mismatch: str | None = None

    @property
    def restart(self) -> bool:
        """Whether the engine must be restarted after this case."""
        return self.fault in FAULTS


#: How the message of a case left unrun by a stopped run begins.
NOT_RUN = "not run: "


def stopped_message(timeouts: int) -> str:
    """The message of every case a run stopped by ``timeouts`` timeouts in a row leaves unrun.

    >>> stopped_message(3)
    'not run: the engine timed out on 3 cases in a row, so the run stopped'
    """
    return f"{NOT_RUN}the engine timed out on {timeouts} cases in a row, so the run stopped"


def not_run(result: CaseResult) -> bool:
    """Whether ``result`` is a case the run stopped before (it fails, unrun)."""
    return result.outcome == "fail" and result.fault == "timeout" and result.message.startswith(NOT_RUN)


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _scenario_case(scenario: Scenario) -> Case:
    game, preset, overrides, players = scenario_setup(scenario)
    options: tuple[tuple[str, str], ...] = ()
    if game is not None:
        with contextlib.suppress(GupaiError):
            options = tuple(resolve_options(game, preset=preset, overrides=overrides).items())
    stem = scenario.path.removesuffix(".feature")
    suffix = f"#{scenario.example}" if scenario.example is not None else ""
    return Case(
        id=f"scenario:{stem}/{_slug(scenario.name)}{suffix}",
        kind="scenario",
        game=game,
        preset=preset if game else None,
        options=options,
        players=players,
        rules=scenario.tag_values("rule"),
        source=f"features/{scenario.path}:{scenario.line}",
        scenario=scenario,
    )


def _log_rules(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The rules a valid collecting-game log exercises."""
    game = doc.get("game")
    if game not in ("kap-shap", "kap-tai-shap"):
        return ()
    spec = game_spec(game)
    prefix = spec.prefix
    options = doc.get("options", {})
    used = {"deal.method", "deal.first-player", "turn.order", "opening", "settle", "ante"}
    used.add("deal.wall" if options.get("deal") == "wall" else "deal.boneyard")
    equipment = {spec.set_rule, spec.players_rule}
    kinds = {event.get("type") for event in doc.get("events", [])}
    if "take" in kinds:
        used |= {"turn.take", "turn.shape"}
    if "draw" in kinds:
        used |= {"turn.draw", "deal.draw-order", "turn.shape"}
    if "discard" in kinds:
        used.add("turn.discard")
    if "pass" in kinds:
        used.add("end.stock")
    if "declare" in kinds:
        used |= {"declare", "declare.valid", "hand.win", "pair.ten", "eye", "tiles.four-two"}
    reason = doc.get("result", {}).get("reason")
    used.add(
        {
            "declared": "end.win",
            "stock-exhausted": "end.stock",
            "dead-rounds": "end.termination",
            "abandoned": "end.abandoned",
        }.get(reason, "end.win")
    )
    known = {rule.id for rule in spec.rules}
    return tuple(sorted({f"{prefix}.{s}" for s in used if f"{prefix}.{s}" in known} | equipment))


@cache
def _expectation(path: Path, rule: str | None) -> tuple[tuple[str, Any], ...]:
    """Where an invalid log must be refused, from the reference validator's verdict."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        return (("refuse", "schema"), ("rule", None), ("pointer", f"unreadable: {error}"))
    issues = validate_log(doc)
    if not issues:
        return (("refuse", "nothing"), ("rule", rule))
    issue = issues[0]
    if issue.rule is None:
        return (("refuse", "schema"), ("rule", None), ("pointer", issue.pointer))
    if (
        isinstance(doc, dict)
        and "match" in doc
        and (issue.pointer == "/match" or issue.pointer.startswith(("/match/", "/deal/first_player")))
    ):
        return (("refuse", "match"), ("rule", rule or issue.rule), ("pointer", issue.pointer))  # gupai.games.match
    if issue.event is not None:
        return (("refuse", "event"), ("event", issue.event), ("rule", rule or issue.rule), ("pointer", issue.pointer))
    if issue.pointer.startswith("/result") or issue.pointer == "/events":
        return (("refuse", "result"), ("rule", rule or issue.rule), ("pointer", issue.pointer))
    return (("refuse", "deal"), ("rule", rule or issue.rule), ("pointer", issue.pointer))


def _log_case(path: Path, root: Path) -> Case:
    relative = path.relative_to(root).as_posix()
    stem = relative.removesuffix(".json")
    invalid = "/invalid/" in f"/{relative}"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        raise HarnessError(f"conformance/{relative} cannot be read: {error}", where=str(path)) from None
    header = doc if isinstance(doc, dict) else {}
    game = header.get("game") if isinstance(header.get("game"), str) else relative.split("/")[0]
    rule: str | None = None
    if invalid:
        named = path.name.split("--", 1)[0]
        rule = None if named == "schema" else named
        rules: tuple[str, ...] = (rule,) if rule else ()
    else:
        rules = _log_rules(header)
    options = header.get("options")
    players = header.get("players")
    return Case(
        id=f"log:{stem}",
        kind="invalid-log" if invalid else "valid-log",
        game=game,
        preset=header.get("preset") if isinstance(header.get("preset"), str) else None,
        options=tuple(sorted(options.items())) if isinstance(options, dict) else (),
        players=players if isinstance(players, int) else None,
        rules=rules,
        source=f"conformance/{relative}",
        path=path,
    )


def collect_cases(*, features: Path | None = None, conformance: Path | None = None) -> list[Case]:
    """Every case: the scenarios of ``features/``, then the logs of ``conformance/``."""
    features = features or data_dir("features")
    conformance = conformance or data_dir("conformance")
    cases = [_scenario_case(s) for s in load_features(features)]
    for path in sorted(conformance.rglob("*.json")):
        cases.append(_log_case(path, conformance))
    seen: set[str] = set()
    unique = []
    for case in cases:  # two scenarios of one name in one feature: keep ids unique
        if case.id in seen:
            case = replace(case, id=f"{case.id}@{case.source.rsplit(':', 1)[-1]}")
        seen.add(case.id)
        unique.append(case)
    return unique


def _matches(case: Case, patterns: Sequence[str]) -> bool:
    names = (case.id, case.id.split(":", 1)[1], *case.rules)
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns for name in names)


def select_cases(
    cases: Iterable[Case], *, game: str | None = None, run: Sequence[str] = (), skip: Sequence[str] = ()
) -> list[Case]:
    """The cases of ``game`` (and those of no one game), matching a ``run`` glob and no ``skip`` glob.

    A glob matches a case id (``log:kap-shap/valid/*``, ``scenario:kap-shap/*``,
    with or without its ``scenario:``/``log:`` prefix) or one of its rule ids
    (``ks.turn.*``).
    """
    if game is not None and game not in games():
        raise HarnessError(f"unknown game {game!r} (games: {', '.join(games())})", where="--game")
    chosen = []
    for case in cases:
        if game is not None and case.game not in (game, None):
            continue
        if run and not _matches(case, run):
            continue
        if skip and _matches(case, skip):
            continue
        chosen.append(case)
    return chosen


def protocol_1_gap(game: str, options: Mapping[str, str]) -> str | None:
    """Why a case of ``game`` under ``options`` is not asked of an engine of protocol 1, or ``None``.

    Protocol 1 reads every option as version 1 did (``log-format-1-readings``
    in ``spec/contract.yaml``, the same for a log of format 1); a case
    written under a reading corrected since is asked only of an engine that
    speaks protocol 2.

    >>> protocol_1_gap("kap-shap", {"pair-set": "printed", "four-two-value": "6"})
    "needs protocol 2: pair-set=printed with four-two-value=6 is read as corrected since protocol 2; under protocol 1, which the engine speaks, it means pair-set=printed-recounted (version 1's reading)"
    >>> protocol_1_gap("kap-shap", {"pair-set": "printed", "four-two-value": "3"}) is None
    True
    """
    for entry in contract().get("log-format-1-readings", ()):
        when = {str(k): str(v) for k, v in entry["when"].items()}
        if entry["game"] == game and all(options.get(k) == v for k, v in when.items()):
            given = " with ".join(f"{k}={v}" for k, v in when.items())
            meant = ", ".join(f"{k}={v}" for k, v in entry["reads"].items())
            return (
                f"needs protocol 2: {given} is read as corrected since protocol 2; under protocol 1, which the "
                f"engine speaks, it means {meant} (version 1's reading)"
            )
    return None


def option_gap(game: str, claims: Claims, key: str, value: str) -> str:
    """Why a case naming ``key=value`` is not asked: the engine does not claim that value.

    >>> option_gap("kap-shap", Claims.from_hello({"games": {"kap-shap": {"options": {"eye": ["any"]}}}}), "eye", "identical")
    'needs option eye=identical; the engine claims eye=any'
    """
    return f"needs option {key}={value}; the engine claims {key}={'|'.join(claims.values(game, key))}"


def requirement_gap(case: Case, claims: Claims) -> str | None:
    """Why ``case`` needs more than the engine claims, or ``None``."""
    if case.game is None:
        return None
    if not claims.has_game(case.game):
        return f"the engine does not claim {case.game}"
    for key, value in case.options:
        try:
            game_spec(case.game).option(key)
        except GupaiError:
            continue
        if not claims.supports(case.game, key, value):
            return option_gap(case.game, claims, key, value)
    if claims.protocol == 1:
        gap = protocol_1_gap(case.game, dict(case.options))
        if gap is not None:
            return gap
    spec = game_spec(case.game)
    seats = claims.seats(case.game)
    if case.players is not None and seats is not None and spec.players_min <= case.players <= spec.players_max:
        low, high = seats
        if not low <= case.players <= high:
            return f"needs {case.players} players; the engine seats {low} to {high}"
    return None


# ------------------------------------------------------------------ running
