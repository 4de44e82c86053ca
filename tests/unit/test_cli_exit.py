"""How a command ends: the console script's exit (statuses, output flushed, ``atexit`` run) and a stop signal
that lands in a finalizer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gupai.cli import app, main
from gupai.core import stops
from gupai.core.resources import data_dir
from gupai.log import quick, streams, verdicts

_SCRIPT = """
import atexit, sys
atexit.register(lambda: print("atexit ran", file=sys.stderr))
sys.argv = ["gupai", *sys.argv[1:]]
from gupai.cli.app import run
run()
"""


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _SCRIPT, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("args", "status", "err"),
    [
        (["validate", "conformance/kap-shap/valid"], 0, "0 invalid"),
        (["validate", "conformance/kap-shap/invalid"], 1, "invalid"),
        (["validate", "no-such-file.json"], 2, "cannot read"),
        (["no-such-command"], 2, "No such command"),
    ],
)
def test_run_exits_with_the_commands_status_its_output_whole_and_atexit_run(
    args: list[str], status: int, err: str
) -> None:
    root = data_dir("conformance").parent
    done = _run(*[str(root / a) if a.startswith("conformance/") else a for a in args])
    assert done.returncode == status, done.stderr
    assert err in done.stderr
    assert done.stderr.rstrip().endswith("atexit ran")


def test_run_prints_all_of_a_long_output() -> None:
    done = _run("play", "kap-shap", "-n", "40")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 40 and all(line.startswith("{") and line.endswith("}") for line in lines)


@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (7, 7), ("a message", 1)])
def test_a_system_exit_gives_pythons_status(code: object, status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert app._status(code) == status
    assert capsys.readouterr().err == ("a message\n" if isinstance(code, str) else "")


class _StopsInItsFinalizer:
    """An object whose finalizer is running when SIGINT arrives (Python ignores what a finalizer raises)."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:  # bytecode runs here: the handler does, inside the finalizer
            pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX alarms")
def test_a_stop_raised_in_a_finalizer_is_raised_again_from_the_command() -> None:
    ignored: list[object] = []
    previous = sys.unraisablehook
    sys.unraisablehook = ignored.append
    try:
        with pytest.raises(app.Interrupted) as stop, app._signals_stop():
            _StopsInItsFinalizer()  # dropped at once: its finalizer runs, and swallows the first Interrupted
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                pass
    finally:
        sys.unraisablehook = previous
    assert stop.value.signum == signal.SIGINT
    assert ignored == []  # not printed as an ignored exception either
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handlers are put back


def test_a_command_leaves_the_hooks_as_it_found_them() -> None:
    hook, alarm = sys.unraisablehook, signal.getsignal(signal.SIGALRM)
    with app._signals_stop():
        assert sys.unraisablehook is not hook
    assert (sys.unraisablehook, signal.getsignal(signal.SIGALRM)) == (hook, alarm)


def test_a_stop_whose_exception_a_library_swallowed_still_stops_validate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs = sorted(data_dir("conformance").glob("kap-shap/valid/*.json"))[:3]
    corpus = tmp_path / "three.jsonl"
    corpus.write_text("".join(json.dumps(json.loads(p.read_text(encoding="utf-8"))) + "\n" for p in logs))
    accepted = quick.accepted

    def swallowing(text: str) -> Any:  # as a library that catches the handler's exception in a call it makes
        stops.ask(signal.SIGTERM)
        return accepted(text)

    monkeypatch.setattr(verdicts, "accepted", swallowing)
    done = CliRunner().invoke(main, ["validate", str(corpus)])
    assert done.exit_code == 143
    assert done.stderr.strip().splitlines() == ["gupai: stopped by SIGTERM (exit status 143)"]
    assert stops.asked() is None  # forgotten once the command is over


def test_a_stop_while_a_file_is_opened_is_not_turned_into_a_read_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.jsonl"
    target.write_text("{}\n")

    def interrupted(fd: int, *args: object, **kwargs: object) -> object:  # the file object made, then the signal
        os.close(fd)
        raise stops.Interrupted(signal.SIGINT)

    monkeypatch.setattr(os, "fdopen", interrupted)
    with pytest.raises(stops.Interrupted):
        streams.open_regular(str(target))
