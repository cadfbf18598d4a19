"""Lessons 4 and 5 in fresh situations: after the lesson's own, "New situation" deals a new game.

Each function takes a seed (1, 2, ...: seed 0 is the lesson's own situation, which the
notebook sets out) and the reader's language, and returns the question with the picture of
what the seat in question saw (its hand, the events as it saw them) and the checker of the
answers; the checkers are the lesson's own, with hints that point at that picture.

- Lesson 4, on its small deck (three seats; J♣, Q♣, A♥, 2♥, 3♥) dealt anew with one or two
  questions asked: `worlds_count` (worlds a seat cannot tell apart), `solutions_count`
  (solutions it cannot rule out), `knows_that` (does one seat know that another knows?),
  `who_saw` (which seats saw the card shown).
- Lesson 5, on a game the bots play: `where_is` (where a card is, as far as a seat can be
  sure), `knew_after` (after which event a seat first knew the solution).

>>> from cardlab.lessons.exercises import BLANK
>>> question, check = worlds_count(1)
>>> question.text.startswith("A new deal of the small game (seed 1)")
True
>>> check(str(check(BLANK).solution)).correct, "<svg" in question.picture
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardlab.cards import Card, CardName
from cardlab.deal_counting import SOLUTION, Location
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import Ask, FiveSonsLog
from cardlab.fivesons.render.view import seat_view_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import TINY_RULES, PossibleWorlds
from cardlab.i18n import Count, Text
from cardlab.lessons.deduction import (
    EventSentence,
    Listed,
    certain_after,
    check_place,
    place_options,
)
from cardlab.lessons.exercises import Blank, Checker, Posed, Verdict, check_number
from cardlab.lessons.legal import check_saw_card
from cardlab.lessons.worlds import check_cannot_tell, check_knows_that, check_solutions_left

#: The bots that play lesson 5's games (as in the lesson's own game).
_BOTS = ["logician", "random", "infogain", "random"]


def small_game(seed: int) -> tuple[FiveSonsGame, random.Random]:
    """Lesson 4's small deck dealt from `seed`, with one or two questions asked (seat 0
    first, then seat 1), and the random numbers that go on to pick the rest of a situation.

    >>> game, _ = small_game(1)
    >>> game.players, 1 <= len(game.events) <= 2
    (3, True)
    """
    rng = random.Random(seed)
    faces, hearts = TINY_RULES.faces, TINY_RULES.hearts
    solution = (rng.choice(faces), rng.choice(hearts))
    rest = [card for card in (*faces, *hearts) if card not in solution]
    rng.shuffle(rest)
    game = FiveSonsGame.start(TINY_RULES, solution, [(card,) for card in rest])
    for asker in range(rng.choice((1, 2))):
        game.ask(asker, rng.choice(faces), rng.choice(hearts))
    return game, rng


def _view(game: FiveSonsGame, seat: int, lang: str) -> str:
    """What `seat` saw of all of `game` so far."""
    log = game.observation_log(seat)
    return seat_view_svg(log, len(log.events), lang)


def _posed(key: str, lang: str, picture: str, seed: int, **values: Any) -> Posed:
    return Posed(Text(f"lesson.situations.{key}", seed=seed, **values).text(lang), picture, seed)


def worlds_count(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """How many worlds can a seat not tell apart from the real one (the real one counted)?"""
    return _counted(seed, lang, "worlds_count", "worlds_hint", check_cannot_tell)


def solutions_count(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """How many solutions can a seat not rule out (one: it knows the solution)?"""
    return _counted(seed, lang, "solutions_count", "solutions_hint", check_solutions_left)


def _counted(seed: int, lang: str, key: str, hint_key: str,
             checker: Callable[[str | Blank, PossibleWorlds, int], Verdict]
             ) -> tuple[Posed, Checker]:
    """A question that asks a count `checker` checks for a seat of a fresh small game."""
    game, rng = small_game(seed)
    seat = rng.randrange(game.players)
    model = PossibleWorlds.from_game(game)
    hint = Text(f"lesson.situations.{hint_key}", seat=seat)

    def check(answer: str | Blank) -> Verdict:
        return checker(answer, model, seat).but(hint=hint)
    return _posed(key, lang, _view(game, seat, lang), seed=seed, seat=seat,
                  after=len(game.events)), check


def knows_that(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """Does one seat know that another knows the solution? The picture is the first one's view.

    >>> from cardlab.lessons.exercises import BLANK
    >>> question, check = knows_that(2, "de")
    >>> question.text.startswith("Eine neue Verteilung"), check(BLANK).solution in (True, False)
    (True, True)
    """
    game, rng = small_game(seed)
    knower, seat = rng.sample(range(game.players), 2)
    model = PossibleWorlds.from_game(game)
    hint = Text("lesson.situations.knows_that_hint", knower=knower, seat=seat)

    def check(answer: bool | Blank) -> Verdict:
        return check_knows_that(answer, model, knower, seat).but(hint=hint)
    return _posed("knows_that", lang, _view(game, knower, lang), seed=seed, knower=knower,
                  seat=seat, after=len(game.events)), check


def who_saw(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """Which seats saw which card was shown in a question? The picture is the view, up to that
    question, of a seat that did not ask. The question is the last one in which a card was
    shown (a deal in which nobody could show is not drawn: the next seed is taken, since
    "nobody" cannot be pressed)."""
    for tried in range(seed, seed + 50):
        game, rng = small_game(tried)
        shown = [number for number, event in enumerate(game.events, start=1)
                 if isinstance(event, Ask) and event.shown is not None]
        if shown:
            break
    else:   # pragma: no cover - a seat holds one of the two cards asked about in most deals
        raise ValueError(f"no card was shown in the small games of seeds {seed}+")
    after = shown[-1]
    asker = game.events[after - 1].seat
    seat = rng.choice([other for other in range(game.players) if other != asker])
    log = game.observation_log(seat)

    def check(answer: Any) -> Verdict:
        return check_saw_card(answer, game, after)
    return _posed("who_saw", lang, seat_view_svg(log, after, lang), seed=tried,
                  after=after), check


def lesson_game(seed: int) -> FiveSonsGame:
    """The game the bots of lesson 5 play from `seed` (the lesson's own is seed 10)."""
    return play_game(FiveSonsRules(players=4), _BOTS, seed=seed)


def where_is(seed: int, lang: str = "en") -> tuple[Posed, Checker, list[tuple[str, Location]]]:
    """Where is a card after some event, as far as a seat can be sure? Mostly a card the seat
    is sure of; sometimes one it cannot be sure of yet ("not certain yet" is the answer).

    >>> from cardlab.lessons.exercises import BLANK
    >>> question, check, options = where_is(1)
    >>> check(check(BLANK).solution).correct and check(BLANK).solution in dict(options).values()
    True
    """
    game = lesson_game(seed)
    rng = random.Random(seed)
    seat = rng.randrange(game.players)
    log = game.observation_log(seat)
    after = rng.randrange(1, len(log.events) + 1)
    knowledge = FiveSonsKnowledge.from_log(log, after)
    sure = sorted({fact.card for fact in knowledge.facts
                   if fact.holds and fact.place != seat})
    unsure = [card for card in log.rules.deck if card not in log.hand and card not in sure]
    card: Card = rng.choice(sure if sure and (rng.random() < 0.7 or not unsure) else unsure)

    def check(answer: Location | Blank) -> Verdict:
        return check_place(answer, log, after, card)
    return (_posed("where_is", lang, seat_view_svg(log, after, lang), seed=seed, seat=seat,
                   after=after, card=CardName(card)), check, place_options(log, lang))


def knew_after(seed: int, lang: str = "en") -> tuple[Posed, Checker]:
    """After which event did a seat first know the solution? The seat is one that came to
    know it (another seed's game where none did is not drawn: the next seed is taken)."""
    for tried in range(seed, seed + 50):
        game = lesson_game(tried)
        rng = random.Random(tried)
        when = {seat: certain_after(game.observation_log(seat)) for seat in range(game.players)}
        knowers = sorted(seat for seat, after in when.items() if after)
        if knowers:
            break
    else:   # pragma: no cover - the bots play until someone knows
        raise ValueError(f"no seat came to know the solution in the games of seeds {seed}+")
    seat = rng.choice(knowers)
    log = game.observation_log(seat)
    first = when[seat]
    assert first is not None   # only seats that came to know were kept

    def check(answer: str | Blank) -> Verdict:
        return check_knew(answer, log, first)
    return _posed("knew_after", lang, seat_view_svg(log, len(log.events), lang), seed=tried,
                  seat=seat), check


def check_knew(answer: str | Blank, log: FiveSonsLog, first: int) -> Verdict:
    """After which event did `log.me` first know the solution (`first`)? An answer too early
    is told how many solutions the seat could still not rule out then.

    >>> from cardlab.lessons.exercises import BLANK
    >>> log = lesson_game(10).observation_log(2)
    >>> check_knew(BLANK, log, 11).solution, check_knew("4", log, 11).mistake[0].text()
    (11, 'After event 4, seat 2 could still not rule out 8 solutions.')
    """
    seat = log.me
    hint = Text("lesson.situations.knew_hint", seat=seat)
    value = None if isinstance(answer, Blank) else _event_number(answer)
    early: list[tuple[int, Text]] = []
    if value is not None and 0 <= value < first:
        left = len(FiveSonsKnowledge.from_log(log, value).counts.pairs)
        early.append((value, Text("lesson.situations.knew_early", seat=seat, after=value,
                                  count=Count("count.solutions", left))))
    verdict = check_number(answer, first, early, hint)
    if isinstance(answer, Blank):
        return verdict
    facts = [fact.reason for fact in FiveSonsKnowledge.from_log(log, first).facts
             if fact.place == SOLUTION and fact.holds]
    why = Text("lesson.deduction.first", seats=Listed([seat] if seat is not None else []),
               event=first, what=EventSentence(log, first))
    return verdict.but(reasons=(*(() if verdict.correct else verdict.mistake), why, *facts))


def _event_number(answer: str) -> int | None:
    """A typed event number, or None where the answer is not a whole number of events."""
    text = str(answer).strip()
    return int(text) if text.isdigit() and len(text) < 6 else None
