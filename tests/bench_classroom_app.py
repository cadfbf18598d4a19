"""A classroom in Voilà on one machine: 30 students and a teacher, each page its own kernel.

Not a test (pytest does not collect it): run it by hand, ideally on a quiet machine.

    python tests/bench_classroom_app.py [--moves 24]

It starts `cardlab classroom` on a new SQLite store, makes 8 Five Sons tables
(6 of 4 students, 2 of 3: 30 student seats, fixed seeds), opens the teacher's
page and the 30 seat links in one Chromium (a browser context each, all at
once), and measures, without asserting anything:
- ready: from the teacher's page request until it shows its "New table" form,
  and until the 30 student pages, opened together after it, show their tables;
- memory: the resident size of every kernel (the server's child processes
  running ipykernel) and of the server itself, in MB;
- latency: a student moves by their page's controls, table after table; the
  time from that click until another student's page at the table shows the
  move in its log (`next_seat`), and until every other page there does
  (`all_seats`). Both pages time it themselves (wall clock, one machine), so
  Playwright's own waiting is not counted; most of it is the kernels' 300 ms
  polling of the store.
Prints JSON with the figures, the CPU count and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from pathlib import Path

from cardlab.classroom.room import Room, room_link
from cardlab.fivesons.actions import Kind

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: Students per table: 6 x 4 + 2 x 3 = 30 seats at 8 tables.
TABLES = (4, 4, 4, 4, 4, 4, 3, 3)
LOG = ".cardlab-log li"
READY_SECONDS = 600
# Installed in every other page at the mover's table before the move: the time at which
# its log first grows (wall clock in ms, comparable between the pages of one machine).
WATCH = """n => {
    window.benchSeen = null;
    const observer = new MutationObserver(() => {
        if (document.querySelectorAll(".cardlab-log li").length > n) {
            window.benchSeen = performance.timeOrigin + performance.now();
            observer.disconnect();
        }
    });
    observer.observe(document.body, {childList: true, subtree: true});
}"""
# Installed in the mover's page just before its last click: the time of that click.
CLICK = """() => {
    window.benchClick = null;
    document.addEventListener("click", () => {
        window.benchClick = performance.timeOrigin + performance.now();
    }, {capture: true, once: true});
}"""


def serve(store: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """`cardlab classroom` on a free port; returns it and the teacher's link it printed."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlab.cli", "classroom", f"--store={store}", "--no-browser",
         f"--port={port}"], stdout=log.open("w"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 180
    while True:
        found = re.search(r"http://\S+\?token=\S+", log.read_text())
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            if found:
                return process, found.group()
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"cardlab classroom did not start: {log.read_text()}")
        time.sleep(0.3)


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rpartition(")")[2].split()[1])
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def rss_mb(pid: int) -> float | None:
    """A process's resident size in MB (VmRSS), or None once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def kernels(server: int) -> list[int]:
    """The server's kernel processes (command line naming ipykernel)."""
    found = []
    for pid in descendants(server):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"ipykernel" in command:
            found.append(pid)
    return found


def memory(server: int) -> dict[str, object]:
    """Median and largest kernel, and the server, in MB."""
    sizes = [size for size in map(rss_mb, kernels(server)) if size is not None]
    own = rss_mb(server)
    return {"kernels": len(sizes),
            "kernel_mb_median": round(statistics.median(sizes), 1) if sizes else None,
            "kernel_mb_max": round(max(sizes), 1) if sizes else None,
            "kernel_mb_total": round(sum(sizes)), "server_mb": own and round(own, 1)}


async def open_page(page, url: str, teacher: bool, start: float) -> float:
    """Open `url` and wait until it shows the teacher's form or the student's table;
    seconds since `start`."""
    await page.goto(url, wait_until="commit", timeout=READY_SECONDS * 1000)
    ready = (page.get_by_role("heading", name="New table") if teacher
             else page.locator(".cardlab-fivesons"))
    await ready.wait_for(timeout=READY_SECONDS * 1000)
    return time.perf_counter() - start


async def student_decision(room: Room, table: str):
    """The table's next decision (every seat is a student's)."""
    for _ in range(600):
        decisions = room.shared(table).table.game.decisions
        if decisions:
            return decisions[0]
        await asyncio.sleep(0.1)
    raise RuntimeError(f"no decision came at table {table}")


