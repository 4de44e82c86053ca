"""The fast path is optional (the extra ``gupai[fast]``) and says when it compiles.

Without numba, ``gupai simulate`` plays on the reference engine after a
one-line note, with the same figures; the validator, the engine and ``play``
never need it. A process about to compile a kernel numba's cache does not
hold says so once on stderr.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gupai.sim.fast import FAST_PATH_NOTE
from gupai.sim.fast.compiling import COMPILING_NOTE, announce_compiling, kernel_cached
from gupai.sim.plots import NO_PLOTS_NOTE
from tests.extras import needs

ROOT = Path(__file__).resolve().parents[2]

#: Runs the command line in a process where ``import MODULE`` fails, as in an install without its extra.
_WITHOUT = """
import sys
sys.modules[sys.argv.pop(1)] = None  # import MODULE now raises ImportError
from gupai.cli import main
main(sys.argv[1:], prog_name="gupai")
"""


#: A run long enough for the default engine (auto) to ask for the fast path: 500 games of two players.
SIMULATE_500 = ("simulate", "kap-shap", "-n", "500", "--jobs", "1", "--json")


def _gupai_without_numba(
    *args: str, stdin: str | None = None, module: str = "numba"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _WITHOUT, module, *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_simulate_without_numba_plays_on_the_reference_engine_after_a_note() -> None:
    without = _gupai_without_numba(*SIMULATE_500)
    assert without.returncode == 0, without.stderr
    assert FAST_PATH_NOTE in without.stderr
    assert "gupai[fast]" in without.stderr.splitlines()[0]
    reference = subprocess.run(
        [sys.executable, "-c", "from gupai.cli import main; main()", *SIMULATE_500, "--engine", "reference"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert json.loads(without.stdout) == json.loads(reference.stdout)
    assert FAST_PATH_NOTE not in reference.stderr


def test_the_reference_engine_asked_for_gets_no_note() -> None:
    done = _gupai_without_numba("simulate", "tsung-shap", "-n", "3", "--jobs", "1", "--engine", "reference")
    assert done.returncode == 0, done.stderr
    assert FAST_PATH_NOTE not in done.stderr


def test_play_and_validate_need_no_numba() -> None:
    played = _gupai_without_numba("play", "kap-shap", "--seed", "4")
    assert played.returncode == 0, played.stderr
    checked = _gupai_without_numba("validate", "-", stdin=played.stdout)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_simulate_out_without_matplotlib_writes_the_figures_and_says_why_no_plots(tmp_path: Path) -> None:
    done = _gupai_without_numba(
        "simulate", "kap-shap", "-n", "5", "-j", "1", "--out", str(tmp_path / "out"), module="matplotlib"
    )
    assert done.returncode == 0, done.stderr
    assert NO_PLOTS_NOTE in done.stderr
    written = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert "simulation.json" in written and any(name.endswith(".csv") for name in written)
    assert not any(name.endswith((".png", ".svg")) for name in written)


class _Dispatcher:
    """Stands for a numba dispatcher neither compiled nor cached."""

    overloads: dict[object, object] = {}  # noqa: RUF012 - read only


def test_a_kernel_to_compile_is_announced_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import gupai.sim.fast.compiling as fast

    monkeypatch.setattr(fast, "_ANNOUNCED", set())
    assert not kernel_cached(_Dispatcher())
    announce_compiling(_Dispatcher(), "Kap Shap")
    announce_compiling(_Dispatcher(), "Kap Shap")
    err = capsys.readouterr().err
    assert err == COMPILING_NOTE.format(what="Kap Shap") + "\n"
    assert "compiling" in err and "once" in err


def test_the_compiled_kernels_are_seen_in_numbas_cache() -> None:
    """After `make kernels` the kernels are in numba's cache: a new process sees them without compiling, says nothing."""
    needs("fast")
    from tests.kernels import compile_kernels

    compile_kernels()  # fills the cache if it is empty (as `make kernels` does)
    probe = (
        "from gupai.sim.fast import kap_kernel, tsung_kernel; from gupai.sim.fast.compiling import kernel_cached; "
        "print(kernel_cached(kap_kernel.play_kap), kernel_cached(tsung_kernel.play_tsung), "
        "bool(kap_kernel.play_kap.overloads))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["True", "True", "False"]  # cached on disk, not compiled in the new process
    simulate = subprocess.run(
        [sys.executable, "-c", "from gupai.cli import main; main()", "simulate", "kap-shap", "-n", "5", "-j", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert simulate.returncode == 0 and "compiling" not in simulate.stderr, simulate.stderr


def test_a_short_run_plays_on_the_reference_engine_and_needs_no_note() -> None:
    """auto: a run under AUTO_FAST_FROM seat-games never loads numba, so its absence is not worth a note."""
    done = _gupai_without_numba("simulate", "kap-shap", "-n", "20", "--jobs", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert FAST_PATH_NOTE not in done.stderr
    assert json.loads(done.stdout)["games"] == 20


def test_the_auto_engine_picks_by_the_runs_length() -> None:
    from gupai.sim.simulate import AUTO_FAST_FROM, Simulation

    two, ten = Simulation("kap-shap"), Simulation("kap-tai-shap", players=10, sets=4)
    assert two.for_games(AUTO_FAST_FROM // 2 - 1).engine == "reference"
    assert two.for_games(AUTO_FAST_FROM // 2).engine == "fast"
    assert ten.for_games(AUTO_FAST_FROM // 10 - 1).engine == "reference"
    assert ten.for_games(AUTO_FAST_FROM // 10).engine == "fast"
    assert Simulation("kap-shap", engine="reference").for_games(10**6).engine == "reference"
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"under {AUTO_FAST_FROM:,} games times players" in " ".join(readme.split())


_SCIPY_PROBE = """
import sys
from gupai.sim.fast import fast_available
assert fast_available()
from gupai.sim.simulate import Simulation, simulate
simulate(Simulation("kap-shap", engine="fast"), games=3, jobs=1)
print("scipy" in sys.modules, "numba.np.arraymath" in sys.modules)
import numpy as np, numba
dot = numba.njit(lambda a, b: np.dot(a, b))
print(float(dot(np.ones(3), np.arange(3.0))))
"""


def test_loading_the_kernels_skips_scipy_and_leaves_numbas_linear_algebra_working() -> None:
    needs("fast")
    pytest.importorskip("scipy")
    done = subprocess.run([sys.executable, "-c", _SCIPY_PROBE], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "3.0"]


def test_the_fast_engine_asked_for_by_name_without_numba_is_a_usage_error() -> None:
    """--engine fast is a request, not a preference: without numba it fails (exit 2), naming the extra; auto falls back."""
    done = _gupai_without_numba("simulate", "kap-shap", "-n", "5", "-j", "1", "--engine", "fast")
    assert done.returncode == 2, done.stderr
    assert "--engine fast needs numba" in done.stderr and "pip install 'gupai[fast]'" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_the_kernels_time_is_said_apart_from_the_games_rate() -> None:
    """The first fast run compiles for half a minute: that time is its own line, not folded into the games/s."""
    needs("fast")
    from tests.kernels import compile_kernels

    compile_kernels()
    args = ["simulate", "kap-shap", "-n", "300", "-j", "1", "--engine", "fast"]
    done = subprocess.run(
        [sys.executable, "-c", "from gupai.cli import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    kernels, games = done.stderr.splitlines()[-2:]
    assert re.fullmatch(r"fast path's kernels loaded from numba's cache in \d+\.\d s", kernels), kernels
    assert re.fullmatch(r"300 games in \d+\.\d s \([\d,]+ games/s\)", games), games


def test_numbas_cache_is_the_users_not_the_packages(tmp_path: Path) -> None:
    """numba writes the kernels under $GUPAI_CACHE_DIR/numba (NUMBA_CACHE_DIR, when set, wins): nothing in site-packages."""
    needs("fast")
    probe = (
        "from gupai.sim.fast import kap_kernel; import numba; "
        "print(kap_kernel.play_kap._cache._cache_path); print(numba.config.CACHE_DIR)"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    users = subprocess.run(
        [sys.executable, "-c", probe], env={**env, "GUPAI_CACHE_DIR": str(tmp_path)}, capture_output=True, text=True
    )
    kernels, config = users.stdout.split()
    assert Path(config) == tmp_path / "numba" and Path(kernels).parent == tmp_path / "numba", users.stderr
    own = subprocess.run(
        [sys.executable, "-c", probe],
        env={**env, "NUMBA_CACHE_DIR": str(tmp_path / "own")},
        capture_output=True,
        text=True,
    )
    assert Path(own.stdout.split()[1]) == tmp_path / "own", own.stderr


def test_the_core_runs_without_numpy() -> None:
    """numpy is no core dependency (it comes with the extras fast, rl and test): the core's commands work without it
    (the hand evaluator's winning check and distance have a standard-library path: ``gupai.core.hands``)."""
    played = _gupai_without_numba("play", "kap-shap", "--seed", "3", "-n", "2", module="numpy")
    assert played.returncode == 0, played.stderr
    checked = _gupai_without_numba("validate", "-", stdin=played.stdout, module="numpy")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for args in (
        ("simulate", "kap-shap", "-n", "30", "-j", "1", "--json"),  # the tallies count the reference games
        ("simulate", "tsung-shap", "-n", "5", "-j", "1", "--json"),
        ("pairs", "kap-tai-shap", "--json"),
        ("hand", "kap-shap", "6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-2", "--json"),
    ):
        done = _gupai_without_numba(*args, module="numpy")
        assert done.returncode == 0, (args, done.stderr)
        assert json.loads(done.stdout), args
