"""Being told when another process changed a table: PostgreSQL's LISTEN/NOTIFY.

Every change a PostgreSQL store makes to a table (a move appended, a pause, a
reveal, a seat handed to a bot or let go) sends a notification on `CHANNEL`
with the table's id, in the same transaction: every process listening on the
same database (a student's kernel on this server or on another one) hears of
it once it is committed. A notification carries no move: the listener only
wakes the table's views, which read the store in sequence order, so moves
arrive in order whichever server made them, and a lost notification loses
nothing (after a dropped connection every view is woken once it listens again).

A SQLite store has no notifications: `ChangeListener.wait` just waits its
timeout, so its views poll.

>>> import asyncio, tempfile, pathlib
>>> from cardlab.classroom.store import Store
>>> listener = ChangeListener(Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite"))
>>> asyncio.run(listener.wait("some-table", 0.01))
False
"""

from __future__ import annotations

import asyncio
import threading
import time

from cardlab.classroom.store import CHANNEL, Store, is_url

#: Seconds before a listener whose connection failed connects again.
RECONNECT_SECONDS = 2.0
#: Every table: the waiters woken when the listening connection came back.
_EVERY = ""


class ChangeListener:
    """Wakes the waiters of a table when another process changed it.

    On PostgreSQL, one more connection per process, in a thread that waits
    for notifications (`start` on first `wait`); on SQLite, nothing.
    """

    def __init__(self, store: Store) -> None:
        self.url = store.where if is_url(store.where) else None
        self._events: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        #: How many times the listening connection was (re)made: for tests and the bench.
        self.connections = 0

    @property
    def notified(self) -> bool:
        """True where changes are told (PostgreSQL); False where views must poll."""
        return self.url is not None

    async def wait(self, table_id: str, timeout: float) -> bool:
        """Wait until table `table_id` changed (True) or `timeout` seconds passed (False).

        A change since the previous `wait` of this table on this loop counts at once.
        """
        if self.url is None:
            await asyncio.sleep(timeout)
            return False
        self._start()
        event = self._event(table_id)
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        event.clear()
        return True

    def _event(self, table_id: str) -> asyncio.Event:
        loop = asyncio.get_running_loop()
        with self._lock:
            waiters = self._events.setdefault(table_id, [])
            for owner, event in waiters:
                if owner is loop:
                    return event
            event = asyncio.Event()
            waiters.append((loop, event))
            return event

    def wake(self, table_id: str) -> None:
        """Wake the waiters of `table_id` (of every table for `_EVERY`), from any thread."""
        with self._lock:
            waiters = [waiter for key, each in self._events.items()
                       if table_id in (key, _EVERY) for waiter in each]
        for loop, event in waiters:
            if not loop.is_closed():
                loop.call_soon_threadsafe(event.set)

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen, daemon=True,
                                                name="cardlab-classroom-changes")
                self._thread.start()

    def _listen(self) -> None:
        import psycopg

        assert self.url is not None
        while True:
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    self.wake(_EVERY)         # whatever changed while nobody listened
                    for note in db.notifies():
                        self.wake(note.payload)
            except psycopg.Error:
                time.sleep(RECONNECT_SECONDS)


_LISTENERS: dict[str, ChangeListener] = {}


def listener(store: Store) -> ChangeListener:
    """This process's listener for the database of `store` (one connection per process,
    however many views wait).

    >>> import tempfile, pathlib
    >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
    >>> listener(store) is listener(store), listener(store).notified
    (True, False)
    """
    found = _LISTENERS.get(store.where)
    if found is None:
        found = _LISTENERS[store.where] = ChangeListener(store)
    return found

