"""The one replay path of Kap Shap and Kap Tai Shap: a recorded deal and its events checked against the rules.

The log validator (:mod:`gupai.log.validate`), the protocol server's session
(:mod:`gupai.protocol.kap_session`) and, through the server, the harness's
log replay all check a deal and each event here: there is no second copy of
the deal check, the turn order or the declaration check. A problem is a
:class:`~gupai.core.errors.ReplayError` naming the JSON pointer, the rule
and why.

What the rules mean, and so what is compared (``ks.deal.wall``,
``ks.deal.draw-order`` in ``spec/``): a hand is a multiset of tiles (the
order a hand is listed in means nothing), while the stock keeps its draw
order. A declared hand and its split are likewise compared as multisets,
in the declare event and in the result alike.

>>> from gupai.log.play import play_game
>>> log = play_game("kap-shap", seed=3)
>>> replay_kap(log).is_terminal
True
>>> log["deal"]["hands"][0].reverse()  # the same hand, listed in another order
>>> replay_kap(log).result() == log["result"]
True
>>> log["events"][0]["seat"] = 1 - log["events"][0]["seat"]
>>> replay_kap(log)
Traceback (most recent call last):
...
gupai.core.errors.ReplayError: seat 0 acted, but it is seat 1's turn (turn 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import chain, repeat
from operator import call
from typing import Any

from gupai.core.errors import GupaiError, ReplayError
from gupai.core.faces import canonical_kinds, kind_bytes
from gupai.core.hands import Decomposition
from gupai.core.options import read_options
from gupai.core.tiles import KIND_COUNT, Tile, count_vector, kinds_of, set_counts, set_mismatch
from gupai.games.kap.actions import DECLARE, DRAW, Action, Event, action_of
from gupai.games.kap.config import CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, cut_of, cut_places, deal_from_order, first_player_from_dice
from gupai.games.kap.splits import shown_split, split_fault
from gupai.games.kap.state import KapState
from gupai.games.match import check_match

__all__ = [
    "apply_event",
    "check_deal",
    "check_event",
    "check_position",
    "check_result",
    "checked_deal",
    "config_of",
    "dealt",
    "dealt_first",
    "replay_kap",
]


# ------------------------------------------------------------------ setup
_CONFIGS: dict[tuple[Any, ...], CollectingConfig] = {}
#: The last configuration found: game, options (a copy), players, sets, configuration.
_LAST: list[Any] = []


def config_of(game: str, options: Mapping[str, str], *, players: int | None, sets: int | None) -> CollectingConfig:
    """The configuration a log or a ``new_game`` request records (a bad option raises ``OptionError``).

    A configuration is a value: the last few are remembered (a corpus
    replays thousands of games under a handful of them).
    """
    last = _LAST
    if last and last[0] == game and last[2] == players and last[3] == sets and last[1] == options:
        again: CollectingConfig = last[4]  # the configuration of the log before (a corpus holds long runs of one)
        return again
    key: tuple[Any, ...] | None = (game, tuple(options.items()), players, sets)
    try:
        found = _CONFIGS.get(key)  # type: ignore[arg-type]
    except TypeError:  # an option value that is not hashable: no key, the error comes below
        key = found = None
    if found is not None:
        last[:] = [game, dict(options), players, sets, found]
        return found
    resolved = read_options(game, options)
    try:
        config = collecting_config(game, resolved, players=players, sets=sets)
    except GupaiError as error:
        raise ReplayError("/sets" if error.where == "sets" else "/players", error.rule, error.message) from None
    if key is not None:
        if len(_CONFIGS) >= 64:
            _CONFIGS.clear()
        _CONFIGS[key] = config
        last[:] = [game, dict(options), players, sets, config]
    return config


@lru_cache(maxsize=16)
def _full_sets(sets: int) -> list[int]:
    """Every tile of ``sets`` sets as kinds, sorted: a deal's order sorted must be exactly this."""
    return [kind for kind, copies in enumerate(set_counts(sets)) for _ in range(copies)]


