"""``python -m tools.bench``: its sections, its exit status, its checks agreeing."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from tools import bench
from tools.bench import SECTIONS, Bench, main, plain_is_winning, random_hands, section
from tools.bench_kap import lines_race

from gupai.core.tiles import tiles_from_counts
from gupai.games.kap.config import collecting_config
from gupai.log.format import dumps_log_line
from gupai.log.play import play_game


@pytest.fixture
def scratch_sections() -> Iterator[None]:
    """Sections registered by a test are removed after it."""
    before = dict(SECTIONS)
    yield
    SECTIONS.clear()
    SECTIONS.update(before)


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), out=out)
    return status, out.getvalue()


def test_the_hands_section_is_registered() -> None:
    assert "hands" in SECTIONS
    status, text = run("--list")
    assert status == 0
    assert text.startswith("hands: ")


def test_an_unknown_section_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run("hands", "nope")
    assert status == 2
    assert "unknown section(s): nope" in capsys.readouterr().err


@pytest.mark.usefixtures("scratch_sections")
def test_a_failed_target_fails_the_run_and_a_passed_one_does_not() -> None:
    @section("test-pass")
    def passing(b: Bench) -> None:
        b.target("always", True, "fine")

    @section("test-fail")
    def failing(b: Bench) -> None:
        b.target("never", False, "too slow")

    assert run("test-pass") == (0, "== test-pass " + "=" * 61 + "\n  PASS  always: fine\nPASS: all 1 targets\n")
    status, text = run("test-pass", "test-fail")
    assert status == 1
    assert "  FAIL  never: too slow\n" in text
    assert text.endswith("FAIL: 1 of 2 targets: never\n")


@pytest.mark.usefixtures("scratch_sections")
def test_a_section_name_is_registered_once() -> None:
    @section("test-once")
    def first(b: Bench) -> None:
        """First."""

    with pytest.raises(ValueError, match="registered twice"):

        @section("test-once")
        def second(b: Bench) -> None:
            """Second."""


def test_a_small_hands_run_reports_both_games_and_the_checks_agree() -> None:
    status, text = run("hands", "--hands", "4000", "--repeats", "1")
    assert status in (0, 1)  # the speed targets depend on the machine; the agreement does not
    for game in ("kap-tai-shap", "kap-shap"):
        assert f"PASS  {game}: the three checks agree" in text
        assert f"{game}: is_winning >= 500,000 hands/s" in text
    assert "is_winning >= 50x plain backtracking" in text
    assert text.count("hands/s") >= 6


def test_race_keeps_each_works_best_run_and_last_result() -> None:
    calls: list[str] = []

    def work(name: str) -> Callable[[Sequence[int]], int]:
        def run_once(items: Sequence[int]) -> int:
            calls.append(name)
            return len(items)

        return run_once

    first, second = Bench(repeats=3).race([(work("a"), [1, 2]), (work("b"), [1])])
    assert calls == ["a", "b"] * 3
    assert (first.items, first.result, second.items, second.result) == (2, 2, 1, 1)
    assert first.seconds >= 0 and first.rate > 0


@pytest.mark.parametrize(("game", "players"), [("kap-shap", 2), ("kap-tai-shap", 10)])
def test_the_plain_check_agrees_with_the_evaluator(game: str, players: int) -> None:
    config = collecting_config(game, players=players)
    ev = config.evaluator
    hands = random_hands(config.sets, ev.size, 3000, seed=5)
    assert all(sum(h) == ev.size for h in hands)
    assert all(n <= cap for h in hands for n, cap in zip(h, ev.caps, strict=True))
    assert [plain_is_winning(list(tiles_from_counts(h)), config.rules) for h in hands] == [
        ev.is_winning(h) for h in hands
    ]


def test_random_hands_are_reproducible() -> None:
    assert random_hands(2, 10, 50, seed=3) == random_hands(2, 10, 50, seed=3)
    assert random_hands(2, 10, 50, seed=3) != random_hands(2, 10, 50, seed=4)
    assert bench.SECTION_MODULES[0] == "tools.bench"


def test_the_validate_lines_race_times_both_and_refuses_an_invalid_corpus(tmp_path: Path) -> None:
    """``validate-lines`` times the validator and json.loads on the same file; an invalid game spoils the measure."""
    logs = [play_game("kap-tai-shap", players=6, seed=seed) for seed in range(3)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(dumps_log_line(log) + "\n" for log in logs), encoding="utf-8")
    validated, loaded = lines_race(str(path), games=3, rounds=2)
    assert validated > 0 and loaded > 0
    logs[1]["events"][0]["seat"] = (logs[1]["events"][0]["seat"] + 1) % 6  # out of turn: kts.turn.order
    path.write_text("".join(dumps_log_line(log) + "\n" for log in logs), encoding="utf-8")
    with pytest.raises(AssertionError):
        lines_race(str(path), games=3, rounds=1)


def test_the_validate_jobs_run_times_the_command_and_refuses_an_invalid_corpus(tmp_path: Path) -> None:
    """``validate-jobs`` times ``gupai validate --jobs N`` in a fresh process; an invalid game spoils the measure."""
    from tools.bench_validate import validate_run

    path = tmp_path / "games.jsonl"
    path.write_text(dumps_log_line(play_game("kap-shap", seed=1)) + "\n", encoding="utf-8")
    wall, cpu = validate_run(path, 2)
    assert wall > 0 and cpu > 0
    path.write_text(path.read_text(encoding="utf-8") + "{}\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"gupai validate --jobs 2 .* failed"):
        validate_run(path, 2)
