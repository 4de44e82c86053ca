"""Playing games with agents and writing their logs.

>>> log = play_game("kap-shap", seed=1, agents=("greedy", "greedy"))
>>> log["game"], log["result"]["reason"] in ("declared", "stock-exhausted")
('kap-shap', True)
>>> play_game("kap-shap", seed=1, agents=("greedy", "greedy")) == log
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.core.tiles import faces
from gupai.games.agents import Agent, agent_name, make_agent, seat_agents
from gupai.games.kap.actions import Discard, Draw, Event, Take
from gupai.games.kap.config import COLLECTING_GAMES, CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, random_deal
from gupai.games.kap.game import KapGame
from gupai.games.kap.state import KapState
from gupai.games.match import follows_previous, next_first_player, previous_result
from gupai.games.registry import GAMES
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.game import TsungGame
from gupai.log.format import LOG_FORMAT, LOG_VERSION
from gupai.log.tsung import play_tsung, play_tsung_config

__all__ = ["ENGINES", "deal_to_json", "play", "play_collecting", "play_game", "play_kap", "play_match", "seat_agents"]


_FACES = faces()
_EVENT_TYPES: dict[type, str] = {Take: "take", Draw: "draw", Discard: "discard"}


def _faces(kinds: Sequence[int]) -> list[str]:
    return [_FACES[k] for k in kinds]


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """The deal as the log records it."""
    return {
        "order": _faces(deal.order),
        "dice": list(deal.dice) if deal.dice is not None else None,
        "first_player": deal.first_player,
        "hands": [_faces(hand) for hand in deal.hands],
        "stock": _faces(deal.stock),
    }


def play_kap(
    game: str,
    options: Options,
    *,
    players: int | None = None,
    sets: int | None = None,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    max_events: int = 1_000_000,
    first: int | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game of Kap Shap or Kap Tai Shap and return its log.

    ``first`` plays first under first-player=previous-winner, and ``match`` is
    the log's record of the match the game belongs to (:func:`play_match`).
    """
    config = collecting_config(game, options, players=players, sets=sets)
    return play_collecting(config, seed=seed, agents=agents, max_events=max_events, first=first, match=match)


