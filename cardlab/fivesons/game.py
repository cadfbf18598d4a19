"""The Five Sons state machine: deal, ask, show, guess, with every ruling of RULES.md §1.

The full state (solution and hands) lives here and nowhere else; seats see
only their observation log (`observation_log`).

>>> game = FiveSonsGame.deal(FiveSonsRules(players=4), seed=7)
>>> game.turn
0
>>> event = game.ask(0, Card.parse("QS"), Card.parse("3H"), shown=None)
>>> game.observation_log(None).events[0].seat
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cardlab.cards import Card
from cardlab.errors import IllegalAction
from cardlab.fivesons.record import (
    Ask,
    AskSeen,
    FiveSonsLog,
    FiveSonsRecord,
    FullEvent,
    Guess,
    GuessSeen,
)
from cardlab.fivesons.rules import FiveSonsRules


@dataclass
class FiveSonsGame:
    """One game in progress. Use `deal` or `from_record` to make one."""

    rules: FiveSonsRules
    solution: tuple[Card, Card]
    hands: tuple[frozenset[Card], ...]
    events: list[FullEvent] = field(default_factory=list)
    eliminated: set[int] = field(default_factory=set)
    winner: int | None = None
    turn: int = 0
    #: Seats that guessed since the last question, in order (guessing goes in seat order).
    _guessed_this_round: list[int] = field(default_factory=list)
    _dealt_order: tuple[tuple[Card, ...], ...] = ()

    @classmethod
    def deal(cls, rules: FiveSonsRules, seed: int | random.Random | None = None) -> FiveSonsGame:
        """Hide one face and one heart, then deal the rest round from seat 0."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        solution = (rng.choice(rules.faces), rng.choice(rules.hearts))
        rest = [card for card in rules.deck if card not in solution]
        rng.shuffle(rest)
        hands = tuple(tuple(rest[seat::rules.players]) for seat in range(rules.players))
        return cls.start(rules, solution, hands)

    @classmethod
    def start(cls, rules: FiveSonsRules, solution: tuple[Card, Card],
              hands: Sequence[Sequence[Card]]) -> FiveSonsGame:
        """A game from a known deal (for records and lessons)."""
        ordered = tuple(tuple(hand) for hand in hands)
        return cls(rules, solution, tuple(frozenset(hand) for hand in ordered),
                   _dealt_order=ordered)

    @classmethod
    def from_record(cls, record: FiveSonsRecord) -> FiveSonsGame:
        """Replay a full record; an illegal event raises, naming its number."""
        game = cls.start(record.rules, record.solution, record.hands)
        for number, event in enumerate(record.events, start=1):
            try:
                game.apply(event)
            except IllegalAction as err:
                raise err.at(f"event {number}") from None
        return game

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def over(self) -> bool:
        """True once someone guessed right or everyone guessed wrong."""
        return self.winner is not None or len(self.eliminated) == self.players

    @property
    def asked(self) -> bool:
        """True once at least one question was asked (guessing is open)."""
        return any(isinstance(event, Ask) for event in self.events)

    def apply(self, event: FullEvent) -> FullEvent:
        """Apply a recorded event (an `Ask` or a `Guess`)."""
        if isinstance(event, Ask):
            return self.ask(event.seat, event.face, event.heart, event.shown)
        return self.guess(event.seat, event.face, event.heart)

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

    def check_ask(self, seat: int, face: Card, heart: Card, shown: Card | None = None) -> None:
        """Raise IllegalAction with the reason if this question may not be asked so."""
        self._check_seat(seat)
        if self.over:
            raise IllegalAction("fivesons.illegal.game_over")
        if seat in self.eliminated:
            raise IllegalAction("fivesons.illegal.eliminated_cannot_ask", seat=seat)
        if seat != self.turn:
            raise IllegalAction("fivesons.illegal.not_your_turn", seat=seat, turn=self.turn)
        if face not in self.rules.faces:
            raise IllegalAction("fivesons.illegal.not_a_face", card=face)
        if heart not in self.rules.hearts:
            raise IllegalAction("fivesons.illegal.not_a_heart", card=heart)
        options = self.showable(seat, face, heart)
        responder = self.responder(seat, face, heart)
        if shown is None and len(options) == 2:
            raise IllegalAction("fivesons.illegal.must_choose", seat=responder, face=face,
                                heart=heart)
        if shown is not None and not options:
            raise IllegalAction("fivesons.illegal.nobody_shows", face=face, heart=heart)
        if shown is not None and shown not in options:
            raise IllegalAction("fivesons.illegal.cannot_show", seat=responder, card=shown)

    def ask(self, seat: int, face: Card, heart: Card, shown: Card | None = None) -> Ask:
        """`seat` asks about `face` and `heart`; the responder shows `shown` (or its only card)."""
        self.check_ask(seat, face, heart, shown)
        options = self.showable(seat, face, heart)
        event = Ask(seat, face, heart, shown if shown is not None else
                    (options[0] if options else None))
        self.events.append(event)
        self._guessed_this_round = []
        self.turn = self._next_asker(seat)
        return event

    def check_guess(self, seat: int) -> None:
        """Raise IllegalAction with the reason if `seat` may not guess now."""
        self._check_seat(seat)
        if self.over:
            raise IllegalAction("fivesons.illegal.game_over")
        if not self.asked:
            raise IllegalAction("fivesons.illegal.no_question_yet")
        if seat in self.eliminated:
            raise IllegalAction("fivesons.illegal.eliminated_cannot_guess", seat=seat)
        if self._guessed_this_round:
            asker = self._last_asker()
            last = self._guessed_this_round[-1]
            if (seat - asker) % self.players <= (last - asker) % self.players:
                raise IllegalAction("fivesons.illegal.guess_order", seat=seat, last=last)

    def guess(self, seat: int, face: Card, heart: Card) -> Guess:
        """`seat` names a solution: right wins, wrong eliminates the seat."""
        self.check_guess(seat)
        event = Guess(seat, face, heart)
        self.events.append(event)
        self._guessed_this_round.append(seat)
        if (face, heart) == self.solution:
            self.winner = seat
        else:
            self.eliminated.add(seat)
            if self.turn == seat and not self.over:
                self.turn = self._next_asker(seat)
        return event

    def observation_log(self, me: int | None) -> FiveSonsLog:
        """What seat `me` saw (None: what the whole table saw), as an observation log."""
        if me is not None:
            self._check_seat(me)
        events = []
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
        hand = self._dealt_order[me] if me is not None else ()
        return FiveSonsLog(self.rules, me, hand, tuple(events))

    def undone(self) -> FiveSonsGame:
        """The game as it was before the last question or guess: the record replayed
        without that event."""
        if not self.events:
            raise IllegalAction("undo.nothing")
        record = self.to_record()
        return FiveSonsGame.from_record(replace(record, events=record.events[:-1]))

    def to_record(self) -> FiveSonsRecord:
        """The full record of the game so far."""
        return FiveSonsRecord(self.rules, self.solution, self._dealt_order, tuple(self.events))

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("fivesons.illegal.bad_seat", seat=seat, last=self.players - 1)

    def _last_asker(self) -> int:
        return next(event.seat for event in reversed(self.events) if isinstance(event, Ask))

    def _next_asker(self, seat: int) -> int:
        """The next seat to the left of `seat` that has not been eliminated."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate not in self.eliminated:
                return candidate
        return seat
