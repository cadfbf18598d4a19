"""What each seat hears as a Five Sons game goes on: one event per step, in words.

Everybody hears the question, who passed and who showed; only the asker and
the shower hear which card was shown, and only a wrong guesser hears the
solution.

>>> from cardlab.cards import Card
>>> event = showed(Question(0, Card.parse("QS"), Card.parse("3H")), 2, Card.parse("QS"))
>>> event.told_to(1).text()
'Seat 2 showed seat 0 a card.'
>>> event.told_to(0).text()
'Seat 2 showed seat 0 the Queen of Spades.'
"""

from __future__ import annotations

import re
from typing import Literal

from cardlab.cards import Card, CardName
from cardlab.decisions import Event
from cardlab.errors import CardlabError
from cardlab.fivesons.actions import Question
from cardlab.fivesons.cards import QuestionSentence
from cardlab.fivesons.reasoning import to_learner
from cardlab.i18n import Text, catalogue

#: What can happen, as the events' `kind`.
EventKind = Literal["ask", "pass", "show", "nobody", "no_guess", "guess", "over"]
FiveSonsEvent = Event[EventKind]


def asked(question: Question) -> FiveSonsEvent:
    """`question.seat` asked its question."""
    return Event("ask", Text("fivesons.event.asked", seat=question.seat,
                             question=QuestionSentence(question.face, question.heart)),
                 seat=question.seat,
                 data={"face": question.face.code, "heart": question.heart.code})


def passed(seat: int) -> FiveSonsEvent:
    """`seat` holds neither card asked about."""
    return Event("pass", Text("fivesons.event.passed", seat=seat), seat=seat)


def showed(question: Question, responder: int | None, card: Card) -> FiveSonsEvent:
    """`responder` showed `card` to the asker; the others only see that a card was shown."""
    return Event("show", Text("fivesons.event.showed", seat=responder, asker=question.seat),
                 seat=responder,
                 private=Text("fivesons.event.showed_card", seat=responder, asker=question.seat,
                              card=CardName(card)),
                 told=frozenset(seat for seat in (question.seat, responder) if seat is not None),
                 data={"asker": question.seat})


def nobody_showed(question: Question) -> FiveSonsEvent:
    """The question went all the way round."""
    return Event("nobody", Text("fivesons.event.nobody"), seat=None,
                 data={"asker": question.seat})


def no_guess(seat: int) -> FiveSonsEvent:
    """`seat` let its chance to guess pass."""
    return Event("no_guess", Text("fivesons.event.no_guess", seat=seat), seat=seat)


def guessed_wrong(seat: int, solution: tuple[Card, Card]) -> FiveSonsEvent:
    """A wrong guess: everybody learns it was wrong, only the guesser sees the solution."""
    return Event("guess", Text("fivesons.event.wrong", seat=seat), seat=seat,
                 private=Text("fivesons.event.wrong_saw", seat=seat, face=CardName(solution[0]),
                              heart=CardName(solution[1])),
                 told=frozenset({seat}), data={"correct": False})


def guessed_right(seat: int, solution: tuple[Card, Card]) -> FiveSonsEvent:
    """The winning guess; the solution is shown to all."""
    return Event("guess", Text("fivesons.event.right", seat=seat, face=CardName(solution[0]),
                               heart=CardName(solution[1])),
                 seat=seat, data={"correct": True, "solution": [c.code for c in solution]})


def everyone_wrong(solution: tuple[Card, Card]) -> FiveSonsEvent:
    """Every seat guessed wrong: the game ends and the solution is shown."""
    return Event("over", Text("fivesons.event.everyone_wrong", face=CardName(solution[0]),
                              heart=CardName(solution[1])),
                 data={"solution": [c.code for c in solution]})


def addressed(event: FiveSonsEvent, me: int | None) -> Text:
    """`event` as seat `me` reads it, speaking to it as "you" where it did or was shown
    something (None: the table's account, every seat by its number).

    >>> from cardlab.cards import Card
    >>> event = showed(Question(0, Card.parse("QS"), Card.parse("3H")), 2, Card.parse("QS"))
    >>> addressed(event, 0).text(), addressed(event, 2).text("de")
    ('Seat 2 showed you the Queen of Spades.', 'Du hast Platz 0 die Karte Pik-Dame gezeigt.')
    """
    return to_you(event.told_to(me), me)


