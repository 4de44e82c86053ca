"""Every gupai game as an OpenSpiel Python game (``python_gupai_kap_shap``, ...).

Chance is explicit: the deal is a chance node a tile (the shuffled order,
each next tile drawn from those left, by their copies) then one a die where
the options throw dice; the draws follow from the order, as at the table.
The game's parameters are ``preset``, ``players`` (every game: Kap Shap and
Tsung Shap take only 2, as their rules say), ``sets`` (Kap Tai Shap; 0, the
default, deals the sets its set rule gives the players) and every option,
written ``pair_set`` for ``pair-set`` (empty: the preset's value).
The engine behind every move is the reference engine (:mod:`gupai.games`).
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from gupai.core.errors import IllegalActionError
from gupai.core.spec import game_spec, games
from gupai.core.tiles import KIND_COUNT, Tile, set_counts
from gupai.games.registry import load_game
from gupai.rl.bounds import kap_moves_bound, tsung_moves_bound, tsung_score_bound
from gupai.rl.codec import Codec
from gupai.rl.dealing import Dealing, Play, Seen
from gupai.rl.resample import resample_order

__all__ = ["SpielGame", "SpielState", "game_types", "register", "short_name", "spiel_game"]

_PREFIX = "python_gupai_"
#: The game parameters that are no option: the preset, the players and the sets (0: the set rule's).
_NOT_OPTIONS = frozenset({"preset", "players", "sets"})
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)

#: :func:`load_game` called with options unpacked from a dict (its overloads are for ids written out).
_load: Any = load_game


def short_name(game: str) -> str:
    """The OpenSpiel name of a gupai game.

    >>> short_name("kap-tai-shap")
    'python_gupai_kap_tai_shap'
    """
    return _PREFIX + game.replace("-", "_")


def _parameters(game: str) -> dict[str, Any]:
    spec = game_spec(game)
    params: dict[str, Any] = {"preset": "culin", "players": spec.players_default}
    if (spec.max_sets or 1) > 1:
        params["sets"] = 0  # (0: the sets the game's set rule gives the players)
    for option in spec.options:
        params[option.key.replace("-", "_")] = ""
    return params


def game_types() -> dict[str, pyspiel.GameType]:
    """The OpenSpiel game type of every gupai game, by gupai id."""
    types = {}
    for game in games():
        spec = game_spec(game)
        types[game] = pyspiel.GameType(
            short_name=short_name(game),
            long_name=f"gupai {spec.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=spec.players_max,
            min_num_players=spec.players_min,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_parameters(game),
        )
    return types


class _Made:
    """A gupai game made from OpenSpiel parameters, with its codec, tiles and dice."""

    def __init__(self, game: str, params: dict[str, Any]) -> None:
        given = {**_parameters(game), **params}
        options = {key: str(value) for key, value in given.items() if key not in _NOT_OPTIONS and value}
        players, sets = int(given["players"]), int(given.get("sets", 0)) or None
        self.gupai: Any = _load(game, str(given["preset"]), players=players, sets=sets, **options)
        self.codec = Codec(self.gupai)
        self.counts = tuple(set_counts(self.gupai.config.sets))
        self.tile_count = sum(self.counts)
        config = self.gupai.config
        self.dice = config.spec.dice if self.codec.kap and config.options.get("first-player") == "dice" else 0


def _info(codec: Codec, chance: int) -> pyspiel.GameInfo:
    players = codec.players
    if codec.kap:
        low, high = -1.0, float(players - 1)
        length = chance + kap_moves_bound(codec.game.config, sum(set_counts(codec.game.config.sets)))
    else:
        high = float(tsung_score_bound(codec.game.config))
        low, length = -high, chance + tsung_moves_bound(codec.game.config)
    return pyspiel.GameInfo(
        num_distinct_actions=codec.num_actions,
        max_chance_outcomes=max(KIND_COUNT, 6),
        num_players=players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0,
        max_game_length=length,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A gupai game fixed by its parameters, as OpenSpiel sees it.

    What the game is made of (the gupai game, the codec) is found from its
    parameters when first asked for: OpenSpiel may make a game again from
    its text (deserialising) without calling ``__init__``.
    """

    gupai_id = ""

    def __init__(self, game: str, game_type: pyspiel.GameType, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        made = _Made(game, params)
        super().__init__(game_type, _info(made.codec, made.tile_count + made.dice), params)
        self._made = made

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its OpenSpiel name and parameters."""
        return pyspiel.load_game, (self.get_type().short_name, dict(self.get_parameters()))

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielGame:
        """The game itself: a game is never changed, and OpenSpiel deep-copies each field of a state it clones."""
        return self

    @property
    def made(self) -> _Made:
        made = self.__dict__.get("_made")
        if made is None:
            made = self.__dict__["_made"] = _Made(self.gupai_id, dict(self.get_parameters()))
        return made

    @property
    def gupai(self) -> Any:
        return self.made.gupai

    @property
    def codec(self) -> Codec:
        return self.made.codec

    @property
    def tile_count(self) -> int:
        return self.made.tile_count

    @property
    def dice(self) -> int:
        return self.made.dice

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        information = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.codec, information=information)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """One play: the deal's chance nodes, then the reference engine's state."""

    play: Play

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)  # the play itself is made when first asked for (a clone is given its own)

    if not TYPE_CHECKING:  # (to mypy, ``play`` is a plain attribute and no other name is found)

        def __getattr__(self, name: str) -> Any:
            """The play of a state that has none yet (a new initial state). OpenSpiel clones a Python state by
            making a new initial state and setting each field to a deep copy of the original's (``PyState::Clone``
            in OpenSpiel's ``python_games.cc``), so a play made in ``__init__`` would be made and thrown away."""
            if name != "play":
                raise AttributeError(name)
            game: SpielGame = self.get_game()
            made = game.made
            play = self.__dict__["play"] = Play(game, Dealing(made.counts, tiles=made.tile_count, dice=made.dice))
            return play

    @property
    def spiel(self) -> SpielGame:
        """The game this is a play of."""
        game: SpielGame = self.play.game
        return game

    @property
    def state(self) -> Any:
        """The reference engine's state once the deal is whole, else ``None``."""
        return self.play.state

    @property
    def dealing(self) -> Dealing:
        return self.play.dealing

    @property
    def seen(self) -> Seen:
        return self.play.seen

    @property
    def order(self) -> list[int]:
        """The tile kinds dealt so far, in order."""
        return self.dealing.order

    @property
    def left(self) -> list[int]:
        """The copies of each tile kind still to deal."""
        return self.dealing.left

    @property
    def dice(self) -> list[int]:
        """The dice thrown so far."""
        return self.dealing.dice

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and the actions so far, restored by replaying them."""
        return _replayed, (self.get_game(), list(self.history()))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: the unseen tiles dealt again (for ISMCTS).

        The new deal keeps every tile the player has seen where it was, binds
        the tiles other seats played from their hidden ones, and is checked by
        replaying every move (:func:`gupai.rl.resample.resample_order`).
        ``probability_sampler()`` (a uniform number in [0, 1)) seeds the draw.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        game, history = self.spiel, list(self.history())
        dealt = len(self.order) + len(self.dice)
        if self.state is None:  # during the deal nobody has seen a tile: any order so far will do
            tiles = [kind for kind, copies in enumerate(set_counts(game.gupai.config.sets)) for _ in range(copies)]
            rng.shuffle(tiles)
            return _replayed(game, [*tiles[: len(self.order)], *history[len(self.order) :]])
        order = resample_order(self.state, player_id, rng)
        return _replayed(game, [*order, *history[len(order) : dealt], *history[dealt:]])

    # ------------------------------------------------------------ OpenSpiel's interface
    def current_player(self) -> int:
        state = self.play.state
        if state is None:
            return _CHANCE
        if state.is_terminal:
            return _TERMINAL
        return int(state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return self.spiel.codec.legal_ids(self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.order) < self.spiel.tile_count:
            total = self.spiel.tile_count - len(self.order)
            return [(kind, n / total) for kind, n in enumerate(self.left) if n]
        return [(face, 1 / 6) for face in range(6)]

    def _apply_action(self, action: int) -> None:
        play = self.play
        if play.seen.made:
            play.seen.clear()
        state = play.state
        if state is not None:
            state.apply_unchecked(self._checked(action))
            cap = getattr(state, "turn_cap", None)
            if cap is not None and state.turn > cap and not state.is_terminal:
                state.abandon()  # where a game may never end: the engine's cap (ks.end.abandoned)
            return
        self._check_chance(action)
        self.dealing.deal(action)
        if self.dealing.done:
            game = self.spiel.gupai
            if self.spiel.codec.kap:
                deal = game.deal_from_order(self.order, dice=tuple(self.dice) if self.dice else None)
            else:
                deal = game.deal_from_order(self.order)
            self.play.state = game.new_state(deal)

    def _checked(self, action_id: int) -> Any:
        """The action ``action_id`` stands for, if the player to move may take it now (the engine's one check,
        ``why_illegal``, as :meth:`gupai.KapState.apply` makes it); else :class:`IllegalActionError` naming the
        seat, the action and the state."""
        state, codec = self.play.state, self.play.game.codec
        if not codec.is_action_id(action_id):
            where = self._where()
            raise IllegalActionError(
                f"{where}: action {action_id!r} stands for no action of {state.config.spec.id} "
                f"(ids 0 to {codec.num_actions - 1}); legal now for seat {state.current_player}: "
                f"{codec.legal_ids(state.legal_actions())}",
                where=where,
            )
        action = codec.action(action_id)
        problem = state.why_illegal(action)
        if problem is not None:
            rule, why = problem
            where = self._where()
            raise IllegalActionError(
                f"{where}: action {action_id} ({action}) is illegal: {why}; "
                f"legal now: {codec.legal_ids(state.legal_actions())}",
                where=where,
                rule=rule,
            )
        return action

    def _where(self) -> str:
        """The state, for an error: the game's OpenSpiel name and how many actions (chance ones too) it has had."""
        return f"{self.spiel.get_type().short_name} after {len(self.history())} actions"

    def _check_chance(self, outcome: int) -> None:
        """Refuse a chance outcome that is not one of :meth:`chance_outcomes` (a tile none of whose copies is left,
        a die face off the die, an outcome after the deal), with :class:`IllegalActionError`."""
        dealing = self.dealing
        if len(dealing.order) < dealing.tiles:
            if isinstance(outcome, int) and 0 <= outcome < KIND_COUNT and dealing.left[outcome] > 0:
                return
        elif isinstance(outcome, int) and 0 <= outcome < 6:
            return
        if len(self.order) < self.spiel.tile_count:
            what = f"tile kind {outcome!r}"
            if isinstance(outcome, int) and 0 <= outcome < KIND_COUNT:
                what = f"[{Tile.from_index(outcome)}] (kind {outcome}): every copy of it is dealt already"
            else:
                what += f" is not a tile kind (0 to {KIND_COUNT - 1})"
            step = f"tile {len(self.order) + 1} of {self.spiel.tile_count}"
        else:
            what, step = f"die face {outcome!r} (0 to 5 stand for 1 to 6)", f"die {len(self.dice) + 1}"
        where = self._where()
        raise IllegalActionError(f"{where}: chance cannot deal {what} at {step}", where=where)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self.order) < self.spiel.tile_count:
                return f"deal {Tile.from_index(action)}"
            return f"die {action + 1}"
        return str(self.spiel.codec.action(action))

    def is_terminal(self) -> bool:
        return self.state is not None and bool(self.state.is_terminal)

    def returns(self) -> list[float]:
        if self.state is None:
            return [0.0] * self.spiel.codec.players
        return (
            [float(value) for value in self.state.returns()]
            if self.state.is_terminal
            else [0.0] * len(self.state.returns())
        )

    def __str__(self) -> str:
        if self.state is None:
            return f"dealing: {len(self.order)} of {self.spiel.tile_count} tiles, {len(self.dice)} dice"
        return str(self.state)


