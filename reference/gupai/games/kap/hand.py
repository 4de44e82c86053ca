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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gupai.core.hands import Decomposition, counts_of
from gupai.core.options import Options, option_overrides, resolve_options
from gupai.core.tiles import Tile, parse_tiles
from gupai.games.kap.config import collecting_config

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
    game: str,
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
    ``options`` already resolved. A hand that no set holds raises :class:`~gupai.core.errors.HandError`.
    """
    if options is None:
        options = resolve_options(game, preset=preset, overrides=option_overrides(overrides))
    config = collecting_config(game, options, players=players, sets=sets)
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
