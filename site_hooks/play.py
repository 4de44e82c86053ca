"""The Play pages: the kit's own Python engine in the reader's browser, on Pyodide vendored into the site.

At build time :func:`pyodide_dir` takes the Pyodide runtime from the npm
registry (``npm pack pyodide@PYODIDE_VERSION``, through npm itself) into the
user's cache (``$GUPAI_CACHE_DIR/pyodide/<version>``, else
``$XDG_CACHE_HOME/gupai/...`` or ``~/.cache/gupai/...``), once; later builds
copy it from there. Its files go to ``assets/pyodide/`` in the site, so the
page makes no request to another host. Without npm, or without the download,
the build says so and each Play page explains how to play in the terminal.

:func:`kit_zip` is what the page runs: the ``gupai`` package's ``core``,
``games`` and ``log`` layers, the ``spec/`` files, their parse as the spec
cache keeps it (JSON, so PyYAML is not needed: ``gupai.core.specfiles``), and
the page's session (``site_hooks/play_session.py``).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from gupai.core.resources import data_dir
from gupai.core.spec import GameSpec

from .common import SEATS_NOTE, rel

__all__ = [
    "FOUR_TILE",
    "FOUR_TILE_HOWTO",
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "Runtime",
    "kit_zip",
    "play_page",
    "play_pages",
    "pyodide_dir",
    "try_it",
]

#: The four-tile variant's Play page: (game, page, the preset it starts with, its name).
FOUR_TILE = ("tsung-shap", "tsung-shap/play-four-tile.md", "spieltdomino", "the four-tile variant")
#: The four-tile variant's how-to-play page, which links to its Play page.
FOUR_TILE_HOWTO = "tsung-shap/four-tile.md"

#: The Pyodide release the pages run on (npm package ``pyodide``).
PYODIDE_VERSION = "314.0.7"

#: The runtime's files the page loads (the rest of the npm package is not shipped).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: The layers of the package the engine needs in the page (imports only go downward: core < games < log).
KIT_LAYERS = ("core", "games", "log")

_HERE = Path(__file__).resolve().parent
_PACKAGE = _HERE.parent / "reference" / "gupai"


@dataclass(frozen=True, slots=True)
class Runtime:
    """The runtime found for this build: its directory, or why there is none."""

    directory: Path | None
    reason: str = ""


def cache_root() -> Path:
    own = os.environ.get("GUPAI_CACHE_DIR")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gupai"


def pyodide_dir(version: str = PYODIDE_VERSION) -> Runtime:
    """The unpacked npm package of Pyodide ``version``, from the cache or fetched into it by npm."""
    if os.environ.get("GUPAI_NO_PYODIDE"):
        return Runtime(None, "GUPAI_NO_PYODIDE is set")
    target = cache_root() / "pyodide" / version
    if all((target / name).is_file() for name in PYODIDE_FILES):
        return Runtime(target)
    npm = shutil.which("npm")
    if npm is None:
        return Runtime(None, "npm is not installed")
    with tempfile.TemporaryDirectory(prefix="gupai-pyodide-") as work:
        try:
            done = subprocess.run(
                [npm, "pack", f"pyodide@{version}", "--pack-destination", work, "--silent"],
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return Runtime(None, f"npm pack pyodide@{version} failed: {error}")
        packed = sorted(Path(work).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not packed:
            last = (done.stderr.strip().splitlines() or ["no package"])[-1]
            return Runtime(None, f"npm pack pyodide@{version} failed: {last}")
        unpacked = Path(work) / "unpacked"
        with tarfile.open(packed[0]) as archive:
            members = [m for m in archive.getmembers() if m.isfile() and Path(m.name).name in PYODIDE_FILES]
            archive.extractall(unpacked, members=members, filter="data")
        staged = target.with_name(f".{version}.part")
        shutil.rmtree(staged, ignore_errors=True)
        staged.mkdir(parents=True)
        for name in PYODIDE_FILES:
            found = unpacked / "package" / name
            if not found.is_file():
                return Runtime(None, f"the pyodide@{version} package has no {name}")
            shutil.copy2(found, staged / name)
        shutil.rmtree(target, ignore_errors=True)
        staged.rename(target)
    return Runtime(target)


def _spec_cache() -> dict[str, bytes]:
    """Each ``spec/`` file's parse as the spec cache names and keeps it (``gupai.core.specfiles.read_yaml``)."""
    from gupai.core import specfiles

    kept: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="gupai-spec-cache-") as folder:
        saved = os.environ.get("GUPAI_CACHE_DIR")
        os.environ["GUPAI_CACHE_DIR"] = folder
        try:
            for path in sorted(data_dir("spec").rglob("*.yaml")):
                specfiles.read_yaml(path)
            for made in sorted((Path(folder) / "spec").glob("*.json")):
                kept[made.name] = made.read_bytes()
        finally:
            if saved is None:
                os.environ.pop("GUPAI_CACHE_DIR", None)
            else:
                os.environ["GUPAI_CACHE_DIR"] = saved
    return kept


