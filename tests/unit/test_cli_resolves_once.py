"""The command line resolves a game once per command and hands the loaded game down (issue 24).

Counted, not assumed: every module's reference to :func:`gupai.core.spec.game_spec`
and :func:`gupai.core.options.resolve_options` is replaced by a counting one,
then a command runs in this process. One resolution at the edge is one call
of ``resolve_options`` and three of ``game_spec`` (the command's own check of
the arguments, the options, the game's configuration); before this was
fixed, ``gupai simulate kap-shap`` made 5 and 8 calls, ``gupai compare`` of
two presets 12 and 22, and ``gupai hand kap-tai-shap ... --sets 2`` made 44
reads of the spec.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

import gupai.core.options
import gupai.core.spec
from gupai.cli.app import main
from gupai.sim.simulate import Simulation

#: (command words, resolutions: the presets it loads, the spec reads beside those of the resolutions).
COMMANDS: list[tuple[list[str], int, int]] = [
    (["simulate", "kap-shap", "-n", "6", "--jobs", "1", "--engine", "reference", "--json"], 1, 0),
    (["simulate", "tsung-shap", "-n", "4", "--jobs", "1", "--engine", "reference", "--json"], 1, 0),
    (["compare", "kap-tai-shap", "--presets", "culin,pagat", "-n", "3", "--jobs", "1", "--engine", "reference"], 2, 1),
    (["hand", "kap-shap", "6-6", "6-6", "5-5", "5-5", "4-6", "--json"], 1, 0),
    (["hand", "kap-tai-shap", "6-6", "6-6", "5-5", "--sets", "2", "--json"], 1, 2),  # --sets: one players check
    (["pairs", "kap-tai-shap", "--preset", "pagat", "--json"], 1, 0),
    (["play", "kap-shap", "--seed", "3", "-n", "2"], 1, 0),
]


def _counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counts: Counter[str] = Counter()
    originals: dict[str, Callable[..., Any]] = {
        "game_spec": gupai.core.spec.game_spec,
        "resolve_options": gupai.core.options.resolve_options,
    }

    def counted(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return func(*args, **kwargs)

        return call

    wrappers = {name: counted(name, func) for name, func in originals.items()}
    for module in [m for name, m in sys.modules.items() if name == "gupai" or name.startswith("gupai.")]:
        for name, func in originals.items():
            if getattr(module, name, None) is func:
                monkeypatch.setattr(module, name, wrappers[name])
    return counts


@pytest.mark.parametrize(("words", "resolutions", "beside"), COMMANDS, ids=[" ".join(c[0][:2]) for c in COMMANDS])
def test_a_command_resolves_each_game_once(
    words: list[str], resolutions: int, beside: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = CliRunner().invoke(main, words)  # imports every module the command reaches, lazily imported ones too
    assert first.exit_code == 0, first.output
    counts = _counting(monkeypatch)
    again = CliRunner().invoke(main, words)
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout  # the same answer (stdout; stderr has the timing), counted
    assert counts["resolve_options"] == resolutions
    assert counts["game_spec"] == 3 * resolutions + beside


def test_the_count_sees_a_second_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = _counting(monkeypatch)
    simulation = Simulation("kap-shap")  # no loaded game: every reading of its options resolves them again
    _ = simulation.options, simulation.options
    assert counts["resolve_options"] == 2
