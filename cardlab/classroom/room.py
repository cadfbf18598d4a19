"""A room: all shared tables of one class in one store, the teacher's and students' links.

The teacher's link carries the room's teacher token; each student seat has
its own token, and a seat is held by one browser at a time (a lease kept
alive by heartbeats, so a reload or another device takes over once the old
page is gone).

The store keeps only each token's SHA-256: a link is known to the room that
made it (`seat_tokens`) and to no one else; a lost one is replaced
(`new_seat_token`, `new_teacher_token`), and the one before stops working.

>>> import tempfile, pathlib
>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table_id = room.create_table(entry.name, {"players": 3}, 7,
...                              ["student", f"bot:{entry.default_bot}", "student"])
>>> tokens = room.seat_tokens(table_id)
>>> sorted(tokens), room.access(tokens[2]) == Access(table_id, 2)
([0, 2], True)
>>> room.access(room.new_teacher_token()).teacher
True
>>> room.claim(table_id, 2, "page-a"), room.claim(table_id, 2, "page-b")
(True, False)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from cardlab.classroom.bot_runs import BotRuns
from cardlab.classroom.lesson_log import LessonLog
from cardlab.classroom.shared import BOT_PREFIX, SharedTable
from cardlab.classroom.store import REPLACED, STUDENT, TO_BOT, Store, token_hash
from cardlab.errors import CardlabError
from cardlab.games import AnyGame
from cardlab.games import game as game_entry

#: Seconds without a heartbeat after which a seat's browser counts as gone.
LEASE_SECONDS = 5.0
#: Seeds are stored as 64-bit integers.
MAX_SEED = 2 ** 63 - 1


class AccessRefused(CardlabError):
    """A link whose token is wrong, or whose seat has been handed to a bot."""


@dataclass(frozen=True)
class Access:
    """What a token opens: the whole room (`teacher`), one seat of one table, or one
    `student`'s lessons."""

    table_id: str | None = None
    seat: int | None = None
    teacher: bool = False
    student: str | None = None


@dataclass(frozen=True)
class TableStatus:
    """A table at a glance, for the teacher's overview."""

    id: str
    game: str
    rules: dict[str, Any]
    seed: int
    #: Per seat: "student", or "bot:NAME".
    seats: tuple[str, ...]
    paused: bool
    revealed: bool
    #: How many actions have been appended.
    actions: int
    over: bool
    #: Student seats whose browser is there now (heartbeat within the lease).
    present: tuple[int, ...]


