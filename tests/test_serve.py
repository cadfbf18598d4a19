"""`cardlab serve`: port checks, the Host check, the gallery page, and a real server
that answers only its own host, caps its kernels and leaves no process behind."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from html import escape
from pathlib import Path

import psutil
import pytest

from cardlab.errors import CardlabError
from cardlab.gallery import check_port, notebooks_dir
from cardlab.i18n import LANGUAGES
from cardlab.serve.entries import APP, LESSON, gallery_entries, read_entry
from cardlab.serve.hosts import allowed_hosts, host_allowed
from cardlab.serve.pages import busy_html, gallery_html

from helpers.network import free_port

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb")) + sorted(notebooks_dir().glob("apps/*.ipynb"))


# --- ports -----------------------------------------------------------------

@pytest.mark.parametrize("port", [1, 8866, 65535])
def test_ports_in_range_are_accepted(port):
    assert check_port(port) == port


@pytest.mark.parametrize("port", [-1, 0, 65536, 99999])
def test_ports_out_of_range_are_refused_in_both_languages(port):
    with pytest.raises(CardlabError) as refused:
        check_port(port)
    assert refused.value.text("en") == f"--port {port}: choose a port from 1 to 65535"
    assert refused.value.text("de") == f"--port {port}: wähle einen Port von 1 bis 65535"


@pytest.mark.parametrize("port", ["-1", "0", "99999"])
def test_cli_refuses_a_bad_port_in_one_line(port):
    result = subprocess.run([sys.executable, "-m", "cardlab.cli", "serve", "--no-browser",
                             f"--port={port}"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"--port {port}: choose a port from 1 to 65535"]
    assert result.stdout == ""


# --- Host header -------------------------------------------------------------

def test_only_our_own_host_and_port_are_answered():
    allowed = allowed_hosts(8866)
    for host in ("127.0.0.1:8866", "localhost:8866", "LocalHost:8866"):
        assert host_allowed(host, allowed), host
    for host in ("evil.example:8866", "127.0.0.1.evil.example:8866", "localhost:8867",
                 "127.0.0.1", "localhost", "", "[::1]:8866", "192.168.1.20:8866", None):
        assert not host_allowed(host, allowed), host


def test_a_lan_address_can_be_added_for_a_class():
    allowed = allowed_hosts(8866, ["192.168.1.20"])
    assert host_allowed("192.168.1.20:8866", allowed)
    assert host_allowed("localhost:8866", allowed)
    assert not host_allowed("192.168.1.21:8866", allowed)


def test_on_port_80_browsers_leave_the_port_out():
    assert host_allowed("localhost", allowed_hosts(80))
    assert not host_allowed("localhost:8080", allowed_hosts(80))


# --- what the notebooks say about themselves ---------------------------------

@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_describes_itself_in_every_language(path):
    described = json.loads(path.read_text("utf-8"))["metadata"]["cardlab"]
    for lang in LANGUAGES:
        assert described["title"][lang].strip()
        assert described["summary"][lang].strip()
    entry = read_entry(path, notebooks_dir(), LESSON)
    assert entry.picture, "a small picture: card codes under 'picture'"


def test_lessons_come_in_file_order_then_apps(tmp_path):
    (tmp_path / "apps").mkdir()
    _notebook(tmp_path / "02_two.ipynb", {"cardlab": {"title": "Two"}})
    _notebook(tmp_path / "01_one.ipynb", {"cardlab": {"title": {"en": "One", "de": "Eins"}}})
    _notebook(tmp_path / "apps" / "play.ipynb", {"cardlab": {"title": "Play", "picture": "QS"}})
    entries = gallery_entries(tmp_path)
    assert [(e.path, e.kind, e.number) for e in entries] == [
        ("01_one.ipynb", LESSON, 1), ("02_two.ipynb", LESSON, 2), ("apps/play.ipynb", APP, None)]
    assert entries[0].title("de") == "Eins"
    assert entries[1].title("de") == "Two"          # English where German is missing
    assert [card.code for card in entries[2].picture] == ["QS"]


def test_a_lesson_links_its_german_copy_which_is_not_listed_apart(tmp_path):
    (tmp_path / "de").mkdir()
    for path in ("01_one.ipynb", "02_two.ipynb", "de/01_one.ipynb"):
        _notebook(tmp_path / path, {"cardlab": {"title": path}})
    one, two = gallery_entries(tmp_path)
    assert (one.path_in("de"), one.path_in("en"), two.path_in("de")) == (
        "de/01_one.ipynb", "01_one.ipynb", "02_two.ipynb")
    page = gallery_html([one, two], "de")
    assert 'href="/voila/render/de/01_one.ipynb?lang=de"' in page
    assert 'href="/voila/render/02_two.ipynb?lang=de"' in page
    assert "/voila/render/de/01_one.ipynb" not in gallery_html([one, two], "en")


def test_every_german_lesson_is_linked_from_the_german_gallery():
    german = sorted(path.name for path in (notebooks_dir() / "de").glob("*.ipynb"))
    linked = [entry.path_in("de") for entry in gallery_entries(notebooks_dir())]
    assert german and [f"de/{name}" for name in german] == [p for p in linked
                                                             if p.startswith("de/")]


def test_without_metadata_the_first_heading_and_sentence_describe_it(tmp_path):
    cells = [{"cell_type": "markdown", "metadata": {},
              "source": ["# Lesson 9: **Bold** ideas\n", "\n", "First sentence. Second one."]}]
    _notebook(tmp_path / "09_x.ipynb", {}, cells)
    entry = gallery_entries(tmp_path)[0]
    assert entry.title("en") == "Lesson 9: Bold ideas"
    assert entry.summary("en") == "First sentence."


def test_a_broken_notebook_is_listed_by_its_name(tmp_path):
    (tmp_path / "04_broken.ipynb").write_text("{not json", "utf-8")
    _notebook(tmp_path / "05_bad_picture.ipynb", {"cardlab": {"title": "Five", "picture": "ZZ"}})
    broken, bad_picture = gallery_entries(tmp_path)
    assert broken.title("en") == "04_broken"
    assert bad_picture.title("en") == "Five" and bad_picture.picture == ()


def _notebook(path: Path, metadata: dict, cells: list | None = None) -> None:
    path.write_text(json.dumps({"cells": cells or [], "metadata": metadata,
                                "nbformat": 4, "nbformat_minor": 5}), "utf-8")


# --- the gallery page --------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_gallery_lists_every_notebook_with_title_summary_picture_and_link(lang):
    entries = gallery_entries(notebooks_dir())
    page = gallery_html(entries, lang)
    assert f'<html lang="{lang}">' in page
    assert len(entries) == len(NOTEBOOKS)
    for entry in entries:
        link = f"/voila/render/{entry.path_in(lang)}" + ("" if lang == "en" else f"?lang={lang}")
        assert f'<a href="{link}">{escape(entry.title(lang))}</a>' in page
        assert escape(entry.summary(lang)) in page
        assert re.search(r"<svg [^>]*role=\"img\"[^>]*><title>[^<]+</title>", page)
    for landmark in ("<header>", "<main>", "<footer>", "<nav aria-label=", "<h1>", "<h2 id="):
        assert landmark in page


def test_the_gallery_escapes_what_notebooks_say(tmp_path):
    _notebook(tmp_path / "01_x.ipynb",
              {"cardlab": {"title": "<script>alert(1)</script>", "summary": "a & b"}})
    page = gallery_html(gallery_entries(tmp_path), "en")
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "a &amp; b" in page


def test_the_busy_page_says_why_in_both_languages():
    assert "at most 3 apps" in busy_html(3, 10, "en")
    assert "höchstens 3 Apps" in busy_html(3, 10, "de")
    one = busy_html(1, 1, "en")
    assert "at most 1 app at" in one and "after 1 minute." in one
    assert "höchstens 1 App gleichzeitig" in busy_html(1, 1, "de")


# --- a real server -------------------------------------------------------------

class Server:
    """`cardlab serve` (or `gallery.serve` with a small kernel cap) in a child process."""

    def __init__(self, *, port: int | None = None, max_kernels: int = 20,
                 cli: bool = True, env: dict[str, str] | None = None):
        self.asked = port or free_port()
        if cli:
            command = [sys.executable, "-m", "cardlab.cli", "serve", "--no-browser",
                       f"--port={self.asked}"]
        else:
            command = [sys.executable, "-c",
                       "from cardlab.gallery import notebooks_dir; "
                       "from cardlab.serve.server import run; "
                       f"run({self.asked}, False, 'en', notebooks_dir(), {max_kernels})"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True,
                                        env=None if env is None else {**os.environ, **env})
        self.port = self._served_port()

    def _served_port(self) -> int:
        # The last address printed is the one served on (the command line may print
        # the asked-for port first).
        for line in self.process.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
            if "Ctrl+C" in line and self._accepts(port):
                return port
        pytest.fail(f"cardlab serve exited: {self.process.stderr.read()}")

    @staticmethod
    def _accepts(port: int) -> bool:
        """Whether `port` takes connections within a minute (not a timing assertion)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                time.sleep(0.2)
        return False

    def get(self, path: str, host: str | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{self.port}"})
        return connection.getresponse()

    def kernels(self) -> dict:
        """The server's count of kernels, pages and pools."""
        return json.loads(self.get("/cardlab/kernels").read())

    def stop(self, number: int = signal.SIGTERM) -> str:
        self.process.send_signal(number)
        _, errors = self.process.communicate(timeout=60)
        return errors


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    running.stop()


def test_the_server_prints_the_port_it_really_serves_on_when_the_asked_one_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        asked = taken.getsockname()[1]
        running = Server(port=asked, cli=False)
        try:
            assert running.port != asked
            assert running.get("/").status == 200
        finally:
            running.stop()


def test_the_gallery_is_served_at_the_root(server):
    response = server.get("/?lang=de")
    page = response.read().decode()
    assert response.status == 200
    for entry in gallery_entries(notebooks_dir()):
        assert entry.title("de") in page


def test_an_unknown_language_is_said_on_the_page_and_the_default_used(server):
    page = server.get("/?lang=xx").read().decode()
    assert '<html lang="en">' in page and escape("Unknown language 'xx'") in page


@pytest.mark.parametrize("path", ["/", "/voila/render/01_start_here.ipynb",
                                  "/voila/static/voila.js", "/api/kernels/x/channels"])
@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1.nip.io:{port}",
                                  "localhost:1"])
