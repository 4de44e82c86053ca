"""Steps for Tsung Shap: positions, lays, captures, claims, sweeps, the four-tile hand, the end.

The vocabulary, as ``features/tsung-shap/*.feature`` writes it (tiles in
brackets, high end first or not):

Context (Given)
    the game and options as in ``tests/scenarios/steps/hands.py`` (``Given the game
    tsung-shap with preset culin``, ``And the option reach is laid-end``)
    ``a new Tsung Shap game`` (an empty table, nothing laid, seat 0 to play)
    ``a Tsung Shap row [t] [t] ...`` (a game in mid-play; the row left to
    right; at least two tiles count as laid), optionally ``with seat <s> to play``
    ``seat <s>'s face-down tiles are [t] ...`` (exactly) / ``... begin [t] ...``,
    in the order they turn over; with four tiles in hand, the tiles the hand
    refills from. The tiles of the set that the scenario does not place
    follow, shared between the seats whose tiles are not given exactly (seat 0
    first), or at the end of the common stock unless it is given exactly.
    ``seat <s> has no face-down tiles left``
    ``the common stock is [t] ...`` / ``the common stock begins [t] ...`` /
    ``the common stock is empty``
    ``seat <s>'s hand is [t] [t] [t] [t]`` (four tiles in hand)
    ``the scores are <a> to <b>``, ``seat <s> has had <n> turns``

Actions (When)
    ``seat <s> lays [t] at the left end`` / ``at the right end`` / ``on the
    empty table``
    ``seat <s> takes the pair at the left end``, ``... the triple at the right
    end``, ``... the triple at both ends``, ``... the lone tile as a pair`` /
    ``as a ten``, ``seat <s> takes nothing``
    ``seat <s> claims ...`` (the same captures), ``seat <s> does not claim``
    ``seat <s> tries to ...`` any of these, for a move that may be refused
    ``the Tsung Shap tiles are shuffled with seed <n>``
    ``the game is played out by <agent> agents``

Outcomes (Then)
    ``seat <s> has turned over [t]``, ``seat <s> is to lay``, ``seat <s> is to
    choose a capture``, ``seat <s> may claim``
    ``seat <s> may take [t] [t] [t] as a triple worth <n>`` (likewise a pair, a
    ten; ``as a sweep worth <n>``), ``seat <s> may take nothing``,
    ``the captures open are: <capture> for <n>, ...``
    ``seat <s> may not take the pair at the left end (rule <id>)``
    ``the move breaks rule <id>`` (after ``tries to``), ``the move is allowed``
    ``the Tsung Shap row is [t] ...``, ``the Tsung Shap table is empty``
    ``the scores are <a> to <b>``, ``seat <s>'s hand is [t] ...``
    ``the last capture is a sweep`` / ``is not a sweep``
    ``the events since the start are:`` (a doc string, one JSON event a line)
    ``the Tsung Shap game is over: seat <s> wins <a> to <b>``, ``... over in a
    tie at <a> to <b>``, ``the Tsung Shap game is not over``
    ``the options are refused: "<part of the message>"``
    deals: ``seat <s>'s pile is the tiles at positions 17-32 of the order``,
    ``the common stock is the tiles at positions ...``, ``seat <s>'s hand is
    the tiles at positions ...``, ``there are no piles``
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from gupai import (
    Capture,
    GupaiError,
    OptionError,
    Tile,
    TsungConfig,
    TsungState,
    parse_tsung_action,
    set_counts,
    tsung_config,
    tsung_deal_from_order,
)
from gupai.core.errors import HandError
from gupai.games.agents import make_agent
from gupai.games.kap.deal import parse_positions
from gupai.games.tsung.actions import Action, Pass, trace_json
from gupai.games.tsung.deal import complete_position

from .hands import HandScenario, tiles_in

__all__ = ["TsungScenario", "tsung_scenario"]

_TILES = r"(?P<tiles>(?:\[[^\]]+\] ?)+)"
_CAPTURE = r"(?:the (?P<kind>pair|triple) at (?:the (?P<at>left|right) end|(?P<both>both ends))|the lone tile as an? (?P<lone>pair|ten))"


def _capture(kind: str | None, at: str | None, both: str | None, lone: str | None) -> Capture:
    if lone is not None:
        return Capture(lone, "ends")
    assert kind is not None
    return Capture(kind, "ends" if both else str(at))


@dataclass
class TsungScenario:
    """A Tsung Shap game being set up and played in a scenario."""

    row: list[Tile] | None = None
    new_game: bool = False
    to_move: int = 0
    piles: dict[int, tuple[list[Tile], bool]] = field(default_factory=dict)  # seat -> (tiles, the rest follows)
    stock: tuple[list[Tile], bool] | None = None
    hands: dict[int, list[Tile]] = field(default_factory=dict)
    scores: tuple[int, int] = (0, 0)
    turns: dict[int, int] = field(default_factory=dict)
    state: TsungState | None = None
    refused: tuple[str, str] | None = None
    error: GupaiError | None = None
    order: list[int] = field(default_factory=list)

    def config(self, hands: HandScenario, request: pytest.FixtureRequest) -> TsungConfig:
        if hands.game is None:
            hands.game = "tsung-shap"
        options = hands.options()
        hands.check_option_tags(request, options)
        return tsung_config(options)

    def start(self, hands: HandScenario, request: pytest.FixtureRequest) -> TsungState:
        if self.state is not None:
            return self.state
        config = self.config(hands, request)
        row = list(self.row or [])
        try:
            piles, stock = complete_position(config, row=row, piles=self.piles, stock=self.stock, hands=self.hands)
        except HandError as error:
            raise AssertionError(f"the scenario: {error.message}") from None
        turns = (
            self.turns.get(0, 0 if self.new_game else 1 + self.to_move),
            self.turns.get(1, 0 if self.new_game else 1),
        )
        self.state = TsungState.from_position(
            config,
            row=row,
            to_move=self.to_move,
            piles=piles,
            stock=stock,
            hands=[self.hands.get(0, []), self.hands.get(1, [])] if config.four else None,
            scores=self.scores,
            turns=turns,
            laid=0 if self.new_game else None,
        )
        return self.state

    def act(
        self, hands: HandScenario, request: pytest.FixtureRequest, seat: int, action: Action, *, must: bool
    ) -> None:
        state = self.start(hands, request)
        if not state.is_terminal and seat != state.current_player:
            self.refused = ("ts.turn.order", f"it is seat {state.current_player}'s turn, not seat {seat}'s")
        else:
            self.refused = state.why_illegal(action)
        if self.refused is None:
            state.apply(action)
        elif must:
            raise AssertionError(f"seat {seat} cannot {action}: [{self.refused[0]}] {self.refused[1]}")


@pytest.fixture
def tsung_scenario() -> TsungScenario:
    """A fresh Tsung Shap scenario for every scenario."""
    return TsungScenario()


# ------------------------------------------------------------------- context
@given("a new Tsung Shap game")
def _given_new_game(tsung_scenario: TsungScenario) -> None:
    tsung_scenario.new_game = True
    tsung_scenario.row = []


@given(parsers.re(rf"a Tsung Shap row {_TILES}(?:with seat (?P<seat>[01]) to play)?"))
def _given_row(tsung_scenario: TsungScenario, tiles: str, seat: str | None) -> None:
    tsung_scenario.row = tiles_in(tiles)
    tsung_scenario.to_move = int(seat or 0)


@given(parsers.re(rf"seat (?P<seat>[01])'s face-down tiles (?P<how>are|begin) {_TILES}"))
def _given_pile(tsung_scenario: TsungScenario, seat: str, how: str, tiles: str) -> None:
    tsung_scenario.piles[int(seat)] = (tiles_in(tiles), how == "begin")


@given(parsers.re(r"seat (?P<seat>[01]) has no face-down tiles left"))
def _given_no_pile(tsung_scenario: TsungScenario, seat: str) -> None:
    tsung_scenario.piles[int(seat)] = ([], False)


@given(parsers.re(rf"the common stock (?P<how>is|begins) {_TILES}"))
def _given_stock(tsung_scenario: TsungScenario, how: str, tiles: str) -> None:
    tsung_scenario.stock = (tiles_in(tiles), how == "begins")


@given("the common stock is empty")
def _given_empty_stock(tsung_scenario: TsungScenario) -> None:
    tsung_scenario.stock = ([], False)


@given(parsers.re(rf"seat (?P<seat>[01])'s hand is {_TILES}"))
def _given_hand(tsung_scenario: TsungScenario, seat: str, tiles: str) -> None:
    tsung_scenario.hands[int(seat)] = tiles_in(tiles)


@given(parsers.re(r"the scores are (?P<a>\d+) to (?P<b>\d+)"))
def _given_scores(tsung_scenario: TsungScenario, a: str, b: str) -> None:
    tsung_scenario.scores = (int(a), int(b))


@given(parsers.re(r"seat (?P<seat>[01]) has had (?P<n>\d+) turns?"))
def _given_turns(tsung_scenario: TsungScenario, seat: str, n: str) -> None:
    tsung_scenario.turns[int(seat)] = int(n)


# -------------------------------------------------------------------- actions
def _act(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    action: Action,
    tries: str | None,
) -> None:
    tsung_scenario.act(hand_scenario, request, int(seat), action, must=tries is None)


@when(
    parsers.re(
        r"seat (?P<seat>[01]) (?P<tries>tries to )?lays? (?P<tile>\[[^\]]+\]) (?:at the (?P<end>left|right) end|on the empty table)"
    )
)
def _when_lay(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    tries: str | None,
    tile: str,
    end: str | None,
) -> None:
    (laid,) = tiles_in(tile)
    _act(tsung_scenario, hand_scenario, request, seat, parse_tsung_action(f"lay {laid} {end or 'left'}"), tries)


@when(parsers.re(rf"seat (?P<seat>[01]) (?P<tries>tries to )?(?P<verb>takes?|claims?) {_CAPTURE}"))
def _when_capture(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    tries: str | None,
    verb: str,
    kind: str | None,
    at: str | None,
    both: str | None,
    lone: str | None,
) -> None:
    capture = _capture(kind, at, both, lone)
    word = "take" if verb.startswith("take") else "claim"
    _act(tsung_scenario, hand_scenario, request, seat, parse_tsung_action(f"{word} {capture}"), tries)


@when(parsers.re(r"seat (?P<seat>[01]) (?P<tries>tries to )?(?:takes? nothing|does not claim|pass(?:es)?)"))
def _when_pass(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    tries: str | None,
) -> None:
    _act(tsung_scenario, hand_scenario, request, seat, Pass(), tries)


@when(parsers.re(r"the Tsung Shap tiles are shuffled with seed (?P<seed>\d+)"))
def _when_shuffled(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seed: str
) -> None:
    config = tsung_scenario.config(hand_scenario, request)
    order = [kind for kind, n in enumerate(set_counts(1)) for _ in range(n)]
    random.Random(int(seed)).shuffle(order)
    tsung_scenario.order = order
    tsung_scenario.state = TsungState(config, tsung_deal_from_order(config, order))


@when("a Tsung Shap game is set up")
def _when_set_up(tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    try:
        tsung_scenario.config(hand_scenario, request)
    except OptionError as error:
        tsung_scenario.error = error


@when(parsers.re(r"the game is played out by (?P<agent>greedy|random) agents(?: with seed (?P<seed>\d+))?"))
def _when_played_out(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    agent: str,
    seed: str | None,
) -> None:
    state = tsung_scenario.start(hand_scenario, request)
    chooser = make_agent(agent)
    rng = random.Random(int(seed or 0))
    while not state.is_terminal:
        state.apply(chooser.choose(state, state.legal_actions(), rng))


# ------------------------------------------------------------------ outcomes
def _state(tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> TsungState:
    return tsung_scenario.start(hand_scenario, request)


@then(parsers.re(r"seat (?P<seat>[01]) has turned over (?P<tile>\[[^\]]+\])"))
def _then_revealed(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, tile: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.current_player == int(seat), f"it is seat {state.current_player}'s turn"
    assert state.revealed == tiles_in(tile)[0], f"seat {seat} has turned over {state.revealed}"
    assert state.trace[-1][0] == 0 and state.trace[-1][1] == int(seat), "the tile turned over is logged last"


@then(parsers.re(r"seat (?P<seat>[01]) is to (?P<what>lay|choose a capture|claim or pass)"))
def _then_to_do(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, what: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    phase = {"lay": "lay", "choose a capture": "take", "claim or pass": "claim"}[what]
    assert (state.current_player, state.phase) == (int(seat), phase), f"seat {state.current_player} is to {state.phase}"


@then(
    parsers.re(
        rf"seat (?P<seat>[01]) may (?P<verb>take|claim) {_TILES}as an? (?P<kind>pair|triple|ten|sweep) worth (?P<points>\d+)"
    )
)
def _then_may_take(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    verb: str,
    tiles: str,
    kind: str,
    points: str,
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.current_player == int(seat), f"it is seat {state.current_player}'s turn"
    assert state.phase == ("take" if verb == "take" else "claim"), f"seat {seat} is to {state.phase}"
    wanted = sorted(tiles_in(tiles))
    found = []
    for capture, worth in state.open_captures():
        taken = state.capture_tiles(capture)
        found.append(f"{capture} {' '.join(f'[{t}]' for t in taken)} for {worth}")
        if sorted(taken) == wanted and worth == int(points):
            assert kind != "sweep" or _is_sweep(state, capture), f"{capture} is not a sweep"
            assert kind == "sweep" or capture.kind == kind, f"{capture} is not a {kind}"
            return
    raise AssertionError(f"open captures: {found or 'none'}")


def _is_sweep(state: TsungState, capture: Capture) -> bool:
    row_after = len(state.row) - len(state.capture_tiles(capture))
    return row_after == 0 and (capture.kind == "triple" or state.config.lone_sweep)


@then(parsers.re(r"seat (?P<seat>[01]) may take nothing"))
def _then_may_take_nothing(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.phase != "take" or state.current_player != int(seat), f"open: {state.open_captures()}"


@then(parsers.re(r"the captures open are: (?P<listed>.+)"))
def _then_open(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, listed: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    shown = [f"{capture} for {points}" for capture, points in state.open_captures()]
    assert shown == [item.strip() for item in listed.split(",")], shown


@then(parsers.re(rf"seat (?P<seat>[01]) may not (?P<verb>take|claim) {_CAPTURE} \(rule (?P<rule>[a-z0-9.-]+)\)"))
def _then_may_not_take(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    verb: str,
    kind: str | None,
    at: str | None,
    both: str | None,
    lone: str | None,
    rule: str,
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    capture = _capture(kind, at, both, lone)
    action = parse_tsung_action(f"{verb} {capture}")
    if state.current_player == int(seat) and (verb == "claim" or state.phase in ("take", "claim")):
        refusal = state.why_illegal(action)
    else:
        refusal = state.why_no_capture(capture)
    assert refusal is not None, f"seat {seat} may {verb} {capture}"
    assert refusal[0] == rule, refusal


@then(parsers.re(r"the move breaks rule (?P<rule>[a-z0-9.-]+)"))
def _then_breaks(tsung_scenario: TsungScenario, rule: str) -> None:
    assert tsung_scenario.refused is not None, "the move was allowed"
    assert tsung_scenario.refused[0] == rule, tsung_scenario.refused


@then(parsers.re(r'the refusal says "(?P<fragment>[^"]+)"'))
def _then_refusal_says(tsung_scenario: TsungScenario, fragment: str) -> None:
    assert tsung_scenario.refused is not None, "the move was allowed"
    assert fragment in tsung_scenario.refused[1], tsung_scenario.refused[1]


@then("the move is allowed")
def _then_allowed(tsung_scenario: TsungScenario) -> None:
    assert tsung_scenario.refused is None, tsung_scenario.refused


@then(parsers.re(rf"the Tsung Shap row is {_TILES}"))
def _then_row(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, tiles: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.row_tiles() == tiles_in(tiles), state.row_tiles()


@then("the Tsung Shap table is empty")
def _then_table_empty(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest
) -> None:
    assert _state(tsung_scenario, hand_scenario, request).row == []


@then(parsers.re(r"the scores are (?P<a>\d+) to (?P<b>\d+)"))
def _then_scores(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, a: str, b: str
) -> None:
    assert _state(tsung_scenario, hand_scenario, request).scores == [int(a), int(b)]


@then(parsers.re(rf"seat (?P<seat>[01])'s hand is {_TILES}"))
def _then_hand(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, tiles: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert sorted(state.hand(int(seat))) == sorted(tiles_in(tiles)), state.hand(int(seat))


@then(parsers.re(r"the last capture (?P<verdict>is|is not) a sweep"))
def _then_sweep(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, verdict: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    captures = [record for record in state.trace if record[0] in (3, 4)]
    assert captures, "nothing was taken"
    assert captures[-1][5] is (verdict == "is")


@then("the events since the start are:")
def _then_events(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, docstring: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    expected = [json.loads(line) for line in docstring.splitlines() if line.strip()]
    actual = [trace_json(record) for record in state.trace]
    assert actual == expected, "\n".join(json.dumps(e) for e in actual)


@then(
    parsers.re(
        r"the Tsung Shap game is over: seat (?P<seat>[01]) wins (?P<a>\d+) to (?P<b>\d+)(?: \((?P<reason>[a-z-]+)\))?"
    )
)
def _then_won(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    a: str,
    b: str,
    reason: str | None,
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.is_terminal, f"seat {state.current_player} is to {state.phase}"
    assert (state.winner, state.scores) == (int(seat), [int(a), int(b)]), (state.winner, state.scores)
    assert reason is None or state.reason == reason


@then(parsers.re(r"the Tsung Shap game is over in a tie at (?P<a>\d+) to (?P<b>\d+)"))
def _then_tie(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, a: str, b: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.is_terminal, f"seat {state.current_player} is to {state.phase}"
    assert state.winner is None and state.scores == [int(a), int(b)], (state.winner, state.scores)
    assert state.result()["winner"] is None


@then("the Tsung Shap game is not over")
def _then_not_over(tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    assert not _state(tsung_scenario, hand_scenario, request).is_terminal


@then(parsers.re(r"seat (?P<seat>[01]) has laid (?P<n>\d+) of its tiles? and seat (?P<other>[01]) (?P<m>\d+)"))
def _then_turns(
    tsung_scenario: TsungScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    n: str,
    other: str,
    m: str,
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    laid = [sum(1 for record in state.trace if record[0] == 1 and record[1] == s) for s in (0, 1)]
    assert (laid[int(seat)], laid[int(other)]) == (int(n), int(m)), laid


@then(parsers.re(r"the turns played are (?P<a>\d+) for seat 0 and (?P<b>\d+) for seat 1"))
def _then_turn_counts(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, a: str, b: str
) -> None:
    assert _state(tsung_scenario, hand_scenario, request).turns == [int(a), int(b)]


@then(parsers.re(r'the options are refused: "(?P<fragment>[^"]+)"'))
def _then_options_refused(tsung_scenario: TsungScenario, fragment: str) -> None:
    assert tsung_scenario.error is not None, "the options were accepted"
    assert fragment in tsung_scenario.error.message, tsung_scenario.error.message


@then("the options are accepted")
def _then_options_accepted(tsung_scenario: TsungScenario) -> None:
    assert tsung_scenario.error is None, tsung_scenario.error


# ---------------------------------------------------------------- the deal
def _faces(kinds: list[int] | tuple[int, ...]) -> list[Tile]:
    return [Tile.from_index(k) for k in kinds]


@then(
    parsers.re(
        r"seat (?P<seat>[01])'s (?P<what>pile|hand) is the tiles at positions (?P<where>[0-9, and-]+) of the order"
    )
)
def _then_cut(tsung_scenario: TsungScenario, seat: str, what: str, where: str) -> None:
    assert tsung_scenario.state is not None
    deal = tsung_scenario.state.deal
    part = deal.piles if what == "pile" else deal.hands
    assert part is not None, f"the deal has no {what}s"
    order = tsung_scenario.order
    assert _faces(part[int(seat)]) == _faces([order[p - 1] for p in parse_positions(where)])


@then(parsers.re(r"the common stock is the tiles at positions (?P<where>[0-9, and-]+) of the order"))
def _then_stock_cut(tsung_scenario: TsungScenario, where: str) -> None:
    assert tsung_scenario.state is not None
    deal = tsung_scenario.state.deal
    assert deal.stock is not None, "the deal has no common stock"
    order = tsung_scenario.order
    assert _faces(deal.stock) == _faces([order[p - 1] for p in parse_positions(where)])


@then(parsers.re(r"there (?:are|is) no (?P<what>piles|common stock|hands)"))
def _then_none(tsung_scenario: TsungScenario, what: str) -> None:
    assert tsung_scenario.state is not None
    deal = tsung_scenario.state.deal
    part = {"piles": deal.piles, "common stock": deal.stock, "hands": deal.hands}[what]
    assert part is None, part


@then(parsers.re(r"the order holds the (?P<n>\d+) tiles of one set"))
def _then_one_set(tsung_scenario: TsungScenario, n: str) -> None:
    assert len(tsung_scenario.order) == int(n)
    counts = [0] * 21
    for kind in tsung_scenario.order:
        counts[kind] += 1
    assert tuple(counts) == set_counts(1)


@then(parsers.re(r"seat (?P<seat>[01]) lays first"))
def _then_first(
    tsung_scenario: TsungScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str
) -> None:
    state = _state(tsung_scenario, hand_scenario, request)
    assert state.deal.first_player == int(seat)
    assert state.current_player == int(seat) and state.tiles_laid == 0