def _equipment_rule(config: CollectingConfig) -> str:
    return config.spec.set_rule


def _method_rule(config: CollectingConfig) -> str:
    return config.rule("deal.wall" if config.options["deal"] == "wall" else "deal.boneyard")


def check_deal(config: CollectingConfig, deal: Mapping[str, Any]) -> Deal:
    """The deal a recorded shuffled order and dice make, checked against what is recorded beside them.

    ``first_player``, ``hands`` and ``stock`` are checked when present (a
    ``new_game`` request may leave them out; a log always records them):
    each hand as a multiset, the stock in draw order.
    """
    return checked_deal(config, deal)[0]


def checked_deal(config: CollectingConfig, deal: Mapping[str, Any]) -> tuple[Deal, bool]:
    """:func:`check_deal`, and whether the order, the hands and the stock are recorded exactly as a log writes
    them: every tile in its one spelling, each hand in the order dealt (then they are lists of tiles)."""
    hands, stock = deal.get("hands"), deal.get("stock")
    every = _written_kinds(deal["order"], hands, stock)  # the usual log's tiles, read at once
    if every is not None:
        found = dealt(
            config, every, tuple(map(len, hands)), dice=deal.get("dice"), recorded_first=deal.get("first_player")
        )
        if found is not None:
            return found, True
    rule = config.rule
    faces = deal["order"]
    order = canonical_kinds(faces)
    canonical = order is not None
    if order is None:  # a face spelled otherwise (or not a tile: kinds_of says which)
        order = kinds_of(faces)
    wrong = set_mismatch(order, config.sets) if sorted(order) != _full_sets(config.sets) else []
    if wrong:
        sets = "one set" if config.sets == 1 else f"{config.sets} sets"
        raise ReplayError(
            "/deal/order",
            _equipment_rule(config),
            f"the deal's order is not exactly the tiles of {sets}: " + ", ".join(wrong[:6]),
        )
    dice = deal.get("dice")
    recorded_first = deal.get("first_player")
    problem = _first_player_problem(config, dice, recorded_first)
    if problem is not None:
        raise problem
    hands, stock = deal.get("hands"), deal.get("stock")
    try:
        if hands is None and stock is None:
            return deal_from_order(config, order, dice=dice, first=recorded_first), False
        first, hand_places, stock_places = cut_places(config, len(order), dice=dice, first=recorded_first)
    except GupaiError as error:  # e.g. too few piles for a wall
        raise ReplayError("/deal/order", error.rule or rule("deal.wall"), error.message) from None
    # The order cut as the log spells it: recorded hands and stock are compared as written first.
    written_hands = tuple(map(call, hand_places, repeat(faces)))
    written_stock = stock_places(faces)
    cut = Deal(
        order=tuple(order),
        dice=tuple(dice) if dice is not None else None,
        first_player=first,
        hands=tuple(map(call, hand_places, repeat(order))),
        stock=stock_places(order),
    )
    as_written = canonical and hands is not None and stock is not None
    if hands is not None:
        if len(hands) != config.players:
            method = _method_rule(config)
            raise ReplayError("/deal/hands", method, f"{len(hands)} hands recorded for {config.players} players")
        if not _as_written(hands, written_hands):
            as_written = False
        for seat, hand in enumerate(cut.hands if not as_written else ()):
            if hands[seat] == list(written_hands[seat]):
                continue
            as_written = False
            if not _same_tiles(hands[seat], written_hands[seat], hand):
                method = _method_rule(config)
                want = " ".join(Tile.from_index(k).face for k in hand)
                raise ReplayError(
                    f"/deal/hands/{seat}",
                    method,
                    f"seat {seat}'s hand is not what the {method.split('.')[-1]} deals from this order: expected {want}",
                )
    same_stock = stock is not None and tuple(stock) == written_stock
    if stock is not None and not same_stock and kinds_of(stock) != list(cut.stock):
        raise ReplayError(
            "/deal/stock",
            rule("deal.draw-order" if config.options["deal"] == "wall" else "deal.boneyard"),
            "the stock is not the rest of the order in draw order "
            f"(option deal={config.options['deal']}, wall-draw={config.options['wall-draw']}"
            + (f", wall-cut={config.options['wall-cut']}" if "wall-cut" in config.options else "")
            + ")",
        )
    return cut, as_written and same_stock and hands.__class__ is list and stock.__class__ is list


