"""Helpers of the classroom tests: player processes, and a throwaway PostgreSQL server
(Debian's `postgresql` package).

`player` starts a process that plays every bot of a table until the game is
over, then prints its record.

`postgres_server` starts one in a temporary folder, on 127.0.0.1 and a free
port, trusting local connections; as root it runs as `nobody` (PostgreSQL
refuses to run as root). Where the binaries or psycopg are missing, the tests
that need it are skipped with the reason. `store_locations` runs a test on
both kinds of store:

    postgres = pytest.fixture(scope="module")(postgres_server)
    new_store = pytest.fixture(params=BACKENDS)(store_locations)
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from glob import glob
from pathlib import Path

import pytest

RUN_AS = "nobody"
#: The kinds of store a test runs on, through `store_locations`.
BACKENDS = ["sqlite", "postgresql"]

PLAYER = """
import json, sys
from cardlab.classroom.shared import SharedTable
from cardlab.classroom.store import Store
shared = SharedTable(Store(sys.argv[1], create=False), sys.argv[2])
while not shared.table.game.over:
    shared.play_bots()
print(json.dumps(shared.table.game.to_record().to_json()))
"""

# A process that plays every student seat (a random bot deciding, the move through `act`,
# racing the others) and the bots, until the game is over; then prints its record. It
# says "ready" on stderr once it has the table.
STUDENTS = """
import json, sys, time
from cardlab.classroom.room import Room
from cardlab.errors import IllegalAction
room = Room.open(sys.argv[1], create=False)
shared = room.shared(sys.argv[2])
print("ready", file=sys.stderr, flush=True)
bots = {}
while not shared.table.game.over:
    shared.play_bots()
    for decision in shared.table.waiting:
        if shared.info.seats[decision.seat] != "student":
            continue
        bot = bots.setdefault(decision.seat, shared.entry.bot_seat("random", int(sys.argv[3])))
        action, _ = bot.decide(shared.table.game, decision)
        try:
            shared.act(action)
        except IllegalAction:
            pass                      # another process came first, or the table is paused
        break
    if shared.paused:
        time.sleep(0.01)
print(json.dumps(shared.table.game.to_record().to_json()))
"""


def students(where: object, table_id: str, seed: int) -> subprocess.Popen:
    """A process playing every student seat (and the bots) of table `table_id`."""
    return subprocess.Popen([sys.executable, "-c", STUDENTS, str(where), table_id, str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def player(where: object, table_id: str) -> subprocess.Popen:
    """A process playing the bots of table `table_id` in the store at `where`."""
    return subprocess.Popen([sys.executable, "-c", PLAYER, str(where), table_id],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class PostgresServer:
    """One running server; `database()` makes a fresh empty database and returns its URL."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="cardlab-pg-"))
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if runuser is None:
                shutil.rmtree(self.base)
                pytest.skip("PostgreSQL will not run as root and runuser is missing")
            self.prefix = [runuser, "-u", RUN_AS, "--"]
            shutil.chown(self.base, RUN_AS)
        self.data = self.base / "data"
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self._run("initdb", "-D", str(self.data), "-U", "cardlab", "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        self.start()

    def _run(self, program: str, *args: str) -> None:
        result = subprocess.run([*self.prefix, str(self.bindir / program), *args],
                                capture_output=True, text=True, timeout=120, cwd=self.base)
        if result.returncode != 0:
            raise RuntimeError(f"{program} failed: {result.stderr}{result.stdout}")

    def start(self) -> None:
        """Start (or restart) the server; returns once it takes connections."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.base / "log"), "-w", "-o",
                  f"-k {self.base} -c listen_addresses=127.0.0.1 -p {self.port} "
                  "-c fsync=off -c full_page_writes=off", "start")

    def stop(self) -> None:
        """Stop the server (its clients' connections break)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://cardlab@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


def postgres_bindir() -> Path | None:
    """The folder of `initdb` and `pg_ctl`: on the PATH, or Debian's newest version."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    debian = sorted(glob("/usr/lib/postgresql/*/bin/initdb"),
                    key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit()
                    else 0)
    return Path(debian[-1]).parent if debian else None


def postgres_server() -> Iterator[PostgresServer]:
    """A fixture body: one server for the module, removed afterwards (or a skip)."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install "
                                          "'cardlab[classroom-postgres]')")
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries not found (Debian: apt-get install postgresql)")
    server = PostgresServer(bindir)
    try:
        yield server
    finally:
        server.remove()


# A student's kernel as a process: the real `StudentView` on an asyncio loop, its page
# answering every ask at once, playing its Black Widow seat by the widget's card buttons
# until the table has `stop` actions. It prints one JSON line per move it made
# ({"moved": seq, "at": t}), per change it saw ({"saw": seq, "at": t}) and per read of the
# table ({"read": t}; `t` is `time.monotonic`, the same clock in every process), then its
# record. With FOLLOW_SECONDS
# this long, a PostgreSQL view reads the table only when it is told of a change.
KERNEL = """
import asyncio, json, sys, time
from cardlab.classroom.room import Room
from cardlab.widgets import classroom_student

classroom_student.FOLLOW_SECONDS = 3600
where, table, seat, holder, stop = sys.argv[1:6]

def say(**line):
    print(json.dumps(line), flush=True)

async def main():
    room = Room.open(where)
    store, read = room.store, room.store.poll

    def poll(*args):                  # every read of the table, said
        say(read=time.monotonic())
        return read(*args)

    store.poll = poll
    view = classroom_student.StudentView(room, table, int(seat), holder=holder)
    presence = view.presence
    presence.send = lambda content, buffers=None: presence.take({"pong": content["ping"]})
    seen = -1
    while True:
        if view.playing:
            shared = view.shared
            if shared.seq != seen:
                seen = shared.seq
                say(saw=seen, at=time.monotonic())
            if shared.seq >= int(stop):
                break
            widget = view.table
            if widget.decision is not None and widget.decision.kind == "play":
                code = next(c["code"] for c in widget.hand.cards if not c["disabled"])
                before, at = shared.seq, time.monotonic()
                widget.hand.click(code)
                if shared.seq > before:
                    say(moved=before + 1, at=at)
        await asyncio.sleep(0.02)
    print(json.dumps(view.shared.table.game.to_record().to_json()), flush=True)

asyncio.run(main())
"""


def kernel(where: object, table_id: str, seat: int, holder: str, stop: int) -> subprocess.Popen:
    """A student's kernel (see `KERNEL`) playing `seat` of `table_id` until `stop` actions."""
    return subprocess.Popen([sys.executable, "-c", KERNEL, str(where), table_id, str(seat),
                             holder, str(stop)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def store_locations(request: pytest.FixtureRequest,
                    tmp_path: Path) -> Callable[[], str]:
    """A fixture body over `BACKENDS`: makes the location of a new store of the test's
    kind each time it is called (a module using it defines the `postgres` fixture)."""
    if request.param == "sqlite":
        names = iter(range(100))
        return lambda: str(tmp_path / f"class{next(names)}.sqlite")
    return request.getfixturevalue("postgres").database
