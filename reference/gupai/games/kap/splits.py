"""What a declaration shows: its split read from a log or a move, and the rule a wrong one breaks.

A split is an eye and the hand's ten-pairs. The replay (:mod:`gupai.games.kap.replay`)
checks a shown split directly against the hand and the pair rules; the hand
evaluator (:class:`gupai.core.hands.HandEvaluator`) lists every split of a
winning hand. ``tests/unit/test_split_faults.py`` holds the two to each other.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from gupai.core.hands import Decomposition
from gupai.core.tiles import KIND_COUNT, Tile, count_vector
from gupai.games.kap.config import CollectingConfig

__all__ = ["parse_split", "shown_split", "split_fault"]


def parse_split(doc: Mapping[str, Any]) -> Decomposition:
    """A split as a log or the protocol writes it, in the evaluator's canonical order (raises ``ValueError``).

    >>> str(parse_split({"eye": ["1-1", "1-1"], "pairs": [["4-4", "6-6"], ["1-1", "6-2"]]}))
    'eye 1-1 1-1, pairs 6-6+4-4 6-2+1-1'
    """
    known = _two_tiles()
    try:  # every face in its canonical spelling, in pairs: looked up
        eye = known[tuple(doc["eye"])][0]
        pairs = sorted((known[tuple(pair)] for pair in doc["pairs"]), key=itemgetter(1), reverse=True)
        return Decomposition(eye=eye, pairs=tuple(pair for pair, _ in pairs))
    except (KeyError, TypeError, ValueError):
        pass
    try:
        a, b = (Tile.parse(face) for face in doc["eye"])
        found = []
        for x, y in doc["pairs"]:
            found.append(_ordered(Tile.parse(x), Tile.parse(y)))
    except (KeyError, TypeError) as error:
        raise ValueError(f"not a split: {json.dumps(doc)}") from error
    found.sort(key=_order, reverse=True)  # as tiles order
    return Decomposition(eye=_ordered(a, b), pairs=tuple(found))


def _ordered(a: Tile, b: Tile) -> tuple[Tile, Tile]:
    """Two tiles, the greater first."""
    return (a, b) if (a.high, a.low) >= (b.high, b.low) else (b, a)


def _order(pair: tuple[Tile, Tile]) -> tuple[int, int, int, int]:
    """Where a pair (greater tile first) stands among pairs: as its tiles order."""
    return pair[0].high, pair[0].low, pair[1].high, pair[1].low


@cache
def _two_tiles() -> dict[tuple[str, str], tuple[tuple[Tile, Tile], tuple[int, int, int, int]]]:
    """Every two faces (canonical spelling), as the pair they make and its place in the pairs' order."""
    tiles = [Tile.from_index(k) for k in range(KIND_COUNT)]
    return {(a.face, b.face): (_ordered(a, b), _order(_ordered(a, b))) for a in tiles for b in tiles}


_SPLITS_SHOWN: dict[tuple[Any, Any], Decomposition] = {}


def shown_split(doc: Any) -> Decomposition | str:
    """The split shown, or its JSON text when it is not one (so that a message can quote it).

    The last few thousand splits read are remembered by their faces: a
    replay reads a declared split in the event, then again in the result.
    """
    try:
        key: tuple[Any, Any] | None = (tuple(doc["eye"]), tuple(map(tuple, doc["pairs"])))
        found = _SPLITS_SHOWN.get(key)  # type: ignore[arg-type]
    except (KeyError, TypeError, IndexError):  # not a split: no key (parse_split says why)
        key = found = None
    if found is not None:
        return found
    try:
        split = parse_split(doc)
    except ValueError:
        return json.dumps(doc)
    if key is not None:
        if len(_SPLITS_SHOWN) >= 4096:
            _SPLITS_SHOWN.clear()
        _SPLITS_SHOWN[key] = split
    return split


def split_fault(config: CollectingConfig, held: Sequence[int], shown: Decomposition | str) -> tuple[str, str] | None:
    """The rule a declared split breaks, named after the part of it that is wrong; ``None`` for a winning split.

    A split that is not the hand's tiles, or not an eye and the hand's number
    of pairs, breaks ``declare.valid``; an eye that is not two identical tiles
    (of a series the ``eye`` option allows) breaks ``eye``; a pair that makes
    ten under neither count of [4-2] breaks ``pair.ten``; pairs that all
    make ten under the other count of [4-2] break ``tiles.four-two``.

    >>> from gupai.core.hands import counts_of
    >>> from gupai.core.tiles import parse_tiles
    >>> from gupai.games.kap.config import collecting_config
    >>> config = collecting_config("kap-shap")
    >>> held = counts_of(parse_tiles("1-1 1-1 4-2 2-2 5-5 5-5 6-4 6-4".split()))
    >>> split_fault(config, held, parse_split({"eye": ["4-2", "2-2"], "pairs": [["1-1", "1-1"], ["5-5", "5-5"], ["6-4", "6-4"]]}))
    ('ks.eye', 'the eye [4-2] [2-2]: an eye is two identical tiles')
    >>> split_fault(config, held, parse_split({"eye": ["1-1", "1-1"], "pairs": [["4-2", "2-2"], ["5-5", "5-5"], ["6-4", "6-4"]]}))[0]
    'ks.tiles.four-two'
    """
    rule, rules = config.rule, config.rules
    size = config.evaluator.pairs_in_hand
    if isinstance(shown, str) or len(shown.pairs) != size:
        return rule("declare.valid"), f"the split {shown}, which is not an eye and {size} pairs"
    tiles = [*shown.eye, *(tile for pair in shown.pairs for tile in pair)]
    if tuple(count_vector(t.index for t in tiles)) != tuple(held):
        return rule("declare.valid"), f"the split {shown}, which is not the tiles of the hand"
    a, b = shown.eye
    ev = config.evaluator
    if not ev.makes_eye(a.index, b.index):
        why = "an eye is two identical tiles" if a != b else f"option eye={rules.eye} allows no military eye"
        return rule("eye"), f"the eye [{a}] [{b}]: {why}"
    wrong = [(x, y) for x, y in shown.pairs if not ev.makes_pair(x.index, y.index)]
    if not wrong:
        return None
    other = rules.evolve(four_two_value=9 - rules.four_two_value)
    no_ten = [(x, y) for x, y in wrong if not other.is_pair(x, y)]
    if no_ten:
        x, y = no_ten[0]
        return rule("pair.ten"), f"the pair [{x}]+[{y}], which is not a ten-pair under option pair-set={rules.pair_set}"
    x, y = wrong[0]  # every wrong pair would make ten with the other count of [4-2]
    return rule("tiles.four-two"), (
        f"the pair [{x}]+[{y}], which makes ten only if [4-2] counts {other.four_two_value}, not {rules.four_two_value}"
    )
