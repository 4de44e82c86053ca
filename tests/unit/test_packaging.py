"""The package's metadata: a light core, the fast path an extra, one version, the licence and tests shipped.

``pip install gupai`` carries the validator, the harness, the engine and the
reference simulator; numba (the fast path) is the extra ``fast``. The
version is written once, in ``gupai/__init__.py``, and read from there by the
build (hatch) and by the package (``gupai.__version__``).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import gupai

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
PACKAGE = ROOT / "reference" / "gupai"


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


def test_the_core_needs_no_numba() -> None:
    """numba is the extra ``fast``. The two schema validators both stay in the core, each for what it does best:

    ============================================  ============  ==========
    (measured here, CPU time)                      jsonschema-rs  jsonschema
    ============================================  ============  ==========
    is this log valid? (400 logs, per log)           25 us         9.6 ms
    the first 1,000 errors of a log with 100,000     2.6 s, 600 MB  0.09 s, 0 MB
    ============================================  ============  ==========

    (jsonschema-rs builds every error before handing out the first.)
    """
    core = _names(PROJECT["dependencies"])
    assert "numba" not in core and "llvmlite" not in core
    assert {"jsonschema", "jsonschema-rs"} <= core
    assert "numba" in _names(PROJECT["optional-dependencies"]["fast"])


def test_numpy_comes_with_the_extras_that_use_it_not_with_the_core() -> None:
    """numpy (some 70 MB) is used by the fast path (its result arrays, counted by the tallies' bulk methods),
    gupai.rl and the tests' oracle; the core's commands play, count and check without it."""
    extras = PROJECT["optional-dependencies"]
    assert "numpy" not in _names(PROJECT["dependencies"])
    assert all("numpy" in _names(extras[extra]) for extra in ("fast", "rl", "test"))


def test_only_the_fast_paths_kernels_import_numba() -> None:
    """numba is imported by the kernel modules alone, which only the fast path's runners import."""
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            if any(m == "numba" or m.startswith("numba.") for m in modules):
                importers.add(path.relative_to(PACKAGE).as_posix())
    kernels = {
        "sim/fast/kap_kernel.py",
        "sim/fast/kap_planner.py",
        "sim/fast/navpil_kernel.py",
        "sim/fast/tsung_kernel.py",
        "sim/fast/mt.py",
    }
    assert importers == kernels | {"sim/fast/__init__.py"}  # __init__: fast_available(), inside the function
    kernel_modules = {Path(name).stem for name in kernels}
    importing_kernels = set()
    for path in PACKAGE.rglob("*.py"):
        for module, names in re.findall(
            r"^\s*from gupai\.sim\.fast(?:\.(\w+))? import (.+)$", path.read_text(encoding="utf-8"), re.M
        ):
            imported = {module} if module else {name.split(" as ")[0].strip() for name in names.split(",")}
            if imported & kernel_modules:
                importing_kernels.add(path.relative_to(PACKAGE).as_posix())
    # the kernels themselves, and the two runners, which fast_runner imports only once fast_available()
    assert importing_kernels == {
        "sim/fast/kap.py",
        "sim/fast/tsung.py",
        "sim/fast/kap_kernel.py",
        "sim/fast/tsung_kernel.py",
    }


def test_the_version_is_written_once_and_read_by_the_build() -> None:
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    source = PYPROJECT["tool"]["hatch"]["version"]["path"]
    assert source == "reference/gupai/__init__.py"
    written = re.findall(r'^__version__ = "([^"]+)"$', (ROOT / source).read_text(encoding="utf-8"), flags=re.M)
    assert written == [gupai.__version__]
    others = [
        path
        for path in PACKAGE.rglob("*.py")
        if path.name != "__init__.py" and re.search(r"^__version__ = ", path.read_text(encoding="utf-8"), flags=re.M)
    ]
    assert others == []


def test_the_licence_is_mit_and_shipped_with_the_tests() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Permission is hereby granted, free of charge" in licence
    assert PROJECT["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]
    assert PROJECT["authors"]
    shipped = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {"LICENSE", "tests", "README.md", "reference/gupai", "spec", "schemas"} <= set(shipped)


README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_a_package_index_shows_has_no_relative_link() -> None:
    """The README is the long description: a relative link (docs/...) is broken on a package index."""
    targets = re.findall(r"\]\(([^)\s]+)\)", README) + re.findall(r"""(?:src|href)=["']([^"']+)""", README)
    assert [target for target in targets if not target.startswith(("https://", "http://", "#"))] == []


def test_the_readme_lists_every_extra_and_every_core_dependency() -> None:
    for extra in PROJECT["optional-dependencies"]:
        assert f"pip install 'gupai[{extra}]'" in README, extra
    core = README.split("The core is light (", 1)[1].split(")", 1)[0].lower()
    for name in _names(PROJECT["dependencies"]):
        assert name in core, name


def test_no_metadata_field_is_left_empty() -> None:
    """An author without an email has no email key (not an empty one); project URLs, where given, are absolute."""
    for author in PROJECT["authors"]:
        assert all(str(value).strip() for value in author.values()), author
    for url in PROJECT.get("urls", {}).values():
        assert url.startswith("https://"), url
