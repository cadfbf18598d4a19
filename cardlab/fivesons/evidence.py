"""What one perspective learned from an observation log, as facts and clauses with sources.

Events are numbered from 1 here and in every message: "event 3" is the
third entry of the log, and `--after 3` keeps events 1 to 3.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import AskSeen, FiveSonsLog
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> qs, th = parse_cards("QS 3H")
>>> log = FiveSonsLog(FiveSonsRules(), None, (), (AskSeen(0, qs, th, 2),))
>>> evidence = Evidence.from_log(log)
>>> [(str(card), seat, holds) for card, seat, holds, _ in evidence.observed]
[('QS', 1, False), ('3H', 1, False)]
>>> [(c.seat, str(c.face), str(c.heart)) for c in evidence.clauses]
[(2, 'QS', '3H')]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from cardlab.cards import Card
from cardlab.deal_counting import SOLUTION, Location, Problem
from cardlab.errors import InconsistentObservations
from cardlab.fivesons.record import AskSeen, FiveSonsLog, GuessSeen
from cardlab.i18n import Text


@dataclass(frozen=True)
class Place:
    """A location of a card: a seat number or the solution; names itself in a sentence."""

    where: Location

    def label(self, lang: str = "en") -> str:
        """``'with seat 2'`` or ``'in the solution'``."""
        if self.where == SOLUTION:
            return Text("place.solution").text(lang)
        return Text("place.seat", seat=self.where).text(lang)


@dataclass(frozen=True)
class ClauseSeen:
    """`seat` showed someone else a card, so it holds `face` or `heart` (or both)."""

    seat: int
    face: Card
    heart: Card
    event: int


@dataclass
class Evidence:
    """The raw knowledge of one perspective (`me` None: the whole table)."""

    log: FiveSonsLog
    #: (card, place, held there?, why), in the order the events happened.
    observed: list[tuple[Card, Location, bool, Text]] = field(default_factory=list)
    clauses: list[ClauseSeen] = field(default_factory=list)
    eliminated: dict[int, int] = field(default_factory=dict)

    @property
    def me(self) -> int | None:
        """The observing seat, or None for the table."""
        return self.log.me

    @cached_property
    def hand(self) -> frozenset[Card]:
        """The observer's own cards."""
        return frozenset(self.log.hand)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats whose cards are hidden from this perspective."""
        return tuple(seat for seat in range(self.log.rules.players) if seat != self.me)

    @cached_property
    def unknown(self) -> tuple[Card, ...]:
        """Every card this perspective has not seen in its own hand."""
        return tuple(card for card in self.log.rules.deck if card not in self.hand)

    @classmethod
    def from_log(cls, log: FiveSonsLog) -> Evidence:
        """Read every event; a log that contradicts itself outright raises, naming the event."""
        evidence = cls(log)
        ended = False
        for number, event in enumerate(log.events, start=1):
            try:
                if ended:
                    raise InconsistentObservations("fivesons.inconsistent.after_the_end")
                if isinstance(event, AskSeen):
                    evidence._ask(event, number)
                else:
                    ended = evidence._guess(event, number)
            except InconsistentObservations as err:
                raise err.at(f"event {number}") from None
        return evidence

    def problem(self) -> Problem:
        """The counting problem: where each unknown card may be, and the clauses."""
        rules = self.log.rules
        allowed = {card: {*self.seats, SOLUTION} for card in self.unknown}
        for card, place, holds, _ in self.observed:
            if holds:
                allowed[card] &= {place}
            else:
                allowed[card].discard(place)
        clauses = []
        for clause in self.clauses:
            mine = [card for card in (clause.face, clause.heart) if card in self.hand]
            if mine:  # I hold one of the two, so the seat holds the other
                other = clause.heart if mine[0] == clause.face else clause.face
                allowed[other] &= {clause.seat}
            else:
                clauses.append((clause.seat, clause.face, clause.heart))
        return Problem(
            cards=self.unknown,
            capacity={seat: rules.hand_sizes[seat] for seat in self.seats},
            allowed={card: frozenset(places) for card, places in allowed.items()},
            clauses=tuple(clauses),
            first_kind=frozenset(card for card in self.unknown if card in rules.faces),
            second_kind=frozenset(card for card in self.unknown if card in rules.hearts),
        )

    def _ask(self, event: AskSeen, number: int) -> None:
        players = self.log.rules.players
        face, heart, asker, shower = event.face, event.heart, event.seat, event.shown_by
        if asker in self.eliminated:
            raise InconsistentObservations("fivesons.inconsistent.eliminated_asks", seat=asker)
        if shower == asker:
            raise InconsistentObservations("fivesons.inconsistent.self_answer", seat=asker)
        last = shower if shower is not None else asker
        passers = [(asker + step) % players for step in range(1, (last - asker) % players or
                                                              players)]
        reason_key = "passed" if shower is not None else "nobody_showed"
        for seat in passers:
            if seat == self.me:
                for card in (face, heart):
                    if card in self.hand:
                        raise InconsistentObservations("fivesons.inconsistent.i_passed",
                                                       card=card)
                continue
            why = Text(f"fivesons.reason.{reason_key}", seat=seat, face=face, heart=heart,
                       event=number)
            self.observed += [(card, seat, False, why) for card in (face, heart)
                              if card not in self.hand]
        if shower is None:
            return
        if shower == self.me:
            if event.shown is not None and event.shown not in self.hand:
                raise InconsistentObservations("fivesons.inconsistent.i_showed_other",
                                               card=event.shown)
            if face not in self.hand and heart not in self.hand:
                raise InconsistentObservations("fivesons.inconsistent.i_showed_nothing",
                                               face=face, heart=heart)
        elif event.shown is not None:
            if event.shown in self.hand:
                raise InconsistentObservations("fivesons.inconsistent.shown_mine",
                                               seat=shower, card=event.shown)
            self.observed.append((event.shown, shower, True, Text(
                "fivesons.reason.shown_to_me", seat=shower, card=event.shown, event=number)))
        else:
            if face in self.hand and heart in self.hand:
                raise InconsistentObservations("fivesons.inconsistent.both_mine",
                                               seat=shower, face=face, heart=heart)
            self.clauses.append(ClauseSeen(shower, face, heart, number))

    def _guess(self, event: GuessSeen, number: int) -> bool:
        """Record a guess; True when it ended the game."""
        if event.seat in self.eliminated:
            raise InconsistentObservations("fivesons.inconsistent.eliminated_guesses",
                                           seat=event.seat)
        if event.correct:
            return True
        self.eliminated[event.seat] = number
        if event.solution is not None:
            face, heart = event.solution
            for card in (face, heart):
                if card in self.hand:
                    raise InconsistentObservations("fivesons.inconsistent.solution_mine",
                                                   card=card)
            why = Text("fivesons.reason.my_guess", face=face, heart=heart, event=number)
            self.observed += [(face, SOLUTION, True, why), (heart, SOLUTION, True, why)]
        return False
