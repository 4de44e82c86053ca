"""``validate --jobs N`` on a large JSON Lines file: the workers read byte ranges of it, with the verdicts of one process.

The ranges are made tiny here (down to a few bytes each, so that most hold
no line start and many cut a line), so that every kind of line meets a
range's edge: a match file's links (kept and broken) across ranges, blank
lines, lines that are not UTF-8 or too long, invalid logs, copies of one
short line, a last line without its line end, a file found in a directory
that is not a log, and the files after a cut one.
"""

from __future__ import annotations

import json
import os
import signal
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.core.pool import WorkerPool
from gupai.core.resources import data_dir
from gupai.log import ranges, read, verdicts
from gupai.log.format import dumps_log_line
from gupai.log.play import play_match
from gupai.log.ranges import FileRange

CHECK_RANGE = read.check_range
TOO_LONG = 20_000  # the largest line read, for these tests (a played log is a few KB)


def _match(seed: int, count: int) -> list[str]:
    return [dumps_log_line(log) for log in play_match("kap-shap", preset="navpil-culin", seed=seed, count=count)]


def _corpus(folder: Path) -> list[str]:
    """A directory of JSON Lines files with every kind of line, and a missing path after it."""
    invalid = [  # (of games outside a match: a match record's own faults would add links to check)
        json.dumps(doc)
        for doc in (
            json.loads(p.read_text(encoding="utf-8"))
            for p in sorted(data_dir("conformance").glob("kap-shap/invalid/*.json"))
        )
        if "match" not in doc
    ][:12]
    chain = _match(1, 6)
    other = _match(2, 5)
    lines: list[str | bytes] = [
        *chain,  # an unbroken match
        "",
        *chain[:2],
        *chain[3:],  # game 4 after game 2: a broken link
        "   ",
        b'{"format": "gupai-log", "bad": "\xff"}',  # not UTF-8
        *invalid[:6],
        "[1]",
        "[1]",
        '{"format": "gupai-log", "x": "' + "a" * TOO_LONG + '"}',  # too long
        *other[1:],  # a match that starts at game 2: no game before it
        "[1]",
        *invalid[6:],
        *chain,
    ]
    folder.mkdir()
    data = b"\n".join(line if isinstance(line, bytes) else line.encode() for line in lines)
    (folder / "a.jsonl").write_bytes(b"\n\n" + data)  # no line end after the last line
    (folder / "b.jsonl").write_text('{"not": "a log"}\n' * 30, encoding="utf-8")  # found, not a log: skipped
    (folder / "c.jsonl").write_text("\n".join(other[:3] + chain[4:] + invalid[:2]) + "\n", encoding="utf-8")
    return [str(folder), str(folder / "c.jsonl"), str(folder.parent / "missing.jsonl")]


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every .jsonl file cut into ranges after its first game; lines over TOO_LONG bytes not read."""
    monkeypatch.setattr(ranges, "RANGE_FROM", 0)
    monkeypatch.setattr(read, "MAX_BYTES", TOO_LONG)


@pytest.mark.parametrize("size", [7, 200, 3000, 20_000])
def test_ranges_read_by_the_workers_give_the_verdicts_of_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None, size: int
) -> None:
    monkeypatch.setattr(ranges, "RANGE_BYTES", size)
    paths = _corpus(tmp_path / "logs")
    alone = read.validate_all(paths)
    cut: list[FileRange] = []
    record = verdicts.Run.record_range

    def counted(run: verdicts.Run, part: FileRange, verdicts: ranges.RangeVerdicts) -> None:
        cut.append(part)
        record(run, part, verdicts)

    monkeypatch.setattr(verdicts.Run, "record_range", counted)
    with WorkerPool(2) as pool:
        shared = read.validate_all(paths, submit=pool.submit, window=4, restart=pool.restart, workers_read=True)
    assert shared == alone
    # the truth the comparison rests on: what one process finds in this corpus
    links = [(Path(i.file).name, i.game) for i in alone.issues if i.pointer == "/match/game"]
    assert links == [("a.jsonl", 12), ("a.jsonl", 26), ("c.jsonl", 4), ("c.jsonl", 4)]  # c.jsonl: read twice
    assert any("not UTF-8" in why for why in alone.unreadable)
    assert any("larger than" in why for why in alone.unreadable)
    assert alone.unreadable[-1].endswith("missing.jsonl: No such file or directory")
    assert alone.skipped == (str(tmp_path / "logs" / "b.jsonl"),)
    # and the workers did read the files: a.jsonl and c.jsonl (twice: in the directory, then by name), in
    # ranges that cover the rest of each file after its first game, edge to edge
    assert {Path(part.path).name for part in cut} == {"a.jsonl", "c.jsonl"}
    assert len(cut) >= (3 if size > 3000 else 20)
    for name in ("a.jsonl", "c.jsonl"):
        size_of = (tmp_path / "logs" / name).stat().st_size
        edges = [(part.start, part.end) for part in cut if Path(part.path).name == name]
        for (_, end), (start, _) in pairwise(edges):
            assert start == end or (end, start < end) == (size_of, True)  # the next range, or the file read again
        assert edges[-1][1] == size_of


def test_the_command_gives_the_same_output_with_ranges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None
) -> None:
    monkeypatch.setattr(ranges, "RANGE_BYTES", 5000)
    paths = _corpus(tmp_path / "logs")
    runner = CliRunner()
    for args in (["validate", *paths], ["validate", *paths, "--json"]):
        serial = runner.invoke(main, args)
        parallel = runner.invoke(main, [*args, "--jobs", "2"])
        assert serial.exit_code == 2, serial.output  # a path missing
        assert (parallel.exit_code, parallel.stdout, parallel.stderr) == (
            serial.exit_code,
            serial.stdout,
            serial.stderr,
        )


def crash_on_range(part: FileRange) -> ranges.RangeVerdicts:
    """A worker's task that dies (as a worker killed for its memory) on the range that holds the line CRASH."""
    found = CHECK_RANGE(part)
    if found.first is not None and "CRASH" in found.first[1]:
        os.kill(os.getpid(), signal.SIGKILL)
    return found


