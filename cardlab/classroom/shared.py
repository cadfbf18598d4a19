"""One shared table as this process sees it: the game replayed from the store, moves appended.

Every process (a student's kernel, the teacher's) keeps its own replay. A move
is checked against that replay, then appended with the next sequence number;
if another process got there first, the replay catches up and the mover is
told ("Seat 2 has just played; it is not your turn") instead of the move
landing twice. Bot seats are played by whichever process finds a bot to move.

>>> import tempfile, pathlib
>>> from cardlab.classroom.store import Store
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> table_id = store.create_table("fivesons", {"players": 3}, 7,
...                               ["student", "bot:logician", "bot:random"])
>>> shared = SharedTable(store, table_id)
>>> shared.table.waiting[0].seat, shared.table.waiting[0].kind
(0, <Kind.ASK: 'ask'>)
"""

from __future__ import annotations

from typing import Any

from cardlab.classroom.store import Store
from cardlab.decisions import Event
from cardlab.errors import IllegalAction
from cardlab.games import GameEntry, game
from cardlab.table import Person, SeatBot, Table

#: The action that deals a game's next hand (no seat decides it).
DEAL = {"deal": True}
BOT_PREFIX = "bot:"


class SharedTable:
    """A table in a store, replayed here; `table.waiting` lists the students' decisions."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.info = store.table(table_id)
        self.entry: GameEntry = game(self.info.game)
        rules = self.entry.read_rules(self.info.rules)
        # Every seat is a Person here: moves come from the store, whoever made them.
        self.table = Table(self.entry.new_game(rules, self.info.seed),
                           [Person(controller) for controller in self.info.seats])
        self.bots: dict[int, SeatBot] = {
            seat: self.entry.bot_seat(controller.removeprefix(BOT_PREFIX),
                                      self.info.seed + seat)
            for seat, controller in enumerate(self.info.seats)
            if controller.startswith(BOT_PREFIX)}
        self.seq = 0
        self.sync()

    def sync(self) -> list[Event]:
        """Replay what other processes appended since the last look; returns its events."""
        told: list[Event] = []
        for seq, data in self.store.actions(self.info.id, after=self.seq):
            told += self._apply(data)
            self.seq = seq
        return told

    def act(self, action: Any) -> list[Event]:
        """A student's move: checked against the latest state, then appended.

        Raises `IllegalAction` if the move is refused, or if another move got there
        first and this one no longer fits (the replay has caught up by then).
        """
        self.sync()
        why = self.table.game.why_not(action)
        if why is not None:
            raise IllegalAction("classroom.refused", why=why)
        if not self.store.append(self.info.id, self.seq + 1, self.entry.encode(action)):
            self.sync()
            why = self.table.game.why_not(action)
            if why is None:
                raise IllegalAction("classroom.too_late")
            raise IllegalAction("classroom.too_late_why", why=why)
        self.seq += 1
        return self.table.act(action)

    def play_bots(self) -> list[Event]:
        """Make every bot move due now (and deal a next hand), racing other processes
        fairly: a lost race just replays the winner's move."""
        told = self.sync()
        while not self.table.game.over:
            data = self._bot_move()
            if data is None:
                break
            if self.store.append(self.info.id, self.seq + 1, data):
                told += self._apply(data)
                self.seq += 1
            else:
                told += self.sync()
        return told

    def _bot_move(self) -> dict[str, Any] | None:
        """The JSON of the next bot move or deal, or None if a student must decide."""
        decisions = self.table.game.decisions
        if not decisions:
            return DEAL
        for decision in decisions:
            bot = self.bots.get(decision.seat)
            if bot is not None:
                action, _ = bot.decide(self.table.game, decision)
                return self.entry.encode(action)
        return None

    def _apply(self, data: dict[str, Any]) -> list[Event]:
        if data == DEAL:
            return self.table.deal_next()
        return self.table.act(self.entry.decode(data))
