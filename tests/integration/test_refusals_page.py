"""The refusals page (docs/engine/refusals.md): generated from the reference engine, and current."""

from __future__ import annotations

from tools.refusals import KAP, PAGE, TSUNG, main, refusal

from gupai.core.spec import game_spec


def test_the_refusals_page_is_what_the_reference_engine_answers_today() -> None:
    assert main([]) == 0, "run python -m tools.refusals --write"
    assert "| `ks.turn.shape` |" in PAGE.read_text(encoding="utf-8")


def test_each_refusal_names_the_rule_the_rules_give_it() -> None:
    # Hand-written from the rule texts of spec/games/*.yaml (and the scenarios that name a rule).
    expected = {
        "The first player draws before the opening discard (8 tiles)": "ks.opening",
        "Holding 8 tiles after a take, the player draws": "ks.turn.discard",
        "After a take and a discard, the player takes again instead of drawing": "ks.turn.shape",
        "After a take, the player throws the taken tile back": "ks.turn.discard",
        "After a draw, the player keeps the drawn tile and discards another": "ks.turn.draw",
        "A player takes on two turns running": "ks.end.termination",
        "A player declares a hand that wins only with [4-2] counting 6": "ks.tiles.four-two",
        "The opponent missed a capture, and the player lays during the claim": "ts.claim",
        "A capture is open, and the player lays another tile": "ts.capture.choice",
        "A player takes a pair at the far end": "ts.capture.reach",
        "A player lays a tile that is not in the four-tile hand": "ts.german.hand",
    }
    rows = {row.situation: row for row in (*KAP, *TSUNG)}
    assert expected.keys() <= rows.keys()
    for situation, rule in expected.items():
        assert refusal(rows[situation])[0] == rule, situation
    executable = {
        rule.id for game in ("kap-shap", "tsung-shap") for rule in game_spec(game).rules if rule.status == "executable"
    }
    assert all(refusal(row)[0] in executable for row in rows.values())
