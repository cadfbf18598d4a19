"""What one Five Sons seat sees now: its observation log and what the table shows openly.

This is all a seat's widget receives (`FiveSons.view`): the log (its hand and every
question and guess as it saw them), the question waiting for a shown card (everyone
heard it asked), who is out, who won, and the solution and every hand only once the
rules show them to this seat.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> view = seat_view(FiveSonsGame.deal(FiveSonsRules(players=3), 1), 0)
>>> view.over, view.solution, view.hands, len(view.hand)
(False, None, None, 7)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardlab.cards import Card
from cardlab.fivesons.actions import Question
from cardlab.fivesons.record import AskSeen, FiveSonsLog

if TYPE_CHECKING:
    from cardlab.fivesons.game import FiveSonsGame


@dataclass(frozen=True)
class FiveSonsView(FiveSonsLog):
    """A seat's observation log, with the table's open state and what the rules reveal."""

    #: A question asked and waiting for its responder to choose the card to show.
    asking: Question | None = None
    #: Seats out of the game after a wrong guess.
    out: frozenset[int] = frozenset()
    winner: int | None = None
    over: bool = False
    #: The solution, once this seat may see it: after its own wrong guess, or at the end.
    solution: tuple[Card, Card] | None = None
    #: Every seat's hand, once the game is over.
    hands: tuple[tuple[Card, ...], ...] | None = None


def seat_view(game: FiveSonsGame, seat: int) -> FiveSonsView:
    """What `seat` sees of `game` now."""
    log = game.observation_log(seat)
    over = game.over
    revealed = over or seat in game.eliminated
    hands = game.to_record().hands if over else None
    return FiveSonsView(log.rules, log.me, log.hand, log.events, log.players,
                        asking=game.pending, out=frozenset(game.eliminated),
                        winner=game.winner, over=over,
                        solution=game.solution if revealed else None, hands=hands)


def table_log(log: FiveSonsLog) -> FiveSonsLog:
    """What the whole table saw of `log`'s game: no hand, no shown card, no solution.

    >>> from cardlab.fivesons.game import FiveSonsGame
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> game = FiveSonsGame.deal(FiveSonsRules(players=3), 1)
    >>> table_log(game.observation_log(0)) == game.observation_log(None)
    True
    """
    events = tuple(replace(event, shown=None) if isinstance(event, AskSeen)
                   else replace(event, solution=None) for event in log.events)
    return FiveSonsLog(log.rules, None, (), events, log.players)
