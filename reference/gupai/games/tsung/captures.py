"""Tsung Shap's captures: which are open, what they score, and why one is not.

Captures are named by codes (:data:`~gupai.games.tsung.actions.PAIR_LEFT`
...); each function reads the row as it is before the tile is laid.

>>> from gupai.games.tsung.config import tsung_config
>>> config = tsung_config()
>>> row = [Tile("6-6").index, Tile("3-1").index]
>>> [capture_of(c) for c in find_captures(config, row, 2, Tile("6-6").index, LEFT)]
[Capture('pair left')]
>>> is_sweep(config, TRIPLE_ENDS, len(row)), capture_points(config, row, PAIR_LEFT, Tile("6-6").index)
(True, 240)
"""

from __future__ import annotations

from collections.abc import Sequence

from gupai.core.tiles import Tile, kinds
from gupai.games.tsung.actions import (
    ENDS,
    LEFT,
    LONE_PAIR,
    LONE_TEN,
    PAIR_LEFT,
    PAIR_RIGHT,
    RIGHT,
    TRIPLE_ENDS,
    TRIPLE_LEFT,
    TRIPLE_RIGHT,
    capture_of,
)
from gupai.games.tsung.config import TsungConfig

__all__ = ["FOUR_TWO", "capture_points", "captured_kinds", "explain_capture", "find_captures", "is_sweep"]

#: The kind index of [4-2], whose count is an option.
FOUR_TWO = next(k.index for k in kinds() if k.face == "4-2")


def find_captures(config: TsungConfig, row: Sequence[int], laid: int, kind: int, end: int) -> list[int]:
    """The capture codes open to ``kind`` laid at ``end`` on ``row`` (before the lay), after ``laid`` tiles laid.

    >>> from gupai.games.tsung.config import tsung_config
    >>> config = tsung_config()
    >>> codes = find_captures(config, [Tile("6-6").index, Tile("3-1").index, Tile("4-4").index], 2, Tile("2-2").index, LEFT)
    >>> codes == [TRIPLE_LEFT]
    True
    """
    n = len(row)
    if n == 0 or (laid == 1 and not config.opening_capture):
        return []
    values = config.values
    if n == 1:
        a = row[0]
        lone: list[int] = []
        if kind == a and config.lone_pair:
            lone.append(LONE_PAIR)
        if config.lone_ten and (values[kind] + values[a]) % 10 == 0:
            lone.append(LONE_TEN)
        return lone
    a = row[0]
    z = row[-1]
    either = config.either_end
    found: list[int] = []
    if kind == a and (either or end == LEFT):
        found.append(PAIR_LEFT)
    if kind == z and (either or end == RIGHT):
        found.append(PAIR_RIGHT)
    v = values[kind]
    if n > 2 and config.two_at_end:
        if (either or end == LEFT) and (v + values[a] + values[row[1]]) % 10 == 0:
            found.append(TRIPLE_LEFT)
        if (either or end == RIGHT) and (v + values[row[-2]] + values[z]) % 10 == 0:
            found.append(TRIPLE_RIGHT)
    if (v + values[a] + values[z]) % 10 == 0:
        found.append(TRIPLE_ENDS)
    return found


def capture_points(config: TsungConfig, row: Sequence[int], code: int, kind: int) -> int:
    """What capture ``code`` with ``kind`` scores on ``row`` (before the lay).

    >>> from gupai.games.tsung.config import tsung_config
    >>> config = tsung_config()
    >>> capture_points(config, [Tile("6-6").index, Tile("3-1").index, Tile("4-4").index], TRIPLE_LEFT, Tile("2-2").index)
    20
    """
    values = config.values
    if code in (PAIR_LEFT, PAIR_RIGHT, LONE_PAIR):
        base = config.pair_points[kind]
    elif code == TRIPLE_ENDS:
        base = (values[kind] + values[row[0]] + values[row[-1]]) * config.spot_points
    elif code == TRIPLE_LEFT:
        base = (values[kind] + values[row[0]] + values[row[1]]) * config.spot_points
    elif code == TRIPLE_RIGHT:
        base = (values[kind] + values[row[-2]] + values[row[-1]]) * config.spot_points
    else:
        base = (values[kind] + values[row[0]]) * config.spot_points
    if code == TRIPLE_ENDS and len(row) == 2:
        return (base if config.sweep_keep else 0) + config.sweep_bonus
    if code >= LONE_PAIR:
        return (base if config.lone_keep else 0) + config.lone_bonus
    return base


def is_sweep(config: TsungConfig, code: int, before: int) -> bool:
    """Whether capture ``code`` on a row of ``before`` tiles (before the lay) clears the table as a sweep.

    >>> from gupai.games.tsung.config import tsung_config
    >>> is_sweep(tsung_config(), TRIPLE_ENDS, 2), is_sweep(tsung_config(), TRIPLE_ENDS, 3)
    (True, False)
    """
    return (code == TRIPLE_ENDS and before == 2) or (code >= LONE_PAIR and config.lone_sweep)


