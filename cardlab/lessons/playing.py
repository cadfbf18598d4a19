"""Lesson 9, playing well: Monte Carlo choices, the moon decision, a tournament's intervals.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> rules = BlackWidowRules(moon="choose")
>>> moon_choice(rules, 0, [80, 40, 60, 70])
'self'
>>> check_moon("others", rules, 0, [80, 40, 60, 70]).correct
False
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import make_bot, rollout
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.playout import Position
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import Card
from cardlab.i18n import Text
from cardlab.lessons.exercises import Number, Verdict

#: Points a moon takes: every heart and the Queen of Spades.
MOON = 26


def playout_averages(view: BlackWidowView, samples: int, rng: random.Random
                     ) -> dict[Card, float]:
    """Points each legal card costs `view.me` on average, as the `montecarlo` bot weighs them.

    `samples` deals of the unseen cards are drawn uniformly from every deal
    consistent with the view; for each, every legal card is played and the hand
    played out with everyone ducking. A bot seeded like `rng` plays the cheapest.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> game.play(game.legal_cards()[0]).code
    '2C'
    >>> averages = playout_averages(seat_view(game, game.turn), 4, random.Random(1))
    >>> sorted(averages) == game.legal_cards() and all(p >= 0 for p in averages.values())
    True
    """
    legal = view.legal()
    deals = BlackWidowKnowledge.from_view(view).sample(rng, samples)
    totals = dict.fromkeys(legal, 0)
    for deal in deals:
        position = Position.from_view(view, deal)
        for card in legal:
            scores = rollout(view, position, card, rng).scores
            totals[card] += scores[view.me] - view.scores[view.me]
    return {card: total / len(deals) for card, total in totals.items()}


def check_playout_choice(answer: str | Card, averages: Mapping[Card, float]) -> Verdict:
    """Which card does the Monte Carlo bot play? The one with the fewest points on average.

    >>> check_playout_choice("TC", {Card.parse("9C"): 2.5, Card.parse("TC"): 1.0}).text()
    'Right! 9C: 2.5 points on average. TC: 1.0 points on average. The bot plays TC, the card \
with the fewest points on average.'
    """
    card = Card.parse(answer) if isinstance(answer, str) else answer
    best = min(averages, key=lambda c: (averages[c], c.rank))
    reasons = [Text("lesson.playing.average", card=c, points=Number(p, 1))
               for c, p in averages.items()]
    reasons.append(Text("lesson.playing.lowest", card=best))
    return Verdict(card == best, tuple(reasons))


def moon_outcomes(rules: BlackWidowRules, shooter: int, before: Sequence[int]
                  ) -> dict[str, list[int]]:
    """The scores after the hand if `shooter` takes all 26 points, for each moon choice."""
    points = [MOON if seat == shooter else 0 for seat in range(rules.players)]
    return {choice: kernel.scores_after(points, shooter, choice, before, rules.exact_hundred)
            for choice in ("self", "others")}


def moon_choice(rules: BlackWidowRules, shooter: int, before: Sequence[int]) -> str:
    """What the bots choose: whichever scoring leaves the shooter better placed."""
    view = BlackWidowView(rules, shooter, 0, tuple(before), ())
    choice, _ = make_bot("heuristic").choose_moon(view, moon_outcomes(rules, shooter, before))
    return choice


def check_moon(answer: str, rules: BlackWidowRules, shooter: int, before: Sequence[int]
               ) -> Verdict:
    """Should the shooter take 26 off its own score ("self") or give 26 to everyone else?"""
    outcomes = moon_outcomes(rules, shooter, before)
    best = moon_choice(rules, shooter, before)
    reasons = [Text(f"lesson.playing.moon_{choice}"
                    f"{'_ends' if max(scores) > rules.end_above else ''}",
                    scores=", ".join(map(str, scores)))
               for choice, scores in outcomes.items()]
    reasons.append(Text(f"lesson.playing.moon_best_{best}", seat=shooter))
    return Verdict(answer == best, tuple(reasons))


def clearly_better(stats: Mapping[str, HandStats], better: str, worse: str) -> bool:
    """True when the 95% intervals of the two bots' points per hand do not overlap."""
    low, high = stats[better], stats[worse]
    return low.mean + low.interval < high.mean - high.interval


def check_clearly_better(answer: bool, stats: Mapping[str, HandStats], better: str,
                         worse: str) -> Verdict:
    """Does the tournament show that `better` takes fewer points per hand than `worse`?"""
    truth = clearly_better(stats, better, worse)
    reasons = tuple(Text("lesson.playing.interval", bot=name, mean=Number(stats[name].mean, 1),
                         low=Number(stats[name].mean - stats[name].interval, 1),
                         high=Number(stats[name].mean + stats[name].interval, 1))
                    for name in (better, worse))
    verdict = "lesson.playing.apart" if truth else "lesson.playing.overlap"
    return Verdict(answer == truth, (*reasons, Text(verdict)))
