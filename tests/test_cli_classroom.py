"""`cardlab classroom`: the teacher's link, the store handed to app kernels, the Host check
on 127.0.0.1 and on a LAN address, the QR code, restarts, and `export`."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.classroom.burst import chromium
from cardlab.classroom.room import STORE_VARIABLE, AccessRefused, Room
from cardlab.cli import main
from cardlab.records import load_record
from cardlab.serve.classroom import lan_address, qr_path

from helpers.cli import run
from helpers.network import free_port
from helpers.table_processes import player


class Classroom:
    """`cardlab classroom` in a child process, once it has printed its links."""

    def __init__(self, store: Path, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardlab.cli", "classroom", "--store", str(store),
             "--no-browser", f"--port={free_port()}", *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if "+C " in line:                     # "Press Ctrl+C", "Mit Strg+C": listening
                break
        else:
            pytest.fail(f"cardlab classroom exited: {self.process.stderr.read()}")
        found = re.search(r"(http://([\d.]+):(\d+))/voila/render/apps/classroom\.ipynb\?token="
                          r"([\w-]+)", "\n".join(self.lines))
        assert found, self.lines
        self.base, self.address, self.port, self.token = found.groups()

    def get(self, path: str, host: str | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(self.address, int(self.port), timeout=300)
        connection.request("GET", path, headers={"Host": host or f"{self.address}:{self.port}"})
        return connection.getresponse()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        self.process.communicate(timeout=60)
        return self.process.returncode


def test_the_teacher_link_opens_the_app_whose_kernel_is_told_the_store(tmp_path):
    store = tmp_path / "class.sqlite"
    room = Classroom(store)
    try:
        assert room.address == "127.0.0.1"
        assert Room.open(store).access(room.token).teacher
        assert stat.S_IMODE(store.stat().st_mode) == 0o600
        assert room.get("/").status == 200
        page = room.get(f"/voila/render/apps/classroom.ipynb?token={room.token}")
        assert page.status == 200
        page.read()
        kernels = [child for child in psutil.Process(room.process.pid).children(recursive=True)
                   if "ipykernel" in " ".join(child.cmdline())]
        assert kernels and all(kernel.environ().get(STORE_VARIABLE) == str(store)
                               for kernel in kernels)
        assert room.get("/", host=f"evil.example:{room.port}").status == 403
        assert not list(tmp_path.glob("*.svg"))                      # no QR code off the LAN
    finally:
        assert room.stop() == 0
    # A restarted server serves the same room with a new teacher link: the store keeps
    # no token it could print again, and the old link stops working.
    table_id = Room.open(store).create_table("fivesons", {"players": 3}, 1, ["bot:random"] * 3)
    again = Classroom(store, "--lang", "de")
    try:
        assert again.token != room.token
        assert any(line.startswith("Link für die Lehrkraft") for line in again.lines)
        assert Room.open(store).access(again.token).teacher
        assert [table.id for table in Room.open(store).tables()] == [table_id]
        with pytest.raises(AccessRefused):
            Room.open(store).access(room.token)
    finally:
        again.stop()


def test_a_store_deleted_while_the_class_runs_is_never_made_again(tmp_path):
    store = tmp_path / "class.sqlite"
    room = Classroom(store)
    try:
        for name in ("class.sqlite", "class.sqlite-wal", "class.sqlite-shm"):
            (tmp_path / name).unlink(missing_ok=True)
        page = room.get(f"/voila/render/apps/classroom.ipynb?token={room.token}")
        assert page.status == 200
        page.read()                     # the app's kernel has run the page by now
        assert list(tmp_path.iterdir()) == []
    finally:
        room.stop()


def test_on_the_lan_it_answers_that_address_and_localhost_only_and_writes_a_qr_code(tmp_path):
    # 127.0.0.2 stands in for the LAN address: it is this machine's, like a LAN address.
    room = Classroom(tmp_path / "class.sqlite", "--lan", "127.0.0.2")
    try:
        assert room.base.startswith("http://127.0.0.2:")
        picture = qr_path(str(tmp_path / "class.sqlite"))
        assert f"QR code of the teacher's link, for your own phone or tablet (do not show it " \
               f"to the class): {picture}" in room.lines
        assert picture.read_text().startswith("<?xml") and "<svg" in picture.read_text()
        assert stat.S_IMODE(picture.stat().st_mode) == 0o600           # it opens the room
        for host in (f"127.0.0.2:{room.port}", f"localhost:{room.port}",
                     f"127.0.0.1:{room.port}"):
            assert room.get("/", host=host).status == 200, host
        assert "Served to the local network at 127.0.0.2 too." in room.get("/").read().decode()
        wrong = room.get("/", host=f"192.168.1.99:{room.port}")
        assert wrong.status == 403
        assert wrong.read().decode().strip() == (
            "This server answers only requests for 127.0.0.2, 127.0.0.1 and localhost.")
        with socket.create_connection(("127.0.0.1", int(room.port)), timeout=10):
            pass                                                      # localhost still served
    finally:
        room.stop()


def refused(capsys, *args: str) -> list[str]:
    """The lines `cardlab ARGS` writes to stderr, run in this process; it must exit 2
    and print nothing on stdout."""
    assert main(list(args)) == 2, args
    out, err = capsys.readouterr()
    assert out == "", args
    return err.splitlines()


def test_a_lan_address_must_be_one(capsys, tmp_path):
    for value in ("localhost", "1.2.3", "0.0.0.0", "224.0.0.1"):
        assert refused(capsys, "classroom", "--store", str(tmp_path / "x.sqlite"), "--lan",
                       value) == [f"--lan: '{value}' is not an IPv4 address such as 192.168.1.20"]
    assert lan_address("10.1.2.3") == "10.1.2.3"
    assert list(tmp_path.iterdir()) == []


def test_a_server_stopped_and_restarted_mid_game_and_a_killed_player_lose_nothing(tmp_path):
    store = tmp_path / "class.sqlite"
    room = Room.open(store)
    table_id = room.create_table("blackwidow", {"players": 4, "end_above": 40}, 9,
                                 ["bot:heuristic"] * 4)
    server = Classroom(store)
    doomed = player(store, table_id)
    deadline = time.monotonic() + 120
    while room.tables()[0].actions < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait()
    assert server.stop() == 0
    kept = room.store.actions(table_id)
    server = Classroom(store)
    try:
        survivor = player(store, table_id)
        out, err = survivor.communicate(timeout=300)
        assert survivor.returncode == 0, err
    finally:
        server.stop()
    game = BlackWidowGame.from_record(BlackWidowRecord.from_json(json.loads(out)))
    assert game.over and game.winners
    actions = room.store.actions(table_id)
    assert actions[:len(kept)] == kept and len(kept) >= 20
    assert [seq for seq, _ in actions] == list(range(1, len(actions) + 1))


# --- export --------------------------------------------------------------------

def test_export_writes_the_games_record_to_stdout_or_a_file(tmp_path):
    store = tmp_path / "class.sqlite"
    room = Room.open(store)
    table_id = room.create_table("fivesons", {"players": 3}, 12, ["bot:logician"] * 3)
    shared = room.shared(table_id)
    shared.play_bots()
    printed = run("classroom", "export", table_id, "--store", str(store))
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout) == shared.table.game.to_record().to_json()
    out = tmp_path / "game.json"
    written = run("classroom", "export", table_id, "--store", str(store), "-o", str(out))
    assert written.returncode == 0 and written.stdout == ""
    assert load_record(out) == shared.table.game.to_record()
    replayed = run("replay", str(out))
    assert replayed.returncode == 0, replayed.stderr


def test_bad_input_is_one_line_in_the_language_asked_and_changes_nothing(tmp_path, capsys):
    store = tmp_path / "class.sqlite"
    Room.open(store)
    foreign = tmp_path / "marks.sqlite"
    foreign.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    before = foreign.read_bytes()
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    cases = [
        (("classroom", "export", "nope", "--store", str(store)),
         "There is no table 'nope' in this store."),
        (("classroom", "--lang", "de", "export", "nope", "--store", str(store)),
         "In diesem Speicher gibt es keinen Tisch „nope“."),
        (("classroom", "export", "x", "--store", str(tmp_path / "none.sqlite")),
         f"There is no classroom store at {tmp_path / 'none.sqlite'}."),
        (("classroom", "export", "x", "--store", str(foreign)),
         f"{foreign} is not a cardlab classroom store; it is left as it is."),
        (("classroom", "export", "x", "--store", str(empty)),
         f"{empty} is empty: not a cardlab classroom store; it is left as it is."),
        (("classroom", "--store", str(empty), "--no-browser"),
         f"{empty} is empty: not a cardlab classroom store; it is left as it is."),
        (("classroom", "--store", str(foreign), "--no-browser"),
         f"{foreign} is not a cardlab classroom store; it is left as it is."),
        (("classroom", "--store", str(tmp_path / "no" / "class.sqlite"), "--no-browser"),
         f"The folder of {tmp_path / 'no' / 'class.sqlite'} does not exist; make it first "
         "(the store file itself is created on first use)."),
        (("classroom", "--store", "mysql://me:secret@school/db", "--no-browser"),
         "mysql://me:***@school/db is not a store this cardlab can open: give a file path or "
         "a URL that starts with postgresql://, postgres://"),
        (("classroom", "--no-browser"), "cardlab classroom needs --store PATH (a SQLite file, "
                                        "made on first use) or --store postgresql://..."),
        (("classroom", "--store", str(store), "--port", "0"),
         "--port 0: choose a port from 1 to 65535"),
    ]
    for args, line in cases:
        assert refused(capsys, *args) == [line], args
    assert foreign.read_bytes() == before and empty.read_bytes() == b""
    assert not (tmp_path / "none.sqlite").exists() and not (tmp_path / "no").exists()
    assert sorted(path.name for path in tmp_path.iterdir() if not path.name.startswith(
        "class.sqlite")) == ["empty.sqlite", "marks.sqlite"]
    assert os.environ.get(STORE_VARIABLE) is None


# --- bench -----------------------------------------------------------------------

def test_bench_classroom_reports_the_pages_kernels_memory_and_the_store():
    if not Path(chromium() or "").exists() and not os.environ.get("CI"):
        pytest.skip("no Chromium to open the pages in (apt-get install chromium)")
    # Two servers warm up and five browsers load on a shared machine: allow minutes.
    result = run("bench", "classroom", "--quick", timeout=600)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert (figures["students"], figures["tables"], figures["refused"]) == (4, 1, 0)
    assert 0 < figures["tti_p50_s"] <= figures["tti_p95_s"] <= figures["tti_max_s"]
    assert figures["tti_never"] == figures["reload_tti_never"] == 0
    # The 4 students' and the teacher's pages, plus the preheated pools.
    assert figures["pages"] == 5 and figures["kernels"] >= figures["pages"]
    assert figures["mb_per_kernel"] > 10
    assert figures["cpu_s"]["browsers"] > 0 and figures["cpu_s"]["kernels"] > 0
    # Without browsers, each page's requests: every page and its widgets came, twice.
    without = figures["without_browsers"]
    assert without["ready_never"] == without["reload"]["ready_never"] == 0
    assert 0 < without["page_max_s"] <= without["ready_max_s"]
    assert without["widgets"] > 10
    store = figures["store"]
    assert (store["students"], store["tables"]) == (6, 2)
    assert store["actions"] > 0
    for key in ("latency_ms", "idle_poll_ms", "teacher_overview_ms"):
        summary = store[key]
        assert summary is None or 0 <= summary["p50"] <= summary["p95"] <= summary["max"]
    assert store["memory_mb"]["median"] > 10
