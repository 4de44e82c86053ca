"""``make demo``: the kit's three uses in under a minute.

1. The rules: a hand pictured in the terminal and judged, and what one preset
   changes from another (``gupai presets``, ``gupai pairs``, ``gupai rules``).
2. The validator: a seeded game's log passes, the same log with one event
   broken fails, naming the event and the rule.
3. The conformance harness: the reference engine (``gupai engine``) passes a
   set of cases, and a deliberately broken engine (``tests/fakes/four_two_six.py``,
   which counts [4-2] as 6 when it claims 3) fails them, with the report.

Every command is printed as a user would type it, then run (in this
process; the engines are real processes). Files go to ``demo-out/`` in the
checkout.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
import time
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console
from rich.markup import escape

from gupai.cli import main as main_command
from gupai.core.tiles import parse_tiles
from gupai.render.svg import pips

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "demo-out"
BIN = Path(sys.executable).parent  # the virtualenv's bin: `gupai` and `python` for the engines
HAND = "6-6 6-6 6-4 6-4 5-1 3-1 4-3 2-1"
PAGAT_HAND = "5-5 5-5 6-5 6-3 6-4 6-4 4-2 6-1"  # three twenties no printed table has
CASES = "ks.tiles.four-two*"  # the cases of the rule the broken engine gets wrong
console = Console(highlight=False, soft_wrap=True)


def heading(text: str) -> None:
    console.print()
    console.rule(f"[bold]{text}", align="left")


def say(text: str) -> None:
    console.print(text)


def gupai(*args: str, tail: int | None = None, expect: int = 0) -> str:
    """Run ``gupai ARGS`` as a user would, print it and its output (the last ``tail`` lines), return stdout.

    The command runs in this process (the same code as the ``gupai`` script,
    without starting Python again); engines it starts are real processes.
    """
    console.print(f"[bold cyan]$ gupai {escape(shlex.join(args))}[/]")
    result = CliRunner().invoke(main_command, list(args), prog_name="gupai")
    lines = (result.stdout + result.stderr).rstrip("\n").splitlines()
    if tail is not None and len(lines) > tail:
        console.print(f"[dim]  ... ({len(lines) - tail} lines above)[/]")
        lines = lines[-tail:]
    for line in lines:
        console.out(line, highlight=False)
    mark = "green" if result.exit_code == expect else "bold red"
    console.print(f"[{mark}](exit status {result.exit_code})[/]")
    return result.stdout


def _cell(x: float, y: float) -> tuple[int, int]:
    """A pip's place in its half: row and column of a 3 x 3 grid (the view box is 100 x 224)."""
    y = y if y < 112 else y - 112
    return (0 if y < 45 else 1 if y < 70 else 2), (0 if x < 40 else 1 if x <= 60 else 2)


def picture(text: str) -> list[str]:
    """A row of tiles drawn with their pips, red and white as the spec colours them."""
    tiles = parse_tiles(text.split())
    rows: list[list[str]] = [[] for _ in range(9)]
    for tile in tiles:
        grid = [["   "] * 3 for _ in range(6)]  # 3 columns of 3 characters: the 9 inside the frame
        for pip in pips(tile):
            row, col = _cell(pip.x, pip.y)
            colour = "red" if pip.colour == "red" else "bright_white"
            grid[row + (3 if pip.y >= 112 else 0)][col] = f" [{colour}]●[/] "
        lines = ["┌─────────┐"]
        lines += ["│" + "".join(grid[r]) + "│" for r in range(3)]
        lines.append("├─────────┤")
        lines += ["│" + "".join(grid[r]) + "│" for r in range(3, 6)]
        lines.append("└─────────┘")
        for index, line in enumerate(lines):
            rows[index].append(line)
    return [" ".join(row) for row in rows]


def the_rules() -> None:
    heading("1. The rules: a Kap Shap hand, pictured and judged")
    for line in picture(HAND):
        console.print(line)
    gupai("hand", "kap-shap", *HAND.split())
    say("\nThe sources disagree; each reading is an option and each source's rules a preset:")
    gupai("presets", "kap-shap")
    say("\nUnder pagat's printed tables three twenties are not pairs, so this hand does not win:")
    gupai("hand", "kap-shap", "--preset", "pagat", *PAGAT_HAND.split())
    gupai("rules", "kap-shap", "ks.tiles.four-two")