def dealt(
    config: CollectingConfig, kinds: bytes, sizes: Sequence[int], *, dice: Any, recorded_first: Any
) -> Deal | None:
    """The deal of a log whose tiles are read as ``kinds`` (one byte a tile: the order's, then each hand's, seat 0's
    first, of ``sizes`` tiles each, then the stock's), when it is certainly the deal :func:`checked_deal` finds, every
    tile recorded as dealt; ``None``: not known here (:func:`checked_deal` says what is wrong, if anything).

    >>> from gupai.games.kap.config import collecting_config
    >>> from gupai.games.kap.deal import cut_of
    >>> config = collecting_config("kap-shap")
    >>> order = bytes(_full_sets(1))
    >>> _, cut = cut_of(config, 32, dice=(1, 1, 1, 2))
    >>> dealt(config, order + bytes(cut.every(order)), cut.sizes, dice=[1, 1, 1, 2], recorded_first=1).first_player
    1
    >>> dealt(config, order + bytes(cut.every(order)), cut.sizes, dice=[1, 1, 1, 2], recorded_first=0) is None
    True
    """
    first = dealt_first(config, kinds, sizes, dice=dice, recorded_first=recorded_first)
    if first is None:
        return None
    order = kinds[: len(kinds) // 2]
    _, cut = cut_of(config, len(order), dice=dice, first=first)
    return Deal(
        order=tuple(order),
        dice=tuple(dice) if dice is not None else None,
        first_player=first,
        hands=tuple(map(call, cut.hands, repeat(order))),
        stock=cut.stock(order),
    )


def dealt_first(
    config: CollectingConfig, kinds: bytes, sizes: Sequence[int], *, dice: Any, recorded_first: Any
) -> int | None:
    """:func:`dealt`'s first player (then the hands and the stock are the tiles ``kinds`` lists after the
    order's, as they stand); ``None``: not known here."""
    if recorded_first.__class__ is not int or _first_player_problem(config, dice, recorded_first) is not None:
        return None
    size = len(kinds) // 2  # the hands and the stock hold the order's tiles
    order = kinds[:size]
    if 2 * size != len(kinds) or not _is_full(order, config.sets):
        return None
    try:
        first, cut = cut_of(config, size, dice=dice, first=recorded_first)
    except GupaiError:
        return None
    if tuple(sizes) != cut.sizes or kinds[size:] != bytes(cut.every(order)):
        return None
    return first


def _written_kinds(faces: Any, hands: Any, stock: Any) -> bytes | None:
    """The kinds of the order's tiles, then of the hands' (seat 0's first), then of the stock's, one byte a tile,
    when all are lists of tiles written as a log writes them (:func:`~gupai.core.faces.kind_bytes`); else ``None``."""
    if faces.__class__ is not list or hands.__class__ is not list or stock.__class__ is not list:
        return None
    if set(map(type, hands)) != {list}:
        return None
    count = len(faces) + sum(map(len, hands)) + len(stock)
    return kind_bytes(chain(faces, chain.from_iterable(hands), stock), count)


@lru_cache(maxsize=16)
def _set_counts(sets: int) -> list[int]:
    return list(set_counts(sets))


_KINDS = range(KIND_COUNT)


def _is_full(order: bytes, sets: int) -> bool:
    """Whether an order of kinds (one byte a tile, each a kind) is exactly the tiles of ``sets`` sets."""
    return list(map(order.count, _KINDS)) == _set_counts(sets)


def _first_player_problem(config: CollectingConfig, dice: Any, recorded_first: Any) -> ReplayError | None:
    """What is wrong with a deal's dice and recorded first player under option first-player (``None``: nothing)."""
    rule = config.rule
    reading = config.options["first-player"]
    if reading == "dice":
        if dice is None:
            return ReplayError(
                "/deal/dice", rule("deal.first-player"), "option first-player=dice, but no dice are recorded"
            )
        first = first_player_from_dice(dice, config.players)
        if recorded_first is not None and recorded_first != first:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"the dice {dice} total {sum(dice)}, which counts to seat {first}, not seat {recorded_first}",
            )
    elif reading == "previous-winner":  # given: the previous game's winner
        if dice is not None:
            return ReplayError(
                "/deal/dice", rule("deal.first-player"), "option first-player=previous-winner throws no dice"
            )
        if recorded_first is not None and recorded_first >= config.players:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"seat {recorded_first} is recorded as first, but there are {config.players} players",
            )
    else:
        if dice is not None:
            return ReplayError("/deal/dice", rule("deal.first-player"), "option first-player=seat-0 throws no dice")
        if recorded_first is not None and recorded_first != 0:
            return ReplayError(
                "/deal/first_player",
                rule("deal.first-player"),
                f"option first-player=seat-0, but seat {recorded_first} is recorded as first",
            )
    return None


