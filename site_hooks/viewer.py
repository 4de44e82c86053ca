"""The log viewer page and the conformance corpus it offers, prepared at build time.

The viewer itself is plain JavaScript (``docs/assets/viewer.js``): it only
shows a log, it does not judge one. What the rules say about each corpus log
is computed here, in Python, by the validator: for an invalid example the
viewer shows the first problem ``gupai.log.validate.validate_log`` reported.

Besides the conformance corpus the viewer offers each how-to-play page's
sample game (kind ``sample``), so that the page's turns can link into it.

Every log is published twice: as the JSON file itself, and wrapped in a
one-line script (``GupaiViewer.receive(id, "json text")``), because a page
opened from disk may load scripts but not fetch files. The script hands over
the log as text, which the viewer parses into plain objects of its own; the
viewer loads only the scripts of the ids its index lists, never a path taken
from the address.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gupai.core.spec import GameSpec
from gupai.log.validate import LogIssue, validate_log

from . import sample  # also registers every game's engine with the validator
from .common import PLAYERS_NOTE, SEATS_NOTE
from .questions import players_words

__all__ = ["CorpusLog", "corpus_files", "corpus_logs", "sample_id", "sample_logs", "viewer_page"]

#: Where the corpus is published in the site.
CORPUS_DIR = "assets/viewer/corpus"


@dataclass(frozen=True, slots=True)
class CorpusLog:
    """One log the viewer offers: a conformance corpus log, or a how-to-play page's sample game."""

    game: str
    kind: str  # "valid", "invalid" or "sample"
    name: str
    text: str
    error: str | None
    #: The index of the event the validator's first problem names (the viewer opens there).
    event: int | None = None

    @property
    def id(self) -> str:
        return f"{self.game}/{self.kind}/{self.name}"


#: The name of every how-to-play page's sample game in the viewer's list.
SAMPLE_NAME = "how-to-play"


def sample_id(game: str) -> str:
    """The viewer's id of a game's sample game.

    >>> sample_id("kap-shap")
    'kap-shap/sample/how-to-play'
    """
    return f"{game}/sample/{SAMPLE_NAME}"


