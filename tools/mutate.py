"""``make mutate``: mutation testing of the rule modules with mutmut, each module against the tests that cover it.

Each module of :data:`MODULES` is mutated by mutmut (3.x) in a staging copy of
the repository of its own (``.mutate/<module>/``: the package under ``src/``,
which mutmut puts on the path, and the data, tests and tools beside it), and
its mutants run against the module's test files and its own doctests only
(mutmut then runs, of those, the tests that reach the mutated function). Two modules run at a time
(``--jobs``), each as one process under ``nice``. The report gives, per
module, the mutants killed, survived, timed out and not reached by a test,
leaving out the ones ``tests/mutation/equivalent.txt`` lists as equivalent
(each with its reason), and the score: killed (timeouts included) of the
non-equivalent mutants tested (``n/r``: not run, as when a run was stopped). A survivor is shown with ``mutmut show NAME`` run in
its module's staging folder.

``python -m tools.mutate`` runs every module (long: tens of minutes on two
cores); ``python -m tools.mutate games/kap/deal_check.py log/validate.py``
the modules named; ``--list`` prints the map of modules to tests;
``--report`` reprints the last run's report without running anything.

>>> sorted(MODULES)[:2]
['conformance/attribution.py', 'core/faces.py']
>>> parse_equivalent("games/match.py  gupai.games.match.x_f__mutmut_1  the same value either way")
{('games/match.py', 'gupai.games.match.x_f__mutmut_1'): 'the same value either way'}
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

__all__ = ["MODULES", "STATUSES", "parse_equivalent", "report", "run_module"]

ROOT = Path(__file__).resolve().parents[1]
STAGE = ROOT / ".mutate"
EQUIVALENT = ROOT / "tests" / "mutation" / "equivalent.txt"

_CORE = ("tests/unit/test_tiles.py", "tests/unit/test_faces.py", "tests/unit/test_hands.py", "tests/unit/test_pairs.py")
# Kap Shap and Kap Tai Shap: the rule tests (scenarios, corpus, the validator's and protocol's units) every Kap module
# runs, and per module the unit tests written for it; test_engine_kap.py's whole games (seconds each, and every
# mutant of the engine reaches them) only where they hold what no faster test does.
_KAP_RULES = (
    "tests/scenarios/test_features.py",
    "tests/integration/test_conformance_corpus.py",
    "tests/unit/test_validate.py",
    "tests/unit/test_validate_paths.py",
    "tests/unit/test_protocol.py",
    "tests/unit/test_split_faults.py",
    "tests/unit/test_kap_refusals.py",
    "tests/unit/test_games.py",
)
_TSUNG_CORPUS = "tests/integration/test_tsung_corpus.py::"
_KAP = (*_KAP_RULES, "tests/unit/test_engine_kap.py")
_KAP_DEAL = (*_KAP_RULES, "tests/unit/test_deal_checks.py", "tests/unit/test_deal_position.py")
_TSUNG = (
    "tests/unit/test_tsung.py",
    "tests/unit/test_tsung_explanations.py",
    "tests/unit/test_tsung_capture_explanations.py",
    "tests/unit/test_protocol.py",
    "tests/scenarios/test_features.py",
    # the corpus made and judged in-process (its `python -m tools.corpus_tsung` test runs the installed package,
    # not the staged mutant, and fails where the checkout's corpus differs from the installed one's)
    f"{_TSUNG_CORPUS}test_the_files_on_disk_are_what_the_generator_makes",
    f"{_TSUNG_CORPUS}test_every_rule_has_an_invalid_log_and_every_preset_a_valid_one",
    f"{_TSUNG_CORPUS}test_the_validator_judges_the_corpus_as_named",
)
_VALIDATOR = (
    "tests/unit/test_validate.py",
    "tests/unit/test_validate_paths.py",
    "tests/unit/test_schema_errors.py",
    "tests/integration/test_validate_notes.py",  # log_notes: a retired reading noted
    "tests/integration/test_conformance_corpus.py",
    "tests/integration/test_tsung_corpus.py",
)

#: The rule modules (paths under ``gupai/``) and the test files that cover each.
MODULES: dict[str, tuple[str, ...]] = {
    "core/tiles.py": _CORE,
    "core/faces.py": _CORE,
    "core/hands.py": (*_CORE, "tests/scenarios/test_features.py"),
    "core/pairs.py": (*_CORE, "tests/scenarios/test_features.py"),
    "core/options.py": (
        "tests/unit/test_options.py",
        "tests/unit/test_spec.py",
        "tests/unit/test_tsung.py",
        "tests/unit/test_engine_kap.py",
        "tests/unit/test_cli_resolves_once.py",
        "tests/integration/test_contract.py",  # the format-1 readings of a log's options
    ),
    "games/kap/actions.py": _KAP,
    "games/kap/config.py": (*_KAP, "tests/unit/test_kap_config.py"),
    "games/kap/deal.py": (*_KAP_DEAL, "tests/unit/test_engine_kap.py", "tests/unit/test_kap_deal.py"),
    "games/kap/deal_check.py": _KAP_DEAL,
    # evaluate_hand is called by no rule test (the protocol's evaluate_hand answers through the evaluator itself)
    "games/kap/hand.py": ("tests/unit/test_hand_report.py",),
    "games/kap/quick.py": (*_KAP, "tests/property/test_quick_path.py"),
    "games/kap/replay.py": _KAP,
    "games/kap/splits.py": _KAP_RULES,  # test_split_faults holds the split checks; no whole game needed
    "games/kap/state.py": _KAP_RULES,
    "games/tsung/actions.py": _TSUNG,
    "games/tsung/captures.py": _TSUNG,
    "games/tsung/config.py": _TSUNG,
    "games/tsung/deal.py": _TSUNG,
    "games/tsung/legality.py": _TSUNG,
    "games/tsung/mismatch.py": (*_TSUNG, "tests/unit/test_tsung_mismatch.py", "tests/unit/test_tsung_replay.py"),
    "games/tsung/replay.py": (*_TSUNG, "tests/unit/test_tsung_replay.py"),
    "games/tsung/state.py": _TSUNG,
    "games/match.py": ("tests/unit/test_match.py", "tests/unit/test_deal_checks.py", *_VALIDATOR),
    "log/validate.py": _VALIDATOR,
    # (tests/integration/test_attribution.py runs whole conformance runs of fake engines: minutes a mutant)
    "conformance/attribution.py": ("tests/unit/test_attribution_tables.py",),
}

#: mutmut's verdicts as this report counts them.
STATUSES = ("killed", "survived", "timeout", "no tests", "other")

#: Beside the package: what the tests read (data, fixtures, the corpus generators, the sources some tests read as text).
_BESIDE = ("spec", "schemas", "features", "conformance", "tools", "tests", "conftest.py", "reference")


def parse_equivalent(text: str) -> dict[tuple[str, str], str]:
    """The equivalent mutants a file lists: ``module  mutant  reason`` a line (``#`` starts a comment)."""
    found = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            module, name, reason = line.split(maxsplit=2)
            found[module, name] = reason
    return found


def _stage(module: str) -> Path:
    return STAGE / module.removesuffix(".py").replace("/", ".")


def _config(module: str, tests: Sequence[str]) -> str:
    def toml_list(items: Iterable[str]) -> str:
        return "[" + ", ".join(json.dumps(item) for item in items) + "]"

    args = [
        "-p",
        "no:randomly",
        "-p",
        "no:xdist",
        "-p",
        "no:cacheprovider",
        "-m",
        "not slow",
        "-q",
        "--doctest-modules",
    ]
    return (
        "[tool.mutmut]\n"
        'source_paths = ["src/gupai"]\n'
        f"only_mutate = {toml_list([f'src/gupai/{module}'])}\n"
        f"also_copy = {toml_list(_BESIDE)}\n"
        f"pytest_add_cli_args = {toml_list(args)}\n"
        f"pytest_add_cli_args_test_selection = {toml_list([*tests, f'src/gupai/{module}'])}\n"  # and its doctests
        "\n[tool.pytest.ini_options]\n"
        'addopts = "--strict-markers"\n'
        'bdd_features_base_dir = "features"\n'
        'markers = ["slow: one of the slowest tests"]\n'
    )


def run_module(module: str, *, children: int = 1) -> Path:
    """Mutate ``module`` (a path under ``gupai/``) in a fresh staging folder and run its mutants; the folder."""
    stage = _stage(module)
    if stage.exists():
        shutil.rmtree(stage)
    (stage / "src").mkdir(parents=True)
    shutil.copytree(ROOT / "reference" / "gupai", stage / "src" / "gupai", ignore=shutil.ignore_patterns("__pycache__"))
    for name in _BESIDE:
        (stage / name).symlink_to(ROOT / name)
    (stage / "pyproject.toml").write_text(_config(module, MODULES[module]), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the staged copy, not the checkout
    env["PYTHONHASHSEED"] = "0"
    mutmut = Path(sys.executable).with_name("mutmut")
    command = ["nice", "-n", "10", str(mutmut), "run", "--max-children", str(children)]
    with (stage / "mutmut.log").open("wb") as log:
        subprocess.run(command, cwd=stage, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    return stage


def _verdicts(module: str) -> dict[str, str]:
    """Each mutant of ``module``'s last run and mutmut's verdict on it."""
    from mutmut.stats import status_by_exit_code

    meta = _stage(module) / "mutants" / "src" / "gupai" / f"{module}.meta"
    if not meta.is_file():
        return {}
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    verdicts = {}
    for name, code in codes.items():
        status = status_by_exit_code[code]
        verdicts[name] = status if status in STATUSES else "other"
    return verdicts


def report(modules: Iterable[str], equivalent: dict[tuple[str, str], str]) -> tuple[str, dict[str, dict[str, int]]]:
    """The per-module table (and its figures) of the modules' last runs, equivalent mutants left out."""
    rows = [
        f"{'module':<28} {'mutants':>7} {'equiv':>5} {'killed':>6} {'surv':>5} {'t/o':>4} {'none':>4} {'n/r':>4}  score"
    ]
    figures: dict[str, dict[str, int]] = {}
    total: Counter[str] = Counter()
    survivors = []
    for module in modules:
        verdicts = _verdicts(module)
        if not verdicts:
            rows.append(f"{module:<28} not run")
            continue
        equal = {name for name in verdicts if (module, name) in equivalent}
        counts = Counter(status for name, status in verdicts.items() if name not in equal)
        counts["mutants"], counts["equivalent"] = len(verdicts), len(equal)
        figures[module] = dict(counts)
        total.update(counts)
        survivors += [
            f"  {module}: {name}"
            for name, status in sorted(verdicts.items())
            if status == "survived" and name not in equal
        ]
        rows.append(_row(module, counts))
    rows.append(_row("all", total))
    text = "\n".join(rows)
    if survivors:
        text += "\n\nSurvivors (mutmut show NAME, in .mutate/<module>/):\n" + "\n".join(survivors)
    return text, figures


def _row(name: str, counts: Counter[str]) -> str:
    tested = counts["killed"] + counts["timeout"] + counts["survived"]
    score = f"{100 * (counts['killed'] + counts['timeout']) / tested:5.1f}%" if tested else "    -"
    return (
        f"{name:<28} {counts['mutants']:>7} {counts['equivalent']:>5} {counts['killed']:>6} {counts['survived']:>5} "
        f"{counts['timeout']:>4} {counts['no tests']:>4} {counts['other']:>4}  {score}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mutation testing of the rule modules (mutmut), per module.")
    parser.add_argument("modules", nargs="*", help="paths under gupai/ (default: every rule module)")
    parser.add_argument("--jobs", type=int, default=2, help="modules mutated at a time (default 2)")
    parser.add_argument("--list", action="store_true", help="print the modules and the tests that cover each")
    parser.add_argument("--report", action="store_true", help="reprint the last run's report, run nothing")
    args = parser.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"not a rule module: {', '.join(unknown)} (see --list)")
    modules = args.modules or list(MODULES)
    if args.list:
        for module in modules:
            print(f"{module}: {' '.join(MODULES[module])}")
        return 0
    if importlib.util.find_spec("mutmut") is None:
        print(
            "tools.mutate: mutmut is not installed here; `make mutate` installs it (the mutate extra)", file=sys.stderr
        )
        return 2
    equivalent = parse_equivalent(EQUIVALENT.read_text(encoding="utf-8"))
    if not args.report:
        start = time.monotonic()
        jobs = max(1, min(args.jobs, len(modules)))
        children = 2 if jobs == 1 and args.jobs > 1 else 1
        with ThreadPoolExecutor(jobs) as pool:
            for stage in pool.map(lambda m: run_module(m, children=children), modules):
                print(f"ran {stage.relative_to(ROOT)}", flush=True)
        print(f"{len(modules)} module(s) in {time.monotonic() - start:.0f} s")
    text, figures = report(modules, equivalent)
    print(text)
    STAGE.mkdir(exist_ok=True)
    (STAGE / "report.json").write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
