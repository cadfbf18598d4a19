"""`cardlab serve`'s kernels: the cap sized from memory, which page kernels are let go,
the preheated kernel learning its page, and the server's own runtime folder."""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import os
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.sync.server import serve

from cardlab.apps import query_string, read_settings
from cardlab.cli import build_parser
from cardlab.errors import CardlabError
from cardlab.serve import kernels
from cardlab.serve.kernels import PageKernels, default_max_apps, usable_mb
from cardlab.serve.page_request import wait_for_page
from cardlab.serve.runtime import LOCK, RuntimeFolder, remove_stale
from cardlab.serve.server import CardlabVoila, PageRequestHandler

# --- the cap ---------------------------------------------------------------------


def test_the_default_cap_grows_with_the_memory_free_less_a_margin_and_the_pools():
    assert default_max_apps(8000, pool=0) == 60          # (8000 - 2000) / 100
    assert default_max_apps(8000, pool=6) == 54
    assert default_max_apps(16000, pool=6) == 114        # (16000 - 4000) / 100 - 6
    assert default_max_apps(3000, pool=6) == 14          # (3000 - 1000) / 100 - 6


def test_a_small_machine_still_gets_the_floor_and_a_huge_one_the_ceiling():
    assert default_max_apps(0) == default_max_apps(900) == kernels.FLOOR_APPS
    assert default_max_apps(10**9) == kernels.MAX_APPS


@given(st.floats(min_value=0, max_value=10**7), st.floats(min_value=0, max_value=10**7))
def test_more_memory_never_means_fewer_apps(less, more):
    low, high = sorted((less, more))
    assert default_max_apps(low, pool=6) <= default_max_apps(high, pool=6)
    assert 0 <= usable_mb(low) <= low


def test_the_help_says_how_the_default_cap_is_sized():
    parser = build_parser()
    for command in ("serve", "classroom"):
        subparser = parser._subparsers._group_actions[0].choices[command]
        help_text = next(action.help for action in subparser._actions
                         if "--max-apps" in action.option_strings)
        assert "memory free" in help_text and f"{kernels.KERNEL_MB} MB per app" in help_text


# --- which page kernels are let go ----------------------------------------------


def test_a_page_no_browser_connects_to_is_let_go_after_the_connect_time():
    pages = PageKernels(connect_seconds=30, grace_seconds=120)
    pages.handed("curl", now=0)
    assert pages.due(10, {"curl": 0}) == []           # still being sent
    pages.sent("curl", now=12)
    assert pages.due(41, {"curl": 0}) == []
    assert pages.due(42, {"curl": 0}) == ["curl"]
    assert len(pages) == 0


def test_a_page_that_arrived_in_a_browser_gets_the_time_to_load():
    pages = PageKernels(connect_seconds=10, grace_seconds=120, load_seconds=300)
    pages.handed("slow", now=0)
    pages.handed("curl", now=0)
    pages.sent("slow", now=2)
    pages.sent("curl", now=2)
    pages.here("slow", now=3)                 # its first script ran
    assert pages.due(12, {"slow": 0, "curl": 0}) == ["curl"]
    assert pages.due(302, {"slow": 0}) == []
    assert pages.due(303, {"slow": 0}) == ["slow"]


def test_a_page_that_says_it_arrived_twice_keeps_its_first_time():
    pages = PageKernels(connect_seconds=10, grace_seconds=120, load_seconds=300)
    pages.handed("k", now=0)
    pages.here("k", now=1)
    pages.here("k", now=250)
    pages.here("unknown", now=1)              # no such page: nothing happens
    assert pages.due(301, {"k": 0}) == ["k"]
    assert "unknown" not in pages


