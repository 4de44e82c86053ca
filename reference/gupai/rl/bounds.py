"""The bounds an OpenSpiel game of gupai declares: the longest game, and the most a seat can win, from the rules.

OpenSpiel's ``max_game_length`` and ``min_utility``/``max_utility`` are
promises algorithms rely on (buffers, value normalisation). Each bound here is
derived in its docstring from the rules of ``spec/games/`` and held by tests
(``tests/unit/test_rl_length.py``, ``tests/unit/test_rl_bounds.py``).
"""

from __future__ import annotations

from typing import Any

from gupai.core.tiles import set_counts
from gupai.games.kap.state import ABANDON_AFTER_TURNS, may_never_end

__all__ = ["kap_moves_bound", "tsung_moves_bound", "tsung_score_bound"]


def kap_moves_bound(config: Any, tiles: int) -> int:
    """The most player actions a game of Kap Shap or Kap Tai Shap can have (OpenSpiel's ``max_game_length``
    less the chance outcomes), from the turn rules.

    The stock holds at most the ``tiles`` the deal did not give a seat (rule ks.deal, ``config.dealt``), ``S``
    tiles, so at most ``S`` turns draw. Under the two-tile turn (turn=take-and-draw) every turn but the opening
    draws (ks.turn.shape; stock-out=play-on is refused with it), and the game ends when a turn ends with the stock
    empty (ks.end.stock): ``S`` turns of at most four actions (take, discard, draw, discard or declare) and an
    opening of at most one more action than a drawing turn would give (a lone discard), so ``4S + 1``. Under the
    one-tile turn a turn is at most two actions (a take or a draw, then a discard or a declaration; or a pass),
    the opening three (discard, draw, discard), and the turns that do not draw come in runs between the draws:
    under termination=three-dead-rounds a run ends the game at ``3n`` turns (n seats; passes count,
    ks.end.termination), under no-consecutive-takes with stock-out=end a run has each seat once at most (a seat
    that took must draw next), so at most ``S + (S + 1) * run`` turns. Under termination=none only the engine's
    cap ends a game (:data:`gupai.games.kap.state.ABANDON_AFTER_TURNS` turns, ks.end.abandoned), and so under
    no-consecutive-takes with stock-out=play-on for three seats or more, where takes and passes may alternate for
    ever once the stock is empty (:func:`gupai.games.kap.state.may_never_end`): turns up to the cap and one more,
    two actions each, and the opening's one more. Two seats under those options soon pass by turns; the old loose
    bound, three actions a turn for ``n`` times the cap, is kept for them.

    >>> from gupai.games.registry import load_game
    >>> kap_moves_bound(load_game("kap-shap").config, 32)  # 17 tiles in the stock (32 less 8 and 7)
    69
    """
    n, options = config.players, config.options
    stock = tiles - config.dealt(first=True) - (n - 1) * config.dealt(first=False)
    if options["turn"] == "take-and-draw":
        return int(4 * stock + 1)
    if may_never_end(options, n):
        return 2 * (ABANDON_AFTER_TURNS + 1) + 1
    if options["termination"] == "three-dead-rounds":
        run = 3 * n
    elif options["stock-out"] == "end":  # no-consecutive-takes
        run = n
    else:  # no-consecutive-takes with stock-out=play-on, two seats: they soon pass by turns; a loose bound
        return int(3 * ABANDON_AFTER_TURNS * n)
    return int(2 * (stock + (stock + 1) * run) + 1)


def tsung_score_bound(config: Any) -> int:
    """The most points one seat of a Tsung Shap game can score, so the bound of its return (its score less the
    other's, zero-sum): OpenSpiel's ``max_utility``, and ``-`` it the ``min_utility``.

    Scores grow only by captures (rule ts.score; :func:`gupai.games.tsung.captures.capture_points`), and a capture
    removes the laid tile and the one or two row tiles it takes, so each tile of the game is in at most one capture
    and each capture holds at least two tiles. A capture scores at most its tiles' points (a pair: ``pair_points``
    of its kind, so half of it a tile, and only for a kind the game holds twice or more; a triple or a ten:
    ``values`` times ``spot_points`` a tile) plus a sweep's or a lone tile's bonus (rules ts.sweep, ts.lone-tile).
    So one seat scores at most the sum over the game's tiles of each tile's best points, plus the larger bonus
    times half the tiles. With one set and the default options: 2,307 (the old bound, which doubled the pairs'
    points and gave a sweep to every tile, was 5,820; the largest margin seen in random play is about 460).

    >>> from gupai.games.tsung.config import tsung_config
    >>> tsung_score_bound(tsung_config())
    2307
    """
    counts = set_counts(config.sets)
    twice = 0  # twice the sum of each tile's best points (a pair's points are halved between its two tiles)
    for kind, copies in enumerate(counts):
        best = 2 * config.values[kind] * config.spot_points
        if copies >= 2:
            best = max(best, config.pair_points[kind])
        twice += copies * best
    bonus = max(config.sweep_bonus, config.lone_bonus, 0)
    return int((twice + 1) // 2 + bonus * (sum(counts) // 2))


def tsung_moves_bound(config: Any) -> int:
    """The most player actions a game of Tsung Shap can have (OpenSpiel's ``max_game_length`` less the deal).

    Every action belongs to one laid tile, and each tile of the game is laid once at most: its lay, then the
    layer's take or pass when the lay can capture (rule ts.capture.choice), then, when it was passed, the
    opponent's claim or pass at the start of the next turn (rule ts.claim; only under claims). So at most three
    actions a tile with claims, two without.

    >>> from gupai.games.tsung.config import tsung_config
    >>> tsung_moves_bound(tsung_config())  # 32 tiles of three actions (the old bound gave each four)
    96
    """
    per_tile = 3 if config.claims else 2
    return int(per_tile * sum(set_counts(config.sets)))
