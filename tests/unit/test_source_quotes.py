"""Every quotation in spec/ is found in its source (issue 38).

A rule's ``quote`` and every fragment between double quotes in an option
position's ``says`` must be found in the text of the source it is filed
under: the source's file(s) in ``../shared/sources`` (the ``file`` of
``spec/sources.yaml``), Culin's facts in the sources README for ``culin``,
the README's "Other readings found" for the sources held only as notes
(spieltdomino, the pagat Tsung Shap pages, navpil). A ``says`` may quote
another source it names ("as pagat quotes him"): that source's text counts
too. Every other quoted fragment of spec/ (rule texts, justifications, preset
texts, questions) must be found in some held source text. Fragments are
split at "...", and compared lower-cased, with runs of white space, quote
marks, dashes and accents made alike.

The folder ``../shared/sources`` lies beside the project (CI checks it out
there); without it the test is skipped, saying so.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT.parent / "shared" / "sources"
SPEC = ROOT / "spec"
#: The names a ``says`` may use for another source it quotes through.
NAMED = {"culin": "culin", "celko": "celko", "pagat": "pagat", "crook": "crook", "gupai site": "gupai-site"}

pytestmark = pytest.mark.skipif(
    not (SOURCES / "README.md").is_file(), reason=f"the rule sources are not checked out at {SOURCES}"
)


def norm(text: str) -> str:
    """Text made comparable: no accents, one kind of quote and dash, single spaces, lower case.

    >>> norm("The piece 2\u20114 is   “only” counted as 3 — in K'ap Tái Shap")
    "the piece 2-4 is 'only' counted as 3 - in k'ap tai shap"
    """
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = re.sub("[\u2010\u2011\u2012\u2013\u2014]", "-", text)
    text = re.sub("[\u2018\u2019\u201c\u201d`\"']", "'", text)
    return " ".join(text.split()).lower()


def fragments(quoted: str) -> list[str]:
    """The pieces of a quotation between its ellipses, without the punctuation at their edges.

    >>> fragments("piled face down ... in a stack 4 pieces high, ")
    ['piled face down', 'in a stack 4 pieces high']
    """
    parts = (p.strip(" .,;:") for p in re.split(r"\s*(?:\.\.\.|\u2026)\s*", quoted))
    return [p for p in parts if len(p) >= 3]


def quoted(text: str) -> list[str]:
    """The fragments a text puts between double quotes."""
    return [f for q in re.findall(r'"([^"]+)"', text) for f in fragments(q)]


def _readme_parts() -> tuple[str, str]:
    readme = (SOURCES / "README.md").read_text(encoding="utf-8")
    culin = readme[readme.index("## Facts from the primary source") : readme.index("## Reading Culin himself")]
    return culin, readme[readme.index("## Other readings found") :]


def source_texts() -> dict[str, str]:
    """Each source key's held text, normalised."""
    culin, other = _readme_parts()
    texts = {}
    for entry in yaml.safe_load((SPEC / "sources.yaml").read_text(encoding="utf-8"))["sources"]:
        files = entry.get("file")
        if files:
            names = [files] if isinstance(files, str) else files
            texts[entry["key"]] = norm(" ".join((SOURCES / n).read_text(encoding="utf-8") for n in names))
        else:
            texts[entry["key"]] = norm(culin if entry["key"] == "culin" else other)
    return texts


def _filed() -> Iterator[tuple[str, str, str, str]]:
    """(where, source, fragment, the text around it) of every quote filed under a source."""
    for path in sorted((SPEC / "games").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for rule in doc["rules"]:
            if "quote" in rule:
                for f in fragments(rule["quote"]["text"]):
                    yield f"{path.name} {rule['id']} quote", rule["quote"]["source"], f, ""
        for key, option in doc["options"].items():
            for source, position in option["positions"].items():
                for f in quoted(position["says"]):
                    yield f"{path.name} {key} {source}", source, f, position["says"]


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


def unfound_filed(texts: dict[str, str]) -> list[str]:
    wrong = []
    for where, source, fragment, says in _filed():
        allowed = [texts[source]] + [texts[k] for name, k in NAMED.items() if k != source and name in says.lower()]
        if not any(norm(fragment) in t for t in allowed):
            wrong.append(f"{where}: {fragment!r}")
    return wrong


def test_every_quote_and_says_is_found_in_its_source() -> None:
    assert unfound_filed(source_texts()) == []


def test_every_quotation_in_spec_is_found_in_a_source() -> None:
    everything = " ".join(source_texts().values())
    wrong = [
        f"{path.name}: {fragment!r}"
        for path in [*sorted((SPEC / "games").glob("*.yaml")), SPEC / "questions.yaml"]
        for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8")))
        for fragment in quoted(text)
        if norm(fragment) not in everything
    ]
    assert wrong == []


def test_a_misquotation_is_caught() -> None:
    """The check can fail: a word changed in Culin's quote, or a quote filed under the wrong source."""
    texts = source_texts()
    culin = texts["culin"]
    assert norm("they count 10 for each spot on them") in culin
    assert norm("they count 20 for each spot on them") not in culin
    assert norm("This is why he was dealt one more tile") in texts["celko"]
    assert norm("This is why he was dealt one more tile") not in texts["crook"]
    assert len(list(_filed())) > 30


#: The hand-written pages that teach or tell the history: every quotation on them is a source's.
TEACHING_PAGES = ["index.md", "games.md", "history.md", "kap-shap/index.md", "kap-tai-shap/index.md"]
TEACHING_PAGES += ["tsung-shap/index.md", "tsung-shap/four-tile.md"]


@pytest.mark.parametrize("page", TEACHING_PAGES)
def test_every_quotation_on_a_teaching_page_is_found_in_a_source(page: str) -> None:
    everything = " ".join(source_texts().values())
    text = re.sub(r"```.*?```", "", (ROOT / "docs" / page).read_text(encoding="utf-8"), flags=re.S)
    assert [f for f in quoted(text) if norm(f) not in everything] == []


def test_the_teaching_pages_quote_their_sources() -> None:
    """The check above has something to check: the history and Tsung Shap pages quote their sources."""
    for page, least in (("history.md", 5), ("tsung-shap/index.md", 2), ("tsung-shap/four-tile.md", 1)):
        assert len(quoted((ROOT / "docs" / page).read_text(encoding="utf-8"))) >= least, page
