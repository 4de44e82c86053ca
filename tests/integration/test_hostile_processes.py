"""Hostile input, processes (issue 21): signals, the ``--jobs`` workers, output files, terminal text, stdin slips.

Each test runs the installed ``gupai`` in a session of its own, sends it what
a user, a CI runner or the kernel would (SIGINT, SIGTERM, SIGKILL, a killed
worker), waits a bounded time, and then reads the process table (``/proc``):
nothing a run started may outlive it. Whatever is still running when a test
ends is killed, so that a failing test leaves the machine clean.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from gupai.core.files import OutputError, check_directory, check_writable, write_file
from gupai.core.pool import BrokenProcessPool, WorkerPool
from gupai.core.reaper import SUPERVISOR, reaped
from gupai.core.terminal import printable
from gupai.log.read import BATCH_GAMES, check_batch, validate_all

GUPAI = str(Path(sys.executable).parent / "gupai")
ROOT = Path(__file__).resolve().parents[2]
FAKES = ROOT / "tests" / "fakes"
VALID = ROOT / "conformance" / "kap-shap" / "valid" / "culin-2p-greedy-seed1.json"
ONE_CASE = "scenario:kap-shap/turns/the-first-player-opens*"


# ------------------------------------------------------------ the process table
def _marked(mark: str) -> list[int]:
    """Live (not zombie) processes whose command line carries ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if mark.encode() in (entry / "cmdline").read_bytes() and stat.rpartition(")")[2].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _children(pid: int) -> list[int]:
    """The live children of ``pid`` (every thread's)."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        return []
    return [c for c in found if _alive(c)]


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def _wait_for(predicate: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def _kill_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _as_from_a_terminal() -> None:
    """In the child before it runs gupai: SIGINT and SIGTERM as a shell at a terminal leaves them.

    A command started in the background by a script inherits SIGINT ignored, and keeps it so (as gupai does,
    as it should); these tests stand for a user at a terminal, whatever started the test run.
    """
    for each in (signal.SIGINT, signal.SIGTERM):
        signal.signal(each, signal.SIG_DFL)


def _start(*args: str, cwd: Path | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [GUPAI, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=cwd,
        preexec_fn=_as_from_a_terminal,  # the tests start no thread that forks meanwhile
    )


def _finish(process: subprocess.Popen[bytes], seconds: float) -> tuple[str, str]:
    try:
        out, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"gupai did not stop within {seconds} s")
    return out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


# ------------------------------------------------------------ finding 6: the harness
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_the_harness_and_kills_the_engine_and_its_children(
    tmp_path: Path, signum: int, status: int
) -> None:
    mark = f"gupai-signal-{uuid.uuid4().hex}"
    engine = f"{sys.executable} {FAKES / 'spawns_and_hangs.py'} {mark}"
    report = tmp_path / "report.json"
    process = _start(
        "conformance", "run", "kap-shap", "--engine", engine, "--run", ONE_CASE, "--timeout", "60",
        "--report", str(report),
    )  # fmt: skip
    try:
        assert _wait_for(lambda: len(_marked(mark)) >= 2, 60), "the engine and its child never started"
        time.sleep(0.5)  # the harness is waiting for the answer to new_game
        sent = time.monotonic()
        process.send_signal(signum)
        _, err = _finish(process, 10)
        assert time.monotonic() - sent < 5
        assert process.returncode == status
        assert err.strip().splitlines()[-1] == f"gupai: stopped by {signal.Signals(signum).name} (exit status {status})"
        assert "interrupted after 0 of 1 cases (0 passed, 0 failed, 0 skipped); no report written" in err
        assert "Traceback" not in err and "Aborted!" not in err
        assert _wait_for(lambda: not _marked(mark), 5), f"left running: {_marked(mark)}"
        assert list(tmp_path.iterdir()) == []  # no report, no temporary file
    finally:
        _kill_all(_marked(mark))
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.parametrize("fake", ["spawns_and_hangs.py", "hangs.py"])
def test_an_engine_dies_with_a_harness_killed_by_sigkill(fake: str) -> None:
    # SIGKILL cannot be caught: the harness has no chance to kill the engine's group, which is a session of
    # its own. The supervisor leading that group sees its parent die and kills the group.
    mark = f"gupai-orphan-{uuid.uuid4().hex}"
    engine = f"{sys.executable} {FAKES / fake} {mark}"
    process = _start("conformance", "run", "kap-shap", "--engine", engine, "--run", ONE_CASE, "--timeout", "60")
    started = 3 if fake == "spawns_and_hangs.py" else 2  # the supervisor, the engine (and its child)

    def engines() -> list[int]:
        return [pid for pid in _marked(mark) if pid != process.pid]  # the harness's command line has the mark too

    try:
        assert _wait_for(lambda: len(engines()) >= started, 60), f"the engine never started: {engines()}"
        time.sleep(0.5)  # the harness is waiting for the answer to new_game
        assert {os.getpgid(pid) for pid in engines()} != {os.getpgid(process.pid)}  # a killpg of the harness misses
        process.kill()  # the harness alone
        process.communicate(timeout=10)
        assert _wait_for(lambda: not _marked(mark), 5), f"left running after the harness's SIGKILL: {_marked(mark)}"
    finally:
        _kill_all(_marked(mark))


#: A parent that starts a supervised ``sleep`` (its command line marked) and waits: argv[1] the mark,
#: argv[2] "pidfd" or "poll" (the supervisor's two ways of watching its parent).
_PARENT = """
import subprocess, sys, time
mark, how = sys.argv[1], sys.argv[2]
command = [sys.executable, "-c", "import time, sys; time.sleep(600)", mark]
argv = reaped(command)
if how == "poll":  # no pidfd_open: the supervisor looks at its parent's id instead
    argv[argv.index("-c") + 1] = "import os\\ndel os.pidfd_open\\n" + argv[argv.index("-c") + 1]
