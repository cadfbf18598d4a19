"""A class opening its seat links at once: a real `cardlab classroom`, pages in Chromium.

`cardlab bench classroom` runs it: the server on a new store with tables of
the apps' default game (the first in their menus that a classroom can seat)
for `students` seats; once its kernels are warm, the teacher's page,
then every seat's page at the same moment, then every seat page reloaded at
the same moment. Measured, never asserted:

- time to interactive (TTI) of each page: from asking for it until the
  student's view is drawn by its kernel (`tti_*`: the first opening,
  `reload_tti_*`: the reload); `seated_*`: until the seat's cards are shown
  (after a reload the seat is free once the old page's lease has run out);
  `*_never`: pages that did not get there within `PATIENCE` seconds;
- `refused`: pages answered "all places are taken";
- `kernels`: kernels running once the reloaded pages are ready and the closed
  pages' kernels are gone (`pages` of them serve a page; the rest are the
  preheated pools), and `closed_gone_s`: how long that took;
- `mb_per_kernel`: the median resident size of the kernels then;
- `stopped`: kernels the server stopped by itself, by reason (a reloaded
  page's old kernel is stopped by its page, and not counted).

Needs Playwright and a Chromium (``CARDLAB_CHROMIUM``, else ``chromium`` on the
PATH, else Playwright's own); the browsers run on the same machine as the
server, as in a test.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardlab.classroom.room import Room, room_link
from cardlab.errors import CardlabError
from cardlab.games import Seated, in_menu_order

#: Seats per table for a class: 6 tables of 4 and 2 of 3 make 30.
CLASS_OF_30 = (4, 4, 4, 4, 4, 4, 3, 3)
#: Pages per browser context (each context is one browser profile's worth of memory).
PAGES_PER_CONTEXT = 3
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
#: Linux's prctl option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1
#: Seconds any one wait may take before the run gives up on it.
PATIENCE = 240
STUDENT_VIEW = ".cardlab-classroom-student"
#: A seat's table widget, drawn (`StudentView` marks it so, whatever the game).
SEATED = ".cardlab-classroom-student .cardlab-classroom-table"


def tables_for(students: int) -> tuple[int, ...]:
    """Seats per table for `students`: tables of 4, the last ones of 3 where needed.

    >>> tables_for(30), tables_for(4), tables_for(5), tables_for(9)
    ((4, 4, 4, 4, 4, 4, 3, 3), (4,), (3, 3), (3, 3, 3))
    """
    if students < 3:
        raise ValueError(f"a table needs at least 3 players, not {students}")
    count = -(-students // 4)
    # Only 5 cannot be made of 3s and 4s: two tables of 3 are the closest.
    threes = min(count * 4 - students, count)
    return (4,) * (count - threes) + (3,) * threes


def burst(students: int = 30, reload: bool = True) -> dict[str, Any]:
    """Open `students` seat pages at once (then reload each) on a new classroom server,
    in Chromium; then the same on another new server without browsers (`without_browsers`:
    the server's share, `cardlab.classroom.page_clients`)."""
    with _class_server(students) as (server, urls, warm_s):
        figures = asyncio.run(_pages(server, urls, reload))
    with _class_server(students) as (server, urls, _):
        without = asyncio.run(_clients(server, urls, reload))
    return {"students": len(urls), "tables": len(tables_for(students)),
            "warm_s": round(warm_s, 1), **figures, "without_browsers": without,
            "cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]}


@contextlib.contextmanager
def _class_server(students: int) -> Iterator[tuple[ClassroomServer, list[str], float]]:
    """A new classroom server with tables of the first seated game for `students`, once its
    kernels are warm: the server, the seat links and the seconds the warming took."""
    tables = tables_for(students)
    with tempfile.TemporaryDirectory(prefix="cardlab-burst-") as folder:
        store = Path(folder) / "class.sqlite"
        room = Room.open(store)
        game = next(entry.name for entry in in_menu_order() if isinstance(entry, Seated))
        ids = [room.create_table(game, {"players": count}, 100 + number,
                                 ["student"] * count) for number, count in enumerate(tables)]
        server = ClassroomServer(store, Path(folder) / "server.log")
        try:
            warm_s = server.wait_warm(sum(tables) + 1)
            urls = [room_link(server.base, token) for table in ids
                    for _, token in sorted(room.seat_tokens(table).items())]
            yield server, urls, warm_s
        except CardlabError:
            raise
        except Exception as err:  # a page that never came: say what the server said meanwhile
            raise RuntimeError(f"{err}\n--- the server's log ---\n"
                               f"{server.log.read_text()[-20_000:]}") from None
        finally:
            server.stop()


class ClassroomServer:
    """`cardlab classroom` on a free port, as a child process writing to `log`."""

    def __init__(self, store: Path, log: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardlab.cli", "classroom", f"--store={store}",
             "--no-browser", f"--port={port}"],
            stdout=log.open("w"), stderr=subprocess.STDOUT, preexec_fn=_stop_with_parent)
        deadline = time.monotonic() + PATIENCE
        while not (found := re.search(r"(http://\S+/)voila/\S+\?token=\S+", log.read_text())):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"cardlab classroom did not start: {log.read_text()}")
            time.sleep(0.3)
        self.teacher_link = found.group()
        self.base = found.group(1)

    def kernels(self) -> dict[str, Any]:
        """The server's own count of kernels, pages and pools (``/cardlab/kernels``)."""
        with urllib.request.urlopen(f"{self.base}cardlab/kernels", timeout=60) as answer:
            return dict(json.load(answer))

    def wait_warm(self, classroom_pool: int) -> float:
        """Seconds until the classroom app's pool holds `classroom_pool` kernels and they
        are done importing (their processes' CPU time stops growing)."""
        start = time.monotonic()
        while self.kernels()["pools"].get("apps/classroom.ipynb", 0) < classroom_pool:
            self._check(start)
            time.sleep(0.5)
        busy = self.kernel_seconds()
        while True:
            self._check(start)
            time.sleep(1.0)
            now = self.kernel_seconds()
            if now - busy < 0.2:
                return time.monotonic() - start
            busy = now

    def _check(self, start: float) -> None:
        if self.process.poll() is not None or time.monotonic() - start > PATIENCE:
            raise RuntimeError(f"the kernels did not warm up: {self.log.read_text()[-2000:]}")

    def kernel_processes(self) -> list[Any]:
        """The server's kernel processes (their command line names ipykernel)."""
        import psutil

        found = []
        for child in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    found.append(child)
        return found

    def kernel_seconds(self) -> float:
        """CPU seconds the kernels have used so far."""
        import psutil

        total = 0.0
        for process in self.kernel_processes():
            with contextlib.suppress(psutil.Error):
                times = process.cpu_times()
                total += times.user + times.system
        return total

    def cpu_seconds(self) -> dict[str, float]:
        """CPU seconds used so far by the server's own process and by its kernels."""
        import psutil

        times = psutil.Process(self.process.pid).cpu_times()
        return {"server": times.user + times.system, "kernels": self.kernel_seconds()}

    def memory(self) -> dict[str, Any]:
        """Kernel processes, their median and largest resident size, and the server's, in MB."""
        import psutil

        sizes = []
        for process in self.kernel_processes():
            with contextlib.suppress(psutil.Error):
                sizes.append(process.memory_info().rss / 2**20)
        server = psutil.Process(self.process.pid).memory_info().rss / 2**20
        return {"kernel_processes": len(sizes),
                "mb_per_kernel": round(statistics.median(sizes), 1) if sizes else None,
                "kernel_mb_max": round(max(sizes), 1) if sizes else None,
                "server_mb": round(server, 1)}

    def stopped(self) -> dict[str, int]:
        """How many kernels the server stopped by itself, by the reason it logged
        (`cardlab.serve.kernels.PageKernels`)."""
        reasons = re.findall(r"Stopping kernel \S+: (.+)", self.log.read_text())
        return {reason: reasons.count(reason) for reason in sorted(set(reasons))}

    def stop(self) -> None:
        """Stop the server (it stops its kernels); kill it if it does not stop."""
        self.process.terminate()
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _stop_with_parent() -> None:
    """In the server's process, before it starts: on Linux, have the system stop it
    when the benchmark's process dies (a killed test run leaves no class behind)."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def chromium() -> str | None:
    """The Chromium to drive: ``CARDLAB_CHROMIUM``, else the system's, else None
    (Playwright's own)."""
    return (os.environ.get("CARDLAB_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser"))


async def open_page(page: Any, url: str, ready: str, start: float) -> tuple[float | None, int]:
    """Open `url`; seconds from `start` until `ready` is visible (None: not within
    `PATIENCE`), and the HTTP status."""
    response = await page.goto(url, wait_until="commit", timeout=PATIENCE * 1000)
    status = response.status if response is not None else 0
    return await _ready(page, ready, start) if status == 200 else None, status


async def reload_page(page: Any, start: float) -> tuple[float | None, int]:
    """Reload the page; seconds from `start` until its student view is drawn again."""
    response = await page.reload(wait_until="commit", timeout=PATIENCE * 1000)
    status = response.status if response is not None else 0
    return await _ready(page, STUDENT_VIEW, start) if status == 200 else None, status


async def _ready(page: Any, ready: str, start: float) -> float | None:
    """Seconds from `start` until `ready` is visible on `page`; None if not in `PATIENCE`."""
    from playwright.async_api import TimeoutError as PageTimeout

    try:
        await page.locator(ready).first.wait_for(timeout=PATIENCE * 1000)
    except PageTimeout:
        return None
    return time.perf_counter() - start


async def _pages(server: ClassroomServer, urls: list[str], reload: bool) -> dict[str, Any]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        raise CardlabError("classroom.cli.bench_no_playwright") from None
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium(),
                                                   args=CHROMIUM_ARGS)
        try:
            return await _class(browser, server, urls, reload)
        finally:
            await browser.close()