def explain_capture(
    config: TsungConfig, seat: int, code: int, kind: int, end: int, *, row: Sequence[int], laid: int, verb: str
) -> tuple[str, str]:
    """Why ``kind`` laid by ``seat`` at ``end`` on ``row`` (after ``laid`` tiles) cannot make capture ``code``.

    Returns (rule id, a sentence); ``verb`` says what the player did (took, claimed).

    >>> from gupai.games.tsung.config import tsung_config
    >>> row = [Tile("6-6").index, Tile("3-1").index]
    >>> explain_capture(tsung_config(), 0, PAIR_LEFT, Tile("5-5").index, LEFT, row=row, laid=2, verb="took")
    ('ts.capture.pair', 'seat 0 took [5-5] and [6-6] as a pair, but they are not identical')
    """
    who = f"seat {seat} {verb}"
    capture = capture_of(code)
    tile = f"[{Tile.from_index(kind)}]"
    values = config.values
    options = config.options
    n = len(row)
    if n == 0:
        return "ts.capture.choice", f"{who} {capture} with {tile}, but it was laid on an empty table"
    if n == 1 and laid == 1 and not config.opening_capture:
        return "ts.opening", (
            f"{who} the first opening tile with the second, {tile}, but under option opening-capture=no "
            "the second opening tile is only laid"
        )
    if n == 1:
        lone = f"[{Tile.from_index(row[0])}]"
        reading = f"option lone-tile={options['lone-tile']}"
        if capture.at != "ends" or capture.kind == "triple":
            return (
                "ts.lone-tile",
                f"{who} {capture} with {tile}, but the row is the lone tile {lone} (pair ends, ten ends)",
            )
        if capture.kind == "pair" and not config.lone_pair:
            return (
                "ts.lone-tile",
                f"{who} the lone tile {lone} with {tile}, but under {reading} a lone tile cannot be taken",
            )
        if capture.kind == "pair":
            return "ts.lone-tile", f"{who} the lone tile {lone} as a pair with {tile}, but they are not identical"
        if not config.lone_ten:
            return "ts.lone-tile", (
                f"{who} the lone tile {lone} as a ten with {tile}, but under {reading} "
                + ("a lone tile cannot be taken" if not config.lone_pair else "only an identical tile takes it")
            )
        total = values[kind] + values[row[0]]
        return "ts.lone-tile", (
            f"{who} the lone tile {lone} as a ten with {tile}, but {values[kind]}+{values[row[0]]} = {total} "
            "is not a multiple of ten"
        )
    shown = " ".join(f"[{Tile.from_index(k)}]" for k in row)
    if capture.kind == "ten":
        return "ts.lone-tile", f"{who} a ten with {tile}, but a ten takes only a lone tile, and the row is {shown}"
    reach = f"option reach={options['reach']}"
    if capture.kind == "pair":
        if capture.at == "ends":
            return (
                "ts.capture.pair",
                f"{who} a pair from both ends with {tile}: a pair takes one end tile (pair left, pair right)",
            )
        target = f"[{Tile.from_index(row[0] if capture.at == 'left' else row[-1])}]"
        if not config.either_end and capture.at != ENDS[end]:
            return "ts.capture.reach", (
                f"{who} the {capture.at} end tile {target} with {tile} laid at the {ENDS[end]} end, but under "
                f"{reach} a tile reaches only the end where it is laid"
            )
        return "ts.capture.pair", f"{who} {tile} and {target} as a pair, but they are not identical"
    if capture.at in ENDS:
        if n == 2:
            return "ts.capture.triple", (
                f"{who} a triple from the {capture.at} end with {tile}, but the row holds two tiles: "
                "a triple with both is taken from the ends (triple ends)"
            )
        if not config.two_at_end:
            return "ts.capture.triple", (
                f"{who} the two tiles at the {capture.at} end as a triple with {tile}, but under option "
                "triple=ends-only a triple takes one tile at each end"
            )
        if not config.either_end and capture.at != ENDS[end]:
            return "ts.capture.reach", (
                f"{who} the two tiles at the {capture.at} end with {tile} laid at the {ENDS[end]} end, but under "
                f"{reach} a tile reaches the tiles of its own end (and the far end tile) only"
            )
        a, b = (row[0], row[1]) if capture.at == "left" else (row[-2], row[-1])
    else:
        a, b = row[0], row[-1]
    total = values[kind] + values[a] + values[b]
    message = (
        f"{who} [{Tile.from_index(a)}] and [{Tile.from_index(b)}] as a triple, but {values[a]}+{values[b]} "
        f"is not a ten with {tile}: {values[a]}+{values[b]}+{values[kind]} = {total} is not a multiple of ten"
    )
    if FOUR_TWO in (kind, a, b):
        other = 3 if values[FOUR_TWO] == 6 else 6
        message += f" ([4-2] counts {values[FOUR_TWO]} under option four-two-value={options['four-two-value']})"
        if (total - values[FOUR_TWO] + other) % 10 == 0:
            return "ts.tiles.four-two", message
    return "ts.capture.triple", message


def captured_kinds(row: Sequence[int], last_laid: tuple[int, int], code: int) -> tuple[int, ...]:
    """The kinds capture ``code`` takes with the last tile laid (kind, end), laid into ``row``: that tile first.

    >>> captured_kinds([5, 19, 19], (19, RIGHT), PAIR_RIGHT)  # kind 19 laid at the right pairs the 19 there
    (19, 19)
    """
    kind, end = last_laid
    if kind < 0:
        return ()
    row = row[1:] if end == LEFT else row[:-1]
    if not row or (code in (TRIPLE_LEFT, TRIPLE_RIGHT) and len(row) < 2):
        return (kind,)
    taken = {
        PAIR_LEFT: row[:1],
        PAIR_RIGHT: row[-1:],
        TRIPLE_LEFT: row[:2],
        TRIPLE_RIGHT: row[-2:],
        TRIPLE_ENDS: [row[0], row[-1]] if len(row) > 1 else row[:1],
    }.get(code, row[:1])
    return (kind, *taken)
