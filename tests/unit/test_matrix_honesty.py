"""The option matrix tells the truth (issue 22).

A position that says its source is silent takes no reading; a preset's value
for an option on which every source it cites is silent is the project's
choice, so the preset's own text names it (``option=value``) as
implementation-defined, unless the preset lists it under ``no_effect``; and a
value a preset says changes nothing does change nothing: games played with
the option set otherwise are the same games, event for event.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from gupai.core.spec import SILENT_PREFIXES, GameSpec, PresetSpec, game_spec, games
from gupai.log.play import play_game

SPECS: list[GameSpec] = [game_spec(game) for game in sorted(games())]
#: The seeds each no-effect claim is played under (a Kap Shap game is often over in a round or two).
SEEDS = range(1, 9)
PRESETS = [(spec, preset) for spec in SPECS for preset in spec.presets]


def _id(item: tuple[GameSpec, PresetSpec]) -> str:
    return f"{item[0].id}:{item[1].name}"


def test_a_position_that_says_silent_takes_no_reading() -> None:
    """Silence is not a reading: a cell whose text says the source is silent has no value."""
    wrong = [
        (spec.id, option.key, position.source, position.reading)
        for spec in SPECS
        for option in spec.options
        for position in option.positions
        if position.reading is not None
        and (position.says.startswith(SILENT_PREFIXES) or re.search(r"\bsilent\b", position.says, re.IGNORECASE))
    ]
    assert wrong == []


def test_the_silent_positions_are_found() -> None:
    """The check above can fail: silent cells exist in every game, and each begins as the rule says."""
    for spec in SPECS:
        silent = [p for o in spec.options for p in o.positions if p.silent]
        assert silent, spec.id
        assert all(p.reading is None for p in silent)


def _silent_options(spec: GameSpec, preset: PresetSpec) -> list[str]:
    """The options on which every source the preset cites is silent (or takes no position)."""
    found = []
    for option in spec.options:
        positions = {p.source: p for p in option.positions}
        if all(positions.get(source) is None or positions[source].silent for source in preset.sources):
            found.append(option.key)
    return found


@pytest.mark.parametrize(("spec", "preset"), PRESETS, ids=[_id(p) for p in PRESETS])
def test_a_preset_names_each_value_its_sources_are_silent_on(spec: GameSpec, preset: PresetSpec) -> None:
    text = " ".join(preset.text.split())
    inert = dict(preset.no_effect)
    values = preset.as_dict()
    unnamed = [
        f"{key}={values[key]}"
        for key in _silent_options(spec, preset)
        if key not in inert and f"{key}={values[key]}" not in text
    ]
    assert unnamed == [], f"{spec.id} preset {preset.name}: a silent source's value not named in its text"
    if [key for key in _silent_options(spec, preset) if key not in inert]:
        assert "implementation-defined" in text.lower(), f"{spec.id} preset {preset.name}"


def test_a_preset_citing_a_source_silent_on_an_option_is_caught() -> None:
    """The check can fail: a preset text without its implementation-defined values is refused."""
    spec = game_spec("kap-shap")
    culin = spec.preset("culin")
    assert "stock-out" in _silent_options(spec, culin)
    bare = PresetSpec(name="bare", title="", text="Culin.", sources=("culin",), values=culin.values)
    assert "stock-out" in _silent_options(spec, bare)
    assert "stock-out=end" not in bare.text


def test_no_effect_names_options_of_the_game_with_a_reason() -> None:
    for spec in SPECS:
        keys = {option.key for option in spec.options}
        for preset in spec.presets:
            for key, why in preset.no_effect:
                assert key in keys and why, (spec.id, preset.name, key)


_INERT = [(spec, preset, key) for spec, preset in PRESETS for key, _ in preset.no_effect]


def _without_options(log: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in log.items() if k not in ("options", "preset")}


@pytest.mark.parametrize(("spec", "preset", "key"), _INERT, ids=[f"{s.id}:{p.name}:{k}" for s, p, k in _INERT])
def test_a_value_said_to_have_no_effect_changes_no_game(spec: GameSpec, preset: PresetSpec, key: str) -> None:
    """Flip the option to each other value: the same seeds play the same games."""
    option = spec.option(key)
    mine = preset.as_dict()[key]
    compared = 0
    for other in option.values:
        if other == mine:
            continue
        for seed in SEEDS:
            base = play_game(spec.id, preset=preset.name, seed=seed)
            try:
                flipped = play_game(spec.id, preset=preset.name, overrides={key: other}, seed=seed)
            except ValueError:
                continue  # a combination the rules refuse (say refill=common-stock with own halves)
            assert flipped["options"][key] == other
            assert _without_options(flipped) == _without_options(base), (preset.name, key, other, seed)
            compared += 1
    assert compared, f"{key}: every other value is refused, so nothing was compared"


def test_the_no_effect_check_sees_an_option_that_does_change_games() -> None:
    """The comparison above can fail: an option that matters changes at least one of the same seeds' games."""
    changed = [
        seed
        for seed in SEEDS
        if _without_options(play_game("kap-shap", preset="culin", overrides={"turn": "take-or-draw"}, seed=seed))
        != _without_options(play_game("kap-shap", preset="culin", seed=seed))
    ]
    assert changed
