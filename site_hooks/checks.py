"""Checks that fail the site build: spec entries without text, dangling references,
spec entries with no anchor on the site, broken links, external requests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import yaml

from gupai.core.spec import GameSpec, Source
from gupai.core.tiles import kinds

__all__ = ["check_links", "check_no_external_requests", "check_spec_texts", "ids_in_html"]

STATUSES = ("executable", "pending", "retired")

_ID = re.compile(r"""\sid=["']([^"']+)["']""")
_REF = re.compile(r"""<(a|img|link|script|source|iframe)\b[^>]*?\s(href|src)=["']([^"']*)["']""", re.IGNORECASE)
_EXTERNAL = (
    re.compile(r"""<script\b[^>]*\ssrc=["']\s*(?:https?:)?//""", re.IGNORECASE),
    re.compile(r"""<(?:img|iframe|source|video|audio)\b[^>]*\ssrc=["']\s*(?:https?:)?//""", re.IGNORECASE),
    re.compile(r"""@import\s+(?:url\()?["']?\s*(?:https?:)?//""", re.IGNORECASE),
    re.compile(r"""url\(\s*["']?\s*(?:https?:)?//""", re.IGNORECASE),
    re.compile(r"""fonts\.(?:googleapis|gstatic)\.com""", re.IGNORECASE),
)


def _blank(value: object) -> bool:
    return value is None or not str(value).strip()


def check_spec_texts(specs: Iterable[GameSpec], known_sources: Mapping[str, Source]) -> list[str]:
    """Every problem that keeps a spec entry from its place on the site, as readable lines.

    Reads both the loaded specs (what the engine reads) and the raw YAML (so
    that an empty ``text:``, which the loader would turn into ``"None"``, is
    caught).
    """
    problems: list[str] = []
    for key, source in known_sources.items():
        if _blank(source.citation) or _blank(source.title):
            problems.append(f"sources.yaml: source {key} has no title or citation")
    for kind in kinds():
        for field in ("english", "cantonese", "chinese"):
            if _blank(getattr(kind, field)):
                problems.append(f"tiles.yaml: kind {kind.face} has no {field}")
    for spec in specs:
        where = f"games/{spec.id}.yaml"
        raw: dict[str, Any] = yaml.safe_load(spec.path.read_text(encoding="utf-8"))
        if _blank(spec.summary) or _blank(raw.get("summary")):
            problems.append(f"{where}: the game has no summary")
        option_keys = {o.key for o in spec.options}
        for entry in raw.get("rules", ()):
            for field in ("title", "text"):
                if _blank(entry.get(field)):
                    problems.append(f"{where}: rule {entry.get('id')} has no {field}")
        seen: set[str] = set()
        for rule in spec.rules:
            if rule.id in seen:
                problems.append(f"{where}: rule id {rule.id} appears twice")
            seen.add(rule.id)
            if rule.status not in STATUSES:
                problems.append(f"{where}: rule {rule.id} has unknown status {rule.status!r}")
            for key in rule.sources:
                if key not in known_sources:
                    problems.append(f"{where}: rule {rule.id} cites unknown source {key!r}")
            for key in rule.options:
                if key not in option_keys:
                    problems.append(f"{where}: rule {rule.id} names unknown option {key!r}")
            if rule.quote is not None:
                if rule.quote[0] not in known_sources:
                    problems.append(f"{where}: rule {rule.id} quotes unknown source {rule.quote[0]!r}")
                if _blank(rule.quote[1]):
                    problems.append(f"{where}: rule {rule.id} has an empty quote")
        for key, entry in (raw.get("options") or {}).items():
            for field in ("title", "question", "justification"):
                if _blank(entry.get(field)):
                    problems.append(f"{where}: option {key} has no {field}")
            for value, text in (entry.get("values") or {}).items():
                if _blank(text):
                    problems.append(f"{where}: value {value} of option {key} has no text")
        for option in spec.options:
            if option.default not in option.values:
                problems.append(f"{where}: option {option.key} defaults to unknown value {option.default!r}")
            for position in option.positions:
                if position.source not in known_sources:
                    problems.append(f"{where}: option {option.key} quotes unknown source {position.source!r}")
                if position.reading is not None and position.reading not in option.values:
                    problems.append(
                        f"{where}: option {option.key}: {position.source} reads unknown value {position.reading!r}"
                    )
                if _blank(position.says):
                    problems.append(f"{where}: option {option.key}: what {position.source} says is empty")
        for entry_name, entry in (raw.get("presets") or {}).items():
            for field in ("title", "text"):
                if _blank(entry.get(field)):
                    problems.append(f"{where}: preset {entry_name} has no {field}")
        for preset in spec.presets:
            values = preset.as_dict()
            missing = sorted(option_keys - values.keys())
            extra = sorted(values.keys() - option_keys)
            if missing:
                problems.append(f"{where}: preset {preset.name} fixes no value for {', '.join(missing)}")
            if extra:
                problems.append(f"{where}: preset {preset.name} sets unknown options {', '.join(extra)}")
            for key, value in values.items():
                if key in option_keys and value not in spec.option(key).values:
                    problems.append(f"{where}: preset {preset.name} sets {key} to unknown value {value!r}")
            for alias_source, _name in preset.aliases:
                if alias_source not in known_sources:
                    problems.append(f"{where}: preset {preset.name} has an alias from unknown source {alias_source!r}")
            for key in preset.sources:
                if key not in known_sources:
                    problems.append(f"{where}: preset {preset.name} cites unknown source {key!r}")
        problems += _program_names(where, raw)
    return problems


