"""Ten-pairs and eyes under every reading, against the plain reference."""

from __future__ import annotations

import pytest

from gupai import PairRules, Tile, collecting_config, pair_rules_from_options, resolve_options, tens_value
from gupai.core.pairs import PRINTED_OMISSIONS
from tests import oracle

TILES = [Tile.from_index(i) for i in range(21)]
OMITTED = [("6-4", "5-5"), ("6-5", "6-3"), ("6-5", "5-4")]  # greater tile first


def rules_for(reading: oracle.Reading) -> PairRules:
    return PairRules(four_two_value=reading.four_two_value, pair_set=reading.pair_set, eye=reading.eye)


def ends(tile: Tile) -> tuple[int, int]:
    return (tile.high, tile.low)


@pytest.mark.parametrize("reading", oracle.READINGS, ids=str)
def test_the_legal_pairs_are_the_references_greatest_first(reading: oracle.Reading) -> None:
    pairs = rules_for(reading).legal_pairs()
    assert [(ends(a), ends(b)) for a, b in pairs] == oracle.legal_pairs(reading)
    assert all(a >= b for a, b in pairs)
    assert list(pairs) == sorted(pairs, reverse=True)


@pytest.mark.parametrize("reading", oracle.READINGS, ids=str)
def test_is_pair_and_is_eye_agree_with_the_reference_on_every_two_tiles(reading: oracle.Reading) -> None:
    rules = rules_for(reading)
    for a in TILES:
        for b in TILES:
            assert rules.is_pair(a, b) is oracle.is_pair(ends(a), ends(b), reading), (a, b)
            assert rules.is_eye(a, b) is oracle.is_eye(ends(a), ends(b), reading), (a, b)


@pytest.mark.parametrize(
    ("four_two", "pair_set", "count", "twenties"),
    [(3, "arithmetic", 24, 8), (3, "printed", 21, 5), (6, "arithmetic", 23, 8), (6, "printed", 21, 5)],
)
def test_how_many_kinds_of_pair(four_two: int, pair_set: str, count: int, twenties: int) -> None:
    """The printed table is printed with [4-2] at 3: its pairs add up with [4-2] at 3 whatever the option."""
    rules = PairRules(four_two_value=four_two, pair_set=pair_set)
    pairs = rules.legal_pairs()
    assert len(pairs) == count
    counted = 3 if pair_set == "printed" else four_two
    assert rules.pair_count_of_four_two() == counted
    totals = [tens_value(a, four_two_value=counted) + tens_value(b, four_two_value=counted) for a, b in pairs]
    assert sorted(set(totals)) == [10, 20]
    assert totals.count(20) == twenties


@pytest.mark.parametrize("four_two", [3, 6])
def test_the_printed_tables_are_the_arithmetic_less_three_twenties(four_two: int) -> None:
    """With [4-2] at 3, as printed; under four-two-value=6 the table is the same pairs, none it does not show."""
    arithmetic = set(PairRules(four_two_value=3).legal_pairs())
    printed = set(PairRules(four_two_value=four_two, pair_set="printed").legal_pairs())
    assert {frozenset({(a.high, a.low), (b.high, b.low)}) for a, b in printed} == oracle.PAGAT_TABLE
    omitted = {(Tile(a), Tile(b)) for a, b in OMITTED}
    assert printed < arithmetic
    assert arithmetic - printed == omitted
    for a, b in omitted:
        assert a.pips + b.pips == 20
    assert {frozenset(pair) for pair in OMITTED} == PRINTED_OMISSIONS


def test_under_the_printed_tables_the_nines_and_the_axe_pair_with_nothing() -> None:
    rules = PairRules(pair_set="printed")
    for face in ("6-5", "6-3", "5-4"):
        assert not [pair for pair in rules.legal_pairs() if Tile(face) in pair], face
        assert [pair for pair in PairRules().legal_pairs() if Tile(face) in pair], face


