"""``make demo``'s last words: the next commands it suggests run as printed, in a shell without the virtualenv."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from tools.demo import BIN, ROOT, command_prefix, next_commands

#: A user's PATH: the system's, without the virtualenv that runs the tests.
USERS_PATH = os.pathsep.join(
    part for part in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep) if Path(part) != BIN
)


def users_shell(command: str) -> subprocess.CompletedProcess[str]:
    """``command`` as the user's shell runs it from the checkout: their PATH, not the virtualenv's."""
    env = {**os.environ, "PATH": USERS_PATH}
    return subprocess.run(
        ["/bin/sh", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_printed_gupai_is_not_a_bare_name_the_users_path_cannot_find() -> None:
    prefix = command_prefix(USERS_PATH)
    assert users_shell(f"command -v {prefix}").returncode == 0, prefix


@pytest.mark.parametrize(
    "command", [command for command, _ in next_commands(command_prefix(USERS_PATH))], ids=lambda c: c[:40]
)
def test_each_next_command_runs_as_printed(command: str) -> None:
    if command.startswith("make "):
        ran = users_shell(command.replace("make ", "make -n ", 1))  # `make docs` serves until stopped: its recipe
    elif "YOUR ENGINE" in command:
        engine = f"{command_prefix(USERS_PATH)} engine"  # the reference engine stands in for theirs
        ran = users_shell(command.replace("YOUR ENGINE", engine) + " --run 'ks.ante*'")
    else:
        ran = users_shell(command)
    assert ran.returncode == 0, (command, ran.stderr[-2000:])
    assert "command not found" not in ran.stderr
