"""Throwaway stores of both kinds for the classroom tests: a SQLite file, or a database
of a PostgreSQL server (Debian's `postgresql` package) started for the test module.

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
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from glob import glob
from pathlib import Path

import pytest

from helpers.network import free_port

RUN_AS = "nobody"
#: The kinds of store a test runs on, through `store_locations`.
BACKENDS = ["sqlite", "postgresql"]


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
        self.port = free_port()
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


def store_locations(request: pytest.FixtureRequest,
                    tmp_path: Path) -> Callable[[], str]:
    """A fixture body over `BACKENDS`: makes the location of a new store of the test's
    kind each time it is called (a module using it defines the `postgres` fixture)."""
    if request.param == "sqlite":
        names = iter(range(100))
        return lambda: str(tmp_path / f"class{next(names)}.sqlite")
    return request.getfixturevalue("postgres").database
