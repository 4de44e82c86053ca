"""OpenSpiel's apply_action takes only what the rules allow: every player action and every chance outcome is checked.

The independent truth: the engine's own ``legal_actions()`` (a list, not the
check ``why_illegal`` the wrapper calls), and the Chinese set's copies of a tile
(two of each of the eleven doubled kinds, one of each of the ten others).
Skipped when open_spiel is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import gupai.rl
from gupai.core.errors import IllegalActionError
from gupai.core.spec import games
from gupai.core.tiles import Tile

#: The eleven kinds of the Chinese set that come twice (the civil tiles); the other ten come once.
DOUBLED = {"6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"}


def _dealt(spiel: Any, rng: random.Random) -> Any:
    state = spiel.new_initial_state()
    while state.is_chance_node():
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    return state


@pytest.mark.parametrize("game", [*games(), "four-tile"])
def test_a_player_may_apply_exactly_the_legal_actions(game: str) -> None:
    """At points along random games, each action id (and ids off the range) is applied to a copy: it goes through
    iff the engine lists it as legal, and a refusal names the seat, the action id and the state. (The four-tile
    game is Tsung Shap's spieltdomino preset; -1, OpenSpiel's invalid action, OpenSpiel refuses itself.)"""
    spiel = gupai.rl.spiel_game("tsung-shap", "spieltdomino") if game == "four-tile" else gupai.rl.spiel_game(game)
    engine = spiel.gupai
    rng = random.Random(3)
    checked = refused = 0
    for _ in range(2):
        state = _dealt(spiel, rng)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                legal = {spiel.codec.action_id(a) for a in state.state.legal_actions()}
                for action in [*range(spiel.num_distinct_actions()), spiel.num_distinct_actions(), 999]:
                    copy = state.clone()
                    if action in legal:
                        copy.apply_action(action)
                        assert copy.history() == [*state.history(), action]
                    else:
                        with pytest.raises(IllegalActionError) as caught:
                            copy.apply_action(action)
                        message = str(caught.value)
                        assert f"action {action}" in message, message
                        assert f"after {len(state.history())} actions" in message, message
                        assert f"seat {state.current_player()}" in message, message
                        refused += 1
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        assert engine.players == spiel.num_players()
    assert checked > 100 and refused > 50, (checked, refused)


@pytest.mark.parametrize("game", games())
def test_chance_deals_no_tile_more_often_than_the_sets_hold_it(game: str) -> None:
    """Dealing [6-6] again and again: the sets' copies go through, the next is refused; a kind off the set too."""
    spiel = gupai.rl.spiel_game(game)
    sets = spiel.gupai.config.sets
    state = spiel.new_initial_state()
    six_six = Tile.parse("6-6").index
    for _ in range(2 * sets):
        state.apply_action(six_six)
    with pytest.raises(IllegalActionError, match=r"chance cannot deal \[6-6\] .* every copy of it is dealt already"):
        state.apply_action(six_six)
    with pytest.raises(IllegalActionError, match="is not a tile kind"):
        state.apply_action(21)
    assert len(state.history()) == 2 * sets  # nothing refused was applied


def test_a_hand_can_hold_no_more_copies_than_the_set_has() -> None:
    """Every kind dealt as often as the set holds it is accepted; one kind more than that is refused, whichever."""
    spiel = gupai.rl.spiel_game("kap-shap")
    kinds = [Tile.from_index(index) for index in range(21)]
    assert sum(2 if str(tile) in DOUBLED else 1 for tile in kinds) == 32
    for tile in kinds:
        state = spiel.new_initial_state()
        for _ in range(2 if str(tile) in DOUBLED else 1):
            state.apply_action(tile.index)
        with pytest.raises(IllegalActionError, match=f"chance cannot deal \\[{tile}\\]"):
            state.apply_action(tile.index)


def test_a_die_shows_one_to_six() -> None:
    spiel = gupai.rl.spiel_game("kap-shap", first_player="dice")
    assert spiel.dice > 0
    rng = random.Random(1)
    state = spiel.new_initial_state()
    while len(state.history()) < spiel.tile_count:
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    assert [outcome for outcome, _ in state.chance_outcomes()] == [0, 1, 2, 3, 4, 5]
    for face in (6, 21):
        with pytest.raises(IllegalActionError, match=f"chance cannot deal die face {face}"):
            state.clone().apply_action(face)
    state.apply_action(5)
    assert state.dice == [6]


@pytest.mark.parametrize("game", games())
def test_a_clone_is_the_same_play_and_moves_on_alone(game: str) -> None:
    """OpenSpiel's clone copies each field of the state (the engine's state by its own clone): the copy has the
    same history, position, strings and tensors, and a move on either leaves the other where it was."""
    spiel = gupai.rl.spiel_game(game)
    rng = random.Random(8)
    state = spiel.new_initial_state()
    for _ in range(10):
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    half = state.clone()  # mid-deal: the deal so far is copied, not shared
    while state.is_chance_node():
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    assert len(half.history()) == 10 and half.is_chance_node()
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    seat = state.current_player()
    before = (state.information_state_tensor(seat), state.information_state_string(seat))  # cached in the state
    twin = state.clone()
    assert twin.history() == state.history() and str(twin) == str(state)
    assert (twin.information_state_tensor(seat), twin.information_state_string(seat)) == before
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    assert (state.information_state_tensor(seat), state.information_state_string(seat)) == before
    assert twin.information_state_string(seat) != before[1]
    assert twin.state.history == [*state.state.history, twin.state.history[-1]]


@pytest.mark.parametrize("game", games())
def test_a_clone_played_to_the_end_leaves_the_original_where_it_was(game: str) -> None:
    """The play is made when first asked for (a clone is given a copy instead): a clone of a new initial state,
    and clones taken along a game and played out to the end, leave the original's history, position and legal
    actions as they were, and the original then plays on as if no clone had been made."""
    spiel = gupai.rl.spiel_game(game)
    rng = random.Random(3)
    fresh = spiel.new_initial_state()
    blank = fresh.clone()
    blank.apply_action(blank.chance_outcomes()[0][0])
    assert fresh.history() == [] and str(fresh).startswith("dealing: 0 of") and str(blank).startswith("dealing: 1 of")
    state = _dealt(spiel, rng)
    while not state.is_terminal():
        before = (list(state.history()), str(state), state.legal_actions())
        twin = state.clone()
        assert twin.history() == before[0] and str(twin) == before[1]
        while not twin.is_terminal():
            twin.apply_action(rng.choice(twin.legal_actions()))
        assert (list(state.history()), str(state), state.legal_actions()) == before
        for _ in range(7):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
    assert twin.is_terminal() and len(twin.history()) >= len(before[0])
