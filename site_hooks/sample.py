"""A pictured sample game for each game's how-to-play page, played by the reference engine at build time.

The only place the site imports the engine's players: ``gupai.log.play.play_game``
for the collecting games and ``play_tsung`` for Tsung Shap. The game is a
seeded log, so the page is the same on every build and cannot drift from the
engine: change a rule and the sample game changes with it.

The page follows the log event by event: the collecting games keep each
player's hand, the table of discards and the stock; Tsung Shap keeps the row,
the face-down piles (or the hands and stock of the four-tile variant) and the
scores.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gupai.core.options import resolve_options
from gupai.core.spec import game_spec
from gupai.log.play import play_game
from gupai.log.tsung import play_tsung, starts_turn

from .common import esc, href, player_html, player_number, tile_img, tiles_html

__all__ = ["SAMPLES", "TsungRow", "sample_html", "sample_log"]


@dataclass(frozen=True, slots=True)
class Sample:
    """Which game a page shows: chosen for a short game with takes, draws and a win (or captures and sweeps).

    ``preset`` None is the game's default rule set; ``name`` is the game's
    name in the log viewer's list (``GAME/sample/NAME``).
    """

    game: str
    seed: int
    players: int | None = None
    agents: tuple[str, ...] = ("greedy",)
    preset: str | None = None
    name: str = "how-to-play"

    @property
    def viewer_id(self) -> str:
        """The viewer's id of the sample game.

        >>> SAMPLES["tsung-shap-four-tile"].viewer_id
        'tsung-shap/sample/four-tile'
        """
        return f"{self.game}/sample/{self.name}"


#: The seeded game each how-to-play page shows, by its key (a game's id for the game's own page).
SAMPLES = {
    "kap-shap": Sample("kap-shap", seed=3),
    "kap-tai-shap": Sample("kap-tai-shap", seed=3, players=3),
    "tsung-shap": Sample("tsung-shap", seed=8, agents=("random",)),
    # the German four-tile game: a close game with a sweep, pairs and triples
    "tsung-shap-four-tile": Sample("tsung-shap", seed=1, preset="spieltdomino", name="four-tile"),
}


def sample_log(key: str) -> dict[str, Any]:
    """The log of a sample game, played by the reference engine (once a build; a fresh copy each call)."""
    log: dict[str, Any] = json.loads(_sample_text(key))
    return log


@cache
def _sample_text(key: str) -> str:
    sample = SAMPLES[key]
    options = resolve_options(sample.game, preset=sample.preset) if sample.preset else None
    if sample.game == "tsung-shap":
        return json.dumps(play_tsung(options=options, seed=sample.seed, agents=sample.agents))
    return json.dumps(
        play_game(sample.game, preset=sample.preset, seed=sample.seed, players=sample.players, agents=sample.agents)
    )


# ------------------------------------------------------------------ helpers
def _tiles(faces: Sequence[str], page: str, *, css: str = "") -> str:
    if not faces:
        return '<span class="none">none</span>'
    html = tiles_html(faces, page, size="md")
    return f'<span class="{css}">{html}</span>' if css else html


def _marked(faces: Sequence[str], marked: Sequence[str], page: str, *, by: int = 0) -> str:
    """Tiles side by side, outlining (once each) the faces in ``marked``: what just moved, in the colour of
    the player who moved it (``by``, the player's number less one)."""
    if not faces:
        return '<span class="none">none</span>'
    left = list(marked)
    images = []
    for face in faces:
        hit = face in left
        if hit:
            left.remove(face)
        images.append(tile_img(face, page, size="md", extra_class=f"moved by-{by}" if hit else ""))
    return '<span class="tiles">' + "".join(images) + "</span>"


def _t(face: str, page: str) -> str:
    return tiles_html([face], page, size="md")


def viewer_link(key: str, page: str, event: int, text: str) -> str:
    """A link into the log viewer, at ``event`` of a sample game (the state after that many events).

    >>> viewer_link("kap-shap", "kap-shap/index.md", 4, "Turn 2")
    '<a class="turn-no" href="../viewer.html?log=kap-shap/sample/how-to-play#event=4" title="Step through from here in the log viewer">Turn 2</a>'
    """
    url = href(page, "viewer.md") + f"?log={SAMPLES[key].viewer_id}#event={event}"
    return f'<a class="turn-no" href="{esc(url)}" title="Step through from here in the log viewer">{esc(text)}</a>'


def _labeller(log: Mapping[str, Any]) -> tuple[Callable[[int], str], Callable[[int], int]]:
    """A log's seats as the pages name them (Player 1 plays first) and as their colour's index."""
    first, players = int(log["deal"]["first_player"]), int(log["players"])
    return (lambda seat: player_html(seat, first, players)), (lambda seat: player_number(seat, first, players) - 1)


def _rules_name(log: Mapping[str, Any]) -> str:
    """Whose rules the sample game follows, in a reader's words: the title of its rule set.

    >>> _rules_name({"game": "kap-shap", "preset": "culin"})
    'Culin (1895)'
    """
    for preset in game_spec(log["game"]).presets:
        if preset.name == log["preset"]:
            return preset.title
    return str(log["preset"])


def _split_html(decomposition: Mapping[str, Any], page: str) -> str:
    groups = [f'<span class="group eye">{tiles_html(decomposition["eye"], page, size="md")}<small>eye</small></span>']
    for pair in decomposition["pairs"]:
        groups.append(f'<span class="group">{tiles_html(pair, page, size="md")}<small>pair</small></span>')
    return '<div class="split">' + "".join(groups) + "</div>"


# ----------------------------------------------------------- collecting games
def _kap_html(key: str, log: Mapping[str, Any], page: str) -> str:
    deal = log["deal"]
    hands = [list(h) for h in deal["hands"]]
    stock = len(deal["stock"])
    table: list[str] = []
    players = len(hands)
    who, colour = _labeller(log)
    order = sorted(range(players), key=colour)
    out = [
        f'<p class="sample-intro">{players} players, by the rules of {esc(_rules_name(log))}. '
        f"{who(deal['first_player'])} plays first and so holds one tile more; "
        f"the stock holds {stock} tiles.</p>",
        _kap_state(hands, table, stock, page, who=who, order=order, title="The deal"),
    ]
    turn: list[str] = []
    gained: list[str] = []
    discarded: list[str] = []
    seat: int | None = None
    number = 0

    done = 0  # the events of the turns shown so far

    def flush() -> None:
        if turn and seat is not None:
            link = viewer_link(key, page, done, f"Turn {number}")
            head = f'<p class="turn-head">{link} {who(seat)} '
            out.append(head + ", then ".join(turn) + ".</p>")
            kept = [f for f in gained if f in hands[seat]]
            out.append(
                _kap_state(
                    hands,
                    table,
                    stock,
                    page,
                    who=who,
                    order=order,
                    active=seat,
                    by=colour(seat),
                    gained=kept,
                    discarded=discarded,
                )
            )

    for index, event in enumerate(log["events"]):
        kind = event["type"]
        if event["seat"] != seat:
            flush()
            number += 1
            seat, turn, gained, discarded = event["seat"], [], [], []
        done = index + 1
        hand = hands[event["seat"]]
        if kind == "discard":
            hand.remove(event["tile"])
            table.append(event["tile"])
            discarded.append(event["tile"])
            turn.append(f'<span class="act discard">discards</span> {_t(event["tile"], page)}')
        elif kind == "take":
            table.reverse()
            table.remove(event["tile"])
            table.reverse()
            hand.append(event["tile"])
            gained.append(event["tile"])
            turn.append(f'<span class="act take">takes</span> {_t(event["tile"], page)} from the table')
        elif kind == "draw":
            stock -= 1
            hand.append(event["tile"])
            gained.append(event["tile"])
            turn.append(f'<span class="act draw">draws</span> {_t(event["tile"], page)} from the stock')
        elif kind == "declare":
            turn.append('<span class="act declare">declares a winning hand</span>')
    flush()
    result = log["result"]
    if result.get("winner") is not None and result.get("decomposition"):
        out.append(
            f'<div class="sample-result"><p>{who(result["winner"])} wins ({esc(_why(result["reason"]))}) after '
            f"{result['turns']} turns: the hand splits into an eye and "
            f"{len(result['decomposition']['pairs'])} ten-pairs.</p>"
            + _split_html(result["decomposition"], page)
            + f'<p class="settlement">Settlement: {esc(", ".join(_signed(v) for v in result["settlement"]))}.</p></div>'
        )
    else:
        out.append(
            f'<div class="sample-result"><p>No winner ({esc(_why(result.get("reason")))}) after '
            f"{result.get('turns')} turns.</p></div>"
        )
    return "\n".join(out)


#: How a game ended, in a reader's words (the log's ``result.reason``).
REASONS = {
    "declared": "a winning hand declared",
    "stock-exhausted": "the stock ran out",
    "dead-rounds": "three rounds without a draw",
    "abandoned": "the game was stopped",
    "all-laid": "a player has laid every tile",
    "equal-turns": "every tile laid, after equal turns",
    "stock-empty": "the stock is empty and the hands played out",
}


def _why(reason: object) -> str:
    """The end of a game in words.

    >>> _why("all-laid"), _why("something-new")
    ('a player has laid every tile', 'something-new')
    """
    return REASONS.get(str(reason), str(reason))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _kap_state(
    hands: Sequence[Sequence[str]],
    table: Sequence[str],
    stock: int,
    page: str,
    *,
    who: Callable[[int], str],
    order: Sequence[int],
    title: str = "",
    active: int = -1,
    by: int = 0,
    gained: Sequence[str] = (),
    discarded: Sequence[str] = (),
) -> str:
    rows = []
    for seat in order:
        css = ' class="active"' if seat == active else ""
        mine = gained if seat == active else ()
        shown = _marked(sorted(hands[seat], reverse=True), mine, page, by=by)
        rows.append(f"<tr{css}><th>{who(seat)}</th><td>{shown}</td></tr>")
    fresh = list(table[len(table) - len(discarded) :]) if discarded else []
    rows.append(f'<tr class="table-row"><th>Table</th><td>{_marked(table, fresh, page, by=by)}</td></tr>')
    rows.append(f'<tr class="stock-row"><th>Stock</th><td>{stock} tiles</td></tr>')
    caption = f"<caption>{esc(title)}</caption>" if title else ""
    return f'<table class="sample-state">{caption}<tbody>{"".join(rows)}</tbody></table>'


# ----------------------------------------------------------------- Tsung Shap
@dataclass(slots=True)
class TsungRow:
    """The row of a Tsung Shap game as its log's events lay and take tiles.

    >>> row = TsungRow()
    >>> for e in ({"type": "lay", "tile": "3-2", "end": "left"}, {"type": "lay", "tile": "4-1", "end": "left"},
    ...           {"type": "lay", "tile": "6-4", "end": "left"}):
    ...     row.apply(e)
    >>> row.tiles
    ['6-4', '4-1', '3-2']
    >>> row.apply({"type": "capture", "at": "ends", "tiles": ["6-4", "4-1", "3-2"]}); row.tiles
    []
    """

    tiles: list[str] = field(default_factory=list)
    last_end: str = "right"

    def apply(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "lay":
            self.last_end = event["end"]
            if self.last_end == "left":
                self.tiles.insert(0, event["tile"])
            else:
                self.tiles.append(event["tile"])
        elif kind in ("capture", "claim"):
            # the laid tile leaves from its end, then the rest from where the capture was made
            if self.tiles:
                self.tiles.pop(0 if self.last_end == "left" else -1)
            for step in range(len(event["tiles"]) - 1):
                if not self.tiles:
                    return
                if event["at"] == "left" or (event["at"] == "ends" and step == 0):
                    self.tiles.pop(0)
                else:
                    self.tiles.pop()


def _tsung_html(key: str, log: Mapping[str, Any], page: str) -> str:
    deal = log["deal"]
    row = TsungRow()
    scores = [0, 0]
    piles = [len(p) for p in deal["piles"]] if deal.get("piles") else None
    hands = [list(h) for h in deal["hands"]] if deal.get("hands") else None
    stock = len(deal.get("stock") or ())
    held = "a face-down pile" if piles else "a hand"
    who, colour = _labeller(log)
    order = sorted(range(2), key=colour)
    out = [
        f'<p class="sample-intro">Two players, by the rules of {esc(_rules_name(log))}. '
        f"Each player has {held}; {who(deal['first_player'])} plays first. "
        '<span class="legend-item"><span class="mark capture">captured</span> tiles taken by a capture,</span> '
        '<span class="legend-item"><span class="mark sweep">sweep</span> a capture that empties the row.</span></p>'
    ]
    number = 0
    previous = ""
    restart = False
    turn: list[str] = []
    laid: list[str] = []
    seat: int | None = None

    done = 0  # the events of the turns shown so far

    def flush() -> None:
        if not turn or seat is None:
            return
        held_now = (
            " · ".join(f"{who(s)} {piles[s]} face down" for s in order)
            if piles is not None
            else " · ".join(f"{who(s)} {_tiles((hands or [])[s], page)}" for s in order)
        )
        stock_text = f" · stock {stock}" if hands is not None and stock else ""
        out.append(
            f'<div class="tsung-turn"><p class="turn-head">{viewer_link(key, page, done, f"Turn {number}")} '
            f"{who(seat)} "
            + ", ".join(turn)
            + ".</p>"
            + f'<div class="row-line"><span class="row-label">Row</span> {_marked(row.tiles, laid, page, by=colour(seat))}</div>'
            + f'<p class="turn-state">{held_now}{stock_text} · scores {" to ".join(str(scores[s]) for s in order)}</p></div>'
        )

    for index, event in enumerate(log["events"]):
        kind = event["type"]
        if starts_turn(kind, previous=previous, restart=restart):
            flush()
            number += 1
            seat, turn, laid = event["seat"], [], []
        done = index + 1
        if kind == "reveal":
            if piles is not None:
                piles[event["seat"]] -= 1
            turn.append(f'<span class="act reveal">turns over</span> {_t(event["tile"], page)}')
        elif kind == "lay":
            row.apply(event)
            laid.append(event["tile"])
            restart = False
            if hands is not None and event["tile"] in hands[event["seat"]]:
                hands[event["seat"]].remove(event["tile"])
            verb = "lays it" if previous == "reveal" else f"lays {_t(event['tile'], page)}"
            turn.append(f'<span class="act lay">{verb}</span> at the {esc(event["end"])} end')
        elif kind == "refill":
            stock -= 1
            if hands is not None:
                hands[event["seat"]].append(event["tile"])
            turn.append(f'<span class="act draw">draws</span> {_t(event["tile"], page)}')
        else:
            row.apply(event)
            restart = kind == "capture" and not row.tiles
            scores[event["seat"]] += event["points"]
            verb = "claims" if kind == "claim" else "captures"
            css = "mark sweep" if event["sweep"] else "mark capture"
            what = f"a {esc(event['kind'])}" + (", a sweep" if event["sweep"] else "")
            if kind == "claim":
                # the capture the other player missed last turn: said there, and here
                missed = f"the {esc(event['kind'])} {who(1 - event['seat'])} missed"
                what = missed + (", a sweep" if event["sweep"] else "")
                if out:
                    out[-1] = out[-1].replace(
                        ".</p>",
                        f', <span class="missed">but misses a capture: {tiles_html(event["tiles"], page)}, '
                        f"which {who(event['seat'])} may claim</span>.</p>",
                        1,
                    )
            turn.append(
                f'<span class="act {kind}">{verb}</span> <span class="{css}">{tiles_html(event["tiles"], page)}</span>'
                f" ({what}, {event['points']} points)"
            )
        previous = kind
    flush()
    result = log["result"]
    final = result.get("scores", scores)
    if result.get("winner") is None:
        verdict = f"A tie at {final[order[0]]} to {final[order[1]]}"
    else:
        verdict = f"{who(result['winner'])} wins, {final[order[0]]} to {final[order[1]]},"
    out.append(
        f'<div class="sample-result"><p>{verdict} after {result.get("turns")} turns '
        f"({esc(_why(result.get('reason')))}).</p></div>"
    )
    return "\n".join(out)


def sample_html(key: str, page: str) -> str:
    """A sample game as one block of HTML, turn by turn."""
    log = sample_log(key)
    game = SAMPLES[key].game
    body = _tsung_html(key, log, page) if game == "tsung-shap" else _kap_html(key, log, page)
    return f'<div class="sample-game" data-game="{esc(game)}" data-search-exclude>\n{body}\n</div>\n'
