"""`gupai simulate` and `gupai compare`: output shapes, files written, usage errors."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import gupai.cli.simulate
from gupai.cli import main
from gupai.sim.report import output_names
from gupai.sim.simulate import SimulationResult, simulate
from tests.extras import needs


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_simulate_json_shape() -> None:
    code, out, err = run("simulate", "kap-shap", "-n", "12", "--seed", "5", "--jobs", "1", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["format"] == "gupai-simulation/1"
    assert (doc["game"], doc["games"], doc["seed"], doc["seeds"]) == ("kap-shap", 12, 5, [5, 16])
    (run_,) = doc["runs"]
    assert (run_["preset"], run_["players"], run_["sets"], run_["agents"]) == ("culin", 2, 1, ["greedy", "greedy"])
    summary = run_["summary"]
    for key in ("turns", "rounds", "first_round", "ends", "stock_exhausted", "no_winner", "win_rate_by_position"):
        assert key in summary
    for figure in (summary["turns"]["mean"], summary["turns"]["median"], summary["first_round"]):
        assert set(figure) == {"value", "ci95", "method"}
        assert figure["ci95"][0] <= figure["value"] <= figure["ci95"][1]
    assert sum(count for _, count in summary["length_distribution"]) == 12
    assert len(summary["win_rate_by_position"]) == 2
    assert "\x1b" not in err and "━" not in err  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_simulate_json_is_the_same_for_any_jobs(engine: str) -> None:
    # 2,000 games: 32 chunks, which the fast path sends to two workers two chunks a task, each chunk its own match
    if engine == "fast":
        needs("fast")  # --engine fast without numba is a usage error
    games = "30" if engine == "reference" else "2000"
    args = ("simulate", "kap-shap", "--preset", "navpil-culin", "-n", games, "--engine", engine, "--json")
    outs = [run(*args, "--jobs", jobs)[1] for jobs in ("1", "2", "3")]
    assert outs[0] == outs[1] == outs[2]
    assert json.loads(outs[0])["games"] == int(games)


def test_simulated_game_equals_gupai_play_of_the_same_seed() -> None:
    # Game i of `simulate --seed S` is `play --seed S+i`: one game each, same result.
    for seed in (0, 7):
        code, out, _ = run("play", "kap-tai-shap", "--players", "10", "--preset", "one-tile", "--seed", str(seed))
        assert code == 0
        log = json.loads(out)
        code, out, _ = run(
            "simulate", "kap-tai-shap", "--players", "10", "--preset", "one-tile", "-n", "1",
            "--seed", str(seed), "--jobs", "1", "--json",
        )  # fmt: skip
        summary = json.loads(out)["runs"][0]["summary"]
        assert summary["length_distribution"] == [[log["result"]["turns"], 1]]
        winner = log["result"]["winner"]
        rates = [rate["value"] for rate in summary["win_rate_by_seat"]]
        assert rates == [1.0 if seat == winner else 0.0 for seat in range(10)]


def test_simulate_table_on_stdout() -> None:
    code, out, err = run("simulate", "kap-shap", "-n", "10", "--jobs", "1")
    assert code == 0
    assert "mean length (turns)" in out and "ends in the first round" in out and "wins, 1st to play" in out
    assert "games/s" in err


def test_compare_json_and_table() -> None:
    code, out, _ = run("compare", "kap-shap", "--presets", "culin,one-tile,gupai-site", "-n", "8", "--json")
    assert code == 0
    doc = json.loads(out)
    assert [r["label"] for r in doc["runs"]] == ["culin", "one-tile", "gupai-site"]
    code, out, _ = run("compare", "kap-shap", "--presets", "culin,one-tile", "-n", "8")
    assert code == 0
    header = next(line for line in out.splitlines() if "figure" in line)
    assert "culin" in header and "one-tile" in header


@pytest.mark.slow
def test_out_writes_json_csv_and_plots(tmp_path: Path) -> None:
    needs("sim")
    out = tmp_path / "figs"
    code, _, err = run(
        "compare", "kap-tai-shap", "--players", "4", "--presets", "culin,one-tile", "-n", "10", "--out", str(out)
    )
    assert code == 0, err
    names = sorted(p.name for p in out.iterdir())
    for stem in ("lengths", "wins"):
        assert f"{stem}.png" in names and f"{stem}.svg" in names
        assert (out / f"{stem}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        ET.parse(out / f"{stem}.svg")  # well-formed SVG
    assert names == sorted(output_names("kap-tai-shap"))  # the files refused before the run are the files written
    doc = json.loads((out / "simulation.json").read_text(encoding="utf-8"))
    assert len(doc["runs"]) == 2
    with (out / "lengths.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["run"] for row in rows} == {"culin", "one-tile"}
    assert sum(int(row["games"]) for row in rows if row["run"] == "culin") == 10
    with (out / "wins.csv").open(encoding="utf-8") as handle:
        wins = list(csv.DictReader(handle))
    assert len(wins) == 2 * 2 * 4
    with (out / "summary.csv").open(encoding="utf-8") as handle:
        figures = {(row["run"], row["figure"]) for row in csv.DictReader(handle)}
    assert ("culin", "turns.mean") in figures and ("one-tile", "first_round") in figures


@pytest.mark.slow
def test_out_for_tsung_shap_writes_scores_and_sweeps(tmp_path: Path) -> None:
    needs("sim")
    pytest.importorskip("gupai.games.tsung.play")
    code, out, err = run("compare", "tsung-shap", "--presets", "culin,spieltdomino", "-n", "10", "--out", str(tmp_path))
    assert code == 0, err
    for name in ("scores.png", "scores.svg", "sweeps.png", "sweeps.svg", "scores.csv", "sweeps.csv"):
        assert (tmp_path / name).stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(output_names("tsung-shap"))
    assert "sweeps per game" in out and "wins, seat 0" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "kap-shap", "-n", "5", "--preset", "nope"], "no preset 'nope'"),
        (["simulate", "kap-shap", "-n", "5", "--players", "3"], "players"),
        (["simulate", "kap-shap", "-n", "5", "-o", "take=some"], "no value 'some'"),
        (["simulate", "kap-shap", "-n", "5", "-o", "take"], "not KEY=VALUE"),
        (["simulate", "kap-shap", "-n", "5", "--agents", "clever"], "unknown agent"),
        (["compare", "kap-shap", "-n", "5", "--presets", "culin,culin"], "twice"),
        (["compare", "kap-shap", "-n", "5", "--presets", "culin,nope"], "no preset 'nope'"),
        (["simulate", "kap-shap", "-n", "0"], "0 is not in the range"),
        (["simulate", "kap-shap", "-n", "5", "--jobs", "0"], "0 is not in the range"),
        (["simulate"], "Missing argument 'GAME'"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and out == ""


# ------------------------------------------------------------ --out never replaces a file without --force
OUT_COMMANDS = {
    "simulate": ["simulate", "kap-shap", "-n", "6", "--jobs", "1", "--seed", "3"],
    "compare": ["compare", "kap-shap", "--presets", "culin,pagat", "-n", "6", "--jobs", "1", "--seed", "3"],
}


def _no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make playing a game fail the test: what is refused must be refused before anything is played."""

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(gupai.cli.simulate, "simulate", played)
    monkeypatch.setattr(gupai.cli.simulate, "compare", played)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