def kit_zip() -> bytes:
    """The zip the page unpacks: ``gupai/`` (core, games, log), ``gupai/_data/spec``, ``cache/spec``, the session."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as kit:

        def add(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes every build
            info.compress_type = zipfile.ZIP_DEFLATED
            kit.writestr(info, data)

        add("gupai/__init__.py", (_PACKAGE / "__init__.py").read_bytes())
        for layer in KIT_LAYERS:
            for path in sorted((_PACKAGE / layer).rglob("*.py")):
                add(f"gupai/{path.relative_to(_PACKAGE).as_posix()}", path.read_bytes())
        spec = data_dir("spec")
        for path in sorted(spec.rglob("*.yaml")):
            add(f"gupai/_data/spec/{path.relative_to(spec).as_posix()}", path.read_bytes())
        for name, data in _spec_cache().items():
            add(f"cache/spec/{name}", data)
        add("gupai_play.py", (_HERE / "play_session.py").read_bytes())
    return buffer.getvalue()


def play_pages(specs: Iterable[GameSpec], runtime: Runtime) -> dict[str, Callable[[], str]]:
    """Every Play page: one a game (``<game>/play.md``, its default preset), and the four-tile variant's."""
    pages: dict[str, Callable[[], str]] = {}
    for spec in specs:
        src = f"{spec.id}/play.md"
        pages[src] = partial(play_page, spec, runtime, src, spec.presets[0].name, spec.name)
        if spec.id == FOUR_TILE[0]:
            _, four, preset, name = FOUR_TILE
            pages[four] = partial(play_page, spec, runtime, four, preset, f"{spec.name}, {name}")
    return pages


def try_it(markdown: str, spec: GameSpec, *, four_tile: bool = False) -> str:
    """A how-to-play page's markdown with its "try it" links to the Play pages, after its title.

    The four-tile variant's own page (``four_tile``) links to its Play page first.

    >>> from gupai.core.spec import game_spec
    >>> try_it("# Four tiles", game_spec("tsung-shap"), four_tile=True).splitlines()[2].split("](")[0]
    '    [Play the four-tile variant against the bots'
    """
    links = f"[Play {spec.name} against the bots](play.md)"
    if four_tile:
        links = f"[Play {FOUR_TILE[3]} against the bots]({Path(FOUR_TILE[1]).name})"
    elif spec.id == FOUR_TILE[0]:
        links += f" · [play {FOUR_TILE[3]}]({Path(FOUR_TILE[1]).name})"
    note = f'!!! tip "Try it"\n    {links}, here in your browser, on the kit\'s own engine.\n\n'
    head, newline, rest = markdown.partition("\n")
    if head.startswith("# "):
        return head + newline + "\n" + note + rest
    return note + markdown


def play_page(spec: GameSpec, runtime: Runtime, page_src: str, preset: str, name: str) -> str:
    """The Play page of one game: the presets to choose from (``preset`` first chosen), the board, and the script."""
    presets = "".join(
        f'<option value="{p.name}"{" selected" if p.name == preset else ""}>{p.title} ({p.name})</option>'
        for p in spec.presets
    )
    howto = rel(page_src, f"{spec.id}/index.md")
    rules = rel(page_src, f"{spec.id}/rules.md").replace(".md", ".html")
    terminal = (
        f"```sh\npip install gupai\ngupai play {spec.id} --preset {preset} --agents human,greedy\n```\n\n"
        "(any preset, options, players and seed: `gupai play --help`)."
    )
    if runtime.directory is None:
        return (
            f"---\ntitle: Play {name}\n---\n\n# Play {name}\n\n"
            f"[How to play]({howto}) · [Rule reference]({rel(page_src, f'{spec.id}/rules.md')})\n\n"
            f'!!! warning "The game cannot run in this copy of the site"\n'
            f"    It was built without the Python runtime the page runs on ({runtime.reason}).\n\n"
            f"Play it in a terminal instead, against the same engine:\n\n{terminal}\n"
        )
    base = rel(page_src, "assets/pyodide/pyodide.js").rsplit("/", 1)[0] + "/"
    collecting = spec.family == "kap"
    clicks = (
        "Click a move, or a tile of your hand (to discard it) or of the table (to take it), or type any move."
        if collecting
        else "Click a move, or type any move (`lay 6-4 left`, `take pair right`, `pass`)."
    )
    example = "discard 6-4" if collecting else "lay 6-4 left"
    return f"""---
title: Play {name}
---

# Play {name}

<link rel="stylesheet" href="{rel(page_src, "assets/play.css")}">

You hold seat 0; the greedy bot plays the other seats. {SEATS_NOTE} The game is the kit's own
reference engine, running in your browser: the moves offered are its legal
moves, and a move it does not allow is refused with the rule it breaks. {clicks}
[How to play]({howto}) · [Rule reference]({rel(page_src, f"{spec.id}/rules.md")})

<div id="gupai-play" class="gupai-play" data-game="{spec.id}" data-runtime="{base}"
  data-kit="{rel(page_src, "assets/play/gupai-kit.zip")}" data-tiles="{rel(page_src, "assets/tiles")}/"
  data-rules="{rules}" data-viewer="{rel(page_src, "viewer.md").replace(".md", ".html")}">
<p class="play-controls">
<label>Rules <select id="play-preset">{presets}</select></label>
<label>Seed <input id="play-seed" type="number" min="0" value="1"></label>
<button id="play-new" class="md-button">New deal</button>
<button id="play-undo" class="md-button" disabled>Undo</button>
<button id="play-hint" class="md-button" disabled>Hint</button>
<a id="play-download" class="md-button" download="gupai-game.json" href="#">Download the log</a>
<a id="play-viewer" class="md-button" href="#">Open in the log viewer</a>
</p>
<p id="play-status" class="play-status" role="status">Loading the engine (Python in your browser, about 13 MB
the first time)…</p>
<div id="play-board" class="play-board"></div>
<div id="play-refusal" class="play-refusal" role="alert" hidden></div>
<div id="play-moves" class="play-moves"></div>
<p class="play-type"><label>Type a move <input id="play-text" type="text" autocomplete="off"
  placeholder="{example}"></label> <button id="play-send" class="md-button">Play it</button></p>
<div id="play-end" class="play-end" hidden></div>
</div>

<noscript>The page needs JavaScript. Play it in a terminal instead:</noscript>

In a terminal, against the same engine:

{terminal}

<script src="{base}pyodide.js"></script>
<script src="{rel(page_src, "assets/play.js")}"></script>
"""
