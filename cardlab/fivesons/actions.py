"""The choices a Five Sons seat makes, as data: ask, show, guess or let the chance pass.

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
from cardlab.fivesons.record import Guess


class Kind(StrEnum):
    """What a Five Sons decision is about."""

    ASK = "ask"
    SHOW = "show"
    GUESS = "guess"


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


Action = Question | Show | Guess | NoGuess

__all__ = ["Action", "Guess", "Kind", "NoGuess", "Question", "Show", "action_from_json",
           "action_to_json"]


#: Writes and reads Five Sons actions as JSON data (for stores of shared tables).
CODEC = ActionCodec[Action]({"ask": Question, "show": Show, "guess": Guess,
                             "no_guess": NoGuess})


def action_to_json(action: Action) -> dict[str, object]:
    """An action as JSON data (for stores of shared tables).

    >>> from cardlab.cards import Card
    >>> action_to_json(Show(2, Card.parse("QS")))
    {'show': 2, 'card': 'QS'}
    >>> action_from_json(action_to_json(NoGuess(1)))
    NoGuess(seat=1)
    """
    return CODEC.to_json(action)


def action_from_json(data: object) -> Action:
    """The action `action_to_json` wrote; anything else raises `RecordError`."""
    return CODEC.from_json(data)
