"""A Tsung Shap game fixed by its options: :class:`TsungConfig`.

The options (``spec/games/tsung-shap.yaml``) become flags and tables the
engine reads: what each tile counts, what a pair scores, which captures
are open, how the game ends.

>>> config = tsung_config()
>>> config.end, config.either_end, config.claims
('all-laid', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.core.spec import GameSpec, game_spec
from gupai.core.tiles import kinds
from gupai.games.tsung import GAME

__all__ = ["ALL_LAID", "EQUAL_TURNS", "GAME", "STOCK_EMPTY", "TsungConfig", "tsung_config"]

# End option values.
ALL_LAID, EQUAL_TURNS, STOCK_EMPTY = "all-laid", "equal-turns", "stock-empty"


@dataclass(frozen=True, slots=True)
class TsungConfig:
    """A Tsung Shap game fully fixed by its options, as flags and tables.

    ``values[k]`` is what kind ``k`` counts in making tens and in scoring
    ([4-2] as the ``four-two-value`` option says); ``pair_points[k]`` what a
    pair of kind ``k`` scores. A sweep of a row of two scores its tiles'
    points if ``sweep_keep`` plus ``sweep_bonus`` (the ``sweep-score``
    option); taking a lone tile scores its points if ``lone_keep`` plus
    ``lone_bonus``, and is a sweep if ``lone_sweep`` (the ``lone-score``
    option). ``again_any`` lays again after any capture (``lay-again``).
    ``after_match`` says the first player follows the previous game of a
    match (``first-player=previous-higher``); ``restart_first`` lays the tile
    laid again before refilling the four-tile hand (``restart=before-refill``);
    ``opening_left`` lays the second opening tile at the left end only
    (``opening-end=left``).
    ``sets``, ``hand_size``, ``spot_points`` (what a spot of a triple or a
    ten scores) and ``sweep_points`` are the numbers of
    ``spec/games/tsung-shap.yaml``.
    """

    spec: GameSpec
    options: Options
    values: tuple[int, ...]
    pair_points: tuple[int, ...]
    either_end: bool
    two_at_end: bool
    sweep_keep: bool
    sweep_bonus: int
    lone_pair: bool
    lone_ten: bool
    lone_keep: bool
    lone_bonus: int
    lone_sweep: bool
    again_any: bool
    opening_capture: bool
    opening_left: bool
    claims: bool
    end: str
    common: bool
    four: bool
    after_match: bool
    restart_first: bool
    sets: int
    hand_size: int
    spot_points: int
    sweep_points: int

    players = game_spec(GAME).players_max  # two: spec/games/tsung-shap.yaml, players

    @staticmethod
    def rule(suffix: str) -> str:
        """The full id of a Tsung Shap rule: ``rule("sweep")`` is ``ts.sweep``."""
        return f"ts.{suffix}"


def tsung_config(options: Options | None = None) -> TsungConfig:
    """Fix a Tsung Shap game's options, refusing combinations that mean nothing.

    >>> tsung_config().end, tsung_config().values[kinds().index(kinds()[19])]
    ('all-laid', 6)
    >>> tsung_config(resolve_options("tsung-shap", overrides={"end": "stock-empty"}))
    Traceback (most recent call last):
    ...
    gupai.core.errors.OptionError: option end=stock-empty needs a common stock, but stock=own-halves splits the tiles into two halves: set stock=common, or another end
    """
    options = options or resolve_options(GAME)
    if options.game != GAME:
        raise OptionError(f"{options.game} options do not fix a Tsung Shap game", where="game")
    spec = game_spec(GAME)
    end, stock, hand, refill = options["end"], options["stock"], options["hand"], options["refill"]
    if end == STOCK_EMPTY and stock != "common":
        raise OptionError(
            f"option end=stock-empty needs a common stock, but stock={stock} splits the tiles into two halves: "
            "set stock=common, or another end",
            where="end",
            rule="ts.end",
        )
    if hand == "four" and (refill == "common-stock") != (stock == "common"):
        want = "stock=common" if refill == "common-stock" else "stock=own-halves"
        raise OptionError(
            f"option refill={refill} refills the four-tile hand from {'a common stock' if stock != 'common' else 'an own half'}, "
            f"but stock={stock}: with hand=four set {want}, or refill={'own-half' if refill == 'common-stock' else 'common-stock'}",
            where="refill",
            rule="ts.german.hand",
        )
    four_two = int(options["four-two-value"])
    values = tuple(four_two if k.face == "4-2" else k.pips for k in kinds())
    fifty = options["pair-score"] == "fifty"
    fixed, a_spot = spec.number("fixed-pair-points"), spec.number("pair-points-a-spot")
    pair_points = tuple(fixed if fifty else 2 * a_spot * v for v in values)  # a pair: two tiles of v spots
    lone, lone_score, sweep_score = options["lone-tile"], options["lone-score"], options["sweep-score"]
    sweep_points = spec.number("sweep-points")
    return TsungConfig(
        spec=spec,
        options=options,
        values=values,
        pair_points=pair_points,
        either_end=options["reach"] == "either-end",
        two_at_end=options["triple"] == "end-or-ends",
        sweep_keep=sweep_score != "replace",
        sweep_bonus=0 if sweep_score == "none" else sweep_points,
        lone_pair=lone != "no-capture",
        lone_ten=lone == "pair-or-ten",
        lone_keep=lone_score != "sweep",
        lone_bonus=0 if lone_score == "capture" else sweep_points,
        lone_sweep=lone_score != "capture",
        again_any=options["lay-again"] == "any-capture",
        opening_capture=options["opening-capture"] == "yes",
        opening_left=options["opening-end"] == "left",
        claims=options["missed-capture"] == "claim",
        end=end,
        common=stock == "common",
        four=hand == "four",
        after_match=options["first-player"] == "previous-higher",
        restart_first=options["restart"] == "before-refill",
        sets=spec.number("sets"),
        hand_size=spec.number("hand-size"),
        spot_points=spec.number("points-a-spot"),
        sweep_points=sweep_points,
    )