def test_a_range_that_loses_its_worker_twice_is_reported_and_the_others_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None
) -> None:
    monkeypatch.setattr(ranges, "RANGE_BYTES", 700)  # at most one line start a range: the lines are longer
    monkeypatch.setattr(read, "check_range", crash_on_range)
    lines = _match(3, 8) * 3
    lines[10] = '{"CRASH": "' + "x" * 800 + '"}'
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with WorkerPool(2) as pool:
        result = read.validate_all([str(corpus)], submit=pool.submit, window=4, restart=pool.restart, workers_read=True)
    assert result.lost == (f"{corpus}:11-11",)
    assert (result.games, result.errors) == (len(lines) - 1, 1)  # line 12 has no line before it in the chain
    assert result.issues[0].game == 12 and result.issues[0].rule == "ks.deal.first-player"
    assert pool.restarts == 2  # once to check the ranges out again, once after the range to blame


def _short_invalid(folder: Path, count: int) -> Path:
    """``count`` short distinct invalid lines (each a schema error of its own), every 50th line not UTF-8."""
    lines = [
        b"\xff\xfe not UTF-8" if n % 50 == 49 else json.dumps({"game": "kap-shap", "seed": n}).encode()
        for n in range(count)
    ]
    folder.mkdir(exist_ok=True)
    path = folder / "short.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def test_errors_are_capped_where_they_are_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None) -> None:
    """Issue 33: past the run's listed errors the games are judged, not explained, in this process and in the
    workers, which send back no more than the reader keeps; the output is the same with any number of them."""
    cap = 36
    for module in (verdicts, read):
        monkeypatch.setattr(module, "MAX_ERRORS_PER_RUN", cap)
        monkeypatch.setattr(module, "MAX_UNREADABLE_LINES", 7)
    monkeypatch.setattr(ranges, "RANGE_BYTES", 4000)
    path = _short_invalid(tmp_path, 3000)
    explained: list[object] = []
    explain = read.check_document.__globals__["validate_log"].__globals__["_explain"]

    def counted(doc: object) -> object:
        explained.append(doc)
        return explain(doc)

    monkeypatch.setitem(read.check_document.__globals__["validate_log"].__globals__, "_explain", counted)
    alone = read.validate_all([str(path)])
    # each line lacks 8 required properties (a log of format 2 may leave out its result), 8 errors: the 5th
    # game fills the list of 36 (its errors counted)
    assert (alone.games, alone.invalid_games) == (2940, 2940)
    assert (alone.errors, alone.listed, alone.unexplained) == (40, 36, 2935)
    assert len(explained) == 5
    assert len(alone.unreadable) == 7 and alone.unreadable_unlisted == 60 - 7
    with WorkerPool(2) as pool:
        shared = read.validate_all([str(path)], submit=pool.submit, window=4, restart=pool.restart, workers_read=True)
    assert shared == alone
    # what a worker sends back for a range (here, the whole file after its first line)
    first = len(path.read_bytes().split(b"\n", 1)[0]) + 1
    part = FileRange(str(path), "short.jsonl", (os.stat(path).st_dev, os.stat(path).st_ino), first, 10**6, 10**6)
    whole = CHECK_RANGE(part)
    games = [item for _, item in whole.rest if not isinstance(item, str)]
    assert len(games) <= cap  # at least one error each: a game more than the reader keeps is never sent
    assert whole.hidden == 2940 - 2 - len(games)  # the file's first line is not in the range, nor the range's in rest
    assert sum(isinstance(item, str) for _, item in whole.rest) == 7 and whole.unread == 60 - 7


