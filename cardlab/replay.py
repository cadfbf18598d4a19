"""The one replay: a record's actions, deals included, applied in order to a game not yet dealt.

A game reads its record as a list of actions (`RecordedAction`: where each stands in
the record, for errors such as "hand 2, play 17", and the action), the deals
as actions of the chance seat. `replay` applies them with the game's own
`apply`, so an illegal record is refused where it goes wrong, and tells each
step to whoever listens. Every consumer of a record (`cardlab replay`, the
records loader, the stepper, the review, a seat's view of a record) replays
with it; it knows no game. `replay_record` replays a whole record through a
game's entry (`Replayable`: a game before its first deal, and a record's actions).

>>> class Tally:                          # a game whose actions add to a total
...     total = 0
...     def apply(self, amount):
...         if amount < 0:
...             raise IllegalAction("error.not_in_deck", card=amount)
...         self.total += amount
...         return []
>>> replay(Tally(), [("step 1", 2), ("step 2", 3)]).total
5
>>> replay(Tally(), [("step 1", 2), ("step 2", -1)])
Traceback (most recent call last):
cardlab.errors.IllegalAction: step 2: -1 is not in this game's deck
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cardlab.decisions import Event
from cardlab.errors import IllegalAction

#: One action of a record and where it stands there ("hand 2, play 17").
RecordedAction = tuple[str, Any]

G = TypeVar("G")
Rec_in = TypeVar("Rec_in", bound="Ruled", contravariant=True)


class Ruled(Protocol):
    """A record: it names the rules it was played under."""

    @property
    def rules(self) -> Any: ...


class Replayable(Protocol[G, Rec_in]):
    """What replay needs of a game's entry: a game before its first deal, and the actions
    a record holds, deals first (every `cardlab.games.GameEntry` has both)."""

    def undealt(self, rules: Any, seed: int | None = None) -> G:
        """A game under `rules` before its first deal: chance is to move."""
        ...

    def recorded(self, game: G, record: Rec_in) -> Iterable[RecordedAction]:
        """`record`'s actions, deals (chance's) first, to apply in order to `game`."""
        ...


@dataclass(frozen=True)
class Step:
    """One replayed action: who took it (`CHANCE` for a deal), what, and what it told."""

    seat: int | None
    action: Any
    events: list[Event[Any]]


def replay(game: G, actions: Iterable[RecordedAction], told: Callable[[Step], None] | None = None,
           before: Callable[[G, Any], None] | None = None) -> G:
    """Apply `actions` to `game` in order, and return it.

    An illegal action raises its `IllegalAction`, located where the record has it.
    `actions` may be a generator that reads `game` between two actions (a card
    played is played by the seat whose turn it is). `before(game, action)`, if
    given, sees the game before each action; `told(step)` hears each step after it.
    """
    apply: Callable[[Any], list[Event[Any]]] = game.apply  # type: ignore[attr-defined]
    for where, action in actions:
        if before is not None:
            before(game, action)
        try:
            events = apply(action)
        except IllegalAction as err:
            raise err.at(where) from None
        if told is not None:
            told(Step(getattr(action, "seat", None), action, events))
    return game


def replay_record(entry: Replayable[G, Rec_in], record: Rec_in,
                  told: Callable[[Step], None] | None = None,
                  before: Callable[[G, Any], None] | None = None) -> G:
    """The game `record` holds, replayed from before its first deal (as in `replay`).

    >>> class Amounts(list):                # a record: amounts to add, under no rules
    ...     rules = None
    >>> class Sum:                          # its game: a total
    ...     total = 0
    ...     def apply(self, amount):
    ...         self.total += amount
    ...         return []
    >>> class Summing:                      # its entry
    ...     def undealt(self, rules, seed=None):
    ...         return Sum()
    ...     def recorded(self, game, record):
    ...         return [(f"step {number}", amount) for number, amount in enumerate(record, 1)]
    >>> replay_record(Summing(), Amounts([2, 3])).total
    5
    """
    game = entry.undealt(record.rules)
    return replay(game, entry.recorded(game, record), told, before)