def test_four_two_counts_three_or_six_and_nothing_else_changes() -> None:
    assert tens_value(Tile("4-2")) == 3
    assert tens_value(Tile("2-4"), four_two_value=6) == 6
    for tile in TILES:
        if tile != Tile("4-2"):
            assert tens_value(tile) == tens_value(tile, four_two_value=6) == tile.pips
    three, six = PairRules(four_two_value=3), PairRules(four_two_value=6)
    assert {b for a, b in three.legal_pairs() if a == Tile("4-2")} | {
        a for a, b in three.legal_pairs() if b == Tile("4-2")
    } == {Tile("6-1"), Tile("5-2"), Tile("4-3")}
    assert {b for a, b in six.legal_pairs() if a == Tile("4-2")} == {Tile("3-1"), Tile("2-2")}


@pytest.mark.parametrize(("eye", "count"), [("identical", 21), ("civil", 11)])
def test_eye_kinds(eye: str, count: int) -> None:
    rules = PairRules(eye=eye)
    assert len(rules.eye_kinds()) == count
    assert all(Tile.from_index(i).is_civil or eye == "identical" for i in rules.eye_kinds())
    assert not rules.is_eye(Tile("6-3"), Tile("5-4"))  # one rank, two kinds


@pytest.mark.parametrize("reading", oracle.READINGS, ids=str)
def test_pair_indices_match_the_pairs(reading: oracle.Reading) -> None:
    rules = rules_for(reading)
    indices = rules.legal_pair_indices()
    assert list(indices) == sorted(indices)
    assert {(i, j) for i, j in indices} == {
        (min(a.index, b.index), max(a.index, b.index)) for a, b in rules.legal_pairs()
    }
    assert all(i <= j for i, j in indices)


def test_evolve_changes_one_option() -> None:
    rules = PairRules()
    assert rules.evolve(pair_set="printed") == PairRules(pair_set="printed")
    assert rules == PairRules(four_two_value=3, pair_set="arithmetic", eye="identical")


@pytest.mark.parametrize("game", ["kap-shap", "kap-tai-shap"])
@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("culin", PairRules(3, "arithmetic", "identical")),
        ("pagat", PairRules(3, "printed", "identical")),
        ("celko", PairRules(6, "celko-table", "identical")),
        ("crook", PairRules(3, "printed", "identical")),
    ],
)
def test_presets_fix_the_pair_rules(game: str, preset: str, expected: PairRules) -> None:
    options = resolve_options(game, preset=preset)
    assert pair_rules_from_options(options) == expected
    assert collecting_config(game, options).rules == expected


def test_the_gupai_site_reads_the_kap_shap_eye_as_civil() -> None:
    assert pair_rules_from_options(resolve_options("kap-shap", preset="gupai-site")).eye == "civil"
    assert pair_rules_from_options(resolve_options("kap-tai-shap", preset="gupai-site")).eye == "identical"


def test_celkos_table_is_his_fourteen_pairs_exactly() -> None:
    """Five twenties and nine tens, [4-2]+[3-1] and [4-2]+[2-2] among them, whatever [4-2] counts."""
    table = oracle.celko_pairs()
    assert len(table) == 14
    for four_two in (3, 6):
        pairs = PairRules(four_two_value=four_two, pair_set="celko-table").legal_pairs()
        assert {frozenset({ends(a), ends(b)}) for a, b in pairs} == table
    arithmetic_at_six = {frozenset({ends(a), ends(b)}) for a, b in PairRules(four_two_value=6).legal_pairs()}
    assert table < arithmetic_at_six  # every printed pair adds up once [4-2] counts 6
    not_printed = {frozenset({(6, 1), (2, 1)}), frozenset({(5, 1), (3, 1)}), frozenset({(5, 1), (2, 2)})}
    not_printed |= {frozenset({(4, 1), (3, 2)}), frozenset({(4, 1)}), frozenset({(3, 2)})}
    assert not (not_printed & table)


def test_options_that_leave_out_a_pair_option_read_it_at_the_spec_s_default() -> None:
    # spec/games/kap-shap.yaml: four-two-value "3", pair-set arithmetic, eye identical by default
    defaults = pair_rules_from_options(resolve_options("kap-shap"))
    assert (
        pair_rules_from_options({}) == defaults == PairRules(four_two_value=3, pair_set="arithmetic", eye="identical")
    )
    assert pair_rules_from_options({"pair-set": "printed"}) == PairRules(
        four_two_value=3, pair_set="printed", eye="identical"
    )
    assert pair_rules_from_options({"four-two-value": "6", "eye": "civil"}) == PairRules(
        four_two_value=6, pair_set="arithmetic", eye="civil"
    )
