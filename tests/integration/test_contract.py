"""The frozen contract: a released meaning never changes without an entry saying how the old one stays readable.

``spec/contract.yaml`` records version 1 of the protocol and the log format
as released (each option's values, their readings and the version-1
default) and every change of meaning since. The truth it is held to is the
kit's own past: the spec of the first corpus release (commit df20720) is in
``fixtures/first-corpus/options.json`` (values) and the contract (defaults,
readings, and the presets, which the first corpus's logs play). These tests
read the YAML files directly, so that a scratch copy of ``spec/`` can be
checked the same way.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from gupai.core.options import read_options, written_options
from gupai.core.pairs import pair_rules_from_options
from gupai.core.spec import game_spec, games
from gupai.core.tiles import Tile
from gupai.log.format import LOG_VERSION, LOG_VERSIONS
from gupai.log.validate import log_notes, validate_log

ROOT = Path(__file__).resolve().parents[2]
FIRST_OPTIONS: dict[str, dict[str, list[str]]] = json.loads(
    (Path(__file__).parent / "fixtures" / "first-corpus" / "options.json").read_text(encoding="utf-8")
)


def _text(value: Any) -> str:
    return " ".join(str(value).split())


def contract_breaks(spec: Path) -> list[str]:
    """Every way ``spec`` (a copy of ``spec/``) departs from its contract without an entry saying so."""
    contract = yaml.safe_load((spec / "contract.yaml").read_text(encoding="utf-8"))
    changes = contract.get("changes") or []
    found: list[str] = []
    for game, options in contract["games"].items():
        doc = yaml.safe_load((spec / "games" / f"{game}.yaml").read_text(encoding="utf-8"))
        for key, frozen in options.items():
            now = doc["options"].get(key)
            if now is None:
                found.append(f"{game}: option {key} of version 1 is gone")
                continue
            if "since" in now:
                found.append(f"{game}: option {key} of version 1 says it was added later")
            default = str(now["default"])
            if default != str(frozen["default"]):
                entry = [
                    c
                    for c in changes
                    if (c["game"], c.get("option"), c["kind"]) == (game, key, "default") and str(c["now"]) == default
                ]
                if not entry:
                    found.append(
                        f"{game}: {key}'s default is {default}, version 1's {frozen['default']}, and no change "
                        "entry says so"
                    )
            retired = {str(r["value"]) for r in now.get("retired", ())}
            for value, reading in frozen["values"].items():
                if str(value) in retired:
                    continue
                if str(value) not in {str(v) for v in now["values"]}:
                    found.append(f"{game}: {key}={value} of version 1 is neither offered nor retired")
                    continue
                text = _text(now["values"][value] if value in now["values"] else now["values"][str(value)])
                if text == _text(reading):
                    continue
                entry = [
                    c
                    for c in changes
                    if (c["game"], c.get("option"), str(c.get("value"))) == (game, key, str(value))
                    and c["kind"] in ("reading", "clarification", "reworded")
                    and _text(c["now"]) == text
                ]
                if not entry:
                    found.append(f"{game}: the reading of {key}={value} changed, and no change entry says so")
    for change in changes:
        if not _text(change.get("kept", "")):
            found.append(f"{change['game']}: the change of {change.get('option')} says not how the old meaning is kept")
    return found


def test_the_spec_keeps_every_meaning_of_version_1_or_says_how_it_changed() -> None:
    assert contract_breaks(ROOT / "spec") == []


@pytest.mark.parametrize(
    ("what", "old", "new"),
    [
        ("a default", "    default: any\n", "    default: latest\n"),
        ("a reading", "latest: Only the most recent discard.", "latest: Only the discard just made."),
        ("a value", "      latest: Only the most recent discard.\n", ""),
    ],
)
def test_a_change_in_a_scratch_copy_of_spec_fails_the_contract_until_an_entry_records_it(
    tmp_path: Path, what: str, old: str, new: str
) -> None:
    spec = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec)
    path = spec / "games" / "kap-shap.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, what
    path.write_text(text.replace(old, new), encoding="utf-8")
    broken = contract_breaks(spec)
    assert len(broken) == 1 and "kap-shap" in broken[0] and "take" in broken[0], broken
    if what == "a value":
        return  # a value of version 1 cannot go; it can only be retired with what it means
    entry = {"date": "2099-01-01", "game": "kap-shap", "option": "take", "kept": "a test's new version"}
    if what == "a default":
        entry |= {"kind": "default", "was": "any", "now": "latest"}
    else:
        entry |= {"kind": "reading", "value": "latest", "now": "Only the discard just made."}
    doc = yaml.safe_load((spec / "contract.yaml").read_text(encoding="utf-8"))
    doc["changes"].append(entry)
    (spec / "contract.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert contract_breaks(spec) == []


def test_the_contract_holds_the_first_release_s_options_and_values() -> None:
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    frozen = {
        game: {k: sorted(map(str, o["values"])) for k, o in opts.items()} for game, opts in contract["games"].items()
    }
    assert frozen == {game: {k: sorted(v) for k, v in opts.items()} for game, opts in FIRST_OPTIONS.items()}


def test_an_option_left_out_under_protocol_1_means_its_version_1_default_not_today_s() -> None:
    option = game_spec("tsung-shap").option("lone-tile")
    assert (option.default, option.absent) == ("pair", "no-capture")
    assert read_options("tsung-shap", {})["lone-tile"] == "no-capture"
    for game in games():
        for opt in game_spec(game).options:
            if opt.since is None:
                assert (
                    opt.absent
                    == yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text())["games"][game][opt.key]["default"]
                )


def test_new_logs_are_format_2_and_the_schema_reads_1_and_2() -> None:
    assert LOG_VERSION == 2 and LOG_VERSIONS == (1, 2)
    schema = json.loads((ROOT / "schemas" / "game-log.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["version"]["enum"] == [1, 2]


def test_a_format_1_log_of_printed_at_6_keeps_its_reading_and_format_2_the_corrected_one() -> None:
    options = read_options("kap-tai-shap", {"pair-set": "printed", "four-two-value": "6"}).as_dict()
    old, new = (
        pair_rules_from_options(
            read_options("kap-tai-shap", written_options({"version": v, "game": "kap-tai-shap", "options": options}))
        )
        for v in (1, 2)
    )
    # With [4-2] at 6, the arithmetic makes [4-2]+[2-2] a ten; the printed table does not print it.
    assert old.is_pair(Tile("4-2"), Tile("2-2")) and not new.is_pair(Tile("4-2"), Tile("2-2"))
    # ... and with [4-2] at 6 it no longer makes ten with the sevens the printed table pairs it with
    assert not old.is_pair(Tile("4-2"), Tile("6-1")) and new.is_pair(Tile("4-2"), Tile("6-1"))


def test_the_first_release_s_celko_logs_validate_and_say_they_use_a_retired_reading() -> None:
    from tests.integration.test_versions import first_corpus

    noted = {}
    for name, doc in first_corpus():
        assert validate_log(doc) == [], name
        if log_notes(doc):
            noted[name] = log_notes(doc)
    # every log of printed with [4-2] at 6 (the first release's celko preset) is read so, and is told
    docs = dict(first_corpus())
    printed_at_6 = {
        name
        for name, doc in docs.items()
        if (doc["options"].get("pair-set"), doc["options"].get("four-two-value")) == ("printed", "6")
    }
    assert sorted(noted) == sorted(printed_at_6) and len(noted) == 8
    assert all("retired reading" in notes[0] and "pair-set=printed" in notes[0] for notes in noted.values())
    # read as format 2 (the corrected table), two of them break the rule it corrects
    refused = {
        name: [i.rule for i in validate_log({**docs[name], "version": 2})][:1]
        for name in noted
        if validate_log({**docs[name], "version": 2})
    }
    assert refused == {
        "conformance/kap-tai-shap/valid/celko-10p-greedy-seed1.json": ["kts.pair.ten"],
        "conformance/kap-tai-shap/valid/celko-5p-greedy-seed1.json": ["kts.declare"],
    }


def test_every_preset_value_of_an_option_added_later_other_than_its_old_reading_is_recorded() -> None:
    """A preset that plays an option added after version 1 at another value than its old reading plays other
    games from that day, though no log or request changes meaning: spec/contract.yaml lists each such value."""
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    listed = {
        (c["game"], preset, c["option"], str(c["value"]))
        for c in contract["preset-changes"]
        for preset in c["presets"]
        if _text(c.get("kept", ""))
    }
    found = set()
    for game in games():
        spec = game_spec(game)
        for preset in spec.presets:
            values = preset.as_dict()
            for option in spec.options:
                value = values[option.key]
                if option.since is not None and value != option.absent and option.inert_under(values) is None:
                    found.add((game, preset.name, option.key, value))
    assert ("tsung-shap", "navpil-classic", "opening-end", "left") in found
    assert sorted(found - listed) == []


def preset_breaks(contract: dict[str, Any]) -> list[str]:
    """Every option a preset of version 1 plays at another meaning than it did then, unlisted in ``preset-changes``.

    What a preset played at the release is ``contract["presets"]`` read as a log of format 1 reads those values (a
    retired value as what it stands for, an option added later at its old reading); an option whose value changes
    nothing under both the old and the new values is no change. An entry of an option of version 1 names in ``was``
    the value the preset played then.
    """
    listed = {
        (c["game"], preset, c["option"], str(c["value"])): c
        for c in contract.get("preset-changes") or ()
        for preset in c["presets"]
        if _text(c.get("kept", ""))
    }
    found: list[str] = []
    for game, presets in contract["presets"].items():
        spec = game_spec(game)
        for name, values in presets.items():
            if name not in {p.name for p in spec.presets}:
                found.append(f"{game}: preset {name} of version 1 is gone")
                continue
            given = {str(k): str(v) for k, v in values.items()}
            then = read_options(game, written_options({"version": 1, "game": game, "options": given})).as_dict()
            now = spec.preset(name).as_dict()
            for option in spec.options:
                key = option.key
                if then[key] == now[key] or (option.inert_under(now) and option.inert_under(then)):
                    continue
                entry = listed.get((game, name, key, now[key]))
                if entry is None:
                    found.append(
                        f"{game}: preset {name} plays {key}={now[key]}, at the release {then[key]}, and no "
                        "preset-changes entry says so"
                    )
                elif option.since is None and str(entry.get("was")) != given[key]:
                    found.append(
                        f"{game}: the entry of preset {name}'s {key} says it was {entry.get('was')}, not {given[key]}"
                    )
    return found


def test_every_change_of_what_a_preset_of_version_1_plays_is_recorded() -> None:
    """A preset of version 1 that plays an option at another meaning than at the release (an option of version 1
    included) plays other games from that day: spec/contract.yaml lists each change with what it played then."""
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    assert preset_breaks(contract) == []
    # the record is version 1's presets, each naming every option of version 1 (an sdist holds no git history)
    assert {game: set(presets) for game, presets in contract["presets"].items()} == {
        "kap-shap": {"culin", "pagat", "celko", "crook", "gupai-site", "latest-then-draw", "one-tile"},
        "kap-tai-shap": {"culin", "pagat", "celko", "crook", "gupai-site", "latest-then-draw", "one-tile"},
        "tsung-shap": {"culin", "pagat-old", "spieltdomino", "navpil-classic", "navpil-spieldomino", "gupai-site"},
    }
    for game, presets in contract["presets"].items():
        for values in presets.values():
            assert sorted(values) == sorted(FIRST_OPTIONS[game]) and all(
                str(v) in FIRST_OPTIONS[game][k] for k, v in values.items()
            )


@pytest.mark.parametrize(
    ("game", "preset", "option", "why"),
    [
        ("kap-tai-shap", "latest-then-draw", "discard-taken", "an option of version 1"),
        ("tsung-shap", "gupai-site", "lone-tile", "a retired value whose reading changed"),
        ("tsung-shap", "gupai-site", "lone-score", "an option added later, read from a retired value"),
        ("kap-shap", "celko", "pair-set", "a value with a format-1 reading"),
    ],
)
def test_a_preset_change_left_out_of_the_contract_fails_it(game: str, preset: str, option: str, why: str) -> None:
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    for entry in contract["preset-changes"]:
        if (entry["game"], entry["option"]) == (game, option) and preset in entry["presets"]:
            entry["presets"] = [p for p in entry["presets"] if p != preset]
    broken = preset_breaks(contract)
    assert len(broken) == 1 and broken[0].startswith(f"{game}: preset {preset} plays {option}="), (why, broken)


def test_a_preset_change_whose_entry_says_another_old_value_or_an_unrecorded_release_value_fails() -> None:
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    # an entry must say what the preset played
    entry = next(c for c in contract["preset-changes"] if c["option"] == "discard-taken")
    entry["was"] = "forbidden"
    assert [b for b in preset_breaks(contract) if "says it was forbidden" in b] != []
    # a preset of version 1 recorded as playing take=any, which one-tile never did: the change it implies is unlisted
    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    contract["presets"]["kap-shap"]["one-tile"]["take"] = "any"
    assert preset_breaks(contract) == [
        "kap-shap: preset one-tile plays take=latest, at the release any, and no preset-changes entry says so"
    ]


def test_the_first_corpus_plays_version_1_s_presets_and_keeps_its_meaning_where_they_changed() -> None:
    """Each log of the first release names its preset and plays its recorded values (bar the options its file name
    sets); those the preset-changes entries name as breaking today's values validate as written."""
    from tests.integration.test_versions import first_corpus

    contract = yaml.safe_load((ROOT / "spec" / "contract.yaml").read_text(encoding="utf-8"))
    seen = set()
    changed = {}
    for name, doc in first_corpus():
        game, preset = doc["game"], doc["preset"]
        recorded = {k: str(v) for k, v in contract["presets"][game][preset].items()}
        stem = Path(name).stem
        assert {k for k in recorded if doc["options"][k] != recorded[k]} <= {k for k in recorded if f"{k}=" in stem}
        if "=" in stem:
            continue
        seen.add((game, preset))  # a log that sets no option itself: the preset's values, every one
        now = game_spec(game).preset(preset).as_dict()
        if any(now[k] != v for k, v in doc["options"].items()):
            assert validate_log(doc) == [], name
            issues = validate_log({**doc, "version": 2, "options": now})
            if issues:
                changed[stem if game == "kap-tai-shap" else f"{game}/{stem}"] = issues[0].rule
    assert seen == {(game, preset) for game, presets in contract["presets"].items() for preset in presets}
    assert changed == {
        "kap-shap/gupai-site-2p-random-seed2": "ks.turn.discard",
        "kap-shap/latest-then-draw-2p-random-seed2": "ks.turn.discard",
        "gupai-site-2p-random-seed2": "kts.turn.discard",
        "gupai-site-5p-random-seed2": "kts.turn.discard",
        "gupai-site-10p-random-seed2": "kts.turn.discard",
        "latest-then-draw-5p-random-seed2": "kts.turn.discard",
        "latest-then-draw-10p-random-seed2": "kts.turn.discard",
        "celko-5p-greedy-seed1": "kts.pair.ten",
        "celko-10p-greedy-seed1": "kts.pair.ten",
        "tsung-shap/gupai-site-greedy-seed1": "ts.deal",
        "tsung-shap/gupai-site-random-seed2": "ts.deal",
        # restart=before-refill, an option added later (its entry of 2026-11-26): the restart tile laid after the refill
        "tsung-shap/navpil-spieldomino-greedy-seed1": "ts.german.choices",
        "tsung-shap/navpil-spieldomino-random-seed3": "ts.german.choices",
    }


