"""The shape of the package, as ratchets: layers, cycles, size, private names, rule literals, registries.

Each check compares what it finds in ``reference/gupai`` with a list of known
violations written out below. A NEW violation fails the test; so does a known
one that has gone, so that the lists can only shrink (delete the entry when
you remove the violation). Other helpers of issue 10 are removing the ones
listed today. ``python -m tests.unit.test_architecture`` prints what each check
finds now, in the form of the lists below.

The layer order (README, developers' guide): core < games < log < protocol <
conformance < cli; sim and render sit beside log and import core and games
only (sim may import log); nothing imports tools/ or tests/; the top-level
``gupai`` package (the curated API) may import any layer but cli, and only cli
may import it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "reference"
PACKAGE = ROOT / "gupai"
MAX_LINES = 500

#: The layers each layer may import (its own included).
ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset({"core"}),
    "games": frozenset({"core", "games"}),
    "log": frozenset({"core", "games", "log"}),
    "sim": frozenset({"core", "games", "log", "sim"}),
    "render": frozenset({"core", "games", "render"}),
    "protocol": frozenset({"core", "games", "log", "protocol"}),
    "conformance": frozenset({"core", "games", "log", "protocol", "conformance"}),
    "engine": frozenset({"core", "games", "log", "protocol", "conformance", "engine"}),
    "rl": frozenset({"core", "games", "rl"}),
    "api": frozenset({"core", "games", "log", "sim", "render", "protocol", "conformance", "engine", "api"}),
    "cli": frozenset({"core", "games", "log", "sim", "render", "protocol", "conformance", "engine", "api", "cli"}),
}

# ----------------------------------------------------------------- known violations (may only shrink)
#: Import cycles: each a set of modules that import one another.
KNOWN_CYCLES: set[frozenset[str]] = set()

#: Upward arrows: (importer, imported).
KNOWN_UPWARD: set[tuple[str, str]] = set()

#: Modules over MAX_LINES lines.
KNOWN_LONG: set[str] = set()

#: Private names reached across modules: (importer, "module._name").
KNOWN_PRIVATE: set[tuple[str, str]] = set()

#: Rule literals that belong in spec/: (check, module, the offending line stripped).
KNOWN_LITERALS: set[tuple[str, str, str]] = set()

#: Registration by import side effect: (module, the offending line stripped).
KNOWN_SIDE_EFFECTS: set[tuple[str, str]] = set()

# ----------------------------------------------------------------- intended exceptions (each with its reason)
#: Import side effects that are the contract, not a slip. ``gupai.rl``: importing it registers every
#: game with OpenSpiel by name, as OpenSpiel's own Python games do (issue 24 asks for exactly this); it
#: is the optional rl extra, imported by no other module of the package, and ``register`` is idempotent.
INTENDED_SIDE_EFFECTS: frozenset[tuple[str, str]] = frozenset({("gupai.rl", "register()")})

#: Upward imports made lazily, inside a function, that are the API's contract: left out of the graph (layers,
#: cycles), and :func:`test_the_intended_lazy_imports_stay_lazy` checks each is only ever made inside a function.
#: None today: records live in gupai.log (issue 34), and a state knows no log format.
INTENDED_LAZY: frozenset[tuple[str, str]] = frozenset()


# ----------------------------------------------------------------- reading the package
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package is its ``__init__``)."""
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@cache
def tree(name: str) -> ast.Module:
    path = modules()[name]
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def layer(name: str) -> str:
    """The layer of a module of the package: its first subpackage, ``api`` for ``gupai`` itself."""
    parts = name.split(".")
    return "api" if len(parts) == 1 else parts[1]


def _is_package(name: str) -> bool:
    return modules()[name].name == "__init__.py"


def _absolute(name: str, node: ast.ImportFrom) -> str:
    """The absolute module an ``import from`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = name.split(".")
    if not _is_package(name):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _owner(dotted: str) -> str | None:
    """The package module that defines ``dotted`` (the longest existing prefix)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules():
            return candidate
    return None


def imports(name: str) -> Iterator[tuple[str, str | None, ast.stmt]]:
    """(imported dotted target, imported name or None, node) for every import of a module, lazy ones too."""
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            for alias in node.names:
                yield source, alias.name, node


