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

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import QUEEN_OF_SPADES, Suit
from cardlab.i18n import Count, Text, message
from cardlab.lessons.charts import Chart, lines
from cardlab.lessons.exercises import Blank, Number, Percent, Verdict, check_chance


def queen_places(knowledge: BlackWidowKnowledge) -> set[int]:
    """The other seats that may hold the Queen of Spades now."""
    return {seat for seat, p in knowledge.queen().items() if p > 0}


def queen_chance(knowledge: BlackWidowKnowledge, seat: int) -> Fraction:
    """The exact chance that `seat` holds the Queen of Spades."""
    counts = knowledge.counts
    if QUEEN_OF_SPADES not in counts.at:
        return Fraction(0)
    return Fraction(counts.at[QUEEN_OF_SPADES][seat], counts.worlds)


@dataclass(frozen=True)
class Series:
    """Sentence parts in the reader's language, joined as a list: ``a, b and c``.

    Parts that are clauses with commas of their own are joined by semicolons.

    >>> Series((Text("place.seat", seat=1), Text("place.seat", seat=2))).label("de")
    'bei Platz 1 und bei Platz 2'
    """

    parts: tuple[Text, ...]
    clauses: bool = False

    def label(self, lang: str = "en") -> str:
        """The parts in `lang`, joined."""
        names = [part.text(lang) for part in self.parts]
        if self.clauses:
            return "; ".join(names)
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {message('lesson.cards.and', lang)} {names[-1]}"


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


def _may_hold(knowledge: BlackWidowKnowledge, seat: int) -> Text:
    return Text("lesson.cards.may_hold", seat=seat,
                chance=Percent(knowledge.probability(QUEEN_OF_SPADES, seat)))


def check_queen_places(answer: set[str] | set[int] | Blank, knowledge: BlackWidowKnowledge,
                       chances: bool = True) -> Verdict:
    """Which other seats may hold the Queen of Spades? Every other seat is explained.

    A seat ruled out says why; a seat left out that may hold her says why it may.
    With `chances`, each seat that may hold her gives its chance too (leave them
    out where a later exercise asks for them).

    >>> from cardlab.blackwidow.match import play_game
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4, seed=6,
    ...                  hands=1)
    >>> view = seat_view(game, 0)
    >>> knowledge = BlackWidowKnowledge.from_view(replace(view, plays=view.plays[:35]))
    >>> print(check_queen_places({"1"}, knowledge, chances=False).text())
    Not quite. Seat 3 did not follow spades at play 35, so it has no spades left. You left out \
seat 2, but it may still hold the Queen of Spades: nobody has played her, and nothing seat 2 \
played shows that it has no spades left.
    """
    truth = queen_places(knowledge)
    hint = (Text("lesson.coach.places_hint"),)
    solution = {str(seat) for seat in truth}
    if isinstance(answer, Blank):
        return Verdict(False, solution=solution, hint=hint)
    chosen = {int(seat) for seat in answer}
    gone = _whereabouts(knowledge)
    if gone is not None:
        return Verdict(not chosen, (gone,), (gone,), hint, solution)
    mistake = [_ruled_out(knowledge, seat) for seat in sorted(chosen - truth)]
    if truth - chosen:
        mistake.append(Text("lesson.coach.places_missed"))
    # A passed Queen rules every other seat out for one reason: say it once.
    reasons = dict.fromkeys(_ruled_out(knowledge, seat) for seat in knowledge.seats
                            if seat not in truth)
    reasons.update(dict.fromkeys(Text("lesson.cards.left_out", seat=seat)
                                 for seat in sorted(truth - chosen)))
    if chances:
        reasons.update(dict.fromkeys(_may_hold(knowledge, seat) for seat in sorted(truth)))
    return Verdict(chosen == truth, tuple(reasons), tuple(dict.fromkeys(mistake)), hint,
                   solution)


def _ways(knowledge: BlackWidowKnowledge) -> Series:
    """How many of the deals put the Queen with each seat that may hold her."""
    at = knowledge.counts.at[QUEEN_OF_SPADES]
    return Series(tuple(Text("lesson.cards.ways_at", n=Number(at[seat]), seat=seat)
                        for seat in sorted(queen_places(knowledge))))


def _differences(knowledge: BlackWidowKnowledge, seats: Sequence[int]) -> Series:
    """What tells `seats` apart: how many cards each holds, and suits some have none of."""
    sizes = knowledge.problem.capacity
    parts: list[Text] = []
    if len({sizes[seat] for seat in seats}) > 1:
        parts += [Text("lesson.cards.holds", seat=seat,
                        n=Count("count.unseen_cards", sizes[seat])) for seat in seats]
    out = knowledge.out_per_suit()
    for void in knowledge.voids:
        if void.seat in seats and void.suit is Suit.SPADES:
            parts.append(Text("lesson.cards.no_spades", seat=void.seat, play=void.play))
        elif void.seat in seats and out[void.suit]:
            parts.append(Text("lesson.cards.no_suit", seat=void.seat, suit=void.suit,
                              play=void.play))
    return Series(tuple(parts) or (Text("lesson.cards.played_apart"),), clauses=True)


