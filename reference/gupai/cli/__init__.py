"""The ``gupai`` command line.

Each command group lives in its own module and registers itself on
:data:`main`. Every command follows one grammar (the game first, then
options; see :mod:`gupai.cli.params`) and one error style, click's. Exit
statuses, for every command:

- 0: success (every log valid, every conformance case passed);
- 1: a verdict against the input (an invalid log, a failed conformance case);
- 2: unusable input or usage (a bad argument, an unreadable file, an engine
  that cannot start);
- 3: an internal error, a bug in gupai: a one-line message naming the
  command and its input, never a traceback;
- 130, 143: stopped by SIGINT or SIGTERM (:class:`~gupai.cli.app.Interrupted`):
  one line says so, after every process the command started is killed and
  every temporary file removed.

Output is written with ``errors="backslashreplace"``, so no input (a lone
surrogate in a log or an engine's message) can break printing.
"""

from __future__ import annotations

from gupai.cli.app import EXIT_INTERNAL, InputError, InternalError, InvalidInput, main, safe_text, usage_errors

__all__ = ["EXIT_INTERNAL", "InputError", "InternalError", "InvalidInput", "main", "safe_text", "usage_errors"]

# Every command, named here (no command registers itself by being imported): its name, the module and
# attribute that define it, and its one-line help, shown by `gupai --help` and completion without importing
# the command (gupai.cli.lazy; tests/unit/test_cli_start.py holds each help to the command's docstring).
for _name, _module, _attribute, _help in (
    ("compare", "simulate", "compare_cmd", "Simulate GAME under several presets on the same seeds, side by side."),
    (
        "conformance",
        "conformance",
        "conformance_group",
        "Test an engine against every scenario and conformance log, over the engine protocol.",
    ),
    (
        "engine",
        "conformance",
        "engine_cmd",
        "Run the reference engine behind the engine protocol (JSON Lines on stdin and stdout).",
    ),
    (
        "hand",
        "rules",
        "hand_cmd",
        "Is a hand of GAME (default kap-shap) winning, every split of it, and how far it is from winning.",
    ),
    (
        "options",
        "catalog",
        "options_cmd",
        "The variant options of GAME: each a question the sources answer differently, with its values.",
    ),
    ("pairs", "rules", "pairs_cmd", "The legal ten-pairs of GAME (default kap-shap) under a preset and options."),
    ("play", "games", "play_cmd", "Play GAME with agents and write its log (to stdout without --out)."),
    (
        "presets",
        "catalog",
        "presets_cmd",
        "The presets of GAME: each fixes every option; what each changes from the default (the first).",
    ),
    (
        "rules",
        "catalog",
        "rules_cmd",
        "The rules of GAME, or the rule ID: its text, its sources and how each reads its options.",
    ),
    (
        "show",
        "games",
        "show_cmd",
        "Print a readable transcript of LOG (a .json log, each game of a .jsonl, - for stdin, or every log in a "
        "directory, as validate reads it).",
    ),
    ("simulate", "simulate", "simulate_cmd", "Play many games of GAME and report their figures with 95% intervals."),
    ("tiles", "rules", "tiles_cmd", "The 32-tile Chinese domino set: 21 kinds, civil and military."),
    (
        "validate",
        "validate",
        "validate_cmd",
        "Validate game logs: files, directories (recursively, the .json/.jsonl files that say gupai-log), or - for stdin.",
    ),
):
    main.add_lazy_command(_name, f"gupai.cli.{_module}", _attribute, _help)
