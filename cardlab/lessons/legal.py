"""Lessons 3 and 7, the rules by playing: legal moves and who sees what.

Black Widow answers are checked against the engine's own refusals
(`BlackWidowGame.why_not`) at the moment the question is about: a `Turn` is a
copy of the hand taken when the exercise is built, so the game may go on (as
the lesson goes on) without changing the answer. The learner sits at the seat
to play, so the feedback says "you". Five Sons answers are checked against
what each seat saw (`FiveSonsGame.observation_log`), so a wrong answer is
explained by the rules.

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

import copy
from collections.abc import Collection
from dataclasses import dataclass

from cardlab.blackwidow.game import BlackWidowGame, Phase
from cardlab.blackwidow.game import Hand as Deal
from cardlab.blackwidow.narration import CardList
from cardlab.cards import QUEEN_OF_SPADES, Card, CardName, Suit
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import AskSeen
from cardlab.i18n import Text, message
from cardlab.lessons.exercises import Blank, ExerciseBox, Verdict

#: Why a card may not be played, as the engine names it; "legal" when it may.
REASONS = ("follow", "opening", "first_trick_points", "hearts_not_broken", "legal")
#: The answer "no card" when asked which card a seat saw.
NO_CARD = "none"


# -- Black Widow -----------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """One seat's turn to play, frozen: a copy of the hand so far and the seat to play.

    Build it with `Turn.of(game)` when the question is asked; playing on in `game`
    afterwards does not move it.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8)
    >>> turn = Turn.of(game)
    >>> _ = game.play(game.legal_cards()[0])   # the game goes on; the turn stays
    >>> turn.legal(), turn.reason(Card.parse("QS")), turn.trick_number, turn.leading
    ([Card('2C')], 'opening', 1, True)
    """

    deal: Deal
    seat: int

    @classmethod
    def of(cls, game: BlackWidowGame) -> Turn:
        """The turn of the seat to play in `game` now (a copy, not a view of the game)."""
        if game.phase is not Phase.PLAY:
            raise ValueError(f"nobody is to play a card now (the game is at '{game.phase}')")
        deal = copy.deepcopy(game.hand)
        return cls(deal, deal.to_play())

    @property
    def cards(self) -> list[Card]:
        """The cards the seat holds, by suit then rank."""
        return [card for card in self.deal.rules.deck if self.holds(card)]

    def holds(self, card: Card) -> bool:
        """True if the seat holds `card`."""
        return bool(self.deal.holding[self.seat] & (1 << card.index))

    def legal(self) -> list[Card]:
        """The cards the seat may play, by suit then rank."""
        return [card for card in self.cards if self.reason(card) == "legal"]

    def reason(self, card: Card) -> str:
        """Which rule forbids `card` (one of `REASONS`, or "not_held"); "legal" if none."""
        why = self.deal.why_not(self.seat, card)
        return "legal" if why is None else why.key.rsplit(".", 1)[-1]

    @property
    def leading(self) -> bool:
        """True if the seat leads the trick (nothing is on the table)."""
        return not self.deal.trick()

    @property
    def led(self) -> Suit | None:
        """The suit led to this trick (None when the seat leads)."""
        trick = self.deal.trick()
        return trick[0][1].suit if trick else None

    @property
    def trick_number(self) -> int:
        """Which trick of the hand this is, from 1."""
        return len(self.deal.plays) // self.deal.rules.players + 1

    @property
    def act(self) -> Text:
        """The verb for what the seat does with a card: lead it, or play it to a trick."""
        return Text("lesson.legal.act_lead" if self.leading else "lesson.legal.act_play")

    def rule(self, reason: str, card: Card) -> Text:
        """The rule `reason` as it applies to this seat now, in a sentence."""
        return Text(f"lesson.legal.rule_{reason}", suit=self.led, card=CardName(card),
                    opening=CardName(self.deal.opening), act=self.act)


def reason_options(lang: str = "en") -> list[tuple[str, str]]:
    """The choices for "why may this card not be played?": (label, reason) pairs.

    >>> reason_options()[-1]
    ('It is legal: it may be played.', 'legal')
    """
    return [(message(f"lesson.legal.reason_{name}", lang), name) for name in REASONS]


def check_legal_cards(answer: Collection[str] | Blank, turn: Turn) -> Verdict:
    """Which cards may the seat play now? Each wrong card is refused by the engine's rule.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> turn = Turn.of(BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8))
    >>> check_legal_cards({"2C"}, turn).text()
    'Right! You may lead only the Two of Clubs. The first trick opens with the Two of Clubs: \
you hold it, so you must lead it.'
    """
    legal = set(turn.legal())
    hint = (Text("lesson.coach.legal_hint_lead" if turn.leading else "lesson.coach.legal_hint",
                 suit=turn.led),)
    solution = {card.code for card in legal}
    if isinstance(answer, Blank):
        return Verdict(False, solution=solution, hint=hint)
    chosen = {Card.parse(code) for code in answer}
    wrong = chosen - legal
    mistake: list[Text] = []
    for rule in ("not_held", *REASONS):
        cards = sorted(card for card in wrong if turn.reason(card) == rule)
        if cards:
            mistake += [Text("lesson.legal.may_not", act=turn.act, cards=CardList(cards)),
                        turn.rule(rule, cards[0])]
    if legal - chosen:
        mistake.append(Text("lesson.coach.missed_some", act=turn.act))
    reasons: list[Text] = []
    if chosen == legal:
        forbidden = [card for card in turn.cards if card not in legal]
        if not forbidden:
            reasons.append(Text("lesson.legal.any", act=turn.act))
        elif len(forbidden) < len(legal):
            reasons.append(Text("lesson.legal.all_but", act=turn.act, cards=CardList(forbidden)))
        else:
            reasons.append(Text("lesson.legal.only", act=turn.act, cards=CardList(sorted(legal))))
        wrong = set(forbidden)
    for rule in ("not_held", *REASONS):
        cards = sorted(card for card in wrong if turn.reason(card) == rule)
        if cards:
            if chosen != legal:
                reasons.append(Text("lesson.legal.may_not", act=turn.act, cards=CardList(cards)))
            reasons.append(turn.rule(rule, cards[0]))
    missed = sorted(legal - chosen)
    if missed:
        reasons.append(Text("lesson.legal.missed", act=turn.act, cards=CardList(missed)))
    return Verdict(chosen == legal, tuple(reasons), tuple(mistake), hint, solution)


def check_reason(answer: str | Blank, turn: Turn, card: Card) -> Verdict:
    """Why may the seat not play `card`? The right rule is explained, and so is each wrong one.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> turn = Turn.of(BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8))
    >>> check_reason("follow", turn, Card.parse("QS")).coached(tier=1)
    'Not quite. You are leading this trick: no suit has been led yet, so there is none to follow.'
    """
    truth = turn.reason(card)
    hint = (Text("lesson.coach.reason_hint", card=CardName(card)),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth, hint=hint)
    if answer == truth:
        return Verdict(True, (turn.rule(truth, card),), solution=truth)
    if truth == "not_held":
        return Verdict(False, (turn.rule(truth, card),), (turn.rule(truth, card),), hint, truth)
    mistake = (_not_this_rule(turn, str(answer), card),)
    return Verdict(False, (*mistake, turn.rule(truth, card)), mistake, hint, truth)


def _not_this_rule(turn: Turn, option: str, card: Card) -> Text:
    """Why the rule `option` is not what decides `card` now (`option` is a wrong answer)."""
    deal, led = turn.deal, turn.led
    first_lead = not deal.plays
    holds_led = led is not None and any(c.suit is led for c in turn.cards)
    params = {"suit": led, "card": CardName(card), "opening": CardName(deal.opening),
              "act": turn.act, "trick": turn.trick_number}
    if option == "follow":
        key = "leading" if led is None else "follows" if card.suit is led else "void"
    elif option == "opening":
        key = "opening_is" if card == deal.opening else "opening_done"
    elif option == "first_trick_points":
        point = card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES
        key = ("later" if turn.trick_number > 1 else
               "first_lead" if first_lead else
               "points_allowed" if deal.rules.first_trick_points else
               "not_point" if not point else
               "can_follow" if holds_led else "only_points")
    elif option == "hearts_not_broken":
        key = ("first_lead" if first_lead else
               "not_leading" if led is not None else
               "not_heart" if card.suit is not Suit.HEARTS else
               "broken" if deal.hearts_broken else "only_hearts")
    else:
        key = "refused"
    return Text(f"lesson.legal.wrong_{key}", **params)


def legal_cards_exercise(question: str, game: BlackWidowGame, lang: str = "en") -> ExerciseBox:
    """An exercise: press every card the seat to play may play now (its turn, frozen now).

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8)
    >>> box = legal_cards_exercise("Which cards may you lead?", game)
    >>> _ = game.play(game.legal_cards()[0])
    >>> box.answer({"2C"}); box.check().correct
    True
    """
    turn = Turn.of(game)
    return ExerciseBox.many(question, [(card.name(lang), card.code) for card in turn.cards],
                            lambda answer: check_legal_cards(answer, turn), lang)


def reason_exercise(question: str, game: BlackWidowGame, card: Card,
                    lang: str = "en") -> ExerciseBox:
    """An exercise: why may the seat to play not play `card` now (its turn, frozen now)?

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=8)
    >>> box = reason_exercise("Why may you not lead the Queen of Spades?", game, Card.parse("QS"))
    >>> box.answer("opening"); box.check().correct
    True
    """
    turn = Turn.of(game)
    return ExerciseBox.choice(question, reason_options(lang),
                              lambda answer: check_reason(answer, turn, card), lang)


# -- Five Sons -------------------------------------------------------------------------

def saw_card(game: FiveSonsGame, event: int) -> set[int]:
    """The seats that saw the card shown in question `event` (numbered from 1)."""
    return {seat for seat in range(game.players) if _seen(game, seat, event).shown is not None}


def check_responder(answer: int | str | Blank, game: FiveSonsGame, event: int) -> Verdict:
    """Who showed a card in question `event`? A wrong seat is explained by the rules."""
    public = _seen(game, None, event)
    hint = (Text("lesson.coach.responder_hint", seat=public.seat),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=public.shown_by, hint=hint)
    chosen = int(answer)
    if chosen == public.shown_by:
        return Verdict(True, (_shows(public),), solution=chosen)
    if chosen == public.seat:
        mistake = Text("lesson.legal.asker", seat=chosen)
    elif chosen in _passers(game, public):
        mistake = _passed(public, chosen)
    else:
        never = Text("lesson.legal.never", seat=chosen, shower=public.shown_by)
        return Verdict(False, (never,), (Text("lesson.coach.not_reached", seat=chosen),), hint,
                       public.shown_by)
    return Verdict(False, (mistake, _shows(public)), (mistake,), hint, public.shown_by)


def check_saw_card(answer: Collection[str] | Blank, game: FiveSonsGame, event: int) -> Verdict:
    """Which seats saw the card shown in question `event`? Each wrong seat says what it saw."""
    public = _seen(game, None, event)
    truth = saw_card(game, event)
    hint = (Text("lesson.coach.saw_hint"),)
    solution = {str(seat) for seat in truth}
    if isinstance(answer, Blank):
        return Verdict(False, solution=solution, hint=hint)
    chosen = {int(seat) for seat in answer}
    if public.shown_by is None:
        nobody = (Text("lesson.legal.nobody", face=CardName(public.face),
                       heart=CardName(public.heart)),)
        return Verdict(not chosen, nobody, nobody, hint, solution)
    mistake: list[Text] = [
        Text("lesson.legal.watcher", seat=seat, shower=public.shown_by)
        for seat in sorted(chosen - truth)]
    if truth - chosen:
        mistake.append(Text("lesson.coach.saw_missed"))
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
    return Verdict(chosen == truth, tuple(reasons), tuple(mistake), hint, solution)


def check_seen_card(answer: str | Blank, game: FiveSonsGame, seat: int, event: int
                    ) -> Verdict:
    """Which card did `seat` see in question `event` (a card code, or `NO_CARD`)?"""
    seen = _seen(game, seat, event)
    truth = NO_CARD if seen.shown is None else seen.shown.code
    hint = (Text("lesson.coach.seen_hint", seat=seat, event=event),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth, hint=hint)
    if seen.shown is not None:
        why = Text("lesson.legal.saw", seat=seat, card=CardName(seen.shown))
    elif seen.shown_by is None:
        why = Text("lesson.legal.nobody", face=CardName(seen.face), heart=CardName(seen.heart))
    else:
        why = Text("lesson.legal.watcher", seat=seat, shower=seen.shown_by)
    if answer == NO_CARD:
        mistake = Text("lesson.coach.seen_something", seat=seat, event=event)
    elif seen.shown is not None:
        mistake = Text("lesson.coach.seen_other", seat=seat)
    else:
        mistake = Text("lesson.coach.seen_not_asker", seat=seat, event=event)
    return Verdict(answer == truth, (why,), (mistake,), hint, truth)


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
