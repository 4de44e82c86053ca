"""The spec files: valid against ``schemas/spec.schema.json``, and consistent.

The schema checks each file's shape. The tests below check what a schema
cannot: that ids are unique across games, that every key one file or section
cites exists, that presets fix every option with a legal value, and that the
tile set is the Chinese set.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec"
SCHEMA_PATH = ROOT / "schemas" / "spec.schema.json"
SCHEMA_ID = "https://gupai.dev/schemas/spec.schema.json"

#: Each game's rule-id prefix.
PREFIXES = {"kap-shap": "ks", "kap-tai-shap": "kts", "tsung-shap": "ts"}
COLLECTING = ("kap-shap", "kap-tai-shap")

Doc = dict[str, Any]


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a mapping with a key twice (PyYAML keeps the last)."""


def _no_duplicates(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicates)


def load(path: Path) -> Doc:
    """One spec file, loaded strictly."""
    with open(path, encoding="utf-8") as handle:
        doc = yaml.load(handle, Loader=_StrictLoader)  # a SafeLoader subclass
    assert isinstance(doc, dict), f"{path.name} is not a mapping"
    return doc


def spec_files() -> list[Path]:
    return [SPEC / "sources.yaml", SPEC / "tiles.yaml", *sorted((SPEC / "games").glob("*.yaml"))]


@cache
def schema() -> dict[str, Any]:
    with open(SCHEMA_PATH, encoding="utf-8") as handle:
        result: dict[str, Any] = json.load(handle)
    return result


