"""The one grammar of the ``gupai`` command line: shared arguments and options.

Every command that plays or reads a game takes it as its first positional
argument (``--game`` is still accepted, for one release, as an alias); the
same option has the same name, short flag and meaning in every command.
Unknown games, presets, options and values are usage errors in click's style
with a "did you mean" suggestion.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.shell_completion import CompletionItem

from gupai.core.errors import GupaiError
from gupai.core.options import Options, parse_assignments, resolve_options, suggestion
from gupai.core.spec import game_spec, games

__all__ = [
    "AGENTS",
    "FORCE",
    "GAMES",
    "JSON",
    "OPTION",
    "PLAYERS",
    "PRESET",
    "PRESETS",
    "QUIET",
    "SEED",
    "SETS",
    "GameType",
    "canonical",
    "comma_list",
    "complete_rule",
    "game_argument",
    "not_taken",
    "players_for",
    "plural",
    "reading",
    "resolve",
    "suggestion",
    "warn_game_alias",
]

F = TypeVar("F", bound=Callable[..., Any])


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` with ``noun``, pluralised.

    >>> plural(1, "set"), plural(2, "split"), plural(0, "match", "matches")
    ('1 set', '2 splits', '0 matches')
    """
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


if TYPE_CHECKING:  # click 8.2+ types ParamType as a generic; 8.1 cannot subscript it
    _StrParam = click.ParamType[str, Any]
else:
    _StrParam = click.ParamType


def warn_game_alias(game: str) -> None:
    """Say on standard error that ``--game`` is going away (the output itself is unchanged)."""
    command = click.get_current_context(silent=True)
    name = command.command_path if command is not None else "gupai COMMAND"
    click.echo(
        f"warning: --game is deprecated and will be removed in the next release: give the game first "
        f"({name} {game} ...)",
        err=True,
    )


def not_taken(word: str, choices: Sequence[str]) -> str:
    """Why ``word`` is refused as the game of a command that takes only ``choices``.

    >>> not_taken("tsung-shap", ["kap-shap", "kap-tai-shap"])
    "'tsung-shap' is a game, but not one this command takes (games: kap-shap, kap-tai-shap)."
    >>> not_taken("kap-sha", ["kap-shap", "kap-tai-shap"])
    "'kap-sha' is not a game here (games: kap-shap, kap-tai-shap). Did you mean 'kap-shap'?"
    """
    listed = ", ".join(choices)
    if word in games():
        return f"{word!r} is a game, but not one this command takes (games: {listed})."
    return f"{word!r} is not a game here (games: {listed}).{suggestion(word, choices)}"


def canonical(word: str, choices: Sequence[str]) -> str:
    """``word`` as ``choices`` spell it when it is one of them but for case, and only one; else ``word``.

    >>> canonical("KAP-SHAP", ["kap-shap", "kap-tai-shap"]), canonical("CULIN", ["culin"]), canonical("x", ["y"])
    ('kap-shap', 'culin', 'x')
    >>> canonical("a", ["A", "a"]), canonical("B", ["a", "b", "B"])
    ('a', 'B')
    """
    if word in choices:
        return word
    folded = [choice for choice in choices if choice.casefold() == word.casefold()]
    return folded[0] if len(folded) == 1 else word


class GameType(_StrParam):
    """A game id, with a suggestion for a typo and shell completion."""

    name = "game"

    def __init__(self, choices: Sequence[str] | None = None) -> None:
        self.choices = tuple(choices) if choices is not None else games()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = canonical(str(value), self.choices)
        if text in self.choices:
            return text
        self.fail(not_taken(text, self.choices), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(game) for game in self.choices if game.startswith(incomplete)]


def game_argument(
    *, required: bool = True, default: str | None = None, choices: Sequence[str] | None = None
) -> Callable[[F], F]:
    """The GAME positional argument and its ``--game`` alias, merged into ``game``.

    With ``required`` false and no ``default``, ``game`` may be None.
    """
    kind = GameType(choices)

    def decorate(func: F) -> F:
        @wraps(func)
        def wrapper(*args: Any, game: str | None = None, game_alias: str | None = None, **kwargs: Any) -> Any:
            if game is not None and game_alias is not None and game != game_alias:
                raise click.UsageError(f"GAME is {game!r} but --game is {game_alias!r}: give the game once")
            if game_alias is not None:
                warn_game_alias(game_alias)
            chosen = game or game_alias or default
            if chosen is None and required:
                raise click.UsageError(f"Missing argument 'GAME' (games: {', '.join(kind.choices)}).")
            return func(*args, game=chosen, **kwargs)

        alias_help = "Same as GAME (an alias kept for one release: give the game first)."
        wrapper = click.option("--game", "game_alias", type=kind, default=None, metavar="GAME", help=alias_help)(
            wrapper
        )
        wrapper = click.argument("game", type=kind, required=False, metavar="GAME" if required else "[GAME]")(wrapper)
        return wrapper  # type: ignore[return-value]

    return decorate


