"""The classroom store on PostgreSQL: a foreign database or another version is refused, and a
server restart mid-game loses nothing (skipped where no server can be started). The tests
that both stores share run on both: test_classroom.py, test_classroom_room.py,
test_classroom_store.py."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from classroom_helpers import player, postgres_server

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.classroom.room import Room
from cardlab.classroom.store import Store
from cardlab.errors import CardlabError

postgres = pytest.fixture(scope="module")(postgres_server)


def test_a_foreign_database_is_refused_and_left_as_it_is(postgres):
    import psycopg

    url = postgres.database()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE pupils (name TEXT)")
        db.execute("INSERT INTO pupils VALUES ('Ada')")
    with pytest.raises(CardlabError, match="is not a cardlab classroom store"):
        Store(url)
    with psycopg.connect(url) as db:
        tables = db.execute("SELECT table_name FROM information_schema.tables "
                            "WHERE table_schema = 'public'").fetchall()
        assert tables == [("pupils",)]
        assert db.execute("SELECT name FROM pupils").fetchall() == [("Ada",)]


def test_an_empty_database_is_made_a_store_once_and_export_does_not_make_one(postgres):
    url = postgres.database()
    with pytest.raises(CardlabError, match="There is no classroom store"):
        Room.open(url, create=False)
    teacher = Room.open(url).new_teacher_token()
    assert Room.open(url, create=False).access(teacher).teacher


def test_an_unreachable_server_is_said_in_one_line_without_the_password(postgres):
    url = postgres.url().replace("cardlab@", "cardlab:hunter2@").replace(
        str(postgres.port), "1")
    result = subprocess.run([sys.executable, "-m", "cardlab.cli", "classroom", "export", "x",
                             "--store", url], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("Cannot reach the PostgreSQL store postgresql://cardlab:***@")
    assert "hunter2" not in line


@pytest.mark.parametrize("version", ["2", "4"])
def test_a_store_of_another_version_is_refused_and_left_as_it_is(postgres, version):
    import psycopg

    url = postgres.database()
    Store(url).close()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("UPDATE meta SET value = %s WHERE key = 'version'", (version,))
        before = db.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
    with pytest.raises(CardlabError) as refused:
        Store(url)
    assert refused.value.text("en").startswith(
        f"{url} is a classroom store of version {version}, made by an older cardlab;"
        if version == "2" else f"{url} is a classroom store of version 4; this cardlab")
    with psycopg.connect(url) as db:
        assert db.execute("SELECT key, value FROM meta ORDER BY key").fetchall() == before


def test_a_server_restart_mid_game_loses_nothing_and_the_game_goes_on(postgres):
    url = postgres.database()
    store = Store(url)
    table_id = store.create_table("blackwidow", {"players": 4, "end_above": 40}, 5,
                                  ["bot:heuristic"] * 4)
    first = player(url, table_id)
    deadline = time.monotonic() + 120
    while len(store.actions(table_id)) < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    postgres.stop()
    try:
        _, err = first.communicate(timeout=120)
        assert first.returncode != 0 and "connection to the store" in err   # said, not hung
        with pytest.raises(CardlabError, match=r"connection to the store .* was lost"):
            store.actions(table_id)
    finally:
        postgres.start()
    before = store.actions(table_id)                 # this process connects again
    assert len(before) >= 20
    second = player(url, table_id)
    out, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    game = BlackWidowGame.from_record(BlackWidowRecord.from_json(json.loads(out)))
    assert game.over and game.winners
    after = store.actions(table_id)
    assert after[:len(before)] == before
    assert [seq for seq, _ in after] == list(range(1, len(after) + 1))
