"""Shared tables kept in a store: the rules, the seed, who sits where, and every action.

A store is a SQLite file (WAL mode, created on first use) or a PostgreSQL
database named by a ``postgresql://`` URL, for a school server or a JupyterHub
whose kernels do not share a disk. Both keep the same tables and answer the
same calls.

A table's game is never stored, only the append-only list of its actions: the
state is always the replay of that list. Each action has a sequence number;
two processes that append the same number race, and the second one is told
so (`append` returns False) and replays what the first one wrote.

A store knows its own: a SQLite file carries an application id and a database
a `meta` row, so a store refuses to open a file or database that is not its
own, and never writes over it. A SQLite file is judged by its header before
it is opened: a refused file (and its ``-wal`` and ``-shm``) is left byte for
byte as it was. Only ``create=True`` makes a store, and only where no file is;
the file (and so its ``-wal`` and ``-shm``) is readable by its owner only.

Tokens are kept as their SHA-256 only, so a copy of a store opens no seat:
a link is shown when it is made (`new_token`, `new_teacher_token`) and can
never be read back, only replaced.

A SQLite store that is moved, deleted, replaced or emptied while it is open
is not followed: every later call says so (`classroom.store_gone`), and
nothing is made in its place.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table = store.create_table("any game", {"players": 3}, seed=5,
...                            seats=["student", "student", "bot:any"])
>>> token = store.new_token(table, 1)
>>> store.find_token(token) == (table, 1, ACTIVE)
True
>>> store.active_tokens(table) == {1: token_hash(token)}    # the token itself is not kept
True
>>> first = store.append(table, 1, {"an action": "as the game writes it"})
>>> first, store.append(table, 1, {"another": "action"})       # number 1 is taken
(True, False)
>>> [seq for seq, _ in store.actions(table)]
[1]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from cardlab.errors import CardlabError

#: "cdlb" in the SQLite header: how a store knows a file is its own.
APPLICATION_ID = 0x63646C62
#: The `meta` row that marks a PostgreSQL database as a classroom store.
APPLICATION = "cardlab-classroom"
#: 3: tokens kept as their SHA-256 (2 kept them in clear), replaced seat links.
SCHEMA_VERSION = 3
#: How long a writer waits for another process's transaction before giving up, in ms.
BUSY_TIMEOUT_MS = 10_000
#: The URL schemes of a PostgreSQL store.
POSTGRES_SCHEMES = ("postgresql", "postgres")
#: Characters of a table id or token: `secrets.token_urlsafe` of 18 and 24 bytes.
TABLE_ID_BYTES = 12
TOKEN_BYTES = 24
STUDENT = "student"
#: The channel a PostgreSQL store notifies on when a table changed (payload: its id);
#: see `cardlab.classroom.changes`.
CHANNEL = "cardlab_classroom"
#: What a seat token is now (`find_token`): the seat's link, replaced by a newer
#: one, or the seat went to a bot.
ACTIVE, REPLACED, TO_BOT = "active", "replaced", "bot"


def token_hash(token: str) -> str:
    """What a store keeps of a token: its SHA-256, in hex.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def table_id_text() -> str:
    """A fresh random table id that never starts with "-", so that a command line
    (``cardlab classroom export ID``) cannot take it for an option.

    >>> all(not table_id_text().startswith("-") for _ in range(200))
    True
    """
    while (table_id := secrets.token_urlsafe(TABLE_ID_BYTES)).startswith("-"):
        pass
    return table_id


