"""navpil's own games, as navpil plays them (Tsung Shap, Kap Shap, Kap Tai Shap, each as a match), validate under
the navpil-* presets; the kit's matches hand the first turn on as navpil's own code does.

The truth is a third-party engine: navpil's Java simulator (its source in the
mirror of navpil/gupai), compiled here with ``navpil/GupaiTsungLog.java`` and
``navpil/GupaiKapLog.java``, which run navpil's game loops statement for
statement and write each game as a gupai log: its deal order (Tsung Shap: the
first half of the shuffled set to seat 0; Kap: the hands from seat 0), its
first player (seat 0, then navpil's nextPlayerCalculation), its restart order
(the four-tile restart laid before the refills). Only the split of a declared
Kap hand is the kit's (navpil keeps its own private). The kit must accept every
game under the preset named after the rule set, and refuse them under the
readings navpil does not play.
"""

from __future__ import annotations

import collections
import copy
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.log.format import LOG_FORMAT, LOG_VERSION, dumps_log_line
from gupai.log.read import validate_text

pytestmark = pytest.mark.slow

REPO = Path(os.environ.get("GUPAI_NAVPIL_REPO", "/work/.mirror/navpil+gupai/repo"))
LOGGER = Path(__file__).with_name("navpil") / "GupaiTsungLog.java"
NEXT_PLAYER = Path(__file__).with_name("navpil") / "GupaiNextPlayer.java"
KAP_LOGGER = Path(__file__).with_name("navpil") / "GupaiKapLog.java"
PRESETS = {"classic": "navpil-classic", "poorPairs": "navpil-poor-pairs", "spieldomino": "navpil-spieldomino"}
GAMES = 300


@pytest.fixture(scope="module")
def navpil_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("javac") is None or shutil.which("java") is None or not REPO.exists():
        pytest.skip(f"needs java, javac and navpil's source (a git dir at {REPO}, or $GUPAI_NAVPIL_REPO)")
    root = tmp_path_factory.mktemp("navpil")
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "HEAD", "src/main/java"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "x", "-C", str(root)], input=archive, check=True)
    sources = sorted(str(p) for p in (root / "src" / "main" / "java").rglob("*.java"))
    classes = root / "classes"
    javac = ["javac", "-nowarn", "-d", str(classes), *sources, str(LOGGER), str(NEXT_PLAYER), str(KAP_LOGGER)]
    subprocess.run(javac, capture_output=True, check=True)
    return classes


