"""``make soak``: validate a million events from one JSON Lines file, and print the peak memory.

The file repeats a few hundred distinct games of all three games (each
validated in full every time: a game is too long for the validator's cache of
short lines) until it holds ``GUPAI_SOAK_EVENTS`` events (default 10**6).
``gupai validate`` reads it as a stream; its peak resident memory, read from
the kernel, must stay under 200 MB however long the file is. Exit status 1
when it does not, or when a game is found invalid.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gupai.log.format import dumps_log_line
from gupai.log.play import play_game

PEAK_LIMIT_MB = 200
PEAK_RSS = Path(__file__).resolve().parent / "peak_rss.py"
GAMES = (("kap-shap", 2), ("kap-tai-shap", 4), ("kap-tai-shap", 6), ("tsung-shap", 2))


def corpus(path: Path, events: int, distinct: int = 50) -> tuple[int, int]:
    """Write at least ``events`` events into ``path``; return (games, events) written."""
    lines = []
    for game, players in GAMES:
        for seed in range(distinct):
            log = play_game(game, players=players, seed=seed, agents=("random",))
            lines.append((dumps_log_line(log) + "\n", len(log["events"])))
    games = written = 0
    with path.open("w", encoding="utf-8") as handle:
        while written < events:
            for line, count in lines:
                handle.write(line)
                games, written = games + 1, written + count
                if written >= events:
                    break
    return games, written


def main() -> int:
    target = int(os.environ.get("GUPAI_SOAK_EVENTS", 10**6))
    gupai = str(Path(sys.executable).parent / "gupai")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "soak.jsonl"
        games, events = corpus(path, target)
        size = path.stat().st_size / 2**20
        print(f"soak: {games} games, {events} events, {size:.0f} MiB of JSON Lines")
        started = time.monotonic()
        # Through tools/peak_rss.py: forked from this big process, the count would include it.
        with (Path(folder) / "stderr").open("w+b") as err:
            process = subprocess.Popen([sys.executable, str(PEAK_RSS), gupai, "validate", str(path)], stderr=err)
            _, status, usage = os.wait4(process.pid, 0)  # CPU time includes gupai's, reaped by the wrapper
            process.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            said, _, peak_kb = err.read().decode("utf-8", "replace").rstrip().rpartition("\npeak-rss-kb ")
    print(said.strip())
    wall = time.monotonic() - started
    cpu = usage.ru_utime + usage.ru_stime
    code = process.returncode
    peak = int(peak_kb) / 1024
    print(
        f"soak: exit {code}, {cpu:.1f} CPU-s ({wall:.1f} s wall), {events / cpu:,.0f} events per CPU-second, "
        f"peak RSS {peak:.0f} MB (limit {PEAK_LIMIT_MB} MB)"
    )
    return 0 if code == 0 and peak < PEAK_LIMIT_MB else 1


if __name__ == "__main__":
    raise SystemExit(main())
