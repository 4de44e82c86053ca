"""Steps for play: deals, turns, takes, draws, discards, declarations, the end.

The vocabulary, as the ``.feature`` files write it (tiles in brackets):

Context (Given)
    the game and options as in ``tests/scenarios/steps/hands.py``
    ``<n> players play`` / ``<n> players play with <k> sets``
    ``seat <s> is dealt [t] [t] ...`` (a deal given as hands: the rest of the
    sets is the stock, after the tiles of ``the stock begins [t] ...``)
    ``the stock begins [t] [t] ...`` / ``the stock is [t] [t] ...`` (exactly)
    ``seat <s> plays first``

Actions (When)
    ``the tiles are dealt from the order shuffled with seed <n>`` (optionally
    ``and the dice <a> <b> <c> <d>``)
    ``seat <s> discards [t]``, ``seat <s> takes [t]``, ``seat <s> draws``,
    ``seat <s> declares`` (each must be legal), and ``seat <s> tries to ...``
    for a move that may be refused

Outcomes (Then)
    deals: ``seat <s> is the first player``, ``seat <s> is dealt the tiles at
    positions 1-8, 10``, ``the stock is the tiles at positions ...``
    moves: ``seat <s> may take [t]`` / ``may not take [t]`` (likewise ``draw``,
    ``discard [t]``, ``declare``), ``the legal moves are: take [t], draw``,
    ``the move is refused under rule <id>``
    state: ``it is seat <s>'s turn``, ``seat <s> holds [t] ...``, ``seat <s>
    holds <n> tiles``, ``the table holds [t] ...`` (oldest first), ``the table
    is empty``, ``the stock holds <n> tiles``
    the end: ``the game is not over``, ``the game is over: seat <s> wins``,
    ``the game is over with no winner (<reason>)``, ``the settlement is <+a>
    <b> ...``, ``the declared split is eye [a] [b], pairs [c]+[d] ...``
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from gupai import Tile, set_counts
from gupai.games.kap.actions import Action, parse_action
from gupai.games.kap.deal import Deal, deal_from_order, parse_positions
from gupai.games.kap.state import KapState

from .hands import HandScenario, parse_split, tiles_in

__all__ = ["PlayScenario", "play_scenario"]


def _kinds(text: str) -> list[int]:
    return [t.index for t in tiles_in(text)]


@dataclass
class PlayScenario:
    """A game being played in a scenario."""

    players: int | None = None
    sets: int | None = None
    hands: dict[int, list[int]] = field(default_factory=dict)
    stock_start: list[int] = field(default_factory=list)
    stock_exact: bool = False
    first: int = 0
    order: list[int] = field(default_factory=list)
    state: KapState | None = None
    refused: tuple[str, str] | None = None

    def start(self, hands: HandScenario, request: pytest.FixtureRequest) -> KapState:
        if self.state is None:
            hands.players = self.players
            hands.sets = self.sets
            config = hands.config(request)
            n = config.players
            counts = list(set_counts(config.sets))
            dealt = [list(self.hands.get(seat, [])) for seat in range(n)]
            for tiles in [*dealt, self.stock_start]:
                for kind in tiles:
                    counts[kind] -= 1
                    if counts[kind] < 0:
                        raise AssertionError(f"the scenario deals more [{Tile.from_index(kind)}] than the sets hold")
            rest = [] if self.stock_exact else [k for k, c in enumerate(counts) for _ in range(c)]
            for seat in range(n):
                want = config.spec.hand_size + (1 if seat == self.first else 0)
                if len(dealt[seat]) != want:
                    raise AssertionError(f"seat {seat} is dealt {len(dealt[seat])} tiles; the deal gives {want}")
            deal = Deal(
                order=(),
                dice=None,
                first_player=self.first,
                hands=tuple(tuple(h) for h in dealt),
                stock=tuple(self.stock_start + rest),
            )
            self.state = KapState(config, deal)
        return self.state

    def move(self, hands: HandScenario, request: pytest.FixtureRequest, seat: int, text: str, *, must: bool) -> None:
        state = self.start(hands, request)
        action = parse_action(text.replace("[", "").replace("]", ""))
        self.refused = _refusal(state, seat, action)
        if self.refused is None:
            state.apply(action)
        elif must:
            raise AssertionError(f"seat {seat} cannot {action}: [{self.refused[0]}] {self.refused[1]}")


def _refusal(state: KapState, seat: int, action: Action) -> tuple[str, str] | None:
    if not state.is_terminal and seat != state.current_player:
        return state.config.rule("turn.order"), f"it is seat {state.current_player}'s turn, not seat {seat}'s"
    return state.why_illegal(action)


@pytest.fixture
def play_scenario() -> PlayScenario:
    return PlayScenario()


# ------------------------------------------------------------------- context
@given(parsers.re(r"(?P<players>\d+) players play(?: with (?P<sets>\d+) sets?)?"))
def _given_players(play_scenario: PlayScenario, players: str, sets: str | None) -> None:
    play_scenario.players = int(players)
    play_scenario.sets = None if sets is None else int(sets)


@given(parsers.re(r"seat (?P<seat>\d+) is dealt (?P<tiles>.+)"))
def _given_dealt(play_scenario: PlayScenario, seat: str, tiles: str) -> None:
    play_scenario.hands[int(seat)] = _kinds(tiles)


@given(parsers.re(r"the stock (?P<how>begins|is) (?P<tiles>.+)"))
def _given_stock(play_scenario: PlayScenario, how: str, tiles: str) -> None:
    play_scenario.stock_start = _kinds(tiles)
    play_scenario.stock_exact = how == "is"


@given(parsers.re(r"seat (?P<seat>\d+) plays first"))
def _given_first(play_scenario: PlayScenario, seat: str) -> None:
    play_scenario.first = int(seat)


# -------------------------------------------------------------------- actions
@when(
    parsers.re(
        r"the tiles are dealt from the order shuffled with seed (?P<seed>\d+)(?: and the dice (?P<dice>[1-6] [1-6] [1-6] [1-6]))?"
    )
)
def _when_dealt(
    play_scenario: PlayScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seed: str,
    dice: str | None,
) -> None:
    hand_scenario.players = play_scenario.players
    hand_scenario.sets = play_scenario.sets
    config = hand_scenario.config(request)
    order = [k for k, c in enumerate(set_counts(config.sets)) for _ in range(c)]
    random.Random(int(seed)).shuffle(order)
    play_scenario.order = order
    deal = deal_from_order(config, order, dice=None if dice is None else [int(d) for d in dice.split()])
    play_scenario.state = KapState(config, deal)


@when(
    parsers.re(
        r"seat (?P<seat>\d+) (?P<tries>tries to )?(?P<verb>discards?|takes?|draws?|declares?)(?: (?P<tile>\[[^\]]+\]))?"
    )
)
def _when_move(
    play_scenario: PlayScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    tries: str | None,
    verb: str,
    tile: str | None,
) -> None:
    text = verb[:-1] if verb.endswith("s") else verb
    play_scenario.move(hand_scenario, request, int(seat), f"{text} {tile or ''}".strip(), must=not tries)


# ------------------------------------------------------------------- the deal
def _state(play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> KapState:
    return play_scenario.start(hand_scenario, request)


@then(parsers.re(r"seat (?P<seat>\d+) is the first player"))
def _then_first(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str
) -> None:
    assert _state(play_scenario, hand_scenario, request).deal.first_player == int(seat)


@then(parsers.re(r"seat (?P<seat>\d+) is dealt the tiles at positions (?P<where>[0-9, and-]+)"))
def _then_dealt_positions(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, where: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    expected = [play_scenario.order[p - 1] for p in parse_positions(where)]
    assert list(state.deal.hands[int(seat)]) == expected


@then(parsers.re(r"the stock is the tiles at positions (?P<where>[0-9, and-]+)"))
def _then_stock_positions(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, where: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert list(state.deal.stock) == [play_scenario.order[p - 1] for p in parse_positions(where)]


# ------------------------------------------------------------------- moves
def _may(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, move: str
) -> bool:
    state = _state(play_scenario, hand_scenario, request)
    action = parse_action(move.replace("[", "").replace("]", ""))
    legal = state.legal_actions() if int(seat) == state.current_player else []
    allowed = _refusal(state, int(seat), action) is None
    assert allowed == (action in legal), f"why_illegal and legal_actions disagree on {action}"
    return allowed


@then(parsers.re(r"seat (?P<seat>\d+) may (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare)"))
def _then_may(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, move: str
) -> None:
    assert _may(play_scenario, hand_scenario, request, seat, move), f"seat {seat} may not {move}"


@then(
    parsers.re(
        r"seat (?P<seat>\d+) may not (?P<move>(?:discard|take) \[[^\]]+\]|draw|declare)(?: \(rule (?P<rule>[a-z0-9.-]+)\))?"
    )
)
def _then_may_not(
    play_scenario: PlayScenario,
    hand_scenario: HandScenario,
    request: pytest.FixtureRequest,
    seat: str,
    move: str,
    rule: str | None,
) -> None:
    assert not _may(play_scenario, hand_scenario, request, seat, move), f"seat {seat} may {move}"
    if rule is not None:
        state = _state(play_scenario, hand_scenario, request)
        refusal = _refusal(state, int(seat), parse_action(move.replace("[", "").replace("]", "")))
        assert refusal is not None and refusal[0] == rule, f"refused under {refusal}, not {rule}"


@then(parsers.re(r"the legal moves are: (?P<moves>.+)"))
def _then_legal(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, moves: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    expected = {parse_action(m.strip().replace("[", "").replace("]", "")) for m in moves.split(",") if m.strip()}
    assert set(state.legal_actions()) == expected


@then(parsers.re(r"there are no legal moves"))
def _then_no_moves(play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    assert _state(play_scenario, hand_scenario, request).legal_actions() == []


@then(parsers.re(r"the move is refused under rule (?P<rule>[a-z0-9.-]+)"))
def _then_refused(play_scenario: PlayScenario, rule: str) -> None:
    assert play_scenario.refused is not None, "the move was allowed"
    assert play_scenario.refused[0] == rule, f"refused under {play_scenario.refused[0]}: {play_scenario.refused[1]}"


@then(parsers.re(r"the move is allowed"))
def _then_allowed(play_scenario: PlayScenario) -> None:
    assert play_scenario.refused is None, f"refused: {play_scenario.refused}"


# ------------------------------------------------------------------- state
@then(parsers.re(r"it is seat (?P<seat>\d+)'s turn"))
def _then_turn(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert not state.is_terminal and state.current_player == int(seat)


@then(parsers.re(r"seat (?P<seat>\d+) holds (?P<count>\d+) tiles"))
def _then_holds_count(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, count: str
) -> None:
    assert len(_state(play_scenario, hand_scenario, request).hand(int(seat))) == int(count)


@then(parsers.re(r"seat (?P<seat>\d+) holds (?P<tiles>\[.+)"))
def _then_holds(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str, tiles: str
) -> None:
    held = _state(play_scenario, hand_scenario, request).hand(int(seat))
    assert sorted(held) == sorted(tiles_in(tiles))


@then(parsers.re(r"the table holds (?P<tiles>\[.+)"))
def _then_table(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, tiles: str
) -> None:
    assert _state(play_scenario, hand_scenario, request).table_tiles() == tiles_in(tiles)


@then(parsers.re(r"the table is empty"))
def _then_table_empty(play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    assert _state(play_scenario, hand_scenario, request).table_tiles() == []


@then(parsers.re(r"the stock holds (?P<count>\d+) tiles?"))
def _then_stock(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, count: str
) -> None:
    assert _state(play_scenario, hand_scenario, request).stock_left == int(count)


# ------------------------------------------------------------------- the end
@then(parsers.re(r"the game is not over"))
def _then_not_over(play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    assert not _state(play_scenario, hand_scenario, request).is_terminal


@then(parsers.re(r"the game is over: seat (?P<seat>\d+) wins"))
def _then_winner(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, seat: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert state.is_terminal and state.winner == int(seat) and state.reason == "declared"


@then(parsers.re(r"the game is over with no winner \((?P<reason>[a-z-]+)\)"))
def _then_no_winner(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, reason: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert state.is_terminal and state.winner is None and state.reason == reason


@then(parsers.re(r"the settlement is (?P<amounts>[-+0-9 ]+)"))
def _then_settlement(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, amounts: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert state.result()["settlement"] == [int(a) for a in amounts.split()]


@then(parsers.re(r"the declared split is eye (?P<eye>(?:\[[^\]]+\] ?){2}), pairs (?P<pairs>.+)"))
def _then_split(
    play_scenario: PlayScenario, hand_scenario: HandScenario, request: pytest.FixtureRequest, eye: str, pairs: str
) -> None:
    state = _state(play_scenario, hand_scenario, request)
    assert state.decomposition == parse_split(eye, pairs)