def _as_written(hands: Sequence[Any], written: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the recorded hands are lists of exactly the faces dealt, each in the order dealt."""
    try:
        return set(map(type, hands)) == {list} and tuple(map(tuple, hands)) == written
    except TypeError:
        return False


def _same_tiles(recorded: Sequence[str], written: Sequence[str], kinds: Sequence[int]) -> bool:
    """Whether recorded faces are the tiles ``kinds`` as a multiset (compared first as ``written``, the same
    tiles as the log spells them elsewhere: the schema allows one spelling a tile)."""
    try:
        if sorted(recorded) == sorted(written):
            return True
    except TypeError:  # not all strings: compared as tiles below, which says what is wrong
        pass
    return sorted(kinds_of(recorded)) == sorted(kinds)


def check_position(config: CollectingConfig, deal: Mapping[str, Any]) -> Deal:
    """A deal given as a position (hands, stock, first player) rather than an order.

    A malformed position is a :class:`ReplayError` without a rule.
    """
    n = config.players
    hands = [kinds_of(hand) for hand in deal["hands"]]
    stock = kinds_of(deal["stock"])
    first = deal["first_player"]
    if len(hands) != n:
        raise ReplayError("/deal/hands", None, f"the deal gives {len(hands)} hands for {n} players")
    if first >= n:
        raise ReplayError("/deal/first_player", None, f"seat {first} plays first, but there are {n} players")
    for seat, hand in enumerate(hands):
        want = config.dealt(first=seat == first)
        if len(hand) != want:
            raise ReplayError(
                f"/deal/hands/{seat}",
                _method_rule(config),
                f"seat {seat} is dealt {len(hand)} tiles: the deal gives it {want}",
            )
    counts = count_vector([k for hand in hands for k in hand] + stock)
    caps = set_counts(config.sets)
    extra = [f"{counts[k]} copies of [{Tile.from_index(k)}]" for k in range(KIND_COUNT) if counts[k] > caps[k]]
    if extra:
        sets = "one set holds" if config.sets == 1 else f"{config.sets} sets hold"
        raise ReplayError("/deal", _equipment_rule(config), f"the deal holds {', '.join(extra[:4])}, more than {sets}")
    return Deal(order=(), dice=None, first_player=first, hands=tuple(map(tuple, hands)), stock=tuple(stock))


# ----------------------------------------------------------------- events
_NOT_WINNING: dict[tuple[Any, ...], tuple[str, str]] = {}


def _not_winning(state: KapState, seat: int) -> tuple[str, str]:
    """Why a hand that is not winning cannot be declared (remembered: a scenario may ask hundreds of times)."""
    config = state.config
    key = (config.spec.id, config.options.entries, config.sets, config.players, seat, state.hand_counts(seat))
    found = _NOT_WINNING.get(key)
    if found is None:
        problem = state.why_illegal(DECLARE)
        assert problem is not None
        found = (problem[0], problem[1])
        if len(_NOT_WINNING) > 4096:
            _NOT_WINNING.clear()
        _NOT_WINNING[key] = found
    return found


def check_event(state: KapState, event: Mapping[str, Any], index: int | None = None) -> ReplayError | None:
    """``None`` when ``event`` may come next, else the rule it breaks.

    ``index`` is the event's place in a log (for the pointer); a protocol
    move has none. A draw's ``tile``, a declaration's ``hand`` and
    ``decomposition`` are checked when present; the hand and the split as
    multisets.
    """
    return _check(state, event, action_of(event), index)


def _check(state: KapState, event: Mapping[str, Any], action: Action, index: int | None) -> ReplayError | None:
    """:func:`check_event` of the event's action, read once by the caller (a replay's every event comes here)."""
    if state.phase == "over":
        return _after_the_end(state, action, index)
    seat = event["seat"]
    if seat != state.current_player:
        return ReplayError(
            f"{_at(index)}/seat",
            state.config.rule("turn.order"),
            f"seat {seat} acted, but it is seat {state.current_player}'s turn (turn {state.turn})",
            index,
        )
    if action is DECLARE:
        return _check_declare(state, event, seat, index)
    problem = state.why_illegal(action)
    if problem is not None:
        return ReplayError(_at(index), problem[0], problem[1], index)
    if action is DRAW and "tile" in event:
        expected = Tile.from_index(state.stock[state.stock_drawn])
        if event["tile"] != expected.face:
            return ReplayError(
                f"{_at(index)}/tile",
                state.config.rule("deal.draw-order"),
                f"seat {seat} drew [{event['tile']}], but the next tile of the stock is [{expected}]",
                index,
            )
    return None


def _at(index: int | None) -> str:
    """The JSON pointer of a log's event; a protocol move has none."""
    return f"/events/{index}" if index is not None else ""