def test_requests_for_another_host_get_403(server, path, host):
    response = server.get(path, host=host.format(port=server.port))
    assert response.status == 403
    assert b"only requests for 127.0.0.1 and localhost" in response.read()


def test_localhost_is_answered_too(server):
    assert server.get("/", host=f"localhost:{server.port}").status == 200


def test_an_app_page_loads_nothing_from_outside_and_can_stop_its_kernel(server):
    response = server.get("/voila/render/01_start_here.ipynb")
    page = response.read().decode()
    assert response.status == 200
    outside = re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", page)
    assert outside == []
    assert "fontawesome" not in page
    # The _xsrf cookie is what Voilà's page sends back to stop its kernel when it closes.
    assert "_xsrf=" in (response.getheader("Set-Cookie") or "")
    # The page says it is in a browser before its stylesheets and scripts have loaded.
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
    assert f'<link rel="preload" href="/cardlab/here/{kernel_id}"' in page
    assert server.get(f"/cardlab/here/{kernel_id}").status == 204


def test_voilas_folder_pages_lead_to_the_gallery(server):
    for path in ("/voila/tree", "/voila/tree/apps", "/voila/", "/voila/tree?lang=de"):
        response = server.get(path)
        assert response.status == 302, path
        assert response.getheader("Location") == ("/?lang=de" if "de" in path else "/")


