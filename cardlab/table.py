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
from typing import Any, Protocol

from cardlab.decisions import CHANCE, Chancy, Decision, Event
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


@dataclass(frozen=True)
class Dealer:
    """Chance's player: the game's own dealer, seeded with the game's seed, draws each deal
    (so a seeded game deals the same cards whoever plays it)."""

    name: str = "dealer"

    def decide(self, game: Any, decision: Decision[Any, Any]) -> tuple[Any, Text]:
        """The deal due now, as the game's dealer draws it."""
        if not isinstance(game, Chancy) or not decision.chance:
            raise IllegalAction("table.nothing_to_deal")
        return game.draw(), Text("table.dealt")


@dataclass
class Move:
    """One decision taken at the table: who (`CHANCE` for a deal), what, why (a bot's
    reason) and what followed."""

    seat: int | None
    action: Any
    events: list[Event[Any]]
    reason: Text | None = None


@dataclass
class Table:
    """A game with one `Seat` per seat.

    `chance` moves for the seat `CHANCE`: the game's `Dealer` by default; a view
    that shows a scored hand before the next one seats a `Person` there, so that
    `run` stops while a deal is due, and deals with `deal` when asked to.
    `practice` allows `undo`; `hints` and `take_backs` count the help given
    (`cardlab.practice`).
    """

    game: Game
    seats: Sequence[Seat]
    practice: bool = False
    #: Never a seat's bot: a bot decides from a seat's view, and chance has none.
    chance: Dealer | Person = field(default_factory=Dealer)
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
        """The open decisions of seated persons (empty while bots or chance are to move)."""
        return tuple(decision for decision in self.game.decisions
                     if not decision.chance and isinstance(self.seats[decision.seat], Person))

    @property
    def chance_to_move(self) -> bool:
        """True while a deal is due (the chance seat is to move)."""
        return any(decision.chance for decision in self.game.decisions)

    @property
    def bot_to_move(self) -> bool:
        """True while a bot has a decision to take (or the dealer a deal to make)."""
        return any(not isinstance(self.controller(d.seat), Person) for d in self.game.decisions)

    def controller(self, seat: int) -> Seat:
        """Who moves for `seat` (the chance seat included)."""
        return self.chance if seat == CHANCE else self.seats[seat]

    def act(self, action: Any) -> list[Event[Any]]:
        """A person's decision. A refused one raises `IllegalAction` and changes nothing."""
        seat = getattr(action, "seat", None)
        if seat == CHANCE and not isinstance(self.chance, Person):
            raise IllegalAction("table.chance_is_dealer")
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
        """One bot decision (or deal); nothing if a person must decide or it is over."""
        for decision in self.game.decisions:
            bot = self.controller(decision.seat)
            if not isinstance(bot, Person):
                return self._move(bot, decision)
        return []

    def deal(self) -> list[Event[Any]]:
        """The deal due now, drawn by the game's dealer, whoever holds the chance seat (a
        view that paused before the next hand deals it so)."""
        for decision in self.game.decisions:
            if decision.chance:
                return self._move(Dealer(), decision)
        raise IllegalAction("table.nothing_to_deal")

    def run(self, stop: Callable[[], bool] | None = None) -> list[Event[Any]]:
        """Bots decide until a person must, the game is over, or `stop()` says so."""
        told: list[Event[Any]] = []
        while self.bot_to_move and not (stop and stop()):
            told += self.step()
        return told

    def _move(self, bot: SeatBot, decision: Decision[Any, Any]) -> list[Event[Any]]:
        """`bot` takes `decision`, and the table keeps the move (a deal without a reason)."""
        action, reason = bot.decide(self.game, decision)
        events = self.game.apply(action)
        self.moves.append(Move(decision.seat, action, events,
                               None if decision.chance else reason))
        return events

    @property
    def can_undo(self) -> bool:
        """Whether `undo` would take something back now (practice, a person's decision made,
        the game not over), so a button is offered only when pressing it works."""
        return self.practice and bool(self._snapshots) and not self.game.over

    def fix(self) -> None:
        """Make every decision so far final: `undo` takes back nothing made before now
        (practice, once the learner has seen what a decision showed).

        >>> from cardlab.games import in_menu_order
        >>> entry = in_menu_order()[0]
        >>> game = entry.new_game(entry.read_rules({"players": 3}), seed=1)
        >>> bots = [entry.bot_seat(entry.default_bot, seat) for seat in (1, 2)]
        >>> table = Table(game, [Person(), *bots], practice=True)
        >>> action, _why = table.hint(0, entry.bot_seat(entry.hint_bot, 0))
        >>> _events = table.act(action); table.can_undo
        True
        >>> table.fix(); table.can_undo
        False
        """
        self._snapshots.clear()

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
            if decision.seat == seat and not decision.chance:
                self.hints += 1
                return bot.decide(self.game, decision)
        raise IllegalAction("table.nothing_to_decide", seat=seat)
