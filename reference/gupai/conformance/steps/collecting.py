"""The scenarios of ``features/`` bound a second time: through the engine protocol.

``tests/steps/`` runs each step against gupai in-process; here each step of
the same text asks an engine under test, over the protocol, and compares its
answers with what the step says. Step texts are matched exactly as
pytest-bdd matches them (the same patterns), so a scenario means the same
thing in both bindings.

Some steps say something no protocol answer can show: how far a hand is from
winning, what a tile counts toward tens, how a tile may be spelled, a
military eye in a game of one set. Such a step raises :class:`UnexpressibleError`
and the scenario is reported as skipped, with the reason, never as passed;
the steps that can be asked still run, and a wrong answer to any of them
still fails the scenario.

How the hand steps are asked
    ``the player holds H`` deals H to seat 0 as the first player's opening
    holding (the other seats and the stock get the rest of the sets);
    ``the hand is winning`` asks whether ``declare`` is legal; ``the hand is
    rejected`` expects the deal to be refused; ``the hand splits N ways``
    asks ``check`` of a declaration showing each way of cutting H into an
    eye and pairs, and counts the legal ones; ``the declaration is valid``
    asks ``check`` of a declaration showing that split.
How the pair and eye steps are asked
    ``[a] and [b] make a ten-pair`` builds a hand of [a]+[b], an eye and
    pairs that are ten-pairs under every reading, deals it, and asks whether
    declaring that split is legal; the eye steps likewise with [a] [b] as
    the eye.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any, Protocol

from gupai.conformance.gherkin import Scenario, Step
from gupai.core.errors import GupaiError
from gupai.core.options import DEFAULT_PRESET, resolve_options
from gupai.core.pairs import pair_rules_from_options
from gupai.core.spec import game_spec
from gupai.core.tiles import KIND_COUNT, Tile, set_counts
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.games.kap.deal import parse_positions
from gupai.protocol.messages import Answer

__all__ = [
    "BINDINGS",
    "Asker",
    "ScenarioRun",
    "StepError",
    "UnexpressibleError",
    "match_step",
    "scenario_setup",
]


class StepError(GupaiError):
    """The engine's answers contradict the step."""


class UnexpressibleError(GupaiError):
    """The step says something the protocol cannot ask; the scenario is skipped with this reason."""


class Asker(Protocol):
    """Whatever sends one request to the engine and returns its checked answer."""

    def __call__(self, cmd: str, **fields: Any) -> Answer: ...


_TILE = r"\[[^\]]+\]"
_TILE_RE = re.compile(_TILE)


def _tiles_in(text: str) -> list[Tile]:
    return [Tile.parse(token) for token in _TILE_RE.findall(text)]


def _faces(tiles: Sequence[Tile]) -> list[str]:
    return [t.face for t in tiles]


def _multiset(faces: Sequence[str]) -> list[str]:
    return sorted(faces)


def _show(faces: Sequence[str]) -> str:
    return " ".join(f"[{f}]" for f in faces) or "nothing"


def _split_json(eye: Sequence[Tile], pairs: Sequence[Sequence[Tile]]) -> dict[str, Any]:
    return {"eye": _faces(eye), "pairs": [_faces(p) for p in pairs]}


