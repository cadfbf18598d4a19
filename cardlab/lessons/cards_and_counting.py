"""Lesson 2, cards and counting: how many deals there are, and the chance of holding a card.

Every number comes from the exact counting engine (`FiveSonsKnowledge`).

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> deals(FiveSonsRules())
1407929402880
>>> check_deals("11,732,745,024", FiveSonsRules()).correct
False
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial, prod
from typing import Any

from cardlab.cards import Card, CardName
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.evidence import Place
from cardlab.fivesons.knowledge import FiveSonsKnowledge, Location
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import Text
from cardlab.lessons.exercises import Number, Verdict, check_chance, check_number


def deals(rules: FiveSonsRules) -> int:
    """Every way the cards of a Five Sons game can lie: the solution and each hand.

    >>> from cardlab.cards import parse_cards
    >>> deals(FiveSonsRules(players=3, faces=parse_cards("JC QC"), hearts=parse_cards("AH 2H 3H")))
    36
    """
    return FiveSonsKnowledge.from_log(FiveSonsLog(rules, None, (), ())).worlds


def check_deals(answer: Any, rules: FiveSonsRules) -> Verdict:
    """How many deals has a game with `rules`? Common slips are named."""
    pairs = len(rules.faces) * len(rules.hearts)
    truth = deals(rules)
    rest = len(rules.deck) - 2
    how = Text("lesson.counting.deals_how", faces=len(rules.faces), hearts=len(rules.hearts),
               pairs=pairs, rest=rest, hands=Number(truth // pairs), total=Number(truth))
    hint = Text("lesson.coach.deals_hint", faces=len(rules.faces), hearts=len(rules.hearts),
                rest=rest, first=rules.hand_sizes[0])
    verdict = check_number(answer, truth, [
        (truth // pairs, Text("lesson.counting.forgot_solution", pairs=pairs)),
        (truth * prod(factorial(size) for size in rules.hand_sizes),
         Text("lesson.counting.order_counted")),
        (factorial(len(rules.deck)), Text("lesson.counting.order_counted")),
    ], hint)
    return verdict.but(reasons=(*verdict.reasons, how))


def check_deck_size(answer: Any, rules: FiveSonsRules) -> Verdict:
    """How many cards does a game of Five Sons use? Every answer is told how to count them.

    >>> check_deck_size("52", FiveSonsRules()).text()
    'Not quite. That is a whole deck: Five Sons uses only the face cards and the hearts \
Ace to Ten. A game uses the 12 face cards (Jack, Queen and King of each suit) and the 10 heart \
number cards, Ace to Ten: 22 cards.'
    """
    faces, hearts = len(rules.faces), len(rules.hearts)
    how = Text("lesson.counting.deck_how", faces=faces, hearts=hearts, total=faces + hearts)
    # The face cards of hearts counted again among the hearts (24 or 25), or the Ace
    # counted apart from the number cards (23): lesson 1's typical mistakes.
    twice = Text("lesson.coach.deck_twice")
    verdict = check_number(answer, faces + hearts,
                           [(52, Text("lesson.counting.deck_full")),
                            *((faces + hearts + extra, twice) for extra in (1, 2, 3))],
                           Text("lesson.coach.deck_hint"))
    return verdict.but(reasons=(*verdict.reasons, how))


def check_hand_size(answer: Any, rules: FiveSonsRules) -> Verdict:
    """How many cards does each player hold (`rules` with hands of one size)?

    Sharing out the whole deck, hidden cards included, is named as the slip.

    >>> check_hand_size("5.5", FiveSonsRules(players=4)).correct
    False
    """
    total, size = len(rules.deck), rules.hand_sizes[0]
    how = Text("lesson.counting.hand_how", total=total, dealt=total - 2, players=rules.players,
               size=size)
    verdict = check_number(answer, size, [
        (Fraction(total, rules.players), Text("lesson.counting.hand_hidden", total=total))],
        Text("lesson.coach.hand_hint"))
    return verdict.but(reasons=(*verdict.reasons, how))


def chance(log: FiveSonsLog, card: Card, place: Location) -> Fraction:
    """The exact chance, from `log`'s view, that `card` is at `place` (a seat or "solution").

    >>> from cardlab.cards import parse_cards
    >>> log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    >>> chance(log, Card.parse("QS"), 1)
    Fraction(8, 27)
    """
    counts = FiveSonsKnowledge.from_log(log).counts
    return Fraction(counts.at[card][place], counts.worlds)


def check_chance_held(answer: Any, log: FiveSonsLog, card: Card, place: Location) -> Verdict:
    """What is the chance that `card` is at `place` (a seat or "solution"), from `log`'s view?

    The tempting answer for a seat (hand size over unseen cards) is explained:
    the solution must take one card of the card's own kind.
    """
    counts = FiveSonsKnowledge.from_log(log).counts
    truth = Fraction(counts.at[card][place], counts.worlds)
    why = Text("lesson.counting.chance_why", n=Number(counts.at[card][place]),
               worlds=Number(counts.worlds), card=CardName(card), place=Place(place))
    kind = log.rules.faces if card in log.rules.faces else log.rules.hearts
    left = sum(1 for other in kind if other not in log.hand)
    unseen = len(log.rules.deck) - len(log.hand)
    if place == SOLUTION:
        how = Text("lesson.counting.solution_how", left=left)
        mistakes = [(Fraction(2, unseen), Text("lesson.counting.any_two", unseen=unseen)),
                    (Fraction(1, len(kind)), Text("lesson.counting.own_cards", kind=len(kind),
                                                  left=left))]
        hint = Text("lesson.coach.solution_hint", card=CardName(card))
        return _explained(check_chance(answer, truth, why, _apart(mistakes, truth), hint),
                          how, log)
    size = log.rules.hand_sizes[int(place)]
    in_hands = unseen - 2
    how = Text("lesson.counting.seat_how", card=CardName(card), left=left, seat=place,
               in_hands=in_hands, size=size, rest=f"{left - 1}/{left}",
               share=f"{size}/{in_hands}", truth=Number(truth))
    others = log.rules.players - 1
    mistakes = [
        (Fraction(size, unseen),
         Text("lesson.counting.naive", size=size, unseen=unseen, left=left)),
        (Fraction(1, others), Text("lesson.counting.seats_alike", card=CardName(card),
                                   seats=others))]
    hint = Text("lesson.coach.seat_hint", card=CardName(card), seat=place)
    return _explained(check_chance(answer, truth, why, _apart(mistakes, truth), hint), how, log)


def _apart(mistakes: list[tuple[Fraction, Text]], truth: Fraction) -> list[tuple[Fraction, Text]]:
    """The known mistakes that are not, by chance, the right answer too."""
    return [(wrong, why) for wrong, why in mistakes if wrong != truth]


def _explained(verdict: Verdict, how: Text, log: FiveSonsLog) -> Verdict:
    """`verdict` with the count worked out by hand, which holds before any event only."""
    return verdict if log.events else verdict.but(reasons=(*verdict.reasons, how))
