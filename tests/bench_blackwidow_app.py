"""Speed of the Black Widow app in Chromium: time to interactive, and card click to table.

Not a test (pytest does not collect it): run it by hand on a quiet machine.

    python tests/bench_blackwidow_app.py [--hands 1]

It starts `cardlab serve`, opens the app once to warm the server, then times:
- open: from the page request until the "Deal the cards" button can be pressed
  (targets: under 3 s on a warm server);
- click: from a click on a legal card until the hand shows one card fewer, with
  instant bots playing up to the learner's next turn (target: median under 150 ms).
Prints JSON with the medians and the 90th percentiles.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import time

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

APP = ("voila/render/apps/blackwidow.ipynb?seed={seed}"
       "&rules=%7B%22pass_cycle%22%3A%5B%22hold%22%5D%7D")
HAND = "[role=group][aria-label='Your hand'] button"


def serve() -> tuple[subprocess.Popen, str]:
    """`cardlab serve` on a free port, once it answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "cardlab.cli", "serve", "--no-browser",
                                f"--port={port}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.3)
    return process, f"http://127.0.0.1:{port}/"


def open_app(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.get_by_role("button", name="Deal the cards").wait_for(timeout=120_000)
    return time.perf_counter() - start


def time_clicks(page) -> list[float]:
    """Play the hand by clicking the first legal card; time each click to the new hand.

    The page times it itself, from the click event to the DOM change that removes
    the card, so Playwright's own waiting before a click is not counted.
    """
    times = []
    while page.locator(HAND).count():
        left = page.locator(HAND).count()
        card = page.locator(HAND + "[aria-disabled=false]").first
        card.wait_for(timeout=30_000)
        page.evaluate("""selector => {
            window.benchClick = null; window.benchDone = null;
            document.addEventListener("click", () => { window.benchClick = performance.now(); },
                                      {capture: true, once: true});
            const left = document.querySelectorAll(selector).length;
            const observer = new MutationObserver(() => {
                if (document.querySelectorAll(selector).length < left) {
                    window.benchDone = performance.now();
                    observer.disconnect();
                }
            });
            observer.observe(document.body, {childList: true, subtree: true});
        }""", HAND)
        card.click()
        page.wait_for_function(f'n => document.querySelectorAll("{HAND}").length < n',
                               arg=left, timeout=30_000)
        times.append(page.evaluate("() => (window.benchDone - window.benchClick) / 1000"))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    process, base = serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            open_app(page, base + APP.format(seed=0))  # warms the server
            opens = [open_app(page, base + APP.format(seed=seed))
                     for seed in range(1, args.opens + 1)]
            clicks: list[float] = []
            for seed in range(args.hands):
                open_app(page, base + APP.format(seed=100 + seed))
                page.get_by_role("button", name="Deal the cards").click()
                page.locator(HAND).first.wait_for()
                clicks += time_clicks(page)
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=60)
    ms = [1000 * t for t in clicks]
    print(json.dumps({
        "open_s_median": round(statistics.median(opens), 2), "open_s_max": round(max(opens), 2),
        "click_ms_median": round(statistics.median(ms), 1),
        "click_ms_p90": round(statistics.quantiles(ms, n=10)[-1], 1), "clicks": len(ms),
    }))


if __name__ == "__main__":
    main()
