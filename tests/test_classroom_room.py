"""A room: tokens and links, seats held by one browser, pause, hand to a bot, reveal;
each test on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

import time

import pytest

from cardlab.blackwidow.actions import Play
from cardlab.classroom.room import Access, AccessRefused, Room
from cardlab.classroom.shared import SharedTable
from cardlab.classroom.store import Store
from cardlab.errors import CardlabError, IllegalAction
from cardlab.fivesons.actions import Question

from helpers.stores import BACKENDS, postgres_server, store_locations

postgres = pytest.fixture(scope="module")(postgres_server)


new_store = pytest.fixture(params=BACKENDS)(store_locations)


@pytest.fixture
def room(new_store) -> Room:
    return Room.open(new_store())


def test_tokens_open_the_room_or_one_seat_and_nothing_else(room, new_store):
    table_id = room.create_table("fivesons", {"players": 3}, 4,
                                 ["student", "student", "bot:logician"])
    tokens = room.seat_tokens(table_id)
    teacher = room.new_teacher_token()
    assert sorted(tokens) == [0, 1] and len(set(tokens.values())) == 2
    assert all(len(token) >= 32 for token in [*tokens.values(), teacher])
    assert room.access(teacher) == Access(teacher=True)
    assert room.access(tokens[1]) == Access(table_id, 1)
    # Another process of the same store takes the same tokens, but cannot read them back.
    again = Room.open(room.store.where)
    assert again.access(teacher) == Access(teacher=True)
    assert again.access(tokens[0]) == Access(table_id, 0)
    assert again.seat_tokens(table_id) == {}
    for wrong in ("", tokens[1][:-1], teacher.upper(), "x" * 500, "\udcff"):
        with pytest.raises(AccessRefused) as refused:
            room.access(wrong)
        assert "ask your teacher" in refused.value.text("en")
        assert "Lehrkraft" in refused.value.text("de")
    other = Room.open(new_store())
    with pytest.raises(AccessRefused):
        other.access(teacher)


def test_a_bad_table_is_refused_and_nothing_is_stored(room):
    for args, key in [
        (("chess", {}, 1, ["student"]), "error.unknown_game"),
        (("fivesons", {"players": 9}, 1, ["student"] * 9), None),
        (("fivesons", {"players": 3}, 1, ["student", "student"]), "classroom.seat_count"),
        (("fivesons", {"players": 3}, 1, ["student", "human", "student"]), "classroom.bad_seat"),
        (("fivesons", {"players": 3}, 1, ["student", "bot:nobody", "student"]), None),
        (("fivesons", {"players": 3}, -1, ["student"] * 3), "classroom.bad_seed"),
        (("fivesons", {"players": 3}, 2 ** 64, ["student"] * 3), "classroom.bad_seed"),
    ]:
        with pytest.raises(CardlabError) as refused:
            room.create_table(*args)
        assert key is None or refused.value.key == key
    assert room.tables() == []
    with pytest.raises(CardlabError, match="There is no table 'nope'"):
        room.seat_tokens("nope")


def test_a_seat_is_held_by_one_browser_until_it_leaves_or_goes_quiet(room):
    table_id = room.create_table("blackwidow", {"players": 3}, 1, ["student"] * 3)
    assert room.claim(table_id, 0, "page-a")
    assert room.claim(table_id, 0, "page-a")          # a reload of the same page
    assert not room.claim(table_id, 0, "page-b")      # another browser: refused
    assert room.claim(table_id, 1, "page-b")
    assert [status.present for status in room.tables()] == [(0, 1)]
    assert room.heartbeat(table_id, 0, "page-a") and not room.heartbeat(table_id, 0, "page-b")
    room.release(table_id, 0, "page-b")               # not page-b's: nothing changes
    assert not room.claim(table_id, 0, "page-b")
    room.release(table_id, 0, "page-a")
    assert room.claim(table_id, 0, "page-b")
    quick = Room(room.store, lease=0.05)              # page-b goes quiet past the lease
    time.sleep(0.2)
    assert quick.claim(table_id, 0, "page-c")
    assert not quick.heartbeat(table_id, 0, "page-b")
    assert room.claim(table_id, 2, "page-a")
    with pytest.raises(CardlabError):
        room.hand_to_bot(table_id, 5, "random")
    assert not room.claim(table_id, 5, "page-a")      # no such seat


def test_a_paused_table_takes_no_move_and_its_bots_wait(room):
    table_id = room.create_table("blackwidow", {"players": 3, "pass_cycle": ["hold"]}, 2,
                                 ["student", "bot:heuristic", "bot:random"])
    student = room.shared(table_id)
    student.play_bots()
    (decision,) = student.table.waiting
    room.set_paused(table_id, True)
    with pytest.raises(IllegalAction) as paused:
        student.act(Play(0, decision.options[0]))
    assert "paused" in paused.value.text("en") and "angehalten" in paused.value.text("de")
    assert student.seq == 0 and room.store.actions(table_id) == []
    # A kernel that has not looked since the pause cannot sneak a move in either.
    stale = SharedTable(Store(room.store.where), table_id)
    room.set_paused(table_id, False)
    fresh = SharedTable(Store(room.store.where), table_id)
    room.set_paused(table_id, True)
    assert not stale.store.append(table_id, 1, stale.entry.encode(Play(0, decision.options[0])),
                                  fresh.info.setup)
    assert student.play_bots() == [] and [s.paused for s in room.tables()] == [True]
    room.set_paused(table_id, False)
    student.act(Play(0, decision.options[0]))
    assert student.play_bots() and student.seq > 1
    assert [s.paused for s in room.tables()] == [False]


def test_a_seat_handed_to_a_bot_is_played_by_it_and_its_link_stops_working(room):
    table_id = room.create_table("fivesons", {"players": 3}, 7,
                                 ["student", "student", "bot:logician"])
    tokens = room.seat_tokens(table_id)
    leaving = room.shared(table_id)
    staying = room.shared(table_id)
    assert room.claim(table_id, 0, "page-a")
    room.hand_to_bot(table_id, 0, "logician")
    with pytest.raises(AccessRefused) as old:
        room.access(tokens[0])
    assert old.value.text("en") == ("Seat 0 of this link has been handed to a bot; "
                                    "this link no longer works.")
    assert room.access(tokens[1]) == Access(table_id, 1)
    assert room.seat_tokens(table_id) == {1: tokens[1]}
    assert not room.heartbeat(table_id, 0, "page-a")
    face, heart = leaving.table.waiting[0].options[0]
    with pytest.raises(IllegalAction, match="Seat 0 is played by a bot now"):
        leaving.act(Question(0, face, heart))        # the old page had not synced yet
    staying.play_bots()                               # the other kernel plays the new bot
    assert staying.seq > 0 and all(d.seat == 1 for d in staying.table.waiting)
    (status,) = room.tables()
    assert status.seats == ("bot:logician", "student", "bot:logician")
    with pytest.raises(CardlabError, match="Seat 0 is not a student's seat"):
        room.hand_to_bot(table_id, 0, "random")
    with pytest.raises(CardlabError, match="unknown bot"):
        room.hand_to_bot(table_id, 1, "nobody")


def test_the_cards_are_revealed_only_once_the_game_is_over(room):
    table_id = room.create_table("blackwidow", {"players": 3, "end_above": 10}, 3,
                                 ["student", "bot:random", "bot:random"])
    with pytest.raises(CardlabError, match="only once the game is over"):
        room.reveal(table_id)
    room.hand_to_bot(table_id, 0, "random")
    shared = room.shared(table_id)
    while not shared.table.game.over:
        shared.play_bots()
    (status,) = room.tables()
    assert status.over and not status.revealed and status.actions == shared.seq
    room.reveal(table_id)
    assert room.tables()[0].revealed and room.shared(table_id).info.revealed


def test_the_watched_table_is_kept_in_the_store_for_the_next_page(room, new_store):
    table = room.create_table("fivesons", {"players": 3}, 2, ["student", "student", "bot:random"])
    assert room.watched() is None
    room.watch(table)
    assert Room.open(room.store.where).watched() == table
    room.watch(None)
    assert room.watched() is None
    room.watch("no-such-table")             # one that is not the room's is watched by none
    assert room.watched() is None
