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
from dataclasses import dataclass

from cardlab.blackwidow import kernel
from cardlab.blackwidow.bots import cheapest, make_bot, rollout
from cardlab.blackwidow.kernel import MaskRules
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.narration import CardList
from cardlab.blackwidow.playout import Position, lead_draws
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import Card, CardName
from cardlab.i18n import Count, Number, Text, message, number
from cardlab.lessons.exercises import BLANK, Blank, Verdict
from cardlab.stats import half_width

#: Points a moon takes: every heart and the Queen of Spades.
MOON = 26


def share(value: float, lang: str = "en") -> str:
    """A chance as a percentage with one decimal, always, so that a column reads alike.

    >>> share(102 / 300), share(102 / 300, "de"), share(1 / 3, "de")
    ('34.0%', '34,0 %', '33,3 %')
    """
    return message("number.percent", lang, value=number(100 * value, lang, 1))


@dataclass(frozen=True)
class Scores:
    """Scores as a message parameter: each seat named, a minus sign for a score below zero.

    >>> Scores((0, 0, 0, -26)).label(), Scores((60, 106)).label("de")
    ('seat 0: 0, seat 1: 0, seat 2: 0, seat 3: −26', 'Platz 0: 60, Platz 1: 106')
    """

    scores: tuple[int, ...]

    def label(self, lang: str = "en") -> str:
        """The scores in `lang`."""
        return ", ".join(message("lesson.playing.seat_score", lang, seat=seat,
                                 score=number(score, lang).replace("-", "−"))
                         for seat, score in enumerate(self.scores))


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
    table = MaskRules.of(view.rules)
    for deal in deals:
        position = Position.from_view(view, deal)
        leads = lead_draws(rng, table)
        for card in legal:
            scores = rollout(view, position, card, leads).scores
            totals[card] += scores[view.me] - view.scores[view.me]
    return {card: total / len(deals) for card, total in totals.items()}


def position_facts(view: BlackWidowView, answer: Card, best: Card) -> list[Text]:
    """What is true at the table that decides between `answer` and `best`, in sentences.

    Whether the seat plays last, the points already in the trick, who takes the
    trick (and so leads the next) with either card when that is already settled,
    and, when `answer` ducks under `best` of the same suit, what keeping `best` means:
    how many cards of its suit are still out and whether it beats them all.
    """
    rules, trick = view.rules, view.trick
    cards = [card for _, card in trick]
    facts = []
    last = len(trick) == rules.players - 1
    if trick:
        points = kernel.points(kernel.mask(cards), rules.jack_of_diamonds)
        facts.append(Text(f"lesson.playing.{'last' if last else 'not_last'}", seat=view.me))
        facts.append(Text(f"lesson.playing.trick_{'empty' if points == 0 else 'points'}"
                          f"{'_last' if last else ''}", points=Count("count.points", points)))
    if last:
        leader = trick[0][0]
        for card in dict.fromkeys((answer, best)):
            seat = kernel.trick_winner([c.index for c in [*cards, card]], leader, rules.players)
            facts.append(Text("lesson.playing.takes", card=CardName(card), seat=seat))
    out = [card for card in BlackWidowKnowledge.from_view(view).problem.cards
           if card.suit is best.suit]
    if answer.suit is best.suit and answer.rank < best.rank and out:
        beaten = all(card.rank < best.rank for card in out)
        key = "kept_boss" if beaten else "kept_high"
        facts.append(Text(f"lesson.playing.{key}", seat=view.me, card=CardName(best),
                          suit=best.suit, cards=CardList(out)))
    return facts


def check_playout_choice(answer: str | Card | Blank, averages: Mapping[Card, float],
                         view: BlackWidowView) -> Verdict:
    """Which card does the Monte Carlo bot play? The one with the fewest points on average
    (`bots.cheapest`: among cards tied for the fewest, the one the careful player plays).

    The feedback first says what in the position (`view`, the cards were weighed from)
    tells the cards apart (`position_facts`), then gives the averages.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> view = seat_view(game, game.turn)
    >>> check_playout_choice("2C", {Card.parse("2C"): 1.5}, view).text()
    'Right! Two of Clubs: 1.5 points on average. The bot plays the Two of Clubs: it has the \
fewest points on average.'
    """
    best = cheapest(view, averages)
    hint = (Text("lesson.coach.playout_hint"),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=best.code, hint=hint)
    card = Card.parse(answer) if isinstance(answer, str) else answer
    reasons = position_facts(view, card, best)
    reasons += [Text("lesson.playing.average", card=CardName(c), points=Number(p, 1))
                for c, p in averages.items()]
    tied = sum(points == averages[best] for points in averages.values()) > 1
    reasons.append(Text(f"lesson.playing.lowest{'_tied' if tied else ''}", card=CardName(best)))
    more = Text("lesson.coach.playout_tied", best=CardName(best)) \
        if averages[card] == averages[best] else Text("lesson.coach.playout_more")
    mistake = (Text("lesson.playing.average", card=CardName(card),
                    points=Number(averages[card], 1)), more)
    return Verdict(card == best, tuple(reasons), mistake, hint, best.code)


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


