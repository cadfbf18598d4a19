"""Lesson 4, possible worlds: which worlds a seat cannot tell apart, who knows, who knows that;
and a viewer of any seat's view after any number of questions.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.worlds import tiny_game
>>> game = tiny_game()
>>> model = PossibleWorlds.from_game(game)
>>> check_cannot_tell("6", model, 0).correct, check_solutions_left("3", model, 0).correct
(True, True)
>>> game.ask(0, *parse_cards("JC 2H")).shown
Card('2H')
>>> for reason in check_cannot_tell("3", PossibleWorlds.from_game(game), 0).reasons[1:3]:
...     print(reason)
Seat 0 holds the Queen of Clubs itself, so no solution has it.
Seat 1 showed seat 0 the Two of Hearts in question 1, so no solution has it.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass

import ipywidgets as widgets

from cardlab.cards import Card, CardName
from cardlab.fivesons.cards import sons
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import Ask
from cardlab.fivesons.render.worlds import cards_label, deal_label, worlds_svg
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.i18n import Count, Text, message
from cardlab.lessons.exercises import Blank, Verdict, check_number, parse_number
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard


def solutions(model: PossibleWorlds, seat: int, world: int | None = None
              ) -> Counter[tuple[Card, Card]]:
    """The solutions `seat` cannot rule out in `world`, with how many of its worlds have each."""
    return Counter(model.worlds[i].solution for i in model.indistinguishable(seat, world))


@dataclass(frozen=True)
class Cards:
    """A solution's cards named in the reader's language, joined by ``" + "``.

    >>> from cardlab.cards import parse_cards
    >>> Cards(parse_cards("JC AH")).label("de")
    'Kreuz-Bube + Herz-Ass'
    """

    cards: tuple[Card, ...]

    def label(self, lang: str = "en") -> str:
        """The names in `lang`."""
        return " + ".join(card.name(lang) for card in self.cards)


@dataclass(frozen=True)
class Listed:
    """Several solutions, named in the reader's language: ``A, B and C``."""

    pairs: tuple[tuple[Card, Card], ...]

    def label(self, lang: str = "en") -> str:
        """The solutions in `lang`."""
        names = [Cards(pair).label(lang) for pair in self.pairs]
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {message('lesson.worlds.and', lang)} {names[-1]}"


def _pair(pair: tuple[Card, Card]) -> Cards:
    return Cards(pair)


def _order(found: Counter[tuple[Card, Card]]) -> list[tuple[Card, Card]]:
    return sorted(found, key=lambda pair: (pair[0], sons(pair[1])))


def _hand(hand: frozenset[Card]) -> Joined:
    return Joined([Text("lesson.worlds.hand_card", card=CardName(card)) for card in sorted(hand)])


def _listed(found: Counter[tuple[Card, Card]]) -> Listed:
    return Listed(tuple(_order(found)))


class Joined:
    """Sentence parts joined with commas, each in whichever language the reader wants.

    >>> Joined([Text("lesson.worlds.holds", seat=0, cards="QC"),
    ...         Text("lesson.worlds.holds", seat=1, cards="2H")]).label("de")
    'Platz 0 QC hat, Platz 1 2H hat'
    """

    def __init__(self, parts: list[Text]) -> None:
        self.parts = parts

    def label(self, lang: str = "en") -> str:
        """The parts in `lang`, joined."""
        return ", ".join(part.text(lang) for part in self.parts)


def ruled_out(model: PossibleWorlds, seat: int) -> list[Text]:
    """Why `seat` rules out each solution it does rule out, in the engine's terms.

    A solution goes because the seat holds one of its cards, because the seat saw
    one of them shown, or because no deal with it answers the questions the way
    the table did. Each reason is given once, for all the solutions it removes.
    """
    real = model.worlds[model.real]
    reasons: list[Text] = [Text("lesson.worlds.ruled_held", seat=seat, card=CardName(card))
                           for card in sorted(real.hands[seat])
                           if card in (*model.rules.faces, *model.rules.hearts)]
    seen: set[Card] = set(real.hands[seat])
    asks = [event for event in model.events if isinstance(event, Ask)]
    for number, (event, shown) in enumerate(zip(asks, real.shown, strict=True), start=1):
        shower = next((s for s, hand in enumerate(real.hands) if shown in hand), None)
        if shown is not None and seat in (event.seat, shower) and shown not in seen:
            seen.add(shown)
            reasons.append(Text("lesson.worlds.ruled_shown", seat=seat, shower=shower,
                                card=CardName(shown), question=number))
    found = solutions(model, seat)
    for face in model.rules.faces:
        for heart in model.rules.hearts:
            if (face, heart) not in found and not {face, heart} & seen:
                reasons.append(Text("lesson.worlds.ruled_answers", seat=seat,
                                    solution=_pair((face, heart))))
    return reasons


