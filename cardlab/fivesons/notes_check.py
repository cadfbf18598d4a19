"""Check a learner's Five Sons notes against what their own observations prove.

A mark says that a place (a seat, or the solution) holds a card or lacks it.
Each mark is *proven* (the engine has the same certainty, with a reason),
*wrong* (the opposite is certain; its reason says why) or *unproven* (not
certain yet, with the exact chance). A certainty with no mark is *missing*.
Every certainty also names the event after which it became certain.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import example_log
>>> log, (qs, th) = example_log(), parse_cards("QS 3H")
>>> checker = NotesChecker()
>>> verdicts = checker.check(log, {(qs, 2): HOLDS, (qs, 1): HOLDS, (th, 3): LACKS})
>>> [(v.kind, str(v.card), v.place, v.since) for v in verdicts if v.mark]
[('wrong', 'QS', 1, 1), ('unproven', '3H', 3, None), ('proven', 'QS', 2, 1)]
>>> verdicts[0].reason.text()
'Seat 1 passed on Q♠ and 3♥ in event 1, so it holds neither.'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardlab.cards import Card
from cardlab.deal_counting import Location
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.i18n import Text

HOLDS, LACKS = "holds", "lacks"
#: The order verdicts are listed in: what to fix first.
KINDS = ("wrong", "missing", "unproven", "proven")

Marks = dict[tuple[Card, Location], str]


@dataclass(frozen=True)
class Verdict:
    """What the engine says about one mark (or one certainty the learner did not mark)."""

    card: Card
    place: Location
    #: The learner's mark, HOLDS or LACKS (None: not marked).
    mark: str | None
    #: "proven", "wrong", "unproven" or "missing".
    kind: str
    #: Why the certain fact holds: the mark's fact, or for a wrong mark its opposite.
    reason: Text | None = None
    #: The event after which the fact was certain (0: from the deal on).
    since: int | None = None
    #: The exact chance that the place holds the card (for unproven marks).
    chance: float | None = None
    #: Whether the place certainly holds the card (None: not certain either way).
    certain: bool | None = None


class NotesChecker:
    """Checks notes against a log; remembers what each prefix of a log proves (logs only grow)."""

    def __init__(self) -> None:
        self._facts: dict[FiveSonsLog, dict[tuple[Card, Location], bool]] = {}

    def knowledge(self, log: FiveSonsLog) -> FiveSonsKnowledge:
        """The exact knowledge of the whole log."""
        return FiveSonsKnowledge.from_log(log)

    def check(self, log: FiveSonsLog, marks: Marks) -> list[Verdict]:
        """A verdict on every mark and on every unmarked certainty, what to fix first."""
        knowledge = self.knowledge(log)
        facts = {(fact.card, fact.place): fact for fact in knowledge.facts}
        verdicts = []
        for (card, place), mark in marks.items():
            fact = facts.get((card, place))
            if fact is None:
                verdicts.append(Verdict(card, place, mark, "unproven",
                                        chance=knowledge.probability(card, place)))
                continue
            kind = "proven" if fact.holds == (mark == HOLDS) else "wrong"
            verdicts.append(Verdict(card, place, mark, kind, fact.reason,
                                    self.since(log, card, place, fact.holds),
                                    certain=fact.holds))
        for (card, place), fact in facts.items():
            if (card, place) not in marks:
                verdicts.append(Verdict(card, place, None, "missing", fact.reason,
                                        self.since(log, card, place, fact.holds),
                                        certain=fact.holds))
        return sorted(verdicts, key=lambda v: KINDS.index(v.kind))

    def certain(self, log: FiveSonsLog) -> Marks:
        """Every certainty of the log as a mark (what "fill in" writes)."""
        return {(fact.card, fact.place): HOLDS if fact.holds else LACKS
                for fact in self.knowledge(log).facts}

    def since(self, log: FiveSonsLog, card: Card, place: Location, holds: bool) -> int:
        """The first number of events after which `place` certainly holds (or lacks) `card`."""
        low, high = 0, len(log.events)
        while low < high:  # certainties only grow as events come, so halve the range
            middle = (low + high) // 2
            if self._proves(log, middle).get((card, place)) is holds:
                high = middle
            else:
                low = middle + 1
        return low

    def _proves(self, log: FiveSonsLog, after: int) -> dict[tuple[Card, Location], bool]:
        prefix = replace(log, events=log.events[:after])
        if prefix not in self._facts:
            self._facts[prefix] = {(fact.card, fact.place): fact.holds
                                   for fact in FiveSonsKnowledge.from_log(prefix).facts}
        return self._facts[prefix]
