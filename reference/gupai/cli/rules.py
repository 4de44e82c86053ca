"""``gupai tiles``, ``gupai pairs`` and ``gupai hand``: the rules as answers."""

from __future__ import annotations

import json

import click

from gupai.core.hands import counts_of
from gupai.core.options import parse_assignments, resolve_options
from gupai.core.tiles import kinds, parse_tiles
from gupai.games.kap.config import COLLECTING_GAMES, collecting_config

from . import main, usage_errors

GAME = click.option(
    "--game", "game", type=click.Choice(COLLECTING_GAMES), default="kap-shap", show_default=True, help="The game."
)
PRESET = click.option("--preset", "preset", default=None, help="Preset fixing every option (default: culin).")
OPTION = click.option(
    "--option", "-o", "option_items", multiple=True, metavar="KEY=VALUE", help="Override one option (repeatable)."
)
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON (documented, stable) instead of text.")


@main.command("tiles")
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


@main.command("pairs")
@GAME
@PRESET
@OPTION
@JSON
@usage_errors
def pairs_cmd(game: str, preset: str | None, option_items: tuple[str, ...], as_json: bool) -> None:
    """The legal ten-pairs of a game under a preset and options."""
    options = resolve_options(game, preset=preset, overrides=parse_assignments(option_items))
    config = collecting_config(game, options)
    pairs = config.rules.legal_pairs()
    if as_json:
        click.echo(json.dumps([[str(a), str(b)] for a, b in pairs]))
        return
    click.echo(f"{config.spec.name}, preset {options.preset}: {len(pairs)} kinds of ten-pair")
    four_two = config.rules.four_two_value
    for total in (20, 10):
        group = [(a, b) for a, b in pairs if sum(four_two if t.face == "4-2" else t.pips for t in (a, b)) == total]
        click.echo(f"  {total}: " + "  ".join(f"[{a}]+[{b}]" for a, b in group))


@main.command("hand")
@GAME
@PRESET
@OPTION
@click.option("--players", type=int, default=None, help="Players (Kap Tai Shap; sets the default number of sets).")
@click.option("--sets", type=int, default=None, help="Sets in play (Kap Tai Shap), capping copies of each tile.")
@JSON
@click.argument("tiles", nargs=-1, required=True)
@usage_errors
def hand_cmd(
    game: str,
    preset: str | None,
    option_items: tuple[str, ...],
    players: int | None,
    sets: int | None,
    as_json: bool,
    tiles: tuple[str, ...],
) -> None:
    """Is a hand winning, every split of it, and how far it is from winning.

    TILES are written high end first or not: 6-4, 4-6, [6:4]."""
    options = resolve_options(game, preset=preset, overrides=parse_assignments(option_items))
    config = collecting_config(game, options, players=players, sets=sets)
    hand = parse_tiles(" ".join(tiles).split())
    counts = counts_of(hand)
    ev = config.evaluator
    ev.check_counts(counts)
    winning = ev.is_winning(counts) and len(hand) == ev.size
    splits = ev.decompositions(counts)
    distance = ev.distance(counts)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": game,
                    "preset": options.preset,
                    "options": options.as_dict(),
                    "sets": config.sets,
                    "tiles": [str(t) for t in sorted(hand, reverse=True)],
                    "winning": winning,
                    "decompositions": [d.to_json() for d in splits],
                    "distance": distance,
                }
            )
        )
        return
    shown = " ".join(f"[{t}]" for t in sorted(hand, reverse=True))
    click.echo(f"{config.spec.name}, preset {options.preset}, {config.sets} set(s): {shown}")
    if winning:
        click.echo(f"winning: {len(splits)} split(s)")
        for split in splits:
            click.echo(f"  {split}")
    else:
        need = "a tile" if distance == 1 else f"{distance} tiles"
        click.echo(f"not winning: {need} from a winning hand of {ev.size}")
