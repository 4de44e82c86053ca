"""The blocks only the how-to-play pages use: the drawn wall of the sample deal, and the rules-on-this-page box.

The wall is the sample game's own deal (``site_hooks.sample``), cut by the
engine's cut and drawn by ``gupai.render.wall``: the picture and the sample
game below it are the same deal. The rules box lists the rule ids a page
teaches, with their titles from ``spec/``, so that the page itself can speak
in plain words.
"""

from __future__ import annotations

from gupai.core.options import resolve_options
from gupai.core.spec import GameSpec
from gupai.games.kap.config import collecting_config
from gupai.render.wall import SEAT_COLOURS, STOCK_COLOUR, wall_layout, wall_svg

from .common import TILE_DIR, esc, href, rel, tiles_html
from .sample import sample_log, viewer_link

__all__ = ["rules_box", "tsung_piles_block", "turn_example", "wall_block"]


def wall_block(spec: GameSpec, page: str) -> str:
    """The sample game's wall as built before its deal, where each tile goes, and the key to the picture."""
    log = sample_log(spec.id)
    config = collecting_config(
        spec.id, resolve_options(spec.id, overrides=log["options"]), players=log["players"], sets=log["sets"]
    )
    wall = wall_layout(config, log["deal"]["order"], dice=log["deal"].get("dice"))
    players = wall.players
    title = (
        f"The wall of the sample game below: {wall.piles} piles, {len(wall.tiles)} tiles, "
        f"for {players} players; Player {wall.first_player + 1} plays first."
    )
    svg = wall_svg(wall, tile_href=lambda face: rel(page, f"{TILE_DIR}/{face}.svg"), title=title)
    keys = [
        f'<span class="key"><span class="swatch" style="border-color:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}"></span>'
        f"Player {s + 1}{' (plays first)' if s == wall.first_player else ''}</span>"
        for s in range(players)
    ]
    keys.append(
        f'<span class="key"><span class="swatch" style="border-color:{STOCK_COLOUR}"></span>'
        "the stock, numbered in the order it is drawn</span>"
    )
    if any(t.came_from is not None for t in wall.tiles):
        keys.append('<span class="key"><span class="swatch moved"></span>a tile moved before the deal</span>')
    dice = log["deal"].get("dice")
    thrown = f"The dice showed {', '.join(str(d) for d in dice)}: {sum(dice)} in all. " if dice else ""
    return (
        '<figure class="wall-figure">'
        f'<div class="wall-scroll">{svg}</div>'
        f'<figcaption><p class="wall-keys">{"".join(keys)}</p>'
        f"<p>{esc(thrown)}Piles are numbered from the end the deal starts at; each pile is drawn bottom "
        "tile lowest. The same deal is played out in the sample game below.</p></figcaption></figure>\n"
    )


def tsung_piles_block(page: str) -> str:
    """The two face-down piles of the Tsung Shap sample game, top tile first, as they are turned over."""
    log = sample_log("tsung-shap")
    piles = log["deal"].get("piles")
    if not piles:
        return ""
    rows = []
    for seat, pile in enumerate(piles):
        faces = "".join(
            f'<img class="tile tile-sm" src="{esc(rel(page, f"{TILE_DIR}/{face}.svg"))}" alt="[{esc(face)}]" '
            f'title="[{esc(face)}], turned over {k + 1}" width="18" height="40" loading="lazy">'
            for k, face in enumerate(pile)
        )
        rows.append(
            f'<div class="pile-row"><span class="pile-label">Player {seat + 1}: {len(pile)} tiles</span>'
            f'<span class="tiles">{faces}</span></div>'
        )
    return (
        '<figure class="piles-figure">'
        + "".join(rows)
        + "<figcaption>The two piles of the sample game below, shown face up for you: each player turns over "
        "the tile at the left first, then the next, one a turn.</figcaption></figure>\n"
    )


