"""The ``gupai tiles``, ``gupai pairs`` and ``gupai hand`` commands and their JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from gupai.cli import main

FACE = re.compile(r"[1-6]-[1-6]")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="gupai")


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def is_face(text: object) -> bool:
    return isinstance(text, str) and FACE.fullmatch(text) is not None and text[0] >= text[2]


# ------------------------------------------------------------------ tiles
def test_tiles_json_lists_the_21_kinds() -> None:
    kinds = run_json("tiles")
    assert isinstance(kinds, list) and len(kinds) == 21
    assert all(set(k) == {"face", "series", "copies", "rank", "pips", "english", "cantonese", "chinese"} for k in kinds)
    assert all(is_face(k["face"]) for k in kinds)
    assert sum(k["copies"] for k in kinds) == 32
    assert {k["series"] for k in kinds} == {"civil", "military"}
    assert all(k["pips"] == int(k["face"][0]) + int(k["face"][2]) for k in kinds)
    assert kinds[0]["face"] == "6-6" and kinds[0]["chinese"] == "天"


def test_tiles_text_names_both_series() -> None:
    result = run("tiles")
    assert result.exit_code == 0
    assert "civil (22 tiles, 11 kinds):" in result.output
    assert "military (10 tiles, 10 kinds):" in result.output
    assert "[6-6] x2" in result.output


# ------------------------------------------------------------------ pairs
@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
@pytest.mark.parametrize(
    ("args", "count"),
    [
        ((), 24),
        (("--preset", "pagat"), 21),
        (("--preset", "celko"), 14),
        (("-o", "four-two-value=6"), 23),
        # the printed table is printed: pagat's five twenties and sixteen tens, whatever [4-2] counts
        (("--option", "pair-set=printed", "-o", "four-two-value=6"), 21),
    ],
)
def test_pairs_json_is_a_list_of_two_tile_lists(game: str, args: tuple[str, ...], count: int) -> None:
    pairs = run_json("pairs", game, *args)
    assert isinstance(pairs, list) and len(pairs) == count
    assert all(isinstance(p, list) and len(p) == 2 and all(is_face(t) for t in p) for p in pairs)
    assert all(p[0] >= p[1] for p in pairs)  # greater tile first (same-length faces order as strings)


#: pagat's printed table of K'ap Tai Shap (source 004): five twenties, then sixteen tens, as printed.
PAGAT_TABLE = [
    *[("6-6", "6-2"), ("6-6", "5-3"), ("6-6", "4-4"), ("6-4", "6-4"), ("5-5", "5-5")],
    *[("6-2", "1-1"), ("6-1", "2-1"), ("6-1", "4-2"), ("5-3", "1-1"), ("5-2", "2-1"), ("5-2", "4-2")],
    *[("5-1", "3-1"), ("5-1", "2-2"), ("4-4", "1-1"), ("4-3", "2-1"), ("4-3", "4-2"), ("4-1", "3-2")],
    *[("4-1", "4-1"), ("3-3", "3-1"), ("3-3", "2-2"), ("3-2", "3-2")],
]


def _face(tile: str) -> tuple[int, ...]:
    return tuple(int(end) for end in tile.split("-"))


def test_pairs_json_is_pagats_printed_table_greatest_pair_first() -> None:
    pairs = run_json("pairs", "--preset", "pagat")
    assert sorted(tuple(p) for p in pairs) == sorted(PAGAT_TABLE)
    keys = [(_face(a), _face(b)) for a, b in pairs]
    assert keys == sorted(keys, reverse=True)


def test_pairs_text_groups_twenties_and_tens() -> None:
    result = run("pairs", "--game", "kap-shap", "--preset", "pagat")
    assert result.exit_code == 0
    assert "Kap Shap, preset pagat: 21 kinds of ten-pair" in result.output
    assert "  20: [6-6]+[6-2]" in result.output
    assert "[6-5]" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-o", "pair-set=sometimes"), "option 'pair-set' of kap-shap has no value 'sometimes'"),
        (("-o", "colour=red"), "kap-shap has no option 'colour'"),
        (("-o", "pair-set"), "option 'pair-set' is not KEY=VALUE"),
        (("--preset", "hoyle"), "kap-shap has no preset 'hoyle'"),
    ],
)
def test_pairs_rejects_bad_options_with_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run("pairs", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Usage: gupai pairs")  # click's error style, as for any usage error
    flag = "'--preset'" if args[0] == "--preset" else "'-o' / '--option'"
    assert f"Error: Invalid value for {flag}: {message}" in result.stderr
    assert "Traceback" not in result.output


# ------------------------------------------------------------------- hand
KS_WIN = ("6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "2-1")


def test_hand_json_of_a_winning_hand() -> None:
    report = run_json("hand", *KS_WIN)
    assert {"winning", "decompositions", "distance"} <= set(report)
    assert {"game", "preset", "options", "sets", "tiles"} <= set(report)
    assert report["winning"] is True
    assert report["distance"] == 0
    assert report["decompositions"] == [
        {"eye": ["6-6", "6-6"], "pairs": [["6-4", "6-4"], ["5-1", "3-1"], ["4-3", "2-1"]]}
    ]
    assert (report["game"], report["preset"], report["sets"]) == ("kap-shap", "culin", 1)
    assert report["options"]["pair-set"] == "arithmetic"
    assert report["tiles"] == sorted(KS_WIN, reverse=True)


def test_hand_json_of_a_hand_that_is_not_winning() -> None:
    report = run_json("hand", "6-6", "6-6", "6-4", "6-4", "5-1", "3-1", "4-3", "6-5")
    assert (report["winning"], report["decompositions"], report["distance"]) == (False, [], 1)


def test_hand_json_with_several_splits_and_sets() -> None:
    hand = ("6-3", "6-3", "6-6", "4-4", "5-5", "5-5", "6-4", "6-4", "4-1", "3-2")
    report = run_json("hand", "--game", "kap-tai-shap", "--sets", "4", *hand)
    assert report["winning"] is True
    assert report["sets"] == 4
    assert [d["eye"] for d in report["decompositions"]] == [["6-3", "6-3"], ["6-3", "6-3"]]
    assert all(set(d) == {"eye", "pairs"} and len(d["pairs"]) == 4 for d in report["decompositions"])
    civil = run_json("hand", "--game", "kap-tai-shap", "--sets", "4", "-o", "eye=civil", *hand)
    assert (civil["winning"], civil["distance"]) == (False, 1)


def test_hand_accepts_any_spelling() -> None:
    report = run_json("hand", "[6:6]", "6-6", "4-6", "6/4", "1-5", "1-3", "3-4", "1-2")
    assert report["winning"] is True


def test_hand_text() -> None:
    result = run("hand", *KS_WIN)
    assert result.exit_code == 0
    assert "winning: 1 split\n" in result.output
    assert "eye 6-6 6-6, pairs 6-4+6-4 5-1+3-1 4-3+2-1" in result.output
    short = run("hand", "6-6", "6-6", "6-4")
    assert "not winning: 5 tiles from a winning hand of 8" in short.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7-1",), "token 1 '7-1' is not a tile"),
        (("6-6", "6-6", "0-1"), "token 3 '0-1' is not a tile"),
        (("6-6", "6-6", "6-6"), "hand has 3 copies of [6-6], but one set holds only 2"),
        (("6-3", "6-3"), "hand has 2 copies of [6-3], but one set holds only 1"),
        ((*KS_WIN, "1-1"), "hand has 9 tiles; a hand holds at most 8"),
        (("kap-tai-shap", "--sets", "2", "6-3", "6-3", "6-3"), "3 copies of [6-3], but 2 sets hold only 2"),
        (("--sets", "2", *KS_WIN), "Kap Shap is played with one set, not 2"),
        (("kap-tai-shap", "--players", "20", "--sets", "5", *KS_WIN), "too few to deal 181 tiles"),
    ],
)
def test_bad_hands_exit_2_with_a_message_and_no_traceback(args: tuple[str, ...], message: str) -> None:
    result = run("hand", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Usage: gupai hand")
    error_lines = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(error_lines) == 1 and message in error_lines[0]
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_the_installed_command_exits_2_on_a_bad_token() -> None:
    """The console script itself, not only the click group, turns errors into exit 2."""
    script = Path(sys.executable).parent / "gupai"
    if not script.exists():  # pragma: no cover - only outside the project's virtualenv
        pytest.skip("the gupai console script is not installed next to this python")
    done = subprocess.run([str(script), "hand", "7-1"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "'7-1' is not a tile" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
