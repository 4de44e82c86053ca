"""The harness's attribution tables (gupai.conformance.attribution): each move, field and event to the rule it answers to.

Held to the spec: every rule a table names is a rule of its game, and the
entries a reader can check against a rule's text are the rule that text
gives (ts.turn.lay: the player lays the tile; ts.capture.choice: a capture is
the player's decision, who may also take none; ts.turn.reveal: the tile
turned over; ks.turn.shape: a player who does not take draws).
"""

from __future__ import annotations

import pytest

from gupai.conformance.attribution import (
    KAP_LOG_RULES,
    KAP_MOVE_RULES,
    TSUNG_LOG_RULES,
    tsung_capture_rule,
    tsung_move_rule,
)
from gupai.core.spec import game_spec

KAP_GAMES = ("kap-shap", "kap-tai-shap")


def rule_ids(game: str) -> set[str]:
    return set(game_spec(game).rule_ids)


@pytest.mark.parametrize("game", KAP_GAMES)
def test_every_rule_a_kap_table_names_is_a_rule_of_the_game(game: str) -> None:
    prefix, ids = game_spec(game).prefix, rule_ids(game)
    named = set(KAP_MOVE_RULES.values()) | {rule for table in KAP_LOG_RULES.values() for rule in table.values()}
    assert {f"{prefix}.{suffix}" for suffix in named} - ids == set()


def test_every_rule_a_tsung_table_names_is_a_rule_of_the_game() -> None:
    named = {rule for table in TSUNG_LOG_RULES.values() for rule in table.values()}
    moves = [
        {"type": "lay", "tile": "6-6", "end": "left"},
        {"type": "pass"},
        *(
            {"type": kind, "kind": capture, "at": at}
            for kind in ("capture", "claim")
            for capture in ("pair", "triple")
            for at in ("left", "right", "ends")
        ),
    ]
    named |= {tsung_move_rule(move) for move in moves}
    assert {f"ts.{suffix}" for suffix in named} - rule_ids("tsung-shap") == set()


def test_the_kap_tables_name_the_moves_and_fields_of_a_log() -> None:
    assert set(KAP_MOVE_RULES) == set(KAP_LOG_RULES["action"]) == set(KAP_LOG_RULES["event"])
    assert set(KAP_LOG_RULES["action"]) == {"take", "discard", "draw", "declare", "pass"}
    assert KAP_MOVE_RULES["draw"] == "turn.shape"  # a player who does not take a discard draws
    assert KAP_LOG_RULES["event"]["draw"] == "deal.draw-order"  # the tile drawn is the next of the stock
    assert KAP_LOG_RULES["event"]["declare"] == "declare.valid"
    assert KAP_MOVE_RULES["pass"] == KAP_LOG_RULES["event"]["pass"] == "end.stock"


def test_a_tsung_lay_and_a_pass_answer_to_their_own_rules() -> None:
    assert tsung_move_rule({"type": "lay", "tile": "6-6", "end": "left"}) == "turn.lay"
    assert tsung_move_rule({"type": "pass"}) == "capture.choice"  # taking none is the player's choice
    assert TSUNG_LOG_RULES["action"]["lay"] == "turn.lay" and TSUNG_LOG_RULES["action"]["pass"] == "capture.choice"


@pytest.mark.parametrize(
    ("kind", "at", "rule"),
    [
        ("pair", "left", "capture.pair"),
        ("pair", "right", "capture.pair"),
        ("pair", "ends", "lone-tile"),  # a pair at both ends of a row of one tile: the lone tile
        ("triple", "left", "capture.triple"),
        ("triple", "ends", "capture.triple"),
        ("ten", "ends", "lone-tile"),
    ],
)
def test_a_tsung_capture_or_claim_answers_to_the_rule_of_its_kind(kind: str, at: str, rule: str) -> None:
    assert tsung_capture_rule({"kind": kind, "at": at}) == rule
    assert tsung_move_rule({"type": "capture", "kind": kind, "at": at}) == rule
    assert tsung_move_rule({"type": "claim", "kind": kind, "at": at}) == "claim"


def test_the_tsung_state_fields_answer_to_the_rule_that_sets_them() -> None:
    state = TSUNG_LOG_RULES["state"]
    assert state["revealed"] == "turn.reveal"  # the tile turned over
    assert state["row"] == "turn.lay" and state["current_player"] == "turn.order"
    assert state["hands"] == "german.hand" and state["scores"] == "score"
    assert TSUNG_LOG_RULES["event"]["reveal"] == "turn.reveal" and TSUNG_LOG_RULES["event"]["lay"] == "turn.lay"
