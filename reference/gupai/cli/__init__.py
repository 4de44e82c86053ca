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

from gupai.cli import catalog, conformance, games, rules, simulate
from gupai.cli.app import EXIT_INTERNAL, InputError, InternalError, InvalidInput, main, safe_text, usage_errors

__all__ = ["EXIT_INTERNAL", "InputError", "InternalError", "InvalidInput", "main", "safe_text", "usage_errors"]

# Every command, named here (no command registers itself by being imported).
main.add_command(catalog.presets_cmd)
main.add_command(catalog.options_cmd)
main.add_command(catalog.rules_cmd)
main.add_command(conformance.engine_cmd)
main.add_command(conformance.conformance_group)
main.add_command(games.play_cmd)
main.add_command(games.show_cmd)
main.add_command(games.validate_cmd)
main.add_command(rules.tiles_cmd)
main.add_command(rules.pairs_cmd)
main.add_command(rules.hand_cmd)
main.add_command(simulate.simulate_cmd)
main.add_command(simulate.compare_cmd)