def rules_box(spec: GameSpec, page: str, ids: list[str]) -> str:
    """A quiet box listing the rules a page teaches, each linked to the rule reference.

    An id that names no rule of the game fails the build (a ``ValueError``).
    """
    by_id = {r.id: r for r in spec.rules}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise ValueError(f"the rules box names no rule of {spec.id}: {', '.join(missing)}")
    items = "".join(
        f'<li><a href="{esc(href(page, f"{spec.id}/rules.md", i))}">{esc(by_id[i].title)}</a> '
        f'<code class="rule-id">{esc(i)}</code></li>'
        for i in ids
    )
    return (
        '<details class="rules-box"><summary>The rules on this page</summary>'
        f"<p>Every step above is a rule of the {esc(spec.name)} rule reference, with its sources:</p>"
        f"<ul>{items}</ul></details>\n"
    )


def _kap_turns(events: list[dict[str, object]]) -> list[tuple[int, list[dict[str, object]]]]:
    """The turns of a collecting game's log: runs of one seat's events, each with the index just after it."""
    turns: list[tuple[int, list[dict[str, object]]]] = []
    for index, event in enumerate(events):
        if turns and turns[-1][1][-1]["seat"] == event["seat"]:
            turns[-1][1].append(event)
        else:
            turns.append((0, [event]))
        turns[-1] = (index + 1, turns[-1][1])
    return turns


def turn_example(game: str, page: str) -> str:
    """One real turn of the sample game, step by step with its tiles, linked into the viewer where it ends.

    Kap Shap and Kap Tai Shap: the first turn that takes, discards, draws and
    discards. Tsung Shap: the first tile turned over, laid and capturing a triple.
    """
    log = sample_log(game)
    events = log["events"]
    if game == "tsung-shap":
        for i in range(len(events) - 2):
            a, b, c = events[i : i + 3]
            if (a["type"], b["type"], c["type"]) == ("reveal", "lay", "capture") and c["kind"] == "triple":
                steps = [
                    f"turns over {tiles_html([a['tile']], page)};",
                    f"lays it at the {esc(b['end'])} end of the row;",
                    f"captures {tiles_html(c['tiles'], page)}, a triple: {c['points']} points.",
                ]
                return _turn_html(game, page, a["seat"], i + 3, "A turn of the sample game below", steps)
        return ""
    turns = list(enumerate(_kap_turns(events), start=1))
    full = ["take", "discard", "draw", "discard"]
    # the first turn that takes and draws (else the first that draws), and the winning turn
    chosen = next((t for t in turns if [e["type"] for e in t[1][1]] == full), None) or next(
        (t for t in turns if [e["type"] for e in t[1][1]] == ["draw", "discard"]), None
    )
    shown = [t for t in turns if t is chosen or (t is turns[-1] and t[1][1][-1]["type"] == "declare")]
    blocks = []
    for number, (end, turn) in shown:
        steps = [_kap_step(event, page) for event in turn]
        steps[-1] = steps[-1].removesuffix(";") + ("" if steps[-1].endswith(".") else ".")
        seat = int(str(turn[0]["seat"]))
        blocks.append(_turn_html(game, page, seat, end, f"Turn {number} of the sample game below", steps))
    return "".join(blocks)


def _kap_step(event: dict[str, object], page: str) -> str:
    tile = str(event.get("tile", ""))
    kind = event["type"]
    if kind == "take":
        return f"takes {tiles_html([tile], page)} from the table;"
    if kind == "draw":
        return f"draws {tiles_html([tile], page)} from the stock;"
    if kind == "discard":
        return f"discards {tiles_html([tile], page)};"
    return "declares a winning hand and shows its split: the game is over."


def _turn_html(game: str, page: str, seat: int, end: int, title: str, steps: list[str]) -> str:
    items = "".join(f"<li>{step}</li>" for step in steps)
    return (
        f'<div class="turn-example"><p>{esc(title)}: Player {seat + 1}</p><ol>{items}</ol>'
        f"<p>{viewer_link(game, page, end, 'Step through the game from here')}</p></div>\n"
    )
