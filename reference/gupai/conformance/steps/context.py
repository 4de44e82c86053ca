"""The context of one scenario being run, how it asks the engine, and the tile helpers the steps share.

:class:`ScenarioRun` holds what a scenario's steps have set up so far and
asks the engine through an asker: over the protocol to an engine process
(``gupai conformance run``), or in-process to the reference engine
(:class:`InProcessAsker`, what ``make test`` uses). Both check every
request and answer against the protocol schema, so the two fronts run the
same step code on the same messages.

>>> ask = InProcessAsker()
>>> run = ScenarioRun(ask=ask, capabilities=ask.capabilities, game="kap-shap")
>>> run.capability("tile_value", tile="4-2").doc["value"]
3
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai.conformance.gherkin import Scenario
from gupai.conformance.steps.binding import Asker, AskMany, NotSupportedError, StepError
from gupai.core.options import DEFAULT_PRESET, read_options, resolve_options
from gupai.core.tiles import Tile, set_counts
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.protocol.messages import PROTOCOL_VERSION, Answer, check_answer, encode, read_request
from gupai.protocol.server import ReferenceEngine

__all__ = [
    "NO_OPTIONS",
    "POSITION",
    "TILE",
    "InProcessAsker",
    "ScenarioRun",
    "canonical_split",
    "faces",
    "is_position",
    "parse_split",
    "protocol_defaults",
    "scenario_setup",
    "show",
    "show_split",
    "tiles_in",
]

#: A tile as the features write it: ``[6-4]``.
TILE = r"\[[^\]]+\]"
_TILE_RE = re.compile(TILE)

Split = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]


def tiles_in(text: str) -> list[Tile]:
    """Every bracketed tile in ``text``, in order: ``"[6-4]+[4-6]"`` is two tiles.

    >>> tiles_in("[6-4]+[4-6]")
    [Tile('6-4'), Tile('6-4')]
    """
    return [Tile.parse(token) for token in _TILE_RE.findall(text)]


def faces(tiles: Sequence[Tile]) -> list[str]:
    return [t.face for t in tiles]


def show(tiles: Sequence[str]) -> str:
    """Faces as the features write them: ``[6-4] [5-5]``."""
    return " ".join(f"[{f}]" for f in tiles) or "nothing"


def canonical_split(doc: Mapping[str, Any]) -> Split:
    """A split (``{"eye": [...], "pairs": [[...], ...]}``) in one canonical order, to compare splits."""

    def key(face: str) -> tuple[int, int]:
        high, low = face.split("-")
        return int(high), int(low)

    eye = tuple(sorted(doc["eye"], key=key, reverse=True))
    pairs = tuple(
        sorted(
            (tuple(sorted(p, key=key, reverse=True)) for p in doc["pairs"]),
            key=lambda p: [key(f) for f in p],
            reverse=True,
        )
    )
    return eye, pairs


def parse_split(eye_text: str, pairs_text: str) -> dict[str, Any]:
    """A split as the features write it (``[1-1] [1-1]``, ``[6-4]+[5-5] ...``), as the protocol writes it.

    >>> parse_split("[1-1] [1-1]", "[6-4]+[5-5]")
    {'eye': ['1-1', '1-1'], 'pairs': [['6-4', '5-5']]}
    """
    eye = tiles_in(eye_text)
    if len(eye) != 2:
        raise StepError(f"an eye is two tiles, not {eye_text!r}")
    return {"eye": faces(eye), "pairs": [faces(tiles_in(chunk)) for chunk in pairs_text.split()]}


def show_split(split: Split) -> str:
    eye, pairs = split
    return f"eye {show(eye)}, pairs " + " ".join("+".join(f"[{t}]" for t in p) for p in pairs)


class InProcessAsker:
    """An asker talking to a :class:`ReferenceEngine` in this process (no subprocess), schema-checked both ways.

    >>> ask = InProcessAsker()
    >>> ask("read_tile", text="4-6").doc["tile"]
    '6-4'
    """

    def __init__(self, engine: ReferenceEngine | None = None) -> None:
        self.engine = engine or ReferenceEngine()
        self._ids = itertools.count()
        hello = self("start", protocol=PROTOCOL_VERSION)
        self.hello: Mapping[str, Any] = hello.doc
        self.capabilities = frozenset(hello.doc.get("capabilities", ()))

    def __call__(self, cmd: str, **fields: Any) -> Answer:
        id = next(self._ids)
        request = read_request(encode({"id": id, "cmd": cmd, **fields}))
        return check_answer(self.engine.handle(request), command=cmd, id=id)

    def many(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Answer]:
        return [self(cmd, **fields) for cmd, fields in requests]


@dataclass
class ScenarioRun:
    """One scenario being run against an engine: what its steps have set up so far.

    ``capabilities`` are the optional commands the engine announced;
    ``positions`` says whether it starts a game from a position (its ``start``
    answer's ``"position": false`` says not: a step that deals one is then
    not supported, as one needing a capability);
    ``strict`` says the engine is the reference: a refusal must then carry
    the rule id the scenario names and the reference's own wording (for
    another engine both are optional, and a missing one is a note).
    """

    ask: Asker
    scenario: Scenario | None = None
    capabilities: frozenset[str] = frozenset()
    ask_many: AskMany | None = None
    strict: bool = False
    positions: bool = True
    game: str | None = None
    preset: str = DEFAULT_PRESET
    overrides: dict[str, str] = field(default_factory=dict)
    players: int | None = None
    sets: int | None = None
    pool_sets: int = 1
    hands: dict[int, list[Tile]] = field(default_factory=dict)
    stock_start: list[Tile] = field(default_factory=list)
    stock_exact: bool = False
    first: int = 0
    order: list[Tile] = field(default_factory=list)
    in_game: bool = False
    tried: Answer | None = None
    moves: int = 0
    sat_down: Answer | None = None
    hand: list[str] | None = None
    verdict: Answer | None = None
    declared: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    tsung: Any = None
    cache: dict[str, Any] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ helpers
    def options(self) -> dict[str, str]:
        if self.game is None:
            raise StepError("the scenario names no game: 'Given the game <game>' must come first")
        return resolve_options(self.game, preset=self.preset, overrides=self.overrides).as_dict()

    def request_options(self) -> dict[str, str]:
        """The options a request sends: the scenario's, or none (``options: {}``, the protocol's defaults)."""
        return {} if self.cache.get(NO_OPTIONS) else self.options()

    def config(self) -> CollectingConfig:
        options = resolve_options(self.game or "", preset=self.preset, overrides=self.overrides)
        return collecting_config(options.game, options, players=self.players, sets=self.sets)

    def expect_ok(self, answer: Answer, what: str) -> Answer:
        if not answer.is_ok:
            raise StepError(f"{what}: the engine answered {answer.describe()}")
        return answer

    def same_wording(self, answer: Answer, fragment: str) -> None:
        """The refusal's message holds ``fragment`` (the reference's wording: compared for the reference only)."""
        if not self.strict:
            self.notes.append(f"refused ({answer.describe()}); the reference's wording is not compared")
        elif fragment not in answer.message:
            raise StepError(f"the refusal says {answer.message!r}, not {fragment!r}")

    def same_rule(self, answer: Answer, rule: str | None) -> None:
        if rule is None:
            return
        if answer.rule is None and not self.strict:
            self.notes.append(f"refused without a rule id (the scenario names {rule})")
        elif answer.rule != rule:
            raise StepError(f"refused under rule {answer.rule}, not {rule}: {answer.message}")

    # ------------------------------------------------------- capabilities
    def need(self, capability: str, what: str) -> None:
        """Raise :class:`NotSupportedError` unless the engine announced ``capability``."""
        if capability not in self.capabilities:
            raise NotSupportedError(capability, f"{what} needs capability {capability}")

    def need_position(self, deal: Mapping[str, Any] | None) -> None:
        """Raise :class:`NotSupportedError` (``position``) when ``deal`` is a position and the engine deals full games only."""
        if self.positions or not is_position(deal):
            return
        raise NotSupportedError(
            POSITION,
            f'the scenario deals a position; the engine starts {self.game} from full deals only ("position": false)',
        )

    def capability_request(self, cmd: str, **fields: Any) -> tuple[str, dict[str, Any]]:
        """A capability request, with the scenario's game and options for the commands that take them."""
        if cmd in ("tile_value", "pair", "evaluate_hand"):
            fields = {"game": self.game, "options": self.request_options(), **fields}
        return cmd, fields

    def capability(self, cmd: str, **fields: Any) -> Answer:
        """Ask an optional command (announced, or :class:`NotSupportedError`); ``ok`` or ``illegal`` only."""
        self.need(cmd, cmd)
        name, full = self.capability_request(cmd, **fields)
        return self._checked(cmd, self.ask(name, **full))

    def capabilities_many(self, cmd: str, requests: Sequence[Mapping[str, Any]]) -> list[Answer]:
        """Ask one optional command several times (pipelined when the engine process allows)."""
        self.need(cmd, cmd)
        batch = [self.capability_request(cmd, **dict(fields)) for fields in requests]
        answers = self.ask_many(batch) if self.ask_many is not None else [self.ask(c, **f) for c, f in batch]
        return [self._checked(cmd, answer) for answer in answers]

    def _checked(self, cmd: str, answer: Answer) -> Answer:
        if answer.kind not in ("ok", "illegal"):
            raise StepError(f"{cmd}, which the engine announced: it answered {answer.describe()}")
        return answer

    # --------------------------------------------------------------- play
    def new_game(self, deal: Mapping[str, Any] | None, *, players: int, sets: int | None) -> Answer:
        self.in_game = False
        self.need_position(deal)
        answer = self.ask(
            "new_game", game=self.game, options=self.request_options(), players=players, sets=sets, deal=deal
        )
        if answer.kind in ("unsupported", "error"):
            raise StepError(f"new_game: the engine answered {answer.describe()}")
        return answer

    def state(self) -> dict[str, Any]:
        self.ensure_game()
        doc: dict[str, Any] = self.expect_ok(self.ask("state"), "state").doc["state"]
        return doc

    def ensure_game(self) -> None:
        """Start the game the context steps describe, as a position (hands and stock)."""
        if self.in_game:
            return
        if self.game is None:
            raise StepError("the scenario names no game")
        config = self.config()
        deal = self.position_deal(config)
        self.expect_ok(self.new_game(deal, players=config.players, sets=config.sets), "the scenario's deal")
        self.in_game = True

    def position_deal(self, config: CollectingConfig, *, sizes: bool = True) -> dict[str, Any]:
        """The position the context steps describe, as a ``new_game`` deal (``sizes``: hands of the deal's sizes only)."""
        counts = list(set_counts(config.sets))
        dealt = [list(self.hands.get(seat, [])) for seat in range(config.players)]
        for tiles in [*dealt, self.stock_start]:
            for tile in tiles:
                counts[tile.index] -= 1
        if min(counts) < 0:
            raise StepError("the scenario deals more copies of a tile than the sets hold")
        for seat, held in enumerate(dealt):
            want = config.dealt(first=seat == self.first)
            if sizes and len(held) != want:
                raise StepError(f"the scenario deals seat {seat} {len(held)} tiles; the deal gives {want}")
        rest = [] if self.stock_exact else [Tile.from_index(k) for k, c in enumerate(counts) for _ in range(c)]
        return {"hands": [faces(h) for h in dealt], "stock": faces(self.stock_start + rest), "first_player": self.first}

    def action(self, seat: int, move: str) -> dict[str, Any]:
        words = move.replace("[", " ").replace("]", " ").split()
        doc: dict[str, Any] = {"type": words[0], "seat": seat}
        if len(words) > 1:
            doc["tile"] = Tile.parse(words[1]).face
        return doc

    def legal(self) -> set[tuple[str, str | None]]:
        answer = self.expect_ok(self.ask("legal_actions"), "legal_actions")
        listed = [(a["type"], a.get("tile")) for a in answer.doc["actions"]]
        if len(set(listed)) != len(listed):
            twice = sorted(
                {f"{kind} [{tile}]" if tile else kind for kind, tile in listed if listed.count((kind, tile)) > 1}
            )
            raise StepError(f"legal_actions lists {', '.join(twice)} more than once: each legal move is listed once")
        return set(listed)


