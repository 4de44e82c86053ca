"""The fast path of ``gupai simulate`` plays the reference engine's games, action for action.

The independent truth is the reference engine and agents themselves: each
seeded game is played by the reference runner (every action recorded) and by
the fast path, and the two must agree on every action and result. A few
dozen games a case here; ``make verify-fast`` plays 10,000 a case.
"""

# ruff: noqa: E402  (the imports after needs(): they need the extra)
from __future__ import annotations

import pytest

from tests.extras import needs

needs("fast")

from tools.verify_fast import Case, cases, check, fast_games

from gupai.sim.simulate import Simulation, simulate

CASES = list(cases())


def _games(case: Case) -> int:
    return 5 if case.game == "kap-tai-shap" and case.players != 4 else 25


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_fast_path_plays_the_reference_games(case: Case) -> None:
    assert check(case, range(1, 1 + _games(case))) is None


def test_the_comparison_sees_a_changed_action() -> None:
    """The check can fail: a game with one action changed is not the reference's."""
    simulation = Simulation("kap-shap")
    (outcome, actions), *_ = fast_games(simulation, range(5, 6))
    assert len(actions) > 3
    changed = (outcome, (actions[0] ^ 1, *actions[1:]))
    from tools.verify_fast import kap_reference_games

    assert kap_reference_games(simulation, range(5, 6)) == [(outcome, actions)]
    assert kap_reference_games(simulation, range(5, 6)) != [changed]


@pytest.mark.parametrize(
    "simulation",
    [
        Simulation("kap-shap", preset="one-tile", engine="fast"),
        Simulation("kap-tai-shap", players=10, agents=("random",), engine="fast"),
        Simulation("kap-tai-shap", players=22, engine="fast"),  # issue 33: seat 3 is never first, the fast path
        Simulation("kap-tai-shap", players=40, agents=("random",), engine="fast"),  # exited 3 here
        Simulation("tsung-shap", preset="navpil-spieldomino", agents=("greedy", "random"), engine="fast"),
        Simulation("kap-shap", preset="navpil-culin", agents=("navpil", "greedy"), engine="fast"),  # a match a chunk
        Simulation("tsung-shap", preset="navpil-classic", agents=("random",), engine="fast"),
    ],
    ids=str,
)
def test_simulate_gives_the_same_summary_on_both_engines(simulation: Simulation) -> None:
    from dataclasses import replace

    assert simulation.for_games(30).engine == "fast"
    fast = simulate(simulation, games=30, seed=3, jobs=1).summary()
    reference = simulate(replace(simulation, engine="reference"), games=30, seed=3, jobs=1).summary()
    assert fast == reference


ENDLESS = (("turn", "take-or-draw"), ("termination", "no-consecutive-takes"), ("stock-out", "play-on"))


@pytest.mark.parametrize(
    "game, players, overrides", [("kap-shap", None, ()), ("kap-tai-shap", 4, ()), ("kap-tai-shap", 3, ENDLESS)]
)
def test_both_engines_abandon_a_game_at_the_same_turn_cap(
    game: str, players: int | None, overrides: tuple[tuple[str, str], ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a game may never end (termination=none; no-consecutive-takes with stock-out=play-on) both engines
    stop it at the turn cap (lowered here so that games reach it)."""
    import gupai.games.kap.state as kap_state
    import gupai.sim.fast.kap as fast_kap
    from gupai.sim.simulate import KapRunner

    monkeypatch.setattr(kap_state, "ABANDON_AFTER_TURNS", 3)
    monkeypatch.setattr(fast_kap, "ABANDON_AFTER_TURNS", 3)
    agents = (("greedy", "random") * 2)[: players or 2]
    case = Case(game, "navpil-gin", agents, players=players, overrides=overrides)
    assert check(case, range(1, 21)) is None
    states = [KapRunner(case.simulation()).state(seed) for seed in range(1, 21)]
    abandoned = [s for s in states if s.reason == "abandoned"]
    assert abandoned and all(s.turn == 3 and s.winner is None for s in abandoned)