def _replayed(game: SpielGame, actions: list[int]) -> SpielState:
    state: SpielState = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


class Observer:
    """What a seat may know, as a string and a tensor (the information state adds what it has seen happen)."""

    def __init__(self, codec: Codec, *, information: bool) -> None:
        self.codec = codec
        self.information = information
        size = codec.information_size if information else codec.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0.0)
            return
        kind = "information" if self.information else "observation"
        self.tensor[:] = state.seen.tensor(player, kind, lambda: self._tensor(state, player))

    def _tensor(self, state: SpielState, player: int) -> list[float]:
        return self.codec.tensor(state.state.observation(player), information=self.information)

    def string_from(self, state: SpielState, player: int) -> str:
        if state.state is None:
            return str(state)
        kind = "information" if self.information else "observation"
        return state.seen.text(player, kind, lambda: self._string(state, player))

    def _string(self, state: SpielState, player: int) -> str:
        seen = state.state.observation(player)
        return information_string(seen) if self.information else str(seen)


def information_string(seen: Any) -> str:
    """A seat's information state as text: everything its observation holds, every event in full as it saw it.

    Two states give the same text exactly when the seat cannot tell them apart:
    the text is made of the observation alone (so hidden tiles never enter it),
    and of all of it (the phase, the open captures, each lay's end, each
    capture's tiles and points), so whatever the seat knows that differs shows.
    The Tsung Shap strings once dropped the lay's end, the captured tiles and
    the phase, and OpenSpiel's ISMCTS merged states whose legal actions differ.
    """
    known = [
        f"{item.name}={_shown(getattr(seen, item.name))}"
        for item in dataclasses.fields(seen)
        if item.name not in ("config", "events")
    ]
    moves = ";".join(json.dumps(event.to_json(), separators=(",", ":")) for event in seen.events)
    return f"{seen}\n{' '.join(known)}\nseen: {moves}"


