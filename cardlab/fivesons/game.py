"""The Five Sons state machine: deal, ask, show, guess, with every ruling of docs/rules.md.

The full state (solution and hands) lives here and nowhere else; seats see
only their observation log (`observation_log`). What must happen next is
data (`decisions`), as in `cardlab.decisions`.

>>> game = FiveSonsGame.deal(FiveSonsRules(players=4), seed=7)
>>> decision, = game.decisions
>>> decision.seat, decision.kind
(0, <Kind.ASK: 'ask'>)
>>> events = game.apply(Question(0, Card.parse("QS"), Card.parse("3H")))
>>> game.decisions[0].kind, game.observation_log(None).events[0].seat
(<Kind.GUESS: 'guess'>, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlab.cards import Card
from cardlab.decisions import CHANCE, Decision, refusal
from cardlab.errors import IllegalAction
from cardlab.fivesons import narration
from cardlab.fivesons.actions import Action, Deal, Kind, NoGuess, Question, Show
from cardlab.fivesons.narration import FiveSonsEvent
from cardlab.fivesons.record import (
    Ask,
    AskSeen,
    FiveSonsLog,
    FiveSonsRecord,
    FullEvent,
    Guess,
    GuessSeen,
)
from cardlab.fivesons.rules import MAX_EVENTS, FiveSonsRules
from cardlab.i18n import Text
from cardlab.replay import RecordedAction, replay


@dataclass
class FiveSonsGame:
    """One game in progress. Use `deal` or `from_record` to make one; `undealt` for a game
    whose first decision is chance's (the deal)."""

    rules: FiveSonsRules
    #: The dealer's random source (games are equal whatever it would deal).
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)
    hands: tuple[frozenset[Card], ...] = ()
    events: list[FullEvent] = field(default_factory=list)
    eliminated: set[int] = field(default_factory=set)
    winner: int | None = None
    turn: int = 0
    #: A question waiting for its responder, who holds both cards, to choose one.
    pending: Question | None = None
    #: Seats still to decide whether to guess after the last question, in seat order
    #: from the asker.
    guessing: list[int] = field(default_factory=list)
    _dealt_order: tuple[tuple[Card, ...], ...] = ()
    _solution: tuple[Card, Card] | None = None

    @classmethod
    def undealt(cls, rules: FiveSonsRules,
                seed: int | random.Random | None = None) -> FiveSonsGame:
        """A game before the deal: chance is to hide the solution and deal (from `seed`)."""
        return cls(rules, seed if isinstance(seed, random.Random) else random.Random(seed))

    @classmethod
    def deal(cls, rules: FiveSonsRules, seed: int | random.Random | None = None) -> FiveSonsGame:
        """Hide one face and one heart, then deal the rest round from seat 0."""
        game = cls.undealt(rules, seed)
        game.apply(game.draw())
        return game

    @classmethod
    def start(cls, rules: FiveSonsRules, solution: tuple[Card, Card],
              hands: Sequence[Sequence[Card]]) -> FiveSonsGame:
        """A game from a known deal (for records and lessons)."""
        game = cls.undealt(rules)
        game.apply(Deal(solution, tuple(tuple(hand) for hand in hands)))
        return game

    @classmethod
    def from_record(cls, record: FiveSonsRecord,
                    before: Callable[[FiveSonsGame, Action], None] | None = None
                    ) -> FiveSonsGame:
        """Replay a full record (`cardlab.replay`); an illegal event raises, naming its number.

        `before(game, action)`, if given, sees the game before each action.
        """
        game = cls.undealt(record.rules)
        return replay(game, game.recorded(record), before=before)

    def recorded(self, record: FiveSonsRecord) -> Iterator[RecordedAction]:
        """The actions of `record`, from this game before its deal: chance's deal, then each
        event as the actions it folds in (the seats it leaves out let their chance to
        guess pass; a responder holding both cards shows the one recorded).

        A generator: each event is checked, and its actions made, once the actions before
        it are applied.
        """
        yield "deal", Deal(record.solution, record.hands)
        for number, event in enumerate(record.events, start=1):
            where = f"event {number}"
            try:
                self._check_recorded(event)
            except IllegalAction as err:
                raise err.at(where) from None
            while self.guessing and (isinstance(event, Ask) or self.guessing[0] != event.seat):
                yield where, NoGuess(self.guessing[0])
            if isinstance(event, Guess):
                yield where, event
                continue
            question = Question(event.seat, event.face, event.heart)
            yield where, question
            if self.pending is not None and event.shown is not None:
                yield where, Show(self._responder_of(question), event.shown)

    @property
    def solution(self) -> tuple[Card, Card]:
        """The hidden face and heart (once dealt)."""
        if self._solution is None:
            raise IllegalAction("fivesons.illegal.not_dealt")
        return self._solution

    def draw(self) -> Deal:
        """The deal as the game's dealer makes it: one face and one heart hidden, the rest
        shuffled and dealt round from seat 0."""
        rules, rng = self.rules, self.rng
        solution = (rng.choice(rules.faces), rng.choice(rules.hearts))
        rest = [card for card in rules.deck if card not in solution]
        rng.shuffle(rest)
        return Deal(solution, tuple(tuple(rest[seat::rules.players])
                                    for seat in range(rules.players)))

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def over(self) -> bool:
        """True once someone guessed right, everyone guessed wrong, or the game is at its limit."""
        return self.winner is not None or len(self.eliminated) == self.players or self.at_limit

    @property
    def at_limit(self) -> bool:
        """True once the game has `MAX_EVENTS` events: cardlab ends it there, with no winner
        (nobody has to guess, so a game could otherwise go on for ever)."""
        return len(self.events) >= MAX_EVENTS

    @property
    def asked(self) -> bool:
        """True once at least one question was asked (guessing is open)."""
        # No guess comes before the first question, so any event means one was asked; a
        # replay asks this before every chance to guess it unfolds, so it must be quick.
        return bool(self.events)

    @property
    def decisions(self) -> tuple[Decision[Kind, Any], ...]:
        """Who must decide what now: ask, show one of two cards, or guess (or not).

        A guess decision's options are every face-heart pair; `NoGuess` is always open.
        """
        if self._solution is None:
            return (Decision(CHANCE, Kind.DEAL, ()),)
        if self.over:
            return ()
        pairs = tuple((face, heart) for face in self.rules.faces for heart in self.rules.hearts)
        if self.pending is not None:
            question = self.pending
            return (Decision(self._responder_of(question), Kind.SHOW,
                             (question.face, question.heart)),)
        if self.guessing:
            return (Decision(self.guessing[0], Kind.GUESS, pairs),)
        return (Decision(self.turn, Kind.ASK, pairs),)

    def why_not(self, action: Action) -> Text | None:
        """Why `action` is refused now (None: it is allowed)."""
        return refusal(self._check, action)

    def apply(self, action: Action) -> list[FiveSonsEvent]:
        """Check and apply one decision; returns what happened, told seat by seat."""
        self._check(action)
        if isinstance(action, Deal):
            assert action.solution is not None
            self._solution = action.solution
            self._dealt_order = action.hands
            self.hands = tuple(frozenset(hand) for hand in action.hands)
            return []
        if isinstance(action, Question):
            return self._ask(action)
        if isinstance(action, Show):
            question, self.pending = self.pending, None
            assert question is not None
            return self._answer(question, action.card)
        if isinstance(action, NoGuess):
            self.guessing.pop(0)
            return [narration.no_guess(action.seat)]
        return self._guess(action)

    def ask(self, seat: int, face: Card, heart: Card, shown: Card | None = None) -> Ask:
        """`seat` asks about `face` and `heart`; the responder shows `shown` (or its only card).

        Anyone still to decide on guessing lets the chance pass. Nothing changes if
        the question or the card shown is refused.
        """
        question = Question(seat, face, heart)
        self._check_recorded(Ask(seat, face, heart, shown))
        options = self.showable(seat, face, heart)
        self.guessing = []
        self._ask(question)
        if self.pending is not None:
            self.apply(Show(self._responder_of(question), shown or options[0]))
        last = self.events[-1]
        assert isinstance(last, Ask)
        return last

    def guess(self, seat: int, face: Card, heart: Card) -> Guess:
        """`seat` names a solution: right wins, wrong eliminates the seat.

        Seats before it in guessing order let their chance pass.
        """
        action = Guess(seat, face, heart)
        self._check_guess(action, in_order=False)
        while self.guessing[0] != seat:
            self.guessing.pop(0)
        self.apply(action)
        return action

    def responder(self, seat: int, face: Card, heart: Card) -> int | None:
        """The first seat clockwise after `seat` that holds either card (None: nobody)."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if face in self.hands[other] or heart in self.hands[other]:
                return other
        return None

    def showable(self, seat: int, face: Card, heart: Card) -> tuple[Card, ...]:
        """The cards the responder to this question could show (empty: nobody can)."""
        responder = self.responder(seat, face, heart)
        if responder is None:
            return ()
        return tuple(card for card in (face, heart) if card in self.hands[responder])

    def observation_log(self, me: int | None) -> FiveSonsLog:
        """What seat `me` saw (None: what the whole table saw), as an observation log."""
        if me is not None:
            self._check_seat(me)
        events: list[AskSeen | GuessSeen] = []
        for event in self.events:
            if isinstance(event, Ask):
                shown_by = None if event.shown is None else self.responder(
                    event.seat, event.face, event.heart)
                sees = me is not None and me in (event.seat, shown_by)
                events.append(AskSeen(event.seat, event.face, event.heart, shown_by,
                                      event.shown if sees else None))
            else:
                correct = (event.face, event.heart) == self.solution
                events.append(GuessSeen(event.seat, correct, self.solution
                                        if event.seat == me and not correct else None))
        hand = self._dealt_order[me] if me is not None and self._dealt_order else ()
        return FiveSonsLog(self.rules, me, hand, tuple(events))

    def to_record(self) -> FiveSonsRecord:
        """The full record of the game so far (a question awaiting its shown card is left out)."""
        return FiveSonsRecord(self.rules, self.solution, self._dealt_order, tuple(self.events))

    def _check(self, action: Action) -> None:
        if isinstance(action, Deal):
            self._check_deal(action)
        elif isinstance(action, Question):
            self._check_question(action, after_guessing=False)
        elif isinstance(action, Show):
            self._check_show(action)
        else:
            self._check_guess(action, in_order=True)

    def _check_deal(self, deal: Deal) -> None:
        """Chance deals once, hiding a face and a heart and dealing every other card."""
        rules = self.rules
        if self._solution is not None:
            raise IllegalAction("fivesons.illegal.dealt")
        dealt = [card for hand in deal.hands for card in hand]
        if deal.solution is None or deal.solution[0] not in rules.faces or \
                deal.solution[1] not in rules.hearts or len(deal.hands) != rules.players or \
                sorted([*deal.solution, *dealt]) != sorted(rules.deck):
            raise IllegalAction("fivesons.illegal.bad_deal", players=rules.players)

    def _check_recorded(self, event: FullEvent) -> None:
        """Refuse a recorded event (or `ask` or `guess` its seat would make now) before any
        of it is applied."""
        if isinstance(event, Guess):
            self._check_guess(event, in_order=False)
            return
        self._check_question(Question(event.seat, event.face, event.heart), after_guessing=True)
        options = self.showable(event.seat, event.face, event.heart)
        if event.shown is None and len(options) == 2:
            raise IllegalAction("fivesons.illegal.must_choose", seat=self.responder(
                event.seat, event.face, event.heart), face=event.face, heart=event.heart)
        if event.shown is not None and not options:
            raise IllegalAction("fivesons.illegal.nobody_shows", face=event.face,
                                heart=event.heart)
        if event.shown is not None and event.shown not in options:
            raise IllegalAction("fivesons.illegal.cannot_show",
                                seat=self.responder(event.seat, event.face, event.heart),
                                card=event.shown)

    def _check_open(self, seat: int) -> None:
        self._check_seat(seat)
        if self._solution is None:
            raise IllegalAction("fivesons.illegal.not_dealt")
        if self.over:
            raise IllegalAction("fivesons.illegal.game_over")

    def _check_question(self, question: Question, after_guessing: bool) -> None:
        seat = question.seat
        self._check_open(seat)
        if self.pending is not None:
            raise IllegalAction("fivesons.illegal.show_pending",
                                seat=self._responder_of(self.pending))
        if self.guessing and not after_guessing:
            raise IllegalAction("fivesons.illegal.guessing_pending", seat=self.guessing[0])
        if seat in self.eliminated:
            raise IllegalAction("fivesons.illegal.eliminated_cannot_ask", seat=seat)
        if seat != self.turn:
            raise IllegalAction("fivesons.illegal.not_your_turn", seat=seat, turn=self.turn)
        if question.face not in self.rules.faces:
            raise IllegalAction("fivesons.illegal.not_a_face", card=question.face)
        if question.heart not in self.rules.hearts:
            raise IllegalAction("fivesons.illegal.not_a_heart", card=question.heart)

    def _check_show(self, show: Show) -> None:
        self._check_open(show.seat)
        if self.pending is None:
            raise IllegalAction("fivesons.illegal.nothing_to_show")
        responder = self._responder_of(self.pending)
        if show.seat != responder:
            raise IllegalAction("fivesons.illegal.not_responder", seat=show.seat,
                                responder=responder)
        if show.card not in (self.pending.face, self.pending.heart):
            raise IllegalAction("fivesons.illegal.cannot_show", seat=show.seat, card=show.card)

    def _check_guess(self, action: Guess | NoGuess, in_order: bool) -> None:
        seat = action.seat
        self._check_open(seat)
        if not self.asked:
            raise IllegalAction("fivesons.illegal.no_question_yet")
        if self.pending is not None:
            raise IllegalAction("fivesons.illegal.show_pending",
                                seat=self._responder_of(self.pending))
        if seat in self.eliminated:
            raise IllegalAction("fivesons.illegal.eliminated_cannot_guess", seat=seat)
        if seat not in self.guessing:
            last = self._last_guesser()
            if last is None:
                raise IllegalAction("fivesons.illegal.guess_passed", seat=seat)
            raise IllegalAction("fivesons.illegal.guess_order", seat=seat, last=last)
        if in_order and self.guessing[0] != seat:
            raise IllegalAction("fivesons.illegal.guess_turn", seat=seat,
                                turn=self.guessing[0])

    def _ask(self, question: Question) -> list[FiveSonsEvent]:
        """The question goes round; it stops at a responder who must choose between two cards."""
        told = [narration.asked(question)]
        seat, face, heart = question.seat, question.face, question.heart
        responder = self.responder(seat, face, heart)
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if other == responder:
                break
            told.append(narration.passed(other))
        options = self.showable(seat, face, heart)
        if len(options) == 2:
            # Nobody hears of this: that the responder must choose is its own secret.
            self.pending = question
            return told
        return told + self._answer(question, options[0] if options else None)

    def _answer(self, question: Question, shown: Card | None) -> list[FiveSonsEvent]:
        """Record the answered question and open the round of guesses."""
        self.events.append(Ask(question.seat, question.face, question.heart, shown))
        self.turn = self._next_asker(question.seat)
        self.guessing = [seat for seat in self._round_from(question.seat)
                         if seat not in self.eliminated]
        if shown is None:
            return [narration.nobody_showed(question)]
        return [narration.showed(question, self._responder_of(question), shown)]

    def _guess(self, action: Guess) -> list[FiveSonsEvent]:
        self.guessing.pop(0)
        self.events.append(action)
        seat = action.seat
        if (action.face, action.heart) == self.solution:
            self.winner = seat
            self.guessing = []
            return [narration.guessed_right(seat, self.solution)]
        self.eliminated.add(seat)
        told = [narration.guessed_wrong(seat, self.solution)]
        if self.over:
            self.guessing = []
            told.append(narration.everyone_wrong(self.solution))
        elif self.turn == seat:
            self.turn = self._next_asker(seat)
        return told

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("fivesons.illegal.bad_seat", seat=seat, last=self.players - 1)

    def _responder_of(self, question: Question) -> int:
        """The seat answering `question`, which someone can answer."""
        responder = self.responder(question.seat, question.face, question.heart)
        assert responder is not None
        return responder

    def _round_from(self, seat: int) -> list[int]:
        return [(seat + step) % self.players for step in range(self.players)]

    def _last_guesser(self) -> int | None:
        """The seat that guessed last after the latest question (None: nobody has)."""
        last = self.events[-1] if self.events else None
        return last.seat if isinstance(last, Guess) else None

    def _next_asker(self, seat: int) -> int:
        """The next seat to the left of `seat` that has not been eliminated."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate not in self.eliminated:
                return candidate
        return seat