class Room:
    """All shared tables of one class, in one store."""

    def __init__(self, store: Store, lease: float = LEASE_SECONDS) -> None:
        self.store = store
        #: Seconds without a heartbeat after which another browser may take a seat.
        self.lease = lease
        self._replays: dict[str, SharedTable] = {}
        #: The seat tokens made here, per table: the store cannot give them back.
        self._made: dict[str, dict[int, str]] = {}
        #: (table, seat) -> the SHA-256 of the token that `access` let in for it here.
        self._let_in: dict[tuple[str, int], str] = {}
        #: Each student's lesson links and answers.
        self.lessons = LessonLog(store)
        #: The results of the tournaments of the students' own bots.
        self.bot_runs = BotRuns(store)
        #: The lesson tokens made here, by student.
        self._lesson_links: dict[str, str] = {}

    @classmethod
    def open(cls, where: str | os.PathLike[str], create: bool = True) -> Room:
        """The room of a SQLite file (created on first use unless not `create`; its
        folder must exist) or of a ``postgresql://`` URL."""
        return cls(Store(where, create))

    def new_teacher_token(self) -> str:
        """A fresh teacher token (long and random); the one before stops working.

        `cardlab classroom` makes one at each start and prints its link.
        """
        return self.store.new_teacher_token()

    def create_table(self, game: str, rules: dict[str, Any], seed: int,
                     seats: list[str]) -> str:
        """A new table; `seats` holds "student" or "bot:NAME" per seat. Returns its id.

        Each student seat gets its token (`seat_tokens`, in this room only). Unknown
        games, rule options, bots and a seat count that does not fit the rules are refused.
        """
        entry: AnyGame = game_entry(game)
        players = entry.read_rules(rules).players
        if len(seats) != players:
            raise CardlabError("classroom.seat_count", players=players, count=len(seats))
        for controller in seats:
            if controller != STUDENT:
                if not isinstance(controller, str) or not controller.startswith(BOT_PREFIX):
                    raise CardlabError("classroom.bad_seat", seat=controller)
                entry.bot_seat(controller.removeprefix(BOT_PREFIX), None)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise CardlabError("classroom.bad_seed", seed=seed, high=MAX_SEED)
        table_id = self.store.create_table(game, rules, seed, seats)
        for seat, controller in enumerate(seats):
            if controller == STUDENT:
                self.new_seat_token(table_id, seat)
        return table_id

    def tables(self) -> list[TableStatus]:
        """Every table, oldest first, as it stands now."""
        present = self.store.present(self.lease)
        statuses = []
        for info in self.store.tables():
            shared = self._replays.get(info.id)
            if shared is None:
                shared = self._replays[info.id] = SharedTable(self.store, info.id)
            else:
                shared.sync()
            statuses.append(TableStatus(
                info.id, info.game, info.rules, info.seed, shared.info.seats,
                shared.info.paused, shared.info.revealed, shared.seq, shared.table.game.over,
                tuple(seat for seat in range(len(info.seats)) if (info.id, seat) in present)))
        return statuses

    def seat_tokens(self, table_id: str) -> dict[int, str]:
        """Student seat -> its token, for the seat links (the teacher's eyes only): the
        working tokens that this room made; a seat whose link was made elsewhere (or
        before a restart) has none here, and gets one from `new_seat_token`."""
        self.store.table(table_id)
        working = self.store.active_tokens(table_id)
        return {seat: token for seat, token in sorted(self._made.get(table_id, {}).items())
                if working.get(seat) == token_hash(token)}

    def new_seat_token(self, table_id: str, seat: int) -> str:
        """A new link's token for a student seat: the old link stops working, and the
        browser on it loses the seat."""
        token = self.store.new_token(table_id, seat)
        self._made.setdefault(table_id, {})[seat] = token
        return token

    def access(self, token: str) -> Access:
        """What `token` opens; a wrong token, a replaced one, or one whose seat went to
        a bot, is refused with `AccessRefused`."""
        if not isinstance(token, str) or not token:
            raise AccessRefused("classroom.no_token")
        if self.store.is_teacher(token):
            return Access(teacher=True)
        found = self.store.find_token(token)
        if found is None:
            return self._lesson_access(token)
        table_id, seat, state = found
        if state == REPLACED:
            raise AccessRefused("classroom.replaced_token")
        if state == TO_BOT:
            raise AccessRefused("classroom.old_token", seat=seat)
        self._let_in[table_id, seat] = token_hash(token)
        return Access(table_id, seat)

    def _lesson_access(self, token: str) -> Access:
        learner = self.lessons.find(token)
        if learner is None:
            raise AccessRefused("classroom.bad_token")
        name, working = learner
        if not working:
            raise AccessRefused("classroom.replaced_token")
        return Access(student=name)

    def new_lesson_link(self, name: str) -> tuple[str, str]:
        """A new lesson link's token for the student `name` (their link before stops
        working); returns the name as kept (spaces tidied) and the token."""
        token = self.lessons.new_link(name)
        student, _ = self.lessons.find(token) or (name, True)
        self._lesson_links[student] = token
        return student, token

    def lesson_links(self) -> dict[str, str]:
        """Student -> lesson token, for the links made here that still work."""
        return {name: token for name, token in self._lesson_links.items()
                if self.lessons.find(token) == (name, True)}

    def claim(self, table_id: str, seat: int, holder: str) -> bool:
        """Hold a student seat for the browser `holder`: True if the seat was free,
        already this holder's, or its holder sent no heartbeat for `lease` seconds;
        False if another browser holds it, or if the link that `access` let in here
        for this seat has been replaced since."""
        return self.store.claim(table_id, seat, holder, self.lease,
                                self._let_in.get((table_id, seat)))

    def link_replaced(self, table_id: str, seat: int) -> bool:
        """True if the link that `access` let in here for this seat is no longer its
        working link (the teacher made it a new one, or handed the seat to a bot)."""
        let_in = self._let_in.get((table_id, seat))
        return let_in is not None and self.store.active_tokens(table_id).get(seat) != let_in

    def heartbeat(self, table_id: str, seat: int, holder: str) -> bool:
        """`holder` is still at the seat; False if it no longer holds it (taken over
        after its lease ran out, or handed to a bot)."""
        return self.store.heartbeat(table_id, seat, holder)

    def release(self, table_id: str, seat: int, holder: str) -> None:
        """`holder` leaves the seat: another browser may take it at once."""
        self.store.release(table_id, seat, holder)

    def hand_to_bot(self, table_id: str, seat: int, bot: str) -> None:
        """A student left: the bot called `bot` plays `seat` from now on, and the seat's
        old token stops working."""
        game_entry(self.store.table(table_id).game).bot_seat(bot, None)
        self.store.hand_over(table_id, seat, BOT_PREFIX + bot)

    def set_paused(self, table_id: str, paused: bool) -> None:
        """Pause a table (no move lands, bots wait) or let it go on."""
        self.store.set_flag(table_id, "paused", paused)

    def reveal(self, table_id: str) -> None:
        """Show every seat's cards to everyone: only once the game is over."""
        if not self.shared(table_id).table.game.over:
            raise CardlabError("classroom.not_over")
        self.store.set_flag(table_id, "revealed", True)

    def watched(self) -> str | None:
        """The table the teacher's page watched last, if it is still one of the room's."""
        table_id = self.store.watched()
        return table_id if table_id in {info.id for info in self.store.tables()} else None

    def watch(self, table_id: str | None) -> None:
        """Remember `table_id` (None: no table) as the one the teacher's page watches."""
        self.store.watch(table_id)

    def shared(self, table_id: str) -> SharedTable:
        """The table replayed in this process, ready to `sync`, `act` and `play_bots`."""
        return SharedTable(self.store, table_id)


#: The environment variable that tells app kernels where the room's store is
#: (an absolute SQLite path or a postgresql:// URL); `cardlab classroom` sets it.
STORE_VARIABLE = "CARDLAB_CLASSROOM_STORE"
#: The environment variable that, where set, gives the address students reach the
#: classroom at (a proxy in front of several servers, a JupyterHub's
#: ``https://HUB/hub/user-redirect``): the seat links start with it.
ADDRESS_VARIABLE = "CARDLAB_CLASSROOM_ADDRESS"
#: The classroom app's notebook, relative to the gallery's notebooks folder.
APP_PATH = "apps/classroom.ipynb"


def room_link(base: str, token: str) -> str:
    """The classroom app's address under `base` for `token` (the teacher's or a seat's).

    >>> room_link("http://127.0.0.1:8866/", "abc-_1")
    'http://127.0.0.1:8866/voila/render/apps/classroom.ipynb?token=abc-_1'
    """
    return f"{base.rstrip('/')}/voila/render/{APP_PATH}?{urlencode({'token': token})}"

