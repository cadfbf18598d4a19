"""A table: one game and who sits at each seat; bots play until a person must decide.

This is the one play loop of cardlab. `cardlab play`, tournaments and every
widget run it. A seat holds a bot (anything with `decide(game, decision)`,
which looks at that seat's view only) or a :class:`Person`, who decides
through `act`. The table keeps every event for views to show one at a time,
and in practice mode takes back a person's last decision.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> game = entry.new_game(entry.read_rules({"players": 3}), seed=1)
>>> bots = [entry.bot_seat(entry.default_bot, seat) for seat in (1, 2)]
>>> table = Table(game, [Person("Ada"), *bots])
>>> table.waiting[0].seat
0
>>> action, reason = table.hint(0, entry.bot_seat(entry.hint_bot, 0))
>>> events = table.act(action)                      # Ada takes the hint
>>> table.moves[0].seat, table.events == events != []
(0, True)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from cardlab.decisions import Decision, Event
from cardlab.errors import IllegalAction
from cardlab.i18n import Text


class Game(Protocol):
    """What a table needs of a game."""

    rules: Any

    def to_record(self) -> Any: ...

    @property
    def decisions(self) -> tuple[Decision[Any, Any], ...]: ...

    @property
    def over(self) -> bool: ...

    def apply(self, action: Any) -> list[Event[Any]]: ...

    def why_not(self, action: Any) -> Text | None: ...


@runtime_checkable
class PlayedInRounds(Protocol):
    """A game played in rounds (hands) also deals the next one when the last is scored:
    between two rounds no seat decides, yet the game is not over."""

    def deal_next(self) -> list[Event[Any]]: ...


class SeatBot(Protocol):
    """A bot at a seat: it decides from that seat's view of `game`, never the game itself."""

    @property
    def name(self) -> str: ...

    def decide(self, game: Any, decision: Decision[Any, Any]) -> tuple[Any, Text]: ...


@dataclass(frozen=True)
class Person:
    """A person deciding at this screen (or, through `act`, at another one)."""

    name: str = ""


Seat = SeatBot | Person


@dataclass
class Move:
    """One decision taken at the table: who, what, why (a bot's reason) and what followed."""

    seat: int | None
    action: Any
    events: list[Event[Any]]
    reason: Text | None = None


@dataclass
class Table:
    """A game with one `Seat` per seat.

    `practice` allows `undo`; `pause_between_rounds` stops `run` when a round
    of a game `PlayedInRounds` is scored, so a view can show it before `deal_next`.
    `hints` and `take_backs` count the help given (`cardlab.practice`).
    """

    game: Game
    seats: Sequence[Seat]
    practice: bool = False
    pause_between_rounds: bool = False
    moves: list[Move] = field(default_factory=list)
    hints: int = 0
    take_backs: int = 0
    _snapshots: list[tuple[Game, int]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        players = self.game.rules.players
        if len(self.seats) != players:
            raise IllegalAction("table.wrong_seats", players=players, count=len(self.seats))

    @property
    def events(self) -> list[Event[Any]]:
        """Everything that happened, in order."""
        return [event for move in self.moves for event in move.events]

    @property
    def waiting(self) -> tuple[Decision[Any, Any], ...]:
        """The open decisions that wait for a person (empty while bots are to move)."""
        return tuple(decision for decision in self.game.decisions
                     if isinstance(self.seats[decision.seat], Person))

    @property
    def bot_to_move(self) -> bool:
        """True while a bot has a decision to take (or a hand is to be dealt)."""
        decisions = self.game.decisions
        if not decisions:
            return not self.game.over and not self.pause_between_rounds
        return any(not isinstance(self.seats[d.seat], Person) for d in decisions)

    def act(self, action: Any) -> list[Event[Any]]:
        """A person's decision. A refused one raises `IllegalAction` and changes nothing."""
        seat = getattr(action, "seat", None)
        if seat is not None and 0 <= seat < len(self.seats) and not isinstance(
                self.seats[seat], Person):
            raise IllegalAction("table.seat_is_bot", seat=seat)
        snapshot = copy.deepcopy(self.game) if self.practice else None
        events = self.game.apply(action)
        if snapshot is not None:
            self._snapshots.append((snapshot, len(self.moves)))
        self.moves.append(Move(seat, action, events))
        return events

    def step(self) -> list[Event[Any]]:
        """One bot decision (or the next deal); nothing if a person must decide or it is over."""
        decisions = self.game.decisions
        if not decisions:
            if self.game.over or self.pause_between_rounds:
                return []
            return self.deal_next()
        for decision in decisions:
            bot = self.seats[decision.seat]
            if not isinstance(bot, Person):
                action, reason = bot.decide(self.game, decision)
                events = self.game.apply(action)
                self.moves.append(Move(decision.seat, action, events, reason))
                return events
        return []

    def run(self, stop: Callable[[], bool] | None = None) -> list[Event[Any]]:
        """Bots decide until a person must, the game is over, or `stop()` says so."""
        told: list[Event[Any]] = []
        while self.bot_to_move and not (stop and stop()):
            told += self.step()
        return told

    def deal_next(self) -> list[Event[Any]]:
        """Deal the next round of a game `PlayedInRounds`."""
        if not isinstance(self.game, PlayedInRounds):
            raise IllegalAction("table.no_hands")
        events = self.game.deal_next()
        self.moves.append(Move(None, None, events))
        return events

    def undo(self) -> None:
        """Practice mode: take back the last person's decision and every bot move after it."""
        if not self.practice:
            raise IllegalAction("table.undo_practice_only")
        if self.game.over:
            raise IllegalAction("table.undo_over")
        if not self._snapshots:
            raise IllegalAction("undo.nothing")
        self.game, moves = self._snapshots.pop()
        del self.moves[moves:]
        self.take_backs += 1

    def hint(self, seat: int, bot: SeatBot) -> tuple[Any, Text]:
        """What `bot` would decide at `seat` now, from that seat's view, and why (counted)."""
        for decision in self.game.decisions:
            if decision.seat == seat:
                self.hints += 1
                return bot.decide(self.game, decision)
        raise IllegalAction("table.nothing_to_decide", seat=seat)
