"""Steps that give a collecting game's deal as the players see it: the wall's piles, the dice, the hands, the stock.

Context (Given)
    ``the wall is built of these piles, each from its bottom tile up:`` (a
    table with a ``tiles`` column, one row a pile), ``the wall begins with
    these piles, each from its bottom tile up:`` (the other piles hold the
    rest of the sets, in an order the scenario does not need), ``the tiles,
    shuffled face down, lie in this order:`` (a table with a ``tiles``
    column, its rows read one after the other: a boneyard, or Tsung Shap's
    shuffled set)
Actions (When)
    ``seat 0 throws the dice <a> <b> <c> <d> and the tiles are dealt``, ``the
    tiles are dealt`` (no dice: option first-player=seat-0), ``the tiles are
    dealt, seat <s> playing first`` (first-player=previous-winner); the order is
    sent as an ``order`` deal, so any engine cuts it by its own rules
Outcomes (Then)
    ``the stock, in drawing order, is [t] ...`` / ``begins with [t] ...`` /
    ``ends with [t] ...``, ``the stock, in drawing order, is:`` (a table with
    a ``tiles`` column, its rows read one after the other; other columns
    only label the rows); with ``seat <s> holds [t] ...`` and ``seat <s> is
    the first player`` (:mod:`gupai.conformance.steps.kap`)

What the steps expect is only what the scenario writes: the tiles of the
wall it lays out and the tiles it says each seat holds.

>>> tiles_of([("tiles",), ("[6-6] [1-1]",), ("[4-4]",)])
[Tile('6-6'), Tile('1-1'), Tile('4-4')]
"""

from __future__ import annotations

from collections.abc import Sequence

from gupai.conformance.steps.binding import StepError, StepList
from gupai.conformance.steps.context import ScenarioRun, faces, show, tiles_in
from gupai.core.tiles import Tile, set_counts

__all__ = ["STEPS", "full_order", "tiles_of"]

STEPS = StepList()

Table = Sequence[Sequence[str]]


def _rows(datatable: Table | None) -> list[list[Tile]]:
    """The tiles of each row of a table whose header names a ``tiles`` column."""
    if not datatable:
        raise StepError("the step needs a table with a 'tiles' column")
    header, *rows = datatable
    names = [name.strip() for name in header]
    if "tiles" not in names:
        raise StepError(f"the table has no 'tiles' column: {' | '.join(names)}")
    at = names.index("tiles")
    return [tiles_in(row[at]) for row in rows]


def tiles_of(datatable: Table | None) -> list[Tile]:
    """The tiles of a table's ``tiles`` column, row after row."""
    return [tile for row in _rows(datatable) for tile in row]


def full_order(run: ScenarioRun, sets: int) -> list[Tile]:
    """The scenario's order: every tile of the sets, the wall's or the boneyard's, checked against the sets.

    A wall given by its first piles only is completed with the rest of the
    sets' tiles (kind by kind): the scenario says nothing of them.

    >>> from gupai.conformance.steps.context import InProcessAsker
    >>> run = ScenarioRun(ask=InProcessAsker(), game="kap-shap", order=tiles_in("[2-1] [6-6]"))
    >>> run.cache["partial wall"] = True
    >>> [t.face for t in full_order(run, 1)][:4]
    ['2-1', '6-6', '6-6', '1-1']
    >>> run.cache["partial wall"] = False
    >>> full_order(run, 1)
    Traceback (most recent call last):
    ...
    gupai.conformance.steps.binding.StepError: the scenario lays out 2 tiles, not the 32 of the sets
    """
    order = list(run.order)
    counts = list(set_counts(sets))
    for tile in order:
        counts[tile.index] -= 1
    if min(counts) < 0:
        extra = sorted({t.face for t in order if counts[t.index] < 0})
        raise StepError(f"the scenario lays out more copies of {show(extra)} than {sets} set(s) hold")
    rest = [Tile.from_index(k) for k, c in enumerate(counts) for _ in range(c)]
    if rest and not run.cache.get("partial wall"):
        raise StepError(f"the scenario lays out {len(order)} tiles, not the {len(order) + len(rest)} of the sets")
    return order + rest


def _check_piles(run: ScenarioRun, piles: list[list[Tile]], *, complete: bool) -> None:
    height = run.config().spec.wall_height
    for number, pile in enumerate(piles, start=1):
        last = complete and number == len(piles)
        if len(pile) != height and not (last and 0 < len(pile) < height):
            raise StepError(f"pile {number} has {len(pile)} tiles; the wall is {height} tiles high")


# -------------------------------------------------------------------- context
@STEPS.given(r"the wall (?P<how>is built of|begins with) these piles, each from its bottom tile up:")
def _wall(run: ScenarioRun, how: str, datatable: Table | None = None) -> None:
    piles = _rows(datatable)
    complete = how == "is built of"
    _check_piles(run, piles, complete=complete)
    run.order = [tile for pile in piles for tile in pile]
    run.cache["partial wall"] = not complete


@STEPS.given(r"the tiles, shuffled face down, lie in this order:")
def _order(run: ScenarioRun, datatable: Table | None = None) -> None:
    run.order = tiles_of(datatable)
    run.cache["partial wall"] = False


# -------------------------------------------------------------------- actions
@STEPS.when(
    r"(?:seat 0 throws the dice (?P<dice>[1-6] [1-6] [1-6] [1-6]) and )?the tiles are dealt"
    r"(?:, seat (?P<first>\d+) playing first)?"
)
def _deal(run: ScenarioRun, dice: str | None, first: str | None = None) -> None:
    config = run.config()
    order = full_order(run, config.sets)
    deal: dict[str, object] = {"order": faces(order), "dice": None if dice is None else [int(d) for d in dice.split()]}
    if first is not None:  # the first seat recorded with the order (first-player=previous-winner)
        deal["first_player"] = int(first)
    run.expect_ok(run.new_game(deal, players=config.players, sets=config.sets), "dealing the tiles laid out")
    run.in_game = True


# ------------------------------------------------------------------- outcomes
def _compare_stock(run: ScenarioRun, how: str, expected: list[str]) -> None:
    stock: list[str] = run.state()["stock"]
    shown = {"is": stock, "begins with": stock[: len(expected)], "ends with": stock[-len(expected) :]}[how]
    if shown != expected:
        verb = {"is": "is not", "begins with": "does not begin with", "ends with": "does not end with"}[how]
        raise StepError(f"the stock, in drawing order, is {show(stock)}: it {verb} {show(expected)}")


@STEPS.then(
    r"the stock, in drawing order, (?P<how>is|begins with|ends with) (?P<tiles>\[.+)", rules=("deal.draw-order",)
)
def _stock_is(run: ScenarioRun, how: str, tiles: str) -> None:
    _compare_stock(run, how, faces(tiles_in(tiles)))


@STEPS.then(r"the stock, in drawing order, is:", rules=("deal.draw-order",))
def _stock_table(run: ScenarioRun, datatable: Table | None = None) -> None:
    _compare_stock(run, "is", faces(tiles_of(datatable)))
