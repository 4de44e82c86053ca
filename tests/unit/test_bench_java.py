"""``make bench``'s Java column: navpil's simulator measured when a JDK and navpil's classes are here, else recorded.

No Java is needed: the JDK's commands are stand-ins (shell scripts) that say what they were asked and what a
round cost, so the tests check the finding, the command lines and the reading of the driver's report.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from tools.bench_java import CLASSES_VARIABLE, DRIVER, LOOP_CLASS, ROUNDS, Navpil, best_rate, find_navpil, java_driver

from tests.extras import needs

#: A stand-in ``java``: its arguments to a file beside it, then two rounds' report on standard error.
JAVA = """#!/bin/sh
echo "$@" > "$(dirname "$0")/java.args"
printf '300 0.5 0\\n300 0.25 1\\n' >&2
"""
#: A stand-in ``javac``: its arguments to a file beside it.
JAVAC = """#!/bin/sh
echo "$@" > "$(dirname "$0")/javac.args"
"""


def jdk(tmp_path: Path) -> Path:
    """A directory holding stand-ins for ``java`` and ``javac``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("java", JAVA), ("javac", JAVAC)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def classes(tmp_path: Path) -> Path:
    """A directory shaped like navpil's compiled classes (its match loop's class file, empty)."""
    root = tmp_path / "classes"
    (root / LOOP_CLASS).parent.mkdir(parents=True)
    (root / LOOP_CLASS).write_bytes(b"")
    return root


def test_without_a_jdk_the_figures_stay_recorded(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    found = find_navpil({"PATH": str(empty), CLASSES_VARIABLE: str(classes(tmp_path))})
    assert found == "no JDK here (java and javac)"


def test_a_jdk_without_navpils_classes_says_which_variable_names_them(tmp_path: Path) -> None:
    path = str(jdk(tmp_path))
    assert find_navpil({"PATH": path}) == f"${CLASSES_VARIABLE} does not name navpil's compiled classes"
    nothing = tmp_path / "nothing"
    nothing.mkdir()
    found = find_navpil({"PATH": path, CLASSES_VARIABLE: str(nothing)})
    assert isinstance(found, str) and found.endswith(f"holds no {LOOP_CLASS}")
    empty_jar = tmp_path / "empty.jar"
    with zipfile.ZipFile(empty_jar, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
    assert isinstance(find_navpil({"PATH": path, CLASSES_VARIABLE: str(empty_jar)}), str)
    assert isinstance(find_navpil({"PATH": path, CLASSES_VARIABLE: str(tmp_path / "absent.jar")}), str)


def test_a_jdk_and_navpils_classes_are_found_as_a_directory_or_a_jar(tmp_path: Path) -> None:
    bin_dir = jdk(tmp_path)
    directory = classes(tmp_path)
    expected = Navpil(java=str(bin_dir / "java"), javac=str(bin_dir / "javac"), classes=directory)
    assert find_navpil({"PATH": str(bin_dir), CLASSES_VARIABLE: str(directory)}) == expected
    jar_path = tmp_path / "navpil.jar"
    with zipfile.ZipFile(jar_path, "w") as jar:
        jar.writestr(LOOP_CLASS, b"")
    found = find_navpil({"PATH": str(bin_dir), CLASSES_VARIABLE: str(jar_path)})
    assert isinstance(found, Navpil) and found.classes == jar_path


def test_the_driver_is_compiled_against_navpils_classes_and_its_best_round_counts(tmp_path: Path) -> None:
    bin_dir = jdk(tmp_path)
    found = find_navpil({"PATH": str(bin_dir), CLASSES_VARIABLE: str(classes(tmp_path))})
    assert isinstance(found, Navpil)
    with java_driver(found) as measure:
        rate = measure(("kap", "culin", "2", "1"), 300)
        javac = (bin_dir / "javac.args").read_text().split()
        scratch = javac[javac.index("-d") + 1]
        assert Path(scratch).is_dir()  # the bench's scratch directory, while the driver is in use
    assert rate == 1200.0  # 300 games in 0.25 CPU seconds, the better of the two rounds
    assert javac == ["-nowarn", "-cp", str(found.classes), "-d", scratch, str(DRIVER)]
    java = (bin_dir / "java.args").read_text().split()
    assert java == ["-cp", f"{found.classes}:{scratch}", "NavpilBench", "kap", "culin", "2", "1", "300", str(ROUNDS)]
    assert not Path(scratch).exists()  # removed after


def test_a_driver_that_reports_no_round_is_an_error() -> None:
    with pytest.raises(ValueError, match="no round"):
        best_rate("")
    assert best_rate("100 2 0\n\n100 0.5 3\n") == 200.0


#: navpil's Kap rule sets (KapShapRuleset: which discards are offered, and whether the player draws after a take)
#: as the kit's options take and turn.
NAVPIL_KAP = {
    "culin": {"take": "any", "turn": "take-and-draw"},  # Offer.ALL, takeAfterOffer
    "classic": {"take": "latest", "turn": "take-and-draw"},  # Offer.LAST, takeAfterOffer
    "gin": {"take": "latest", "turn": "take-or-draw"},  # Offer.LAST, no draw after a take
}


def test_each_rows_java_figure_plays_the_rows_rules() -> None:
    needs("fast")  # (tools.bench_fast's seeded-deal floor is numba's)
    from tools.bench_fast import ROWS

    for row in ROWS:
        simulation = row.simulation
        config = simulation.game_config()
        if row.java_args[0] == "kap":
            variant, players, sets = row.java_args[1], int(row.java_args[2]), int(row.java_args[3])
            assert (players, sets) == (config.players, config.sets), row.label
            options = simulation.options
            assert {key: options[key] for key in ("take", "turn")} == NAVPIL_KAP[variant], row.label
        else:
            assert row.java_args[0] == "tsung" and simulation.game == "tsung-shap", row.label
            assert simulation.preset == f"navpil-{row.java_args[1]}", row.label