subprocess.Popen(argv, start_new_session=True)
time.sleep(600)
"""


@pytest.mark.parametrize("how", ["pidfd", "poll"])
def test_a_supervised_child_dies_with_its_parent_killed_by_sigkill(how: str) -> None:
    mark = f"gupai-reaper-{uuid.uuid4().hex}"
    parent = subprocess.Popen(
        [sys.executable, "-c", "from gupai.core.reaper import reaped\n" + _PARENT, mark, how],
        start_new_session=True,
    )

    def children() -> list[int]:
        return [pid for pid in _marked(mark) if pid != parent.pid]

    try:
        assert _wait_for(lambda: len(children()) >= 2, 30), "the supervisor and its child never started"
        assert parent.poll() is None and all(os.getppid() != pid for pid in children())
        parent.kill()
        parent.wait(timeout=10)
        assert _wait_for(lambda: not children(), 3), f"left running after the parent's SIGKILL: {children()}"
    finally:
        _kill_all(children())
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_a_supervised_child_outlives_the_thread_that_started_it() -> None:
    # PR_SET_PDEATHSIG fires when the parent's *thread* ends; an engine started from a worker thread (a
    # library user's) must live on: the supervisor watches the parent process.
    started: list[subprocess.Popen[bytes]] = []
    worker = threading.Thread(
        target=lambda: started.append(subprocess.Popen(reaped(["sleep", "30"]), start_new_session=True))
    )
    worker.start()
    worker.join()
    (child,) = started
    try:
        time.sleep(1.0)
        assert child.poll() is None
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


def test_the_supervisor_passes_on_the_commands_streams_and_status() -> None:
    done = subprocess.run(
        reaped(["sh", "-c", "read line; echo \"got $line\"; echo oops >&2; exit 7"]),
        input=b"hello\n", capture_output=True, timeout=30,
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (7, b"got hello\n", b"oops\n")
    killed = subprocess.run(reaped(["sh", "-c", "kill -KILL $$"]), capture_output=True, timeout=30)
    assert killed.returncode == -signal.SIGKILL
    missing = subprocess.run(reaped(["/nonexistent/engine"]), capture_output=True, timeout=30, text=True)
    assert missing.returncode == 127
    assert missing.stderr == "gupai: cannot run /nonexistent/engine: No such file or directory\n"
    assert "execvp" in SUPERVISOR  # the command replaces the supervisor's child: no shell between


def test_a_signal_stops_the_reference_engine_with_its_status() -> None:
    process = subprocess.Popen(
        [GUPAI, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b'{"cmd": "start", "id": 0, "protocol": 1}\n')
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["answer"] == "ok"
        process.send_signal(signal.SIGTERM)
        _, err = _finish(process, 10)
        assert process.returncode == 143
        assert err == "gupai: stopped by SIGTERM (exit status 143)\n"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# ------------------------------------------------------------ findings 5 and 10: --jobs
@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A JSON Lines corpus of 48,000 valid games (60 games played, repeated): well over a second of checking for
    --jobs 3 once its workers have started (a signal sent then finds the run going)."""
    folder = tmp_path_factory.mktemp("corpus")
    played = subprocess.run(
        [GUPAI, "play", "kap-shap", "-n", "60"], capture_output=True, check=True, timeout=120
    ).stdout.decode()
    path = folder / "corpus.jsonl"
    path.write_text((played.strip() + "\n") * 800, encoding="utf-8")
    yield path


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_tears_the_validate_pool_down_at_once(corpus: Path, signum: int, status: int) -> None:
    process = _start("validate", "--jobs", "3", str(corpus))  # two workers and the parent
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(_children(process.pid)) >= 2, 30), "the workers never started"
        workers = _children(process.pid)
        time.sleep(0.3)
        sent = time.monotonic()
        # As a terminal's Ctrl-C does: the signal reaches the whole group, the workers too (which ignore SIGINT).
        os.killpg(process.pid, signum) if signum == signal.SIGINT else process.send_signal(signum)
        _, err = _finish(process, 10)
        assert time.monotonic() - sent < 3
        assert process.returncode == status, err
        assert err.strip().splitlines() == [f"gupai: stopped by {signal.Signals(signum).name} (exit status {status})"]
        assert _wait_for(lambda: not any(_alive(w) for w in workers), 3), "a worker outlived the run"
    finally:
        _kill_all([w for w in workers if _alive(w)])
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_killing_the_parent_kills_its_workers(corpus: Path) -> None:
    process = _start("validate", "--jobs", "3", str(corpus))  # two workers and the parent
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(_children(process.pid)) >= 2, 30), "the workers never started"
        workers = _children(process.pid)
        process.kill()
        process.communicate(timeout=10)
        assert _wait_for(lambda: not any(_alive(w) for w in workers), 5), "a worker outlived its parent"
    finally:
        _kill_all([w for w in workers if _alive(w)])