BEFORE_OPENING_END = Path(__file__).parent / "fixtures" / "before-opening-end"


def _second_lay_ends(options: dict[str, str]) -> list[str]:
    """The ends the reference offers for the second opening tile of a game asked with ``options``."""
    from gupai.protocol.messages import PROTOCOL_VERSION
    from gupai.protocol.server import ReferenceEngine

    engine = ReferenceEngine()
    engine.handle({"id": 0, "cmd": "start", "protocol": PROTOCOL_VERSION})
    doc = json.loads((BEFORE_OPENING_END / "navpil-classic-match-game-2-seat-1-first-seed2.json").read_text())
    deal = {"order": doc["deal"]["order"], "first_player": 0}  # a set's shuffled order (the fixture's)
    request = {"id": 1, "cmd": "new_game", "game": "tsung-shap", "options": options, "players": 2, "sets": 1}
    assert engine.handle({**request, "deal": deal})["answer"] == "ok"
    first = engine.handle({"id": 2, "cmd": "legal_actions"})["actions"][0]
    assert engine.handle({"id": 3, "cmd": "apply", "action": first})["answer"] == "ok"
    return sorted(a["end"] for a in engine.handle({"id": 4, "cmd": "legal_actions"})["actions"])


def test_navpil_s_classic_presets_lay_the_second_opening_tile_at_the_left_and_older_logs_keep_their_meaning() -> None:
    # navpil's TsungShap.runSimulation lays the second opening tile with row.addFirst when the second put is
    # obligatory (its classic and poorPairs rule sets): at the left end, never at the right
    for name in ("navpil-classic", "navpil-poor-pairs"):
        assert game_spec("tsung-shap").preset(name).as_dict()["opening-end"] == "left"
        values = read_options("tsung-shap", game_spec("tsung-shap").preset(name).as_dict()).as_dict()
        assert _second_lay_ends(values) == ["left"]
    # a request without the option (an engine or a log older than it) means its old reading: either end
    assert _second_lay_ends({}) == _second_lay_ends({"opening-end": "either-end"}) == ["left", "right"]
    # the corpus's navpil-classic match game as written on 2026-11-26: it names the preset, not the option,
    # and laid the second opening tile at the right; it stays valid, read as it was written
    doc = json.loads((BEFORE_OPENING_END / "navpil-classic-match-game-2-seat-1-first-seed2.json").read_text())
    assert doc["preset"] == "navpil-classic" and "opening-end" not in doc["options"]
    assert [e["end"] for e in doc["events"] if e["type"] == "lay"][1] == "right"
    assert validate_log(doc) == [] and log_notes(doc) == []
    assert read_options("tsung-shap", doc["options"])["opening-end"] == "either-end"
    # under the preset's values today the same game breaks the opening rule at that tile (event 3)
    today = {**doc, "options": {**doc["options"], "opening-end": "left"}}
    assert [(i.event, i.rule) for i in validate_log(today)][:1] == [(3, "ts.opening")]
    # an engine older than the option (navpil's values, opening-end unlisted) is asked the corpus's navpil-classic
    # logs under its old reading, the reference's verdict being the same
    from gupai.conformance.cases import Claims, collect_cases, requirement_gap
    from gupai.conformance.readings import reading_for
    from gupai.conformance.runner import run_scenario

    listed = {
        k: [v] for k, v in game_spec("tsung-shap").preset("navpil-classic").as_dict().items() if k != "opening-end"
    }
    claims = Claims.from_hello({"protocol": 1, "games": {"tsung-shap": {"options": listed}}})
    logs = [c for c in collect_cases() if c.id.startswith("log:tsung-shap/valid/navpil-classic-")]
    assert len(logs) == 3 and all(dict(c.options)["opening-end"] == "left" for c in logs)
    assert all((requirement_gap(c, claims) or "").startswith("needs option opening-end=left") for c in logs)
    readings = [reading_for(c, claims, run_scenario) for c in logs]
    assert [r.options if r else None for r in readings] == [{"opening-end": "either-end"}] * 3
