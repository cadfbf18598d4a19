"""The choices a Five Sons seat makes, as data: ask, show, guess or let the chance pass;
and chance's: the deal.

A question and a guess are also what a record keeps (`Ask` and `Guess` in
`record.py`); showing one of two held cards and not guessing are decisions
that a record folds into its events.

>>> from cardlab.cards import Card
>>> Question(0, Card.parse("QS"), Card.parse("3H"))
Question(seat=0, face=Card('QS'), heart=Card('3H'))
>>> Kind.SHOW
<Kind.SHOW: 'show'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardlab.action_codec import ActionCodec
from cardlab.cards import Card
from cardlab.decisions import CHANCE
from cardlab.fivesons.record import Guess


class Kind(StrEnum):
    """What a Five Sons decision is about."""

    ASK = "ask"
    SHOW = "show"
    GUESS = "guess"
    DEAL = "deal"      # chance's: hide the solution, deal the hands


@dataclass(frozen=True)
class Question:
    """`seat` asks about `face` and `heart` ("The Queen of Spades has three sons.")."""

    seat: int
    face: Card
    heart: Card


@dataclass(frozen=True)
class Show:
    """The responder `seat`, holding both cards asked about, shows `card`."""

    seat: int
    card: Card


@dataclass(frozen=True)
class NoGuess:
    """`seat` lets its chance to guess pass."""

    seat: int


@dataclass(frozen=True)
class Deal:
    """Chance hides `solution` (a face and a heart) and deals `hands` (`hands[seat]`).

    >>> from cardlab.cards import parse_cards
    >>> deal = Deal(tuple(parse_cards("QS 3H")), (parse_cards("2H KC"), parse_cards("JD 5H")))
    >>> deal.seat == CHANCE, deal.seen_by(0)
    (True, Deal(solution=None, hands=((Card('2H'), Card('KC')), ())))
    """

    solution: tuple[Card, Card] | None
    hands: tuple[tuple[Card, ...], ...]

    @property
    def seat(self) -> int:
        """Chance's seat: no player deals."""
        return CHANCE

    def seen_by(self, viewer: int | None) -> Deal:
        """The deal as `viewer` knows it: its own hand, never the solution nor another's."""
        return Deal(None, tuple(hand if seat == viewer else () for seat, hand in
                                enumerate(self.hands)))


Action = Question | Show | Guess | NoGuess | Deal

__all__ = ["Action", "Deal", "Guess", "Kind", "NoGuess", "Question", "Show"]


#: Writes and reads Five Sons actions as JSON data (for stores of shared tables).
CODEC = ActionCodec[Action]({"ask": Question, "show": Show, "guess": Guess,
                             "no_guess": NoGuess})
