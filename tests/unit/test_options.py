"""Options as the command line and the Python API give them: KEY=VALUE assignments, lookups, changes."""

from __future__ import annotations

import pytest

from gupai import OptionError, resolve_options
from gupai.core.options import parse_assignments


def test_an_assignment_splits_at_its_first_equals_sign_and_is_trimmed() -> None:
    assert parse_assignments([" take = latest ", "x-note=a=b"]) == {"take": "latest", "x-note": "a=b"}


@pytest.mark.parametrize("item", ["take", "=latest", "take=", " = ", "take= "])
def test_an_assignment_without_a_key_or_a_value_is_refused_naming_it(item: str) -> None:
    with pytest.raises(OptionError) as caught:
        parse_assignments(["eye=civil", item])
    assert caught.value.message == f"option {item!r} is not KEY=VALUE"
    assert caught.value.where == item


def test_get_answers_the_default_only_for_an_option_the_game_has_not() -> None:
    options = resolve_options("kap-shap", preset="culin")
    assert options.get("no-such-option", "fallback") == "fallback"
    assert options.get("take", "fallback") == options["take"]


def test_a_change_keeps_the_preset_and_the_overrides_given_before() -> None:
    options = resolve_options("kap-shap", preset="gupai-site", overrides={"take": "latest"})
    assert options.overrides == ("take",)
    changed = options.evolve(eye="civil", pair_set="printed")  # a keyword's _ is the option name's -
    assert (changed["take"], changed["eye"], changed["pair-set"]) == ("latest", "civil", "printed")
    assert changed.preset == "gupai-site" and changed.overrides == ("eye", "pair-set", "take")
    # every option no change names is the preset's
    preset = resolve_options("kap-shap", preset="gupai-site")
    assert all(changed[k] == preset[k] for k in preset if k not in ("take", "eye", "pair-set"))


def test_a_value_the_option_has_not_is_refused_naming_the_option_and_its_values() -> None:
    with pytest.raises(OptionError) as caught:
        resolve_options("kap-shap", overrides={"eye": "military"})
    assert caught.value.where == "eye"
    assert caught.value.message.startswith("option 'eye' of kap-shap has no value 'military' (values: identical, civil")
