"""``gupai simulate --engine``: the fast path, the reference engine, or auto (by the run's length): the same JSON."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gupai.cli import main
from tests.extras import needs


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "kap-shap", "--preset", "crook", "-n", "60"],
        ["simulate", "kap-tai-shap", "--players", "5", "--agents", "random", "-n", "20"],
        ["simulate", "tsung-shap", "--preset", "spieltdomino", "--agents", "greedy,random", "-n", "80"],
        ["compare", "tsung-shap", "--presets", "culin,navpil-classic", "-n", "40"],
    ],
    ids=lambda args: " ".join(args[:3]),
)
def test_both_engines_print_the_same_json(args: list[str]) -> None:
    needs("fast")  # --engine fast without numba is a usage error
    fast = run(*args, "--seed", "9", "--jobs", "1", "--json", "--engine", "fast")
    auto = run(*args, "--seed", "9", "--jobs", "1", "--json")
    reference = run(*args, "--seed", "9", "--jobs", "1", "--json", "--engine", "reference")
    assert fast[0] == 0 and reference[0] == 0, fast[2] + reference[2]
    assert fast[1] == reference[1] == auto[1]


def test_an_unknown_engine_is_a_usage_error() -> None:
    code, _, err = run("simulate", "kap-shap", "-n", "5", "--engine", "java")
    assert code == 2
    assert "'java' is not one of 'auto', 'fast', 'reference'" in err