_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # `setup` counts changes to seats, pause and reveal, so a poll sees them at once.
    "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, "
    "seed BIGINT NOT NULL, seats TEXT NOT NULL, paused INTEGER NOT NULL DEFAULT 0, "
    "revealed INTEGER NOT NULL DEFAULT 0, setup INTEGER NOT NULL DEFAULT 0, "
    "created BIGINT NOT NULL)",
    "CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), "
    "seq INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (table_id, seq))",
    # One row per seat token ever given, keyed by the token's SHA-256; a replaced link or
    # a seat handed to a bot keeps its row, inactive, so an old link is told what
    # happened. `holder` is the browser playing the seat now.
    "CREATE TABLE seats (token_sha256 TEXT PRIMARY KEY, "
    "table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, "
    "active INTEGER NOT NULL DEFAULT 1, replaced INTEGER NOT NULL DEFAULT 0, holder TEXT, "
    "heartbeat DOUBLE PRECISION)",
    "CREATE INDEX seats_of_table ON seats (table_id, seat)",
)
#: The lessons' tables (`cardlab.classroom.lesson_log`): each student's lesson link, by its
#: token's SHA-256, every exercise attempt made through one, and the results of the
#: tournaments of a learner's own bot. A store made before any of them existed gets them
#: when it is opened (`Store._add_lesson_tables`), and a table made before one of its
#: columns existed gets the column (`LESSON_COLUMNS`): only tables and columns that may be
#: empty are added, so the cardlab that made the store still opens it.
LESSON_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS learners (token_sha256 TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "active INTEGER NOT NULL DEFAULT 1, created BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS learners_by_name ON learners (name)",
    # `id` is made by the kernel for each attempt, so a write tried again after a lost
    # connection is kept once. `exercise` is the exercise's place in its lesson,
    # `exercise_id` its name (NULL in rows written before exercises had names).
    "CREATE TABLE IF NOT EXISTS attempts (id TEXT PRIMARY KEY, student TEXT NOT NULL, "
    "lesson INTEGER NOT NULL, exercise INTEGER NOT NULL, seed BIGINT, tries INTEGER NOT NULL, "
    "tier INTEGER NOT NULL, solved INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, "
    "exercise_id TEXT)",
    # A tournament of a learner's own bot (`cardlab.classroom.bot_runs`): its numbers only,
    # the opponents' as JSON; `low` and `high` are NULL where the interval has no ends.
    "CREATE TABLE IF NOT EXISTS bot_runs (id TEXT PRIMARY KEY, student TEXT NOT NULL, "
    "lesson INTEGER NOT NULL, seed BIGINT, hands INTEGER NOT NULL, "
    "mean DOUBLE PRECISION NOT NULL, low DOUBLE PRECISION, high DOUBLE PRECISION, "
    "others TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
)
#: The tables of `LESSON_SCHEMA`.
LESSON_TABLES = ("learners", "attempts", "bot_runs")
#: The columns of `LESSON_SCHEMA` that its tables were first made without: (table, column,
#: type). Each may be NULL, so rows written by a cardlab that knows it not stay valid.
LESSON_COLUMNS = (("attempts", "exercise_id", "TEXT"),)
_TABLE_COLUMNS = "id, game, rules, seed, seats, paused, revealed, setup"


@dataclass(frozen=True)
class TableInfo:
    """What a shared table is: its game, rule options, seed, who controls each seat,
    whether the teacher paused it or revealed it, and `setup`, which counts those changes."""

    id: str
    game: str
    rules: dict[str, Any]
    seed: int
    #: Per seat: "student", or "bot:NAME".
    seats: tuple[str, ...]
    paused: bool = False
    revealed: bool = False
    setup: int = 0


class _Connection(Protocol):
    """One database connection, used by one thread at a time."""

    #: An SQL expression for the database's clock, in seconds since 1970.
    now: str

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    def run(self, sql: str, params: Sequence[Any] = ()) -> int: ...

    def transaction(self) -> Any: ...

    def close(self) -> None: ...


