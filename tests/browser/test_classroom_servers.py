"""Two `cardlab classroom` servers on one PostgreSQL store: the students of one table on
either server play together, and when one server dies mid-game (kill -9) its student
reopens the seat's link on the other server and the game goes on, nothing lost.

The PostgreSQL server is the throwaway one of the store tests (skipped where it cannot
start); the pages are driven as in `test_app_classroom` (by `tests/helpers/classroom_pages.py`).
"""

from __future__ import annotations

import pytest

from cardlab.classroom.room import Room

from helpers.classroom_pages import make_table, start_classroom, take_turn
from helpers.stores import postgres_server

postgres = pytest.fixture(scope="module")(postgres_server)


def test_students_on_two_servers_play_one_table_and_one_server_may_die(
        browser, postgres, tmp_path):
    url = postgres.database()
    first, first_url = start_classroom(url, tmp_path)
    second, second_url = start_classroom(url, tmp_path)
    room = Room.open(url)
    contexts = [browser.new_context() for _ in range(4)]
    try:
        teacher, ann, ben, ann_again = (context.new_page() for context in contexts)
        table, links = make_table(teacher, first_url, room)
        ann.goto(links[0])                                   # seat 0 on the first server
        ben.goto(links[1].replace(first_url, second_url))    # seat 1 on the second
        for page in (ann, ben):
            page.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        for _ in range(3):                  # each move shows on the other server's page
            take_turn({0: ann, 1: ben}, room, table)
        before = room.store.actions(table)
        told = ben.locator(".cardlab-log li").count()
        first.kill()                                         # the first server dies
        first.wait(timeout=60)
        ann_again.goto(links[0].replace(first_url, second_url))
        ann_again.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        ann_again.wait_for_function(       # the reopened seat goes on where the game stood
            "n => document.querySelectorAll('.cardlab-log li').length >= n", arg=told,
            timeout=60_000)
        for _ in range(3):
            take_turn({0: ann_again, 1: ben}, room, table)
        after = room.store.actions(table)
        assert after[:len(before)] == before and len(after) > len(before)
        assert [seq for seq, _ in after] == list(range(1, len(after) + 1))
    finally:
        for context in contexts:
            context.close()
        for process in (first, second):
            process.terminate()
            process.wait(timeout=60)