def test_out_refuses_an_existing_file_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    (tmp_path / "notes.txt").write_text("the user's own file\n", encoding="utf-8")
    (tmp_path / "lengths.csv").write_text("the user's lengths\n", encoding="utf-8")
    (tmp_path / "wins.csv").write_text("the user's wins\n", encoding="utf-8")
    before = _files(tmp_path)
    _no_games(monkeypatch)
    code, out, err = run(*OUT_COMMANDS[command], "--out", str(tmp_path))
    assert code == 2, err
    assert out == ""
    (line,) = err.strip().splitlines()  # one line, naming the first file the run would write that exists
    assert line == f"Error: cannot write {tmp_path / 'lengths.csv'}: it exists (give --force to overwrite it)"
    assert _files(tmp_path) == before  # nothing written, nothing left behind


@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
def test_out_into_a_written_directory_needs_force_and_force_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setattr(gupai.cli.simulate, "plots_available", lambda: False)  # the figures alone: quick
    args = [*OUT_COMMANDS[command], "--json", "--out", str(tmp_path)]
    code, out, err = run(*args)
    assert code == 0, err
    first = _files(tmp_path)
    assert "simulation.json" in first and "summary.csv" in first
    assert json.loads(first["simulation.json"])["seed"] == 3
    code, again, err = run(*args)  # the same run again: its own files are the user's now
    assert code == 2 and again == ""
    assert f"cannot write {tmp_path / 'simulation.json'}: it exists (give --force to overwrite it)" in err
    assert _files(tmp_path) == first
    seed = args.index("--seed") + 1
    forced = [*args[:seed], "4", *args[seed + 1 :], "--force"]
    code, out, err = run(*forced)
    assert code == 0, err
    after = _files(tmp_path)
    assert set(after) == set(first)  # the same files, replaced whole: no temporary file left
    doc = json.loads(after["simulation.json"])
    assert doc["seed"] == 4 and doc == json.loads(out)
    assert after["summary.csv"].startswith(b"run,figure,value") and after["summary.csv"] != first["summary.csv"]


def test_out_keeps_a_file_made_while_the_games_were_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def meanwhile(*args: Any, **kwargs: Any) -> SimulationResult:
        (tmp_path / "wins.csv").write_text("made meanwhile\n", encoding="utf-8")
        return simulate(*args, **kwargs)

    monkeypatch.setattr(gupai.cli.simulate, "simulate", meanwhile)
    code, _, err = run(*OUT_COMMANDS["simulate"], "--out", str(tmp_path))
    assert code == 2
    assert f"cannot write {tmp_path / 'wins.csv'}: it exists (give --force to overwrite it)" in err
    assert (tmp_path / "wins.csv").read_text(encoding="utf-8") == "made meanwhile\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_out_refuses_a_directory_in_the_way_even_with_force(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "summary.csv").mkdir()
    _no_games(monkeypatch)
    code, _, err = run(*OUT_COMMANDS["simulate"], "--out", str(tmp_path), "--force")
    assert code == 2
    assert f"cannot write {tmp_path / 'summary.csv'}: it is a directory" in err
