"""Lesson 5, deduction step by step: where a card is after some events, and who knew first.

Every explanation is the engine's own reason for the certainty.

>>> from cardlab.cards import Card, parse_cards
>>> from cardlab.fivesons.record import AskSeen, FiveSonsLog
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> qs, th = parse_cards("QS 3H")
>>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"),
...                   (AskSeen(0, qs, th, 2, shown=qs),))
>>> for reason in check_place(1, log, 1, qs).reasons: print(reason)
Seat 1 passed on QS and 3H in event 1, so it holds neither.
Seat 2 showed me QS in event 1.
>>> check_place(UNSURE, log, 1, th).correct
True
"""

from __future__ import annotations

from typing import Any

from cardlab.cards import Card, CardName
from cardlab.deal_counting import SOLUTION, Location
from cardlab.fivesons.evidence import Place
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.story import event_sentence
from cardlab.i18n import Text, message
from cardlab.lessons.exercises import Blank, Verdict, check_number, percent

#: The answer "nobody can be sure yet".
UNSURE = "unsure"


def place_options(log: FiveSonsLog, lang: str = "en") -> list[tuple[str, Location]]:
    """The answers to "where is this card?": each other seat, the solution, not certain yet.

    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> [value for _, value in place_options(FiveSonsLog(FiveSonsRules(players=3), 1, (), ()))]
    [0, 2, 'solution', 'unsure']
    """
    seats: list[tuple[str, Location]] = [
        (message("fivesons.notes.seat", lang, seat=seat), seat)
        for seat in range(log.rules.players) if seat != log.me]
    return [*seats, (message("fivesons.notes.solution", lang), SOLUTION),
            (message("lesson.deduction.unsure", lang), UNSURE)]


#: The engine's reasons for "not there" that do not give away where the card is.
_TELLING = ("passed", "nobody_showed", "full_hand", "case_lacks", "exhaustive_lacks",
            "solution_face_known", "solution_heart_known")


def check_place(answer: Location | Blank, log: FiveSonsLog, after: int, card: Card) -> Verdict:
    """Where is `card` after the first `after` events of `log`, as far as `log.me` can be sure?

    A place the seat has ruled out is told the engine's reason, where that reason does not
    give the card's place away; a place it may be, but is not sure of, is told so.
    """
    knowledge = FiveSonsKnowledge.from_log(log, after)
    facts = {(fact.card, fact.place): fact for fact in knowledge.facts}
    held = next((fact for fact in knowledge.facts if fact.card == card and fact.holds), None)
    hint = Text("lesson.coach.place_hint", card=CardName(card), after=after)
    truth = UNSURE if held is None else held.place
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth, hint=(hint,))
    mistake = _place_mistake(answer, log.me, card, facts, held)
    if held is None:
        why = Text("lesson.deduction.not_certain", seat=log.me, card=CardName(card),
                   chances=Chances(knowledge, card))
        reasons: tuple[Text, ...] = (why,)
        if answer != UNSURE and (card, answer) in facts:
            reasons = (facts[card, answer].reason, why)
        return Verdict(answer == UNSURE, reasons, (mistake,), (hint,), truth)
    if answer == held.place:
        return Verdict(True, (held.reason,), solution=truth)
    wrong = facts.get((card, answer)) if answer != UNSURE else None
    return Verdict(False, tuple(f.reason for f in (wrong, held) if f is not None), (mistake,),
                   (hint,), truth)


def _place_mistake(answer: Location, me: int | None, card: Card, facts: dict[Any, Any], held: object
                   ) -> Text:
    """What is wrong with the answer `answer` to "where is `card`?", not saying where it is."""
    if answer == UNSURE:
        return Text("lesson.coach.place_sure", seat=me, card=CardName(card))
    ruled = facts.get((card, answer))
    if ruled is not None and ruled.reason.key.rsplit(".", 1)[-1] in _TELLING:
        reason: Text = ruled.reason
        return reason
    if ruled is not None:
        return Text("lesson.coach.place_not", seat=me, card=CardName(card), place=Place(answer))
    return Text("lesson.coach.place_maybe", seat=me, card=CardName(card), place=Place(answer))


