"""What a table widget needs of a table played from several screens at once.

A single-player widget owns its `cardlab.table.Table` and lets its bots move
with `Table.run`. A classroom seat's widget sits at a table kept elsewhere (a
`cardlab.classroom.shared.SharedTable`): its moves go through `act`, which
may refuse a move another screen made stale, and `play_bots` moves the bots
(and deals a next hand) for everybody. The widget never needs to know which
of the two it has: `LocalSource` gives a plain table the same two methods.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.players import bot_seat
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.table import Person, Table
>>> game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=1)
>>> source = LocalSource(Table(game, [Person(), bot_seat("random", 1), bot_seat("random", 2)]))
>>> source.play_bots(), source.table.waiting[0].seat
([], 0)
"""

from __future__ import annotations

from typing import Any, Protocol

from cardlab.decisions import Event
from cardlab.table import Table


class SeatSource(Protocol):
    """A table and the two ways its game moves on: a person's move, the bots' moves."""

    @property
    def table(self) -> Table: ...

    def act(self, action: Any) -> list[Event[Any]]: ...

    def play_bots(self) -> list[Event[Any]]: ...


class LocalSource:
    """A table in this process: moves go straight to it, its bots move with `Table.run`."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def act(self, action: Any) -> list[Event[Any]]:
        """The person's move (a refused one raises `IllegalAction`)."""
        return self.table.act(action)

    def play_bots(self) -> list[Event[Any]]:
        """Bots move until a person must decide."""
        return self.table.run()
