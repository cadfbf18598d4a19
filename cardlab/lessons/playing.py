"""Lesson 9, playing well: the moon decision, and reading a tournament's intervals.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> rules = BlackWidowRules(moon="choose")
>>> moon_choice(rules, 0, [80, 40, 60, 70])
'self'
>>> check_moon("others", rules, 0, [80, 40, 60, 70]).correct
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import make_bot
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView
from cardlab.i18n import Text
from cardlab.lessons.exercises import Verdict

#: Points a moon takes: every heart and the Queen of Spades.
MOON = 26


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
    reasons = tuple(Text("lesson.playing.interval", bot=name, mean=f"{stats[name].mean:.1f}",
                         low=f"{stats[name].mean - stats[name].interval:.1f}",
                         high=f"{stats[name].mean + stats[name].interval:.1f}")
                    for name in (better, worse))
    verdict = "lesson.playing.apart" if truth else "lesson.playing.overlap"
    return Verdict(answer == truth, (*reasons, Text(verdict)))
