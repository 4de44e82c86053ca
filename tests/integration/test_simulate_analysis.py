"""The analysis page: its tables match the committed figures, its plots exist, the run writes them all."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tools.analysis import CLAIMS, evaluate_claims, load_docs, main, page_blocks, render_blocks, run_analysis

from tests.extras import needs

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "docs" / "assets" / "analysis"
PAGE = ROOT / "docs" / "analysis.md"


def test_the_page_is_in_step_with_the_committed_figures() -> None:
    assert main(["--check", "--out", str(ASSETS), "--page", str(PAGE)]) == 0
    analysis, docs = load_docs(ASSETS)
    assert set(page_blocks(PAGE.read_text(encoding="utf-8"))) == set(render_blocks(analysis, docs))


def test_the_committed_verdicts_follow_from_the_committed_figures() -> None:
    analysis, docs = load_docs(ASSETS)
    assert json.loads(json.dumps(evaluate_claims(docs))) == analysis["claims"]
    assert [c["id"] for c in analysis["claims"]] == [c.id for c in CLAIMS]
    for doc in docs.values():
        assert doc["games"] >= 5_000  # the committed run is the full one, not a quick look


def test_every_image_the_page_shows_is_committed() -> None:
    text = PAGE.read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert images
    for image in images:
        assert (PAGE.parent / image).is_file(), image


@pytest.mark.slow
def test_a_small_run_writes_every_file(tmp_path: Path) -> None:
    needs("sim")
    analysis = run_analysis(tmp_path, scale=0.002, jobs=1)
    assert len(analysis["claims"]) == len(CLAIMS)
    for game in ("kap-shap", "kap-tai-shap"):
        for name in ("simulation.json", "summary.csv", "lengths.csv", "wins.csv"):
            assert (tmp_path / game / name).is_file()
        for stem in ("lengths", "wins", "chances"):
            assert (tmp_path / game / f"{stem}.png").is_file() and (tmp_path / game / f"{stem}.svg").is_file()
    for name in ("scores.svg", "sweeps.svg", "wins.svg", "scores.csv", "sweeps.csv", "lengths.csv"):
        assert (tmp_path / "tsung-shap" / name).is_file()
    page = tmp_path / "page.md"
    page.write_text("x\n<!-- analysis:begin claims -->\n<!-- analysis:end claims -->\n", encoding="utf-8")
    assert main(["--render-only", "--out", str(tmp_path), "--page", str(page)]) == 0
    assert "| The site says |" in page.read_text(encoding="utf-8")
    assert main(["--check", "--out", str(tmp_path), "--page", str(page)]) == 0
    assert main(["--check", "--out", str(tmp_path / "missing"), "--page", str(page)]) == 2


def test_the_reproduction_counts_as_the_java_simulator() -> None:
    """Completed turns before the winning turn, and 0 for a game without a winner (won on turns 1, 4 and 6; one
    game of 17 turns without a winner): (0 + 3 + 5 + 0) / 4."""
    from tools.reproduction import navpil_count

    from gupai.sim.tally import KapTally

    tally = KapTally(players=2)
    for turns, winner in ((1, 0), (4, 1), (6, 1), (17, None)):
        tally.add(turns=turns, first=0, winner=winner, reason="declared" if winner is not None else "stock-exhausted")
    counts = {"turns": dict(iter(tally.turns)), "no_winner": dict(iter(tally.no_winner_turns))}
    assert navpil_count(counts).value == 2.0


@pytest.mark.slow
def test_a_small_reproduction_renders_every_figure() -> None:
    from tools.reproduction import JAVA, render_reproduction, run_reproduction

    reproduction = run_reproduction(scale=0.00001, jobs=1)
    blocks = render_reproduction(reproduction)
    table = blocks["reproduction"] + blocks["reproduction-steps"]
    assert len(reproduction["rows"]) == len(JAVA)
    for figure in JAVA:
        assert table.count(f"| {figure.java:.2f} |") >= 2
    assert all(row["navpil-java"]["games"] == 10 for row in reproduction["rows"])
