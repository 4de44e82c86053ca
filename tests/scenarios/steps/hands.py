"""Steps for the tile set, ten-pairs, eyes, winning hands and declared splits.

The vocabulary, as the ``.feature`` files write it (tiles in brackets, high
end first or not: ``[6-4]``, ``[4-6]``):

Context (Given)
    ``the game <game>`` / ``the game <game> with preset <preset>``
    ``the option <key> is <value>``
    ``<n> sets are in play`` / ``1 set is in play`` (Kap Tai Shap)
    ``one set of Chinese dominoes`` / ``<n> sets of Chinese dominoes``

Actions (When)
    ``<n> players sit down`` / ``<n> players sit down with <k> sets``
    ``the player holds [t] [t] ...``
    ``the player declares the eye [t] [t] and the pairs [a]+[b] [c]+[d] ...``

Outcomes (Then)
    the set: ``it holds <n> tiles of <k> kinds``, ``[t] is a <series> tile with
    <n> spots, <k> in a set``, ``"<text>" is the tile [t]``, ``"<text>" is not
    a tile``, ...
    pairs: ``[t] counts <n> toward tens``, ``[a] and [b] make a ten-pair``,
    ``... do not make a ten-pair``, ``[t] makes a ten-pair with [a], [b] and
    [c]``, ``[t] makes no ten-pair``, ``there are <n> kinds of ten-pair``,
    ``the ten-pairs are:`` (a table)
    eyes: ``[a] and [b] make an eye`` / ``do not make an eye``
    hands: ``the hand is winning`` / ``not winning``, ``the hand splits <n>
    way(s)`` (optionally with a table of splits), ``the hand is <n> tile(s)
    from winning``, ``the hand is rejected: "<part of the message>"``
    the game: ``the game is played with <k> sets, <n> tiles``, ``the game is
    refused: "<part of the message>"``
    declarations: ``the declaration is valid`` / ``refused``

The game and options start from the ``culin`` preset. Before a step first
uses them, the scenario's ``@option:`` tags are checked against the options
in force: a scenario must be tagged with exactly the option values it uses
beyond ``culin``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from gupai import (
    CollectingConfig,
    Decomposition,
    GupaiError,
    HandError,
    Options,
    Tile,
    TileError,
    all_tiles,
    collecting_config,
    counts_of,
    kinds,
    parse_tiles,
    resolve_options,
    set_counts,
    tens_value,
)
from gupai.core.options import DEFAULT_PRESET

__all__ = ["HandScenario", "hand_scenario"]

_TILE = r"\[[^\]]+\]"
_TILE_RE = re.compile(_TILE)


def tiles_in(text: str) -> list[Tile]:
    """Every bracketed tile in ``text``, in order: ``"[6-4]+[4-6]"`` is two tiles."""
    return [Tile.parse(token) for token in _TILE_RE.findall(text)]


def one_tile(text: str) -> Tile:
    """The single bracketed tile of a step argument."""
    (tile,) = tiles_in(text) or [Tile.parse(text)]
    return tile


def parse_split(eye_text: str, pairs_text: str) -> Decomposition:
    """A split as the features write it, in the evaluator's canonical form."""
    eye = tiles_in(eye_text)
    if len(eye) != 2:
        raise AssertionError(f"an eye is two tiles, not {eye_text!r}")
    pairs = []
    for chunk in pairs_text.split():
        a, b = tiles_in(chunk)
        pairs.append((max(a, b), min(a, b)))
    e1, e2 = max(eye), min(eye)
    return Decomposition(eye=(e1, e2), pairs=tuple(sorted(pairs, reverse=True)))


def show_split(split: Decomposition) -> str:
    """A split as the features write it."""
    pairs = " ".join(f"[{a}]+[{b}]" for a, b in split.pairs)
    return f"eye [{split.eye[0]}] [{split.eye[1]}], pairs {pairs}"


