"""What one seat (or the table) knows in Five Sons: exact counts, and facts with reasons.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import example_log
>>> log, (qs, th) = example_log(), parse_cards("QS 3H")
>>> knowledge = FiveSonsKnowledge.from_log(log)
>>> knowledge.counts.at[qs][2] == knowledge.worlds, knowledge.probability(th, 1)
(True, 0.0)
>>> [f.to_json()["why"] for f in knowledge.facts if f.card == qs and f.holds]
['Seat 2 showed me QS in event 1.']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardlab.cards import Card

# Location is re-exported: widgets name a place in the knowledge's terms.
from cardlab.deal_counting import SOLUTION, Counts, count_deals
from cardlab.deal_counting import Location as Location
from cardlab.errors import InconsistentObservations
from cardlab.fivesons.cards import sons
from cardlab.fivesons.evidence import ClauseSeen, Evidence, Place
from cardlab.fivesons.reasoning import Contradiction, Deduction
from cardlab.fivesons.record import FiveSonsLog
from cardlab.i18n import Count, Text, card_codes


@dataclass(frozen=True)
class Fact:
    """A certainty: `card` is (or is not) at `place`, and why."""

    card: Card
    place: Location
    holds: bool
    reason: Text

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """As in `cardlab infer`: card, at, holds, why (naming cards by their codes)."""
        with card_codes():
            why = self.reason.text(lang)
        return {"card": self.card.code, "at": str(self.place), "holds": self.holds, "why": why}


@dataclass(frozen=True)
class FiveSonsKnowledge:
    """Everything a perspective can infer from its observation log, exactly."""

    log: FiveSonsLog
    counts: Counts
    facts: tuple[Fact, ...]
    #: "At least one of" clauses that the certainties have not settled yet.
    clauses: tuple[ClauseSeen, ...] = ()

    @classmethod
    def from_log(cls, log: FiveSonsLog, after: int | None = None) -> FiveSonsKnowledge:
        """Knowledge after the first `after` events (all by default).

        A log no deal can explain raises InconsistentObservations naming the
        first event that breaks it.
        """
        if after is not None:
            log = replace(log, events=log.events[:after])
        evidence = Evidence.from_log(log)
        counts = count_deals(evidence.problem())
        if counts.worlds == 0:
            raise _first_break(log)
        deduction = Deduction.from_evidence(evidence)
        _explain_every_certainty(deduction, counts)
        return cls(log, counts, _facts(deduction, counts), tuple(deduction.clauses))

    @property
    def me(self) -> int | None:
        """The observing seat (None: the table)."""
        return self.log.me

    @property
    def worlds(self) -> int:
        """How many deals fit everything this perspective knows."""
        return self.counts.worlds

    @property
    def places(self) -> tuple[Location, ...]:
        """Where an unknown card can be: each other seat, then the solution."""
        return (*(seat for seat in range(self.log.rules.players) if seat != self.me), SOLUTION)

    def probability(self, card: Card, place: Location) -> float:
        """Exact share of consistent deals that put `card` at `place`."""
        return self.counts.probability(card, place)

    def solution_pairs(self) -> list[tuple[Card, Card, int]]:
        """Every possible (face, heart) solution with its number of deals, likeliest first."""
        pairs = [(face, heart, n) for (face, heart), n in self.counts.pairs.items()]
        return sorted(pairs, key=lambda p: (-p[2], p[0], sons(p[1])))

    def knows_solution(self, seat: int) -> bool | None:
        """Whether `seat` knows the solution, as far as this perspective can tell (None)."""
        if seat == self.me:
            return len(self.counts.pairs) == 1
        if any(not e.correct and e.seat == seat for e in self.log.events
               if hasattr(e, "correct")):
            return True
        return None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The `cardlab infer` JSON object."""
        return {
            "perspective": "public" if self.me is None else self.me,
            "after": len(self.log.events),
            "worlds": self.worlds,
            "counts": {card.code: {str(place): self.counts.at[card][place]
                                   for place in self.places}
                       for card in self.log.rules.deck if card in self.counts.at},
            "solution": [{"face": face.code, "heart": heart.code, "worlds": n}
                         for face, heart, n in self.solution_pairs()],
            "facts": [fact.to_json(lang) for fact in self.facts],
            "knows_solution": {str(seat): self.knows_solution(seat)
                               for seat in range(self.log.rules.players)},
        }


def _explain_every_certainty(deduction: Deduction, counts: Counts) -> None:
    """Give every certainty of the counts a reason, by steps where they reach, else by cases."""
    while (missing := _first_unexplained(deduction, counts)) is not None:
        card, place, holds = missing
        trial = deduction.copy()
        try:
            if holds:
                trial.remove(card, place, Text("fivesons.reason.only_place", card=card,
                                               place=Place(place)))
            else:
                trial.fix(card, place, Text("fivesons.reason.only_place", card=card,
                                            place=Place(place)))
            trial.settle()
            key = "exhaustive_holds" if holds else "exhaustive_lacks"
            reason = Text(f"fivesons.reason.{key}", deals=Count("count.deals", counts.worlds),
                          card=card,
                          place=Place(place))
        except Contradiction as contradiction:
            key = "case_holds" if holds else "case_lacks"
            reason = Text(f"fivesons.reason.{key}", card=card, place=Place(place),
                          contradiction=contradiction.reason)
        if holds:
            deduction.fix(card, place, reason)
        else:
            deduction.remove(card, place, reason)
        deduction.settle()


def _first_unexplained(deduction: Deduction, counts: Counts) -> tuple[Card, Location, bool] | None:
    for card, by_place in counts.at.items():
        for place, n in by_place.items():
            if n == counts.worlds and card not in deduction.holds:
                return card, place, True
            if n == 0 and place in deduction.possible[card]:
                return card, place, False
    return None


def _facts(deduction: Deduction, counts: Counts) -> tuple[Fact, ...]:
    facts = []
    for card in deduction.evidence.log.rules.deck:
        if card not in counts.at:
            continue
        for place in counts.at[card]:
            if card in deduction.holds and deduction.holds[card][0] == place:
                facts.append(Fact(card, place, True, deduction.holds[card][1]))
            elif (card, place) in deduction.lacks:
                facts.append(Fact(card, place, False, deduction.lacks[card, place]))
    return tuple(facts)


def _first_break(log: FiveSonsLog) -> InconsistentObservations:
    """The error for the first event after which no deal fits.

    Events only ever add constraints, so the prefixes that some deal fits
    come first: a bisection finds the first one that none fits (the whole
    log fits none; -1 stands for "before the start", which fits).
    """
    fits, breaks = -1, len(log.events)
    while breaks - fits > 1:
        middle = (fits + breaks) // 2
        if _worlds_after(log, middle):
            fits = middle
        else:
            breaks = middle
    evidence = Evidence.from_log(replace(log, events=log.events[:breaks]))
    try:
        Deduction.from_evidence(evidence)
        reason = Text("fivesons.contradiction.no_deal")
    except Contradiction as contradiction:
        reason = contradiction.reason
    return InconsistentObservations("fivesons.contradiction.wrapped", where=f"event {breaks}",
                                    reason=reason)


def _worlds_after(log: FiveSonsLog, after: int) -> int:
    return count_deals(Evidence.from_log(replace(log, events=log.events[:after])).problem()).worlds
