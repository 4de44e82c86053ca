"""The log viewer page and the conformance corpus it offers, prepared at build time.

The viewer itself is plain JavaScript (``docs/assets/viewer.js``): it only
shows a log, it does not judge one. What the rules say about each corpus log
is computed here, in Python, by the validator: for an invalid example the
viewer shows the first problem ``gupai.log.validate.validate_log`` reported.

Every corpus log is published twice: as the JSON file itself, and wrapped in a
one-line script (``GupaiViewer.receive(...)``), because a page opened from
disk may load scripts but not fetch files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gupai.log.validate import validate_log

from . import sample  # noqa: F401 - registers every game's engine with the validator

__all__ = ["CorpusLog", "corpus_files", "corpus_logs", "viewer_page"]

#: Where the corpus is published in the site.
CORPUS_DIR = "assets/viewer/corpus"


@dataclass(frozen=True, slots=True)
class CorpusLog:
    game: str
    kind: str  # "valid" or "invalid"
    name: str
    path: Path
    error: str | None

    @property
    def id(self) -> str:
        return f"{self.game}/{self.kind}/{self.name}"


def corpus_logs(conformance: Path) -> list[CorpusLog]:
    """Every ``*.json`` log under ``conformance/<game>/{valid,invalid}/``, with its first validator error."""
    found = []
    for path in sorted(conformance.glob("*/*/*.json")):
        kind = path.parent.name
        if kind not in ("valid", "invalid"):
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        issues = validate_log(doc, file=path.name)
        found.append(
            CorpusLog(
                game=path.parent.parent.name,
                kind=kind,
                name=path.stem,
                path=path,
                error=str(issues[0]) if issues else None,
            )
        )
    return found


def corpus_files(logs: list[CorpusLog]) -> dict[str, str]:
    """The site files of the corpus: each log as JSON and as a script, and the index the menu reads."""
    files: dict[str, str] = {}
    index = []
    for log in logs:
        text = log.path.read_text(encoding="utf-8")
        compact = json.dumps(json.loads(text), separators=(",", ":"))
        files[f"{CORPUS_DIR}/{log.id}.json"] = text
        payload = json.dumps({"id": log.id, "error": log.error}, separators=(",", ":"))
        files[f"{CORPUS_DIR}/{log.id}.js"] = f"GupaiViewer.receive({payload},{compact});\n"
        index.append({"id": log.id, "game": log.game, "kind": log.kind, "name": log.name, "error": log.error})
    files[f"{CORPUS_DIR}/index.js"] = "window.GUPAI_CORPUS = " + json.dumps(index, indent=0) + ";\n"
    return files


def viewer_page(logs: list[CorpusLog]) -> str:
    """The markdown of ``viewer.md``: the viewer's frame; ``viewer.js`` fills it."""
    valid = sum(1 for log in logs if log.kind == "valid")
    return f"""---
hide:
  - toc
---

# Log viewer

Step through a game log of Kap Shap, Kap Tai Shap or Tsung Shap, event by
event: each player's hand, the table or the row, the stock and the scores.
Open a log of your own (a file, a paste, or drop it on this page), or choose
one of the conformance corpus's {valid} valid games or its invalid examples.
The viewer only shows a log; it does not judge it. For an invalid example it
shows the first problem the validator found when this site was built; to
check a log of your own, run `gupai validate FILE`. Link to a moment of a game
with `#event=12`. Keys: ← and → step, Home and End jump.

<div id="gupai-viewer" class="viewer" data-corpus="{CORPUS_DIR}" data-tiles="assets/tiles">
<div class="viewer-load">
<label>Corpus <select id="viewer-corpus"><option value="">choose a log…</option></select></label>
<label class="viewer-file">Open a file <input type="file" id="viewer-file" accept=".json,.jsonl,application/json"></label>
<details class="viewer-paste"><summary>Paste a log</summary>
<textarea id="viewer-text" rows="6" spellcheck="false" placeholder="A game log as JSON"></textarea>
<button type="button" id="viewer-show-text">Show this log</button>
</details>
</div>
<div id="viewer-message" class="viewer-message" role="status"></div>
<div id="viewer-main" hidden>
<p id="viewer-title" class="viewer-title"></p>
<div class="viewer-controls">
<button type="button" id="viewer-first" title="The deal (Home)">«</button>
<button type="button" id="viewer-prev" title="One event back (←)">◀</button>
<input type="range" id="viewer-range" min="0" max="0" value="0" aria-label="Event">
<button type="button" id="viewer-next" title="One event on (→)">▶</button>
<button type="button" id="viewer-last" title="The end (End)">»</button>
<span id="viewer-position" class="viewer-position"></span>
</div>
<p id="viewer-event" class="viewer-event"></p>
<div id="viewer-state" class="viewer-state"></div>
</div>
</div>

<script src="{CORPUS_DIR}/index.js"></script>
<script src="assets/viewer.js"></script>
"""
