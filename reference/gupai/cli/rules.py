"""``gupai tiles``, ``gupai pairs`` and ``gupai hand``: the rules as answers."""

from __future__ import annotations

import json

import click

from gupai.cli.app import usage_errors
from gupai.core.tiles import kinds
from gupai.games.kap.config import COLLECTING_GAMES, collecting_config
from gupai.games.kap.game import KapGame
from gupai.games.kap.hand import evaluate_hand

from .output import output_width, wrapped
from .params import (
    JSON,
    OPTION,
    PLAYERS,
    PRESET,
    SETS,
    GameType,
    canonical,
    game_argument,
    not_taken,
    players_for,
    plural,
    reading,
    resolve,
    warn_game_alias,
)


@click.command("tiles")
@JSON
def tiles_cmd(as_json: bool) -> None:
    """The 32-tile Chinese domino set: 21 kinds, civil and military."""
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "face": k.face,
                        "series": k.series,
                        "copies": k.copies,
                        "rank": k.rank,
                        "pips": k.pips,
                        "english": k.english,
                        "cantonese": k.cantonese,
                        "chinese": k.chinese,
                    }
                    for k in kinds()
                ],
                ensure_ascii=False,
            )
        )
        return
    for series in ("civil", "military"):
        members = [k for k in kinds() if k.series == series]
        click.echo(f"{series} ({sum(k.copies for k in members)} tiles, {len(members)} kinds):")
        for k in members:
            click.echo(f"  [{k.face}] x{k.copies}  {k.pips:>2} spots  {k.chinese}  {k.cantonese} ({k.english})")


@click.command("pairs")
@game_argument(required=False, default="kap-shap", choices=COLLECTING_GAMES)
@PRESET
@OPTION
@JSON
@usage_errors
def pairs_cmd(game: str, preset: str | None, option_items: tuple[str, ...], as_json: bool) -> None:
    """The legal ten-pairs of GAME (default kap-shap) under a preset and options."""
    options = resolve(game, preset, option_items)
    config = collecting_config(game, options)
    pairs = config.rules.legal_pairs()
    if as_json:
        click.echo(json.dumps([[str(a), str(b)] for a, b in pairs]))
        return
    width = output_width()
    click.echo(
        "\n".join(
            wrapped(f"{config.spec.name}, {reading(options)}: {plural(len(pairs), 'kind')} of ten-pair", width=width)
        )
    )
    four_two = config.rules.pair_count_of_four_two()
    for total in (20, 10):
        group = [(a, b) for a, b in pairs if sum(four_two if t.face == "4-2" else t.pips for t in (a, b)) == total]
        click.echo("\n".join(_flow(f"  {total}: ", [f"[{a}]+[{b}]" for a, b in group], width)))


def _flow(label: str, items: list[str], width: int) -> list[str]:
    """``items`` after ``label``, two spaces apart, in lines of at most ``width`` columns (an item is never cut).

    >>> _flow("  10: ", ["[6-2]+[1-1]", "[6-1]+[4-2]", "[5-3]+[1-1]"], 32)
    ['  10: [6-2]+[1-1]  [6-1]+[4-2]', '      [5-3]+[1-1]']
    """
    lines, line = [], label
    for item in items:
        if line.strip() and line != label and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = " " * len(label) + item
        else:
            line += ("  " if line != label else "") + item
    return [*lines, line]


def _game_and_tiles(words: tuple[str, ...], alias: str | None) -> tuple[str, tuple[str, ...]]:
    """Split ``hand``'s words into the game (first, if named) and the tiles."""
    game = None
    if words and any(c.isalpha() for c in words[0]):
        words = (canonical(words[0], COLLECTING_GAMES), *words[1:])
        if words[0] not in COLLECTING_GAMES:
            raise click.BadParameter(not_taken(words[0], COLLECTING_GAMES), param_hint="'GAME'")
        game, words = words[0], words[1:]
    if game is not None and alias is not None and game != alias:
        raise click.UsageError(f"GAME is {game!r} but --game is {alias!r}: give the game once")
    if not words:
        raise click.UsageError("Missing argument 'TILES...'.")
    return game or alias or "kap-shap", words


@click.command("hand")
@click.argument("words", nargs=-1, required=True, metavar="[GAME] TILES...")
@click.option(
    "--game",
    "game_alias",
    type=GameType(COLLECTING_GAMES),
    default=None,
    metavar="GAME",
    help="Same as GAME (an alias kept for one release: give the game first).",
)
@PRESET
@OPTION
@PLAYERS
@SETS
@JSON
@usage_errors
def hand_cmd(
    words: tuple[str, ...],
    game_alias: str | None,
    preset: str | None,
    option_items: tuple[str, ...],
    players: int | None,
    sets: int | None,
    as_json: bool,
) -> None:
    """Is a hand of GAME (default kap-shap) winning, every split of it, and how far it is from winning.

    TILES are written high end first or not: 6-4, 4-6, [6:4]."""
    if game_alias is not None:
        warn_game_alias(game_alias)
    game, tiles = _game_and_tiles(words, game_alias)
    options = resolve(game, preset, option_items)
    players = players_for(game, options, players, sets)
    made = KapGame.from_options(options, players=players, sets=sets)  # the game resolved once
    report = evaluate_hand(made, " ".join(tiles))
    if as_json:
        click.echo(json.dumps(report.to_json()))
        return
    config = made.config
    shown = " ".join(f"[{t}]" for t in report.tiles)
    click.echo(f"{config.spec.name}, {reading(options)}, {plural(report.sets, 'set')}: {shown}")
    if report.winning:
        click.echo(f"winning: {plural(len(report.decompositions), 'split')}")
        for split in report.decompositions:
            click.echo(f"  {split}")
    else:
        need = "a tile" if report.distance == 1 else f"{report.distance} tiles"
        click.echo(f"not winning: {need} from a winning hand of {config.evaluator.size}")
