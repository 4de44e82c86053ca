"""``gupai validate`` tells a valid log of log format 1 that uses a retired reading so, on the command line.

The first corpus release's logs (``tests/integration/fixtures/first-corpus``) are the truth: the eight of them
written under ``pair-set=printed`` with ``four-two-value=6`` (the celko preset) are read as they were written
and noted; the other 66 are valid without a word. The note is the same in one process, in worker processes and
in the byte ranges the workers read.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.log import ranges, read

FIRST = Path(__file__).parent / "fixtures" / "first-corpus"


def _first_corpus() -> list[tuple[str, str]]:
    names = (FIRST / "valid-logs.txt").read_text(encoding="utf-8").split()
    lines = gzip.decompress((FIRST / "valid-logs.jsonl.gz").read_bytes()).decode("utf-8").splitlines()
    assert len(names) == len(lines) == 74
    return list(zip(names, lines, strict=True))


def _printed_at_6(line: str) -> bool:
    options = json.loads(line)["options"]
    return (options.get("pair-set"), options.get("four-two-value")) == ("printed", "6")


def test_validate_notes_each_first_release_log_of_a_retired_reading(tmp_path: Path) -> None:
    corpus = _first_corpus()
    folder = tmp_path / "first"
    folder.mkdir()
    for name, line in corpus:
        (folder / name.replace("/", "_")).write_text(line, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    noted = [line for line in result.stdout.splitlines() if line]
    expected = sorted(str(folder / name.replace("/", "_")) for name, line in corpus if _printed_at_6(line))
    assert len(expected) == 8
    assert sorted(line.split(": valid (", 1)[0] for line in noted) == expected
    assert all(line.endswith(")") and ": valid (uses a retired reading: " in line for line in noted)
    assert all("pair-set=printed with four-two-value=6" in line for line in noted)
    for name in ("celko-10p-greedy-seed1", "celko-5p-greedy-seed1"):  # the two the corrected reading refuses
        assert any(f"kap-tai-shap_valid_{name}.json: valid (uses a retired reading" in line for line in noted)
    assert result.stderr.strip() == "74 game(s) read, 0 invalid, 8 using a retired reading, 0 error(s)"


def test_a_format_2_log_of_the_same_options_has_no_note(tmp_path: Path) -> None:
    line = next(line for name, line in _first_corpus() if name.endswith("kap-shap/valid/celko-2p-greedy-seed1.json"))
    doc = {**json.loads(line), "version": 2}
    path = tmp_path / "two.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path), "--json"])
    report = json.loads(result.stdout)
    assert (report["noted_games"], report["notes"]) == (0, [])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_notes_in_json_are_the_same_with_workers_and_ranges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    monkeypatch.setattr(ranges, "RANGE_FROM", 0)  # the file cut into ranges after its first game
    monkeypatch.setattr(ranges, "RANGE_BYTES", 3000)
    corpus = _first_corpus()
    path = tmp_path / "first.jsonl"
    path.write_text("\n".join(line for _, line in corpus) + "\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(main, ["validate", str(path), "--json", "--jobs", jobs])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    games = [number for number, (_, line) in enumerate(corpus, start=1) if _printed_at_6(line)]
    assert report["noted_games"] == 8 and report["games"] == 74 and report["valid"]
    assert [note["game"] for note in report["notes"]] == games
    assert {note["file"] for note in report["notes"]} == {str(path)}
    assert all(note["message"].startswith("uses a retired reading: ") for note in report["notes"])
    text = runner.invoke(main, ["validate", str(path), "--jobs", jobs])
    assert [line.split(": valid (")[0] for line in text.stdout.splitlines()] == [f"{path}:{g}" for g in games]


def test_a_worker_counts_notes_past_those_it_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A range's notes past the reader's lists are counted, not lost (the cap made tiny here)."""
    monkeypatch.setattr(read, "MAX_ERRORS_PER_RUN", 1)
    line = next(line for _, line in _first_corpus() if _printed_at_6(line))
    path = tmp_path / "many.jsonl"
    path.write_text((line + "\n") * 6, encoding="utf-8")
    part = ranges.FileRange(str(path), "many.jsonl", (path.stat().st_dev, path.stat().st_ino), 0, 10**6, 10**6)
    found = read.check_range(part)
    assert found.first is not None and found.first[2][0].message.startswith("uses a retired reading")
    assert (len(found.rest), found.noted, found.quiet) == (2, 3, 0)
