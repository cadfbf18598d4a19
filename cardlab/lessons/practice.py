"""Practice exercises with a fresh situation for every seed ("New situation").

Each function here takes a seed and the reader's language and returns the
question and its checker, ready for `ExerciseBox.practice`; the situation
comes from a game the engine deals and the bots play from that seed, so a
neighbour's situation (another seed) has another answer.

- `scoring`: lesson 7, score a Black Widow hand from the cards a seat took.
- `guess_chance`: lesson 3, the chance that a seat's best guess is right now,
  and so whether to guess.
- `step_name`: lesson 5, which named step of deduction proves a certainty.

>>> from cardlab.lessons.exercises import BLANK
>>> question, check = scoring(1)
>>> question.startswith("Four bots played a hand of Black Widow (deal 1")
True
>>> check(str(check(BLANK).solution)).correct
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.narration import CardList
from cardlab.blackwidow.rules import BlackWidowRules, PassDirection
from cardlab.cards import QUEEN_OF_SPADES, CardName, Suit
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.evidence import Place
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game as play_fivesons
from cardlab.fivesons.render.view import seat_view_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import Count, Number, Text, message
from cardlab.lessons.exercises import (
    Blank,
    Checker,
    Posed,
    Verdict,
    check_chance,
    check_number,
)
from cardlab.lessons.worlds import Cards

#: The bots that play the practice games.
_FIVESONS_BOTS = ["logician", "random", "infogain", "random"]

#: The named steps of lesson 5, numbered as the lesson numbers them, and the engine's
#: reasons (their keys) that each step covers.
STEPS: dict[int, tuple[str, ...]] = {
    1: ("shown_to_me",),
    2: ("passed", "nobody_showed"),
    3: ("held_elsewhere",),
    4: ("clause_one_left", "clause_own_hand"),
    5: ("full_hand",),
    6: ("last_face", "last_heart"),
    7: ("case_holds", "case_lacks"),
}


def scoring(seed: int, lang: str = "en") -> tuple[str, Checker]:
    """Score one seat's hand: the cards it took are listed, the points are asked for.

    Four `heuristic` bots play one hand (no passing, the default moon rule: a seat that
    takes every point scores 0 and everyone else 26).
    """
    rules = BlackWidowRules(pass_cycle=(PassDirection.HOLD,))
    game = play_blackwidow(rules, ["heuristic"] * 4, seed=seed, hands=1)
    hand, result = game.hands[0], game.results[0]
    seat = seed % rules.players
    taken = [card for card in rules.deck if hand.taken[seat] & (1 << card.index)]
    truth = result.scores[seat]
    question = Text("lesson.practice.score_question", seed=seed, seat=seat,
                    cards=CardList(taken) if taken else Text("lesson.practice.nothing"),
                    tricks=Count("count.tricks", len(taken) // rules.players)).text(lang)
    hearts = sum(card.suit is Suit.HEARTS for card in taken)
    queen = QUEEN_OF_SPADES in taken
    mistakes: list[tuple[int | Fraction, Text]] = []
    if result.moon is not None:
        raw = result.points[seat]
        mistakes.append((raw, Text("lesson.practice.score_moon_raw", shooter=result.moon)))
    else:
        if queen:
            mistakes.append((hearts, Text("lesson.practice.score_no_queen")))
            mistakes.append((hearts + 1, Text("lesson.practice.score_queen_one")))
        mistakes.append((len(taken), Text("lesson.practice.score_cards")))
    why = Text("lesson.practice.score_why", seat=seat, hearts=Count("count.hearts", hearts),
               queen=Text("lesson.practice.score_queen" if queen
                          else "lesson.practice.score_no_queen_taken"),
               points=Count("count.points", result.points[seat]))
    moon = (Text("lesson.practice.score_moon", shooter=result.moon, seat=seat, score=truth),) \
        if result.moon is not None else ()
    hint = Text("lesson.practice.score_hint")

    def check(answer: Any) -> Verdict:
        verdict = check_number(answer, truth,
                               [(wrong, text) for wrong, text in mistakes if wrong != truth],
                               hint)
        return verdict.but(reasons=(*verdict.reasons, why, *moon))
    return question, check


def guess_chance(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """After some events of a recorded game, the chance that a seat's best guess is right.

    The lesson's point: a wrong guess costs the game, so guess when the chance is 100%.
    The question comes with the picture of what the seat saw up to then.

    >>> from cardlab.lessons.exercises import BLANK
    >>> question, check = guess_chance(1)
    >>> "<svg" in question.picture and check(BLANK).solution > 0
    True
    """
    game = play_fivesons(FiveSonsRules(players=4), _FIVESONS_BOTS, seed=seed)
    rng = random.Random(seed)
    seat = rng.randrange(game.players)
    log = game.observation_log(seat)
    asks = [i for i, event in enumerate(log.events, start=1) if type(event).__name__ == "AskSeen"]
    after = rng.choice(asks[len(asks) // 2:]) if asks else 0
    pairs = FiveSonsKnowledge.from_log(log, after).counts.pairs
    total = sum(pairs.values())
    best = max(pairs, key=lambda pair: pairs[pair])
    truth = Fraction(pairs[best], total)
    question = Posed(Text("lesson.practice.guess_question", seed=seed, seat=seat,
                          after=after).text(lang), seat_view_svg(log, after, lang))
    why = Text("lesson.practice.guess_why" if len(pairs) > 1 else "lesson.practice.guess_sure",
               seat=seat, count=Count("count.solutions", len(pairs)), best=Cards(best),
               n=Number(pairs[best]), total=Number(total),
               advice=Text("lesson.practice.guess_now" if truth == 1
                           else "lesson.practice.guess_wait"))
    mistakes = [(Fraction(1, len(pairs)), Text("lesson.practice.guess_equal"))] \
        if len(set(pairs.values())) > 1 else []

    def check(answer: Any) -> Verdict:
        return check_chance(answer, truth, why, mistakes, Text("lesson.practice.guess_hint",
                                                               seat=seat))
    return question, check


def step_name(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """Which named step proves a certainty of some seat, after some event of a recorded game;
    the question comes with the picture of what the seat saw up to then."""
    game = play_fivesons(FiveSonsRules(players=4), _FIVESONS_BOTS, seed=seed)
    rng = random.Random(seed)
    for _ in range(100):
        seat = rng.randrange(game.players)
        log = game.observation_log(seat)
        after = rng.randrange(1, len(log.events) + 1)
        facts = [fact for fact in FiveSonsKnowledge.from_log(log, after).facts
                 if _step(fact.reason.key) is not None and fact.place != seat]
        if facts:
            break
    else:
        raise ValueError(f"no step to name in the game of seed {seed}")
    fact = rng.choice(sorted(facts, key=lambda f: (f.card, str(f.place), f.holds)))
    truth = _step(fact.reason.key)
    assert truth is not None   # only facts with a named step were kept
    where = Place(SOLUTION if fact.place == SOLUTION else fact.place)
    question = Posed(Text("lesson.practice.step_question" if fact.holds
                          else "lesson.practice.step_question_not",
                          seed=seed, seat=seat, after=after, card=CardName(fact.card),
                          place=where).text(lang), seat_view_svg(log, after, lang))
    hint = Text("lesson.practice.step_hint", card=CardName(fact.card), after=after)

    def check(answer: Any) -> Verdict:
        if isinstance(answer, Blank):
            return Verdict(False, solution=truth, hint=(hint,))
        named = Text("lesson.practice.step_is", step=truth, name=StepName(truth))
        if answer == truth:
            return Verdict(True, (fact.reason, named), solution=truth)
        mistake = Text("lesson.practice.step_not", step=answer, name=StepName(int(answer)))
        return Verdict(False, (mistake, fact.reason, named), (mistake,), (hint,), truth)
    return question, check


def step_options(lang: str = "en") -> list[tuple[str, int]]:
    """The seven named steps as choices: (``"4. One left in a clause"``, 4).

    >>> step_options()[3]
    ('4. One left in a clause', 4)
    """
    return [(f"{step}. {StepName(step).label(lang)}", step) for step in STEPS]


class StepName:
    """A named step of deduction, in the reader's language."""

    def __init__(self, step: int) -> None:
        self.step = step

    def label(self, lang: str = "en") -> str:
        """The step's name in `lang`."""
        return message(f"lesson.practice.step_{self.step}", lang)


def _step(key: str) -> int | None:
    """The named step an engine reason belongs to (None: not one of the seven)."""
    name = key.rsplit(".", 1)[-1]
    return next((step for step, names in STEPS.items() if name in names), None)