def test_a_lost_worker_costs_nothing_when_its_batch_is_checked_again(corpus: Path) -> None:
    process = _start("validate", "--jobs", "3", str(corpus))  # two workers and the parent
    assert _wait_for(lambda: len(_children(process.pid)) >= 2, 30), "the workers never started"
    victim = _children(process.pid)[0]
    time.sleep(0.2)
    os.kill(victim, signal.SIGKILL)  # as the kernel's out-of-memory killer would
    _, err = _finish(process, 120)
    assert process.returncode == 0, err
    assert err.strip().splitlines() == ["48000 game(s) read, 0 invalid, 0 error(s)"]


def crash_on_mark(batch: list[tuple[str, str, int | None]]) -> list[list[object]]:
    """A worker's task that dies (as a worker killed for its memory) on a batch holding the word CRASH."""
    if any("CRASH" in text for text, _, _ in batch):
        os._exit(9)
    return check_batch(batch)  # type: ignore[return-value]


def test_a_batch_that_loses_its_worker_twice_is_reported_and_the_others_judged(tmp_path: Path) -> None:
    log = json.dumps(json.loads(VALID.read_text(encoding="utf-8")))
    lines = [log] * (3 * BATCH_GAMES)
    lines[BATCH_GAMES + 5] = '{"CRASH": 1}'  # in the second batch
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with WorkerPool(2) as pool:
        result = validate_all(
            [str(corpus)], submit=lambda task, batch: pool.submit(crash_on_mark, batch), window=4, restart=pool.restart
        )
    assert result.lost == (f"{corpus}:{BATCH_GAMES + 1}-{2 * BATCH_GAMES}",)
    assert (result.games, result.errors) == (2 * BATCH_GAMES, 0)
    assert pool.restarts == 2  # once to check the batches out again, once after the batch to blame


