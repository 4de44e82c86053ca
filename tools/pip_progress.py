"""``pip install ARGS`` with one line of progress instead of minutes of silence (``make``'s set-up step).

``python tools/pip_progress.py -e '.[test]'`` runs pip with the same
interpreter and reads its output as it comes: on a terminal one line,
rewritten, says the phase and the package (``pip: collecting numba (31 so
far)``); elsewhere a line at each phase, and one every 15 s while a phase
lasts. pip's own output is printed whole if it fails, and its exit status is
this script's.

>>> phase_of("Collecting numba>=0.60 (from gupai==0.1.0)")
('collecting', 'numba')
>>> phase_of("Installing collected packages: six, numpy, numba")
('installing', '3 packages')
>>> phase_of("Building wheels for collected packages: gupai")
('building', 'gupai')
>>> phase_of("  Downloading numba-0.60.0.whl (3.7 MB)") is None
True
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

__all__ = ["main", "phase_of"]

#: How often a long phase is said again when the output is not a terminal.
HEARTBEAT = 15.0

_PHASES = (
    (re.compile(r"^(?:Collecting|Requirement already satisfied:) ([A-Za-z0-9_.\-]+)"), "collecting"),
    (re.compile(r"^\s*Building wheels? for (?:collected packages: )?([A-Za-z0-9_.\-]+)"), "building"),
    (re.compile(r"^\s*(?:Preparing|Getting requirements|Installing build dependencies)"), "preparing"),
)


def phase_of(line: str) -> tuple[str, str] | None:
    """The phase a line of pip's output begins or continues, and its subject; None for any other line."""
    if line.startswith("Installing collected packages:"):
        names = [name for name in line.split(":", 1)[1].split(",") if name.strip()]
        return "installing", f"{len(names)} packages"
    if line.startswith("Successfully installed"):
        return "installed", f"{len(line.split()) - 2} packages"
    for pattern, phase in _PHASES:
        match = pattern.match(line)
        if match:
            return phase, match.group(1) if match.groups() else ""
    return None


def main(args: list[str]) -> int:
    started = time.monotonic()
    terminal = sys.stdout.isatty()
    command = [sys.executable, "-m", "pip", "install", "--progress-bar", "off", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert process.stdout is not None
    lines: list[str] = []
    collected = 0
    last_phase, said_at = "", 0.0
    for line in process.stdout:
        lines.append(line)
        found = phase_of(line)
        if found is None:
            continue
        phase, subject = found
        collected += phase == "collecting"
        now = time.monotonic()
        status = f"pip: {phase} {subject}".rstrip() + (f" ({collected} so far)" if phase == "collecting" else "")
        if terminal:
            sys.stdout.write("\r\x1b[K" + status[:100])
            sys.stdout.flush()
        elif phase != last_phase or now - said_at >= HEARTBEAT:
            print(status, flush=True)
            said_at = now
        last_phase = phase
    code = process.wait()
    if terminal:
        sys.stdout.write("\r\x1b[K")
    if code != 0:
        sys.stdout.write("".join(lines))
        print(f"pip failed (exit status {code}) after {time.monotonic() - started:.0f} s", file=sys.stderr)
    else:
        print(f"pip: done in {time.monotonic() - started:.0f} s ({collected} requirements)", flush=True)
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