def test_a_preheated_app_shows_the_page_that_asked_for_it(server):
    # Each app keeps a kernel ready that has imported the app before any page asks.
    assert all(size >= 1 for size in server.kernels()["pools"].values())
    german = server.get("/voila/render/apps/fivesons.ipynb?lang=de").read().decode()
    english = server.get("/voila/render/apps/fivesons.ipynb").read().decode()
    assert "Der Herzk\\u00f6nig hat f\\u00fcnf S\\u00f6hne" in german
    assert "The King of Hearts Has Five Sons" in english


def test_a_request_that_is_no_browser_page_keeps_no_kernel(server):
    page = server.get("/voila/render/apps/blackwidow.ipynb?lang=de")
    assert page.status == 200
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page.read().decode()).group(1)
    assert kernel_running(kernel_id)
    deadline = time.monotonic() + 150     # it goes 30 s after; generous on a busy machine
    while kernel_running(kernel_id) and time.monotonic() < deadline:
        time.sleep(1)
    assert not kernel_running(kernel_id)
    # Should a browser come after all, its page is told to reload itself (once the server
    # has also forgotten the kernel, a moment after its process ended on a busy machine).
    deadline = time.monotonic() + 30
    while (status := server.get(f"/cardlab/here/{kernel_id}").status) != 410 \
            and time.monotonic() < deadline:
        time.sleep(0.5)
    assert status == 410