def test_ctrl_c_in_one_process_is_130_with_one_line(corpus: Path) -> None:
    process = _start("validate", str(corpus))

    def reading() -> bool:  # the command is running (its handlers set) once it has the corpus open
        try:
            return any(os.readlink(fd) == str(corpus) for fd in Path(f"/proc/{process.pid}/fd").iterdir())
        except OSError:
            return False

    assert _wait_for(reading, 60), "validate never opened the corpus"
    process.send_signal(signal.SIGINT)
    _, err = _finish(process, 10)
    assert process.returncode == 130
    assert err.strip().splitlines() == ["gupai: stopped by SIGINT (exit status 130)"]


def test_a_signal_stops_simulate_and_its_workers(tmp_path: Path) -> None:
    out = tmp_path / "out"
    process = _start("simulate", "kap-shap", "-n", "100000", "--jobs", "3", "--engine", "reference", "--out", str(out))
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(_children(process.pid)) >= 2, 60), "the workers never started"
        workers = _children(process.pid)
        process.send_signal(signal.SIGTERM)
        _, err = _finish(process, 10)
        assert process.returncode == 143, err
        assert err.strip().splitlines()[-1] == "gupai: stopped by SIGTERM (exit status 143)"
        assert _wait_for(lambda: not any(_alive(w) for w in workers), 3), "a worker outlived the run"
        assert not out.exists()
    finally:
        _kill_all([w for w in workers if _alive(w)])
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def crash_once(item: tuple[Path, int]) -> int:
    """Die (as a worker killed for its memory) the first time ``item`` is asked, if it is item 3."""
    flag, number = item
    if number == 3 and not flag.exists():
        flag.write_text("crashed once", encoding="utf-8")
        os._exit(9)
    return number * 10


def crash_always(number: int) -> int:
    if number == 3:
        os._exit(9)
    return number * 10


_SIGNAL_IN_A_FORK = """
import os, signal
from gupai.core.pool import WorkerPool
class Stop(Exception):
    pass
def stop(signum, frame):
    raise Stop()
signal.signal(signal.SIGTERM, stop)
# the signal comes while a worker is forked, as a user's Ctrl-C or kill may
os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGTERM))
try:
    with WorkerPool(2) as pool:
        pool.submit(pow, 2, 3).result()
        pool.submit(pow, 2, 4).result()
    print("not stopped")
except Stop:
    print("stopped")
"""


def test_a_stop_signal_during_the_workers_fork_is_not_lost() -> None:
    """A handler run inside a fork's hooks has what it raises ignored: the pool holds the signals back meanwhile."""
    done = subprocess.run([sys.executable, "-c", _SIGNAL_IN_A_FORK], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "stopped", done.stdout + done.stderr
    assert "Exception ignored" not in done.stderr, done.stderr


def test_the_pool_plays_again_what_a_lost_worker_held_once(tmp_path: Path) -> None:
    with WorkerPool(2) as pool:
        items = [(tmp_path / "flag", n) for n in range(8)]
        assert list(pool.map_ordered(crash_once, items, window=3)) == [n * 10 for n in range(8)]
        assert pool.restarts == 1
    with WorkerPool(2) as pool, pytest.raises(BrokenProcessPool):
        list(pool.map_ordered(crash_always, list(range(8))))
    with WorkerPool(1) as pool:
        with pytest.raises(BrokenProcessPool):
            pool.submit(crash_always, 3).result()
        late = pool.submit(crash_always, 2)  # the pool is broken: the task fails as the others did, not submit
        with pytest.raises(BrokenProcessPool):
            late.result()
        pool.restart()
        assert pool.submit(crash_always, 2).result() == 20


# ------------------------------------------------------------ findings 8 and 9: output files
def test_play_out_never_overwrites_a_file_made_while_it_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    check_writable(target)  # what play checks before playing
    target.write_text("mine\n", encoding="utf-8")  # a file made meanwhile
    with pytest.raises(OutputError, match="it exists"):
        write_file(target, "{}\n")
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match=f"cannot write {target}: No space left on device"):
        write_file(target, "{}\n" * 1000)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_is_said_before_the_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.statvfs(tmp_path)

    class Full:
        f_bavail, f_frsize = 3, real.f_frsize

    monkeypatch.setattr(os, "statvfs", lambda path: Full())
    with pytest.raises(OutputError, match=f"cannot write {tmp_path / 'out'}: its file system has .* KiB free"):
        check_directory(tmp_path / "out")
    with pytest.raises(OutputError, match="KiB free"):
        check_writable(tmp_path / "game.json")


