"""Short exercises with a fresh situation for every seed, for retrieval practice and lesson 10.

Like `practice`, each function takes a seed and the reader's language and
returns the question and its checker (and, for an answer given by pressing
cards, the cards to press), ready for `ExerciseBox.practice`; the situation
comes from a deal the engine makes from that seed.

- `card_code`: lesson 2, type the code of a named card.
- `hand_size`: lesson 1, how many cards a seat holds with some number of players.
- `chance_held`: lesson 2, the chance that a seat (or the solution) holds a card.
- `bits`: lesson 6, a seat's uncertainty about the solution, in bits.
- `best_question`: lesson 6, the question that tells most (press a face card and a heart).
- `legal_cards`: lesson 7, every card a seat may play in the middle of a hand.

>>> from cardlab.lessons.exercises import BLANK
>>> question, check = card_code(3)
>>> question
'Type the code of the Four of Diamonds.'
>>> check("4d").correct, check(BLANK).solution
(True, '4D')
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.narration import CardList
from cardlab.blackwidow.players import bot_seat
from cardlab.blackwidow.rules import BlackWidowRules, PassDirection
from cardlab.blackwidow.view import seat_view
from cardlab.cards import STANDARD_DECK, Card, CardName
from cardlab.deal_counting import SOLUTION, Location
from cardlab.errors import CardError
from cardlab.fivesons.evidence import Place
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import Text
from cardlab.lessons.cards_and_counting import check_chance_held
from cardlab.lessons.exercises import Blank, Checker, Verdict, check_number
from cardlab.lessons.legal import Turn, check_legal_cards
from cardlab.lessons.questions import check_bits, check_question
from cardlab.table import Table

#: Options of an exercise answered by pressing cards: (label, code).
Options = list[tuple[str, str]]


def card_code(seed: int, lang: str = "en") -> tuple[str, Checker]:
    """Type the code of a card named in words (any card of the 52)."""
    card = random.Random(seed).choice(STANDARD_DECK)
    hint = Text("lesson.drill.code_hint")

    def check(answer: Any) -> Verdict:
        if isinstance(answer, Blank):
            return Verdict(False, solution=card.code, hint=(hint,))
        why = Text("lesson.drill.code_why", card=CardName(card), code=card.code)
        try:
            typed = Card.parse(str(answer).strip())
        except CardError:
            nan = (Text("lesson.drill.code_unknown", text=str(answer).strip()),)
            return Verdict(False, (*nan, why), nan, (hint,), card.code)
        if typed == card:
            return Verdict(True, (why,), solution=card.code)
        part = "rank" if typed.suit is card.suit else "suit" if typed.rank is card.rank else "both"
        mistake = (Text(f"lesson.drill.code_wrong_{part}", code=typed.code,
                        named=CardName(typed)),)
        return Verdict(False, (*mistake, why), mistake, (hint,), card.code)
    return Text("lesson.drill.code_question", card=CardName(card)).text(lang), check


def hand_size(seed: int, lang: str = "en") -> tuple[str, Checker]:
    """How many cards does a seat hold in a Five Sons game of 3 to 6 players?"""
    rng = random.Random(seed)
    rules = FiveSonsRules(players=rng.randint(3, 6))
    seat = rng.randrange(rules.players)
    size, total = rules.hand_sizes[seat], len(rules.deck)
    how = Text("lesson.drill.hand_how", total=total, dealt=total - 2, players=rules.players,
               sizes=", ".join(map(str, rules.hand_sizes)), seat=seat, size=size)
    mistakes: list[tuple[int | Fraction, Text]] = [
        (Fraction(total, rules.players), Text("lesson.counting.hand_hidden", total=total))]
    if len(set(rules.hand_sizes)) > 1:
        other = next(s for s in rules.hand_sizes if s != size)
        mistakes.append((other, Text("lesson.drill.hand_other", seat=seat)))

    def check(answer: Any) -> Verdict:
        verdict = check_number(answer, size, mistakes, Text("lesson.drill.hand_hint"))
        return verdict.but(reasons=(*verdict.reasons, how))
    return Text("lesson.drill.hand_question", players=rules.players, seat=seat).text(lang), check


def _five_sons_log(seed: int) -> FiveSonsLog:
    """Seat 0's view, before any question, of a 4-player Five Sons deal from `seed`."""
    rules = FiveSonsRules(players=4)
    game = FiveSonsGame.deal(rules, seed)
    return FiveSonsLog(rules, 0, tuple(sorted(game.hands[0])), ())


def chance_held(seed: int, lang: str = "en") -> tuple[str, Checker]:
    """The chance that a card seat 0 cannot see is with another seat, or in the solution."""
    log = _five_sons_log(seed)
    rng = random.Random(seed)
    card = rng.choice([card for card in log.rules.deck if card not in log.hand])
    place: Location = rng.choice((1, 2, 3, SOLUTION))
    question = Text("lesson.drill.chance_question", cards=CardList(log.hand),
                    card=CardName(card), place=Place(place)).text(lang)
    return question, lambda answer: check_chance_held(answer, log, card, place)


def bits(seed: int, lang: str = "en") -> tuple[str, Checker]:
    """Seat 0's uncertainty about the solution, in bits, before any question."""
    log = _five_sons_log(seed)
    return (Text("lesson.drill.bits_question", cards=CardList(log.hand)).text(lang),
            lambda answer: check_bits(answer, log))


def best_question(seed: int, lang: str = "en") -> tuple[str, Checker, Options]:
    """Press a face card and a heart: the question that tells seat 0 most, on average.

    Finding the best question weighs all 120 questions the first time an answer is checked
    (some seconds); the situation itself is made at once.
    """
    log = _five_sons_log(seed)
    options = [(card.name(lang), card.code) for card in log.rules.deck]
    return (Text("lesson.drill.question_question", cards=CardList(log.hand)).text(lang),
            lambda answer: check_question(answer, log), options)


def legal_cards(seed: int, lang: str = "en") -> tuple[str, Checker, Options]:
    """Press every card a seat may play, at a moment of a hand four bots play from `seed`."""
    rules = BlackWidowRules(pass_cycle=(PassDirection.HOLD,))
    game = BlackWidowGame.new(rules, seed)
    stop = random.Random(seed).randrange(1, 40)
    Table(game, [bot_seat("heuristic", seed + seat) for seat in range(4)]).run(
        stop=lambda: len(game.hand.plays) >= stop)
    turn = Turn.of(game)
    view = seat_view(game, turn.seat)
    trick = (Text("lesson.drill.legal_trick", cards=CardList([card for _, card in view.trick]))
             if view.trick else Text("lesson.drill.legal_lead"))
    question = Text("lesson.drill.legal_question", seed=seed, seat=turn.seat,
                    number=turn.trick_number, trick=trick,
                    broken=Text("lesson.drill.broken" if game.hand.hearts_broken
                                else "lesson.drill.not_broken")).text(lang)
    options = [(card.name(lang), card.code) for card in turn.cards]
    return question, lambda answer: check_legal_cards(answer, turn), options
