"""The how-to-play pages' sample games: real games of the reference engine, followed faithfully."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from site_hooks import sample

from gupai.log.tsung import tsung_transcript
from gupai.log.validate import validate_log
from tests.site_build import ROOT

TSUNG_LOGS = sorted((ROOT / "conformance" / "tsung-shap" / "valid").glob("*.json"))


@pytest.mark.parametrize("key", sorted(sample.SAMPLES))
def test_each_sample_game_is_a_valid_finished_game(key: str) -> None:
    log = sample.sample_log(key)
    assert validate_log(log) == []
    assert log["result"].get("winner") is not None  # a game a newcomer can follow to its end
    kinds = {e["type"] for e in log["events"]}
    if key == "tsung-shap-four-tile":
        # the German game: four tiles in hand from a shared stock, pairs, triples and a sweep
        assert log["preset"] == "spieltdomino" and log["deal"]["piles"] is None and len(log["deal"]["hands"]) == 2
        assert {"lay", "capture", "refill"} <= kinds and "reveal" not in kinds
        assert {e["kind"] for e in log["events"] if e["type"] == "capture"} == {"pair", "triple"}
        assert any(e.get("sweep") for e in log["events"])
    elif key == "tsung-shap":
        assert {"capture", "claim"} <= kinds and any(e.get("sweep") for e in log["events"])
    else:
        assert {"take", "draw", "discard", "declare"} <= {e["type"] for e in log["events"]}


@pytest.mark.parametrize("path", TSUNG_LOGS, ids=[p.stem for p in TSUNG_LOGS])
def test_the_row_agrees_with_the_engines_transcript(path: Path) -> None:
    log = json.loads(path.read_text(encoding="utf-8"))
    row = sample.TsungRow()
    for event in log["events"]:
        row.apply(event)
    turns = [line for line in tsung_transcript(log) if line.startswith("turn ")]
    last = turns[-1].rsplit("   | ", 1)[1]
    assert (re.findall(r"\[([1-6]-[1-6])\]", last) if last != "(empty)" else []) == row.tiles


def test_the_kap_shap_sample_shows_every_turn_and_the_winning_split() -> None:
    log = sample.sample_log("kap-shap")
    html = sample.sample_html("kap-shap", "kap-shap/index.md")
    links = re.findall(r'<a class="turn-no" href="([^"]*)"[^>]*>Turn (\d+)</a>', html)
    turns = [number for _href, number in links]
    assert turns == [str(n) for n in range(1, len(turns) + 1)]
    assert int(turns[-1]) >= log["result"]["turns"]
    # each turn's number opens the viewer on the sample game just after that turn's last event:
    # a turn is a run of events of one seat
    ends = [
        i + 1
        for i, e in enumerate(log["events"])
        if i + 1 == len(log["events"]) or log["events"][i + 1]["seat"] != e["seat"]
    ]
    assert [h for h, _n in links] == [f"../viewer.html?log=kap-shap/sample/how-to-play#event={n}" for n in ends]
    split = log["result"]["decomposition"]
    result = html[html.index('class="sample-result"') :]
    drawn = re.findall(r'alt="\[([1-6]-[1-6])\]"', result)
    assert sorted(drawn) == sorted([*split["eye"], *(t for pair in split["pairs"] for t in pair)])
    assert 'class="act take"' in html and 'class="act draw"' in html


def test_the_tsung_shap_sample_shows_the_row_growing_as_the_transcript_does() -> None:
    log = sample.sample_log("tsung-shap")
    html = sample.sample_html("tsung-shap", "tsung-shap/index.md")
    rows = [
        re.findall(r'alt="\[([1-6]-[1-6])\]"', line) for line in re.findall(r'<div class="row-line">(.*?)</div>', html)
    ]
    turns = [line for line in tsung_transcript(log) if line.startswith("turn ")]
    assert len(rows) == len(turns)
    for shown, line in zip(rows, turns, strict=True):
        written = line.rsplit("   | ", 1)[1]
        assert shown == (re.findall(r"\[([1-6]-[1-6])\]", written) if written != "(empty)" else []), line
    assert max(len(r) for r in rows) >= 3
    assert html.count('class="mark sweep"') >= 1 + sum(1 for e in log["events"] if e.get("sweep"))  # and the legend


def test_the_four_tile_sample_follows_its_hands_and_stock() -> None:
    """The four-tile sample shows both hands after every turn as the log leaves them, and the stock running down."""
    log = sample.sample_log("tsung-shap-four-tile")
    html = sample.sample_html("tsung-shap-four-tile", "tsung-shap/four-tile.md")
    states = re.findall(r'<p class="turn-state">(.*?)</p>', html)
    turns = [line for line in tsung_transcript(log) if line.startswith("turn ")]
    assert len(states) == len(turns) == log["result"]["turns"]
    hands = [list(h) for h in log["deal"]["hands"]]
    stock = len(log["deal"]["stock"])
    for event in log["events"]:
        if event["type"] == "lay":
            hands[event["seat"]].remove(event["tile"])
        elif event["type"] == "refill":
            hands[event["seat"]].append(event["tile"])
            stock -= 1
    last = states[-1]
    shown = re.findall(r'alt="\[([1-6]-[1-6])\]"', last)
    assert sorted(shown) == sorted(hands[0] + hands[1])
    assert stock == 0 and "stock" not in last  # the stock ran out before the hands did
    assert "?log=tsung-shap/sample/four-tile#event=" in html