#: The scenario's cache key saying its requests give no options (``Given the game X with no options given``).
NO_OPTIONS = "no options given"


def protocol_defaults(game: str) -> dict[str, str]:
    """What ``options: {}`` means under protocol 1: every option at its version-1 default (or old reading).

    >>> protocol_defaults("tsung-shap")["lone-tile"]
    'no-capture'
    """
    return read_options(game, {}).as_dict()


#: What a scenario that deals a position needs of an engine: its ``start`` must not say ``"position": false``.
POSITION = "position"


def is_position(deal: Mapping[str, Any] | None) -> bool:
    """Whether a ``new_game`` deal is a position: hands (a collecting game) or a row (Tsung Shap), no order.

    >>> is_position({"hands": [], "stock": [], "first_player": 0}), is_position({"order": [], "hands": []}), is_position(None)
    (True, False, False)
    """
    return deal is not None and "order" not in deal and ("hands" in deal or "row" in deal)


# ------------------------------------------------------------- requirements
_GAME = re.compile(
    r"the game (?P<game>[a-z][a-z-]*)(?: with preset (?P<preset>[a-z0-9:-]+)|(?P<none> with no options given))?"
)
_OPTION = re.compile(r"the option (?P<key>[a-z0-9-]+) is (?P<value>[a-z0-9-]+)")
_PLAYERS = re.compile(r"(?P<players>\d+) players? (?:play|sits? down)(?: with (?P<sets>\d+) sets?)?")


def scenario_setup(scenario: Scenario) -> tuple[str | None, str, dict[str, str], int | None]:
    """What a scenario needs, read from its steps: (game, preset, options overridden, players).

    >>> from gupai.conformance.gherkin import parse_feature
    >>> text = "Feature: f\\n Scenario: s\\n  Given the game kap-shap\\n  And the option take is latest\\n"
    >>> scenario_setup(parse_feature(text, path="f.feature")[0])
    ('kap-shap', 'culin', {'take': 'latest'}, None)
    """
    game, preset, overrides, players = None, DEFAULT_PRESET, {}, None
    for step in scenario.steps:
        if (found := _GAME.fullmatch(step.text)) is not None:
            game, preset = found["game"], found["preset"] or DEFAULT_PRESET
            if found["none"]:  # options: {} means protocol 1's defaults, every one of which the case depends on
                overrides = protocol_defaults(game)
        elif (found := _OPTION.fullmatch(step.text)) is not None:
            overrides[found["key"]] = found["value"]
        elif (found := _PLAYERS.fullmatch(step.text)) is not None:
            players = int(found["players"])
    return game, preset, overrides, players
