"""navpil's Java simulator timed for ``make bench``'s ``fast`` section, when a JDK and navpil's classes are here.

The only other engine of these games is navpil's Java simulator (the
navpil/gupai repository). The kit holds none of its code: the bench times it
only when this machine has ``java`` and ``javac`` and the environment
variable :data:`CLASSES_VARIABLE` names navpil's compiled classes (a
directory, such as a checkout's ``target/classes`` after navpil's own
``mvn compile``, or a jar of them). Then the kit's own driver,
``tools/navpil/NavpilBench.java``, is compiled against them into a scratch
directory and plays each row's rules through navpil's ``RunManySimulations``
loop and game loops (see its comment), and the row's Java figure is
measured in the run: games per CPU second of the Java process, the best of
:data:`ROUNDS` rounds after one to warm the JIT up. Otherwise the figure
recorded on this machine on :data:`RECORDED_ON` stands, labelled so, with
the reason it was not measured (:func:`find_navpil`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CLASSES_VARIABLE",
    "DRIVER",
    "LOOP_CLASS",
    "RECORDED_ON",
    "ROUNDS",
    "Navpil",
    "best_rate",
    "find_navpil",
    "java_driver",
]

#: The environment variable naming navpil's compiled classes (a directory or a jar).
CLASSES_VARIABLE = "GUPAI_NAVPIL_CLASSES"
#: When the recorded figures were measured on this machine (by navpil's RunManySimulations loop).
RECORDED_ON = "2026-11-23"
#: The class of navpil's that must be there: its match loop, which the driver calls.
LOOP_CLASS = "io/github/navpil/gupai/util/RunManySimulations.class"
#: The kit's driver (its own code, calling navpil's).
DRIVER = Path(__file__).resolve().with_name("navpil") / "NavpilBench.java"
#: Timed rounds after the warm-up; the best counts.
ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Navpil:
    """What measuring navpil's simulator needs: the JDK's two commands and navpil's classes."""

    java: str
    javac: str
    classes: Path


def _has_loop(classes: Path) -> bool:
    if classes.is_dir():
        return (classes / LOOP_CLASS).is_file()
    try:
        with zipfile.ZipFile(classes) as jar:
            return LOOP_CLASS in jar.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def find_navpil(environ: dict[str, str] | None = None) -> Navpil | str:
    """The JDK and navpil's classes if both are here, else why not (a phrase for the bench's note).

    >>> print(find_navpil({"PATH": ""}))
    no JDK here (java and javac)
    """
    environ = dict(os.environ) if environ is None else environ
    search = environ.get("PATH", os.defpath)
    java, javac = shutil.which("java", path=search), shutil.which("javac", path=search)
    if java is None or javac is None:
        return "no JDK here (java and javac)"
    named = environ.get(CLASSES_VARIABLE, "")
    if not named:
        return f"${CLASSES_VARIABLE} does not name navpil's compiled classes"
    classes = Path(named)
    if not _has_loop(classes):
        return f"${CLASSES_VARIABLE} ({named}) holds no {LOOP_CLASS}"
    return Navpil(java=java, javac=javac, classes=classes)


def best_rate(report: str) -> float:
    """Games per CPU second of the driver's best round, from its report (a line ``GAMES CPU_SECONDS CUT FAILED`` a round).

    >>> best_rate("20000 2.5 0 0\\n20000 2.0 1 0\\n")
    10000.0
    """
    rates = [int(fields[0]) / float(fields[1]) for fields in (line.split() for line in report.splitlines() if line)]
    if not rates:
        raise ValueError("the Java driver reported no round")
    return max(rates)


@contextmanager
def java_driver(navpil: Navpil) -> Iterator[Callable[[Sequence[str], int], float]]:
    """The driver compiled against navpil's classes in a scratch directory: yields ``measure(args, games)``, the
    best games per CPU second of :data:`ROUNDS` rounds of ``games`` games of the rules ``args`` name."""
    with tempfile.TemporaryDirectory(prefix="gupai-bench-navpil-") as scratch:
        subprocess.run(
            [navpil.javac, "-nowarn", "-cp", str(navpil.classes), "-d", scratch, str(DRIVER)],
            check=True,
            capture_output=True,
            timeout=600,
        )
        classpath = os.pathsep.join([str(navpil.classes), scratch])

        def measure(args: Sequence[str], games: int) -> float:
            done = subprocess.run(
                [navpil.java, "-cp", classpath, "NavpilBench", *args, str(games), str(ROUNDS)],
                check=True,
                capture_output=True,
                text=True,
                timeout=1800,
            )
            return best_rate(done.stderr)

        yield measure
