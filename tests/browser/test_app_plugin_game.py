"""The stepper app in Voilà, for a game cardlab does not know: High Card, found by its entry
point alone (tests/plugin_game), stepped through by keyboard; axe-core finds nothing."""

import os
import socket
import subprocess
import sys
import time

import pytest

from helpers.keyboard import press
from helpers.network import free_port
from helpers.plugins import PLUGIN_GAME, install

APP = "voila/render/apps/stepper.ipynb?game=highcard&seed=3"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`cardlab serve` whose kernels find High Card through its entry points."""
    root = tmp_path_factory.mktemp("site")
    install(root, {"cardlab.games": {"highcard": "cardlab_highcard.entry:HighCard"},
                   "cardlab.catalogues": {"highcard": "cardlab_highcard"}})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root), str(PLUGIN_GAME), os.environ.get("PYTHONPATH", "")])}
    port = free_port()
    log = (tmp_path_factory.mktemp("serve") / "serve.log").open("w+")
    process = subprocess.Popen([sys.executable, "-m", "cardlab.cli", "serve", "--no-browser",
                                f"--port={port}"], stdout=log, stderr=subprocess.STDOUT,
                               text=True, env=env)
    deadline = time.monotonic() + 180                  # a busy machine starts it slowly
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                log.seek(0)
                pytest.fail(f"cardlab serve did not start: {log.read()}")
            time.sleep(0.3)
    yield f"http://127.0.0.1:{port}/"
    process.terminate()
    process.wait(timeout=60)
    log.close()


def test_the_stepper_app_steps_through_the_plugin_game(page, server, axe):
    page.goto(server + APP, timeout=120_000)           # a new server warms its kernels first
    page.get_by_role("status").filter(has_text="Play 0 of 9").wait_for(timeout=90_000)
    chosen = page.get_by_role("combobox", name="Game").evaluate(
        "e => e.options[e.selectedIndex].text")
    assert chosen.replace("\xa0", " ") == "High Card"        # ipywidgets keeps spaces so
    press(page, "Round ▶▶", 1)
    page.get_by_role("status").filter(has_text="Play 3 of 9: 1 rounds done").wait_for(
        timeout=30_000)
    page.locator(".cardlab-story").filter(has_text="takes the round with").wait_for(
        timeout=30_000)
    page.get_by_role("img").locator("title", has_text="as seat 0 sees it after 3 plays"
                                    ).first.wait_for(state="attached", timeout=30_000)
    assert axe(page) == []
    assert page.outside_requests == []