def the_validator() -> None:
    heading("2. The validator: a seeded game's log, then the same log with one event broken")
    good, bad = OUT / "kap-shap-seed7.json", OUT / "kap-shap-seed7-broken.json"
    gupai("play", "kap-shap", "--seed", "7", "--out", str(good.relative_to(ROOT)), "--force")
    gupai("validate", str(good.relative_to(ROOT)))
    log = json.loads(good.read_text(encoding="utf-8"))
    taken = next(i for i, event in enumerate(log["events"]) if event["type"] == "take")
    log["events"][taken]["tile"] = "1-1" if log["events"][taken]["tile"] != "1-1" else "2-2"
    bad.write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
    say(f"\nThe same log with event {taken} taking a tile nobody discarded:")
    gupai("validate", str(bad.relative_to(ROOT)), expect=1)


def the_harness() -> None:
    heading("3. The conformance harness: an engine, driven through the engine protocol")
    reference = "gupai engine"
    broken = "python tests/fakes/four_two_six.py"
    say("The reference engine, on the cases of rule ks.tiles.four-two ([4-2] counts 3 or 6):")
    gupai("conformance", "run", "kap-shap", "--engine", reference, "--run", CASES, tail=1)
    say("\nA broken engine (it counts [4-2] as 6 while it claims 3), the same cases:")
    report = OUT / "four-two-six-report.json"
    gupai(
        "conformance",
        "run",
        "kap-shap",
        "--engine",
        broken,
        "--run",
        CASES,
        "--report",
        str(report.relative_to(ROOT)),
        "--force",  # the last tour's report is replaced
        tail=20,
        expect=1,
    )


def command_prefix(path: str, bin_dir: Path = BIN, root: Path = ROOT) -> str:
    """How the user's shell reaches this virtualenv's ``gupai``: bare when its PATH finds it there, else its path.

    ``make demo`` runs the tour with the virtualenv's Python, whose ``bin`` is
    not on the user's PATH unless they activated it; a bare ``gupai`` there
    would say "command not found" (or run another install).

    >>> command_prefix("", Path("/repo/.venv/bin"), Path("/repo"))
    '.venv/bin/gupai'
    >>> command_prefix("", Path("/opt/venv/bin"), Path("/repo"))
    '/opt/venv/bin/gupai'
    """
    found = shutil.which("gupai", path=path)
    if found is not None and Path(found).parent == bin_dir:
        return "gupai"
    try:
        return str((bin_dir / "gupai").relative_to(root))
    except ValueError:
        return str(bin_dir / "gupai")


def next_commands(gupai_command: str) -> list[tuple[str, str]]:
    """The commands the tour ends with, each ``(command, what it does)``, as the user's shell runs them."""
    return [
        ("make docs", "the rules site, served locally"),
        (f"{gupai_command} conformance run --engine 'YOUR ENGINE'", "your engine, every case"),
        (f"{gupai_command} options kap-shap; {gupai_command} rules kap-shap", "every option, every rule"),
        (f"{gupai_command} play kap-tai-shap --players 6 --show", "a game, with its transcript"),
        (f"{gupai_command} --help", "every command"),
    ]


def main() -> None:
    started = time.monotonic()
    os.chdir(ROOT)
    users_path = os.environ.get("PATH", "")
    os.environ["PATH"] = f"{BIN}{os.pathsep}{users_path}"
    OUT.mkdir(exist_ok=True)
    say("[bold]gupai[/]: the rules of the Chinese domino tens games as data, a validator for game logs,")
    say("and a conformance harness for engines. A tour of the three, in that order.")
    the_rules()
    the_validator()
    the_harness()
    heading("Next")
    say(f"Files of this tour: {OUT.relative_to(ROOT)}/ (logs and the broken engine's JSON report).")
    prefix = command_prefix(users_path)
    if prefix != "gupai":
        activate = escape(str(Path(prefix).parent / "activate"))
        say(f"From this folder, as printed (or after `. {activate}`, with a bare `gupai`):")
    commands = next_commands(prefix)
    width = max(len(command) for command, _ in commands) + 2
    for command, what in commands:
        say(f"  {escape(command.ljust(width))}# {escape(what)}")
    say(f"[dim](tour done in {time.monotonic() - started:.0f} s)[/]")


if __name__ == "__main__":
    main()