def _after_the_end(state: KapState, action: Action, index: int | None) -> ReplayError:
    if index is None:
        problem = state.why_illegal(action)
        assert problem is not None
        return ReplayError("", problem[0], problem[1])
    return ReplayError(
        _at(index), state.over_rule(), f"event {index} follows the end of the game ({state.reason})", index
    )


def _check_declare(state: KapState, event: Mapping[str, Any], seat: int, index: int | None) -> ReplayError | None:
    """A declaration: the hand must win, and the hand and split it shows must be the hand's."""
    rule, at = state.config.rule, _at(index)
    if state.phase == "hold" and not state.can_declare():
        if "decomposition" in event:  # the rule of the part of the split the log shows that is wrong
            fault = split_fault(state.config, state.hand_counts(seat), shown_split(event["decomposition"]))
            if fault is not None:
                return ReplayError(f"{at}/decomposition", fault[0], f"seat {seat} showed {fault[1]}", index)
        return ReplayError(at, *_not_winning(state, seat), index)
    problem = state.why_illegal(DECLARE)
    if problem is not None:
        return ReplayError(at, problem[0], problem[1], index)
    held = state.hand_counts(seat)
    if "hand" in event and tuple(count_vector(kinds_of(event["hand"]))) != held:
        hand = [t.face for t in state.hand(seat)]
        return ReplayError(
            f"{at}/hand", rule("declare.valid"), f"seat {seat} declared {event['hand']}, but holds {hand}", index
        )
    if "decomposition" in event:
        fault = split_fault(state.config, held, shown_split(event["decomposition"]))
        if fault is not None:
            return ReplayError(f"{at}/decomposition", fault[0], f"seat {seat} showed {fault[1]}", index)
    return None


def apply_event(state: KapState, event: Mapping[str, Any]) -> Event:
    """Apply an event :func:`check_event` passed; a declaration keeps the split it shows."""
    result = state.apply_unchecked(action_of(event))
    if result.type == "declare" and _keep_split(state, event):
        result = replace(result, decomposition=state.decomposition)
    return result