class Listed:
    """Seat numbers as a list in the reader's language: ``1, 2 and 3``."""

    def __init__(self, seats: list[int]) -> None:
        self.seats = seats

    def label(self, lang: str = "en") -> str:
        """The numbers in `lang`."""
        names = [str(seat) for seat in self.seats]
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {message('lesson.cards.and', lang)} {names[-1]}"


class Chances:
    """Where a card may be, with exact chances; names itself in a sentence in any language."""

    def __init__(self, knowledge: FiveSonsKnowledge, card: Card) -> None:
        self.chances = [(place, knowledge.probability(card, place)) for place in knowledge.places
                        if knowledge.counts.at[card][place]]

    def label(self, lang: str = "en") -> str:
        """``'with seat 1 (29.6%), in the solution (11.1%)'``."""
        return ", ".join(f"{Place(place).label(lang)} ({percent(p, lang)})"
                         for place, p in self.chances)


class EventSentence:
    """Event `number` of `log` told in a sentence, in whichever language the reader wants.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.record import AskSeen
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> qs, th = parse_cards("QS 3H")
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"),
    ...                   (AskSeen(0, qs, th, 2, shown=qs),))
    >>> EventSentence(log, 1).label("de").startswith("Platz 0 fragt")
    True
    """

    def __init__(self, log: FiveSonsLog, number: int) -> None:
        self.log = log
        self.number = number

    def label(self, lang: str = "en") -> str:
        """The sentence in `lang`."""
        return event_sentence(self.log, self.number, lang)


def certain_after(log: FiveSonsLog) -> int | None:
    """The first number of events after which `log.me` knows the solution (None: never).

    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> certain_after(FiveSonsLog(FiveSonsRules(), 0, (), ())) is None
    True
    """
    for after in range(len(log.events) + 1):
        if len(FiveSonsKnowledge.from_log(log, after).counts.pairs) == 1:
            return after
    return None


def check_first_event(answer: str | Blank, game: FiveSonsGame) -> Verdict:
    """After which event did the first seat know the solution? A seat that knew later, and the
    seat that knew first, are named with their reasons.

    >>> from cardlab.fivesons.match import play_game
    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> from cardlab.lessons.exercises import BLANK
    >>> game = play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
    ...                  seed=10)
    >>> check_first_event(BLANK, game).solution
    11
    """
    when = {seat: certain_after(game.observation_log(seat)) for seat in range(game.players)}
    known = {seat: after for seat, after in when.items() if after is not None}
    first = min(known.values())
    seats = [seat for seat, after in known.items() if after == first]
    hint = Text("lesson.coach.first_hint")
    if isinstance(answer, Blank):
        return Verdict(False, solution=first, hint=(hint,))
    log = game.observation_log(seats[0])
    facts = [fact.reason for fact in FiveSonsKnowledge.from_log(log, first).facts
             if fact.place == SOLUTION and fact.holds]
    why = Text("lesson.deduction.first" if len(seats) == 1 else "lesson.deduction.first_many",
               seats=Listed(seats), event=first, what=EventSentence(log, first))
    later = [(after, Text("lesson.coach.first_later", seat=seat, event=after))
             for seat, after in known.items() if after != first]
    verdict = check_number(answer, first, later, hint)
    return verdict.but(reasons=(*(() if verdict.correct else verdict.mistake), why, *facts))


def worlds_after(log: FiveSonsLog) -> list[int]:
    """How many deals fit `log.me`'s view after 0, 1, 2, ... events.

    >>> from cardlab.fivesons.rules import FiveSonsRules
    >>> worlds_after(FiveSonsLog(FiveSonsRules(), None, (), ()))
    [1407929402880]
    """
    return [FiveSonsKnowledge.from_log(log, after).worlds for after in range(len(log.events) + 1)]
