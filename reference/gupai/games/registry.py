"""The one map from a game id to the code that plays it, built from ``spec/``.

Each game's spec names its ``family`` (``spec/games/<id>.yaml``); this module
maps each family to its :class:`~gupai.games.base.Game` class, by hand: no
module registers itself by being imported.

>>> game = load_game("kap-shap", preset="culin", take="latest")
>>> game.id, game.config.options["take"]
('kap-shap', 'latest')
>>> sorted(GAMES)
['kap-shap', 'kap-tai-shap', 'tsung-shap']
>>> load_game("chess")
Traceback (most recent call last):
...
gupai.core.errors.OptionError: unknown game 'chess' (games: kap-shap, kap-tai-shap, tsung-shap)
>>> load_game("kapshap")
Traceback (most recent call last):
...
gupai.core.errors.OptionError: unknown game 'kapshap' (games: kap-shap, kap-tai-shap, tsung-shap) Did you mean 'kap-shap'?

A game id written out gives its family's game, for the type checker too
(``load_game("kap-shap")`` is a :class:`~gupai.games.kap.game.KapGame`); the
ids the overloads spell are checked against ``spec/games/`` by the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, overload

from gupai.core.errors import OptionError, SpecError
from gupai.core.options import Options, option_overrides, resolve_options, suggestion
from gupai.core.spec import game_spec, games
from gupai.games.base import Game
from gupai.games.kap.game import KapGame
from gupai.games.tsung.game import TsungGame

__all__ = ["FAMILIES", "GAMES", "AnyGame", "CollectingGameId", "GameFactory", "TsungGameId", "build_games", "load_game"]

#: The ids of the collecting games and of Tsung Shap, for the type checker (tests hold them to ``spec/``).
CollectingGameId = Literal["kap-shap", "kap-tai-shap"]
TsungGameId = Literal["tsung-shap"]

#: Any game of any family.
AnyGame = Game[Any, Any, Any]

#: Builds a family's game from resolved options, players and sets.
GameFactory = Callable[..., "KapGame | TsungGame"]

#: Each family of ``spec/games/*.yaml`` (the ``family`` field) and its game.
FAMILIES: Mapping[str, GameFactory] = {"kap": KapGame.from_options, "tsung": TsungGame.from_options}


def build_games(families: Mapping[str, GameFactory]) -> dict[str, GameFactory]:
    """Every game of ``spec/games/`` with the factory of its family; a family without one is a spec error."""
    registry: dict[str, GameFactory] = {}
    for game in games():
        family = game_spec(game).family
        if family not in families:
            raise SpecError(
                f"{game}'s family {family!r} has no engine (families: {', '.join(sorted(families))})", where=game
            )
        registry[game] = families[family]
    return registry


#: Every game of ``spec/games/``, by id, with the factory of its family.
GAMES: Mapping[str, GameFactory] = build_games(FAMILIES)


@overload
def load_game(
    game: CollectingGameId,
    preset: str | None = None,
    *,
    players: int | None = None,
    sets: int | None = None,
    **options: str,
) -> KapGame: ...


@overload
def load_game(
    game: TsungGameId, preset: str | None = None, *, players: int | None = None, sets: int | None = None, **options: str
) -> TsungGame: ...


@overload
def load_game(
    game: str, preset: str | None = None, *, players: int | None = None, sets: int | None = None, **options: str
) -> AnyGame: ...


def load_game(
    game: str, preset: str | None = None, *, players: int | None = None, sets: int | None = None, **options: str
) -> AnyGame:
    """The game ``game`` as ``preset`` (default ``culin``) and ``options`` fix it.

    Options are keyword arguments, ``_`` standing for ``-``:
    ``load_game("kap-shap", pair_set="printed")``. ``players`` and ``sets``
    are checked against the game's spec.
    """
    factory = GAMES.get(game)
    if factory is None:
        known = ", ".join(sorted(GAMES))
        raise OptionError(f"unknown game {game!r} (games: {known}){suggestion(game, GAMES)}", where=game)
    resolved: Options = resolve_options(game, preset=preset, overrides=option_overrides(options))
    return factory(resolved, players=players, sets=sets)