def test_a_page_that_vanished_is_let_go_after_the_grace_and_not_before():
    pages = PageKernels(connect_seconds=30, grace_seconds=120)
    pages.handed("phone", now=0)
    pages.sent("phone", now=1)
    assert pages.due(5, {"phone": 1}) == []
    assert pages.due(100, {"phone": 0}) == []          # the phone switched apps
    assert pages.due(124, {"phone": 0}) == []
    assert pages.due(125, {"phone": 0}) == ["phone"]


def test_a_page_that_comes_back_within_the_grace_keeps_its_kernel():
    pages = PageKernels(connect_seconds=30, grace_seconds=120)
    pages.handed("phone", now=0)
    pages.sent("phone", now=1)
    pages.due(5, {"phone": 1})
    assert pages.due(100, {"phone": 0}) == []
    assert pages.due(110, {"phone": 1}) == []          # reconnected
    assert pages.due(229, {"phone": 0}) == []
    assert pages.due(230, {"phone": 0}) == ["phone"]


def test_a_page_whose_request_never_ends_is_let_go_after_the_render_limit():
    pages = PageKernels(connect_seconds=30, grace_seconds=120, render_seconds=300)
    pages.handed("stuck", now=0)
    assert pages.due(329, {"stuck": 0}) == []
    assert pages.due(330, {"stuck": 0}) == ["stuck"]


def test_kernels_stopped_elsewhere_are_forgotten_and_pool_kernels_never_counted():
    pages = PageKernels()
    pages.handed("closed-tab", now=0)
    assert "closed-tab" in pages
    assert pages.due(1, {}, alive={"pooled"}) == []
    assert len(pages) == 0 and "closed-tab" not in pages


class StoppingManager:
    """Voilà's kernel manager while it stops one kernel: meanwhile the pool's next
    kernel starts and a page request takes it."""

    def __init__(self, stopping: str, started: str) -> None:
        self.ids = [stopping]
        self.started = started

    def list_kernel_ids(self) -> list[str]:
        return list(self.ids)

    def kernel_model(self, kernel_id: str) -> dict:
        return {"connections": 0}

    async def shutdown_kernel(self, kernel_id: str) -> None:
        await asyncio.sleep(0)  # stopping takes a while; the server serves pages meanwhile
        self.ids = [self.started]
        PageRequestHandler.requests[self.started] = {"QUERY_STRING": "lang=de"}


def test_a_kernel_handed_over_while_another_stops_keeps_its_pages_request():
    """The server's watch stops a gone page's kernel; a page that took a kernel started
    meanwhile must not lose its request, or that kernel waits for ever and the page
    never loads."""
    pages = PageKernels()
    pages.handed("gone", now=0)
    pages.sent("gone", now=0)
    server = SimpleNamespace(kernel_manager=StoppingManager("gone", "new"), pages=pages,
                             log=logging.getLogger("test"), top_up_pools=lambda: None)
    try:
        asyncio.run(CardlabVoila.watch(server))
        assert PageRequestHandler.requests["new"] == {"QUERY_STRING": "lang=de"}
    finally:
        PageRequestHandler.requests.pop("new", None)


# --- a preheated kernel learns its page ----------------------------------------------


class QueryServer:
    """Voilà's hand-over socket, played by a websocket server on a free port."""

    def __init__(self, request: object, delay: float = 0.0) -> None:
        self.paths: list[str] = []
        self.request = request
        self.server = serve(self._answer, "127.0.0.1", 0)
        self.port = self.server.socket.getsockname()[1]
        if delay:  # not listening yet when the kernel first asks
            self.server.socket.close()
            self.server = None
            threading.Timer(delay, self._listen).start()
        else:
            threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _listen(self) -> None:
        self.server = serve(self._answer, "127.0.0.1", self.port)
        self.server.serve_forever()

    def _answer(self, connection) -> None:
        self.paths.append(connection.request.path)
        connection.send(json.dumps(self.request))

    def close(self) -> None:
        for _ in range(100):
            if self.server is not None:
                self.server.shutdown()
                return
            time.sleep(0.05)


