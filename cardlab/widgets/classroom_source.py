"""What a table widget needs of a table played from several screens at once.

A single-player widget owns its `cardlab.table.Table` and lets its bots move
with `Table.run`. A classroom seat's widget sits at a table kept elsewhere (a
`cardlab.classroom.shared.SharedTable`): its moves go through `act`, which
may refuse a move another screen made stale, and `play_bots` moves the bots
(and deals a next hand) for everybody. The widget never needs to know which
of the two it has: `LocalSource` gives a plain table the same two methods.

>>> from cardlab.games import in_menu_order
>>> from cardlab.table import Person, Table
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> game = entry.new_game(entry.read_rules({"players": 3}), seed=1)
>>> bots = [entry.bot_seat(entry.default_bot, seat) for seat in (1, 2)]
>>> source = LocalSource(Table(game, [Person(), *bots]))
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