def _canonical_split(doc: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
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


def _parse_split(eye_text: str, pairs_text: str) -> dict[str, Any]:
    eye = _tiles_in(eye_text)
    pairs = [_tiles_in(chunk) for chunk in pairs_text.split()]
    return _split_json(eye, pairs)


# -------------------------------------------------------------- the probes
@cache
def _universal() -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Ten-pairs and eyes legal under every reading: the fillers of a probe hand."""
    pair_sets = []
    eye_sets = []
    for value, pair_set, eye in product(("3", "6"), ("arithmetic", "printed"), ("identical", "civil")):
        rules = pair_rules_from_options({"four-two-value": value, "pair-set": pair_set, "eye": eye})
        pair_sets.append(set(rules.legal_pair_indices()))
        eye_sets.append(set(rules.eye_kinds()))
    pairs = tuple(sorted(set.intersection(*pair_sets)))
    eyes = tuple(sorted(set.intersection(*eye_sets)))
    return pairs, eyes


def probe_hand(
    pair: tuple[int, int] | None, eye: tuple[int, int] | None, *, pairs_in_hand: int, caps: Sequence[int]
) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]] | None:
    """An eye and ten-pairs holding ``pair`` (or with ``eye`` as the eye) that ``caps`` can hold.

    Every other pair, and the eye when ``eye`` is not given, is legal under
    every reading, so declaring the split is legal exactly when ``pair`` is
    a ten-pair (``eye`` an eye). ``None`` if the sets cannot hold such a hand.

    >>> probe_hand((0, 0), None, pairs_in_hand=3, caps=set_counts(1)) is None
    False
    """
    fillers, eyes = _universal()
    counts = [0] * KIND_COUNT

    def take(kinds: Sequence[int]) -> bool:
        for k in kinds:
            counts[k] += 1
        if all(counts[k] <= caps[k] for k in kinds):
            return True
        for k in kinds:
            counts[k] -= 1
        return False

    def give(kinds: Sequence[int]) -> None:
        for k in kinds:
            counts[k] -= 1

    fixed: list[tuple[int, int]] = [pair] if pair is not None else []
    for kinds in fixed + ([eye] if eye is not None else []):
        if not take(kinds):
            return None
    need = pairs_in_hand - len(fixed)
    eye_choices = [eye] if eye is not None else [(k, k) for k in eyes]

    def search(found: list[tuple[int, int]], start: int) -> bool:
        if len(found) == need:
            return True
        for at in range(start, len(fillers)):
            if take(fillers[at]):
                found.append(fillers[at])
                if search(found, at):
                    return True
                found.pop()
                give(fillers[at])
        return False

    for chosen_eye in eye_choices:
        if eye is None and not take(chosen_eye):
            continue
        found: list[tuple[int, int]] = []
        if search(found, 0):
            return chosen_eye, tuple(fixed + found)
        if eye is None:
            give(chosen_eye)
    return None


def structural_splits(kinds: Sequence[int]) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
    """Every way to cut a hand into an eye and pairs, whatever the tiles: each once.

    >>> len(structural_splits([0, 0, 1, 1])), len(structural_splits([0, 1, 2, 3]))
    (3, 6)
    """
    counts = [0] * KIND_COUNT
    for k in kinds:
        counts[k] += 1
    present = [k for k in range(KIND_COUNT) if counts[k]]
    found: set[tuple[tuple[int, int], tuple[tuple[int, int], ...]]] = set()

    def matchings(work: list[int]) -> Iterator[list[tuple[int, int]]]:
        first = next((k for k in present if work[k]), None)
        if first is None:
            yield []
            return
        work[first] -= 1
        for other in present:
            if work[other]:
                work[other] -= 1
                for rest in matchings(work):
                    yield [(first, other), *rest]
                work[other] += 1
        work[first] += 1

    for i, a in enumerate(present):
        for b in present[i:]:
            if counts[a] < 1 or counts[b] < (2 if a == b else 1):
                continue
            work = list(counts)
            work[a] -= 1
            work[b] -= 1
            for pairs in matchings(work):
                found.add(((a, b), tuple(sorted(pairs))))
    return sorted(found)


# --------------------------------------------------------------- the context
@dataclass
class ScenarioRun:
    """One scenario being run against an engine: what its steps have set up so far."""

    ask: Asker
    scenario: Scenario
    game: str | None = None
    preset: str = DEFAULT_PRESET
    overrides: dict[str, str] = field(default_factory=dict)
    players: int | None = None
    sets: int | None = None
    hands: dict[int, list[Tile]] = field(default_factory=dict)
    stock_start: list[Tile] = field(default_factory=list)
    stock_exact: bool = False
    first: int = 0
    order: list[Tile] = field(default_factory=list)
    in_game: bool = False
    tried: Answer | None = None
    sat_down: Answer | None = None
    hand: list[Tile] | None = None
    declared: dict[str, Any] | None = None
    probed_hand: Answer | None = None
    notes: list[str] = field(default_factory=list)
    tsung: Any = None
    ask_many: Callable[[Sequence[tuple[str, Mapping[str, Any]]]], list[Answer]] | None = None
    probe_cache: dict[str, bool] = field(default_factory=dict, repr=False)
    _configs: dict[tuple[Any, ...], CollectingConfig] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------ helpers
    def options(self) -> dict[str, str]:
        if self.game is None:
            raise StepError("the scenario names no game: 'Given the game <game>' must come first")
        return resolve_options(self.game, preset=self.preset, overrides=self.overrides).as_dict()

    def config(self, *, sets: int | None = None) -> CollectingConfig:
        key = (self.game, self.preset, tuple(sorted(self.overrides.items())), self.players, sets or self.sets)
        found = self._configs.get(key)
        if found is None:
            options = resolve_options(self.game or "", preset=self.preset, overrides=self.overrides)
            found = collecting_config(options.game, options, players=self.players, sets=sets or self.sets)
            self._configs[key] = found
        return found

    def expect_ok(self, answer: Answer, what: str) -> Answer:
        if not answer.is_ok:
            raise StepError(f"{what}: the engine answered {answer.describe()}")
        return answer

    def new_game(self, deal: Mapping[str, Any] | None, *, players: int, sets: int | None) -> Answer:
        self.in_game = False
        answer = self.ask("new_game", game=self.game, options=self.options(), players=players, sets=sets, deal=deal)
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
        n = config.players
        counts = list(set_counts(config.sets))
        dealt = [list(self.hands.get(seat, [])) for seat in range(n)]
        for tiles in [*dealt, self.stock_start]:
            for tile in tiles:
                counts[tile.index] -= 1
        if min(counts) < 0:
            raise StepError("the scenario deals more copies of a tile than the sets hold")
        rest = [] if self.stock_exact else [Tile.from_index(k) for k, c in enumerate(counts) for _ in range(c)]
        deal = {
            "hands": [_faces(h) for h in dealt],
            "stock": _faces(self.stock_start + rest),
            "first_player": self.first,
        }
        answer = self.new_game(deal, players=n, sets=config.sets)
        self.expect_ok(answer, "the scenario's deal")
        self.in_game = True

    def action(self, seat: int, move: str) -> dict[str, Any]:
        words = move.replace("[", " ").replace("]", " ").split()
        doc: dict[str, Any] = {"type": words[0], "seat": seat}
        if len(words) > 1:
            doc["tile"] = Tile.parse(words[1]).face
        return doc

    def legal(self) -> set[tuple[str, str | None]]:
        answer = self.expect_ok(self.ask("legal_actions"), "legal_actions")
        return {(a["type"], a.get("tile")) for a in answer.doc["actions"]}

    # ---------------------------------------------------------- hand probes
    def probe_config(self, kinds: Sequence[int]) -> CollectingConfig | None:
        """The game for a probe hand: the scenario's sets, or (Kap Tai Shap) the fewest that hold it."""
        if self.sets is not None or self.game == "kap-shap":
            config = self.config()
            return (
                config if all(c <= cap for c, cap in zip(_counts(kinds), config.evaluator.caps, strict=True)) else None
            )
        for sets in range(1, 9):
            try:
                config = self.config(sets=sets)
            except GupaiError:
                continue
            if all(c <= cap for c, cap in zip(_counts(kinds), set_counts(sets), strict=True)):
                return config
        return None

    def hand_deal(self, kinds: Sequence[int], config: CollectingConfig) -> dict[str, Any]:
        """A ``new_game`` request dealing ``kinds`` to seat 0, the first player; the rest to the others and the stock."""
        counts = [max(0, c) for c in (a - b for a, b in zip(set_counts(config.sets), _counts(kinds), strict=True))]
        rest = [Tile.from_index(k) for k, c in enumerate(counts) for _ in range(c)]
        size = config.spec.hand_size
        hands = [[Tile.from_index(k) for k in kinds]]
        for _ in range(1, config.players):
            hands.append(rest[:size])
            rest = rest[size:]
        deal = {"hands": [_faces(h) for h in hands], "stock": _faces(rest), "first_player": 0}
        return {
            "game": self.game,
            "options": self.options(),
            "players": config.players,
            "sets": config.sets,
            "deal": deal,
        }

    def deal_hand(self, kinds: Sequence[int], config: CollectingConfig) -> Answer:
        """Deal ``kinds`` to seat 0 as the first player's opening holding."""
        fields = self.hand_deal(kinds, config)
        return self.new_game(fields["deal"], players=fields["players"], sets=fields["sets"])

    def batch(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Answer]:
        """Several requests in a row (pipelined when the engine process allows), their answers in order."""
        self.in_game = False
        self.probed_hand = None
        if self.ask_many is not None:
            return self.ask_many(requests)
        return [self.ask(cmd, **fields) for cmd, fields in requests]

    def probe_requests(self, kinds: Sequence[int], split: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
        """Deal a probe hand, then ask whether declaring it showing ``split`` is legal; ``[]`` if unholdable."""
        config = self.probe_config(kinds)
        if config is None:
            return []
        action = {"type": "declare", "seat": 0, "decomposition": dict(split)}
        return [("new_game", self.hand_deal(kinds, config)), ("check", {"action": action})]

    def verdicts(self, probes: Sequence[list[tuple[str, Mapping[str, Any]]]]) -> list[bool | None]:
        """Run probes (each a deal and a check, or none); whether each declaration is legal, ``None`` if unasked.

        A probe already answered by this engine process (``probe_cache``) is
        not asked again: ``new_game`` replaces the game, so the answer to a
        deal and a check is a function of the two requests.
        """
        keys = [json.dumps(probe, sort_keys=True) if probe else "" for probe in probes]
        asked = [probe for probe, key in zip(probes, keys, strict=True) if probe and key not in self.probe_cache]
        answers = iter(self.batch([request for probe in asked for request in probe]))
        for probe in asked:
            dealt, checked = next(answers), next(answers)
            self.expect_ok(dealt, "dealing a probe hand")
            if checked.kind not in ("ok", "illegal"):
                raise StepError(f"check of a declaration: the engine answered {checked.describe()}")
            self.probe_cache[json.dumps(probe, sort_keys=True)] = checked.is_ok
        return [self.probe_cache[key] if key else None for key in keys]

    def pair_requests(self, a: Tile, b: Tile) -> list[tuple[str, Mapping[str, Any]]]:
        """The probe asking whether [a]+[b] is a ten-pair, through a declaration; ``[]`` if no hand can show it."""
        config = self.config_for_probes()
        pair = (min(a.index, b.index), max(a.index, b.index))
        for sets in self.probe_sets():
            built = probe_hand(pair, None, pairs_in_hand=config.spec.pairs_in_hand, caps=set_counts(sets))
            if built is not None:
                eye, pairs = built
                kinds = [*eye, *(k for p in pairs for k in p)]
                split = _split_json([Tile.from_index(k) for k in eye], [[Tile.from_index(k) for k in p] for p in pairs])
                return self.probe_requests(kinds, split)
        return []

    def pair_probe(self, a: Tile, b: Tile) -> bool | None:
        """Whether [a]+[b] is a ten-pair; ``None`` if no hand the sets hold can show it."""
        return self.verdicts([self.pair_requests(a, b)])[0]

    def eye_probe(self, a: Tile, b: Tile) -> bool | None:
        """Whether [a] [b] is an eye, asked through a declaration; ``None`` if no hand can show it."""
        config = self.config_for_probes()
        eye = (a.index, b.index)
        for sets in self.probe_sets():
            built = probe_hand(None, eye, pairs_in_hand=config.spec.pairs_in_hand, caps=set_counts(sets))
            if built is not None:
                _, pairs = built
                kinds = [*eye, *(k for p in pairs for k in p)]
                split = _split_json([a, b], [[Tile.from_index(k) for k in p] for p in pairs])
                return self.verdicts([self.probe_requests(kinds, split)])[0]
        return None

    def config_for_probes(self) -> CollectingConfig:
        if self.game is None:
            raise StepError("the scenario names no game")
        return self.config()

    def probe_sets(self) -> list[int]:
        if self.sets is not None or self.game == "kap-shap":
            return [self.config().sets]
        return [1, 2]


def _counts(kinds: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for k in kinds:
        counts[k] += 1
    return counts


# ------------------------------------------------------------------ bindings
StepFunction = Callable[..., None]
"""A step's implementation: ``function(run, **arguments)``."""


@dataclass(frozen=True, slots=True)
class Binding:
    """A step pattern (matched in full, as pytest-bdd's ``parsers.re``) and what it asks."""

    kind: str
    pattern: re.Pattern[str]
    function: StepFunction


BINDINGS: list[Binding] = []


def _step(kind: str, pattern: str) -> Callable[[StepFunction], StepFunction]:
    def register(function: StepFunction) -> StepFunction:
        BINDINGS.append(Binding(kind, re.compile(pattern), function))
        return function

    return register


def match_step(step: Step) -> tuple[Binding, dict[str, str | None]] | None:
    """The binding of a step and its arguments, or ``None`` if no pattern matches its text."""
    for binding in BINDINGS:
        if binding.kind != step.kind:
            continue
        found = binding.pattern.fullmatch(step.text)
        if found is not None:
            return binding, found.groupdict()
    return None


_TILES_NOTE = "tiles cross the protocol as canonical faces; a spelling or the set itself is not an engine's answer"


# ------------------------------------------------------------- context steps
@_step("given", r"the game (?P<game>[a-z][a-z-]*)")
def _game(run: ScenarioRun, game: str) -> None:
    run.game, run.preset = game, DEFAULT_PRESET


@_step("given", r"the game (?P<game>[a-z][a-z-]*) with preset (?P<preset>[a-z0-9:-]+)")
def _game_preset(run: ScenarioRun, game: str, preset: str) -> None:
    run.game, run.preset = game, preset


@_step("given", r"the option (?P<key>[a-z0-9-]+) is (?P<value>[a-z0-9-]+)")
def _option(run: ScenarioRun, key: str, value: str) -> None:
    run.overrides[key] = value
    run.in_game = False


@_step("given", r"(?P<sets>\d+) sets? (?:is|are) in play")
def _sets(run: ScenarioRun, sets: str) -> None:
    run.sets = int(sets)


@_step("given", r"(?P<sets>one|\d+) sets? of Chinese dominoes")
def _pool(run: ScenarioRun, sets: str) -> None:
    raise UnexpressibleError(f"the tile set itself: {_TILES_NOTE}")


@_step("given", r"(?P<players>\d+) players play(?: with (?P<sets>\d+) sets?)?")
def _players(run: ScenarioRun, players: str, sets: str | None) -> None:
    run.players = int(players)
    run.sets = None if sets is None else int(sets)


@_step("given", r"seat (?P<seat>\d+) is dealt (?P<tiles>.+)")
def _dealt(run: ScenarioRun, seat: str, tiles: str) -> None:
    run.hands[int(seat)] = _tiles_in(tiles)


@_step("given", r"the stock (?P<how>begins|is) (?P<tiles>.+)")
def _stock(run: ScenarioRun, how: str, tiles: str) -> None:
    run.stock_start = _tiles_in(tiles)
    run.stock_exact = how == "is"
    run.in_game = False


@_step("given", r"seat (?P<seat>\d+) plays first")
def _first(run: ScenarioRun, seat: str) -> None:
    run.first = int(seat)


# -------------------------------------------------------------- action steps
@_step("when", r"(?P<players>\d+) players? sits? down(?: with (?P<sets>\d+) sets?)?")
def _sit_down(run: ScenarioRun, players: str, sets: str | None) -> None:
    run.players = int(players)
    run.sets = None if sets is None else int(sets)
    run.sat_down = run.new_game(None, players=run.players, sets=run.sets)
    run.in_game = run.sat_down.is_ok


@_step("when", r"the player holds (?P<text>.+)")
def _holds(run: ScenarioRun, text: str) -> None:
    try:
        run.hand = [Tile.parse(token) for token in text.replace("[", " [").split()]
    except GupaiError:
        raise UnexpressibleError(f"a hand with a token that is not a tile: {_TILES_NOTE}") from None
    run.probed_hand = None


@_step("when", r"the player declares the eye (?P<eye>(?:\[[^\]]+\] ?){2}) ?and the pairs (?P<pairs>.+)")
def _declares(run: ScenarioRun, eye: str, pairs: str) -> None:
    run.declared = _parse_split(eye, pairs)


@_step(
    "when",
    r"the tiles are dealt from the order shuffled with seed (?P<seed>\d+)"
    r"(?: and the dice (?P<dice>[1-6] [1-6] [1-6] [1-6]))?",
)
def _dealt_from_order(run: ScenarioRun, seed: str, dice: str | None) -> None:
    config = run.config()
    order = [k for k, c in enumerate(set_counts(config.sets)) for _ in range(c)]
    random.Random(int(seed)).shuffle(order)
    run.order = [Tile.from_index(k) for k in order]
    deal = {"order": _faces(run.order), "dice": None if dice is None else [int(d) for d in dice.split()]}
    run.expect_ok(run.new_game(deal, players=config.players, sets=config.sets), "dealing the shuffled order")
    run.in_game = True


@_step(
    "when",
    r"seat (?P<seat>\d+) (?P<tries>tries to )?(?P<verb>discards?|takes?|draws?|declares?)(?: (?P<tile>\[[^\]]+\]))?",
)
def _move(run: ScenarioRun, seat: str, tries: str | None, verb: str, tile: str | None) -> None:
    run.ensure_game()
    word = verb[:-1] if verb.endswith("s") else verb
    action = run.action(int(seat), f"{word} {tile or ''}")
    answer = run.ask("apply", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"apply {word}: the engine answered {answer.describe()}")
    run.tried = answer
    if not tries and not answer.is_ok:
        raise StepError(f"seat {seat} must be able to {word} {tile or ''}: the engine answered {answer.describe()}")


# ------------------------------------------------------------------ the deal
@_step("then", r"seat (?P<seat>\d+) is the first player")
def _is_first(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    if state["current_player"] != int(seat):
        raise StepError(f"seat {state['current_player']} is to move first, not seat {seat}")


@_step("then", r"seat (?P<seat>\d+) is dealt the tiles at positions (?P<where>[0-9, and-]+)")
def _dealt_positions(run: ScenarioRun, seat: str, where: str) -> None:
    expected = _multiset([run.order[p - 1].face for p in parse_positions(where)])
    held = _multiset(run.state()["hands"][int(seat)])
    if held != expected:
        raise StepError(f"seat {seat} holds {_show(held)}, not {_show(expected)}")


@_step("then", r"the stock is the tiles at positions (?P<where>[0-9, and-]+)")
def _stock_positions(run: ScenarioRun, where: str) -> None:
    expected = [run.order[p - 1].face for p in parse_positions(where)]
    stock = run.state()["stock"]
    if stock != expected:
        raise StepError(f"the stock is {_show(stock)}, not {_show(expected)}")


# ------------------------------------------------------------------- moves
def _may(run: ScenarioRun, seat: str, move: str) -> tuple[bool, Answer]:
    """Whether ``seat`` may make ``move`` now: ``check`` must agree with ``legal_actions`` and the turn."""
    run.ensure_game()
    action = run.action(int(seat), move)
    answer = run.ask("check", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"check {move}: the engine answered {answer.describe()}")
    current = run.state()["current_player"]
    listed = current == int(seat) and (action["type"], action.get("tile")) in run.legal()
    if listed != answer.is_ok:
        where = (
            "legal_actions lists it"
            if listed
            else ("legal_actions does not list it" if current == int(seat) else f"it is seat {current}'s turn")
        )
        raise StepError(f"the engine's check answers {answer.kind} to seat {seat} {move}, but {where}")
    return answer.is_ok, answer


@_step("then", r"seat (?P<seat>\d+) may (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare)")
def _then_may(run: ScenarioRun, seat: str, move: str) -> None:
    allowed, answer = _may(run, seat, move)
    if not allowed:
        raise StepError(f"seat {seat} may {move}, but the engine answered {answer.describe()}")


@_step(
    "then",
    r"seat (?P<seat>\d+) may not (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare)(?: \(rule (?P<rule>[a-z0-9.-]+)\))?",
)
def _then_may_not(run: ScenarioRun, seat: str, move: str, rule: str | None) -> None:
    allowed, answer = _may(run, seat, move)
    if allowed:
        raise StepError(f"seat {seat} may not {move}, but the engine allows it")
    _same_rule(run, answer, rule)


def _same_rule(run: ScenarioRun, answer: Answer, rule: str | None) -> None:
    if rule is None:
        return
    if answer.rule is None:
        run.notes.append(f"refused without a rule id (the scenario names {rule})")
    elif answer.rule != rule:
        raise StepError(f"refused under rule {answer.rule}, not {rule}: {answer.message}")


@_step("then", r"the legal moves are: (?P<moves>.+)")
def _legal_moves(run: ScenarioRun, moves: str) -> None:
    run.ensure_game()
    expected = set()
    for move in moves.split(","):
        action = run.action(0, move.strip())
        expected.add((action["type"], action.get("tile")))
    actual = run.legal()
    if actual != expected:
        show = _show_moves
        raise StepError(
            f"the legal moves are {show(actual)}; missing {show(expected - actual)}, extra {show(actual - expected)}"
        )


def _show_moves(moves: set[tuple[str, str | None]]) -> str:
    return ", ".join(sorted(f"{t} [{tile}]" if tile else t for t, tile in moves)) or "none"


@_step("then", r"there are no legal moves")
def _no_moves(run: ScenarioRun) -> None:
    run.ensure_game()
    actual = run.legal()
    if actual:
        raise StepError(f"the engine lists {len(actual)} legal moves after the end")


@_step("then", r"the move is refused under rule (?P<rule>[a-z0-9.-]+)")
def _refused(run: ScenarioRun, rule: str) -> None:
    if run.tried is None:
        raise StepError("no move was tried")
    if run.tried.is_ok:
        raise StepError(f"the move was allowed, but it breaks {rule}")
    _same_rule(run, run.tried, rule)


@_step("then", r"the move is allowed")
def _allowed(run: ScenarioRun) -> None:
    if run.tried is None or not run.tried.is_ok:
        raise StepError(f"the move was refused: {run.tried.describe() if run.tried else 'no move was tried'}")


# ------------------------------------------------------------------- state
@_step("then", r"it is seat (?P<seat>\d+)'s turn")
def _turn(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    if state["terminal"] or state["current_player"] != int(seat):
        raise StepError(f"current_player is {state['current_player']} (terminal: {state['terminal']}), not seat {seat}")


@_step("then", r"seat (?P<seat>\d+) holds (?P<count>\d+) tiles")
def _holds_count(run: ScenarioRun, seat: str, count: str) -> None:
    held = run.state()["hands"][int(seat)]
    if len(held) != int(count):
        raise StepError(f"seat {seat} holds {len(held)} tiles, not {count}")


@_step("then", r"seat (?P<seat>\d+) holds (?P<tiles>\[.+)")
def _holds_tiles(run: ScenarioRun, seat: str, tiles: str) -> None:
    held = _multiset(run.state()["hands"][int(seat)])
    expected = _multiset(_faces(_tiles_in(tiles)))
    if held != expected:
        raise StepError(f"seat {seat} holds {_show(held)}, not {_show(expected)}")


@_step("then", r"the table holds (?P<tiles>\[.+)")
def _table(run: ScenarioRun, tiles: str) -> None:
    table = run.state()["table"]
    expected = _faces(_tiles_in(tiles))
    if table != expected:
        raise StepError(f"the table holds {_show(table)}, not {_show(expected)}")


@_step("then", r"the table is empty")
def _table_empty(run: ScenarioRun) -> None:
    table = run.state()["table"]
    if table:
        raise StepError(f"the table holds {_show(table)}")


@_step("then", r"the stock holds (?P<count>\d+) tiles?")
def _stock_size(run: ScenarioRun, count: str) -> None:
    state = run.state()
    if state["stock_size"] != int(count) or len(state["stock"]) != int(count):
        raise StepError(f"stock_size is {state['stock_size']} and the stock lists {len(state['stock'])}, not {count}")


# ------------------------------------------------------------------- the end
@_step("then", r"the game is not over")
def _not_over(run: ScenarioRun) -> None:
    state = run.state()
    if state["terminal"] or state["result"] is not None:
        raise StepError(f"the game is over: {state['result']}")


@_step("then", r"the game is over: seat (?P<seat>\d+) wins")
def _wins(run: ScenarioRun, seat: str) -> None:
    state = run.state()
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") != int(seat) or result.get("reason") != "declared":
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not a win by seat {seat}")


@_step("then", r"the game is over with no winner \((?P<reason>[a-z-]+)\)")
def _no_winner(run: ScenarioRun, reason: str) -> None:
    state = run.state()
    result = state["result"] or {}
    if not state["terminal"] or result.get("winner") is not None or result.get("reason") != reason:
        raise StepError(f"terminal {state['terminal']}, result {result or None}: not over with no winner ({reason})")


@_step("then", r"the settlement is (?P<amounts>[-+0-9 ]+)")
def _settlement(run: ScenarioRun, amounts: str) -> None:
    state = run.state()
    expected = [int(a) for a in amounts.split()]
    settled = (state["result"] or {}).get("settlement", state["scores"])
    if settled != expected or state["scores"] != expected:
        raise StepError(f"the settlement is {settled} (scores {state['scores']}), not {expected}")


@_step("then", r"the declared split is eye (?P<eye>(?:\[[^\]]+\] ?){2}), pairs (?P<pairs>.+)")
def _declared_split(run: ScenarioRun, eye: str, pairs: str) -> None:
    result = run.state()["result"] or {}
    shown = result.get("decomposition")
    if shown is None or _canonical_split(shown) != _canonical_split(_parse_split(eye, pairs)):
        raise StepError(f"the declared split is {shown}")


# ---------------------------------------------------------------- the set
@_step("then", r"it holds (?P<total>\d+) tiles(?: of (?P<kinds>\d+) kinds)?")
@_step("then", r"(?P<count>\d+) of its tiles are (?P<series>civil|military), of (?P<kinds>\d+) kinds")
@_step(
    "then",
    rf"(?P<tile>{_TILE}) is an? (?P<series>civil|military) tile with (?P<pips>\d+) spots, (?P<copies>\d+) in a set",
)
@_step("then", r"it holds (?P<civil>\d+) copies of each civil kind and (?P<military>\d+) of each military kind")
@_step("then", rf'"(?P<text>[^"]*)" is the tile (?P<tile>{_TILE})')
@_step("then", r'"(?P<text>[^"]*)" is not a tile')
def _the_set(run: ScenarioRun, **_: str | None) -> None:
    raise UnexpressibleError(f"the tile set and its spellings: {_TILES_NOTE}")


# ---------------------------------------------------------------- pairs
_COUNTS_NOTE = "what a tile counts toward tens is not an answer of the protocol (the pairs it makes are)"


@_step("then", rf"(?P<tile>{_TILE}) counts (?P<value>\d+) toward tens")
@_step("then", r"every other tile counts its spots toward tens")
def _counts_toward_tens(run: ScenarioRun, **_: str | None) -> None:
    raise UnexpressibleError(_COUNTS_NOTE)


def _unholdable(a: Tile, b: Tile, what: str) -> UnexpressibleError:
    return UnexpressibleError(f"[{a}] and [{b}] as {what}: no hand the sets hold can show it")


@_step("then", rf"(?P<a>{_TILE}) and (?P<b>{_TILE}) (?P<verdict>make|do not make) a ten-pair")
def _pair(run: ScenarioRun, a: str, b: str, verdict: str) -> None:
    ta, tb = _tiles_in(a)[0], _tiles_in(b)[0]
    legal = run.pair_probe(ta, tb)
    if legal is None:
        raise _unholdable(ta, tb, "a ten-pair")
    if legal != (verdict == "make"):
        raise StepError(
            f"[{ta}] and [{tb}] {verdict} a ten-pair, but the engine {'allows' if legal else 'refuses'} declaring them as one"
        )


def _partners(run: ScenarioRun, tile: Tile) -> tuple[set[str], list[str]]:
    others = [Tile.from_index(k) for k in range(KIND_COUNT)]
    verdicts = run.verdicts([run.pair_requests(tile, other) for other in others])
    found = {other.face for other, legal in zip(others, verdicts, strict=True) if legal}
    unknown = [other.face for other, legal in zip(others, verdicts, strict=True) if legal is None]
    return found, unknown


@_step("then", rf"(?P<tile>{_TILE}) makes a ten-pair with (?P<partners>.+)")
def _makes_pairs_with(run: ScenarioRun, tile: str, partners: str) -> None:
    t = _tiles_in(tile)[0]
    found, unknown = _partners(run, t)
    expected = {p.face for p in _tiles_in(partners)} - set(unknown)
    if found != expected:
        raise StepError(f"[{t}] makes a ten-pair with {_show(sorted(found))}, not {_show(sorted(expected))}")
    if unknown:
        raise UnexpressibleError(f"[{t}] with {_show(unknown)}: no hand the sets hold can show it")


@_step("then", rf"(?P<tile>{_TILE}) makes no ten-pair")
def _makes_no_pair(run: ScenarioRun, tile: str) -> None:
    t = _tiles_in(tile)[0]
    found, unknown = _partners(run, t)
    if found:
        raise StepError(f"[{t}] makes a ten-pair with {_show(sorted(found))}")
    if unknown:
        raise UnexpressibleError(f"[{t}] with {_show(unknown)}: no hand the sets hold can show it")


def _all_pairs(run: ScenarioRun) -> tuple[set[tuple[str, str]], list[tuple[str, str]]]:
    pairs = [(Tile.from_index(i), Tile.from_index(j)) for i in range(KIND_COUNT) for j in range(i, KIND_COUNT)]
    verdicts = run.verdicts([run.pair_requests(a, b) for a, b in pairs])
    found, unknown = set(), []
    for (a, b), legal in zip(pairs, verdicts, strict=True):
        key = (max(a, b).face, min(a, b).face)
        if legal is None:
            unknown.append(key)
        elif legal:
            found.add(key)
    return found, unknown


@_step("then", r"there are (?P<count>\d+) kinds of ten-pair")
def _pair_count(run: ScenarioRun, count: str) -> None:
    config = run.config_for_probes()
    if config.spec.id == "kap-shap":
        raise UnexpressibleError("the count takes in [4-1]+[4-1] and [3-2]+[3-2], which one set cannot hold")
    found, unknown = _all_pairs(run)
    if unknown:  # pragma: no cover - Kap Tai Shap probes take a second set when needed
        raise UnexpressibleError(f"{len(unknown)} pairs no hand can show")
    if len(found) != int(count):
        raise StepError(f"the engine accepts {len(found)} kinds of ten-pair, not {count}")


@_step("then", r"the ten-pairs are:")
def _pair_table(run: ScenarioRun, datatable: Sequence[Sequence[str]]) -> None:
    _header, *rows = datatable
    expected = set()
    for pair_text, _total in rows:
        a, b = _tiles_in(pair_text)
        expected.add((max(a, b).face, min(a, b).face))
    found, unknown = _all_pairs(run)
    expected -= set(unknown)
    if found != expected:
        missing = sorted(expected - found)
        extra = sorted(found - expected)
        raise StepError(f"the engine's ten-pairs differ: refused {missing}; accepted but not listed {extra}")
    reasons = ["the 'makes' column: " + _COUNTS_NOTE]
    if unknown:
        reasons.append(f"{', '.join('+'.join(p) for p in unknown)}: no hand the sets hold can show them")
    raise UnexpressibleError("; ".join(reasons))


@_step("then", rf"(?P<a>{_TILE}) and (?P<b>{_TILE}) (?P<verdict>make|do not make) an eye")
def _eye(run: ScenarioRun, a: str, b: str, verdict: str) -> None:
    ta, tb = _tiles_in(a)[0], _tiles_in(b)[0]
    legal = run.eye_probe(ta, tb)
    if legal is None:
        raise _unholdable(ta, tb, "the eye")
    if legal != (verdict == "make"):
        raise StepError(
            f"[{ta}] and [{tb}] {verdict} an eye, but the engine {'allows' if legal else 'refuses'} declaring them as one"
        )


# ------------------------------------------------------------------ hands
def _hand_kinds(run: ScenarioRun) -> list[int]:
    if run.hand is None:
        raise StepError("the scenario holds no hand")
    return [t.index for t in run.hand]


def _winning_size(run: ScenarioRun) -> int:
    return game_spec(run.game or "").winning_size


def _dealt_hand(run: ScenarioRun) -> CollectingConfig:
    """Deal the scenario's hand as the first player's opening holding (once)."""
    kinds = _hand_kinds(run)
    config = run.probe_config(kinds)
    if config is None:
        raise StepError(f"the hand {_show(_faces(run.hand or []))} is more than the sets hold")
    if run.probed_hand is None:
        run.probed_hand = run.deal_hand(kinds, config)
    run.expect_ok(run.probed_hand, "dealing the hand to the first player")
    return config


def _declare_check(run: ScenarioRun, split: Mapping[str, Any] | None) -> Answer:
    action: dict[str, Any] = {"type": "declare", "seat": 0}
    if split is not None:
        action["decomposition"] = dict(split)
    answer = run.ask("check", action=action)
    if answer.kind not in ("ok", "illegal"):
        raise StepError(f"check of a declaration: the engine answered {answer.describe()}")
    return answer


@_step("then", r"the hand is winning")
def _winning(run: ScenarioRun) -> None:
    kinds = _hand_kinds(run)
    if len(kinds) != _winning_size(run):
        raise StepError(f"a winning hand has {_winning_size(run)} tiles, this one {len(kinds)}")
    _dealt_hand(run)
    answer = _declare_check(run, None)
    if not answer.is_ok:
        raise StepError(f"the hand is winning, but declaring it is refused: {answer.describe()}")


@_step("then", r"the hand is not winning")
def _not_winning(run: ScenarioRun) -> None:
    kinds = _hand_kinds(run)
    if len(kinds) != _winning_size(run):
        raise UnexpressibleError(
            f"a hand of {len(kinds)} tiles: only the first player's opening {_winning_size(run)} tiles can be declared"
        )
    _dealt_hand(run)
    answer = _declare_check(run, None)
    if answer.is_ok:
        raise StepError("the hand is not winning, but the engine allows declaring it")


def _engine_splits(run: ScenarioRun) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    config = _dealt_hand(run)
    splits = [
        _split_json([Tile.from_index(k) for k in eye], [[Tile.from_index(k) for k in p] for p in pairs])
        for eye, pairs in structural_splits(_hand_kinds(run))
    ]
    deal = ("new_game", run.hand_deal(_hand_kinds(run), config))
    checks = [("check", {"action": {"type": "declare", "seat": 0, "decomposition": split}}) for split in splits]
    dealt, *answers = run.batch([deal, *checks])
    run.expect_ok(dealt, "dealing the hand to the first player")
    accepted = []
    for split, answer in zip(splits, answers, strict=True):
        if answer.kind not in ("ok", "illegal"):
            raise StepError(f"check of a declaration: the engine answered {answer.describe()}")
        if answer.is_ok:
            accepted.append(_canonical_split(split))
    return sorted(accepted, reverse=True)


def _show_split(split: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]) -> str:
    eye, pairs = split
    return f"eye {_show(eye)}, pairs " + " ".join("+".join(f"[{t}]" for t in p) for p in pairs)


@_step("then", r"the hand splits (?P<count>one|\d+) ways?")
def _split_count(run: ScenarioRun, count: str) -> None:
    accepted = _engine_splits(run)
    want = 1 if count == "one" else int(count)
    if len(accepted) != want:
        raise StepError(
            f"the engine accepts {len(accepted)} splits, not {want}: " + "; ".join(map(_show_split, accepted))
        )


@_step("then", r"the hand splits (?P<count>one|\d+) ways?:")
def _split_table(run: ScenarioRun, count: str, datatable: Sequence[Sequence[str]]) -> None:
    accepted = set(_engine_splits(run))
    _header, *rows = datatable
    expected = {_canonical_split(_parse_split(eye, pairs)) for eye, pairs in rows}
    want = 1 if count == "one" else int(count)
    if accepted != expected or len(accepted) != want:
        missing = "; ".join(map(_show_split, sorted(expected - accepted))) or "none"
        extra = "; ".join(map(_show_split, sorted(accepted - expected))) or "none"
        raise StepError(f"the engine's splits differ: refused {missing}; accepted but not listed {extra}")


@_step("then", r"the hand is (?P<distance>\d+) tiles? from winning")
def _distance(run: ScenarioRun, distance: str) -> None:
    raise UnexpressibleError("how far a hand is from winning is an evaluator's measure, not a move or a state")


@_step("then", r'the hand is rejected: "(?P<fragment>[^"]+)"')
def _hand_rejected(run: ScenarioRun, fragment: str) -> None:
    kinds = _hand_kinds(run)
    config = run.config()
    answer = run.deal_hand(kinds, config)
    if answer.is_ok:
        raise StepError(f"the hand should be rejected ({fragment}), but the engine deals it")
    run.notes.append(f"the deal was refused ({answer.describe()}); the reference's wording is not compared")


# ---------------------------------------------------------------- the game
@_step("then", r"the game is played with (?P<sets>\d+) sets?, (?P<tiles>\d+) tiles")
def _played_with(run: ScenarioRun, sets: str, tiles: str) -> None:
    if run.sat_down is None:
        raise StepError("nobody sat down")
    if run.sat_down.kind == "illegal" and ".deal." in (run.sat_down.rule or ""):
        raise UnexpressibleError(
            f"the engine cannot deal this game ({run.sat_down.describe()}); the number of sets shows only in a "
            "dealt game"
        )
    run.expect_ok(run.sat_down, "seating the players")
    state = run.state()
    total = sum(len(h) for h in state["hands"]) + state["stock_size"]
    if total != int(tiles) or total != 32 * int(sets):
        raise StepError(f"the engine deals {total} tiles (hands and stock), not {tiles} ({sets} sets)")


@_step("then", r'the game is refused: "(?P<fragment>[^"]+)"')
def _game_refused(run: ScenarioRun, fragment: str) -> None:
    if run.sat_down is None:
        raise StepError("nobody sat down")
    if run.sat_down.is_ok:
        raise StepError(f"the game should be refused ({fragment}), but the engine starts it")
    run.notes.append(f"refused ({run.sat_down.describe()}); the reference's wording is not compared")


@_step("then", r"the refusal cites rule (?P<rule>[a-z0-9.-]+)")
def _refusal_rule(run: ScenarioRun, rule: str) -> None:
    if run.sat_down is None or run.sat_down.is_ok:
        raise StepError("nothing was refused")
    _same_rule(run, run.sat_down, rule)


@_step("then", r"the declaration is (?P<verdict>valid|refused)")
def _declaration(run: ScenarioRun, verdict: str) -> None:
    if run.declared is None:
        raise StepError("nothing was declared")
    _dealt_hand(run)
    answer = _declare_check(run, run.declared)
    if answer.is_ok != (verdict == "valid"):
        raise StepError(f"the declaration is {verdict}, but the engine answered {answer.describe()}")


# ------------------------------------------------------------- requirements
_GAME = re.compile(r"the game (?P<game>[a-z][a-z-]*)(?: with preset (?P<preset>[a-z0-9:-]+))?")
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
        elif (found := _OPTION.fullmatch(step.text)) is not None:
            overrides[found["key"]] = found["value"]
        elif (found := _PLAYERS.fullmatch(step.text)) is not None:
            players = int(found["players"])
    return game, preset, overrides, players