def other_deals(model: PossibleWorlds, seat: int) -> list[Text]:
    """The worlds with a solution `seat` cannot rule out that it still tells from the real
    one, each with what would differ for it there: its own cards, or what it saw.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> _ = game.ask(0, *parse_cards("JC 2H"))
    >>> print(other_deals(PossibleWorlds.from_game(game), 0)[0].text())
    The box 3♥ · 2♥ · Q♣ under “Solution J♣ + A♥” is not one of them: there seat 0 would \
hold the Three of Hearts, not the Queen of Clubs.
    """
    found = solutions(model, seat)
    mine = set(model.indistinguishable(seat))
    real = model.worlds[model.real]
    reasons = []
    for i, world in enumerate(model.worlds):
        if i in mine or world.solution not in found:
            continue
        box = Box(model, i)
        if world.hands[seat] != real.hands[seat]:
            reasons.append(Text("lesson.worlds.other_hand", seat=seat, box=box,
                                cards=_hand(world.hands[seat]), real=_hand(real.hands[seat])))
        else:
            reasons.append(Text("lesson.worlds.other_seen", seat=seat, box=box))
    return reasons


@dataclass(frozen=True)
class Box:
    """World `i` as the lesson's picture shows it: its deal under its solution's heading.

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> Box(PossibleWorlds.from_game(game), 0).label("de")
    'D♣ · 2♥ · 3♥ unter „Lösung B♣ + A♥“'
    """

    model: PossibleWorlds
    i: int

    def label(self, lang: str = "en") -> str:
        """The box in `lang`."""
        heading = message("fivesons.worlds.solution_heading", lang, solution=cards_label(
            self.model.worlds[self.i].solution, lang, " + "))
        return message("lesson.worlds.box", lang, deal=deal_label(self.model, self.i, lang),
                       heading=heading)


def check_cannot_tell(answer: str | Blank, model: PossibleWorlds, seat: int) -> Verdict:
    """How many worlds (the real one included) can `seat` not tell from the real one?

    A count too high is explained by the solutions the seat rules out and why, and
    by the other worlds with its possible solutions and what would differ there;
    every answer by the worlds it cannot tell apart.
    """
    found = solutions(model, seat)
    hint = Text("lesson.coach.cannot_tell_hint", seat=seat)
    if isinstance(answer, Blank):
        return Verdict(False, solution=sum(found.values()), hint=(hint,))
    how = Text("lesson.worlds.cannot_tell", seat=seat,
               count=Count("count.worlds", sum(found.values())),
               by=Joined([Text("lesson.worlds.by_solution", count=found[pair], solution=_pair(pair))
                          for pair in _order(found)]))
    verdict = check_number(answer, sum(found.values()), [
        (sum(found.values()) - 1, Text("lesson.worlds.count_real"))], hint)
    value = parse_number(answer)
    why = ((*ruled_out(model, seat), *other_deals(model, seat))
           if value is not None and value > sum(found.values()) else ())
    return verdict.but(reasons=(*verdict.reasons, *why, how))


def check_solutions_left(answer: str | Blank, model: PossibleWorlds, seat: int) -> Verdict:
    """How many solutions can `seat` not rule out? One means it knows the solution.

    Counting the worlds instead of their solutions is named as the slip.

    >>> from cardlab.fivesons.worlds import tiny_game
    >>> model = PossibleWorlds.from_game(tiny_game())
    >>> check_solutions_left("3", model, 0).correct, check_solutions_left("6", model, 0).text()
    (True, 'Not quite. That counts the worlds; several of them can have the same solution. \
Seat 0 cannot rule out 3 solutions: Jack of Clubs + Ace of Hearts, Jack of Clubs + Two of Hearts \
and Jack of Clubs + Three of Hearts.')
    """
    found = solutions(model, seat)
    hint = Text("lesson.coach.knows_hint", seat=seat)
    if isinstance(answer, Blank):
        return Verdict(False, solution=len(found), hint=(hint,))
    if len(found) == 1:
        why = Text("lesson.worlds.knows", seat=seat,
                   count=Count("count.worlds", sum(found.values())), solution=_listed(found))
    else:
        why = Text("lesson.worlds.does_not_know", seat=seat, count=len(found),
                   solutions=_listed(found))
    worlds = sum(found.values())
    verdict = check_number(answer, len(found), [] if worlds == len(found) else [
        (worlds, Text("lesson.coach.counted_worlds"))], hint)
    return verdict.but(reasons=(why,) if verdict.correct else (*verdict.mistake, why))


