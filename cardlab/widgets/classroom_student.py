"""A student's screen at a classroom table: the game's own table widget, for the link's seat.

The seat is held by one page at a time (`Room.claim` with this kernel's random
holder id). The lease is kept alive by the page, not by the kernel: every
`HEARTBEAT_SECONDS` the kernel asks the page (`PagePresence`) and each answer
renews the lease. A kernel outlives a page that went without an unload (a
crashed browser, a phone that switched apps) until the server culls it, so a
heartbeat of the kernel's own would hold the seat for minutes.

A page that finds the seat held is told so politely, with the time it may
have to wait (`takeover_seconds`: the room's lease and two looks), and
takes the seat by itself once the other page has not answered for the lease.
A kernel that stops (a reload or a closed tab stops it) lets go of its seat
at once, so the new page of a reload gets it without waiting. The game is the
replay of the store, so the student continues where the table stands.

The kernel looks at the store in a task on its running event loop (never a
sleep: the page keeps answering). On SQLite it reads the table every
`POLL_SECONDS`; on PostgreSQL it reads it when a process on any server changed
it (LISTEN/NOTIFY, `cardlab.classroom.changes`), and looks after the lease
every `LOOK_SECONDS`. It lets due bots move, and redraws when another screen
moved. A paused table says so and refuses moves; a seat handed to a bot, or
whose link the teacher replaced (New link), says so and shows nothing more.

>>> import tempfile, pathlib
>>> from cardlab.classroom.room import Room
>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table = room.create_table(entry.name, {"players": 3}, 4,
...                           ["student", "student", f"bot:{entry.default_bot}"])
>>> ann = StudentView(room, table, 0, holder="ann")
>>> ann.playing, ann.table.decision.seat
(True, 0)
>>> "Seat 0 is open in another browser." in StudentView(room, table, 0, holder="bo").message.value
True
>>> takeover_seconds(room.lease)
6
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import html
import math
import secrets
import time
from typing import Any, Protocol

import ipywidgets as widgets

from cardlab.classroom.changes import listener
from cardlab.classroom.room import Room
from cardlab.classroom.shared import BOT_PREFIX, SharedTable
from cardlab.classroom.store import STUDENT
from cardlab.decisions import Decision
from cardlab.errors import CardlabError
from cardlab.games import Seated
from cardlab.games import game as game_entry
from cardlab.i18n import message
from cardlab.levels import bot_label
from cardlab.render.cards import hand_svg
from cardlab.widgets.controls import FOCUS_CLASS
from cardlab.widgets.guard import guard
from cardlab.widgets.presence import PagePresence

#: Seconds between two looks at the store (SQLite, which tells no changes).
POLL_SECONDS = 0.3
#: The longest between two looks after the lease, on either store.
LOOK_SECONDS = 0.5
#: PostgreSQL: the longest between two reads of the table, should a change not be told
#: (a listening connection that hangs without breaking).
FOLLOW_SECONDS = 15.0
#: Seconds between two asks whether the page is there (each answer renews the lease).
HEARTBEAT_SECONDS = 1.0
#: This kernel's holder id: one browser page is one kernel.
HOLDER = secrets.token_urlsafe(16)
#: The CSS class of a seat's table widget, whatever the game (pages wait for it).
TABLE_CLASS = "cardlab-classroom-table"



class SeatWidget(Protocol):
    """A game's table widget at a classroom seat (`GameEntry.table_widget`): an ipywidget."""

    #: How each seat is called on this screen; set when a seat goes to a bot.
    names: tuple[str, ...]

    @property
    def decision(self) -> Decision[Any, Any] | None:
        """The decision this seat must take now, or None."""
        ...

    def others_moved(self) -> None:
        """Show what the other screens (and the bots) did since the last look."""
        ...

    def add_class(self, className: str) -> object:
        """Mark the widget with a CSS class (every ipywidget can)."""
        ...


def takeover_seconds(lease: float) -> int:
    """The longest a page waits for a seat whose other page went without a word: the
    lease, counted from that page's last answer (renewed at the next look), and one
    more look of the waiting page.

    >>> takeover_seconds(10.0)
    11
    """
    return math.ceil(lease + 2 * LOOK_SECONDS)


