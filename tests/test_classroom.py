"""Shared tables: a store many processes append to, and each process's replay of it; each
test on a SQLite file and on a PostgreSQL database where both apply."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.classroom.room import Room
from cardlab.classroom.shared import DEAL, SharedTable
from cardlab.classroom.store import Store
from cardlab.decisions import CHANCE
from cardlab.errors import CardlabError, IllegalAction
from cardlab.fivesons.actions import NoGuess, Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import FiveSonsRecord

from helpers.stores import BACKENDS, postgres_server, store_locations
from helpers.table_processes import bots_playing, player, students, wait_for_actions

postgres = pytest.fixture(scope="module")(postgres_server)
new_store = pytest.fixture(params=BACKENDS)(store_locations)


def test_a_foreign_or_broken_file_is_refused_and_left_as_it_is(tmp_path):
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE pupils (name TEXT)")
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    for path in (other, broken, tmp_path):
        before = path.read_bytes() if path.is_file() else None
        with pytest.raises(CardlabError, match="is not a cardlab classroom store"):
            Store(path)
        assert (path.read_bytes() if path.is_file() else None) == before


def test_a_move_is_seen_by_every_process_and_a_late_one_is_refused(new_store, monkeypatch):
    store = Store(new_store())
    table_id = store.create_table("fivesons", {"players": 3}, 3,
                                  ["student", "student", "student"])
    alice, other = SharedTable(store, table_id), SharedTable(Store(store.where), table_id)
    face, heart = alice.table.waiting[0].options[0]
    alice.act(Question(0, face, heart))
    assert [e.kind for e in other.sync()][:1] == ["ask"]
    assert other.table.game.events == alice.table.game.events
    append = other.store.append

    def alice_first(*args):          # alice's move lands between other's check and append
        alice.act(NoGuess(0))
        return append(*args)

    monkeypatch.setattr(other.store, "append", alice_first)
    with pytest.raises(IllegalAction) as late:
        other.act(NoGuess(0))
    assert late.value.text("en") == ("Another move came first, so yours was not played: Seat 0 "
                                     "has already let its chance to guess pass after this "
                                     "question.")
    assert "Ein anderer Zug kam zuerst" in late.value.text("de")
    assert [seq for seq, _ in store.actions(table_id)] == [1, 2]
    assert other.seq == 2 and other.table.game.guessing == alice.table.game.guessing


@pytest.mark.parametrize(("game", "rules", "seats", "processes"), [
    ("blackwidow", {"players": 4, "end_above": 25}, ["bot:random"] * 4, 6),
    ("fivesons", {"players": 3}, ["bot:logician"] * 3, 2),
])
def test_processes_racing_for_the_bots_lose_nothing_and_agree(new_store, game, rules, seats,
                                                              processes):
    path = new_store()
    store = Store(path)
    table_id = store.create_table(game, rules, 11, seats)
    running = [player(path, table_id) for _ in range(processes)]
    outputs = [process.communicate(timeout=300) for process in running]
    assert all(process.returncode == 0 for process in running), outputs
    records = {out for out, _ in outputs}
    assert len(records) == 1                        # every process saw the same game
    data = json.loads(records.pop())
    replayed = (BlackWidowGame.from_record(BlackWidowRecord.from_json(data))
                if game == "blackwidow" else
                FiveSonsGame.from_record(FiveSonsRecord.from_json(data)))
    assert replayed.over
    seqs = [seq for seq, _ in store.actions(table_id)]
    assert seqs == list(range(1, len(seqs) + 1))    # nothing lost, nothing doubled


def test_a_process_killed_mid_game_leaves_a_game_that_goes_on(tmp_path):
    # SQLite only: on PostgreSQL, test_classroom_postgres.py kills the server mid-game.
    path = tmp_path / "class.sqlite"
    store = Store(path)
    table_id, doomed = bots_playing(store, path, 30, seconds=60)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait()
    assert len(store.actions(table_id)) >= 30
    survivor = player(path, table_id)
    out, err = survivor.communicate(timeout=300)
    assert survivor.returncode == 0, err
    game = BlackWidowGame.from_record(BlackWidowRecord.from_json(json.loads(out)))
    assert game.over and game.winners


def test_a_student_move_then_the_bots_through_the_shared_table(new_store):
    store = Store(new_store())
    table_id = store.create_table("blackwidow", {"players": 3, "pass_cycle": ["hold"]}, 2,
                                  ["student", "bot:heuristic", "bot:random"])
    shared = SharedTable(store, table_id)
    shared.play_bots()
    (decision,) = shared.table.waiting
    assert decision.seat == 0
    with pytest.raises(IllegalAction):
        shared.act(Play(1, decision.options[0]))
    shared.act(Play(0, decision.options[0]))
    shared.play_bots()
    assert shared.table.waiting and shared.table.waiting[0].seat == 0
    assert SharedTable(store, table_id).table.game.to_record() == shared.table.game.to_record()
    (listed,) = store.tables()
    assert (listed.id, listed.game, listed.seats) == (table_id, "blackwidow",
                                                      ("student", "bot:heuristic", "bot:random"))


def test_the_opening_deal_is_the_tables_first_move_and_not_a_row_of_the_store(tmp_path):
    store = Store(tmp_path / "class.sqlite")
    rules = {"players": 3, "end_above": 30}        # no hand takes more than 26: two or more
    table_id = store.create_table("blackwidow", rules, 6, ["bot:random"] * 3)
    shared = SharedTable(store, table_id)
    opening = shared.table.moves[0]
    assert opening.seat == CHANCE and [event.kind for event in opening.events] == ["deal"]
    # The cards every process drew from the seed before the deal was a move.
    assert opening.action.cards == BlackWidowGame.new(shared.table.game.rules, 6).hands[0].deal
    shared.play_bots()
    moves = shared.table.moves
    assert shared.table.game.over and sum(move.seat == CHANCE for move in moves) >= 2
    # The store keeps one row a move after the opening deal, as stores written before it
    # was a move do: a later deal as the fact of it, a seat's move as the game writes it.
    rows = [data for _, data in store.actions(table_id)]
    assert rows == [DEAL if move.seat == CHANCE else shared.entry.encode(move.action)
                    for move in moves[1:]]
    again = SharedTable(store, table_id)
    assert again.seq == len(rows) and again.table.game == shared.table.game
    assert [move.action for move in again.table.moves] == [move.action for move in moves]


def _students_racing(where: str, end_above: int,
                     processes: int) -> tuple[Room, str, list[subprocess.Popen]]:
    """A Black Widow table of three students and a bot, and `processes` processes racing to
    play its student seats (see `students`), once all have started and it has 15 actions."""
    room = Room.open(where)
    table_id = room.create_table("blackwidow", {"players": 4, "end_above": end_above}, 8,
                                 ["student", "student", "student", "bot:heuristic"])
    running = [students(where, table_id, seed) for seed in range(processes)]
    assert [process.stderr.readline() for process in running] == ["ready\n"] * processes
    wait_for_actions(room.store, table_id, 15, seconds=120)
    return room, table_id, running


def test_students_racing_through_a_pause_and_a_seat_handed_to_a_bot_agree(new_store):
    path = new_store()
    # Long enough that six fast processes cannot end it before the pause (a busy
    # machine may keep this test from looking for seconds).
    room, table_id, running = _students_racing(path, end_above=200, processes=6)
    room.set_paused(table_id, True)
    paused_at = len(room.store.actions(table_id))
    time.sleep(1.0)                  # six processes keep trying all the while
    assert len(room.store.actions(table_id)) == paused_at
    room.hand_to_bot(table_id, 1, "heuristic")
    room.set_paused(table_id, False)
    outputs = [process.communicate(timeout=300) for process in running]
    assert all(process.returncode == 0 for process in running), outputs
    records = {out for out, _ in outputs}
    assert len(records) == 1
    game = BlackWidowGame.from_record(BlackWidowRecord.from_json(json.loads(records.pop())))
    assert game.over
    seqs = [seq for seq, _ in room.store.actions(table_id)]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) > paused_at
    (status,) = room.tables()
    assert status.over and status.seats == ("student", "bot:heuristic", "student",
                                             "bot:heuristic")


@pytest.mark.parametrize("version", [1, 2, 4])
def test_a_store_of_another_version_is_refused_and_left_as_it_is(tmp_path, version):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (id TEXT PRIMARY KEY)")
        db.execute("PRAGMA application_id = 1667525730")   # cardlab's, "cdlb"
        db.execute(f"PRAGMA user_version = {version}")
    before = path.read_bytes()
    with pytest.raises(CardlabError) as refused:
        Store(path)
    assert refused.value.text("en") == (
        f"{path} is a classroom store of version 4; this cardlab reads version 3."
        if version == 4 else
        f"{path} is a classroom store of version {version}, made by an older cardlab; this "
        "cardlab reads version 3 and leaves it as it is. Export its games with the cardlab "
        "that made it (cardlab classroom export), and start this one with a new store.")
    assert path.read_bytes() == before


def test_a_store_moved_mid_game_stops_every_process_and_keeps_the_game(new_store):
    # SQLite: the file moved away (its -wal left behind, as `mv` does); PostgreSQL: the
    # schema renamed. No process goes on with a new store, and the moved one is whole.
    where = new_store()
    room, table_id, running = _students_racing(where, end_above=200, processes=4)
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute("ALTER SCHEMA public RENAME TO moved")
        moved = f"{where}?options=-csearch_path%3Dmoved"
    else:
        moved = str(Path(where).with_name("moved.sqlite"))
        Path(where).rename(moved)
    outputs = [process.communicate(timeout=120) for process in running]
    assert all(process.returncode != 0 and "has gone since `cardlab classroom` started" in err
               for process, (_, err) in zip(running, outputs, strict=True)), outputs
    with pytest.raises(CardlabError, match="has gone since"):
        room.tables()
    room.store.close()
    with pytest.raises(CardlabError, match="There is no classroom store"):
        Store(where, create=False)
    if where.startswith("postgresql://"):
        kept = Store(moved, create=False)
    else:
        # The last moves are in the -wal left behind: no new store is made beside it
        # (SQLite would replay it into one), and the store put back has every move.
        left = sorted(Path(where).parent.iterdir())
        with pytest.raises(CardlabError, match="the store was moved or deleted while in use"):
            Store(where)
        assert sorted(Path(where).parent.iterdir()) == left
        Path(moved).rename(where)
        kept = Store(where, create=False)
    seqs = [seq for seq, _ in kept.actions(table_id)]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= 15
    assert SharedTable(kept, table_id).seq == len(seqs)     # the game replays whole