def replaced_range(part: FileRange) -> ranges.RangeVerdicts:
    """A worker's task that finds every range's file replaced (another inode) since the reader opened it."""
    return CHECK_RANGE(FileRange(part.path, part.file, (0, 0), part.start, part.end, part.stop))


def test_a_file_replaced_while_read_is_said_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None) -> None:
    monkeypatch.setattr(ranges, "RANGE_BYTES", 200)
    path = _short_invalid(tmp_path, 400)
    monkeypatch.setattr(read, "check_range", replaced_range)
    with WorkerPool(2) as pool:
        result = read.validate_all([str(path)], submit=pool.submit, window=4, restart=pool.restart, workers_read=True)
    assert [why for why in result.unreadable if "replaced" in why] == [f"{path}: replaced while it was read: not read"]


def test_games_in_progress_past_the_listed_errors_are_counted_as_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tiny: None
) -> None:
    """Once a worker's range has filled a run's list of errors, a valid log of a game in progress is still
    valid (counted as unfinished, not as an invalid game), as one process counts it."""
    from gupai.games.registry import load_game
    from gupai.log.write import to_log

    monkeypatch.setattr(ranges, "RANGE_BYTES", 4000)
    monkeypatch.setattr(verdicts, "MAX_ERRORS_PER_RUN", 5)
    monkeypatch.setattr(read, "MAX_ERRORS_PER_RUN", 5)
    game = load_game("kap-shap")
    state = game.new_state(game.random_deal(seed=2))
    state.apply(state.legal_actions()[0])
    unfinished = dumps_log_line(to_log(state))
    lines = [unfinished, *['{"format": "gupai-log"}'] * 12, *[unfinished] * 9]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    alone = read.validate_all([str(path)])
    with WorkerPool(2) as pool:
        shared = read.validate_all([str(path)], submit=pool.submit, window=4, restart=pool.restart, workers_read=True)
    # the truth: 22 games, 12 of them invalid, 10 valid and in progress
    assert (alone.games, alone.invalid_games, alone.unfinished_games) == (22, 12, 10)
    assert (shared.games, shared.invalid_games, shared.unfinished_games) == (22, 12, 10)
