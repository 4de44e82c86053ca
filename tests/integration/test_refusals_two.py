"""The refusals page's moves that break two rules name the rule the reference names (issue 37's list).

The expected ids are written from the issue (the choices an engine author
had to guess), not from the engine's answers; the page's up-to-date check
(``test_refusals_page.py``) holds the page to the engine.
"""

from __future__ import annotations

from dataclasses import replace

from tools.refusals import PAGE, refusal
from tools.refusals_two import POSITIONS, TWO_RULES, position_refusal


def test_a_move_that_breaks_two_rules_names_the_reference_s_choice() -> None:
    expected = {
        "Holding a winning hand, the first player draws at the opening": "ks.declare",
        "Holding a winning hand, the first player takes at the opening": "ks.declare",
        "Holding a winning hand, the first player passes at the opening": "ks.declare",
        "The first player passes at the opening": "ks.opening",
        "Holding 8 tiles after a take, with the stock empty, the player draws": "ks.end.stock",
        "Having taken last turn, a player takes an older discard": "ks.turn.take",
        "A player declares a hand that wins under Celko's table ([4-2]+[3-1]) but not the printed one": (
            "ks.declare.valid"
        ),
    }
    rows = {row.situation: row for row, _ in TWO_RULES}
    assert rows.keys() == expected.keys()
    assert {situation: refusal(row)[0] for situation, row in rows.items()} == expected
    # each row's move does break the other rule it names: the same move, the first rule's cause removed
    winning = rows["Holding a winning hand, the first player draws at the opening"]
    assert refusal(replace(winning, options={"declare": "optional"}))[0] == "ks.opening"
    page = PAGE.read_text(encoding="utf-8")
    assert "## A move that breaks two rules" in page
    assert all(f"| {situation} |" in page for situation in expected)


def test_a_position_deal_with_hands_of_the_wrong_size_names_the_deal_rule() -> None:
    assert [position_refusal(row)[0] for row in POSITIONS] == ["ks.deal.wall", "ks.deal.wall"]
    assert "| A position deal whose first player holds 6 tiles | kap-shap | `ks.deal.wall` |" in PAGE.read_text(
        encoding="utf-8"
    )