@dataclass
class HandScenario:
    """What a scenario has set up: game, options, sets, a hand, a declaration."""

    game: str | None = None
    preset: str = DEFAULT_PRESET
    overrides: dict[str, str] = field(default_factory=dict)
    sets: int | None = None
    players: int | None = None
    pool_sets: int = 1
    hand: list[Tile] | None = None
    error: GupaiError | None = None
    declared: Decomposition | None = None
    declared_tiles: list[Tile] = field(default_factory=list)
    _config: CollectingConfig | None = None
    _tags_checked: bool = False

    def not_started(self, what: str) -> None:
        """Setting up after a step has used the game would be silently ignored: refuse it."""
        if self._config is not None:
            raise AssertionError(f"{what} must come before the first step that uses the game")

    def options(self) -> Options:
        if self.game is None:
            raise AssertionError("the scenario names no game: write 'Given the game <game>' first")
        return resolve_options(self.game, preset=self.preset, overrides=self.overrides)

    def config(self, request: pytest.FixtureRequest) -> CollectingConfig:
        """The game fixed by the scenario so far (built once, tags checked)."""
        if self._config is None:
            options = self.options()
            self.check_option_tags(request, options)
            self._config = collecting_config(options.game, options, players=self.players, sets=self.sets)
        return self._config

    def check_option_tags(self, request: pytest.FixtureRequest, options: Options) -> None:
        """The scenario's ``@option:`` tags must be the options it uses beyond culin."""
        if self._tags_checked:
            return
        self._tags_checked = True
        culin = resolve_options(options.game, preset=DEFAULT_PRESET)
        used = {f"{key}={value}" for key, value in options.items() if culin[key] != value}
        tagged = {str(mark.args[0]) for mark in request.node.iter_markers("option")}
        if used != tagged:
            missing = ", ".join(f"@option:{t}" for t in sorted(used - tagged)) or "none"
            extra = ", ".join(f"@option:{t}" for t in sorted(tagged - used)) or "none"
            raise AssertionError(
                f"the scenario's option tags do not match the options it uses: missing {missing}; not used {extra}"
            )

    def counts(self) -> tuple[int, ...]:
        if self.error is not None:
            raise AssertionError(f"the hand was rejected: {self.error.message}")
        if self.hand is None:
            raise AssertionError("the scenario holds no hand: write 'When the player holds ...' first")
        return counts_of(self.hand)


@pytest.fixture
def hand_scenario() -> HandScenario:
    """A fresh scenario context for every scenario."""
    return HandScenario()


# ------------------------------------------------------------------- context
@given(parsers.re(r"the game (?P<game>[a-z][a-z-]*)"))
def _given_game(hand_scenario: HandScenario, game: str) -> None:
    hand_scenario.not_started("The game")
    hand_scenario.game = game
    hand_scenario.preset = DEFAULT_PRESET


@given(parsers.re(r"the game (?P<game>[a-z][a-z-]*) with preset (?P<preset>[a-z0-9:-]+)"))
def _given_game_preset(hand_scenario: HandScenario, game: str, preset: str) -> None:
    hand_scenario.not_started("The game")
    hand_scenario.game = game
    hand_scenario.preset = preset
    hand_scenario.options()  # an unknown game or preset is a mistake in the feature


@given(parsers.re(r"the option (?P<key>[a-z0-9-]+) is (?P<value>[a-z0-9-]+)"))
def _given_option(hand_scenario: HandScenario, key: str, value: str) -> None:
    hand_scenario.not_started("An option")
    hand_scenario.overrides[key] = value
    hand_scenario.options()  # an unknown option or value is a mistake in the feature


@given(parsers.re(r"(?P<sets>\d+) sets? (?:is|are) in play"), converters={"sets": int})
def _given_sets(hand_scenario: HandScenario, sets: int) -> None:
    hand_scenario.not_started("The number of sets")
    hand_scenario.sets = sets


@given(parsers.re(r"(?P<sets>one|\d+) sets? of Chinese dominoes"))
def _given_pool(hand_scenario: HandScenario, sets: str) -> None:
    hand_scenario.pool_sets = 1 if sets == "one" else int(sets)


# -------------------------------------------------------------------- actions
@when(parsers.re(r"(?P<players>\d+) players? sits? down(?: with (?P<sets>\d+) sets?)?"))
def _when_players(hand_scenario: HandScenario, request: pytest.FixtureRequest, players: str, sets: str | None) -> None:
    hand_scenario.players = int(players)
    hand_scenario.sets = None if sets is None else int(sets)
    try:
        hand_scenario.config(request)
    except GupaiError as error:
        hand_scenario.error = error


