"""Lesson 8, counting cards: where the Queen of Spades can be, from one seat's view.

Every explanation comes from what the engine counted: voids (a seat that did
not follow suit has none of it left), the cards played, the cards passed.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> knowledge = BlackWidowKnowledge.from_view(seat_view(game, 0))
>>> sorted(queen_places(knowledge)) in ([], [1, 2, 3])
True
"""

from __future__ import annotations

from fractions import Fraction

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.cards import QUEEN_OF_SPADES, Suit
from cardlab.i18n import Text
from cardlab.lessons.exercises import Number, Percent, Verdict, check_chance


def queen_places(knowledge: BlackWidowKnowledge) -> set[int]:
    """The other seats that may hold the Queen of Spades now."""
    return {seat for seat, p in knowledge.queen().items() if p > 0}


def queen_chance(knowledge: BlackWidowKnowledge, seat: int) -> Fraction:
    """The exact chance that `seat` holds the Queen of Spades."""
    counts = knowledge.counts
    if QUEEN_OF_SPADES not in counts.at:
        return Fraction(0)
    return Fraction(counts.at[QUEEN_OF_SPADES][seat], counts.worlds)


def _whereabouts(knowledge: BlackWidowKnowledge) -> Text | None:
    """Why the Queen is not among the unseen cards at all (None: it is)."""
    view = knowledge.view
    for number, (seat, card) in enumerate(view.plays, start=1):
        if card == QUEEN_OF_SPADES:
            return Text("lesson.cards.queen_played", seat=seat, play=number)
    if QUEEN_OF_SPADES in view.hand:
        return Text("lesson.cards.queen_mine")
    return None


def _ruled_out(knowledge: BlackWidowKnowledge, seat: int) -> Text:
    view = knowledge.view
    if view.passed and QUEEN_OF_SPADES in view.passed:
        return Text("lesson.cards.queen_passed", seat=view.passed_to)
    void = next((v for v in knowledge.voids if v.seat == seat and v.suit is Suit.SPADES), None)
    if void is not None:
        return Text("lesson.cards.void", seat=seat, suit=Suit.SPADES, play=void.play)
    return Text("lesson.cards.counted_out", seat=seat)


def check_queen_places(answer: set[str] | set[int], knowledge: BlackWidowKnowledge) -> Verdict:
    """Which other seats may hold the Queen of Spades? Each seat ruled out says why."""
    chosen = {int(seat) for seat in answer}
    gone = _whereabouts(knowledge)
    if gone is not None:
        return Verdict(not chosen, (gone,))
    truth = queen_places(knowledge)
    reasons = [_ruled_out(knowledge, seat) for seat in sorted(chosen - truth)]
    reasons += [Text("lesson.cards.may_hold", seat=seat,
                     chance=Percent(knowledge.probability(QUEEN_OF_SPADES, seat)))
                for seat in sorted(truth)]
    return Verdict(chosen == truth, tuple(reasons))


def check_queen_chance(answer: str, knowledge: BlackWidowKnowledge, seat: int) -> Verdict:
    """The exact chance that `seat` holds the Queen; "one in three" is explained where wrong."""
    truth = queen_chance(knowledge, seat)
    counts = knowledge.counts
    n = counts.at[QUEEN_OF_SPADES][seat] if QUEEN_OF_SPADES in counts.at else 0
    why = Text("lesson.cards.chance_why", n=Number(n), worlds=Number(counts.worlds), seat=seat)
    even = Fraction(1, len(knowledge.seats))
    mistakes = [] if even == truth else [(even, Text("lesson.cards.not_even"))]
    return check_chance(answer, truth, why, mistakes)
