"""One hand of a collecting game judged: winning or not, every split, how far from a win.

:func:`evaluate_hand` is what ``gupai hand`` answers (its ``--json`` prints
:meth:`HandReport.to_json`).

>>> report = evaluate_hand("kap-shap", "1-1 1-1 5-5 5-5 4-6 4-6 3-1 3-3")
>>> report.winning, report.distance, str(report.decompositions[0])
(True, 0, 'eye 1-1 1-1, pairs 6-4+6-4 5-5+5-5 3-3+3-1')
>>> evaluate_hand("kap-shap", "6-6 5-5 4-6 4-6 3-1 3-1 2-2").distance
2
>>> evaluate_hand("kap-shap", ["1-1", "1-1"], pair_set="printed").options["pair-set"]
'printed'

A game already loaded is judged under its own options (nothing resolved again):

>>> from gupai.games.registry import load_game
>>> evaluate_hand(load_game("kap-tai-shap", players=6, sets=3), "6-6 6-6").sets
3
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gupai.core.hands import Decomposition, counts_of
from gupai.core.options import Options, option_overrides, resolve_options
from gupai.core.tiles import Tile, parse_tiles
from gupai.games.kap.config import CollectingConfig, collecting_config

if TYPE_CHECKING:
    from gupai.games.kap.game import KapGame

__all__ = ["HandReport", "evaluate_hand"]


@dataclass(frozen=True, slots=True)
class HandReport:
    """A hand judged under a game's options (``tiles`` greatest first)."""

    game: str
    options: Options
    sets: int
    tiles: tuple[Tile, ...]
    winning: bool
    decompositions: tuple[Decomposition, ...]
    distance: int

    def to_json(self) -> dict[str, Any]:
        """The report as ``gupai hand --json`` prints it."""
        return {
            "game": self.game,
            "preset": self.options.preset,
            "options": self.options.as_dict(),
            "sets": self.sets,
            "tiles": [str(t) for t in self.tiles],
            "winning": self.winning,
            "decompositions": [d.to_json() for d in self.decompositions],
            "distance": self.distance,
        }


def evaluate_hand(
    game: str | KapGame,
    tiles: str | Iterable[str | Tile],
    preset: str | None = None,
    *,
    players: int | None = None,
    sets: int | None = None,
    options: Options | None = None,
    **overrides: str,
) -> HandReport:
    """Judge ``tiles`` (text like ``"6-6 4-6"``, or a list) as a hand of ``game`` (a collecting game).

    Options are keyword arguments (``pair_set="printed"``; ``_`` for ``-``), or
    ``options`` already resolved; or ``game`` is a loaded :class:`~gupai.games.kap.game.KapGame`,
    judged as it is (no options, players or sets beside it). A hand that no set holds raises
    :class:`~gupai.core.errors.HandError`.
    """
    if not isinstance(game, str):
        if preset is not None or options is not None or overrides or players is not None or sets is not None:
            raise TypeError("a loaded game is judged under its own options: give its id to choose others")
        return _report(game.id, game.config, tiles)
    if options is None:
        options = resolve_options(game, preset=preset, overrides=option_overrides(overrides))
    return _report(game, collecting_config(game, options, players=players, sets=sets), tiles)


def _report(game: str, config: CollectingConfig, tiles: str | Iterable[str | Tile]) -> HandReport:
    options = config.options
    hand = parse_tiles(tiles)
    counts = counts_of(hand)
    ev = config.evaluator
    ev.check_counts(counts)
    return HandReport(
        game=game,
        options=options,
        sets=config.sets,
        tiles=tuple(sorted(hand, reverse=True)),
        winning=ev.is_winning(counts) and len(hand) == ev.size,
        decompositions=tuple(ev.decompositions(counts)),
        distance=ev.distance(counts),
    )
