"""Lesson 9, passing in Black Widow: choose three cards to pass, judged by the review engine.

Every pass the seat could make (286 sets of three) is played out on the same
`PASS_DEALS` deals that fit its hand, as the review measures a pass
(`cardlab.blackwidow.review.pass_outcomes`): the others pass as `heuristic`
does, and everyone plays the rest out. A pass within `PASS_MARGIN` points of
the best on average counts as right. A wrong pass is first told which of its
cards costs most (the card whose exchange would save most), then a hint, then
the best pass with the review's reason.

>>> from cardlab.lessons.exercises import BLANK
>>> question, check, options = pass_choice(3)
>>> question.startswith("Black Widow, deal 3: you are seat 0 and pass three cards to the left.")
True
>>> check({"2C", "7C"}).coached(1)
'Not quite. Press exactly three of your cards: the three you pass.'
>>> check(check(BLANK).solution).correct
True
"""

from __future__ import annotations

import itertools
from collections.abc import Collection
from functools import lru_cache
from typing import Any

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.narration import CardList
from cardlab.blackwidow.review import Outcome, pass_outcomes, why_better
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.cards import Card, CardName
from cardlab.i18n import Number, Text
from cardlab.lessons.exercises import Blank, Checker, Verdict

#: Deals each pass is played out on, and how many points above the best still count as right.
PASS_DEALS, PASS_MARGIN = 64, 1.0

Pass = tuple[Card, ...]


def pass_view(seed: int) -> BlackWidowView:
    """Seat 0 about to pass, in the first hand of a game dealt from `seed` (default rules)."""
    return seat_view(BlackWidowGame.new(BlackWidowRules(), seed), 0)


@lru_cache(maxsize=4)
def measured(seed: int) -> dict[Pass, list[Outcome]]:
    """Every pass seat 0 could make in the deal of `seed`, with its outcomes on the same deals."""
    view = pass_view(seed)
    options = list(itertools.combinations(sorted(view.hand), 3))
    rows = pass_outcomes(view, options, PASS_DEALS, seed)
    return {option: [row[i] for row in rows] for i, option in enumerate(options)}


def _mean(outcomes: list[Outcome]) -> float:
    return sum(outcome[0] for outcome in outcomes) / len(outcomes)


def check_pass(answer: Collection[str] | Blank, seed: int) -> Verdict:
    """Is the pass `answer` (three card codes) about as good as the best, for the deal of `seed`?"""
    view = pass_view(seed)
    outcomes = measured(seed)
    means = {option: _mean(rows) for option, rows in outcomes.items()}
    ranked = sorted(means, key=lambda option: (means[option], option))
    best = ranked[0]
    solution = {card.code for card in best}
    hint = (Text("lesson.pass.hint"),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=solution, hint=hint)
    chosen = tuple(sorted(Card.parse(code) for code in answer))
    top = Text("lesson.pass.best", cards=CardList(best), points=Number(means[best], 1))
    if len(chosen) != 3 or chosen not in means:
        shape = Text("lesson.pass.three")
        return Verdict(False, (shape, top), (shape,), hint, solution)
    mine = Text("lesson.pass.mine", cards=CardList(chosen), points=Number(means[chosen], 1),
                deals=PASS_DEALS, rank=ranked.index(chosen) + 1, count=len(ranked))
    if means[chosen] <= means[best] + PASS_MARGIN:
        return Verdict(True, (mine, top), solution=solution)
    costly, saved = _costliest(chosen, means)
    mistake = (Text("lesson.pass.costly", card=CardName(costly), points=Number(saved, 1)), mine)
    reason = why_better(view, chosen, best, outcomes[chosen], outcomes[best])
    return Verdict(False, (*mistake, top, reason), mistake, hint, solution)


def _costliest(chosen: Pass, means: dict[Pass, float]) -> tuple[Card, float]:
    """The passed card whose exchange for a kept one saves most, and how much it saves."""
    saving: dict[Card, float] = {}
    for card in chosen:
        rest = [other for other in chosen if other != card]
        swaps = [means[option] for option in means if all(c in option for c in rest)]
        saving[card] = means[chosen] - min(swaps)
    card = max(saving, key=lambda c: (saving[c], c))
    return card, saving[card]


def pass_choice(seed: int, lang: str = "en") -> tuple[str, Checker, list[tuple[str, str]]]:
    """The situation of `seed`: the question, its checker, and the seat's 13 cards to press.

    Judging a pass plays every pass out the first time an answer is checked (seconds).
    """
    view = pass_view(seed)
    direction = view.rules.pass_direction(view.hand_number)
    question = Text("lesson.pass.question", seed=seed,
                    direction=Text(f"lesson.pass.to_{direction}"),
                    cards=CardList(view.hand)).text(lang)

    def check(answer: Any) -> Verdict:
        return check_pass(answer, seed)
    return question, check, [(card.name(lang), card.code) for card in sorted(view.hand)]
