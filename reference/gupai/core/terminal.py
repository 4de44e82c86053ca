"""Untrusted text made safe for a terminal: one helper, used wherever text output shows input.

A string that comes from an engine (its name, an answer's message), a log
or a file name may hold control characters: an escape sequence would reach
the terminal (clear it, retitle it, hide text), and a newline would let the
input forge a line of the report ("638 passed, 0 failed"). :func:`printable`
shows each such character as an escape (``\\x1b``, ``\\n``), so the text
stays on one line and shows what it holds. JSON output is left as it is (its
encoder escapes control characters already).

>>> print(printable("engine\\x1b[2J\\n638 passed, 0 failed"))
engine\\x1b[2J\\n638 passed, 0 failed
>>> printable("Kap Shap 十") == "Kap Shap 十"
True
"""

from __future__ import annotations

import re

__all__ = ["printable"]

#: C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional overrides and isolates
#: (which reorder what follows them on the line).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: object) -> str:
    """``text`` (any object, as ``str``) with every control character shown as an escape; lone surrogates too.

    >>> printable("a\\tb\\u202ec"), printable(3), printable("x\\udcff")
    ('a\\\\tb\\\\u202ec', '3', 'x\\\\udcff')
    """
    shown = _UNSAFE.sub(_escape, str(text))
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")