def _keep_split(state: KapState, event: Mapping[str, Any]) -> bool:
    """After a declaration: the game keeps the split the event shows (true), if it shows one."""
    if "decomposition" not in event:
        return False
    shown = shown_split(event["decomposition"])
    if isinstance(shown, Decomposition):
        state.decomposition = shown
        return True
    return False


# ----------------------------------------------------------------- result
_END_RULES = {
    "declared": "end.win",
    "stock-exhausted": "end.stock",
    "dead-rounds": "end.termination",
    "abandoned": "end.abandoned",
}


def _canonical(key: str, value: Any) -> Any:
    """A result field as compared: the hand and the split as multisets, the rest as written."""
    if key == "hand" and isinstance(value, list):
        try:
            return sorted(kinds_of(value))
        except (GupaiError, TypeError):
            return value
    if key == "decomposition" and value is not None:
        return shown_split(value)
    return value


#: Result fields compared as written (the hand and the split are compared as multisets).
_AS_WRITTEN = frozenset({"winner", "reason", "turns", "settlement"})


def check_result(state: KapState, recorded: Mapping[str, Any]) -> ReplayError | None:
    """``None`` when the recorded result is the one the replayed game reached."""
    rule = state.config.rule
    if recorded.get("reason") == "abandoned":  # ks.end.abandoned: the events stop before any end
        if state.is_terminal:
            return ReplayError(
                "/result/reason",
                rule("end.abandoned"),
                f"the result records an abandoned game, but the events end it ({state.reason}) at turn {state.turn}",
            )
        state.abandon()
    if not state.is_terminal:
        return ReplayError(
            "/events",
            rule(_END_RULES.get(str(recorded.get("reason")), "end.win")),
            f"the events stop at turn {state.turn} with seat {state.current_player} to {state.phase}: "
            "the game is not over",
        )
    won = state.decomposition is not None
    ours = {  # the game's own outcome, as _canonical reads the recorded one (the hand and split as multisets)
        "winner": state.winner,
        "reason": state.reason,
        "turns": state.turn,
        "hand": sorted([tile.index for tile in state.winning_hand]) if won else None,
        "decomposition": state.decomposition,
        "settlement": state.settlement(),
    }
    for key, value in ours.items():
        written = recorded.get(key)
        if (written if value is None or key in _AS_WRITTEN else _canonical(key, written)) != value:
            actual = state.result()
            if key == "settlement":
                target = "settle" if actual.get("winner") is not None else "settle.refund"
            elif key == "turns":
                target = "end.turns"
            else:
                target = "end.abandoned" if actual.get("reason") == "abandoned" else "end.win"
            return ReplayError(
                f"/result/{key}",
                rule(target),
                f"the result records {key} {json.dumps(recorded.get(key))}, but the game gives {json.dumps(actual.get(key))}",
            )
    return None


def replay_kap(doc: Mapping[str, Any]) -> KapState:
    """Replay a schema-valid log of Kap Shap or Kap Tai Shap; the first rule it breaks raises :class:`ReplayError`."""
    config = config_of(doc["game"], doc["options"], players=doc["players"], sets=doc["sets"])
    deal = check_deal(config, doc["deal"])
    check_match(
        doc.get("match"),
        game=doc["game"],
        reading=config.options["first-player"],
        first_player=deal.first_player,
        players=config.players,
    )
    state = KapState(config, deal)
    events: Sequence[Mapping[str, Any]] = doc["events"]
    step = state.step
    for index, event in enumerate(events):
        action = action_of(event)  # read once: checked, then applied
        problem = _check(state, event, action, index)
        if problem is not None:
            raise problem
        step(action)  # the engine's own move; a log needs no event built back
        if action is DECLARE:
            _keep_split(state, event)
    problem = check_result(state, doc["result"])
    if problem is not None:
        raise problem
    return state