@cache
def validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def schema_errors(doc: Doc) -> list[str]:
    """Every schema error, as ``path: message``."""
    errors = sorted(validator().iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    return ["/".join(map(str, e.absolute_path)) + ": " + e.message for e in errors]


@cache
def games() -> dict[str, Doc]:
    return {path.stem: load(path) for path in sorted((SPEC / "games").glob("*.yaml"))}


@cache
def source_keys() -> frozenset[str]:
    return frozenset(entry["key"] for entry in load(SPEC / "sources.yaml")["sources"])


# --------------------------------------------------------------- the schema
def test_the_schema_is_a_valid_2020_12_schema_with_a_stable_id() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema()["$id"] == SCHEMA_ID
    assert {"sourcesFile", "tilesFile", "gameFile"} <= set(schema()["$defs"])


@pytest.mark.parametrize("path", spec_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_spec_file_is_valid(path: Path) -> None:
    assert schema_errors(load(path)) == []


def test_the_games_directory_holds_the_three_games() -> None:
    assert sorted(games()) == sorted(PREFIXES)
    for name, doc in games().items():
        assert doc["id"] == name, f"{name}.yaml has id {doc['id']!r}"


def _mutated(path: str, change: Any) -> Doc:
    doc = copy.deepcopy(load(SPEC / path))
    change(doc)
    return doc


def _set_face(doc: Doc) -> None:
    doc["kinds"][0]["face"] = "7-1"


def _set_status(doc: Doc) -> None:
    doc["rules"][0]["status"] = "done"


def _extra_rule_key(doc: Doc) -> None:
    doc["rules"][0]["sorces"] = ["culin"]


def _drop_rule_sources(doc: Doc) -> None:
    del doc["rules"][0]["sources"]


def _bad_rule_id(doc: Doc) -> None:
    doc["rules"][0]["id"] = "ks.Pair Ten"


def _unquoted_value(doc: Doc) -> None:
    doc["presets"]["culin"]["values"]["four-two-value"] = 3


def _yaml_no(doc: Doc) -> None:
    doc["presets"]["culin"]["values"]["opening-capture"] = False


def _bad_format(doc: Doc) -> None:
    doc["format"] = "gupai-spec/game/2"


def _civil_once(doc: Doc) -> None:
    doc["kinds"][0]["copies"] = 1


def _source_typo(doc: Doc) -> None:
    doc["sources"][0]["yaer"] = 1895


def _military_partner(doc: Doc) -> None:
    doc["kinds"][-1]["partner"] = "9"


@pytest.mark.parametrize(
    ("path", "change", "where"),
    [
        ("tiles.yaml", _set_face, "kinds/0/face"),
        ("tiles.yaml", _civil_once, "kinds/0/copies"),
        ("tiles.yaml", _military_partner, "kinds/20"),
        ("games/kap-shap.yaml", _set_status, "rules/0/status"),
        ("games/kap-shap.yaml", _extra_rule_key, "rules/0"),
        ("games/kap-shap.yaml", _drop_rule_sources, "rules/0"),
        ("games/kap-shap.yaml", _bad_rule_id, "rules/0/id"),
        ("games/kap-shap.yaml", _unquoted_value, "presets/culin/values/four-two-value"),
        ("games/tsung-shap.yaml", _yaml_no, "presets/culin/values/opening-capture"),
        ("games/kap-shap.yaml", _bad_format, "format"),
        ("sources.yaml", _source_typo, "sources/0"),
    ],
    ids=lambda v: getattr(v, "__name__", None) or str(v),
)
def test_the_schema_rejects_a_broken_file(path: str, change: Any, where: str) -> None:
    errors = schema_errors(_mutated(path, change))
    assert errors, "the schema accepted a broken file"
    assert any(e.startswith(where + ":") for e in errors), errors


def test_the_strict_loader_refuses_a_duplicate_key(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("a: 1\nb: 2\na: 3\n", encoding="utf-8")
    with pytest.raises(yaml.constructor.ConstructorError, match="duplicate key 'a'"):
        load(path)


# ------------------------------------------------------------- rule ids
def all_rules() -> list[tuple[str, Doc]]:
    return [(game, rule) for game, doc in games().items() for rule in doc["rules"]]


def test_rule_ids_are_unique_across_all_games() -> None:
    counts = Counter(rule["id"] for _, rule in all_rules())
    assert [rule_id for rule_id, n in counts.items() if n > 1] == []


def test_rule_ids_carry_their_games_prefix() -> None:
    wrong = [(game, rule["id"]) for game, rule in all_rules() if rule["id"].split(".")[0] != PREFIXES[game]]
    assert wrong == []


def test_a_rule_that_cites_no_source_is_implementation_defined() -> None:
    unsourced = [r["id"] for _, r in all_rules() if not r["sources"] and not r.get("implementation_defined")]
    assert unsourced == []


# ------------------------------------------------------------ sources cited
def cited_sources() -> list[tuple[str, str]]:
    """Every (where, source key) a game file cites."""
    cited: list[tuple[str, str]] = []
    for game, doc in games().items():
        cited += [(f"{game}: sources", key) for key in doc["sources"]]
        for rule in doc["rules"]:
            cited += [(f"{rule['id']}: sources", key) for key in rule["sources"]]
            if "quote" in rule:
                cited.append((f"{rule['id']}: quote", rule["quote"]["source"]))
        for key, option in doc["options"].items():
            cited += [(f"{game} option {key}: position", source) for source in option["positions"]]
        for name, preset in doc["presets"].items():
            cited += [(f"{game} preset {name}: sources", key) for key in preset["sources"]]
            cited += [(f"{game} preset {name}: alias", alias["source"]) for alias in preset.get("aliases", [])]
    return cited


def test_every_cited_source_exists() -> None:
    assert [(where, key) for where, key in cited_sources() if key not in source_keys()] == []


def test_source_keys_are_unique() -> None:
    keys = [entry["key"] for entry in load(SPEC / "sources.yaml")["sources"]]
    assert len(keys) == len(set(keys))


def test_sources_cover_only_known_games() -> None:
    covers = {game for entry in load(SPEC / "sources.yaml")["sources"] for game in entry["covers"]}
    assert covers <= set(games())


def test_a_quote_comes_from_one_of_the_rules_sources() -> None:
    stray = [
        rule["id"] for _, rule in all_rules() if "quote" in rule and rule["quote"]["source"] not in rule["sources"]
    ]
    assert stray == []


# ---------------------------------------------------------------- options
def test_every_option_a_rule_names_exists() -> None:
    unknown = [
        (rule["id"], key)
        for game, rule in all_rules()
        for key in rule.get("options", [])
        if key not in games()[game]["options"]
    ]
    assert unknown == []


def test_an_option_named_in_a_rules_text_is_listed_in_its_options() -> None:
    """A rule text that refers to `an-option` lists it under ``options``."""
    missing = []
    for game, rule in all_rules():
        for key in re.findall(r"`([a-z0-9-]+)`", rule["text"]):
            if key in games()[game]["options"] and key not in rule.get("options", []):
                missing.append((rule["id"], key))
    assert missing == []


def test_every_option_is_decided_by_some_rule() -> None:
    orphans = []
    for game, doc in games().items():
        named = {key for rule in doc["rules"] for key in rule.get("options", [])}
        orphans += [(game, key) for key in doc["options"] if key not in named]
    assert orphans == []


def test_each_options_default_is_one_of_its_values() -> None:
    wrong = [
        (game, key, option["default"])
        for game, doc in games().items()
        for key, option in doc["options"].items()
        if option["default"] not in option["values"]
    ]
    assert wrong == []


def test_each_position_reads_null_or_a_legal_value() -> None:
    wrong = [
        (game, key, source, position["reading"])
        for game, doc in games().items()
        for key, option in doc["options"].items()
        for source, position in option["positions"].items()
        if position["reading"] is not None and position["reading"] not in option["values"]
    ]
    assert wrong == []


# ---------------------------------------------------------------- presets
def test_every_preset_fixes_every_option_with_a_legal_value() -> None:
    problems = []
    for game, doc in games().items():
        options = doc["options"]
        for name, preset in doc["presets"].items():
            values = preset["values"]
            problems += [(game, name, "missing", key) for key in options if key not in values]
            problems += [(game, name, "unknown option", key) for key in values if key not in options]
            problems += [
                (game, name, "illegal value", f"{key}={value}")
                for key, value in values.items()
                if key in options and value not in options[key]["values"]
            ]
    assert problems == []


def test_every_game_has_the_default_culin_preset() -> None:
    assert [game for game, doc in games().items() if "culin" not in doc["presets"]] == []


def test_a_preset_drawn_from_one_source_agrees_with_that_sources_readings() -> None:
    """A preset citing a single source takes that source's reading wherever it has one."""
    disagreements = []
    for game, doc in games().items():
        for name, preset in doc["presets"].items():
            if len(preset["sources"]) != 1:
                continue
            (source,) = preset["sources"]
            for key, option in doc["options"].items():
                reading = option["positions"].get(source, {}).get("reading")
                if reading is not None and preset["values"][key] != reading:
                    disagreements.append((game, name, key, preset["values"][key], reading))
    assert disagreements == []


def test_preset_aliases_name_one_preset_each() -> None:
    for game, doc in games().items():
        aliases = [(a["source"], a["name"]) for p in doc["presets"].values() for a in p.get("aliases", [])]
        assert len(aliases) == len(set(aliases)), game


# ------------------------------------------------------------------ games
@pytest.mark.parametrize("game", sorted(games()))
def test_players_range_holds_the_default(game: str) -> None:
    players = games()[game]["players"]
    assert 2 <= players["min"] <= players["default"] <= players["max"]


@pytest.mark.parametrize("game", COLLECTING)
def test_a_winning_hand_is_the_hand_and_one_tile_an_eye_and_the_pairs(game: str) -> None:
    doc = games()[game]
    assert doc["winning_size"] == doc["hand_size"] + 1 == 2 + 2 * doc["pairs_in_hand"]


# ------------------------------------------------------------------ tiles
@cache
def tile_kinds() -> list[Doc]:
    kinds: list[Doc] = load(SPEC / "tiles.yaml")["kinds"]
    return kinds


def test_the_set_has_21_kinds_11_civil_twice_and_10_military_once() -> None:
    kinds = tile_kinds()
    assert len(kinds) == 21
    civil = [k for k in kinds if k["series"] == "civil"]
    military = [k for k in kinds if k["series"] == "military"]
    assert (len(civil), len(military)) == (11, 10)
    assert {k["copies"] for k in civil} == {2}
    assert {k["copies"] for k in military} == {1}
    assert sum(k["copies"] for k in kinds) == 32 == load(SPEC / "tiles.yaml")["set_size"]


def test_the_faces_are_every_pair_of_ends_once_high_end_first() -> None:
    faces = [k["face"] for k in tile_kinds()]
    ends = [tuple(int(x) for x in face.split("-")) for face in faces]
    assert all(high >= low for high, low in ends), "a face is written low end first"
    assert sorted(ends) == sorted((high, low) for high in range(1, 7) for low in range(1, high + 1))


def test_pips_are_the_two_ends_added() -> None:
    wrong = [k["face"] for k in tile_kinds() if k["pips"] != sum(int(x) for x in k["face"].split("-"))]
    assert wrong == []


def test_the_civil_series_is_the_doubles_and_the_five_mixed_civil_tiles() -> None:
    civil = {k["face"] for k in tile_kinds() if k["series"] == "civil"}
    doubles = {f"{n}-{n}" for n in range(1, 7)}
    assert civil == doubles | {"6-5", "6-4", "6-1", "5-1", "3-1"}


def test_ranks_run_down_each_series() -> None:
    for series, expected in (("civil", list(range(1, 12))), ("military", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5])):
        assert [k["rank"] for k in tile_kinds() if k["series"] == series] == expected
    groups = Counter(k["group"] for k in tile_kinds() if k["series"] == "military")
    assert groups == {"9": 2, "8": 2, "7": 2, "5": 2, "supreme": 2}
    assert all(k["group"] in ("supreme", str(k["pips"])) for k in tile_kinds() if k["series"] == "military")


# ------------------------------------------------- rule facts read from spec/ (issue 10)
def test_every_game_names_its_prefix_and_existing_equipment_rules() -> None:
    for name, doc in games().items():
        assert doc["prefix"] == PREFIXES[name]
        rule_ids = {rule["id"] for rule in doc["rules"]}
        for key in ("set_rule", "players_rule"):
            if "equipment" in doc:
                assert doc["equipment"][key] in rule_ids, (name, key)


def test_the_collecting_games_equipment_and_wall_are_the_sources() -> None:
    # Culin: Kap Shap with one set, the wall four high; Kap Tai Shap five high; four dice thrown.
    kap, tai = games()["kap-shap"], games()["kap-tai-shap"]
    assert (kap["equipment"]["sets"], kap["wall"]["height"], kap["dice"]) == (1, 4, 4)
    assert ("sets" in tai["equipment"], tai["wall"]["height"], tai["dice"]) == (False, 5, 4)


RULE_LITERALS = re.compile(r"""["'](ks|kts)["']|["']k?t?s\.equipment\.sets?["']""")
GAME_BRANCH = re.compile(r"""== ["']kap-(tai-)?shap["']""")


def test_no_rule_fact_of_the_collecting_games_is_written_in_python() -> None:
    """The rule-id prefixes and equipment rules come from spec/, and the Kap engine never branches on a game id."""
    package = ROOT / "reference" / "gupai"
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        if "tsung" not in path.name and "tsung" not in path.parent.name
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if ">>>" not in line
        and (RULE_LITERALS.search(line) or (path.parent.name == "kap" and GAME_BRANCH.search(line)))
    ]
    assert not found, "\n".join(found)