def check_moon(answer: str | Blank, rules: BlackWidowRules, shooter: int, before: Sequence[int]
               ) -> Verdict:
    """Should the shooter take 26 off its own score ("self") or give 26 to everyone else?"""
    outcomes = moon_outcomes(rules, shooter, before)
    best = moon_choice(rules, shooter, before)
    hint = (Text("lesson.coach.moon_hint", limit=rules.end_above),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=best, hint=hint)
    reasons = [Text(f"lesson.playing.moon_{choice}"
                    f"{'_ends' if max(scores) > rules.end_above else ''}",
                    scores=Scores(tuple(scores)))
               for choice, scores in outcomes.items()]
    reasons.append(Text(f"lesson.playing.moon_best_{best}", seat=shooter))
    chosen = outcomes.get(str(answer), outcomes[best])
    mistake = (Text(f"lesson.playing.moon_{answer}"
                    f"{'_ends' if max(chosen) > rules.end_above else ''}",
                    scores=Scores(tuple(chosen))), Text("lesson.coach.moon_worse", seat=shooter))
    return Verdict(answer == best, tuple(reasons), mistake, hint, best)


@dataclass(frozen=True)
class Interval:
    """A mean and the half-width of its 95% t interval, from one value per hand."""

    mean: float
    half: float
    hands: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        """The 95% interval of the mean of `values` (independent, one per hand).

        >>> interval = Interval.of([10, 14, 12])
        >>> interval.mean, f"{interval.half:.2f}"
        (12.0, '4.97')
        """
        return cls(sum(values) / len(values), half_width(values), len(values))

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half


def per_hand(stats: Mapping[str, HandStats], names: Sequence[str]) -> dict[str, list[float]]:
    """Each bot's points per hand, the seats of a bot on several seats averaged in each hand.

    A bot on two seats plays each hand twice; its two results come from the same deal
    (and share the hand's 26 points), so they are not two independent hands: they count
    as one, their average. `names` is the tournament's line-up, which records each
    hand's seats one after the other.

    >>> per_hand({"a": HandStats([1, 3, 5, 7]), "b": HandStats([4, 2])}, ["a", "b", "a"])
    {'a': [2.0, 6.0], 'b': [4.0, 2.0]}
    """
    seats = {name: names.count(name) for name in dict.fromkeys(names)}
    return {name: [sum(points[i:i + k]) / k for i in range(0, len(points), k)]
            for name, k in seats.items() for points in [stats[name].points]}


def difference(stats: Mapping[str, HandStats], names: Sequence[str], better: str, worse: str
               ) -> Interval:
    """The 95% interval of `better`'s points minus `worse`'s, hand by hand (paired).

    The two bots play the same hands, so the fair comparison is per hand: the
    difference in each hand, then the interval of those differences.
    """
    hands = per_hand(stats, names)
    return Interval.of([b - w for b, w in zip(hands[better], hands[worse], strict=True)])


def clearly_better(stats: Mapping[str, HandStats], names: Sequence[str], better: str,
                   worse: str) -> bool:
    """True when the 95% interval of the per-hand difference lies wholly below zero."""
    return difference(stats, names, better, worse).high < 0


def check_clearly_better(answer: bool | Blank, stats: Mapping[str, HandStats] | None,
                         better: str, worse: str, names: Sequence[str] = ()) -> Verdict:
    """Does the tournament show that `better` takes fewer points per hand than `worse`?

    Judged by the 95% t interval of the per-hand difference (`names`: the line-up; by
    default, each bot on one seat). `stats` is None while the tournament has not been
    played: the learner is told to play it.

    >>> check_clearly_better(True, None, "montecarlo", "random").text()
    'Not quite. Play the hands first (the button above): the question is about their result.'
    """
    hint = (Text("lesson.coach.better_hint", better=better, worse=worse),)
    if stats is None:
        first = (Text("lesson.playing.play_first"),)
        return Verdict(False, first, first, hint, BLANK)
    names = list(names) or list(stats)
    truth = clearly_better(stats, names, better, worse)
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth, hint=hint)
    gap = difference(stats, names, better, worse)
    each = {name: Interval.of(points) for name, points in per_hand(stats, names).items()}
    reasons = (*(Text("lesson.playing.interval", bot=name, mean=Number(each[name].mean, 1),
                      low=Number(each[name].low, 1), high=Number(each[name].high, 1))
                 for name in (better, worse)),
               Text("lesson.playing.difference", better=better, worse=worse,
                    mean=Number(gap.mean, 1), low=Number(gap.low, 1), high=Number(gap.high, 1),
                    hands=gap.hands),
               Text("lesson.playing.apart" if truth else "lesson.playing.overlap"))
    mistake = Text("lesson.coach.better_yes" if answer else "lesson.coach.better_no")
    return Verdict(answer == truth, reasons, (mistake,), hint, truth)