async def _class(browser: Any, server: ClassroomServer, urls: list[str],
                 reload: bool) -> dict[str, Any]:
    teacher = await (await browser.new_context()).new_page()
    teacher_s, _ = await open_page(teacher, server.teacher_link, "text=New table",
                                   time.perf_counter())
    contexts = [await browser.new_context()
                for _ in range(-(-len(urls) // PAGES_PER_CONTEXT))]
    pages = [await contexts[number // PAGES_PER_CONTEXT].new_page()
             for number in range(len(urls))]
    before = {**server.cpu_seconds(), "browsers": _browser_seconds(server)}
    start = time.perf_counter()
    opened = await asyncio.gather(*(open_page(page, url, STUDENT_VIEW, start)
                                    for page, url in zip(pages, urls, strict=True)))
    sat = await asyncio.gather(*(_ready(page, SEATED, start) for page in pages))
    after = {**server.cpu_seconds(), "browsers": _browser_seconds(server)}
    figures: dict[str, Any] = {"teacher_tti_s": _round(teacher_s),
                               "cpu_s": _used(before, after),
                               **_spread("tti", [s for s, _ in opened]),
                               **_spread("seated", sat),
                               "refused": sum(status != 200 for _, status in opened),
                               "at_ready": {**server.kernels(), **server.memory()}}
    if reload:
        start = time.perf_counter()
        again = await asyncio.gather(*(reload_page(page, start) for page in pages))
        sat_again = await asyncio.gather(*(_ready(page, SEATED, start) for page in pages))
        figures.update(_spread("reload_tti", [s for s, _ in again]))
        figures.update(_spread("reload_seated", sat_again))
        figures["refused"] += sum(status != 200 for _, status in again)
    open_pages = len(pages) + 1
    waited = time.perf_counter()
    while (counts := server.kernels())["pages"] > open_pages:
        if time.perf_counter() - waited > PATIENCE:
            break
        await asyncio.sleep(0.5)
    figures["closed_gone_s"] = round(time.perf_counter() - waited, 1)
    memory = server.memory()
    figures.update(kernels=counts["kernels"], pages=counts["pages"],
                   pool_kernels=sum(counts["pools"].values()), **memory,
                   stopped=server.stopped())
    return figures


async def _clients(server: ClassroomServer, urls: list[str], reload: bool) -> dict[str, Any]:
    """The burst without browsers: every seat page's requests at once (`PageClient`),
    then every page left and asked for again, as a reload does."""
    from tornado.httpclient import AsyncHTTPClient

    from cardlab.classroom.page_clients import PageClient

    AsyncHTTPClient.configure(None, max_clients=2 * len(urls))  # Tornado's default queues at 10
    pages = [PageClient(url, server.base) for url in urls]

    async def open_all() -> dict[str, Any]:
        before = server.cpu_seconds()
        start = time.perf_counter()
        opened = await asyncio.gather(*(page.open(start, PATIENCE) for page in pages),
                                      return_exceptions=True)
        times = [(None, None) if isinstance(got, BaseException) else got for got in opened]
        return {**_spread("page", [page for page, _ in times]),
                **_spread("ready", [ready for _, ready in times]),
                "cpu_s": _used(before, server.cpu_seconds())}

    figures = await open_all()
    figures["widgets"] = min(page.widgets for page in pages)
    if reload:
        await asyncio.gather(*(page.leave() for page in pages))
        figures["reload"] = await open_all()
    await asyncio.gather(*(page.leave() for page in pages))
    return figures


def _browser_seconds(server: ClassroomServer) -> float:
    """CPU seconds used so far by this process's children that are not the server's:
    Playwright's driver and the browsers it started."""
    import psutil

    theirs = {server.process.pid} | {child.pid for child in
                                     psutil.Process(server.process.pid).children(recursive=True)}
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        if child.pid not in theirs:
            with contextlib.suppress(psutil.Error):
                times = child.cpu_times()
                total += times.user + times.system
    return total


def _used(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """CPU seconds used between two readings, by part.

    >>> _used({"server": 1.0, "kernels": 2.0}, {"server": 1.5, "kernels": 4.25})
    {'server': 0.5, 'kernels': 2.2}
    """
    return {part: round(after[part] - before[part], 1) for part in before}


def _spread(name: str, seconds: list[float | None]) -> dict[str, float | int | None]:
    """p50, p95 and the last of `seconds`, as `name`_p50_s, ..., and how many never
    came (None) as `name`_never.

    >>> _spread("tti", [1.0, 2.0, 3.0, 4.0, None])
    {'tti_p50_s': 2.5, 'tti_p95_s': 3.85, 'tti_max_s': 4.0, 'tti_never': 1}
    """
    ordered = sorted(s for s in seconds if s is not None)
    if not ordered:
        return {f"{name}_p50_s": None, f"{name}_p95_s": None, f"{name}_max_s": None,
                f"{name}_never": len(seconds)}
    return {f"{name}_p50_s": round(statistics.median(ordered), 2),
            f"{name}_p95_s": round(_percentile(ordered, 95), 2),
            f"{name}_max_s": round(ordered[-1], 2), f"{name}_never": len(seconds) - len(ordered)}


def _round(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 2)


def _percentile(ordered: list[float], percent: float) -> float:
    """The `percent`-th percentile of sorted values, interpolated between neighbours."""
    at = (len(ordered) - 1) * percent / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)
