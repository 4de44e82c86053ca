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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gupai.core.spec import GameSpec
from gupai.log.validate import validate_log

from . import sample  # also registers every game's engine with the validator

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


def corpus_logs(conformance: Path) -> list[CorpusLog]:
    """Every ``*.json`` log under ``conformance/<game>/{valid,invalid}/``, with its first validator error."""
    found = []
    for path in sorted(conformance.glob("*/*/*.json")):
        kind = path.parent.name
        if kind not in ("valid", "invalid"):
            continue
        text = path.read_text(encoding="utf-8")
        issues = validate_log(json.loads(text), file=path.name)
        found.append(
            CorpusLog(
                game=path.parent.parent.name,
                kind=kind,
                name=path.stem,
                text=text,
                error=str(issues[0]) if issues else None,
                event=issues[0].event if issues else None,
            )
        )
    return found


def sample_logs(games: Iterable[str]) -> list[CorpusLog]:
    """The sample game of each game's how-to-play page, as the viewer offers it (checked by the validator)."""
    found = []
    for game in games:
        log = sample.sample_log(game)
        issues = validate_log(log, file=f"{game} sample game")
        if issues:
            raise ValueError(f"the {game} sample game is not valid: {issues[0]}")
        found.append(CorpusLog(game=game, kind="sample", name=SAMPLE_NAME, text=json.dumps(log), error=None))
    return found


def first_player_why(specs: Iterable[GameSpec], log: dict[str, Any]) -> str:
    """Why the log's first player plays first: the text of its ``first-player`` option value, from the spec."""
    for spec in specs:
        if spec.id != log.get("game"):
            continue
        value = (log.get("options") or {}).get("first-player")
        for option in spec.options:
            if option.key == "first-player" and value in option.values:
                return option.value_texts[option.values.index(value)].rstrip(".")
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
        f'<a href="?log={log.id}" data-open="{log.id}">the {names.get(log.game, log.game)} sample game</a>'
        for log in samples
    )
    return f"""---
title: Log viewer
hide:
  - toc
---

# Log viewer

Step through a game of Kap Shap, Kap Tai Shap or Tsung Shap, event by
event: each player's hand, the table or the row, the stock and the scores.
Open a log of your own (a file, a paste, or drop it on this page), or choose
the sample game of a how-to-play page, one of the conformance corpus's {valid}
valid games, or one of its invalid examples. The viewer only shows a log; it
does not judge it. An invalid example opens at the event where the validator
found its first problem, with that problem; to check a log of your own, run
`gupai validate FILE`. Link to a moment of a game with `#event=12`. Keys:
← and → step, Home and End jump, whatever has the focus. Players are numbered
from 1; a log numbers the same seats from 0 (Player 1 is seat 0).

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

<script src="{CORPUS_DIR}/index.js"></script>
<script src="assets/viewer.js"></script>
"""