@when(parsers.re(r"the player holds (?P<text>.+)"))
def _when_holds(hand_scenario: HandScenario, request: pytest.FixtureRequest, text: str) -> None:
    config = hand_scenario.config(request)
    try:
        hand = parse_tiles(text.replace("[", " [").split())
        config.evaluator.check_counts(counts_of(hand))
    except (TileError, HandError) as error:
        hand_scenario.error = error
        return
    hand_scenario.hand = hand


@when(
    parsers.re(
        r"the player declares the eye (?P<eye>(?:\[[^\]]+\] ?){2}) ?and the pairs (?P<pairs>.+)",
    )
)
def _when_declares(hand_scenario: HandScenario, eye: str, pairs: str) -> None:
    hand_scenario.declared = parse_split(eye, pairs)
    hand_scenario.declared_tiles = tiles_in(eye) + tiles_in(pairs)


# ---------------------------------------------------------------- the set
@then(parsers.re(r"it holds (?P<total>\d+) tiles(?: of (?P<kinds>\d+) kinds)?"))
def _then_pool_size(hand_scenario: HandScenario, total: str, kinds: str | None) -> None:
    tiles = all_tiles(hand_scenario.pool_sets)
    assert len(tiles) == int(total)
    if kinds is not None:
        assert len(set(tiles)) == int(kinds)


@then(parsers.re(r"(?P<count>\d+) of its tiles are (?P<series>civil|military), of (?P<kinds>\d+) kinds"))
def _then_series(hand_scenario: HandScenario, count: str, series: str, kinds: str) -> None:
    tiles = [t for t in all_tiles(hand_scenario.pool_sets) if t.is_civil == (series == "civil")]
    assert len(tiles) == int(count)
    assert len(set(tiles)) == int(kinds)


@then(
    parsers.re(
        rf"(?P<tile>{_TILE}) is an? (?P<series>civil|military) tile with (?P<pips>\d+) spots, (?P<copies>\d+) in a set"
    )
)
def _then_kind(hand_scenario: HandScenario, tile: str, series: str, pips: str, copies: str) -> None:
    t = one_tile(tile)
    assert t.kind.series == series
    assert t.is_civil is (series == "civil")
    assert t.is_military is (series == "military")
    assert t.pips == t.kind.pips == int(pips)
    assert t.kind.copies == int(copies)
    assert all_tiles(hand_scenario.pool_sets).count(t) == int(copies) * hand_scenario.pool_sets


@then(parsers.re(r"it holds (?P<civil>\d+) copies of each civil kind and (?P<military>\d+) of each military kind"))
def _then_copies(hand_scenario: HandScenario, civil: str, military: str) -> None:
    counts = set_counts(hand_scenario.pool_sets)
    for kind, n in zip(kinds(), counts, strict=True):
        assert n == int(civil if kind.is_civil else military), kind.face


@then(parsers.re(rf'"(?P<text>[^"]*)" is the tile (?P<tile>{_TILE})'))
def _then_spelling(text: str, tile: str) -> None:
    parsed = Tile.parse(text)
    expected = tile.strip("[]")
    assert parsed == Tile(expected)
    assert str(parsed) == expected, f"the canonical spelling of {text!r} is {parsed}, not {expected}"


@then(parsers.re(r'"(?P<text>[^"]*)" is not a tile'))
def _then_not_a_tile(text: str) -> None:
    with pytest.raises(TileError) as caught:
        Tile.parse(text)
    assert repr(text) in caught.value.message


# ----------------------------------------------------------------- pairs
@then(parsers.re(rf"(?P<tile>{_TILE}) counts (?P<value>\d+) toward tens"))
def _then_tens_value(hand_scenario: HandScenario, request: pytest.FixtureRequest, tile: str, value: str) -> None:
    rules = hand_scenario.config(request).rules
    assert tens_value(one_tile(tile), four_two_value=rules.four_two_value) == int(value)