class _SQLite:
    """A SQLite file in WAL mode; writes take the write lock up front (BEGIN IMMEDIATE).

    Every call first checks that the path still names the file opened, not empty:
    a connection would otherwise go on with a deleted file (and lose every move
    with it) or with a file put in its place.
    """

    now = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path) -> None:
        self.path = path
        # mode=rw: a file that went away since it was checked is not made again.
        self.db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True,
                                  isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                                  check_same_thread=False)
        self.file = _identity(path)
        self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # With WAL, NORMAL survives any process crash (a kill -9 mid-move included);
        # only a power cut may lose the last moves, never corrupt the file.
        self.db.execute("PRAGMA synchronous = NORMAL")

    def _here(self) -> None:
        if self.file is None or _identity(self.path) != self.file:
            raise store_gone(str(self.path))

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        self._here()
        return self.db.execute(sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._here()
        return self.db.execute(sql, params).rowcount

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self._here()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def close(self) -> None:
        self.db.close()


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the file at `path`; None if there is none or it is empty."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_dev, found.st_ino) if found.st_size else None


class _Postgres:
    """A PostgreSQL database through psycopg 3 (autocommit, explicit transactions).

    A connection the server dropped (a restart, a network hiccup) fails that one
    call with a `CardlabError`; the next call connects again.
    """

    now = "extract(epoch from clock_timestamp())"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise CardlabError("classroom.no_psycopg") from None
        self.psycopg = psycopg
        self.url = url
        self.db = self._connect()

    def _connect(self) -> Any:
        try:
            return self.psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self.psycopg.Error as err:
            raise CardlabError("classroom.no_database", url=redacted(self.url),
                               why=_last_line(err)) from None

    def _live(self) -> Any:
        if self.db.broken:
            self.db = self._connect()
        return self.db

    @contextmanager
    def _lost(self) -> Iterator[None]:
        """A dropped connection or the store's tables gone, said as a `CardlabError`
        (other errors pass)."""
        try:
            yield
        except self.psycopg.OperationalError as err:
            raise store_lost(redacted(self.url), _last_line(err)) from None
        except (self.psycopg.errors.UndefinedTable, self.psycopg.errors.UndefinedColumn):
            raise store_gone(redacted(self.url)) from None

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lost():
            rows: list[tuple[Any, ...]] = self._live().execute(sql.replace("?", "%s"),
                                                               params).fetchall()
            return rows

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._lost():
            count: int = self._live().execute(sql.replace("?", "%s"), params).rowcount
            return count

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lost(), self._live().transaction():
            yield

    def close(self) -> None:
        self.db.close()


def _last_line(err: Exception) -> str:
    """The last line of a database error: the part that says what happened."""
    lines = str(err).strip().splitlines()
    return lines[-1] if lines else type(err).__name__


def is_url(where: str | os.PathLike[str]) -> bool:
    """True for a PostgreSQL URL, False for a file path.

    >>> is_url("postgresql://class@school/cards"), is_url("class.sqlite")
    (True, False)
    """
    return isinstance(where, str) and urlsplit(where).scheme in POSTGRES_SCHEMES


#: The language of the terminal where `cardlab classroom` runs (its ``--lang``), for
#: what the store says there; the server sets it for its kernels.
TERMINAL_LANG_VARIABLE = "CARDLAB_CLASSROOM_LANG"
#: What this process said on its error stream about its stores: each is said once.
_SAID: set[str] = set()


def store_gone(place: str) -> CardlabError:
    """The error for a store that has gone while open. Students read it on their pages,
    so it names no file or server; the place is said once on this process's error
    stream, which for an app's kernel is the terminal of `cardlab classroom`.

    >>> "/home/me" in store_gone("/home/me/class7.sqlite").text()
    False
    """
    _say_once(CardlabError("classroom.store_gone_where", path=place))
    return CardlabError("classroom.store_gone")


def store_lost(place: str, why: str) -> CardlabError:
    """The error for a store whose connection dropped. Like `store_gone`'s, it names
    no server, since students read it; the place and why are said on the error stream.

    >>> "school" in store_lost("postgresql://t:***@school/cards", "reset").text()
    False
    """
    _say_once(CardlabError("classroom.store_lost_where", url=place, why=why))
    return CardlabError("classroom.store_lost")


def _say_once(error: CardlabError) -> None:
    """Print `error` on this process's error stream, unless it was said before."""
    lang = os.environ.get(TERMINAL_LANG_VARIABLE, "en")
    text = error.text(lang)
    if text not in _SAID:
        _SAID.add(text)
        print(text, file=sys.stderr, flush=True)


def redacted(url: str) -> str:
    """A URL fit to print: its password replaced by stars.

    >>> redacted("postgresql://teacher:secret@school:5432/cards")
    'postgresql://teacher:***@school:5432/cards'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


class Store:
    """The shared tables of a SQLite file or a PostgreSQL database.

    One store object may be used from several threads of a process (calls take
    turns); each process opens its own.
    """

    def __init__(self, where: str | os.PathLike[str], create: bool = True) -> None:
        """Open the store at `where`; with `create`, make one where there is none
        (a SQLite path with no file, a PostgreSQL database with no tables)."""
        self.where = str(where)
        self._lock = threading.RLock()
        self._db: _Connection
        if is_url(where):
            self._db = _Postgres(self.where)
            self._open_postgres(create)
        elif "://" in self.where:
            raise CardlabError("classroom.bad_url", url=redacted(self.where),
                               schemes=", ".join(f"{scheme}://" for scheme in POSTGRES_SCHEMES))
        else:
            path = Path(where)
            if create:
                _make_sqlite(path)
            check_sqlite(path)
            try:
                self._db = _SQLite(path)
            except sqlite3.DatabaseError:
                raise CardlabError("classroom.not_a_store", path=str(path)) from None
            self._add_lesson_tables()

    def _open_postgres(self, create: bool) -> None:
        where = redacted(self.where)
        with self._db.transaction():
            # Two kernels opening a new database at once: one creates, the other waits.
            self._db.rows("SELECT pg_advisory_xact_lock(?)", (APPLICATION_ID,))
            names = {name for name, in self._db.rows(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()")}
            if not names:
                if not create:
                    raise CardlabError("classroom.no_store", path=where)
                self._create()
                self._db.run("INSERT INTO meta (key, value) VALUES ('application', ?), "
                             "('version', ?)", (APPLICATION, str(SCHEMA_VERSION)))
                return
            meta = dict(self._db.rows("SELECT key, value FROM meta")) if "meta" in names else {}
            if meta.get("application") != APPLICATION:
                raise CardlabError("classroom.not_a_store", path=where)
            if meta.get("version") != str(SCHEMA_VERSION):
                raise _other_version(where, meta.get("version"))
            if not set(LESSON_TABLES) <= names:
                for statement in LESSON_SCHEMA:
                    self._db.run(statement)
            have = set(self._db.rows(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema()"))
            self._add_columns(have)

    def _create(self) -> None:
        for statement in (*_SCHEMA, *LESSON_SCHEMA):
            self._db.run(statement)

    def _add_lesson_tables(self) -> None:
        """Add the lessons' tables and columns to a SQLite store made without them (once:
        two processes opening it at once take turns, and the second finds them there)."""
        have = self._sqlite_columns()
        if {table for table, _ in have} >= set(LESSON_TABLES) and \
                have >= {(table, column) for table, column, _ in LESSON_COLUMNS}:
            return
        with self._lock, self._db.transaction():
            for statement in LESSON_SCHEMA:
                self._db.run(statement)
            self._add_columns(self._sqlite_columns())

    def _sqlite_columns(self) -> set[tuple[str, str]]:
        """The (table, column) pairs of the lessons' tables in a SQLite store."""
        rows = self._db.rows("SELECT m.name, c.name FROM sqlite_master m, "
                             "pragma_table_info(m.name) c WHERE m.type = 'table' AND "
                             f"m.name IN ({', '.join('?' * len(LESSON_TABLES))})",
                             LESSON_TABLES)
        return {(str(table), str(column)) for table, column in rows}

    def _add_columns(self, have: set[tuple[str, str]]) -> None:
        """Add each of `LESSON_COLUMNS` not in `have` (in the caller's transaction)."""
        for table, column, kind in LESSON_COLUMNS:
            if (table, column) not in have:
                self._db.run(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    @property
    def db(self) -> _Connection:
        """The connection, for the modules that keep their own tables in the store
        (`cardlab.classroom.lesson_log`); use it holding `lock`."""
        return self._db

    @property
    def lock(self) -> threading.RLock:
        """Taken around every use of `db`: calls from several threads take turns."""
        return self._lock

    def close(self) -> None:
        """Close the connection (a store is also closed when it is garbage collected)."""
        with self._lock:
            self._db.close()

    def new_teacher_token(self) -> str:
        """A fresh teacher token; the one before stops working. Only its SHA-256 is kept."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._db.run("INSERT INTO meta (key, value) VALUES ('teacher_sha256', ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                         (token_hash(token),))
        return token

    def is_teacher(self, token: str) -> bool:
        """True if `token` is the room's teacher token (compared in constant time)."""
        with self._lock:
            rows = self._db.rows("SELECT value FROM meta WHERE key = 'teacher_sha256'")
        return bool(rows) and hmac.compare_digest(str(rows[0][0]), token_hash(token))

    def watched(self) -> str | None:
        """The id of the table the teacher watched last (None: none yet, or it was let go)."""
        with self._lock:
            rows = self._db.rows("SELECT value FROM meta WHERE key = 'watched_table'")
        return str(rows[0][0]) if rows and rows[0][0] else None

    def watch(self, table_id: str | None) -> None:
        """Note the table the teacher watches, so that their page reloaded shows it again."""
        with self._lock:
            self._db.run("INSERT INTO meta (key, value) VALUES ('watched_table', ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                         (table_id or "",))

    def create_table(self, game: str, rules: dict[str, Any], seed: int,
                     seats: Sequence[str]) -> str:
        """A new table; returns its id (long and random). Its student seats get their
        tokens from `new_token`."""
        table_id = table_id_text()
        with self._lock:
            self._db.run("INSERT INTO tables (id, game, rules, seed, seats, created) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         (table_id, game, json.dumps(rules), seed, json.dumps(list(seats)),
                          time.time_ns()))
        return table_id

    def tables(self) -> list[TableInfo]:
        """Every table, oldest first."""
        with self._lock:
            rows = self._db.rows(f"SELECT {_TABLE_COLUMNS} FROM tables ORDER BY created, id")
        return [_info(row) for row in rows]

    def table(self, table_id: str) -> TableInfo:
        """One table by id; an unknown id is an error a teacher can read."""
        with self._lock:
            rows = self._db.rows(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?",
                                 (table_id,))
        if not rows:
            raise CardlabError("classroom.no_table", table=table_id)
        return _info(rows[0])

    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The table's actions with sequence numbers above `after`, in order."""
        with self._lock:
            rows = self._db.rows("SELECT seq, action FROM actions WHERE table_id = ? AND seq > ? "
                                 "ORDER BY seq", (table_id, after))
        return [(seq, json.loads(action)) for seq, action in rows]

    def poll(self, table_id: str, after: int) -> tuple[TableInfo, list[tuple[int, dict[str, Any]]]]:
        """The table as it is now and its actions above `after`, in one indexed query
        (kernels call this several times a second)."""
        with self._lock:
            rows = self._db.rows(
                f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS.split(', '))}, a.seq, "
                "a.action FROM tables t LEFT JOIN actions a ON a.table_id = t.id AND a.seq > ? "
                "WHERE t.id = ? ORDER BY a.seq", (after, table_id))
        if not rows:
            raise CardlabError("classroom.no_table", table=table_id)
        return _info(rows[0][:8]), [(seq, json.loads(action)) for *_, seq, action in rows
                                    if seq is not None]

    def append(self, table_id: str, seq: int, action: dict[str, Any],
               setup: int | None = None) -> bool:
        """Add action number `seq`, which must be the count so far plus one.

        False if another process appended that number first (or `seq` leaves a
        gap); with `setup`, also False if the table is paused or its seats changed
        since the caller read them (`TableInfo.setup`).
        """
        text = json.dumps(action)
        with self._lock:
            if seq != self._last(table_id) + 1:  # lost already: no need to wait for the lock
                return False
            condition = "" if setup is None else \
                " AND EXISTS (SELECT 1 FROM tables WHERE id = ? AND paused = 0 AND setup = ?)"
            with self._db.transaction():
                if setup is not None and isinstance(self._db, _Postgres):
                    # PostgreSQL reads each statement from a snapshot: without this lock a
                    # pause committed while the insert runs would not stop it, and the move
                    # would land after the pause. The share lock makes them take turns.
                    self._db.run("SELECT 1 FROM tables WHERE id = ? FOR SHARE", (table_id,))
                appended = self._db.run(
                    "INSERT INTO actions (table_id, seq, action) "
                    "SELECT CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS TEXT) "
                    "WHERE (SELECT coalesce(max(seq), 0) FROM actions WHERE table_id = ?) = ?"
                    + condition + " ON CONFLICT DO NOTHING",
                    (table_id, seq, text, table_id, seq - 1)
                    + (() if setup is None else (table_id, setup))) == 1
                if appended:
                    self._notify(table_id)
                return appended

    def _notify(self, table_id: str) -> None:
        """Tell other processes that table `table_id` changed (PostgreSQL: NOTIFY, sent
        when the transaction commits, in commit order; SQLite: nothing, views poll)."""
        if isinstance(self._db, _Postgres):
            self._db.run(f"SELECT pg_notify('{CHANNEL}', ?)", (table_id,))

    def _last(self, table_id: str) -> int:
        (last,), = self._db.rows("SELECT coalesce(max(seq), 0) FROM actions "
                                 "WHERE table_id = ?", (table_id,))
        return int(last)

    def new_token(self, table_id: str, seat: int) -> str:
        """A fresh token for a student seat: the seat's link from now on. The seat's
        token before (if any) stops working, and its browser loses the seat."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock, self._db.transaction():
            self._student_seats(table_id, seat)
            self._db.run("UPDATE seats SET active = 0, replaced = 1, holder = NULL, "
                         "heartbeat = NULL WHERE table_id = ? AND seat = ? AND active = 1",
                         (table_id, seat))
            self._db.run("INSERT INTO seats (token_sha256, table_id, seat) VALUES (?, ?, ?)",
                         (token_hash(token), table_id, seat))
        return token

    def _student_seats(self, table_id: str, seat: int) -> list[str]:
        """The table's seats, if `seat` is one of its student seats (else an error)."""
        (seats,), = self._db.rows("SELECT seats FROM tables WHERE id = ?", (table_id,)) \
            or [(None,)]
        if seats is None:
            raise CardlabError("classroom.no_table", table=table_id)
        controllers: list[str] = json.loads(seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < len(controllers) or controllers[seat] != STUDENT:
            raise CardlabError("classroom.not_a_student_seat", seat=seat)
        return controllers

    def active_tokens(self, table_id: str) -> dict[int, str]:
        """Each student seat's working token, as its SHA-256 (seats handed to a bot and
        seats never given a link have none)."""
        with self._lock:
            rows = self._db.rows("SELECT seat, token_sha256 FROM seats WHERE table_id = ? "
                                 "AND active = 1 ORDER BY seat", (table_id,))
        return {seat: digest for seat, digest in rows}

    def find_token(self, token: str) -> tuple[str, int, str] | None:
        """The table and seat of a seat token, and what it is now: `ACTIVE`, `REPLACED`
        by a newer link, or its seat went `TO_BOT`; None if unknown.

        The lookup is by the token's SHA-256, which a guesser cannot steer, so
        its timing tells nothing about the tokens kept.
        """
        with self._lock:
            rows = self._db.rows("SELECT table_id, seat, active, replaced FROM seats "
                                 "WHERE token_sha256 = ?", (token_hash(token),))
        if not rows:
            return None
        table_id, seat, active, replaced = rows[0]
        return table_id, seat, ACTIVE if active else REPLACED if replaced else TO_BOT

    def claim(self, table_id: str, seat: int, holder: str, lease: float,
              token_sha256: str | None = None) -> bool:
        """Hold a student seat for `holder`, if it is free, already its, or its holder has
        sent no heartbeat for `lease` seconds; with `token_sha256`, only while that token
        is still the seat's (a replaced link takes the seat no more)."""
        with self._lock:
            return self._db.run(
                f"UPDATE seats SET holder = ?, heartbeat = {self._db.now} "
                "WHERE table_id = ? AND seat = ? AND active = 1 AND (holder IS NULL OR "
                f"holder = ? OR heartbeat < {self._db.now} - ?)"
                + ("" if token_sha256 is None else " AND token_sha256 = ?"),
                (holder, table_id, seat, holder, lease)
                + (() if token_sha256 is None else (token_sha256,))) == 1

    def heartbeat(self, table_id: str, seat: int, holder: str) -> bool:
        """`holder` is still there; False if it no longer holds the seat."""
        with self._lock:
            return self._db.run(f"UPDATE seats SET heartbeat = {self._db.now} WHERE table_id = ? "
                                "AND seat = ? AND active = 1 AND holder = ?",
                                (table_id, seat, holder)) == 1

    def release(self, table_id: str, seat: int, holder: str) -> None:
        """`holder` left the seat (if it held it)."""
        with self._lock:
            if self._db.run("UPDATE seats SET holder = NULL, heartbeat = NULL WHERE "
                            "table_id = ? AND seat = ? AND holder = ?", (table_id, seat, holder)):
                self._notify(table_id)       # a page waiting for the seat takes it now

    def present(self, lease: float) -> set[tuple[str, int]]:
        """The (table, seat) pairs held by a browser that sent a heartbeat within `lease` s."""
        with self._lock:
            rows = self._db.rows("SELECT table_id, seat FROM seats WHERE active = 1 AND holder "
                                 f"IS NOT NULL AND heartbeat >= {self._db.now} - ?", (lease,))
        return {(table_id, seat) for table_id, seat in rows}

    def hand_over(self, table_id: str, seat: int, controller: str) -> None:
        """Seat `seat` is played by `controller` from now on; its token stops working."""
        with self._lock, self._db.transaction():
            controllers = self._student_seats(table_id, seat)
            controllers[seat] = controller
            self._db.run("UPDATE tables SET seats = ?, setup = setup + 1 WHERE id = ?",
                         (json.dumps(controllers), table_id))
            self._db.run("UPDATE seats SET active = 0, holder = NULL, heartbeat = NULL "
                         "WHERE table_id = ? AND seat = ? AND active = 1", (table_id, seat))
            self._notify(table_id)

    def set_flag(self, table_id: str, flag: str, value: bool) -> None:
        """Set `paused` or `revealed` of a table."""
        if flag not in ("paused", "revealed"):
            raise ValueError(flag)
        with self._lock:
            changed = self._db.run(f"UPDATE tables SET {flag} = ?, setup = setup + 1 "
                                   "WHERE id = ?", (int(value), table_id))
            if changed:
                self._notify(table_id)
        if not changed:
            raise CardlabError("classroom.no_table", table=table_id)


def _make_sqlite(path: Path) -> None:
    """A new store file at `path`, owner-only, if there is no file there (else nothing);
    refused where a store moved away while in use left its ``-wal`` behind.

    The tables and the header's id and version are written before the file is
    switched to WAL, so the header is right from the start, and a process that
    reads a half-made file's header refuses it rather than using it.
    """
    if not path.parent.is_dir():
        raise CardlabError("classroom.no_folder", path=str(path))
    wal = Path(f"{path}-wal")
    if wal.exists() and not path.exists():
        # SQLite would replay that WAL into the new file: another store's last moves.
        raise CardlabError("classroom.left_wal", path=str(path), wal=str(wal))
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        return
    except OSError as err:
        raise CardlabError("classroom.cannot_make", path=str(path),
                           why=err.strerror or err) from None
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        for statement in (*_SCHEMA, *LESSON_SCHEMA):
            db.execute(statement)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode = WAL")
    finally:
        db.close()


def check_sqlite(path: Path) -> None:
    """Refuse `path` unless it is a cardlab store of this version, from its header
    alone: the file is read as immutable (no lock, no ``-wal``, no ``-shm``), so a
    refused file and its ``-wal`` and ``-shm`` stay as they are.

    A store writes its header's id and version when it is made (and a
    migration, if ever, must checkpoint them), so the header tells the truth.
    SQLite reads the header, not a file handle of ours: closing one would drop
    the locks of this process's open connections to the file.

    >>> import tempfile, pathlib
    >>> empty = pathlib.Path(tempfile.mkdtemp()) / "class.sqlite"; empty.touch()
    >>> check_sqlite(empty)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: ... is empty: not a cardlab classroom store; it is left as it is.
    """
    try:
        found = path.stat()
    except FileNotFoundError:
        raise CardlabError("classroom.no_store", path=str(path)) from None
    except OSError as err:
        raise CardlabError("classroom.unreadable", path=str(path),
                           why=err.strerror or err) from None
    if not stat.S_ISREG(found.st_mode):
        raise CardlabError("classroom.not_a_store", path=str(path))
    if not found.st_size:
        raise CardlabError("classroom.empty_store", path=str(path))
    try:
        header = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
        try:
            (application,), = header.execute("PRAGMA application_id").fetchall()
            (version,), = header.execute("PRAGMA user_version").fetchall()
        finally:
            header.close()
    except sqlite3.OperationalError as err:
        raise CardlabError("classroom.unreadable", path=str(path), why=err) from None
    except sqlite3.DatabaseError:
        raise CardlabError("classroom.not_a_store", path=str(path)) from None
    if application != APPLICATION_ID:
        raise CardlabError("classroom.not_a_store", path=str(path))
    if version != SCHEMA_VERSION:
        raise _other_version(str(path), version)


def _other_version(where: str, version: object) -> CardlabError:
    """Why a store of another schema version is refused: an older one (made before
    tokens were hashed) is not changed in place, so its games can still be exported
    by the cardlab that made it.

    >>> print(_other_version("class.sqlite", 2).text("en"))  # doctest: +ELLIPSIS
    class.sqlite is a classroom store of version 2, made by an older cardlab; ...
    """
    older = isinstance(version, int | str) and str(version).isdigit() and \
        int(version) < SCHEMA_VERSION
    return CardlabError("classroom.store_older" if older else "classroom.store_version",
                        path=where, version=version, expected=SCHEMA_VERSION)


def _info(row: Sequence[Any]) -> TableInfo:
    table_id, game, rules, seed, seats, paused, revealed, setup = row
    return TableInfo(table_id, game, json.loads(rules), int(seed), tuple(json.loads(seats)),
                     bool(paused), bool(revealed), int(setup))