def _shown(value: Any) -> str:
    """A field of an observation as text (tiles by their faces)."""
    if isinstance(value, tuple):
        return "(" + ",".join(_shown(item) for item in value) + ")"
    return str(value)


def register() -> None:
    """Register every gupai game with OpenSpiel (once; a second call does nothing)."""
    known = set(pyspiel.registered_names())
    for game, game_type in game_types().items():
        if game_type.short_name in known:
            continue
        pyspiel.register_game(game_type, _game_class(game, game_type))


def spiel_game(
    game: str, preset: str | None = None, *, players: int | None = None, sets: int | None = None, **options: str
) -> SpielGame:
    """``game`` as an OpenSpiel game, fixed by ``preset``, ``players``, ``sets`` and ``options`` as
    :func:`gupai.load_game` takes them."""
    register()
    params: dict[str, Any] = {key.replace("-", "_"): str(value) for key, value in options.items()}
    if preset is not None:
        params["preset"] = preset
    if players is not None:
        params["players"] = players
    if sets is not None:
        params["sets"] = sets
    loaded: SpielGame = pyspiel.load_game(short_name(game), params)
    return loaded


def _game_class(game: str, game_type: pyspiel.GameType) -> type[SpielGame]:
    """The OpenSpiel game class of one gupai game (OpenSpiel makes a game from a class and its parameters)."""

    def make(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, game, game_type, params)

    name = "".join(word.capitalize() for word in game.split("-")) + "SpielGame"
    return type(name, (SpielGame,), {"__init__": make, "__module__": __name__, "gupai_id": game})