def check_queen_chance(answer: str | Blank, knowledge: BlackWidowKnowledge, seat: int) -> Verdict:
    """The exact chance that `seat` holds the Queen; an even split is explained where wrong.

    "One in three" (every other seat alike) and, once some seats are ruled out, "one
    in two" (the seats left alike) each get a reason: what tells the seats apart, and
    how many of the possible deals put the Queen with each.

    >>> from cardlab.blackwidow.match import play_game
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4, seed=6,
    ...                  hands=1)
    >>> view = seat_view(game, 0)
    >>> knowledge = BlackWidowKnowledge.from_view(replace(view, plays=view.plays[:35]))
    >>> print(check_queen_chance("50%", knowledge, 1).text())
    Not quite. An even split (each at 50%) would be right if seat 1 and seat 2 were alike, but \
they are not: seat 2 has had no diamonds since play 27, which leaves it more room for the other \
cards, the Queen included. The exact chance is 37/77, about 48.1%. Count the ways: of the 1,925 \
ways the unseen cards can lie, 925 put the Queen with seat 1 and 1,000 put the Queen with seat 2.
    """
    truth = queen_chance(knowledge, seat)
    counts = knowledge.counts
    n = counts.at[QUEEN_OF_SPADES][seat] if QUEEN_OF_SPADES in counts.at else 0
    why = Text("lesson.cards.chance_why", n=Number(n), worlds=Number(counts.worlds), seat=seat)
    mistakes: list[tuple[Fraction, Text]] = []
    if truth:
        ways = _ways(knowledge)
        places = sorted(queen_places(knowledge))
        mistakes.append((Fraction(1, len(knowledge.seats)), Text(
            "lesson.cards.not_even", differences=_differences(knowledge, knowledge.seats))))
        if 1 < len(places) < len(knowledge.seats):
            mistakes.append((Fraction(1, len(places)), Text(
                "lesson.cards.not_alike", even=Percent(Fraction(1, len(places))),
                seats=Series(tuple(Text("lesson.cards.seat", seat=s) for s in places)),
                differences=_differences(knowledge, places))))
        why = Text("lesson.cards.count_ways", worlds=Number(counts.worlds), ways=ways)
    hint = Text("lesson.coach.queen_hint")
    return check_chance(answer, truth, why, [(wrong, text) for wrong, text in mistakes
                                             if wrong != truth], hint)


def queen_chart(view: BlackWidowView, plays: int, lang: str = "en") -> Chart:
    """The chance that each other seat holds the Queen after each of the first `plays` plays.

    The description, which is also the chart's text alternative, says how the
    lines start, how far they stray before the first void, each void, where a
    line drops to zero, and where each line ends.

    >>> from cardlab.blackwidow.match import play_game
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4, seed=6,
    ...                  hands=1)
    >>> chart = queen_chart(seat_view(game, 0), 35, "de")
    >>> "Die Linie von Platz 3 fällt bei Karte 35 auf 0 %." in chart.description
    True
    """
    known = [BlackWidowKnowledge.from_view(replace(view, plays=view.plays[:played]))
             for played in range(plays + 1)]
    seats = known[0].seats
    series = {seat: [queen_chance(k, seat) for k in known] for seat in seats}
    last = known[-1]
    voids = [void for void in last.voids if void.seat != view.me]
    calm = min((void.play for void in voids), default=plays + 1) - 1
    early = [value for values in series.values() for value in values[:calm + 1]]
    starts = {values[0] for values in series.values()}
    parts = [Text("lesson.cards.chart_intro", plays=plays, me=view.me)]
    if len(starts) == 1:
        parts.append(Text("lesson.cards.chart_start", chance=Percent(starts.pop())))
    parts.append(Text("lesson.cards.chart_calm", play=calm, low=Percent(min(early)),
                      high=Percent(max(early))))
    parts += [Text("lesson.cards.void", seat=void.seat, suit=void.suit, play=void.play)
              for void in voids]
    for seat, values in series.items():
        if values[-1] == 0 and values[0]:
            drop = max(i for i, value in enumerate(values) if value) + 1
            parts.append(Text("lesson.cards.chart_drop", seat=seat, play=drop,
                              zero=Percent(Fraction(0))))
    parts.append(Text("lesson.cards.chart_end", play=plays, ends=Series(tuple(
        Text("lesson.cards.chart_at", seat=seat, chance=Percent(values[-1]))
        for seat, values in series.items()))))
    return lines({message("lesson.cards.seat", lang, seat=seat): [float(v) for v in values]
                  for seat, values in series.items()},
                 " ".join(part.text(lang) for part in parts),
                 xlabel=message("lesson.cards.chart_x", lang),
                 ylabel=message("lesson.cards.chart_y", lang), lang=lang, percent=True)