def play_collecting(
    config: CollectingConfig,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    max_events: int = 1_000_000,
    first: int | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game of a collecting game already fixed by ``config`` and return its log (``first`` and
    ``match`` as :func:`play_kap` takes them)."""
    game, options = config.spec.id, config.options
    names = seat_agents(agents, config.players)
    seats = [make_agent(name) for name in names]
    deal_rng = random.Random(f"gupai:{game}:deal:{seed}")
    agent_rng = random.Random(f"gupai:{game}:agents:{seed}")
    deal = random_deal(config, deal_rng, first=first)
    state = KapState(config, deal)
    events: list[dict[str, Any]] = []
    while not state.is_terminal:
        seat = state.current_player
        action = seats[seat].choose(state, state.legal_actions(), agent_rng)
        kind = state.step(action)
        if kind >= 0:  # written as Event.to_json writes it, without building the Event
            events.append({"type": _EVENT_TYPES[action.__class__], "seat": seat, "tile": _FACES[kind]})
        elif kind == -2:  # a pass (stock-out=play-on)
            events.append({"type": "pass", "seat": seat})
        else:
            events.append(Event("declare", seat, hand=state.winning_hand, decomposition=state.decomposition).to_json())
        if state.turn_cap is not None and state.turn > state.turn_cap and not state.is_terminal:
            state.abandon()  # where nothing guarantees an end (may_never_end): the engine's cap (ks.end.abandoned)
        if len(events) > max_events:  # pragma: no cover - the rules or the turn cap guarantee an end
            raise RuntimeError(f"game {seed} did not end within {max_events} events")
    log: dict[str, Any] = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game,
        "preset": options.preset,
        "options": options.as_dict(),
        "players": config.players,
        "sets": config.sets,
        "seed": seed,
        "agents": [agent_name(agent) for agent in names],
    }
    if match is not None:
        log["match"] = match
    log.update(deal=deal_to_json(deal), events=events, result=state.result())
    return log


def play_game(
    game: str,
    *,
    preset: str | None = None,
    overrides: dict[str, str] | None = None,
    players: int | None = None,
    sets: int | None = None,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    **options: str,
) -> dict[str, Any]:
    """Play one game of any gupai game and return its log.

    Options are ``overrides`` or keyword arguments, in either spelling (``pair_set="printed"``);
    ``agents`` are names (``greedy``, ``mypkg.mod:MyAgent``) or your agents themselves, one for
    every seat or one a seat.
    """
    resolved = resolve_options(game, preset=preset, overrides={**(overrides or {}), **options})
    engine = ENGINES.get(game)
    if engine is None:
        raise OptionError(f"no engine plays {game} yet", where=game)
    return engine(game, resolved, players=players, sets=sets, seed=seed, agents=agents)


def play(
    game: KapGame | TsungGame,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    first: int | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game of a loaded game (:func:`gupai.load_game`) and return its log: no option is resolved again
    (``first`` and ``match`` as :func:`play_kap` takes them).

    >>> from gupai.games.registry import load_game
    >>> play(load_game("kap-shap"), seed=1) == play_game("kap-shap", seed=1)
    True
    """
    if isinstance(game, TsungGame):
        return play_tsung_config(game.config, seed=seed, agents=agents, first=first or 0, match=match)
    return play_collecting(game.config, seed=seed, agents=agents, first=first, match=match)


def play_match(
    game: str | KapGame | TsungGame,
    *,
    preset: str | None = None,
    overrides: dict[str, str] | None = None,
    players: int | None = None,
    sets: int | None = None,
    seed: int = 0,
    count: int = 1,
    agents: Sequence[str | Agent] = ("greedy",),
) -> Iterator[dict[str, Any]]:
    """Play ``count`` games from ``seed`` on, as a match when the options say the first player follows the last
    game. ``game`` is a loaded game (:func:`gupai.load_game`), or a game id with ``preset``, ``overrides``,
    ``players`` and ``sets`` as :func:`play_game` takes them.

    Game ``i`` (from 0) is dealt and played from seed ``seed + i``, as
    ``play(game, seed=seed + i)`` is: the same shuffle, the same agents'
    choices of chance. In a match (first-player=previous-winner, Kap;
    previous-higher, Tsung Shap) only its first player differs: seat 0 begins,
    then the previous game's winner or higher scorer, a tie or a game with no
    winner keeping the same first player (:mod:`gupai.games.match`); each log
    records it in ``match``. Otherwise the games are :func:`play`'s.

    >>> from gupai.games.registry import load_game
    >>> navpil = load_game("tsung-shap", preset="navpil-classic")
    >>> logs = list(play_match(navpil, seed=1, count=3))
    >>> [log["match"]["game"] for log in logs], logs[0]["match"]["previous"]
    ([1, 2, 3], None)
    >>> logs[1]["deal"]["first_player"] == (0 if logs[0]["result"]["scores"][0] >= logs[0]["result"]["scores"][1] else 1)
    True
    >>> logs[1]["deal"]["order"] == play_game("tsung-shap", preset="navpil-classic", seed=2)["deal"]["order"]
    True
    """
    if isinstance(game, str):
        options = resolve_options(game, preset=preset, overrides=overrides)
        game = GAMES[options.game](options, players=players, sets=sets)
    options = game.config.options
    is_match = follows_previous(options.game, options["first-player"])
    previous: dict[str, Any] | None = None  # the previous game's result, as the next game records it
    seats = 0
    for index in range(count):
        if not is_match:
            yield play(game, seed=seed + index, agents=agents)
            continue
        first = 0 if previous is None else next_first_player(previous, game=options.game, players=seats)
        log = play(game, seed=seed + index, agents=agents, first=first, match={"game": index + 1, "previous": previous})
        previous, seats = previous_result(log), log["players"]
        yield log


#: Game id -> a function playing one game from resolved options (the same
#: keyword arguments as :func:`play_kap`) and returning its log.
ENGINES: dict[str, Callable[..., dict[str, Any]]] = {**{game: play_kap for game in COLLECTING_GAMES}, TSUNG: play_tsung}
