"""The spec's YAML files read through the parse cache (gupai.core.specfiles): the documents PyYAML gives,
never stale, and nothing broken when the cache is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gupai.core.errors import SpecError
from gupai.core.resources import data_dir
from gupai.core.specfiles import cache_dir, read_yaml

SPEC_FILES = sorted(data_dir("spec").rglob("*.yaml"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUPAI_CACHE_DIR", str(tmp_path / "cache"))
    return cache_dir()


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda path: path.name)
def test_every_spec_file_reads_as_pyyaml_reads_it_cold_and_cached(cache: Path, path: Path) -> None:
    expected = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert read_yaml(path) == expected  # parsed, and kept
    assert len(list(cache.glob(f"{path.stem}-*.json"))) == 1
    assert read_yaml(path) == expected  # from the cache


def test_a_warm_start_does_not_import_pyyaml(tmp_path: Path) -> None:
    env = {**os.environ, "GUPAI_CACHE_DIR": str(tmp_path)}
    script = "import sys; from gupai.core.spec import game_spec; game_spec('kap-shap'); print('yaml' in sys.modules)"
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)]
    runs.append(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True))
    assert [run.stdout.strip() for run in runs] == ["True", "False"]


def test_an_edited_file_is_parsed_again_and_its_old_parse_dropped(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    other = tmp_path / "rules-extra.yaml"  # a file whose name starts like it: its parse is its own
    other.write_text("b: 2\n", encoding="utf-8")
    assert (read_yaml(path), read_yaml(other)) == ({"a": 1}, {"b": 2})
    path.write_text("a: 2\n", encoding="utf-8")
    assert read_yaml(path) == {"a": 2}
    assert len(list(cache.glob("rules-????????????????????????????????.json"))) == 1
    assert len(list(cache.glob("rules-extra-*.json"))) == 1


def test_a_corrupt_cached_parse_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    read_yaml(path)
    (kept,) = cache.glob("rules-*.json")
    kept.write_text('{"a": [1,', encoding="utf-8")
    assert read_yaml(path) == {"a": [1, 2]}
    assert read_yaml(path) == {"a": [1, 2]}


def test_a_cache_that_cannot_be_written_is_passed_by(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("GUPAI_CACHE_DIR", str(blocker))  # its spec/ cannot be made
    path = tmp_path / "rules.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert read_yaml(path) == {"a": 1}


def test_what_json_cannot_hold_is_not_cached(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "dated.yaml"
    path.write_text("when: 1895-01-01\n1: one\n", encoding="utf-8")
    expected = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert read_yaml(path) == expected
    assert not list(cache.glob("dated-*.json"))


def test_a_file_that_is_not_yaml_or_not_there_is_a_spec_error(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("a: [1, 2\n", encoding="utf-8")
    with pytest.raises(SpecError, match=r"cannot read broken\.yaml"):
        read_yaml(path)
    with pytest.raises(SpecError, match=r"cannot read missing\.yaml"):
        read_yaml(tmp_path / "missing.yaml")


POISONS = {
    "an empty object": b"{}",
    "garbage bytes": b"\x00\xff garbage {[",
    "another file's entry": None,  # filled in by the test: the entry of another spec file, renamed
    "an edited body": None,  # the right header, another document
    "an empty file": b"",
}


@pytest.mark.parametrize("poison", sorted(POISONS))
def test_a_poisoned_entry_is_ignored_and_rewritten(cache: Path, tmp_path: Path, poison: str) -> None:
    path, other = tmp_path / "rules.yaml", tmp_path / "other.yaml"
    path.write_text("kinds: [1, 2]\n", encoding="utf-8")
    other.write_text("sources: []\n", encoding="utf-8")
    read_yaml(path), read_yaml(other)
    (kept,) = cache.glob("rules-*.json")
    (theirs,) = cache.glob("other-*.json")
    good = kept.read_bytes()
    head, _, _body = good.partition(b"\n")
    bad = {"another file's entry": theirs.read_bytes(), "an edited body": head + b'\n{"kinds": [6, 6]}'}
    kept.write_bytes(POISONS[poison] or bad.get(poison, b""))
    assert read_yaml(path) == {"kinds": [1, 2]}
    assert kept.read_bytes() == good  # rewritten


def test_an_entry_that_is_a_fifo_or_too_large_is_not_read(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    read_yaml(path)
    (kept,) = cache.glob("rules-*.json")
    good = kept.read_bytes()
    kept.unlink()
    os.mkfifo(kept)  # reading it would wait for a writer forever
    assert read_yaml(path) == {"a": 1}
    assert kept.read_bytes() == good
    head = good.partition(b"\n")[0]
    kept.write_bytes(head + b"\n" + b" " * 10_000_000)  # no parse of a 5-byte file is 10 MB
    assert read_yaml(path) == {"a": 1}
    assert kept.read_bytes() == good


@pytest.mark.parametrize("poison", [b"{}", b"\x00garbage\xff", b'{"format": "2"}\n{}'])
def test_every_command_works_with_every_cache_file_poisoned(tmp_path: Path, poison: bytes) -> None:
    env = {**os.environ, "GUPAI_CACHE_DIR": str(tmp_path)}
    gupai = [str(Path(sys.executable).parent / "gupai")]
    log = subprocess.run([*gupai, "play", "kap-shap", "--seed", "3"], env=env, capture_output=True, check=True).stdout
    subprocess.run([*gupai, "rules", "tsung-shap"], env=env, capture_output=True, check=True)
    entries = sorted((tmp_path / "spec").glob("*.json"))
    assert {entry.name.rpartition("-")[0] for entry in entries} >= {"kap-shap", "tsung-shap", "tiles"}
    for entry in entries:
        entry.write_bytes(poison)
    run = subprocess.run([*gupai, "validate", "-"], env=env, input=log, capture_output=True)
    assert (run.returncode, run.stderr) == (0, b"1 game(s) read, 0 invalid, 0 error(s)\n")
    rules = subprocess.run([*gupai, "rules", "tsung-shap"], env=env, capture_output=True)
    assert rules.returncode == 0 and rules.stderr == b""
