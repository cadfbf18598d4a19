"""One shared table as this process sees it: the game replayed from the store, moves appended.

Every process (a student's kernel, the teacher's) keeps its own replay. A move
is checked against that replay, then appended with the next sequence number;
if another process got there first, the replay catches up and the mover is
told ("Seat 2 has just played; it is not your turn") instead of the move
landing twice. Bot seats are played by whichever process finds a bot to move.
While the teacher has paused the table, no move lands; a seat handed to a bot
is the bot's from the next `sync` on.

>>> import tempfile, pathlib
>>> from cardlab.classroom.store import Store
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> from cardlab.games import in_menu_order
>>> bot = f"bot:{in_menu_order()[0].default_bot}"   # the apps' default game, whichever it is
>>> table_id = store.create_table(in_menu_order()[0].name, {"players": 3}, 7,
...                               ["student", bot, bot])
>>> shared = SharedTable(store, table_id)
>>> [decision.seat for decision in shared.table.waiting]
[0]
"""

from __future__ import annotations

from typing import Any

from cardlab.classroom.store import STUDENT, Store, TableInfo
from cardlab.decisions import CHANCE, Event
from cardlab.errors import IllegalAction
from cardlab.games import AnyGame, game
from cardlab.table import Person, SeatBot, Table

#: How the store keeps a deal between hands (chance's action): the fact of it, never the
#: cards; every process draws the same cards from the table's seed.
DEAL = {"deal": True}
BOT_PREFIX = "bot:"


class SharedTable:
    """A table in a store, replayed here.

    Every seat of `table` is a `Person` (moves come from the store, whoever
    made them), so `table.waiting` lists every open decision; `info.seats`
    says which of them are students' and which bots'.
    """

    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.info: TableInfo = store.table(table_id)
        self.entry: AnyGame = game(self.info.game)
        rules = self.entry.read_rules(self.info.rules)
        self.table = Table(self.entry.undealt(rules, self.info.seed),
                           [Person(controller) for controller in self.info.seats],
                           chance=Person())
        # The opening deal is the table's first move but never a row of the store: every
        # process draws it from the seed, and stores written before hold no row for it.
        self.table.deal()
        self.bots: dict[int, SeatBot] = {}
        self._seat_bots()
        self.seq = 0
        self.sync()

    def _seat_bots(self) -> None:
        """A bot for every bot seat (a seat handed to a bot gets one; others keep theirs)."""
        for seat, controller in enumerate(self.info.seats):
            bot = self.bots.get(seat)
            if controller.startswith(BOT_PREFIX) and (
                    bot is None or bot.name != controller.removeprefix(BOT_PREFIX)):
                self.bots[seat] = self.entry.bot_seat(controller.removeprefix(BOT_PREFIX),
                                                      self.info.seed + seat)

    @property
    def paused(self) -> bool:
        """True while the teacher has paused the table (as of the last `sync`)."""
        return self.info.paused

    def sync(self) -> list[Event[Any]]:
        """Replay what other processes appended since the last look, and take in the
        teacher's changes (pause, seats handed to bots); returns the new events.

        One indexed query when nothing changed."""
        info, actions = self.store.poll(self.info.id, self.seq)
        if info.setup != self.info.setup:
            self.info = info
            self._seat_bots()
        told: list[Event[Any]] = []
        for seq, data in actions:
            told += self._apply(data)
            self.seq = seq
        return told

    def act(self, action: Any) -> list[Event[Any]]:
        """A student's move: checked against the latest state, then appended.

        Raises `IllegalAction` if the move is refused (the table is paused, the
        seat is no longer a student's, the rules forbid it), or if another move
        got there first and this one no longer fits (the replay has caught up by then).
        """
        self.sync()
        self._check(action)
        while not self.store.append(self.info.id, self.seq + 1, self.entry.encode(action),
                                    self.info.setup):
            seen = self.seq
            self.sync()
            self._check(action, late=self.seq != seen)
            if self.seq != seen:
                raise IllegalAction("classroom.too_late")
            # Only the teacher's setup changed (another seat handed over...): try again.
        self.seq += 1
        return self.table.act(action)

    def _check(self, action: Any, late: bool = False) -> None:
        """Refuse `action` if it cannot be appended now (`late`: another move came first)."""
        if self.info.paused:
            raise IllegalAction("classroom.paused")
        seat = getattr(action, "seat", None)
        if seat == CHANCE:
            raise IllegalAction("table.chance_is_dealer")
        if isinstance(seat, int) and 0 <= seat < len(self.info.seats) and \
                self.info.seats[seat] != STUDENT:
            raise IllegalAction("classroom.seat_is_bot", seat=seat)
        why = self.table.game.why_not(action)
        if why is not None:
            raise IllegalAction("classroom.too_late_why" if late else "classroom.refused",
                                why=why)

    def play_bots(self) -> list[Event[Any]]:
        """Make every bot move due now (and deal a next hand), racing other processes
        fairly: a lost race just replays the winner's move. Nothing while paused."""
        told = self.sync()
        while not self.table.game.over and not self.info.paused:
            data = self._bot_move()
            if data is None:
                break
            if self.store.append(self.info.id, self.seq + 1, data, self.info.setup):
                told += self._apply(data)
                self.seq += 1
            else:
                told += self.sync()
        return told

    def _bot_move(self) -> dict[str, Any] | None:
        """The JSON of the next bot move or deal, or None if a student must decide."""
        for decision in self.table.game.decisions:
            if decision.chance:
                return DEAL
            bot = self.bots.get(decision.seat)
            if bot is not None:
                action, _ = bot.decide(self.table.game, decision)
                return self.entry.encode(action)
        return None

    def _apply(self, data: dict[str, Any]) -> list[Event[Any]]:
        if data == DEAL:
            return self.table.deal()
        return self.table.act(self.entry.decode(data))
