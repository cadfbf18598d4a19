"""Lessons 3 and 7, the rules by playing: legal moves and who sees what.

Black Widow answers are checked against the engine's own refusals
(`BlackWidowGame.why_not`); Five Sons answers against what each seat saw
(`FiveSonsGame.observation_log`), so a wrong answer is explained by the rules.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> jc, qc, ah, h2, h3 = parse_cards("JC QC AH 2H 3H")
>>> rules = FiveSonsRules(players=3, faces=(jc, qc), hearts=(ah, h2, h3))
>>> game = FiveSonsGame.start(rules, (jc, ah), [(qc,), (h2,), (h3,)])
>>> _ = game.ask(0, qc, h3)
>>> sorted(saw_card(game, 1))
[0, 2]
>>> check_responder(2, game, 1).correct
True
>>> check_responder(1, game, 1).reasons[0].text()
'Seat 1 holds neither the Queen of Clubs nor the Three of Hearts, so it passed the question on.'
"""

from __future__ import annotations

from collections.abc import Collection

from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.cards import Card, CardName
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import AskSeen
from cardlab.i18n import Text, message
from cardlab.lessons.exercises import Verdict

#: Why a card may not be played, as the engine names it; "legal" when it may.
REASONS = ("follow", "opening", "first_trick_points", "hearts_not_broken", "legal")
#: The answer "no card" when asked which card a seat saw.
NO_CARD = "none"


# -- Black Widow -----------------------------------------------------------------------

def reason(game: BlackWidowGame, card: Card) -> str:
    """Which rule forbids the seat to move from playing `card` (one of `REASONS`).

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.cards import TWO_OF_CLUBS
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8)
    >>> reason(game, TWO_OF_CLUBS)
    'legal'
    """
    why = game.why_not(Play(_to_play(game), card))
    if why is None:
        return "legal"
    inner = why.params.get("why")
    return inner.key.rsplit(".", 1)[-1] if isinstance(inner, Text) else why.key


def reason_options(lang: str = "en") -> list[tuple[str, str]]:
    """The choices for "why may this card not be played?": (label, reason) pairs.

    >>> reason_options()[-1]
    ('It is legal: it may be played.', 'legal')
    """
    return [(message(f"lesson.legal.reason_{name}", lang), name) for name in REASONS]


def check_legal_cards(answer: Collection[str], game: BlackWidowGame) -> Verdict:
    """Which cards may the seat to move play now? Each wrong card is refused by the engine."""
    seat = _to_play(game)
    chosen = {Card.parse(code) for code in answer}
    legal = set(game.legal_cards())
    reasons: list[Text] = []
    for card in sorted(chosen - legal):
        why = game.why_not(Play(seat, card))
        assert why is not None
        reasons.append(why)
    reasons += [Text("lesson.legal.missed", card=CardName(card)) for card in sorted(legal - chosen)]
    if chosen == legal:
        reasons.append(Text("lesson.legal.all_legal", count=len(legal),
                            cards=" ".join(card.code for card in sorted(legal))))
    return Verdict(chosen == legal, tuple(reasons))


def check_reason(answer: str, game: BlackWidowGame, card: Card) -> Verdict:
    """Why may the seat to move not play `card`? The engine's own refusal explains."""
    truth = reason(game, card)
    why = game.why_not(Play(_to_play(game), card))
    explained = (why,) if why is not None else (Text("lesson.legal.is_legal",
                                                     card=CardName(card)),)
    return Verdict(answer == truth, explained)


def _to_play(game: BlackWidowGame) -> int:
    seat = game.turn
    assert seat is not None, "nobody is to play"
    return seat


# -- Five Sons -------------------------------------------------------------------------

def saw_card(game: FiveSonsGame, event: int) -> set[int]:
    """The seats that saw the card shown in question `event` (numbered from 1)."""
    return {seat for seat in range(game.players) if _seen(game, seat, event).shown is not None}


def check_responder(answer: int | str, game: FiveSonsGame, event: int) -> Verdict:
    """Who showed a card in question `event`? A wrong seat is explained by the rules."""
    public = _seen(game, None, event)
    chosen = int(answer)
    if chosen == public.shown_by:
        return Verdict(True, (_shows(public),))
    if chosen == public.seat:
        return Verdict(False, (Text("lesson.legal.asker", seat=chosen), _shows(public)))
    if chosen in _passers(game, public):
        return Verdict(False, (_passed(public, chosen), _shows(public)))
    return Verdict(False, (Text("lesson.legal.never", seat=chosen, shower=public.shown_by),))


def check_saw_card(answer: Collection[str], game: FiveSonsGame, event: int) -> Verdict:
    """Which seats saw the card shown in question `event`? Each wrong seat says what it saw."""
    public = _seen(game, None, event)
    chosen = {int(seat) for seat in answer}
    truth = saw_card(game, event)
    if public.shown_by is None:
        return Verdict(not chosen, (Text("lesson.legal.nobody", face=CardName(public.face),
                                         heart=CardName(public.heart)),))
    reasons: list[Text] = []
    for seat in sorted(truth if chosen == truth else chosen ^ truth):
        if seat == public.seat:
            reasons.append(Text("lesson.legal.asker_saw", seat=seat))
        elif seat == public.shown_by:
            reasons.append(Text("lesson.legal.shower_saw", seat=seat))
        else:
            if seat in _passers(game, public):
                reasons.append(_passed(public, seat))
            reasons.append(Text("lesson.legal.watcher", seat=seat, shower=public.shown_by))
    return Verdict(chosen == truth, tuple(reasons))


def check_seen_card(answer: str, game: FiveSonsGame, seat: int, event: int) -> Verdict:
    """Which card did `seat` see in question `event` (a card code, or `NO_CARD`)?"""
    seen = _seen(game, seat, event)
    truth = NO_CARD if seen.shown is None else seen.shown.code
    if seen.shown is not None:
        why = Text("lesson.legal.saw", seat=seat, card=CardName(seen.shown))
    elif seen.shown_by is None:
        why = Text("lesson.legal.nobody", face=CardName(seen.face), heart=CardName(seen.heart))
    else:
        why = Text("lesson.legal.watcher", seat=seat, shower=seen.shown_by)
    return Verdict(answer == truth, (why,))


def _seen(game: FiveSonsGame, seat: int | None, event: int) -> AskSeen:
    seen = game.observation_log(seat).events[event - 1]
    assert isinstance(seen, AskSeen), f"event {event} is a guess, not a question"
    return seen


def _passers(game: FiveSonsGame, public: AskSeen) -> list[int]:
    """The seats the question passed through before someone showed (or all round)."""
    seats = [(public.seat + step) % game.players for step in range(1, game.players)]
    return seats if public.shown_by is None else seats[:seats.index(public.shown_by)]


def _passed(public: AskSeen, seat: int) -> Text:
    return Text("lesson.legal.passed", seat=seat, face=CardName(public.face),
                heart=CardName(public.heart))


def _shows(public: AskSeen) -> Text:
    return Text("lesson.legal.shows", seat=public.shown_by, asker=public.seat,
                face=CardName(public.face), heart=CardName(public.heart))
