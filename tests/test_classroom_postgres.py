"""The classroom store on PostgreSQL: a foreign database or another version is refused, and a
server restart mid-game loses nothing (skipped where no server can be started). The tests
that both stores share run on both: test_classroom.py, test_classroom_room.py,
test_classroom_store.py."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.classroom.changes import ChangeListener
from cardlab.classroom.room import LEASE_SECONDS, Room
from cardlab.classroom.store import Store
from cardlab.errors import CardlabError
from cardlab.widgets.classroom_student import HEARTBEAT_SECONDS

from helpers.stores import postgres_server
from helpers.table_processes import bots_playing, kernel, player

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


def test_a_server_restart_mid_game_loses_nothing_and_the_game_goes_on(postgres, capsys):
    url = postgres.database()
    store = Store(url)
    table_id, first = bots_playing(store, url, 20, seconds=120)
    postgres.stop()
    try:
        _, err = first.communicate(timeout=120)
        assert first.returncode != 0 and "connection to the classroom" in err  # said, not hung
        with pytest.raises(CardlabError, match="connection to the classroom's games") as lost:
            store.actions(table_id)
        # Students read the message on their pages: it names no server. The error stream,
        # the terminal of `cardlab classroom` for its kernels, says which.
        database = url.rpartition("/")[2]
        assert database not in str(lost.value)
        assert f"{database} was lost" in capsys.readouterr().err
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


#: Actions after which the student kernels stop: within the first hand (52 plays).
STOP = 50


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.startswith('{"')]


def test_two_servers_kernels_follow_one_table_by_notifications_and_lose_nothing(postgres):
    """Seat 0's kernel on one server, seat 1's on another, one PostgreSQL store: each
    reads the table only when told of a change (LISTEN/NOTIFY), sees every move in
    order, and when seat 0's server dies mid-game (kill -9), its student reopens the
    link on the other server and the game goes on with nothing lost."""
    url = postgres.database()
    room = Room.open(url)
    table_id = room.create_table("blackwidow", {"players": 4, "pass_cycle": ["hold"]}, 8,
                                 ["student", "student", "bot:random", "bot:random"])
    first = kernel(url, table_id, 0, "server-1-page", STOP)
    other = kernel(url, table_id, 1, "server-2-page", STOP)
    deadline = time.monotonic() + 120
    while len(room.store.actions(table_id)) < 20:
        assert time.monotonic() < deadline and first.poll() is None and other.poll() is None
        time.sleep(0.05)
    first.kill()                                         # its server stops mid-game
    killed = time.monotonic()
    out, _ = first.communicate(timeout=60)
    made = {line["moved"]: line["at"] for line in lines(out) if "moved" in line}
    stored = room.store.actions(table_id)
    assert made and set(made) <= {seq for seq, _ in stored}    # every move it made was kept
    again = kernel(url, table_id, 0, "server-2-new-page", STOP)   # reopened on server 2
    results = [process.communicate(timeout=300) for process in (again, other)]
    assert all(process.returncode == 0 for process in (again, other)), results
    final = room.shared(table_id)
    assert [seq for seq, _ in room.store.actions(table_id)] == list(range(1, final.seq + 1))
    assert room.store.actions(table_id)[:len(stored)] == stored
    # The kernels stop at STOP, but the bots they move may finish the hand (its 52nd
    # play) and deal the next one: the first hand is the one compared.
    hand = final.table.game.to_record().to_json()["hands"][0]
    for out, _ in results:       # each kernel's game: the store's, up to what it last saw
        seen = [line["saw"] for line in lines(out) if "saw" in line]
        assert seen == sorted(set(seen)) and seen[-1] >= STOP
        its_hand = next(line for line in lines(out) if "hands" in line)["hands"][0]
        assert its_hand["deal"] == hand["deal"]
        assert its_hand["plays"] == hand["plays"][:seen[-1]]   # the seed deals; each action a play
    # While seat 0's new page waits out the old one's lease, the table stands still and
    # seat 1's kernel, told of no change, does not read it (polling would, every 0.3 s).
    seated = next(line["at"] for line in lines(results[0][0]) if "saw" in line)
    reads = [line["read"] for line in lines(results[1][0]) if "read" in line]
    # The lease runs from the old page's last heartbeat, at most one heartbeat before the
    # kill: the new page waits at least that much less than a whole lease.
    assert seated - killed > LEASE_SECONDS - HEARTBEAT_SECONDS
    assert sum(killed + 1 < at < seated for at in reads) <= 3, (killed, seated, reads)
    made.update((line["moved"], line["at"]) for line in lines(results[0][0]) if "moved" in line)
    # Seat 1's kernel reads the table only when told (it never polls): how soon it saw
    # each of seat 0's moves (or a later state), from the click to the redraw.
    saw = [line for line in lines(results[1][0]) if "saw" in line]
    lags = sorted(min(line["at"] for line in saw if line["saw"] >= seq) - at
                  for seq, at in made.items() if seq <= saw[-1]["saw"])
    assert lags and lags[0] >= 0
    print(f"seat 0's moves reached seat 1's kernel in {1000 * lags[len(lags) // 2]:.0f} ms "
          f"(median of {len(lags)}), {1000 * lags[-1]:.0f} ms at most")


def test_a_listener_is_woken_by_each_change_of_its_table_and_after_a_lost_connection(postgres):
    url = postgres.database()
    room = Room.open(url)
    table_id, other = (room.create_table("fivesons", {"players": 3}, 2,
                                         ["student", "student", "bot:random"]) for _ in range(2))
    changes = ChangeListener(Store(url))

    async def woken(change) -> bool:
        change()
        return await changes.wait(table_id, 5 if change is not nothing else 0.5)

    def nothing():
        pass

    async def main():
        await changes.wait(table_id, 5)           # listening now
        assert not await woken(nothing)
        assert await woken(lambda: room.store.append(table_id, 1, {"deal": True}))
        assert not await woken(lambda: room.store.append(table_id, 1, {"deal": True}))  # lost
        assert not await woken(lambda: room.set_paused(other, True))    # another table
        assert await woken(lambda: room.set_paused(table_id, True))
        assert room.claim(table_id, 0, "page")
        assert await woken(lambda: room.release(table_id, 0, "page"))
        assert await woken(lambda: room.hand_to_bot(table_id, 1, "random"))
        postgres.stop()
        try:
            assert not await woken(nothing)
        finally:
            postgres.start()
        assert await changes.wait(table_id, 30)   # listening again: whatever was missed
        assert changes.connections == 2

    asyncio.run(main())