async def move(room: Room, table: str, pages: list) -> dict[str, float] | None:
    """The seat whose turn it is decides by its page's controls; ms until the next seat's
    page and every other page at the table show it. None once the game is over."""
    if room.shared(table).table.game.over:
        return None
    decision = await student_decision(room, table)
    page = pages[decision.seat]
    others = [pages[(decision.seat + k) % len(pages)] for k in range(1, len(pages))]
    for other in others:
        await other.evaluate(WATCH, await other.locator(LOG).count())
    if decision.kind == Kind.ASK:
        face, heart = decision.options[0]
        await page.get_by_role("group", name="Face cards").get_by_role(
            "button", name=face.name()).click()
        await page.get_by_role("group", name="Hearts").get_by_role(
            "button", name=heart.name()).click()
        last = page.get_by_role("button", name="Ask", exact=True)
    elif decision.kind == Kind.SHOW:
        last = page.get_by_role("group", name="Your hand").get_by_role(
            "button", name=decision.options[0].name())
    else:
        last = page.get_by_role("button", name="Don't guess")
    await last.wait_for()
    await page.evaluate(CLICK)
    await last.click()
    seen = []
    for other in others:
        await other.wait_for_function("() => window.benchSeen !== null", timeout=60_000)
        seen.append(await other.evaluate("() => window.benchSeen"))
    click = await page.evaluate("() => window.benchClick")
    return {"next_seat": seen[0] - click, "all_seats": max(seen) - click}


def summary(values: list[float], digits: int = 0) -> dict[str, float] | None:
    """Median, 90th percentile and largest."""
    if len(values) < 2:
        return None
    return {"median": round(statistics.median(values), digits),
            "p90": round(statistics.quantiles(values, n=10, method="inclusive")[-1], digits),
            "max": round(max(values), digits)}


async def measure(link: str, room: Room, tables: list[str], moves: int,
                  server: int) -> dict[str, object]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=CHROMIUM_ARGS)
        try:
            contexts = [await browser.new_context(viewport={"width": 1100, "height": 900})
                        for _ in range(1 + sum(TABLES))]
            pages = [await context.new_page() for context in contexts]
            base = link.partition("voila/")[0]
            urls = [link] + [room_link(base, token) for table in tables
                             for _, token in sorted(room.seat_tokens(table).items())]
            start = time.perf_counter()
            # The teacher first, as in a class (and opened together with the 30 students
            # on a loaded 2-core machine, the teacher's page once never showed its form).
            ready = [await open_page(pages[0], urls[0], True, start)]
            ready += await asyncio.gather(*(open_page(page, url, False, start)
                                            for page, url in zip(pages[1:], urls[1:],
                                                                 strict=True)))
            at_ready = memory(server)
            seated, left = [], pages[1:]
            for count in TABLES:
                seated.append(left[:count])
                left = left[count:]
            times = []
            for number in range(moves):
                which = number % len(tables)
                timed = await move(room, tables[which], seated[which])
                if timed is not None:
                    times.append(timed)
            after = memory(server)
        finally:
            await browser.close()
    return {"ready_s": {"all": round(max(ready), 1), "teacher": round(ready[0], 1),
                        "student_median": round(statistics.median(ready[1:]), 1)},
            "memory_at_ready": at_ready, "memory_after_moves": after, "moves": len(times),
            "latency_ms": {key: summary([timed[key] for timed in times])
                           for key in ("next_seat", "all_seats")}}


def stop(process: subprocess.Popen) -> None:
    """Stop the server, then any of its kernels still running."""
    below = descendants(process.pid)
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    for pid in below:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=24,
                        help="moves to time, table after table (default 24)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="cardlab-bench-classroom-") as folder:
        store = Path(folder) / "class.sqlite"
        process, link = serve(store, Path(folder) / "serve.log")
        try:
            room = Room.open(store)
            tables = [room.create_table("fivesons", {"players": count}, 100 + number,
                                        ["student"] * count)
                      for number, count in enumerate(TABLES)]
            figures = asyncio.run(measure(link, room, tables, args.moves, process.pid))
        finally:
            stop(process)
    print(json.dumps({
        "students": sum(TABLES), "tables": len(TABLES), **figures,
        "cpus": os.cpu_count(), "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }))


if __name__ == "__main__":
    main()