def edges(name: str) -> set[str]:
    """The package modules a module imports (``from pkg import submodule`` names the submodule)."""
    found: set[str] = set()
    for source, imported, _ in imports(name):
        target = f"{source}.{imported}" if imported and f"{source}.{imported}" in modules() else source
        owner = _owner(target)
        if owner and owner != name and (name, owner) not in INTENDED_LAZY:
            found.add(owner)
    return found


def _module_level_imports(name: str) -> set[str]:
    """The package modules a module imports when it is imported (not inside a function)."""
    found: set[str] = set()
    stack: list[ast.AST] = [tree(name)]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            found.update(_owner(alias.name) or "" for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            for alias in node.names:
                target = f"{source}.{alias.name}"
                found.add(_owner(target if target in modules() else source) or "")
        stack.extend(ast.iter_child_nodes(node))
    return found - {""}


def foreign_imports(name: str) -> set[str]:
    """Imports of tools/ or tests/ (not shipped: the package must not need them)."""
    return {source for source, _, _ in imports(name) if source.split(".")[0] in ("tools", "tests")}


# ----------------------------------------------------------------- the findings
def cycles() -> set[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    graph = {name: edges(name) for name in modules()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def _ancestors(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}


def upward() -> set[tuple[str, str]]:
    """Imports against the layer order. Importing one's own parent packages is not counted."""
    return {
        (name, target)
        for name in modules()
        for target in edges(name)
        if layer(target) not in ALLOWED[layer(name)] and target not in _ancestors(name)
    }


def long_modules() -> set[str]:
    return {name for name, path in modules().items() if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES}


def _private(attr: str) -> bool:
    return attr.startswith("_") and not attr.startswith("__")


def private_reaches() -> set[tuple[str, str]]:
    """``from X import _y`` across modules, and ``module._y`` on an imported package module."""
    found: set[tuple[str, str]] = set()
    for name in modules():
        aliases: dict[str, str] = {}  # local name -> package module bound to it
        for source, imported, node in imports(name):
            if imported is None:
                for alias in node.names:  # type: ignore[attr-defined]
                    if alias.name == source and _owner(source) == source and alias.asname:
                        aliases[alias.asname] = source
                continue
            owner = _owner(source)
            if owner is None or owner == name:
                continue
            if _private(imported):
                found.add((name, f"{owner}.{imported}"))
            if f"{source}.{imported}" in modules():
                local = next(a.asname or a.name for a in node.names if a.name == imported)  # type: ignore[attr-defined]
                aliases[local] = f"{source}.{imported}"
        for sub in ast.walk(tree(name)):
            if (
                isinstance(sub, ast.Attribute)
                and isinstance(sub.value, ast.Name)
                and sub.value.id in aliases
                and _private(sub.attr)
                and aliases[sub.value.id] != name
            ):
                found.add((name, f"{aliases[sub.value.id]}.{sub.attr}"))
    return found


#: Literals of rules that spec/ must hold: (check, layers searched, view, pattern). The ``code`` view blanks
#: string literals; the ``text`` view keeps them. Comments and docstrings are never searched.
LITERAL_CHECKS: tuple[tuple[str, frozenset[str], str, re.Pattern[str]], ...] = (
    ("sweep-40", frozenset({"games", "log", "protocol", "conformance"}), "code", re.compile(r"\b40\b")),
    (
        "pair-score",
        frozenset({"games", "log", "protocol", "conformance"}),
        "code",
        re.compile(r"\b50 if\b|\b20 \* \w"),
    ),
    ("set-size-32", frozenset({"core", "games", "log", "protocol", "conformance"}), "code", re.compile(r"\b32\b")),
    ("wall-height", frozenset(ALLOWED), "code", re.compile(r"\b4 if\b.*\belse 5\b|\b5 if\b.*\belse 4\b")),
    ("four-dice", frozenset(ALLOWED), "code", re.compile(r"\brange\(4\)")),
    ("rule-id-prefix", frozenset(ALLOWED), "text", re.compile(r"""(["'])(ks|kts|ts)\1""")),
    ("equipment-rule", frozenset(ALLOWED), "text", re.compile(r"""equipment\.sets?["']""")),
    (
        "game-id-branch",
        frozenset(ALLOWED),
        "text",
        re.compile(r"""(==|!=)\s*["']kap-(tai-)?shap["']|["']kap-(tai-)?shap["']\s*(==|!=)"""),
    ),
)


def _docstring_lines(module: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            first = body[0] if body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


#: A string literal on one line (prefixes included), for the ``code`` view.
_STRING = re.compile(r"""[rbfuRBFU]{0,2}("|')(?:\\.|(?!\1).)*\1""")


@cache
def views(name: str) -> dict[int, tuple[str, str]]:
    """Line number -> (its code, strings blanked; its text as written), comments and docstrings left out."""
    source = modules()[name].read_text(encoding="utf-8")
    raw = source.splitlines()
    skip = _docstring_lines(tree(name))
    text: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        line = token.start[0]
        if line in skip or token.type in (
            tokenize.NL,
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.ENDMARKER,
        ):
            continue
        if token.type == tokenize.COMMENT:
            text[line] = raw[line - 1][: token.start[1]]
        else:
            text.setdefault(line, raw[line - 1])
    return {line: (_STRING.sub("S", written), written) for line, written in text.items()}


def _stripped(name: str, line: int) -> str:
    return modules()[name].read_text(encoding="utf-8").splitlines()[line - 1].strip()


def rule_literals() -> set[tuple[str, str, str]]:
    found: set[tuple[str, str, str]] = set()
    for name in modules():
        for check, layers, view, pattern in LITERAL_CHECKS:
            if layer(name) not in layers:
                continue
            for line, (code, text) in views(name).items():
                if pattern.search(code if view == "code" else text):
                    found.add((check, name, _stripped(name, line)))
    return found


def side_effect_registrations() -> set[tuple[str, str]]:
    """Module-level writes into another module's object: ``X[k] = v``, ``X.a = v``, ``X.register(...)``, ``@register``."""
    found: set[tuple[str, str]] = set()
    mutators = {"update", "append", "extend", "setdefault", "add", "insert"}
    for name in modules():
        module = tree(name)
        imported: set[str] = set()
        for node in module.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                imported.update((a.asname or a.name).split(".")[0] for a in node.names)

        def base(expr: ast.expr) -> str | None:
            while isinstance(expr, ast.Attribute | ast.Subscript):
                expr = expr.value
            return expr.id if isinstance(expr, ast.Name) else None

        for node in module.body:
            hit = False
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                hit = any(isinstance(t, ast.Subscript | ast.Attribute) and base(t) in imported for t in targets)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                func = node.value.func
                hit = (
                    isinstance(func, ast.Attribute)
                    and base(func) in imported
                    and (func.attr in mutators or "register" in func.attr)
                )
                hit = hit or (isinstance(func, ast.Name) and func.id in imported and "register" in func.id)
            elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                for decorator in node.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    label = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                    hit = hit or ("register" in label and base(target) in imported)
            if hit:
                found.add((name, _stripped(name, node.lineno)))
    return found


# ----------------------------------------------------------------- the ratchets
def _ratchet(found: set[object], known: set[object], what: str) -> None:
    new = sorted(map(repr, found - known))
    gone = sorted(map(repr, known - found))
    assert not new, f"new {what} (fix them; do not add them to the known list):\n  " + "\n  ".join(new)
    assert not gone, f"{what} no longer found: delete them from the known list in {__name__}:\n  " + "\n  ".join(gone)


def test_the_package_is_read() -> None:
    names = set(modules())
    assert {"gupai", "gupai.core", "gupai.games", "gupai.log", "gupai.protocol", "gupai.conformance"} <= names
    assert all(layer(name) in ALLOWED for name in names), sorted(n for n in names if layer(n) not in ALLOWED)


def test_the_import_graph_has_no_new_cycle() -> None:
    _ratchet(cycles(), KNOWN_CYCLES, "import cycles")  # type: ignore[arg-type]


def test_imports_go_down_the_layers() -> None:
    _ratchet(upward(), KNOWN_UPWARD, "upward imports")  # type: ignore[arg-type]


def test_nothing_imports_tools_or_tests() -> None:
    assert {name: found for name in modules() if (found := foreign_imports(name))} == {}


def test_no_module_is_over_500_lines() -> None:
    _ratchet(long_modules(), KNOWN_LONG, f"modules over {MAX_LINES} lines")  # type: ignore[arg-type]


def test_no_private_name_crosses_a_module_line() -> None:
    _ratchet(private_reaches(), KNOWN_PRIVATE, "private names used across modules")  # type: ignore[arg-type]


def test_rule_literals_live_in_spec_not_in_python() -> None:
    _ratchet(rule_literals(), KNOWN_LITERALS, "rule literals in Python")  # type: ignore[arg-type]


def test_no_registration_by_import_side_effect() -> None:
    found = side_effect_registrations() - INTENDED_SIDE_EFFECTS
    _ratchet(found, KNOWN_SIDE_EFFECTS, "registrations by import side effect")  # type: ignore[arg-type]


def test_the_intended_lazy_imports_stay_lazy() -> None:
    for importer, imported in INTENDED_LAZY:
        made = {_owner(f"{s}.{i}" if i and f"{s}.{i}" in modules() else s) for s, i, _ in imports(importer)}
        assert imported in made, f"{importer} no longer imports {imported}: delete it from INTENDED_LAZY"
        assert imported not in _module_level_imports(importer), f"{importer} imports {imported} when imported"
    assert "gupai.core.spec" in _module_level_imports("gupai.games.base")  # the walk sees module-level imports


def test_the_games_know_no_log_format() -> None:
    """No module of gupai.games imports gupai.log, even inside a function (issue 34: records live beside the game,
    as ``chess.pgn`` beside ``chess``; ``gupai.to_log(state)``, not ``state.to_log()``)."""
    found = {
        (name, owner)
        for name in modules()
        if layer(name) == "games"
        for source, imported, _ in imports(name)
        if (owner := _owner(f"{source}.{imported}" if imported else source) or "") and layer(owner) == "log"
    }
    assert found == set()
    assert ("gupai.games.handling", "gupai.log.write") not in INTENDED_LAZY


def test_the_intended_side_effects_are_found_and_imported_by_no_other_module() -> None:
    assert side_effect_registrations() >= INTENDED_SIDE_EFFECTS  # the check sees them: an exception, not a blind spot
    owners = {module for module, _ in INTENDED_SIDE_EFFECTS}
    importers = {(name, owner) for name in modules() for owner in owners if owner in edges(name)}
    assert {(name, owner) for name, owner in importers if not name.startswith(owner + ".")} == set()


# ----------------------------------------------------------------- the checks check
def test_the_literal_patterns_catch_what_they_name_and_skip_prose() -> None:
    samples = {
        "sweep-40": "SWEEP_POINTS = 40",
        "pair-score": "points = tuple(50 if fifty else 20 * v for v in values)",
        "set-size-32": "if dealt >= 32 * sets:",
        "wall-height": "height = 4 if config.spec.id == 'kap-shap' else 5",
        "four-dice": "dice = tuple(rng.randint(1, 6) for _ in range(4))",
        "rule-id-prefix": 'prefix = "ks" if game == "kap-shap" else "kts"',
        "equipment-rule": 'rule = "equipment.set"',
        "game-id-branch": 'if config.spec.id == "kap-tai-shap":',
    }
    for check, _, view, pattern in LITERAL_CHECKS:
        text = samples[check]
        code = _STRING.sub("S", text)
        assert pattern.search(code if view == "code" else text), check
    assert not LITERAL_CHECKS[0][3].search("raise Error(S)")  # a 40 inside a message is text, not code


def test_relative_imports_resolve_and_private_imports_are_caught() -> None:
    node = ast.parse("from ..core import tiles").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert _absolute("gupai.log.validate", node) == "gupai.core"
    assert _absolute("gupai.log", node) == "gupai.core"  # in a package's __init__, level 1 is the package itself
    assert _owner("gupai.core.tiles.Tile") == "gupai.core.tiles"


def _print_findings() -> None:  # pragma: no cover - a developer's aid
    for title, found in (
        ("KNOWN_CYCLES", sorted(sorted(c) for c in cycles())),
        ("KNOWN_UPWARD", sorted(upward())),
        ("KNOWN_LONG", sorted(long_modules())),
        ("KNOWN_PRIVATE", sorted(private_reaches())),
        ("KNOWN_LITERALS", sorted(rule_literals())),
        ("KNOWN_SIDE_EFFECTS", sorted(side_effect_registrations())),
    ):
        print(f"{title}:")
        for item in found:
            print(f"    {item!r},")


if __name__ == "__main__":  # pragma: no cover
    _print_findings()
