"""Shared tables kept in a SQLite file: the rules, the seed, who sits where, and every action.

A table's game is never stored, only the append-only list of its actions: the
state is always the replay of that list. Each action has a sequence number;
two processes that append the same number race, and the second one is told
so (`append` returns False) and replays what the first one wrote.

The file carries an application id, so a store refuses to open a database that
is not its own, and never writes over it.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table = store.create_table("fivesons", {"players": 3}, seed=5,
...                            seats=["student", "student", "bot:logician"])
>>> first = store.append(table, 1, {"ask": 0, "face": "QS", "heart": "3H"})
>>> first, store.append(table, 1, {"no_guess": 0})
(True, False)
>>> [seq for seq, _ in store.actions(table)]
[1]
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlab.errors import CardlabError

#: "cdlb" in the SQLite header: how a store knows a file is its own.
APPLICATION_ID = 0x63646C62
SCHEMA_VERSION = 1
#: How long a writer waits for another process's transaction before giving up, in ms.
BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


@dataclass(frozen=True)
class TableInfo:
    """What a shared table is: its game, rule options, seed and who controls each seat."""

    id: str
    game: str
    rules: dict[str, Any]
    seed: int
    #: Per seat: "student", or "bot:NAME".
    seats: tuple[str, ...]


class Store:
    """A folder's SQLite file of shared tables, created on first use (WAL mode)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        new = not self.path.exists()
        if not new and not self.path.is_file():
            raise CardlabError("classroom.not_a_store", path=str(self.path))
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS
                                       / 1000, check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            # With WAL, NORMAL survives any process crash (a kill -9 mid-move included);
            # only a power cut may lose the last moves, never corrupt the file.
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._open(new)
        except sqlite3.DatabaseError:
            raise CardlabError("classroom.not_a_store", path=str(self.path)) from None

    def _open(self, new: bool) -> None:
        (application,), = self._db.execute("PRAGMA application_id")
        (version,), = self._db.execute("PRAGMA user_version")
        if new or (application == 0 and version == 0 and not self._has_tables()):
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement.replace("CREATE TABLE",
                                                       "CREATE TABLE IF NOT EXISTS"))
            self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        elif application != APPLICATION_ID:
            raise CardlabError("classroom.not_a_store", path=str(self.path))
        elif version != SCHEMA_VERSION:
            raise CardlabError("classroom.store_version", path=str(self.path), version=version,
                               expected=SCHEMA_VERSION)

    def _has_tables(self) -> bool:
        return bool(self._db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall())

    def close(self) -> None:
        """Close the file (a store is also closed when it is garbage collected)."""
        self._db.close()

    def create_table(self, game: str, rules: dict[str, Any], seed: int,
                     seats: Sequence[str]) -> str:
        """A new table; returns its id (long and random: it is part of the teacher's link)."""
        table_id = secrets.token_urlsafe(12)
        self._db.execute("INSERT INTO tables (id, game, rules, seed, seats) VALUES (?, ?, ?, ?, ?)",
                         (table_id, game, json.dumps(rules), seed, json.dumps(list(seats))))
        return table_id

    def tables(self) -> list[TableInfo]:
        """Every table, oldest first."""
        rows = self._db.execute("SELECT id, game, rules, seed, seats FROM tables "
                                "ORDER BY created, rowid").fetchall()
        return [_info(row) for row in rows]

    def table(self, table_id: str) -> TableInfo:
        """One table by id; an unknown id is an error a teacher can read."""
        row = self._db.execute("SELECT id, game, rules, seed, seats FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
        if row is None:
            raise CardlabError("classroom.no_table", table=table_id[:40])
        return _info(row)

    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The table's actions with sequence numbers above `after`, in order."""
        rows = self._db.execute("SELECT seq, action FROM actions WHERE table_id = ? AND seq > ? "
                                "ORDER BY seq", (table_id, after)).fetchall()
        return [(seq, json.loads(action)) for seq, action in rows]

    def append(self, table_id: str, seq: int, action: dict[str, Any]) -> bool:
        """Add action number `seq`, which must be the count so far plus one.

        False if another process appended that number first (or `seq` leaves a gap).
        """
        text = json.dumps(action)
        if seq != self._last(table_id) + 1:  # lost already: no need to wait for the write lock
            return False
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if seq != self._last(table_id) + 1:
                self._db.execute("ROLLBACK")
                return False
            self._db.execute("INSERT INTO actions (table_id, seq, action) VALUES (?, ?, ?)",
                             (table_id, seq, text))
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")
        return True

    def _last(self, table_id: str) -> int:
        (last,), = self._db.execute("SELECT coalesce(max(seq), 0) FROM actions "
                                    "WHERE table_id = ?", (table_id,))
        return int(last)


def _info(row: tuple[str, str, str, int, str]) -> TableInfo:
    table_id, game, rules, seed, seats = row
    return TableInfo(table_id, game, json.loads(rules), seed, tuple(json.loads(seats)))