def _navpil_logs(classes: Path, variant: str, *, games: int = GAMES, seed: int = 7) -> list[dict[str, Any]]:
    done = subprocess.run(
        [
            "java",
            "-cp",
            str(classes),
            "io.github.navpil.gupai.fishing.tsungshap.GupaiTsungLog",
            variant,
            str(games),
            str(seed),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def _as_logs(bodies: list[dict[str, Any]], preset: str, **overrides: str) -> str:
    options = resolve_options("tsung-shap", preset=preset, overrides=overrides or None)
    lines = []
    for body in bodies:
        header = {"format": LOG_FORMAT, "version": LOG_VERSION, "game": "tsung-shap", "preset": preset}
        header |= {"options": options.as_dict(), "players": 2, "sets": 1, "agents": ["navpil-java", "navpil-java"]}
        lines.append(dumps_log_line(header | {k: v for k, v in body.items() if k != "x-navpil-bad"}))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("variant", list(PRESETS))
def test_navpils_games_validate_under_its_preset(navpil_classes: Path, variant: str) -> None:
    bodies = _navpil_logs(navpil_classes, variant)
    assert len(bodies) == GAMES
    assert not any(body["x-navpil-bad"] for body in bodies), "navpil took a triple from a lone tile"
    firsts = collections.Counter(body["deal"]["first_player"] for body in bodies)
    assert firsts[1] > GAMES // 5, "navpil's match hands the first turn on: seat 1 begins some games"
    issues = validate_text(_as_logs(bodies, PRESETS[variant]), file=f"{variant}.jsonl", lines=True)
    assert [str(issue) for issue in issues[:3]] == []


def test_the_kit_tells_navpils_readings_apart(navpil_classes: Path) -> None:
    """The same games are refused under the readings navpil does not play (the check above can fail)."""
    four = _navpil_logs(navpil_classes, "spieldomino", games=60)
    issues = validate_text(_as_logs(four, "navpil-spieldomino", restart="after-refill"), file="f.jsonl", lines=True)
    assert {issue.rule for issue in issues} == {"ts.german.choices"}
    classic = _navpil_logs(navpil_classes, "classic", games=60)
    seat_0 = [{k: v for k, v in body.items() if k != "match"} for body in classic]
    issues = validate_text(_as_logs(seat_0, "navpil-classic", **{"first-player": "seat-0"}), file="c.jsonl", lines=True)
    refused = {issue.game for issue in issues}
    assert {issue.rule for issue in issues} == {"ts.first-player"}
    assert refused == {n for n, body in enumerate(classic, start=1) if body["deal"]["first_player"] == 1}
    shuffled = [classic[0], classic[2], classic[1]]
    issues = validate_text(_as_logs(shuffled, "navpil-classic"), file="s.jsonl", lines=True)
    assert issues and {issue.rule for issue in issues} == {"ts.first-player"}
    # navpil lays the second opening tile of its hidden-tile games at the left end (opening-end=left): the same
    # games with that tile at the right, which navpil cannot play, are refused there
    assert {[e for e in body["events"] if e["type"] == "lay"][1]["end"] for body in classic} == {"left"}
    flipped = copy.deepcopy(classic[:5])
    for body in flipped:
        [e for e in body["events"] if e["type"] == "lay"][1]["end"] = "right"
    issues = validate_text(_as_logs(flipped, "navpil-classic"), file="r.jsonl", lines=True)
    assert {(issue.game, issue.rule) for issue in issues} == {(n, "ts.opening") for n in range(1, 6)}


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [
        ("kap-shap", "navpil-culin", None),
        ("kap-shap", "navpil-gin", None),
        ("kap-tai-shap", "navpil-classic", 4),
        ("tsung-shap", "navpil-classic", None),
        ("tsung-shap", "navpil-spieldomino", None),
    ],
)
def test_the_kits_matches_hand_the_first_turn_as_navpils_own_code(
    navpil_classes: Path, game: str, preset: str, players: int | None
) -> None:
    """Each next first player of ``play -n N`` is the one navpil's nextPlayerCalculation names."""
    from gupai.log.play import play_match

    logs = list(play_match(game, preset=preset, players=players, seed=11, count=40, agents=("random",)))
    asked = []
    for log in logs[:-1]:
        result = log["result"]
        if game == "tsung-shap":
            points = result["scores"]
        else:  # KapShap.statsFor: the winner 1; a game with no winner: nobody any
            points = [1 if seat == result["winner"] else 0 for seat in range(log["players"])]
        asked.append(" ".join(map(str, [log["deal"]["first_player"], *points])))
    done = subprocess.run(
        ["java", "-cp", str(navpil_classes), "io.github.navpil.gupai.util.GupaiNextPlayer"],
        input="\n".join(asked) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    navpil = [int(line) for line in done.stdout.split()]
    assert [log["deal"]["first_player"] for log in logs[1:]] == navpil
    assert logs[0]["deal"]["first_player"] == 0 and len(set(navpil)) > 1


KAP = [
    ("kap-shap", "culin", "navpil-culin", 2, 1, 200),
    ("kap-shap", "classic", "navpil-classic", 2, 1, 200),
    ("kap-shap", "gin", "navpil-gin", 2, 1, 200),
    ("kap-tai-shap", "classic", "navpil-classic", 10, 4, 60),
]


def _kap_logs(classes: Path, game: str, variant: str, preset: str, players: int, sets: int, games: int) -> list[str]:
    """navpil's games as logs: its bodies, the header, the settlement and the split of a declared hand."""
    from gupai.core.tiles import KIND_COUNT, Tile
    from gupai.games.kap.config import collecting_config

    main = "io.github.navpil.gupai.rummy.kapshap.GupaiKapLog"
    args = [variant, str(players), str(sets), str(games), "7"]
    done = subprocess.run(["java", "-cp", str(classes), main, *args], capture_output=True, text=True, check=True)
    options = resolve_options(game, preset=preset)
    evaluator = collecting_config(game, options, players=players, sets=sets).evaluator
    header = {"format": LOG_FORMAT, "version": LOG_VERSION, "game": game, "preset": preset}
    header |= {"options": options.as_dict(), "players": players, "sets": sets, "agents": ["navpil-java"] * players}
    lines = []
    for line in done.stdout.splitlines():
        body = json.loads(line)
        assert body.pop("x-navpil-cut") is False, "a navpil game with no end of its own"
        result, winner = body["result"], body["result"]["winner"]
        result["settlement"] = (
            [0] * players if winner is None else [players - 1 if s == winner else -1 for s in range(players)]
        )
        for event in body["events"]:
            if event["type"] == "declare":  # navpil's KapShapHand keeps its split private: any split of the hand
                counts = [0] * KIND_COUNT
                for face in event["hand"]:
                    counts[Tile(face).index] += 1
                event["decomposition"] = evaluator.decompositions(counts)[0].to_json()
                result |= {"hand": event["hand"], "decomposition": event["decomposition"]}
        lines.append(dumps_log_line(header | body))
    return lines


@pytest.mark.parametrize(
    ("game", "variant", "preset", "players", "sets", "games"), KAP, ids=[f"{k[0]}-{k[1]}" for k in KAP]
)
def test_navpils_kap_matches_validate_under_its_preset(
    navpil_classes: Path, game: str, variant: str, preset: str, players: int, sets: int, games: int
) -> None:
    lines = _kap_logs(navpil_classes, game, variant, preset, players, sets, games)
    assert len(lines) == games
    firsts = collections.Counter(json.loads(line)["deal"]["first_player"] for line in lines)
    assert len(firsts) > 1, "navpil's match hands the first turn on"
    issues = validate_text("\n".join(lines) + "\n", file=f"{variant}.jsonl", lines=True)
    assert [str(issue) for issue in issues[:3]] == []
    out_of_order = [lines[0], lines[2], lines[1], *lines[3:]]
    issues = validate_text("\n".join(out_of_order) + "\n", file=f"{variant}.jsonl", lines=True)
    assert issues and {issue.rule for issue in issues} == {f"{game_spec(game).prefix}.deal.first-player"}
