"""``pip install 'gupai[test]'`` collects every test: what needs another extra skips, naming it.

The independent truth is the source itself: every module the tests collect
that imports an extra's module at its top either says ``needs(extra)`` first
or is left out of the collection when the extra is absent (the root
``conftest.py``, which the sdist ships).
"""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path

import pytest

from conftest import NEEDING
from tests.extras import EXTRAS, reason

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: Each extra's modules, by the top-level name a module imports.
OWNER = {module: extra for extra, modules in EXTRAS.items() for module in modules} | {
    "open_spiel": "rl",
    "dask": "cluster",
    "mkdocs_material": "docs",
}


def _top_level_extras(path: Path) -> tuple[set[str], set[str]]:
    """The extras ``path`` imports at its top (outside functions, before any ``needs``), and those it ``needs``."""
    imported: set[str] = set()
    needed: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            call = node.value
            if getattr(call.func, "id", None) == "needs" and call.args and isinstance(call.args[0], ast.Constant):
                needed.add(str(call.args[0].value))
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        for name in names:
            extra = OWNER.get(name.split(".")[0])
            if extra is not None and extra not in needed:
                imported.add(extra)
    return imported, needed


def _collected() -> list[Path]:
    return sorted(
        path
        for folder in PYPROJECT["tool"]["pytest"]["ini_options"]["testpaths"]
        for path in (ROOT / folder).rglob("*.py")
        if "fakes" not in path.parts and "__pycache__" not in path.parts
    )


def _ignored(path: Path, extra: str) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(fnmatch.fnmatch(relative, pattern) for pattern in NEEDING.get(extra, []))


def test_every_extra_the_tests_name_is_one_of_the_package() -> None:
    assert set(EXTRAS) <= set(PYPROJECT["project"]["optional-dependencies"])


def test_a_module_importing_an_extra_at_its_top_needs_it_first_or_is_left_out_without_it() -> None:
    unguarded = []
    for path in _collected():
        imported, _ = _top_level_extras(path)
        unguarded += [f"{path.relative_to(ROOT)}: {extra}" for extra in imported if not _ignored(path, extra)]
    assert unguarded == []


def test_the_guard_sees_an_unguarded_import(tmp_path: Path) -> None:
    module = tmp_path / "test_x.py"
    module.write_text(
        "import numba\nfrom tests.extras import needs\nneeds('docs')\nimport markdown\n", encoding="utf-8"
    )
    assert _top_level_extras(module) == ({"fast"}, {"docs"})


def test_the_root_conftest_that_leaves_them_out_is_in_the_sdist() -> None:
    include = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert "conftest.py" in include and "tests" in include


def test_a_skip_names_the_extra_and_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(EXTRAS, "fast", ("no_such_module_here",))
    assert reason("fast") == "needs the extra 'fast' (pip install 'gupai[fast]'): no module no_such_module_here"