def seat_names(controllers: tuple[str, ...], me: int | None, lang: str,
               game: str | None = None) -> list[str]:
    """How each seat is called at a classroom table, from `me`'s screen (None: the teacher's);
    with the table's `game`, each bot by the name a learner reads (`cardlab.levels.bot_label`).

    >>> seat_names(("student", "bot:mine", "student"), 2, "en")
    ['Seat 0 (student)', 'Seat 1 (mine)', 'You']
    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> seat_names((f"bot:{entry.levels['beginner']}",), None, "de", entry.name)
    ['Platz 0 (Anfänger)']
    """
    entry = None if game is None else game_entry(game)

    def bot(name: str) -> str:
        return name if entry is None else bot_label(entry, name, lang)

    return [_text("you", lang, seat=seat) if seat == me else
            _text("bot", lang, seat=seat, bot=bot(controller.removeprefix(BOT_PREFIX)))
            if controller.startswith(BOT_PREFIX) else _text("student", lang, seat=seat)
            for seat, controller in enumerate(controllers)]


class StudentView(widgets.VBox):
    """A message line (seat held elsewhere, paused, handed to a bot) and the seat's table."""

    def __init__(self, room: Room, table_id: str, seat: int, lang: str = "en",
                 holder: str = HOLDER) -> None:
        self.room = room
        self.table_id = table_id
        self.seat = seat
        self.lang = lang
        self.holder = holder
        self.shared: SharedTable = room.shared(table_id)
        self.table: SeatWidget | None = None
        #: False once the seat went to a bot or to another browser: the view stops.
        self.active = True
        self.message = widgets.HTML()
        self.revealed = widgets.HTML()
        #: Asks the page whether it is still open; its answers renew the lease.
        self.presence = PagePresence()
        #: When the page was last known to be there: made now, then its last answer.
        self._seen = time.monotonic()
        self._asked = 0.0
        self._renewed: float | None = None    # the answer the lease was last renewed for
        self._paused = False
        self._revealed = False      # every seat's cards are shown (read here, not from the page)
        self._followed = 0.0                  # when the table was last read
        self._task: asyncio.Task[None] | None = None
        super().__init__([self.message, self.presence])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-classroom-student")
        guard(self)
        if room.claim(table_id, seat, holder):
            self._sit()
        else:
            self._say("held", seat=seat, seconds=takeover_seconds(room.lease))
        self._start_polling()

    @property
    def playing(self) -> bool:
        """True while this page holds the seat and shows its table."""
        return self.active and self.table is not None

    def poll(self) -> None:
        """One look at the store: ask whether the page is there, renew the lease with its
        answer, take a seat that came free, let bots move, show what others did, the
        pause and the end."""
        if self._keep_lease():
            self._follow()

    def _keep_lease(self) -> bool:
        """Ask the page whether it is there, renew the lease with its answer, take the seat
        if it came free; True if this page plays the seat."""
        if not self.active:
            return False
        now = time.monotonic()
        if now - self._asked >= HEARTBEAT_SECONDS:
            self._asked = now
            self.presence.ask()
        answered = self.presence.answered
        fresh = answered is not None and answered != self._renewed
        if answered is not None:
            self._seen = max(self._seen, answered)
        if self.table is None:
            # A kernel whose page is gone stops asking for the seat, so that it does
            # not take it from a page that is there.
            if now - self._seen < self.room.lease:
                if self.room.claim(self.table_id, self.seat, self.holder):
                    self._renewed = answered
                    self._sit()
                elif self.room.link_replaced(self.table_id, self.seat):
                    self._leave("replaced", seat=self.seat)
            return False
        if fresh:
            self._renewed = answered
            if not self.room.heartbeat(self.table_id, self.seat, self.holder):
                self._leave(self._why_lost(), seat=self.seat)
                return False
        return True

    def _why_lost(self) -> str:
        """Why the seat is no longer this page's: handed to a bot, its link replaced by
        the teacher, or taken by another browser after this page's lease ran out."""
        self.shared.sync()
        if self.shared.info.seats[self.seat] != STUDENT:
            return "handed"
        return "replaced" if self.room.link_replaced(self.table_id, self.seat) else "taken"

    def _follow(self) -> None:
        """Let bots move, show what others did, the pause and the end."""
        assert self.table is not None
        self._followed = time.monotonic()
        moved = bool(self.shared.play_bots())
        if self.shared.info.seats[self.seat] != STUDENT:
            self._leave("handed", seat=self.seat)
            return
        changed = self._paused != self.shared.paused
        names = tuple(seat_names(self.shared.info.seats, self.seat, self.lang,
                                  self.shared.info.game))
        if names != self.table.names:       # another seat went to a bot
            self.table.names = names
            moved = True
        if moved or changed:
            self.table.others_moved()
        if changed or (self.shared.info.revealed and not self._revealed):
            self._show_state()

    def release(self) -> None:
        """Let go of the seat at once (the kernel stops: its page is gone for good)."""
        if self.playing:
            self.room.release(self.table_id, self.seat, self.holder)

    def _sit(self) -> None:
        self.shared.play_bots()
        entry = self.shared.entry
        if not isinstance(entry, Seated):
            self.room.release(self.table_id, self.seat, self.holder)
            self._leave("no_widget")
            return
        names = seat_names(self.shared.info.seats, self.seat, self.lang,
                                  self.shared.info.game)
        self.table = entry.table_widget(self.shared, self.seat, names, self.lang)
        self.table.add_class(TABLE_CLASS)
        self.children = [self.message, self.presence, self.table, self.revealed]
        self._show_state()

    def _show_state(self) -> None:
        """The pause banner and, once the teacher revealed them, every seat's cards."""
        self._paused = self.shared.paused
        if self._paused:
            self._say("paused")
        else:
            self.message.value = ""
        if self.shared.info.revealed:
            self.revealed.value = revealed_html(self.shared, self.lang)
            self._revealed = True

    def _leave(self, key: str, **params: object) -> None:
        self.active = False
        self.table = None
        self.children = [self.message]
        self._say(key, **params)

    def _say(self, key: str, **params: object) -> None:
        self._show(_text(key, self.lang, **params))

    def _show(self, text: str) -> None:
        self.message.value = (f'<p class="cardlab-problem" role="status">'
                              f"{html.escape(text, False)}</p>")

    def _start_polling(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python, tests): `poll` is called by hand
            return
        # A task, not a thread or a sleep: widgets change on the kernel's own loop only.
        self._task = loop.create_task(self._keep_polling())
        # A reload or a closed tab stops this kernel: its seat is free for the next page.
        atexit.register(self._release_at_exit)

    def _release_at_exit(self) -> None:
        with contextlib.suppress(CardlabError):    # the store is gone: the lease runs out
            self.release()

    async def _keep_polling(self) -> None:
        changes = listener(self.room.store)
        while self.active:
            if changes.notified:
                told = await changes.wait(self.table_id, LOOK_SECONDS)
            else:
                await asyncio.sleep(POLL_SECONDS)
                told = True
            try:
                if self._keep_lease() and (
                        told or time.monotonic() - self._followed >= FOLLOW_SECONDS):
                    self._follow()
            except CardlabError as err:     # the store went away for a moment, say
                self._show(err.text(self.lang))


def revealed_html(shared: SharedTable, lang: str) -> str:
    """Every hidden card, by who (or what) holds it: the game's `revealed`.

    >>> import tempfile, pathlib
    >>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> table = room.create_table(entry.name, {"players": 3}, 4, [f"bot:{entry.default_bot}"] * 3)
    >>> html = revealed_html(room.shared(table), "en")
    >>> html.count("<svg") >= 3, "Every seat's cards" in html
    (True, True)
    """
    names = seat_names(shared.info.seats, None, lang, shared.info.game)
    hands = shared.entry.revealed(shared.table.game, names, lang)
    parts = "".join(f"<figure><figcaption>{html.escape(name)}</figcaption>"
                    f"{hand_svg(sorted(cards), lang=lang)}</figure>" for name, cards in hands)
    return (f'<section class="cardlab-revealed"><h2>{html.escape(_text("revealed", lang), False)}'
            f"</h2>{parts}</section>")


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"classroom.view.{key}", lang, **params)
