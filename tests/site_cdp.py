"""One headless Chromium driven over the DevTools protocol on a pipe, for the site's browser tests.

``chromium --remote-debugging-pipe`` reads protocol commands from file
descriptor 3 and writes its answers and events to descriptor 4, each message
JSON ended by a NUL byte: no websocket, no package beyond the standard
library. One browser and one page serve every check, so screenshotting every
page of the site at two widths costs seconds, not a process per page.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

#: Seconds one protocol command (a page load included) may take.
COMMAND_TIMEOUT = 60.0


def _high(fd: int) -> int:
    """``fd`` moved to a number above 4 (closing the original)."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class BrowserError(RuntimeError):
    """Chromium answered a command with an error, died, or did not answer in time."""


class Browser:
    """A headless Chromium with one open page (``session``)."""

    def __init__(self, executable: str, *, extra_args: tuple[str, ...] = ()) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="gupai-chromium-")
        # Kept above 4, so that moving them onto 3 and 4 in the child cannot clobber one another.
        to_child_r, self._to_child = (_high(fd) for fd in os.pipe())
        self._from_child, from_child_w = (_high(fd) for fd in os.pipe())
        # The child needs our read end of "to child" as its fd 3 and the write end of "from child" as fd 4.
        command = [
            executable,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
            # Nothing but the local server resolves: a request to another host fails.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            f"--user-data-dir={self._profile.name}",
            *extra_args,
            "about:blank",
        ]

        def remap() -> None:  # runs in the child between fork and exec
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self._process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=remap,
            close_fds=False,  # the originals close on exec; the copies on 3 and 4 stay
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            self.call(f"{domain}.enable", session=True)
        self.console_errors: list[str] = []

    # ----------------------------------------------------------------- wire
    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("Chromium did not answer in time")
            ready, _w, _x = select.select([self._from_child], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed its protocol pipe")
            self._buffer += chunk
        raw, _nul, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(self, method: str, *, session: bool = False, timeout: float = COMMAND_TIMEOUT, **params: Any) -> Any:
        """Send one command and return its result (events that arrive meanwhile go to ``events``)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str, *, timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        """The next event named ``method`` (earlier ones already received count)."""
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[: index + 1]
                return event
        deadline = time.monotonic() + timeout
        while True:
            event = self._read_message(deadline)
            if event.get("method") == method:
                return event
            self.events.append(event)

    # ---------------------------------------------------------------- pages
    def set_width(self, width: int, height: int = 900) -> None:
        """Lay pages out for a window ``width`` CSS pixels wide (a phone at 400)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event and the fonts."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        result = self.call("Page.navigate", session=True, url=url)
        if result.get("errorText"):
            raise BrowserError(f"{url}: {result['errorText']}")
        if result.get("loaderId"):
            self.wait_for("Page.loadEventFired")
        self.evaluate("document.fonts.ready.then(function () { return true; })")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, *, full_page: bool = True) -> None:
        """A PNG of the page (the whole length of it with ``full_page``)."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.evaluate(
                "[document.documentElement.scrollWidth, Math.min(document.documentElement.scrollHeight, 12000)]"
            )
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.call("Page.captureScreenshot", session=True, **params)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close", timeout=10)
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        for fd in (self._to_child, self._from_child):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._profile.cleanup()


#: The names a headless Chromium goes by.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium() -> str:
    """The Chromium to drive: a missing one fails the test under CI (which installs it) and skips it elsewhere."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    message = "chromium is not installed (apt-get install -y chromium); the browser tests of the rules site need it"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def site_pages(site: Path) -> list[str]:
    """Every page of the built ``site`` (its HTML files outside assets/), as paths relative to it, sorted."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if "assets" not in p.parts)


#: The teaching probe (``tests/integration/site_teach_probe.js``): tables wider than their column, text
#: below the contrast a reader needs, labels too small to read.
TEACH_PROBE = (Path(__file__).parent / "integration" / "site_teach_probe.js").read_text(encoding="utf-8")


def legibility_problems(browser: Browser, page: str, *, width: int, scheme: str) -> list[str]:
    """What the teaching probe finds wrong on ``page``, open in ``browser`` at ``width`` in ``scheme``, a line each."""
    found = browser.evaluate(TEACH_PROBE)
    assert found["texts"] > 0 or page == "404.html", page
    return [
        f"{page} at {width} px ({scheme}): {kind}: {what}"
        for kind in ("tables", "contrast", "small")
        for what in found[kind]
    ]


def toggle_palette(browser: Browser, scheme: str) -> None:
    """Switch the open page to ``scheme`` (``default`` or ``slate``) as a reader does, with the header's palette
    toggle (the label of the scheme's own input), and wait until the page shows it. The site remembers the
    choice for the pages opened after, as it does for a reader."""
    shown = browser.evaluate(
        "new Promise(function (done) {"
        f' var input = document.querySelector(\'input[name="__palette"][data-md-color-scheme="{scheme}"]\');'
        " document.querySelector('label[for=\"' + input.id + '\"]').click();"
        " var frames = 0;"
        " (function wait() {"
        "  var now = document.body.getAttribute('data-md-color-scheme');"
        f"  if (now === '{scheme}' || ++frames > 120) done(now); else requestAnimationFrame(wait);"
        " })(); })"
    )
    assert shown == scheme, (scheme, shown)