def reader_error(issue: LogIssue, log: Any) -> str:
    """The validator's first problem in the viewer's own words, to follow "The validator rejects this log":
    events counted from 1 as the viewer counts them, seats named as the players the viewer shows (Player 1
    plays first), then the rule and where.

    >>> issue = LogIssue("x.json", None, 1, "/events/1/tile", "ks.deal.draw-order", "seat 1 drew [6-6], not seat 0's")
    >>> reader_error(issue, {"players": 2, "deal": {"first_player": 1}})
    " at event 2: Player 1 drew [6-6], not Player 2's (rule ks.deal.draw-order, at /events/1/tile)"
    """
    deal = log.get("deal") if isinstance(log, dict) else None
    first = deal.get("first_player") if isinstance(deal, dict) else None
    players = log.get("players") if isinstance(log, dict) else None
    if not (isinstance(first, int) and isinstance(players, int) and 0 <= first < players):
        first, players = 0, 0

    def player(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return f"Player {(seat - first) % players + 1 if players else seat + 1}"

    words = re.sub(r"\bseat (\d+)", player, issue.message)
    where = ", ".join(
        part
        for part in (f"rule {issue.rule}" if issue.rule else "", f"at {issue.pointer}" if issue.pointer else "")
        if part
    )
    at = f" at event {issue.event + 1}: " if issue.event is not None else ": "
    return f"{at}{words}" + (f" ({where})" if where else "")


def corpus_logs(conformance: Path) -> list[CorpusLog]:
    """Every ``*.json`` log under ``conformance/<game>/{valid,invalid}/``, with its first validator error."""
    found = []
    for path in sorted(conformance.glob("*/*/*.json")):
        kind = path.parent.name
        if kind not in ("valid", "invalid"):
            continue
        text = path.read_text(encoding="utf-8")
        doc = json.loads(text)
        issues = validate_log(doc, file=path.name)
        found.append(
            CorpusLog(
                game=path.parent.parent.name,
                kind=kind,
                name=path.stem,
                text=text,
                error=reader_error(issues[0], doc) if issues else None,
                event=issues[0].event if issues else None,
            )
        )
    return found


def sample_logs(games: Iterable[str]) -> list[CorpusLog]:
    """The sample games of the games' how-to-play pages, as the viewer offers them (checked by the validator)."""
    found = []
    wanted = set(games)
    for key, chosen in sample.SAMPLES.items():
        if chosen.game not in wanted:
            continue
        log = sample.sample_log(key)
        issues = validate_log(log, file=f"{key} sample game")
        if issues:
            raise ValueError(f"the {key} sample game is not valid: {issues[0]}")
        found.append(CorpusLog(game=chosen.game, kind="sample", name=chosen.name, text=json.dumps(log), error=None))
    return found


def first_player_why(specs: Iterable[GameSpec], log: dict[str, Any]) -> str:
    """Why the log's first player plays first: the text of its ``first-player`` option value, from the spec."""
    for spec in specs:
        if spec.id != log.get("game"):
            continue
        value = (log.get("options") or {}).get("first-player")
        for option in spec.options:
            if option.key == "first-player" and value in option.values:
                return players_words(option.value_texts[option.values.index(value)]).rstrip(".")
    return ""


def corpus_files(logs: list[CorpusLog], specs: Iterable[GameSpec] = ()) -> dict[str, str]:
    """The site files of the corpus: each log as JSON and as a script, and the index the menu reads.

    The script hands the viewer the log as a JSON string, which the viewer parses
    into plain objects of its own; the index is the only list of names it loads.
    """
    specs = tuple(specs)
    files: dict[str, str] = {}
    index = []
    for log in logs:
        doc = json.loads(log.text)
        compact = json.dumps(doc, separators=(",", ":"))
        files[f"{CORPUS_DIR}/{log.id}.json"] = log.text
        files[f"{CORPUS_DIR}/{log.id}.js"] = f"GupaiViewer.receive({json.dumps(log.id)},{json.dumps(compact)});\n"
        index.append(
            {
                "id": log.id,
                "game": log.game,
                "kind": log.kind,
                "name": log.name,
                "error": log.error,
                "event": log.event,
                "first": first_player_why(specs, doc),
            }
        )
    files[f"{CORPUS_DIR}/index.js"] = (
        "window.GUPAI_CORPUS = "
        + json.dumps(index, indent=0)
        + ";\nwindow.GUPAI_REASONS = "
        + json.dumps(sample.REASONS, indent=0)
        + ";\n"
    )
    return files


def viewer_page(logs: list[CorpusLog]) -> str:
    """The markdown of ``viewer.md``: the viewer's frame; ``viewer.js`` fills it."""
    valid = sum(1 for log in logs if log.kind == "valid")
    samples = [log for log in logs if log.kind == "sample"]
    names = {"kap-shap": "Kap Shap", "kap-tai-shap": "Kap Tai Shap", "tsung-shap": "Tsung Shap"}
    choices = " · ".join(
        f'<a href="?log={log.id}" data-open="{log.id}">the {names.get(log.game, log.game)}'
        f"{'' if log.name == SAMPLE_NAME else ' ' + log.name.replace('-', ' ')} sample game</a>"
        for log in samples
    )
    return f"""---
title: Log viewer
hide:
  - toc
---

# Log viewer

Step through a game of Kap Shap, Kap Tai Shap or Tsung Shap, move by move:
each player's hand, the table or the row, the stock and the scores. Choose
the sample game of a how-to-play page, one of {valid} more games played by
the rules, or a game that breaks a rule (it opens at the move that breaks
it, and says which rule); or open a game record of your own: a file, a
paste, or drop it on this page. Keys: ← and → step, Home and End jump.
{PLAYERS_NOTE}

<div id="gupai-viewer" class="viewer" data-corpus="{CORPUS_DIR}" data-tiles="assets/tiles">
<div class="viewer-load">
<label>Game <select id="viewer-corpus"><option value="">choose a game…</option></select></label>
<label class="viewer-file">Open a file <input type="file" id="viewer-file" accept=".json,.jsonl,application/json"></label>
<details class="viewer-paste"><summary>Paste a log</summary>
<textarea id="viewer-text" rows="6" spellcheck="false" placeholder="A game log as JSON" aria-label="A game log as JSON"></textarea>
<button type="button" id="viewer-show-text">Show this log</button>
</details>
</div>
<div id="viewer-message" class="viewer-message" role="status"></div>
<div id="viewer-empty" class="viewer-empty">
<p class="viewer-empty-title">No game open yet.</p>
<p>Open a log file, drop one on this page, or start with {choices or "a game from the menu"}.</p>
</div>
<div id="viewer-main" hidden>
<p id="viewer-title" class="viewer-title"></p>
<div class="viewer-controls">
<button type="button" id="viewer-first" title="The deal (Home)" aria-label="The deal">«</button>
<button type="button" id="viewer-prev" title="One event back (←)" aria-label="One event back">◀</button>
<input type="range" id="viewer-range" min="0" max="0" value="0" aria-label="Event">
<button type="button" id="viewer-next" title="One event on (→)" aria-label="One event on">▶</button>
<button type="button" id="viewer-last" title="The end (End)" aria-label="The end">»</button>
<span id="viewer-position" class="viewer-position"></span>
</div>
<p id="viewer-event" class="viewer-event"></p>
<div id="viewer-state" class="viewer-state"></div>
</div>
</div>

<details class="engine-notes"><summary>For engine authors</summary>
<p>The games in the menu are the sample games and the conformance corpus's
valid and invalid logs. The viewer only shows a log; it does not judge one:
to check a log of your own, run <code>gupai validate FILE</code>. Link to a
moment of a game with <code>#event=12</code>. {SEATS_NOTE}</p>
</details>

<script src="{CORPUS_DIR}/index.js"></script>
<script src="assets/viewer.js"></script>
"""
