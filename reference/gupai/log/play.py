"""Playing games with agents and writing their logs.

>>> log = play_game("kap-shap", seed=1, agents=("greedy", "greedy"))
>>> log["game"], log["result"]["reason"] in ("declared", "stock-exhausted")
('kap-shap', True)
>>> play_game("kap-shap", seed=1, agents=("greedy", "greedy")) == log
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gupai.core.errors import OptionError
from gupai.core.options import Options, resolve_options
from gupai.core.tiles import KIND_COUNT, Tile
from gupai.games.agents import Agent, agent_name, make_agent, seat_agents
from gupai.games.kap.actions import Discard, Draw, Event, Take
from gupai.games.kap.config import COLLECTING_GAMES, CollectingConfig, collecting_config
from gupai.games.kap.deal import Deal, random_deal
from gupai.games.kap.game import KapGame
from gupai.games.kap.state import KapState
from gupai.games.tsung.config import GAME as TSUNG
from gupai.games.tsung.game import TsungGame
from gupai.log.format import LOG_FORMAT, LOG_VERSION
from gupai.log.tsung import play_tsung, play_tsung_config

__all__ = ["ENGINES", "deal_to_json", "play", "play_collecting", "play_game", "play_kap", "seat_agents"]


_FACES = tuple(Tile.from_index(k).face for k in range(KIND_COUNT))
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
) -> dict[str, Any]:
    """Play one game of Kap Shap or Kap Tai Shap and return its log."""
    config = collecting_config(game, options, players=players, sets=sets)
    return play_collecting(config, seed=seed, agents=agents, max_events=max_events)


def play_collecting(
    config: CollectingConfig,
    *,
    seed: int = 0,
    agents: Sequence[str | Agent] = ("greedy",),
    max_events: int = 1_000_000,
) -> dict[str, Any]:
    """Play one game of a collecting game already fixed by ``config`` and return its log."""
    game, options = config.spec.id, config.options
    names = seat_agents(agents, config.players)
    seats = [make_agent(name) for name in names]
    deal_rng = random.Random(f"gupai:{game}:deal:{seed}")
    agent_rng = random.Random(f"gupai:{game}:agents:{seed}")
    deal = random_deal(config, deal_rng)
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
            state.abandon()  # termination=none: nothing guarantees an end (ks.end.abandoned)
        if len(events) > max_events:  # pragma: no cover - the rules or the turn cap guarantee an end
            raise RuntimeError(f"game {seed} did not end within {max_events} events")
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game,
        "preset": options.preset,
        "options": options.as_dict(),
        "players": config.players,
        "sets": config.sets,
        "seed": seed,
        "agents": [agent_name(agent) for agent in names],
        "deal": deal_to_json(deal),
        "events": events,
        "result": state.result(),
    }


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


def play(game: KapGame | TsungGame, *, seed: int = 0, agents: Sequence[str | Agent] = ("greedy",)) -> dict[str, Any]:
    """Play one game of a loaded game (:func:`gupai.load_game`) and return its log: no option is resolved again.

    >>> from gupai.games.registry import load_game
    >>> play(load_game("kap-shap"), seed=1) == play_game("kap-shap", seed=1)
    True
    """
    if isinstance(game, TsungGame):
        return play_tsung_config(game.config, seed=seed, agents=agents)
    return play_collecting(game.config, seed=seed, agents=agents)


#: Game id -> a function playing one game from resolved options (the same
#: keyword arguments as :func:`play_kap`) and returning its log.
ENGINES: dict[str, Callable[..., dict[str, Any]]] = {**{game: play_kap for game in COLLECTING_GAMES}, TSUNG: play_tsung}
