"""A room: all shared tables of one class in one store, the teacher's and students' links.

The teacher's link carries the room's teacher token; each student seat has
its own token, and a seat is held by one browser at a time (a lease kept
alive by heartbeats, so a reload or another device takes over once the old
page is gone).

>>> import tempfile, pathlib
>>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table_id = room.create_table("fivesons", {"players": 3}, 7,
...                              ["student", "bot:logician", "student"])
>>> tokens = room.seat_tokens(table_id)
>>> sorted(tokens), room.access(tokens[2]) == Access(table_id, 2)
([0, 2], True)
>>> room.access(room.teacher_token).teacher
True
>>> room.claim(table_id, 2, "page-a"), room.claim(table_id, 2, "page-b")
(True, False)
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from cardlab.classroom.shared import BOT_PREFIX, SharedTable
from cardlab.classroom.store import STUDENT, Store
from cardlab.errors import CardlabError
from cardlab.games import GameEntry
from cardlab.games import game as game_entry

#: Seconds without a heartbeat after which a seat's browser counts as gone.
LEASE_SECONDS = 10.0
#: Seeds are stored as 64-bit integers.
MAX_SEED = 2 ** 63 - 1


class AccessRefused(CardlabError):
    """A link whose token is wrong, or whose seat has been handed to a bot."""


@dataclass(frozen=True)
class Access:
    """What a token opens: the whole room (`teacher`) or one seat of one table."""

    table_id: str | None = None
    seat: int | None = None
    teacher: bool = False


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

    @classmethod
    def open(cls, where: str | os.PathLike[str], create: bool = True) -> Room:
        """The room of a SQLite file (created on first use unless not `create`; its
        folder must exist) or of a ``postgresql://`` URL."""
        return cls(Store(where, create))

    @property
    def teacher_token(self) -> str:
        """The room's teacher token (long and random, made on first use, kept in the store)."""
        return self.store.teacher_token()

    def create_table(self, game: str, rules: dict[str, Any], seed: int,
                     seats: list[str]) -> str:
        """A new table; `seats` holds "student" or "bot:NAME" per seat. Returns its id.

        Each student seat gets its token (`seat_tokens`). Unknown games, rule
        options, bots and a seat count that does not fit the rules are refused.
        """
        entry: GameEntry = game_entry(game)
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
        return self.store.create_table(game, rules, seed, seats)

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
        """Student seat -> its token, for the seat links (the teacher's eyes only)."""
        self.store.table(table_id)
        return self.store.seat_tokens(table_id)

    def access(self, token: str) -> Access:
        """What `token` opens; a wrong token, or one whose seat went to a bot, is refused
        with `AccessRefused`."""
        if not isinstance(token, str) or not token:
            raise AccessRefused("classroom.no_token")
        if secrets.compare_digest(token.encode(), self.teacher_token.encode()):
            return Access(teacher=True)
        found = self.store.find_token(token)
        if found is None:
            raise AccessRefused("classroom.bad_token")
        table_id, seat, active = found
        if not active:
            raise AccessRefused("classroom.old_token", seat=seat)
        return Access(table_id, seat)

    def claim(self, table_id: str, seat: int, holder: str) -> bool:
        """Hold a student seat for the browser `holder`: True if the seat was free,
        already this holder's, or its holder sent no heartbeat for `lease` seconds;
        False if another browser holds it."""
        return self.store.claim(table_id, seat, holder, self.lease)

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

    def shared(self, table_id: str) -> SharedTable:
        """The table replayed in this process, ready to `sync`, `act` and `play_bots`."""
        return SharedTable(self.store, table_id)


#: The environment variable that tells app kernels where the room's store is
#: (an absolute SQLite path or a postgresql:// URL); `cardlab classroom` sets it.
STORE_VARIABLE = "CARDLAB_CLASSROOM_STORE"
#: The classroom app's notebook, relative to the gallery's notebooks folder.
APP_PATH = "apps/classroom.ipynb"


def room_link(base: str, token: str) -> str:
    """The classroom app's address under `base` for `token` (the teacher's or a seat's).

    >>> room_link("http://127.0.0.1:8866/", "abc-_1")
    'http://127.0.0.1:8866/voila/render/apps/classroom.ipynb?token=abc-_1'
    """
    return f"{base.rstrip('/')}/voila/render/{APP_PATH}?{urlencode({'token': token})}"