@pytest.mark.parametrize("command", ["play", "simulate", "compare"])
def test_an_unwritable_output_is_exit_2_before_the_work(tmp_path: Path, command: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    out = blocker / "sub" / ("game.json" if command == "play" else "out")
    args = {
        "play": ["play", "kap-shap", "--out", str(out)],
        "simulate": ["simulate", "kap-shap", "-n", "100000000", "--engine", "reference", "--out", str(out)],
        "compare": ["compare", "kap-shap", "--presets", "culin,pagat", "-n", "100000000", "--out", str(out)],
    }[command]
    done = subprocess.run([GUPAI, *args], capture_output=True, timeout=60, text=True)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(f"Error: cannot write {out}: ")
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def _refused_before_the_engine(option: str, out: Path) -> str:
    """The last line of ``conformance run ... OPTION OUT`` against an engine that would spawn and hang, which
    must exit 2 without ever starting it."""
    mark = f"gupai-unstarted-{uuid.uuid4().hex}"
    engine = f"{sys.executable} {FAKES / 'spawns_and_hangs.py'} {mark}"
    done = subprocess.run(
        [GUPAI, "conformance", "run", "kap-shap", "--engine", engine, "--run", ONE_CASE, option, str(out)],
        capture_output=True, timeout=60, text=True,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert _marked(mark) == []
    last: str = done.stderr.strip().splitlines()[-1]
    return last


@pytest.mark.parametrize("option", ["--report", "--badge", "--write-known-failures"])
def test_the_harness_checks_its_output_files_before_starting_the_engine(tmp_path: Path, option: str) -> None:
    out = tmp_path / "missing" / "out.json"
    assert (
        _refused_before_the_engine(option, out)
        == f"Error: cannot write {out}: its directory {out.parent} does not exist"
    )


def test_play_out_writes_whole_and_force_replaces(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    first = subprocess.run([GUPAI, "play", "kap-shap", "--out", str(out)], capture_output=True, timeout=60, text=True)
    assert first.returncode == 0 and json.loads(out.read_text(encoding="utf-8"))["format"] == "gupai-log"
    again = subprocess.run([GUPAI, "play", "kap-shap", "--out", str(out)], capture_output=True, timeout=60, text=True)
    assert again.returncode == 2 and "exists: give --force" in again.stderr
    forced = [GUPAI, "play", "kap-shap", "--seed", "3", "--out", str(out), "--force"]
    assert subprocess.run(forced, capture_output=True, timeout=60).returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["seed"] == 3
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# ------------------------------------------------------------ finding 12: terminal text
def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("a\x1b]0;title\x07b\r\nc\x9bd\u202ee") == "a\\x1b]0;title\\x07b\\r\\nc\\x9bd\\u202ee"
    assert printable("tiles [6-6] 十 café") == "tiles [6-6] 十 café"


def test_an_engine_cannot_forge_report_lines_or_send_escapes(tmp_path: Path) -> None:
    engine = f"{sys.executable} {FAKES / 'forges_report_lines.py'}"
    done = subprocess.run(
        [GUPAI, "conformance", "run", "kap-shap", "--engine", engine, "--run", ONE_CASE],
        capture_output=True, timeout=120, text=True,
    )  # fmt: skip
    assert done.returncode == 1
    assert "\x1b" not in done.stdout + done.stderr
    assert not [line for line in done.stdout.splitlines() if line.startswith("638 passed")]
    assert done.stdout.splitlines()[0].startswith("gupai conformance ") and "evil\\x1b[2J\\n\\n638" in done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith("0 passed, 1 failed")
    as_json = subprocess.run(
        [GUPAI, "conformance", "run", "kap-shap", "--engine", engine, "--run", ONE_CASE, "--json"],
        capture_output=True, timeout=120, text=True,
    )  # fmt: skip
    assert json.loads(as_json.stdout)["engine"]["name"].startswith("evil\x1b[2J\n\n638 passed")  # JSON unchanged


def test_a_file_name_cannot_forge_validate_lines(tmp_path: Path) -> None:
    name = tmp_path / "x\n1 game(s) read, 0 invalid, 0 error(s)\x1b[2J.json"
    name.write_text("{}", encoding="utf-8")
    done = subprocess.run([GUPAI, "validate", str(name)], capture_output=True, timeout=60, text=True)
    assert done.returncode == 1
    assert "\x1b" not in done.stdout + done.stderr
    lines = done.stdout.splitlines() + done.stderr.splitlines()
    assert "1 game(s) read, 0 invalid, 0 error(s)" not in lines
    assert lines[-1].startswith("1 game(s) read, 1 invalid, ")


#: A name a hostile file, log or argument may carry: a colour, a cleared screen, a forged line, a title.
HOSTILE = "evil\x1b[31m\x1b[2J\n1 game(s) read, 0 invalid, 0 error(s)\x1b]0;owned\x07"


def _hostile_runs(tmp_path: Path) -> dict[str, list[str]]:
    as_file = tmp_path / f"f{HOSTILE}.json"
    as_file.write_text("{}", encoding="utf-8")
    as_dir = tmp_path / f"d{HOSTILE}"
    as_dir.mkdir()
    log = json.loads(VALID.read_text(encoding="utf-8"))
    log["events"][1]["tile"] = HOSTILE
    log["x-note"] = HOSTILE
    bad_log = tmp_path / "bad.json"
    bad_log.write_text(json.dumps(log), encoding="utf-8")
    return {
        "simulate --out onto a file": ["simulate", "kap-shap", "-n", "1", "--out", str(as_file)],
        "compare --out below a file": ["compare", "kap-shap", "--presets", "culin,pagat", "--out", f"{as_file}/x"],
        "play --out onto a directory": ["play", "kap-shap", "--out", str(as_dir)],
        "play --out below a file": ["play", "kap-shap", "--out", f"{as_file}/x.json"],
        "validate a hostile name": ["validate", str(as_file)],
        "validate a missing hostile name": ["validate", f"{tmp_path / HOSTILE}.json"],
        "validate a hostile log": ["validate", str(bad_log)],
        "show a hostile name": ["show", str(as_file)],
        "show a hostile log": ["show", str(bad_log)],
        "a hostile game": ["play", HOSTILE],
        "a hostile preset": ["simulate", "kap-shap", "--preset", HOSTILE],
        "a hostile presets list": ["compare", "kap-shap", "--presets", f"culin,{HOSTILE}"],
        "a hostile option": ["play", "kap-shap", "-o", f"{HOSTILE}=x"],
        "a hostile option value": ["play", "kap-shap", "-o", f"take={HOSTILE}"],
        "a hostile agent": ["simulate", "kap-shap", "-n", "1", "--agents", HOSTILE.replace(",", ";")],
        "a hostile tile": ["hand", "kap-shap", HOSTILE],
        "a hostile rule": ["rules", "kap-shap", HOSTILE],
    }


def test_no_command_lets_untrusted_text_reach_the_terminal_raw(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from gupai.cli import main

    for what, args in _hostile_runs(tmp_path).items():
        done = CliRunner().invoke(main, args)
        text = done.stdout + done.stderr
        assert done.exit_code in (0, 1, 2), (what, done.exit_code, text)  # `show` shows an invalid log too
        assert "\x1b" not in text and "\x07" not in text, (what, text)  # escapes shown, never sent
        assert "\\x1b" in text, (what, text)  # the hostile text is named, escaped
        lines = text.splitlines()
        assert "1 game(s) read, 0 invalid, 0 error(s)" not in lines, (what, text)  # no forged line


# ------------------------------------------------------------ finding 13 and issue 25: input slips
def test_stdin_named_twice_is_usage() -> None:
    with VALID.open("rb") as given:
        done = subprocess.run([GUPAI, "validate", "-", "-"], stdin=given, capture_output=True, timeout=60, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == "Error: - (standard input) is named twice: it can be read only once"


def test_a_closed_stdin_is_unusable_input() -> None:
    done = subprocess.run([GUPAI, "validate", "-"], stdin=None, capture_output=True, timeout=60, text=True,
                          preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Error: cannot read <stdin>: standard input is closed: nothing to read" in done.stderr


@pytest.mark.parametrize(("text", "why"), [("", "empty: no game log in it"), ("# Title\n", "not JSON")])
def test_empty_or_non_json_input_is_unusable_not_invalid(tmp_path: Path, text: str, why: str) -> None:
    done = subprocess.run([GUPAI, "validate", "-"], input=text, capture_output=True, timeout=60, text=True)
    assert done.returncode == 2 and f"Error: cannot read <stdin>: {why}" in done.stderr
    readme = subprocess.run([GUPAI, "validate", str(ROOT / "README.md")], capture_output=True, timeout=60, text=True)
    assert readme.returncode == 2 and "README.md: not JSON (" in readme.stderr


def test_a_directory_judges_only_its_game_logs(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"x": "y" * 5000}), encoding="utf-8")
    (tmp_path / "game.json").write_text(VALID.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([GUPAI, "validate", str(tmp_path)], capture_output=True, timeout=60, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "1 game(s) read, 0 invalid, 0 error(s)"
    assert "note: 1 file(s) in the directories given are not game logs" in done.stderr
    assert max(len(line) for line in done.stderr.splitlines()) < 400
    (tmp_path / "game.json").unlink()
    alone = subprocess.run([GUPAI, "validate", str(tmp_path)], capture_output=True, timeout=60, text=True)
    assert alone.returncode == 2 and "no game log in this directory" in alone.stderr


def test_the_harness_reads_a_long_unterminated_line_in_linear_time(tmp_path: Path) -> None:
    from gupai.conformance.process import EngineProcess

    writer = tmp_path / "floods.py"
    writer.write_text(
        "import sys\nsys.stdin.readline()\nsys.stdout.write('x' * (17 << 20)); sys.stdout.flush()\n"
        "import time\ntime.sleep(60)\n",
        encoding="utf-8",
    )
    engine = EngineProcess([sys.executable, str(writer)], timeout=60, start_timeout=60)
    started = time.monotonic()
    with engine, pytest.raises(Exception, match="longer than"):
        engine.start()
    assert time.monotonic() - started < 5  # it was about 9 s, read quadratically, and reported as a timeout


@pytest.mark.parametrize("option", ["--report", "--badge", "--junit"])
def test_the_harness_refuses_an_existing_output_file_without_force(tmp_path: Path, option: str) -> None:
    """An existing report, badge or JUnit file is a user's file: refused before the engine starts, unless --force."""
    out = tmp_path / "out.txt"
    out.write_text("the user's own file\n", encoding="utf-8")
    assert (
        _refused_before_the_engine(option, out)
        == f"Error: cannot write {out}: it exists (give --force to overwrite it)"
    )
    assert out.read_text(encoding="utf-8") == "the user's own file\n"
    forced = subprocess.run(
        [GUPAI, "conformance", "run", "kap-shap", "--engine", f"{GUPAI} engine", "--run", ONE_CASE, option, str(out),
         "--force"],
        capture_output=True, timeout=120, text=True,
    )  # fmt: skip
    assert forced.returncode == 0, forced.stderr
    assert out.read_text(encoding="utf-8") != "the user's own file\n"


def test_conformance_compare_refuses_an_existing_html_file_without_force(tmp_path: Path) -> None:
    page = tmp_path / "matrix.html"
    page.write_text("mine\n", encoding="utf-8")
    done = subprocess.run(
        [GUPAI, "conformance", "compare", str(tmp_path / "no-report.json"), "--html", str(page)],
        capture_output=True, timeout=60, text=True,
    )  # fmt: skip
    assert done.returncode == 2
    assert (
        done.stderr.strip().splitlines()[-1] == f"Error: cannot write {page}: it exists (give --force to overwrite it)"
    )
    assert page.read_text(encoding="utf-8") == "mine\n"
