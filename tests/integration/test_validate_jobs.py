"""``gupai validate --jobs N``: the same output and exit status as one process, in the same order.

The corpus is the conformance kit's own logs (valid and invalid, each
invalid one naming its rule in its file name), as JSON Lines long enough to
span several batches, beside single-document files and a path that cannot
be read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gupai.cli import main
from gupai.core.resources import data_dir
from gupai.log.read import BATCH_GAMES


def corpus(folder: Path) -> list[str]:
    """A .jsonl file of every conformance log (twice over: several batches) and the invalid logs as files."""
    kit = data_dir("conformance")
    logs = sorted(kit.glob("*/*/*.json"))
    lines = [json.dumps(json.loads(path.read_text(encoding="utf-8"))) for path in logs]
    assert len(lines) > BATCH_GAMES
    (folder / "all.jsonl").write_text("\n".join(lines * 2) + "\n", encoding="utf-8")
    invalid = folder / "invalid"
    invalid.mkdir()
    for path in sorted(kit.glob("*/invalid/*.json"))[:20]:
        (invalid / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return [str(folder / "all.jsonl"), str(invalid)]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("unreadable", [False, True], ids=["readable", "a-missing-path"])
def test_jobs_give_the_output_of_one_process(tmp_path: Path, as_json: bool, unreadable: bool) -> None:
    paths = corpus(tmp_path) + ([str(tmp_path / "missing.json")] if unreadable else [])
    args = ["validate", *paths] + (["--json"] if as_json else [])
    runner = CliRunner()
    serial = runner.invoke(main, args)
    parallel = runner.invoke(main, [*args, "--jobs", "2"])
    assert serial.exit_code == (2 if unreadable else 1), serial.output
    assert (parallel.exit_code, parallel.stdout, parallel.stderr) == (serial.exit_code, serial.stdout, serial.stderr)
    # every invalid log of the kit is reported, under the rule its file name gives
    rules = [e["rule"] for e in json.loads(serial.stdout)["errors"]] if as_json else serial.stdout
    for name in (Path(p).name for p in data_dir("conformance").glob("*/invalid/*.json")):
        rule = name.split("--")[0]
        assert rule == "schema" or rule in rules, name