@then("every other tile counts its spots toward tens")
def _then_others_count_spots(hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    rules = hand_scenario.config(request).rules
    for kind in kinds():
        if kind.face != "4-2":
            tile = Tile(kind.face)
            assert tens_value(tile, four_two_value=rules.four_two_value) == kind.high + kind.low


@then(parsers.re(rf"(?P<a>{_TILE}) and (?P<b>{_TILE}) (?P<verdict>make|do not make) a ten-pair"))
def _then_pair(hand_scenario: HandScenario, request: pytest.FixtureRequest, a: str, b: str, verdict: str) -> None:
    rules = hand_scenario.config(request).rules
    ta, tb = one_tile(a), one_tile(b)
    expected = verdict == "make"
    assert rules.is_pair(ta, tb) is expected
    assert rules.is_pair(tb, ta) is expected
    assert ((max(ta, tb), min(ta, tb)) in rules.legal_pairs()) is expected


@then(parsers.re(rf"(?P<tile>{_TILE}) makes a ten-pair with (?P<partners>.+)"))
def _then_partners(hand_scenario: HandScenario, request: pytest.FixtureRequest, tile: str, partners: str) -> None:
    rules = hand_scenario.config(request).rules
    t = one_tile(tile)
    found = sorted({b if a == t else a for a, b in rules.legal_pairs() if t in (a, b)}, reverse=True)
    assert found == sorted(tiles_in(partners), reverse=True), f"[{t}] pairs with {found}"


@then(parsers.re(rf"(?P<tile>{_TILE}) makes no ten-pair"))
def _then_no_partner(hand_scenario: HandScenario, request: pytest.FixtureRequest, tile: str) -> None:
    rules = hand_scenario.config(request).rules
    t = one_tile(tile)
    assert [pair for pair in rules.legal_pairs() if t in pair] == []


@then(parsers.re(r"there are (?P<count>\d+) kinds of ten-pair"))
def _then_pair_count(hand_scenario: HandScenario, request: pytest.FixtureRequest, count: str) -> None:
    assert len(hand_scenario.config(request).rules.legal_pairs()) == int(count)


@then("the ten-pairs are:")
def _then_pair_table(hand_scenario: HandScenario, request: pytest.FixtureRequest, datatable: list[list[str]]) -> None:
    rules = hand_scenario.config(request).rules
    header, *rows = datatable
    assert header == ["pair", "makes"], f"the table's columns are | pair | makes |, not {header}"
    expected = []
    for pair_text, total in rows:
        a, b = tiles_in(pair_text)
        expected.append((max(a, b), min(a, b), int(total)))
    actual = [
        (a, b, tens_value(a, four_two_value=rules.four_two_value) + tens_value(b, four_two_value=rules.four_two_value))
        for a, b in rules.legal_pairs()
    ]
    # The table may group the pairs for the reader (twenties first, say): compare as sets.
    assert len(expected) == len(set(expected)), "the table lists a pair twice"
    missing = sorted(set(actual) - set(expected), reverse=True)
    extra = sorted(set(expected) - set(actual), reverse=True)
    assert not missing and not extra, f"legal but not listed: {missing}; listed but not legal: {extra}"


# ------------------------------------------------------------------ eyes
@then(parsers.re(rf"(?P<a>{_TILE}) and (?P<b>{_TILE}) (?P<verdict>make|do not make) an eye"))
def _then_eye(hand_scenario: HandScenario, request: pytest.FixtureRequest, a: str, b: str, verdict: str) -> None:
    rules = hand_scenario.config(request).rules
    assert rules.is_eye(one_tile(a), one_tile(b)) is (verdict == "make")


# ----------------------------------------------------------------- hands
@then("the hand is winning")
def _then_winning(hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    ev = hand_scenario.config(request).evaluator
    counts = hand_scenario.counts()
    assert sum(counts) == ev.size, f"a winning hand has {ev.size} tiles, this one {sum(counts)}"
    assert ev.is_winning(counts)
    assert ev.decompositions(counts), "a winning hand has at least one split"
    assert ev.distance(counts) == 0


@then("the hand is not winning")
def _then_not_winning(hand_scenario: HandScenario, request: pytest.FixtureRequest) -> None:
    ev = hand_scenario.config(request).evaluator
    counts = hand_scenario.counts()
    assert not (sum(counts) == ev.size and ev.is_winning(counts))
    assert ev.decompositions(counts) == []
    assert ev.distance(counts) > 0


def _check_splits(hand_scenario: HandScenario, request: pytest.FixtureRequest, count: int) -> list[Decomposition]:
    ev = hand_scenario.config(request).evaluator
    splits = ev.decompositions(hand_scenario.counts())
    shown = "\n".join(show_split(s) for s in splits)
    assert len(splits) == count, f"the hand splits {len(splits)} way(s):\n{shown}"
    return splits


@then(parsers.re(r"the hand splits (?P<count>one|\d+) ways?"))
def _then_split_count(hand_scenario: HandScenario, request: pytest.FixtureRequest, count: str) -> None:
    _check_splits(hand_scenario, request, 1 if count == "one" else int(count))


@then(parsers.re(r"the hand splits (?P<count>one|\d+) ways?:"))
def _then_split_table(
    hand_scenario: HandScenario, request: pytest.FixtureRequest, count: str, datatable: list[list[str]]
) -> None:
    splits = _check_splits(hand_scenario, request, 1 if count == "one" else int(count))
    header, *rows = datatable
    assert header == ["eye", "pairs"], f"the table's columns are | eye | pairs |, not {header}"
    expected = [parse_split(eye, pairs) for eye, pairs in rows]
    assert [show_split(s) for s in expected] == [show_split(s) for s in splits]


@then(parsers.re(r"the hand is (?P<distance>\d+) tiles? from winning"))
def _then_distance(hand_scenario: HandScenario, request: pytest.FixtureRequest, distance: str) -> None:
    ev = hand_scenario.config(request).evaluator
    assert ev.distance(hand_scenario.counts()) == int(distance)


@then(parsers.re(r'the hand is rejected: "(?P<fragment>[^"]+)"'))
def _then_hand_rejected(hand_scenario: HandScenario, fragment: str) -> None:
    assert hand_scenario.error is not None, "the hand was accepted"
    assert fragment in hand_scenario.error.message, hand_scenario.error.message


# ------------------------------------------------------------- the game
@then(parsers.re(r"the game is played with (?P<sets>\d+) sets?, (?P<tiles>\d+) tiles"))
def _then_sets_used(hand_scenario: HandScenario, request: pytest.FixtureRequest, sets: str, tiles: str) -> None:
    assert hand_scenario.error is None, hand_scenario.error and hand_scenario.error.message
    config = hand_scenario.config(request)
    assert config.sets == int(sets)
    assert sum(set_counts(config.sets)) == len(all_tiles(config.sets)) == int(tiles)
    assert config.evaluator.caps == set_counts(config.sets)


@then(parsers.re(r'the game is refused: "(?P<fragment>[^"]+)"'))
def _then_game_refused(hand_scenario: HandScenario, fragment: str) -> None:
    assert hand_scenario.error is not None, "the game was accepted"
    assert fragment in hand_scenario.error.message, hand_scenario.error.message


@then(parsers.re(r"the refusal cites rule (?P<rule>[a-z0-9.-]+)"))
def _then_refusal_rule(hand_scenario: HandScenario, rule: str) -> None:
    assert hand_scenario.error is not None, "the game was accepted"
    assert hand_scenario.error.rule == rule


# ------------------------------------------------------------ declarations
def _declaration_is_valid(hand_scenario: HandScenario, request: pytest.FixtureRequest) -> bool:
    """A declaration is valid when it shows the hand's tiles split as one of its winning splits."""
    if hand_scenario.declared is None:
        raise AssertionError("nothing was declared: write 'When the player declares ...' first")
    ev = hand_scenario.config(request).evaluator
    counts = hand_scenario.counts()
    if counts_of(hand_scenario.declared_tiles) != counts:
        return False
    return hand_scenario.declared in ev.decompositions(counts)


@then(parsers.re(r"the declaration is (?P<verdict>valid|refused)"))
def _then_declaration(hand_scenario: HandScenario, request: pytest.FixtureRequest, verdict: str) -> None:
    assert _declaration_is_valid(hand_scenario, request) is (verdict == "valid")