def kernel_running(kernel_id: str) -> bool:
    """Whether a kernel process of that id runs (its connection file names it)."""
    found = False
    for process in psutil.process_iter(["cmdline"]):
        found = found or any(kernel_id in part for part in process.info["cmdline"] or ())
    return found


def test_no_trust_or_tcp_warnings_when_apps_open(server):
    server.get("/voila/render/04_possible_worlds.ipynb").read()
    errors = server.stop()
    assert "not trusted" not in errors
    assert "running over TCP" not in errors


def test_kernels_beyond_the_cap_get_a_page_that_says_why():
    running = Server(max_kernels=1, cli=False)
    try:
        assert running.get("/voila/render/01_start_here.ipynb").status == 200
        response = running.get("/voila/render/01_start_here.ipynb?lang=de")
        assert response.status == 503
        assert "höchstens 1 App gleichzeitig" in response.read().decode()
    finally:
        running.stop()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_stop_signal_stops_voila_and_every_kernel(number):
    running = Server()
    opened = running.get("/voila/render/01_start_here.ipynb")
    assert opened.status == 200
    opened.read()
    children = psutil.Process(running.process.pid).children(recursive=True)
    assert any("ipykernel" in " ".join(child.cmdline()) for child in children)
    running.stop(number)
    assert running.process.returncode == 0
    _, alive = psutil.wait_procs(children, timeout=30)
    assert alive == []


@pytest.fixture
def short_temp():
    """A temporary folder of this test's own, short enough for kernel sockets (pytest's
    `tmp_path` is not: its server would keep its folder under /tmp, beside others')."""
    folder = Path(tempfile.mkdtemp(dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_what_a_killed_server_left_is_removed_when_the_next_one_starts(short_temp):
    environment = {"TMPDIR": str(short_temp)}
    killed = Server(env=environment)
    (folder,) = (short_temp / f"cardlab-serve-{os.getuid()}").glob("run-*")
    deadline = time.monotonic() + 120     # the preheated kernels are starting
    while not list(folder.glob("kernel-*-ipc-1")) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert list(folder.glob("kernel-*-ipc-1")), "no kernel made its socket"
    kernels = psutil.Process(killed.process.pid).children(recursive=True)
    killed.process.kill()
    killed.process.wait()
    for kernel in kernels:
        kernel.kill()
    assert folder.is_dir()
    second = Server(env=environment)
    try:
        assert not folder.exists()
        assert len(list(folder.parent.glob("run-*"))) == 1
    finally:
        second.stop()
