"""Certainties with reasons, found by the named steps of logic a learner can follow.

Each step turns what is known into a new fact and says why: shown to me;
passed, so lacks both; held here, so lacked everywhere else; "at least one
of" with one card ruled out (or in my own hand); a full hand lacks
everything else; only as many candidates as places; the hidden face or
heart known, so no other is hidden; the last face (or heart) not placed is
hidden; a card with one place left is there. Steps never guess, so every
fact they find is a true certainty; exact counting tells which certainties
they cannot reach (see `knowledge`).

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import example_log
>>> log, (qs, th) = example_log(), parse_cards("QS 3H")
>>> deduction = Deduction.from_evidence(Evidence.from_log(log))
>>> place, why = deduction.holds[qs]
>>> place, str(why)
(2, 'Seat 2 showed me QS in event 1.')
>>> str(deduction.lacks[th, 1])
'Seat 1 passed on QS and 3H in event 1, so it holds neither.'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlab.cards import Card, CardName
from cardlab.deal_counting import SOLUTION, Location
from cardlab.fivesons.evidence import ClauseSeen, Evidence, Place
from cardlab.i18n import Count, Text


def to_learner(reason: Text) -> Text:
    """`reason` told to the learner whose log it explains: "you" where it says "me", and
    cards by their names in the learner's language, not by their corners.

    The reasons themselves speak as the log's seat and name cards by corner (or by code, on
    the command line); a learner reading their own notes is addressed instead.

    >>> from cardlab.cards import parse_cards
    >>> qs, th = parse_cards("QS 3H")
    >>> why = Text("fivesons.reason.shown_to_me", seat=2, card=qs, event=1)
    >>> to_learner(why).text(), to_learner(why).text("de")
    ('Seat 2 showed you the Queen of Spades in event 1.', \
'Platz 2 hat dir in Ereignis 1 die Pik-Dame gezeigt.')
    """
    section, _, part = reason.key.rpartition(".")
    key = f"{section}_you.{part}" if section in _TOLD_TO_LEARNER else reason.key
    return Text(key, **{name: _for_learner(value) for name, value in reason.params.items()})


#: The sections of reasons that have a form told to the learner (`SECTION_you`).
_TOLD_TO_LEARNER = ("fivesons.reason", "fivesons.contradiction")


def _for_learner(value: object) -> object:
    if isinstance(value, Text):
        return to_learner(value)
    return CardName(value) if isinstance(value, Card) else value


class Contradiction(Exception):
    """What is known cannot all be true; `reason` says why."""

    def __init__(self, reason: Text) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass
class Deduction:
    """Possible places per unknown card, narrowed step by step, each step with its reason."""

    evidence: Evidence
    possible: dict[Card, set[Location]]
    holds: dict[Card, tuple[Location, Text]] = field(default_factory=dict)
    lacks: dict[tuple[Card, Location], Text] = field(default_factory=dict)
    clauses: list[ClauseSeen] = field(default_factory=list)

    @classmethod
    def from_evidence(cls, evidence: Evidence) -> Deduction:
        """Apply every observation, then every step until nothing new follows."""
        places: set[Location] = {*evidence.seats, SOLUTION}
        deduction = cls(evidence, {card: set(places) for card in evidence.unknown},
                        clauses=list(evidence.clauses))
        for card, place, holds, why in evidence.observed:
            (deduction.fix if holds else deduction.remove)(card, place, why)
        deduction.settle()
        return deduction

    def copy(self) -> Deduction:
        """An independent copy, for trying out a case."""
        return Deduction(self.evidence, {card: set(p) for card, p in self.possible.items()},
                         dict(self.holds), dict(self.lacks), list(self.clauses))

    def fix(self, card: Card, place: Location, why: Text) -> bool:
        """Record that `card` is at `place`; True if that is new."""
        if card in self.holds:
            if self.holds[card][0] == place:
                return False
            raise Contradiction(Text("fivesons.contradiction.conflict", new=why,
                                     old=self.holds[card][1]))
        if place not in self.possible[card]:
            raise Contradiction(Text("fivesons.contradiction.conflict", new=why,
                                     old=self.lacks[card, place]))
        self.holds[card] = (place, why)
        for other in sorted(self.possible[card] - {place}, key=str):
            self.remove(card, other, Text("fivesons.reason.held_elsewhere", card=card,
                                          place=Place(place), other=Place(other)))
        return True

    def remove(self, card: Card, place: Location, why: Text) -> bool:
        """Record that `card` is not at `place`; True if that is new."""
        if place not in self.possible[card]:
            return False
        if card in self.holds and self.holds[card][0] == place:
            raise Contradiction(Text("fivesons.contradiction.conflict", new=why,
                                     old=self.holds[card][1]))
        self.possible[card].discard(place)
        self.lacks[card, place] = why
        if not self.possible[card]:
            raise Contradiction(Text("fivesons.contradiction.no_place", card=card))
        return True

    def settle(self) -> None:
        """Apply the steps until none adds anything."""
        steps = (self._clauses, self._hands, self._solution, self._only_place)
        while any(step() for step in steps):
            pass

    def _clauses(self) -> bool:
        changed = False
        for clause in list(self.clauses):
            seat, face, heart = clause.seat, clause.face, clause.heart
            if any(self.holds.get(card, (None,))[0] == seat for card in (face, heart)):
                self.clauses.remove(clause)
                continue
            open_cards = [card for card in (face, heart)
                          if card not in self.evidence.hand and seat in self.possible[card]]
            if not open_cards:
                raise Contradiction(Text("fivesons.contradiction.clause", seat=seat, face=face,
                                         heart=heart, event=clause.event))
            if len(open_cards) == 1:
                card = open_cards[0]
                other = heart if card == face else face
                key = "clause_own_hand" if other in self.evidence.hand else "clause_one_left"
                changed |= self.fix(card, seat, Text(
                    f"fivesons.reason.{key}", seat=seat, face=face, heart=heart,
                    event=clause.event, other=other, card=card))
                self.clauses.remove(clause)
        return changed

    def _hands(self) -> bool:
        changed = False
        sizes = self.evidence.log.rules.hand_sizes
        for seat in self.evidence.seats:
            size = sizes[seat]
            held = [card for card, (place, _) in self.holds.items() if place == seat]
            candidates = [card for card, places in self.possible.items() if seat in places]
            if len(held) > size:
                raise Contradiction(Text("fivesons.contradiction.too_many", seat=seat,
                                         cards=Count("count.cards", size)))
            if len(candidates) < size:
                raise Contradiction(Text("fivesons.contradiction.too_few", seat=seat,
                                         cards=Count("count.cards", size)))
            if len(held) == size:
                for card in candidates:
                    if card not in held:
                        changed |= self.remove(card, seat, Text(
                            "fivesons.reason.full_hand", seat=seat,
                            cards=Count("count.cards", size), card=card))
            elif len(candidates) == size:
                for card in candidates:
                    changed |= self.fix(card, seat, Text(
                        "fivesons.reason.only_candidates", seat=seat,
                        cards=Count("count.cards", size), card=card))
        return changed

    def _solution(self) -> bool:
        changed = False
        rules = self.evidence.log.rules
        for group, kind in ((rules.faces, "face"), (rules.hearts, "heart")):
            candidates = [card for card in group
                          if card in self.possible and SOLUTION in self.possible[card]]
            hidden = [card for card in candidates if self.holds.get(card, (None,))[0] == SOLUTION]
            if not candidates:
                raise Contradiction(Text(f"fivesons.contradiction.no_{kind}"))
            if hidden:
                for card in candidates:
                    if card != hidden[0]:
                        changed |= self.remove(card, SOLUTION, Text(
                            f"fivesons.reason.solution_{kind}_known", known=hidden[0], card=card))
            elif len(candidates) == 1:
                changed |= self.fix(candidates[0], SOLUTION,
                                    Text(f"fivesons.reason.last_{kind}", card=candidates[0]))
        return changed

    def _only_place(self) -> bool:
        changed = False
        for card, places in self.possible.items():
            if len(places) == 1 and card not in self.holds:
                (place,) = places
                changed |= self.fix(card, place, Text("fivesons.reason.only_place", card=card,
                                                      place=Place(place)))
        return changed
