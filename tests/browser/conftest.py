"""Playwright driving Debian's Chromium, offline: only this machine is reachable.

Playwright cannot download its own browser here, so it launches the system
Chromium. Without it the browser tests skip, except under CI, where a missing
browser is a failure (CI installs it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from helpers.network import free_port

CHROMIUM = os.environ.get("CARDLAB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# Without the background-networking switches Chromium keeps calling home, and
# this machine's closed network refuses every one of those calls.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# A Voilà page fires "load" only once its notebook has run; on a shared CI machine that
# can take longer than Playwright's 30 s default.
PAGE_LOAD_MS = 120_000


#: The log of each `gallery` server this process started, to show when a test fails.
SERVE_LOGS: list[Path] = []
#: How much of that log a failed test shows.
LOG_LINES = 80


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used the gallery shows the end of the server's log: a page that
    never loads says why only there."""
    report = yield
    if report.failed and "gallery" in getattr(item, "fixturenames", ()):
        for log in SERVE_LOGS:
            tail = log.read_text(errors="replace").splitlines()[-LOG_LINES:]
            report.sections.append((f"cardlab serve log (last {LOG_LINES} lines)",
                                    "\n".join(tail)))
    return report


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.fspath).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


# One browser per test file, not per session: Playwright's sync API keeps an event loop
# running on this thread while it is open, so a later test file in the same process could
# not use asyncio.run (the classroom's polling and listener tests do).
@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}; CI must install it")
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        browser.new_context = _patient(browser.new_context)
        browser.new_page = _patient(browser.new_page)
        yield browser
        browser.close()


def _patient(open_new):
    """`open_new`, whose contexts and pages wait `PAGE_LOAD_MS` for a page to load."""
    def opened(*args, **kwargs):
        made = open_new(*args, **kwargs)
        made.set_default_navigation_timeout(PAGE_LOAD_MS)
        return made
    return opened


@pytest.fixture
def page(browser):
    """A fresh page that may load files and 127.0.0.1 only; anything else is refused."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    outside: list[str] = []

    def local_only(route):
        url = urlparse(route.request.url)
        if url.scheme in ("file", "data", "blob") or url.hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    page = context.new_page()
    page.outside_requests = outside
    yield page
    context.close()


@pytest.fixture
def received(page) -> list[str]:
    """Every websocket frame the page receives from now on, as text (binary frames decoded),
    to check that nothing hidden reaches the browser."""
    frames: list[str] = []

    def listen(socket):
        socket.on("framereceived", lambda frame: frames.append(
            frame if isinstance(frame, str) else frame.decode("utf-8", "replace")))

    page.on("websocket", listen)
    return frames


@pytest.fixture
def screenshot(page):
    """Save a screenshot of the page under build/screenshots/NAME.png, for people to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name: str, target=None) -> Path:
        """`target` is another page, or one element (a locator); the test's page by default."""
        path = SCREENSHOTS / f"{name}.png"
        target = target or page
        if hasattr(target, "goto"):
            target.screenshot(path=str(path), full_page=True)
        else:
            target.screenshot(path=str(path))
        return path

    return take


@pytest.fixture
def axe():
    """A function that runs axe-core on a page and returns its serious and critical
    findings as (rule, impact, targets); an accessible page gives []."""
    from axe_playwright_python.sync_playwright import Axe

    def serious(page) -> list:
        violations = Axe().run(page).response["violations"]
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]])
                for v in violations if v["impact"] in ("serious", "critical")]

    return serious


@pytest.fixture
def axe_all():
    """Like `axe`, but every finding whatever its impact: a page held to "no violation"."""
    from axe_playwright_python.sync_playwright import Axe

    def findings(page) -> list:
        violations = Axe().run(page).response["violations"]
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5])
                for v in violations]

    return findings


@pytest.fixture
def exported(tmp_path):
    """Execute a lesson notebook and export it to HTML; returns the file's URI."""
    def export(name: str) -> str:
        subprocess.run(
            [sys.executable, "-m", "jupyter", "nbconvert", "--to", "cardlab_html", "--execute",
             str(NOTEBOOKS / f"{name}.ipynb"), "--output-dir", str(tmp_path)],
            check=True, capture_output=True, timeout=300,
        )
        return (tmp_path / f"{Path(name).name}.html").as_uri()   # de/NAME: NAME.html

    return export


@pytest.fixture(scope="session")
def gallery(tmp_path_factory):
    """`cardlab serve` running for the whole session; yields its base URL.

    Its output goes to a file: a pipe nobody reads would fill up and stall the server.
    """
    port = free_port()
    path = tmp_path_factory.mktemp("serve") / "serve.log"
    SERVE_LOGS.append(path)
    log = path.open("w+")
    process = subprocess.Popen(
        # Closing a test's browser context does not close its app's kernel the way closing
        # a tab does, so the session's many pages would reach the default cap of 20.
        [sys.executable, "-m", "cardlab.cli", "serve", "--no-browser", f"--port={port}",
         "--max-apps=200"],
        stdout=log, stderr=subprocess.STDOUT, text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None:
                log.seek(0)
                pytest.fail(f"cardlab serve exited: {log.read()}")
            time.sleep(0.3)
    else:
        process.kill()
        pytest.fail("cardlab serve did not start within 90 s")
    yield url
    process.terminate()
    process.wait(timeout=60)
    log.close()
