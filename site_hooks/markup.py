"""A strict check of the built pages' HTML: every tag closed, in order, and nothing a browser would re-nest.

Markdown passes raw HTML through as it finds it, so a generator that writes a
multi-line block into an indented admonition can leave ``<p>`` elements inside
a ``<pre>`` and close a ``<details>`` early; browsers repair such markup
silently and the page falls apart (a title one letter per line). This check
reads every page as written and names the first tags out of place.

>>> check_html('<div><p>one</p><pre><code>a\\nb</code></pre></div>')
[]
>>> check_html('<details><p>a</details></p>')
['line 1: </details> closes <p> (opened on line 1)', 'line 1: </p> closes nothing open']
>>> check_html('<p>a <div>b</div></p>')
['line 1: <div> inside <p> (opened on line 1): a browser ends the paragraph there']
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

__all__ = ["check_html", "check_site_markup"]

#: Elements without an end tag.
VOID = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()  # noqa: SIM905
)
#: Elements that end a paragraph when they start (the HTML parsing rules' "close a p element").
BLOCKS = frozenset(
    "address article aside blockquote details dialog div dl fieldset figcaption figure footer form "  # noqa: SIM905
    "h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section summary table ul".split()
)
#: The first problems reported per page.
LIMIT = 5


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, int]] = []
        self.problems: list[str] = []
        self.foreign = 0  # inside <svg> or <math>, where self-closing tags are fine

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        if tag in VOID:
            return
        if self.foreign == 0 and tag in BLOCKS and self.stack and self.stack[-1][0] == "p":
            self.problems.append(
                f"line {line}: <{tag}> inside <p> (opened on line {self.stack[-1][1]}): a browser ends the paragraph there"
            )
        if tag in ("svg", "math"):
            self.foreign += 1
        self.stack.append((tag, line))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID and self.foreign == 0:
            self.problems.append(f"line {self.getpos()[0]}: <{tag}/> is not a void element; HTML ignores the slash")

    def handle_endtag(self, tag: str) -> None:
        line = self.getpos()[0]
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"line {line}: </{tag}> closes nothing open")
            return
        top, opened = self.stack[-1]
        if top == tag:
            self.stack.pop()
            if tag in ("svg", "math"):
                self.foreign -= 1
            return
        if any(open_tag == tag for open_tag, _ in self.stack):
            self.problems.append(f"line {line}: </{tag}> closes <{top}> (opened on line {opened})")
            while self.stack and self.stack[-1][0] != tag:
                self.stack.pop()
            self.stack.pop()
        else:
            self.problems.append(f"line {line}: </{tag}> closes nothing open")


def check_html(text: str) -> list[str]:
    """The tags out of place in one HTML document (an empty list when it is well formed)."""
    checker = _Checker()
    checker.feed(text)
    checker.close()
    problems = checker.problems
    problems += [f"line {line}: <{tag}> is never closed" for tag, line in checker.stack if tag not in ("html", "body")]
    return problems


def check_site_markup(site_dir: Path) -> list[str]:
    """The first problems of every built page with tags out of place, one entry a problem."""
    found = []
    for page in sorted(site_dir.rglob("*.html")):
        problems = check_html(page.read_text(encoding="utf-8"))
        name = page.relative_to(site_dir).as_posix()
        found += [f"{name}: {p}" for p in problems[:LIMIT]]
        if len(problems) > LIMIT:
            found.append(f"{name}: ... and {len(problems) - LIMIT} more")
    return found
