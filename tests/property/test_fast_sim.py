"""The fast path of ``gupai simulate`` plays the reference engine's games, action for action.

The independent truth is the reference engine and agents themselves: each
seeded game is played by the reference runner (every action recorded) and by
the fast path, and the two must agree on every action and result. A few
dozen games a case here; ``make verify-fast`` plays 10,000 a case.
"""

from __future__ import annotations

import pytest
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
        Simulation("kap-shap", preset="one-tile"),
        Simulation("kap-tai-shap", players=10, agents=("random",)),
        Simulation("tsung-shap", preset="navpil-spieldomino", agents=("greedy", "random")),
    ],
    ids=str,
)
def test_simulate_gives_the_same_summary_on_both_engines(simulation: Simulation) -> None:
    from dataclasses import replace

    fast = simulate(simulation, games=30, seed=3, jobs=1).summary()
    reference = simulate(replace(simulation, engine="reference"), games=30, seed=3, jobs=1).summary()
    assert fast == reference