def _kernel_environ(port: int) -> dict[str, str]:
    return {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
            "VOILA_KERNEL_ID": "1f7e010b-ae97-4509-b1c4-3d0c23703af3",
            # What Voilà left from the request that made the pool start this kernel.
            "VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/apps/x.ipynb?token=other"}


def test_a_preheated_kernel_waits_for_its_page_and_learns_its_address():
    server = QueryServer({"QUERY_STRING": "token=abc&lang=de", "SERVER_NAME": "10.0.0.5",
                          "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/apps/c.ipynb"})
    try:
        environ = _kernel_environ(server.port)
        wait_for_page(environ)
    finally:
        server.close()
    assert server.paths == ["/voila/query/1f7e010b-ae97-4509-b1c4-3d0c23703af3"]
    assert environ["QUERY_STRING"] == "token=abc&lang=de"
    assert environ["VOILA_REQUEST_URL"] == (
        "http://10.0.0.5:8866/voila/render/apps/c.ipynb?token=abc&lang=de")
    assert environ["VOILA_PREHEAT"] == "False"


def test_a_kernel_preheated_before_the_server_listens_asks_again():
    server = QueryServer({"QUERY_STRING": "lang=de"}, delay=0.6)
    try:
        environ = _kernel_environ(server.port)
        wait_for_page(environ)
    finally:
        server.close()
    assert environ["QUERY_STRING"] == "lang=de"


def test_what_is_not_a_string_in_the_request_is_left_out():
    server = QueryServer({"QUERY_STRING": "lang=de", "PATH": ["not", "a", "string"], "X": 1})
    try:
        environ = _kernel_environ(server.port)
        wait_for_page(environ)
    finally:
        server.close()
    assert "X" not in environ and "PATH" not in environ


def test_the_apps_read_the_handed_over_query_in_a_preheated_kernel(monkeypatch):
    server = QueryServer({"QUERY_STRING": "lang=de&players=3"})
    try:
        for key, value in _kernel_environ(server.port).items():
            monkeypatch.setenv(key, value)
        monkeypatch.delenv("QUERY_STRING", raising=False)
        settings = read_settings("fivesons")
        assert (settings.lang, settings.rules.players) == ("de", 3)
        assert query_string() == "lang=de&players=3"    # asked once, then remembered
    finally:
        server.close()
    assert len(server.paths) == 1


# --- the runtime folder -----------------------------------------------------------


def test_a_killed_servers_folder_is_removed_and_a_running_ones_kept(tmp_path):
    running = RuntimeFolder.make(tmp_path)
    killed = tmp_path / "run-killed"
    killed.mkdir()
    (killed / LOCK).touch()
    (killed / "kernel-1-ipc-1").touch()
    try:
        assert remove_stale(tmp_path) == [killed]
        assert running.path.is_dir() and not killed.exists()
    finally:
        running.close()
    assert not running.path.exists()


def test_a_folder_someone_else_made_is_not_touched(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "keep.txt").write_text("mine")
    (tmp_path / "run-link").symlink_to(tmp_path / "notes")
    RuntimeFolder.make(tmp_path).close()
    assert (tmp_path / "notes" / "keep.txt").read_text() == "mine"


def test_a_lock_held_elsewhere_keeps_the_folder(tmp_path):
    other = tmp_path / "run-other"
    other.mkdir()
    descriptor = os.open(other / LOCK, os.O_RDWR | os.O_CREAT)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    try:
        assert remove_stale(tmp_path) == []
    finally:
        os.close(descriptor)
    assert remove_stale(tmp_path) == [other]


def test_a_shared_or_foreign_root_is_refused(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    with pytest.raises(CardlabError) as refused:
        RuntimeFolder.make(shared)
    assert "is not a private folder" in refused.value.text("en")
    assert "kein privater Ordner" in refused.value.text("de")
    assert list(Path(shared).iterdir()) == []