def to_you(told: Text, me: int | None) -> Text:
    """`told` (a sentence of `fivesons.event` or `fivesons.story`) speaking to seat `me` as
    "you" where it names `me` as the one who did something (`seat`) or was shown something
    (`asker`); unchanged for None, the table's account.

    >>> to_you(Text("fivesons.story.right", seat=1), 1).text("de")
    'Du hast richtig geraten und gewonnen.'
    >>> to_you(Text("fivesons.event.passed", seat=2), 1).text()
    'Seat 2 passed.'
    """
    section, _, part = told.key.rpartition(".")
    if me is None or section not in _SPOKEN:
        return told
    if told.params.get("seat") == me:
        return Text(f"{section}.you.{part}", **told.params)
    if told.params.get("asker") == me:
        return Text(f"{section}.to_you.{part}", **told.params)
    return told


#: The sections whose sentences have a "you" form for the seat they name.
_SPOKEN = ("fivesons.event", "fivesons.story")


def refusal_to_you(refusal: CardlabError, me: int, lang: str = "en") -> str:
    """`refusal` in `lang` as shown on seat `me`'s own page: "you" where it names `me`'s
    seat, and cards by their names (any other error, or one not naming `me`, as it is).

    In the classroom two screens can act at once, so the learner's page can be refused a
    move the engine words for any seat.

    >>> from cardlab.errors import IllegalAction
    >>> refusal_to_you(IllegalAction("fivesons.illegal.not_your_turn", seat=0, turn=1), 0)
    "It is seat 1's turn to ask, not yours."
    >>> refusal_to_you(IllegalAction("fivesons.illegal.not_your_turn", seat=2, turn=1), 0)
    "It is seat 1's turn to ask, not seat 2's."
    """
    section, _, part = refusal.key.rpartition(".")
    if section == "fivesons.illegal" and not refusal.where and refusal.more is None:
        for name, value in refusal.params.items():
            key = f"fivesons.illegal_you.{part}.{name}"
            if value == me and key in catalogue(lang):
                return Text(key, **{name: CardName(value) if isinstance(value, Card) else value
                                    for name, value in refusal.params.items()}).text(lang)
    return refusal.text(lang)


def error_to_learner(error: CardlabError, me: int) -> CardlabError:
    """`error` about seat `me`'s own observation log, told to the learner who sits there:
    "you" where it names `me`'s seat or speaks as `me` ("I passed ..."), cards by their
    names; where it happened is kept. Any other error is returned as it is.

    >>> from cardlab.cards import Card
    >>> from cardlab.errors import InconsistentObservations
    >>> error = InconsistentObservations("fivesons.inconsistent.i_passed", where="event 2",
    ...                                  card=Card.parse("JC"))
    >>> error_to_learner(error, 0).text(), error_to_learner(error, 0).text("de")
    ('event 2: you passed, but you hold the Jack of Clubs', \
'Ereignis 2: du hast gepasst, hast aber den Kreuz-Buben')
    """
    section, _, part = error.key.rpartition(".")
    if section == "fivesons.contradiction":
        told = to_learner(Text(error.key, **error.params))
        key, params = told.key, told.params
    elif section in _LEARNER_FORMS:
        messages = catalogue("en")
        named = (f"{section}_you.{part}.{name}" for name, value in error.params.items()
                 if value == me and not isinstance(value, bool))
        key = next((key for key in named if key in messages), f"{section}_you.{part}")
        if key not in messages:
            return error
        params = {name: CardName(value) if isinstance(value, Card) else value
                  for name, value in error.params.items()}
    else:
        return error
    return type(error)(key, where=_EVENT_FIELD.sub(_event_number, error.where),
                       more=error.more, **params)


#: The sections of errors with forms told to the learner (`SECTION_you`): a key
#: `PART.PARAM` where the seat that PARAM names is the learner's, else `PART`.
_LEARNER_FORMS = ("fivesons.illegal", "fivesons.inconsistent", "fivesons.records")
#: A field of the log's JSON, which a learner who typed events in knows as "event N".
_EVENT_FIELD = re.compile(r"^events\[(\d+)\](?:\.\w+)*$")


def _event_number(field: re.Match[str]) -> str:
    return f"event {int(field[1]) + 1}"
