"""The command line starts without the heavy modules: ``--help``, ``--version`` and completion.

Each check runs in a fresh interpreter and asserts which modules it loaded
(``sys.modules``), not how long it took: the timings are ``make bench``'s.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from gupai.cli import main
from gupai.core.resources import data_dir

#: Modules the start of the command line must not import (each costs a tenth of a second or more).
HEAVY = ("numpy", "numba", "jsonschema", "jsonschema_rs", "msgspec", "yaml", "rich", "gupai.games", "gupai.log")

_PROBE = """
import json, os, sys
from gupai.cli import main
from gupai.core.resources import data_dir
try:
    main(sys.argv[1:], prog_name="gupai")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules(args: list[str], env: dict[str, str] | None = None) -> tuple[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )
    *_, last = done.stderr.strip().splitlines()
    return done.stdout, json.loads(last)


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"]])
def test_help_and_version_import_nothing_heavy(args: list[str]) -> None:
    out, modules = _modules(args)
    assert "gupai" in out
    assert _heavy(modules) == []


@pytest.mark.parametrize(
    ("words", "cword", "expected"),
    [("gupai s", "1", ["show", "simulate"]), ("gupai pr", "1", ["presets"]), ("gupai ", "1", ["compare", "validate"])],
)
def test_completing_a_command_name_imports_nothing_heavy(words: str, cword: str, expected: list[str]) -> None:
    env = {"_GUPAI_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": cword}
    out, modules = _modules([], env)
    names = [line.split(",", 1)[1] for line in out.splitlines()]
    assert set(expected) <= set(names)
    assert _heavy(modules) == []


def test_import_gupai_imports_nothing_heavy() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys, gupai; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert _heavy(json.loads(done.stdout)) == []


def test_every_public_name_is_lazy_and_resolves() -> None:
    """The front door (``_FRONT``) is ``__all__``; it and the older names (``_MORE``) each resolve, and each is
    in the ``TYPE_CHECKING`` imports that type checkers read."""
    import gupai

    front: dict[str, str] = gupai._FRONT
    more: dict[str, str] = gupai._MORE
    assert set(front) | {"__version__"} == set(gupai.__all__)
    assert not set(front) & set(more)
    source = (Path(gupai.__file__)).read_text(encoding="utf-8")
    for name, where in {**front, **more}.items():
        module, _, attribute = where.partition(":")
        attribute = attribute or name
        assert f"from {module} import" in source, f"{name}: {module} not in the TYPE_CHECKING imports"
        assert attribute in source, f"{name}: not in the TYPE_CHECKING imports"
        assert getattr(gupai, name) is getattr(importlib.import_module(module), attribute)


def test_a_public_name_is_imported_on_first_use() -> None:
    import gupai

    assert str(gupai.Tile.parse("4-6")) == "6-4"
    assert "load_game" in dir(gupai)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        gupai.nothing_here  # noqa: B018


@pytest.mark.parametrize("limit", [30, 45, 62, 200])
def test_each_listed_short_help_is_the_commands_own(limit: int) -> None:
    """The table's one-line help, shown without importing a command, says what the command's docstring says."""
    ctx = click.Context(main)
    assert set(main.lazy_commands) == set(main.list_commands(ctx))
    for name, entry in main.lazy_commands.items():
        command = entry.load()
        assert command.name == name
        assert click.Command(None, help=entry.short_help).get_short_help_str(limit) == command.get_short_help_str(
            limit
        ), name


def test_a_short_simulation_loads_no_numba() -> None:
    """The default engine (auto) plays a few games on the reference engine: no compiled kernels to load."""
    out, modules = _modules(["simulate", "kap-shap", "-n", "1", "--jobs", "1", "--json"])
    assert json.loads(out)["games"] == 1
    assert not [m for m in modules if m == "numba" or m.startswith("numba.")]


def test_validating_in_one_process_loads_neither_yaml_nor_a_process_pool(tmp_path: Path) -> None:
    """One process needs no worker pool; the spec's parse comes from the cache (gupai.core.specfiles)."""
    log = sorted((data_dir("conformance") / "kap-shap" / "valid").glob("*.json"))[0]
    env = {"GUPAI_CACHE_DIR": str(tmp_path)}
    _modules(["validate", str(log)], env)  # fills the cache
    _out, modules = _modules(["validate", str(log)], env)
    assert "gupai.log.read" in modules  # it did validate
    loaded = [m for m in modules if m.split(".")[0] in ("yaml", "multiprocessing", "concurrent", "distributed")]
    assert loaded == []
