"""Benchmark section ``states``: the library's state handling.

``clone`` of a mid-game ten-player Kap Tai Shap state (four sets, 60 random
moves in), and of a Tsung Shap state, in clones per second. Target: a clone
under 1 ms (1,000 clones per second) for the Kap Tai Shap state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gupai.games.registry import load_game
from tools.bench import Bench, section

__all__ = ["MIN_CLONES_PER_SECOND", "states_section"]

#: A clone of a ten-player Kap Tai Shap state takes under 1 ms.
MIN_CLONES_PER_SECOND = 1_000


def _mid_game(game: str, players: int | None, moves: int) -> object:
    built = load_game(game, players=players)
    state = built.new_state(built.random_deal(seed=3))
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@section("states")
def states_section(bench: Bench) -> None:
    """``clone`` of mid-game states, in clones per second."""
    bench.line("states: clone")
    for game, players, target in (("kap-tai-shap", 10, True), ("tsung-shap", None, False)):
        state = _mid_game(game, players, 60)

        def clones(items: Sequence[int], state: object = state) -> object:
            return [state.clone() for _ in items]  # type: ignore[attr-defined]

        m = bench.measure(clones, range(2_000))
        bench.report(f"clone, {game}" + (f", {players} players" if players else ""), m, unit="clones")
        if target:
            bench.target(
                "a Kap Tai Shap clone under 1 ms",
                m.rate >= MIN_CLONES_PER_SECOND,
                f"{1000 / m.rate:.3f} ms a clone (target < 1 ms)",
            )
