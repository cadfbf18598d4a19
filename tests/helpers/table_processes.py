"""Processes that play a classroom table from its store, as other kernels would.

`player` plays every bot of a table until the game is over, then prints its
record; `students` plays the student seats too, racing the others; `kernel` is
one student's real `StudentView`, playing its seat by the widget's buttons.
`wait_for_actions` waits for them to have moved so far.
"""

from __future__ import annotations

import subprocess
import sys
import time

from cardlab.classroom.store import Store

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


def wait_for_actions(store: Store, table_id: str, count: int, seconds: float) -> None:
    """Wait until the table has `count` actions in `store`, or `seconds` have passed (the
    caller asserts what it needs)."""
    deadline = time.monotonic() + seconds
    while len(store.actions(table_id)) < count and time.monotonic() < deadline:
        time.sleep(0.02)


def bots_playing(store: Store, where: object, count: int,
                 seconds: float) -> tuple[str, subprocess.Popen]:
    """A Black Widow table of four bots (to 40 points) in `store` (at `where`), and a `player`
    process playing it, once the table has `count` actions (see `wait_for_actions`)."""
    table_id = store.create_table("blackwidow", {"players": 4, "end_above": 40}, 5,
                                  ["bot:heuristic"] * 4)
    process = player(where, table_id)
    wait_for_actions(store, table_id, count, seconds)
    return table_id, process
