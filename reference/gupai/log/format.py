"""The game log: one JSON document per game, a referee's full record.

A log holds the format id and version, the game, every option resolved (and
the preset it came from), the players and sets, the deal (the shuffled order,
the dice, and how the order was cut into hands and stock), every event in
order, and the result. :func:`dumps_log` writes it canonically: the same game
gives the same bytes on any machine.

>>> doc = {"format": LOG_FORMAT, "version": LOG_VERSION, "events": [{"type": "draw", "seat": 0}]}
>>> print(dumps_log(doc))
{
  "format": "gupai-log",
  "version": 2,
  "events": [
    {"type":"draw","seat":0}
  ]
}
"""

from __future__ import annotations

import json
from typing import Any

from gupai.games.base import UNFINISHED

__all__ = ["LOG_FORMAT", "LOG_VERSION", "LOG_VERSIONS", "UNFINISHED", "dumps_log", "dumps_log_line"]

LOG_FORMAT = "gupai-log"

#: The version the writers write (the one place it is set). 2: a log may record an unfinished game (a result
#: of ``"*"``, or none), whose Tsung Shap events may end on the passes made so far; and pair-set=printed with
#: four-two-value=6 reads the printed table as printed (spec/contract.yaml). A log of version 1 is read with
#: the meaning it had when it was written, and records a finished game.
LOG_VERSION = 2

#: Every version the validator reads, each with the meaning it had when it was written.
LOG_VERSIONS = (1, 2)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dumps_log(doc: dict[str, Any]) -> str:
    """The canonical text of a log: one top-level field a line, one event a line."""
    lines = ["{"]
    items = list(doc.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "events" and isinstance(value, list):
            lines.append('  "events": [')
            for at, event in enumerate(value):
                lines.append(f"    {_compact(event)}" + ("," if at < len(value) - 1 else ""))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {_compact(key)}: {_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines)


def dumps_log_line(doc: dict[str, Any]) -> str:
    """A log on one line, for JSON Lines corpora."""
    return _compact(doc)
