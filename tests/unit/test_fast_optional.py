"""The fast path is optional (the extra ``gupai[fast]``) and says when it compiles.

Without numba, ``gupai simulate`` plays on the reference engine after a
one-line note, with the same figures; the validator, the engine and ``play``
never need it. A process about to compile a kernel numba's cache does not
hold says so once on stderr.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gupai.sim.fast import FAST_PATH_NOTE
from gupai.sim.fast.compiling import COMPILING_NOTE, announce_compiling, kernel_cached
from gupai.sim.plots import NO_PLOTS_NOTE

#: Runs the command line in a process where ``import MODULE`` fails, as in an install without its extra.
_WITHOUT = """
import sys
sys.modules[sys.argv.pop(1)] = None  # import MODULE now raises ImportError
from gupai.cli import main
main(sys.argv[1:], prog_name="gupai")
"""


SIMULATE_20 = ("simulate", "kap-shap", "-n", "20", "--jobs", "1", "--json")


def _gupai_without_numba(
    *args: str, stdin: str | None = None, module: str = "numba"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _WITHOUT, module, *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_simulate_without_numba_plays_on_the_reference_engine_after_a_note() -> None:
    without = _gupai_without_numba(*SIMULATE_20)
    assert without.returncode == 0, without.stderr
    assert FAST_PATH_NOTE in without.stderr
    assert "gupai[fast]" in without.stderr.splitlines()[0]
    reference = subprocess.run(
        [sys.executable, "-c", "from gupai.cli import main; main()", *SIMULATE_20, "--engine", "reference"],
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
    pytest.importorskip("numba")
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
