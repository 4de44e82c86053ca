"""A JSON Lines file cut into byte ranges gives the verdicts of one process reading it line by line.

``validate --jobs`` cuts a large file into byte ranges without reading them
(:mod:`gupai.log.ranges`); each range's reader skips the line it begins in
and reads its last line to its end, and numbers its lines from its own first
one. Whatever the file holds and wherever the cuts fall, every line must be
read exactly once, by one range, under its own number: the verdicts, the
unreadable lines, the match links and the counts must be those of one process.
Here the ranges are checked in this process, one after the other (the
workers' own code, without the processes), on random files of every kind of
line: games of a match, invalid logs, blank and white lines, lines that are
not UTF-8, lines longer than the reader takes, carriage returns, a missing
last line end, and the ranges are anything from one byte up.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gupai.core.resources import data_dir
from gupai.log import ranges, read
from gupai.log.format import dumps_log_line
from gupai.log.play import play_match

#: The longest line read, here (a played log is a few KB).
TOO_LONG = 6_000


@lru_cache(maxsize=1)
def _kinds() -> list[bytes]:
    chain = [dumps_log_line(log).encode() for log in play_match("kap-shap", preset="navpil-culin", seed=4, count=4)]
    invalid = [
        json.dumps(json.loads(path.read_text(encoding="utf-8"))).encode()
        for path in sorted(data_dir("conformance").glob("kap-shap/invalid/*.json"))[:4]
    ]
    return [
        *chain,
        *invalid,
        b"",
        b"   \t",
        b"[1]",
        b"{",
        b'{"format": "gupai-log", "bad": "\xff"}',  # not UTF-8
        b'{"format": "gupai-log", "x": "' + b"a" * TOO_LONG + b'"}',  # too long
        chain[0] + b"\r",  # a carriage return before the line end
    ]


def _now(fn: Any, item: Any) -> Future[Any]:
    """A worker's submit, done here at once."""
    done: Future[Any] = Future()
    done.set_result(fn(item))
    return done


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    picks=st.lists(st.integers(0, 100), min_size=2, max_size=30),
    size=st.one_of(st.integers(1, 40), st.integers(41, 5000), st.integers(5001, 40_000)),
    end=st.booleans(),
)
def test_byte_ranges_give_the_verdicts_of_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, picks: list[int], size: int, end: bool
) -> None:
    kinds = _kinds()
    data = b"\n".join(kinds[pick % len(kinds)] for pick in picks) + (b"\n" if end else b"")
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(data)
    monkeypatch.setattr(read, "MAX_BYTES", TOO_LONG)
    alone = read.validate_all([str(corpus)])
    monkeypatch.setattr(ranges, "RANGE_FROM", 0)
    monkeypatch.setattr(ranges, "RANGE_BYTES", size)
    finest = max(1, size // 8)
    monkeypatch.setattr(ranges, "RANGE_FINEST", finest)
    checked: list[ranges.FileRange] = []
    check = read.check_range

    def counted(part: ranges.FileRange) -> ranges.RangeVerdicts:
        checked.append(part)
        return check(part)

    monkeypatch.setattr(read, "check_range", counted)
    cut = read.validate_all([str(corpus)], submit=_now, window=4, workers_read=True)
    assert cut == alone
    # the ranges cover the rest of the file after the first game's line, edge to edge, each of the size asked
    # but near the end: there an eighth of the bytes left, at least the finest (ranges.cut_bytes)
    if checked:
        start = checked[0].start
        assert data[start - 1 : start] == b"\n"
        wanted, at = [], start
        while at < len(data):
            wanted.append((at, min(at + min(size, max(finest, (len(data) - at) // 8)), len(data))))
            at = wanted[-1][1]
        assert [(part.start, part.end) for part in checked] == wanted
