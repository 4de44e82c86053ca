"""The blocks only the how-to-play pages use: the drawn wall of the sample deal, and the rules-on-this-page box.

The wall is the sample game's own deal (``site_hooks.sample``), cut by the
engine's cut and drawn by ``gupai.render.wall``: the picture and the sample
game below it are the same deal. The rules box lists the rule ids a page
teaches, with their titles from ``spec/``, so that the page itself can speak
in plain words.
"""

from __future__ import annotations

from typing import Any

from gupai.core.options import resolve_options
from gupai.core.spec import GameSpec
from gupai.games.kap.config import collecting_config
from gupai.render.wall import SEAT_COLOURS, STOCK_COLOUR, wall_layout, wall_svg

from .common import TILE_DIR, esc, href, player_html, player_number, rel, tiles_html
from .sample import SAMPLES, sample_log, viewer_link

__all__ = ["rules_box", "tsung_deal_block", "turn_example", "wall_block"]


def wall_block(spec: GameSpec, key: str, page: str) -> str:
    """A sample game's wall as built before its deal, where each tile goes, and the key to the picture."""
    log = sample_log(key)
    config = collecting_config(
        spec.id, resolve_options(spec.id, overrides=log["options"]), players=log["players"], sets=log["sets"]
    )
    wall = wall_layout(config, log["deal"]["order"], dice=log["deal"].get("dice"))
    players = wall.players
    title = (
        f"The wall of the sample game below: {wall.piles} piles, {len(wall.tiles)} tiles, "
        f"for {players} players; Player 1 plays first."
    )
    svg = wall_svg(wall, tile_href=lambda face: rel(page, f"{TILE_DIR}/{face}.svg"), title=title)
    keys = [
        f'<span class="key"><span class="swatch" style="border-color:{SEAT_COLOURS[n % len(SEAT_COLOURS)]}"></span>'
        f"Player {n + 1}{' (plays first)' if n == 0 else ''}</span>"
        for n in range(players)
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


def tsung_deal_block(key: str, page: str) -> str:
    """A Tsung Shap sample game's deal: the two face-down piles, or the four-tile hands and the common stock."""
    log = sample_log(key)
    piles = log["deal"].get("piles")
    if not piles:
        return _four_tile_deal(log, page)
    first = int(log["deal"]["first_player"])
    rows = []
    for seat in sorted(range(len(piles)), key=lambda s: player_number(s, first, 2)):
        pile = piles[seat]
        faces = "".join(
            f'<img class="tile tile-sm" src="{esc(rel(page, f"{TILE_DIR}/{face}.svg"))}" alt="[{esc(face)}]" '
            f'title="[{esc(face)}], turned over {k + 1}" width="18" height="40" loading="lazy">'
            for k, face in enumerate(pile)
        )
        rows.append(
            f'<div class="pile-row"><span class="pile-label">Player {player_number(seat, first, 2)}: {len(pile)} tiles</span>'
            f'<span class="tiles">{faces}</span></div>'
        )
    return (
        '<figure class="piles-figure">'
        + "".join(rows)
        + "<figcaption>The two piles of the sample game below, shown face up for you: each player turns over "
        "the tile at the left first, then the next, one a turn.</figcaption></figure>\n"
    )


def _four_tile_deal(log: dict[str, Any], page: str) -> str:
    """The four tiles each player holds face up, and the common stock in the order it is drawn."""
    deal = log["deal"]
    assert isinstance(deal, dict)
    hands, stock = deal.get("hands") or [], deal.get("stock") or []
    first = int(deal["first_player"])
    rows = [
        f'<div class="pile-row"><span class="pile-label">Player {seat + 1}: {len(hand)} tiles in hand'
        f"{' (plays first)' if seat == deal.get('first_player') else ''}</span>"
        f'<span class="tiles">{_small_tiles(hand, page, "")}</span></div>'
        for seat, hand in sorted(enumerate(hands), key=lambda sh: player_number(sh[0], first, 2))
    ]
    rows.append(
        f'<div class="pile-row"><span class="pile-label">The stock: {len(stock)} tiles</span>'
        f'<span class="tiles">{_small_tiles(stock, page, "drawn")}</span></div>'
    )
    return (
        '<figure class="piles-figure">'
        + "".join(rows)
        + "<figcaption>The deal of the sample game below. Each player holds four tiles face up; the stock "
        "is shown face up for you, in the order it is drawn from the left: every refill takes the next "
        "tile.</figcaption></figure>\n"
    )


def _small_tiles(faces: object, page: str, what: str) -> str:
    assert isinstance(faces, list)
    return "".join(
        f'<img class="tile tile-sm" src="{esc(rel(page, f"{TILE_DIR}/{face}.svg"))}" alt="[{esc(face)}]" '
        f'title="[{esc(face)}]{f", {what} {k + 1}" if what else ""}" width="18" height="40" loading="lazy">'
        for k, face in enumerate(faces)
    )


def rules_box(spec: GameSpec, page: str, ids: list[str], *, facts: str = "") -> str:
    """A quiet box for engine authors at the foot of a page: the game's facts, and the rules the page teaches.

    Each rule is linked to the rule reference; ``facts`` (HTML) are the
    counts of rules and options, the rule sets and the sources. An id that
    names no rule of the game fails the build (a ``ValueError``).
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
        '<details class="rules-box"><summary>For engine authors: the rules on this page</summary>'
        f"{facts}<p>Every step above is a rule of the {esc(spec.name)} rule reference, with its sources:</p>"
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


def turn_example(key: str, page: str) -> str:
    """One real turn of a sample game, step by step with its tiles, linked into the viewer where it begins.

    Kap Shap and Kap Tai Shap: the first turn that takes, discards, draws and
    discards. Tsung Shap: the first tile turned over, laid and capturing a
    triple. The four-tile game: the first turn that captures, with its refill
    (a sweep's restart shown too). The link opens the viewer at the turn's
    first event.
    """
    log = sample_log(key)
    events = log["events"]
    game = SAMPLES[key].game
    if game == "tsung-shap" and log["deal"].get("hands"):
        return _four_tile_turn(key, page, events)
    if game == "tsung-shap":
        for i in range(len(events) - 2):
            a, b, c = events[i : i + 3]
            if (a["type"], b["type"], c["type"]) == ("reveal", "lay", "capture") and c["kind"] == "triple":
                steps = [
                    f"turns over {tiles_html([a['tile']], page)};",
                    f"lays it at the {esc(b['end'])} end of the row;",
                    f"captures {tiles_html(c['tiles'], page)}, a triple: {c['points']} points.",
                ]
                return _turn_html(key, page, a["seat"], i + 1, "A turn of the sample game below", steps)
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
        first = end - len(turn) + 1
        blocks.append(_turn_html(key, page, seat, first, f"Turn {number} of the sample game below", steps))
    return "".join(blocks)


def _four_tile_turn(key: str, page: str, events: list[dict[str, Any]]) -> str:
    """The four-tile game's first turn that sweeps (else captures): lay, capture, refill, and a restart."""
    # a turn is a run of one seat's events: a claim opens the claimer's turn, a restart stays in it
    starts = [i for i, e in enumerate(events) if i == 0 or events[i - 1]["seat"] != e["seat"]]
    turns = [events[s : (starts[k + 1] if k + 1 < len(starts) else len(events))] for k, s in enumerate(starts)]
    spans = list(zip(starts, turns, strict=True))
    chosen = next((t for t in spans if any(e.get("sweep") for e in t[1])), None) or next(
        (t for t in spans if any(e["type"] == "capture" for e in t[1])), None
    )
    if chosen is None:
        return ""
    start, turn = chosen
    steps = []
    laid_before = False
    for event in turn:
        kind = event["type"]
        tile = [str(event.get("tile", ""))]
        if kind == "lay":
            again = " again, to start a new row" if laid_before else ""
            steps.append(f"lays {tiles_html(tile, page)} from the hand{again} at the {esc(event['end'])} end;")
            laid_before = True
        elif kind in ("capture", "claim"):
            sweep = ", a sweep" if event.get("sweep") else ""
            verb = "claims" if kind == "claim" else "captures"
            steps.append(
                f"{verb} {tiles_html(list(event['tiles']), page)}, a {esc(event['kind'])}{sweep}: {event['points']} points;"
            )
        elif kind == "refill":
            steps.append(f"draws {tiles_html(tile, page)} from the stock, back to four in hand;")
    steps[-1] = steps[-1].removesuffix(";") + "."
    seat = int(str(turn[0]["seat"]))
    return _turn_html(key, page, seat, start + 1, "A turn of the sample game below", steps)


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


def _turn_html(key: str, page: str, seat: int, first: int, title: str, steps: list[str]) -> str:
    """A turn's steps; its link opens the viewer at the turn's first event (``first``, counted from 1)."""
    log = sample_log(key)
    who = player_html(seat, int(log["deal"]["first_player"]), int(log["players"]))
    items = "".join(f"<li>{step}</li>" for step in steps)
    return (
        f'<div class="turn-example"><p>{esc(title)}: {who}</p><ol>{items}</ol>'
        f"<p>{viewer_link(key, page, first, 'Step through the game from here')}</p></div>\n"
    )