def _game_of(ctx: click.Context) -> str:
    game = ctx.params.get("game") or ctx.params.get("game_alias")
    return game if isinstance(game, str) and game in games() else "kap-shap"


def _complete_preset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    spec = game_spec(_game_of(ctx))
    return [CompletionItem(p.name, help=p.title) for p in spec.presets if p.name.startswith(incomplete)]


def _complete_option(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    spec = game_spec(_game_of(ctx))
    items = [f"{o.key}={value}" for o in spec.options for value in o.values]
    return [CompletionItem(item) for item in items if item.startswith(incomplete)]


def comma_list(incomplete: str, choices: Sequence[str], helps: Sequence[str] | None = None) -> list[CompletionItem]:
    """Completion of the last item of a comma-separated list: ``culin,pa`` completes to ``culin,pagat``.

    >>> [item.value for item in comma_list("culin,p", ["culin", "pagat", "plain"])]
    ['culin,pagat', 'culin,plain']
    >>> [item.value for item in comma_list("", ["greedy", "random"])]
    ['greedy', 'random']
    """
    head, comma, last = incomplete.rpartition(",")
    prefix = head + comma
    helps = helps or [""] * len(choices)
    return [
        CompletionItem(prefix + choice, help=text or None)
        for choice, text in zip(choices, helps, strict=True)
        if choice.startswith(last)
    ]


def _complete_presets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    spec = game_spec(_game_of(ctx))
    return comma_list(incomplete, [p.name for p in spec.presets], [p.title for p in spec.presets])


def _complete_agents(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from gupai.games.agents import AGENTS as NAMED

    return comma_list(incomplete, sorted(NAMED))


def complete_rule(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The rule ids of the command's game (``gupai rules kap-shap ks.pa<TAB>``), each with its title."""
    spec = game_spec(_game_of(ctx))
    return [CompletionItem(rule.id, help=rule.title) for rule in spec.rules if rule.id.startswith(incomplete)]


#: ``--presets A,B,...`` (compare), completed item by item.
PRESETS = click.option(
    "--presets",
    required=True,
    metavar="A,B,...",
    shell_complete=_complete_presets,
    help="The presets to compare, comma-separated.",
)
PRESET = click.option(
    "--preset",
    default=None,
    metavar="NAME",
    shell_complete=_complete_preset,
    help="Preset fixing every option (default: culin; `gupai presets GAME` lists them).",
)
OPTION = click.option(
    "-o",
    "--option",
    "option_items",
    multiple=True,
    metavar="KEY=VALUE",
    shell_complete=_complete_option,
    help="Override one option (repeatable; `gupai options GAME` lists them).",
)
QUIET = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print no progress, timing or notes on standard error (errors still are).",
)
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON (stable, documented) instead of text.")


def FORCE(*outputs: str) -> Callable[[F], F]:  # noqa: N802  (a decorator, named like the others)
    """The ``--force`` option of a command whose output options are ``outputs``.

    >>> FORCE("--out")(click.command()(lambda force: None)).params[0].help
    'Overwrite the files of --out that exist; without it, an existing one is refused before the work starts.'
    """
    named = ", ".join(outputs[:-1]) + (" or " if len(outputs) > 1 else "") + outputs[-1]
    return click.option(
        "--force",
        is_flag=True,
        help=f"Overwrite the files of {named} that exist; without it, an existing one is refused before the work starts.",
    )


PLAYERS = click.option("--players", type=click.IntRange(min=1), default=None, metavar="N", help="Number of players.")
SETS = click.option(
    "--sets",
    type=click.IntRange(min=1),
    default=None,
    metavar="K",
    help="Number of sets (Kap Tai Shap; alone, it implies a number of players the sets can deal to).",
)
SEED = click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    metavar="S",
    show_default=True,
    help="First seed: game i is `gupai play GAME --seed S+i`.",
)
AGENTS = click.option(
    "--agents",
    default="greedy",
    metavar="A[,B,...]",
    shell_complete=_complete_agents,
    show_default=True,
    help="One agent for every seat, or one a seat, comma-separated: greedy, random, navpil (Kap games only), "
    "or your own as module:Class or file.py:Class (the reference engine plays it).",
)


def GAMES(default: int, *, each: str = "") -> Callable[[F], F]:  # noqa: N802  (a decorator, named like the others)
    """The ``-n/--games`` option with ``default``; ``each`` says what the count is per (compare: each preset)."""
    return click.option(
        "-n",
        "--games",
        "count",
        type=click.IntRange(min=1),
        default=default,
        show_default=True,
        metavar="N",
        help=f"Games to play{' ' + each if each else ''}, with seeds S, S+1, ...",
    )


def resolve(game: str, preset: str | None, option_items: Sequence[str], *, preset_hint: str = "'--preset'") -> Options:
    """``game``'s options from ``--preset`` and ``-o`` items, as click usage errors with suggestions.

    >>> resolve("kap-shap", "pagat", ["eye=civil"])["eye"]
    'civil'
    >>> resolve("kap-shap", "culn", [])
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: kap-shap has no preset 'culn' (presets: ...). Did you mean 'culin'?
    """
    spec = game_spec(game)
    if preset is not None:
        preset = canonical(preset, [p.name for p in spec.presets])
        try:
            spec.preset(preset)
        except GupaiError as error:
            names = [p.name for p in spec.presets]
            raise click.BadParameter(f"{error.message}.{suggestion(preset, names)}", param_hint=preset_hint) from None
    try:
        given = parse_assignments(option_items)
    except GupaiError as error:
        raise click.BadParameter(error.message, param_hint="'-o' / '--option'") from None
    overrides = {}
    for key, value in given.items():
        key = canonical(key, [o.key for o in spec.options])
        try:
            option = spec.option(key)
        except GupaiError as error:
            hint = suggestion(key, [o.key for o in spec.options])
            raise click.BadParameter(f"{error.message}.{hint}", param_hint="'-o' / '--option'") from None
        value = canonical(value, option.values)
        if value not in option.values:
            raise click.BadParameter(
                f"option {key!r} of {game} has no value {value!r} (values: {', '.join(option.values)})."
                + suggestion(value, option.values),
                param_hint="'-o' / '--option'",
            )
        overrides[key] = value
    return resolve_options(game, preset=preset, overrides=overrides)


def reading(options: Options) -> str:
    """How the header of a text answer names the options: the preset, and any override.

    >>> reading(resolve("kap-shap", None, []))
    'preset culin'
    >>> reading(resolve("kap-shap", None, ["four-two-value=6"]))
    'culin with four-two-value=6'
    """
    if not options.overrides:
        return f"preset {options.preset}"
    return f"{options.preset} with " + ", ".join(f"{key}={options[key]}" for key in options.overrides)


def players_for(game: str, options: Options, players: int | None, sets: int | None) -> int | None:
    """The players to use: as given, or, when only ``--sets`` is, a number those sets can deal to.

    The game's default number of players when the sets can deal to it, else
    the nearest that they can. Sets too few for the players (or for any
    number) are a usage error naming the ``--players`` that fit.

    >>> players_for("kap-tai-shap", resolve("kap-tai-shap", None, []), None, 1)
    3
    >>> players_for("kap-tai-shap", resolve("kap-tai-shap", None, []), None, None) is None
    True
    >>> players_for("kap-tai-shap", resolve("kap-tai-shap", None, []), 9, 2)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 2 set(s) hold 64 tiles: too few ... (--players 2 to 6 fit 2 sets)
    """
    from gupai.games.kap.config import COLLECTING_GAMES, collecting_config

    if sets is None or game not in COLLECTING_GAMES:
        return players
    spec = game_spec(game)
    first = players if players is not None else spec.players_default
    try:  # the usual case: the players asked for (or the default) fit the sets; one configuration made
        collecting_config(game, options, players=first, sets=sets)
        return first
    except GupaiError as error:
        if error.where != "sets":
            raise click.UsageError(error.message) from None
    fits = []
    for count in range(spec.players_min, spec.players_max + 1):
        try:
            collecting_config(game, options, players=count, sets=sets)
        except GupaiError:
            continue
        fits.append(count)
    if players is None and fits:
        return min(fits, key=lambda count: (abs(count - spec.players_default), -count))
    try:
        collecting_config(game, options, players=players if players is not None else spec.players_min, sets=sets)
    except GupaiError as error:
        if error.where != "sets":
            raise click.UsageError(error.message) from None
        hint = f" (--players {fits[0]} to {fits[-1]} fit {plural(sets, 'set')})" if fits else ""
        raise click.BadParameter(error.message + hint, param_hint="'--sets'") from None
    raise AssertionError("unreachable: the players that did not fit the sets fit them")  # pragma: no cover
