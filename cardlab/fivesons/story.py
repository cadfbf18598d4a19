"""Five Sons events of an observation log told in words, as the log's seat saw them.

A log keeps what one seat saw; this retells it with the engine's own
sentences (`cardlab.fivesons.narration`): the question, each seat that
passed, who showed a card (and which, where the seat saw it), the guesses.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import AskSeen, FiveSonsLog
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> jc, eight = parse_cards("JC 8H")
>>> log = FiveSonsLog(FiveSonsRules(), 1, parse_cards("KH JD AH 5H QD"),
...                   (AskSeen(2, jc, eight, 0),))
>>> for text in story(log, 1): print(text)
Seat 2 asked: The Jack of Clubs has eight sons.
Seat 3 passed.
Seat 0 showed seat 2 a card.

Told to the learner at the log's seat (its own notes), it names that seat "you":

>>> mine = FiveSonsLog(FiveSonsRules(), 2, parse_cards("KH JD AH 5H QD"),
...                    (AskSeen(2, jc, eight, 0, shown=jc),))
>>> for text in story(mine, 1, you=2): print(text.text("de"))
Du hast gefragt: Der Kreuz-Bube hat acht Söhne.
Platz 3 passt.
Platz 0 hat dir die Karte Kreuz-Bube gezeigt.
"""

from __future__ import annotations

from cardlab.cards import CardName
from cardlab.fivesons.cards import QuestionSentence
from cardlab.fivesons.narration import to_you
from cardlab.fivesons.record import AskSeen, FiveSonsLog
from cardlab.i18n import Text


def story(log: FiveSonsLog, number: int, you: int | None = None) -> list[Text]:
    """Event `number` (from 1) of `log`, sentence by sentence, as `log.me` saw it, speaking
    to seat `you` as "you" (the learner's; None: every seat by its number, for a third
    reader)."""
    return [to_you(text, you) for text in _told(log, number)]


def _told(log: FiveSonsLog, number: int) -> list[Text]:
    event = log.events[number - 1]
    if not isinstance(event, AskSeen):
        if event.correct:
            return [Text("fivesons.story.right", seat=event.seat)]
        if event.solution is not None:
            face, heart = event.solution
            return [Text("fivesons.event.wrong_saw", seat=event.seat, face=CardName(face),
                         heart=CardName(heart))]
        return [Text("fivesons.event.wrong", seat=event.seat)]
    players = log.rules.players
    told = [Text("fivesons.event.asked", seat=event.seat,
                 question=QuestionSentence(event.face, event.heart))]
    last = event.shown_by if event.shown_by is not None else event.seat
    steps = (last - event.seat) % players or players
    told += [Text("fivesons.event.passed", seat=(event.seat + step) % players)
             for step in range(1, steps)]
    if event.shown_by is None:
        told.append(Text("fivesons.event.nobody"))
    elif event.shown is not None:
        told.append(Text("fivesons.event.showed_card", seat=event.shown_by, asker=event.seat,
                         card=CardName(event.shown)))
    else:
        told.append(Text("fivesons.event.showed", seat=event.shown_by, asker=event.seat))
    return told


def event_sentence(log: FiveSonsLog, number: int, lang: str = "en",
                   you: int | None = None) -> str:
    """Event `number` in one line: all of its sentences (`you`: as in `story`)."""
    return " ".join(text.text(lang) for text in story(log, number, you))