#: A name from a program's source (``continueAfterDominoesEnd``, ``KapShap.runSimulation``, ``getPoints()``):
#: the spec's texts are shown to players, so they say in words what a program does.
_PROGRAM_NAME = re.compile(r"\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*\.\w+|\b\w+\(\)")


def _texts(node: object, path: str) -> Iterable[tuple[str, str]]:
    """Every string of a raw spec entry with where it sits (``options.take.positions.navpil.says``)."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, Mapping):
        for key, value in node.items():
            yield from _texts(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, f"{path}[{i}]")


def _program_names(where: str, raw: Mapping[str, Any]) -> list[str]:
    """Program names in a game's texts, except a source's own name for one of its rule sets (a preset's alias).

    >>> _program_names("x.yaml", {"presets": {"p": {"text": "navpil's poorPairs", "aliases": [{"name": "poorPairs"}]}}})
    []
    >>> _program_names("x.yaml", {"rules": [{"id": "r", "text": "the flag continueAfterDominoesEnd"}]})
    ["x.yaml: rules[0].text names 'continueAfterDominoesEnd', a program's name: say in words what it does"]
    """
    aliases = {str(a.get("name")) for p in (raw.get("presets") or {}).values() for a in p.get("aliases") or ()}
    problems = []
    for path, text in _texts({k: raw[k] for k in ("summary", "rules", "options", "presets") if k in raw}, ""):
        if path.endswith((".id", ".name")):
            continue
        for name in dict.fromkeys(_PROGRAM_NAME.findall(text)):
            if name not in aliases:
                problems.append(f"{where}: {path} names {name!r}, a program's name: say in words what it does")
    return problems


def ids_in_html(text: str) -> set[str]:
    """Every ``id`` attribute in an HTML text."""
    return set(_ID.findall(text))


def _viewer_link_problems(site_dir: Path, where: str, ref: str, query: str, fragment: str) -> list[str]:
    """A link into the log viewer must name a log of its corpus (``?log=ID``) and an event (``#event=N``) in it."""
    names = [unquote(v) for k, _, v in (p.partition("=") for p in query.split("&")) if k == "log"]
    if len(names) != 1:
        return [f"{where}: link {ref!r} into the viewer names no log (?log=ID)"]
    log = site_dir / "assets" / "viewer" / "corpus" / f"{names[0]}.json"
    if ".." in names[0] or not log.is_file():
        return [f"{where}: link {ref!r} names no log of the viewer's corpus"]
    if not fragment:
        return []
    event = re.fullmatch(r"event=(\d+)", fragment)
    if event is None:
        return [f"{where}: link {ref!r} names no event of the viewer (#event=N)"]
    events = len(json.loads(log.read_text(encoding="utf-8")).get("events", ()))
    if int(event.group(1)) > events:
        return [f"{where}: link {ref!r} names event {event.group(1)} of a log of {events} events"]
    return []


def check_links(site_dir: Path) -> list[str]:
    """Every relative link or picture in the built site whose file or anchor is missing."""
    pages = {p: p.read_text(encoding="utf-8") for p in site_dir.rglob("*.html")}
    ids: dict[Path, set[str]] = {p: ids_in_html(t) for p, t in pages.items()}
    problems = []
    for page, text in pages.items():
        for _tag, _attr, ref in _REF.findall(text):
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc or ref.startswith(("mailto:", "javascript:", "data:")):
                continue
            if not parts.path:
                target = page
            elif parts.path.startswith("/"):
                target = (site_dir / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            where = page.relative_to(site_dir).as_posix()
            if not target.exists():
                problems.append(f"{where}: broken link {ref!r}")
                continue
            fragment = unquote(parts.fragment)
            if target.name == "viewer.html" and (parts.query or fragment.startswith("event=")):
                problems += _viewer_link_problems(site_dir, where, ref, parts.query, fragment)
                continue
            if fragment and target.suffix == ".html":
                target_ids = ids.get(target)
                if target_ids is None:
                    target_ids = ids_in_html(target.read_text(encoding="utf-8"))
                if fragment not in target_ids and fragment != "__skip":
                    problems.append(f"{where}: link {ref!r} names a missing anchor")
    return problems


_LINK = re.compile(r"<link\b[^>]*>", re.IGNORECASE)
_LINK_HREF = re.compile(r"""\shref=["']\s*(?:https?:)?//""", re.IGNORECASE)
_LINK_REL = re.compile(r"""\srel=["']([^"']*)["']""", re.IGNORECASE)
#: <link> relations a browser does not fetch when it shows the page.
_NOT_FETCHED = frozenset({"canonical", "alternate", "author", "license", "next", "prev", "search", "me"})


def _external_request(text: str) -> str | None:
    """The first thing in a page or stylesheet that a browser would fetch from another host."""
    for tag in _LINK.findall(text):
        rel_match = _LINK_REL.search(tag)
        relations = set(rel_match.group(1).lower().split()) if rel_match else set()
        if _LINK_HREF.search(tag) and not (relations and relations <= _NOT_FETCHED):
            return str(tag)
    for pattern in _EXTERNAL:
        match = pattern.search(text)
        if match:
            return match.group(0)
    return None


def check_no_external_requests(site_dir: Path) -> list[str]:
    """Every page or stylesheet of the built site that would make a browser fetch from another host."""
    problems = []
    for file in sorted([*site_dir.rglob("*.html"), *site_dir.rglob("*.css")]):
        found = _external_request(file.read_text(encoding="utf-8", errors="replace"))
        if found is not None:
            problems.append(f"{file.relative_to(site_dir).as_posix()}: external request {found!r}")
    return problems
