"""A `cardlab classroom` server, and its teacher's and students' pages driven through
Playwright (the browser tests' fixtures give the pages)."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time

import pytest

from cardlab.fivesons.actions import Kind

from helpers.network import free_port
from helpers.pages import answered

#: The classroom app's path below the server's base URL.
APP = "voila/render/apps/classroom.ipynb"


def start_classroom(store: object, folder) -> tuple[subprocess.Popen, str]:
    """`cardlab classroom` serving `store` (its output in FOLDER/serve-PORT.log); returns
    the process and its base URL once it takes connections."""
    port = free_port()
    log = (folder / f"serve-{port}.log").open("w+")
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlab.cli", "classroom", f"--store={store}", "--no-browser",
         f"--port={port}", "--max-apps=50"],
        stdout=log, stderr=subprocess.STDOUT, text=True)
    log.close()
    deadline = time.monotonic() + 90
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, f"http://127.0.0.1:{port}/"
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("cardlab classroom did not start: "
                            + (folder / f"serve-{port}.log").read_text())
            time.sleep(0.3)


def make_table(page, url, room) -> tuple[str, list[str]]:
    """The teacher's page makes a three-seat Five Sons table (seat 2 a Beginner bot); returns the
    table's id and the two seat links the page shows."""
    page.goto(f"{url}{APP}?token={room.new_teacher_token()}")
    page.get_by_role("heading", name="New table").wait_for(timeout=90_000)
    page.get_by_role("combobox", name="Players", exact=True).select_option(label="3")
    page.get_by_role("combobox", name="Seat 2", exact=True).select_option(label="Bot: Beginner")
    page.get_by_role("spinbutton", name="Seed (the deal)").fill("4")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("status").filter(has_text=re.compile(r"Table \d+ is ready")).wait_for()
    links = page.locator(".cardlab-classroom-links a")
    links.nth(1).wait_for()
    hrefs = [links.nth(k).get_attribute("href") for k in range(links.count())]
    assert len(hrefs) == 2 and all(href.startswith(f"{url}{APP}?token=") for href in hrefs)
    status = room.tables()[-1]
    assert status.seats == ("student", "student", "bot:checklist")
    return status.id, hrefs


def student_decision(room, table, page):
    """The open decision of a student seat, once the bot seat has moved (waits for it)."""
    deadline = time.monotonic() + 60
    while True:
        shared = room.shared(table)
        found = [d for d in shared.table.game.decisions if d.seat in (0, 1)]
        if found:
            return found[0]
        assert time.monotonic() < deadline, "no student decision came"
        page.wait_for_timeout(100)      # the store is polled, like the kernels do


def take_turn(pages, room, table) -> None:
    """The seat whose turn it is decides by its page's controls (the test reads the store
    to know which question is legal); waits until the other student's page shows it."""
    decision = student_decision(room, table, pages[0])
    page, other = pages[decision.seat], pages[1 - decision.seat]
    told = other.locator(".cardlab-log li").count()
    if decision.kind == Kind.ASK:
        face, heart = decision.options[0]
        page.get_by_role("group", name="Face cards").get_by_role("button", name=face.name()) \
            .click()
        page.get_by_role("group", name="Hearts").get_by_role("button", name=heart.name()).click()
        page.get_by_role("button", name="Ask", exact=True).click()
    elif decision.kind == Kind.SHOW:
        page.get_by_role("group", name="Your hand").get_by_role(
            "button", name=decision.options[0].name()).click()
    else:
        page.get_by_role("button", name="Don't guess").click()
    answered(page)          # the move is in the store before the next one is read from it
    other.wait_for_function(
        "n => document.querySelectorAll('.cardlab-log li').length > n", arg=told,
        timeout=30_000)