def check_knows_that(answer: bool | Blank, model: PossibleWorlds, knower: int,
                     seat: int) -> Verdict:
    """Does `knower` know that `seat` knows the solution? A counter-world is named if not."""
    truth = model.knows_that_knows(knower, seat)
    worlds = model.indistinguishable(knower)
    mistake = Text(f"lesson.coach.knows_that_{'no' if truth else 'yes'}", knower=knower,
                   seat=seat)
    hint = Text("lesson.coach.knows_that_hint", knower=knower, seat=seat)
    if truth:
        why = Text("lesson.worlds.knows_that", knower=knower, seat=seat,
                   count=Count("count.worlds", len(worlds)))
    else:
        doubt = next(i for i in worlds if not model.knows_solution(seat, i))
        world = model.worlds[doubt]
        why = Text("lesson.worlds.not_knows_that", knower=knower, seat=seat,
                   solution=Cards(world.solution),
                   hands=Joined([Text("lesson.worlds.holds", seat=s, cards=_hand(h))
                                 for s, h in enumerate(world.hands)]),
                   others=_listed(solutions(model, seat, doubt)))
    return Verdict(answer == truth, (why,), (mistake,), (hint,), truth)


class WorldsViewer(widgets.VBox):
    """Toggle buttons for how many questions have been asked and whose view to see;
    the picture of that seat's view after that many questions follows.

    >>> from cardlab.cards import parse_cards
    >>> from cardlab.fivesons.worlds import tiny_game
    >>> game = tiny_game()
    >>> _ = game.ask(0, *parse_cards("JC 2H"))
    >>> viewer = WorldsViewer(game)
    >>> viewer.questions.click("after-0"); viewer.seats.click("seat-2")
    >>> viewer.after, viewer.seat, "Seat 2's view. Possible worlds: 36 (events so far: 0)" in (
    ...     viewer.picture.value)
    (0, 2, True)
    """

    def __init__(self, game: FiveSonsGame, lang: str = "en", seat: int = 0) -> None:
        self.game, self.lang = game, lang
        self.after, self.seat = len(game.events), seat
        self.questions = ControlBar(
            [ButtonSpec(f"after-{k}", str(k), pressed=k == self.after)
             for k in range(len(game.events) + 1)], label=message("lesson.worlds.questions", lang))
        self.seats = ControlBar(
            [ButtonSpec(f"seat-{s}", message("lesson.worlds.seat_button", lang, seat=s),
                        pressed=s == seat) for s in range(game.players)],
            label=message("lesson.worlds.whose_view", lang))
        self.questions.on_click(lambda button: self.show(int(button.removeprefix("after-")),
                                                         self.seat))
        self.seats.on_click(lambda button: self.show(self.after,
                                                     int(button.removeprefix("seat-"))))
        self.picture = widgets.HTML()
        super().__init__([_caption("lesson.worlds.questions", lang), self.questions,
                          _caption("lesson.worlds.whose_view", lang), self.seats, self.picture])
        self.add_class(FOCUS_CLASS)
        guard(self)
        self.show(self.after, seat)

    def show(self, after: int, seat: int) -> None:
        """Show `seat`'s view after the first `after` events; the pressed buttons follow."""
        self.after, self.seat = after, seat
        for k in range(len(self.game.events) + 1):
            self.questions.update(f"after-{k}", pressed=k == after)
        for s in range(self.game.players):
            self.seats.update(f"seat-{s}", pressed=s == seat)
        self.picture.value = worlds_svg(PossibleWorlds.from_game(self.game, after), self.lang,
                                        seat)


def _caption(key: str, lang: str) -> widgets.HTML:
    """A visible caption over a row of buttons (the row has the same accessible name)."""
    return widgets.HTML(f'<p style="margin:8px 0 2px;font-weight:bold">'
                        f"{html.escape(message(key, lang))}</p>")
