"""The validator's check of a match file game to game.

Each log of a match checks on its own that its first player follows the
previous result it records (:func:`gupai.games.match.check_match`); in a
``.jsonl`` file the validator also checks that the result it records is the
previous line's, so that a match file holds one unbroken chain. The check
reads the lines in order, keeping only the previous line's summary.

>>> from gupai.log.format import dumps_log_line
>>> from gupai.log.play import play_match
>>> lines = [dumps_log_line(log) for log in play_match("kap-shap", preset="navpil-culin", seed=1, count=3)]
>>> links = MatchLinks()
>>> [links.check(line, "m.jsonl", n, []) for n, line in enumerate(lines, start=1)]
[[], [], []]
>>> links = MatchLinks()
>>> [str(i) for n, line in enumerate([lines[0], lines[2]], start=1) for i in links.check(line, "m.jsonl", n, [])]
['m.jsonl:2: /match/game [ks.deal.first-player] game 3 of a match, but the line before it is game 1 of a kap-shap match']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gupai.core.jsonread import JSONReadError, loads
from gupai.games.match import check_link
from gupai.log.validate import LogIssue

__all__ = ["MatchLinks"]

_NO_MATCH: dict[str, Any] = {}


@dataclass
class MatchLinks:
    """The previous line of the file being read, as much of it as the next line's check needs."""

    file: str | None = None
    previous: dict[str, Any] | None = None

    def check(
        self, text: str, file: str, game: int | None, found: list[LogIssue], *, doc: dict[str, Any] | None = None
    ) -> list[LogIssue]:
        """``found`` (the line's own issues) plus the issue of its link to the line before, if any.

        ``doc``: the document ``text`` holds, when the caller has read it (a valid log)."""
        if game is None:  # a .json file: one game, no chain
            return found
        if file != self.file:
            self.file, self.previous = file, None
        summary = _summary(text) if doc is None else doc if isinstance(doc.get("match"), dict) else _NO_MATCH
        previous, self.previous = self.previous, summary
        if summary is None or summary is _NO_MATCH:
            return found
        problem = check_link(previous, summary)
        if problem is None:
            return found
        pointer, rule, message = problem
        return [*found, LogIssue(file, game, None, pointer, rule, message)]

    def follow(self, text: str, file: str) -> None:
        """Take ``text`` as the line just read in ``file``, unchecked (its own link is checked elsewhere).

        >>> links = MatchLinks()
        >>> links.follow('{"match": {"game": 1}}', "m.jsonl")
        >>> links.file, links.previous
        ('m.jsonl', {'match': {'game': 1}})
        """
        self.file, self.previous = file, _summary(text)


def _summary(text: str) -> dict[str, Any] | None:
    """The line parsed when it may record a match; ``_NO_MATCH`` when it cannot; ``None`` when it is not JSON."""
    if '"match"' not in text and ("\\" not in text or "\\u" not in text):  # a key "match" is spelled so, or
        # with an escape (a backslash is looked for first: much the quicker search)
        return _NO_MATCH
    try:
        doc = loads(text)
    except (JSONReadError, RecursionError):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("match"), dict):
        return _NO_MATCH if isinstance(doc, dict) else None
    return doc
