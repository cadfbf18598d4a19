"""The Black Widow state machine: hands of dealing, passing and tricks until someone goes over.

The full state lives here; seats see only `view(seat)`. Every action is
checked first and a refused action changes nothing.

>>> from cardlab.cards import TWO_OF_CLUBS
>>> game = BlackWidowGame.new(BlackWidowRules(players=4, pass_cycle=("hold",)), seed=1)
>>> game.phase, game.turn == game.hand.holder(TWO_OF_CLUBS)
('play', True)
>>> game.play(TWO_OF_CLUBS).code
'2C'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from cardlab.blackwidow import kernel
from cardlab.blackwidow.record import BlackWidowRecord, HandRecord
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import QUEEN_OF_SPADES, Card, Suit
from cardlab.errors import IllegalAction, RecordError
from cardlab.i18n import Text

PASS_SIZE = 3


@dataclass
class Hand:
    """One hand in progress: the deal, the passes, the tricks."""

    rules: BlackWidowRules
    number: int
    deal: tuple[tuple[Card, ...], ...]
    passes: list[tuple[Card, ...] | None]
    holding: list[int]
    plays: list[Card] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    hearts_broken: bool = False
    moon: str | None = None

    @property
    def offset(self) -> int:
        """Seats clockwise from passer to receiver this hand (0: hold)."""
        return self.rules.pass_offset(self.number)

    @property
    def passing(self) -> bool:
        """True while some seat still has to pass."""
        return self.offset != 0 and any(p is None for p in self.passes)

    @property
    def opening(self) -> Card:
        """The lowest club in play: it opens the first trick."""
        return next(card for card in self.rules.deck if card.suit is Suit.CLUBS)

    @property
    def finished(self) -> bool:
        """True once every card has been played."""
        return len(self.plays) == len(self.rules.deck)

    def holder(self, card: Card) -> int:
        """The seat holding `card` now."""
        bit = 1 << card.index
        return next(seat for seat, bits in enumerate(self.holding) if bits & bit)

    def trick(self) -> list[tuple[int, Card]]:
        """The cards of the trick in progress, as (seat, card)."""
        start = len(self.plays) - len(self.plays) % self.rules.players
        return list(zip(self.seats[start:], self.plays[start:], strict=True))

    def to_play(self) -> int:
        """The seat whose turn it is."""
        trick = self.trick()
        if trick:
            return (trick[-1][0] + 1) % self.rules.players
        if not self.plays:
            return self.holder(self.opening)
        return self._last_winner()

    def legal_mask(self, seat: int) -> int:
        """The cards `seat` may play now (its turn assumed)."""
        trick = self.trick()
        return kernel.legal(
            self.holding[seat], trick[0][1].suit if trick else None,
            first_trick=len(self.plays) < self.rules.players, hearts_broken=self.hearts_broken,
            opening=(1 << self.opening.index) if not self.plays else None,
            points_on_first_trick=self.rules.first_trick_points)

    def why_not(self, seat: int, card: Card) -> Text | None:
        """Why `seat` may not play `card` now, or None if it may."""
        if not self.holding[seat] & (1 << card.index):
            return Text("blackwidow.why.not_held", seat=seat, card=card)
        if self.legal_mask(seat) & (1 << card.index):
            return None
        trick = self.trick()
        if trick:
            if self.holding[seat] & kernel.SUIT_MASKS[trick[0][1].suit]:
                return Text("blackwidow.why.follow", suit=trick[0][1].suit)
            return Text("blackwidow.why.first_trick_points")
        if not self.plays:
            return Text("blackwidow.why.opening", card=self.opening)
        return Text("blackwidow.why.hearts_not_broken")

    def apply_play(self, seat: int, card: Card) -> None:
        """Play a card already checked to be legal."""
        self.holding[seat] &= ~(1 << card.index)
        self.plays.append(card)
        self.seats.append(seat)
        if card.suit is Suit.HEARTS or (card == QUEEN_OF_SPADES
                                        and self.rules.queen_breaks_hearts):
            self.hearts_broken = True
        if len(self.plays) % self.rules.players == 0:
            self.taken[self._last_winner()] |= kernel.mask(self.plays[-self.rules.players:])

    def _last_winner(self) -> int:
        n = self.rules.players
        end = len(self.plays) - len(self.plays) % n
        cards = [card.index for card in self.plays[end - n:end]]
        return kernel.trick_winner(cards, self.seats[end - n], n)

    def points(self) -> list[int]:
        """Points each seat took this hand, before the moon rule."""
        return [kernel.points(bits, self.rules.jack_of_diamonds) for bits in self.taken]

    def shooter(self) -> int | None:
        """The seat that took every heart and the Queen of Spades, if one did."""
        for seat, bits in enumerate(self.taken):
            if bits & kernel.POINTS == kernel.POINTS:
                return seat
        return None

    def record(self) -> HandRecord:
        """This hand as a record entry."""
        passes = None if self.offset == 0 else tuple(p or () for p in self.passes)
        return HandRecord(self.deal, passes, tuple(self.plays), self.moon)


@dataclass
class HandResult:
    """A finished hand: points taken, the shooter (if any) and the game scores after it."""

    points: list[int]
    moon: int | None
    scores: list[int]


@dataclass
class BlackWidowGame:
    """A whole game. Use `new` or `from_record`."""

    rules: BlackWidowRules
    rng: random.Random
    scores: list[int]
    results: list[HandResult] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)

    @classmethod
    def new(cls, rules: BlackWidowRules, seed: int | random.Random | None = None,
            deal: Sequence[Sequence[Card]] | None = None, number: int = 0) -> BlackWidowGame:
        """A game with its first hand dealt (shuffled from `seed`, or the given `deal`)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        game = cls(rules, rng, [0] * rules.players)
        game.start_hand(deal, number)
        return game

    @classmethod
    def from_record(cls, record: BlackWidowRecord,
                    before_play: Callable[[BlackWidowGame], None] | None = None,
                    ) -> BlackWidowGame:
        """Replay a record; an illegal action raises, naming the hand and play.

        `before_play`, if given, sees the game before every play (for listing legal cards).
        """
        game = cls(record.rules, random.Random(0), [0] * record.rules.players)
        for number, entry in enumerate(record.hands, start=1):
            if game.over:
                raise RecordError("blackwidow.illegal.game_over", where=f"hand {number}")
            game.start_hand(entry.deal)
            try:
                for seat, cards in enumerate(entry.passes or ()):
                    game.pass_cards(seat, cards)
            except IllegalAction as err:
                raise err.at(f"hand {number}, pass") from None
            for count, card in enumerate(entry.plays, start=1):
                if before_play is not None:
                    before_play(game)
                try:
                    game.play(card)
                except IllegalAction as err:
                    raise err.at(f"hand {number}, play {count}") from None
            if entry.moon is not None:
                try:
                    game.choose_moon(entry.moon)
                except IllegalAction as err:
                    raise err.at(f"hand {number}, moon") from None
        return game

    @property
    def hand(self) -> Hand:
        """The hand being played (or the last one)."""
        return self.hands[-1]

    @property
    def over(self) -> bool:
        """True once a finished hand left someone above the end score."""
        return bool(self.results) and len(self.results) == len(self.hands) and any(
            score > self.rules.end_above for score in self.scores)

    @property
    def winners(self) -> list[int]:
        """The seats with the lowest score once the game is over (ties share the win)."""
        if not self.over:
            return []
        low = min(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == low]

    @property
    def phase(self) -> str:
        """'pass', 'play', 'moon' (the shooter must choose), 'scored' or 'over'."""
        if self.over:
            return "over"
        if len(self.results) == len(self.hands):
            return "scored"
        if self.hand.passing:
            return "pass"
        if self.hand.finished:
            return "moon"
        return "play"

    @property
    def turn(self) -> int | None:
        """The seat to act: next to pass, to play, or the moon shooter."""
        if self.phase == "pass":
            return next(seat for seat, p in enumerate(self.hand.passes) if p is None)
        if self.phase == "play":
            return self.hand.to_play()
        if self.phase == "moon":
            return self.hand.shooter()
        return None

    def start_hand(self, deal: Sequence[Sequence[Card]] | None = None,
                   number: int | None = None) -> Hand:
        """Deal the next hand (shuffled unless `deal` is given).

        `number` sets where the hand stands in the passing cycle (default: its place
        in this game), for tournaments that play single hands.
        """
        if self.over:
            raise IllegalAction("blackwidow.illegal.game_over")
        if deal is None:
            cards = list(self.rules.deck)
            self.rng.shuffle(cards)
            deal = [sorted(cards[seat::self.rules.players]) for seat in range(self.rules.players)]
        deal = tuple(tuple(cards) for cards in deal)
        number = len(self.hands) if number is None else number
        hand = Hand(self.rules, number, deal, [None] * self.rules.players,
                    [kernel.mask(cards) for cards in deal], taken=[0] * self.rules.players)
        self.hands.append(hand)
        return hand

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` passes three of its cards; once all have passed, the cards move."""
        hand = self.hand
        if self.phase != "pass":
            raise IllegalAction("blackwidow.illegal.not_passing")
        if hand.passes[seat] is not None:
            raise IllegalAction("blackwidow.illegal.already_passed", seat=seat)
        if len(set(cards)) != PASS_SIZE or len(cards) != PASS_SIZE:
            raise IllegalAction("blackwidow.illegal.pass_three", count=len(cards))
        for card in cards:
            if not hand.holding[seat] & (1 << card.index):
                raise IllegalAction("blackwidow.illegal.pass_not_held", seat=seat, card=card)
        hand.passes[seat] = tuple(cards)
        if not hand.passing:
            n = self.rules.players
            for passer, passed in enumerate(hand.passes):
                bits = kernel.mask(passed)
                hand.holding[passer] &= ~bits
                hand.holding[(passer + hand.offset) % n] |= bits

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play, in deck order (empty outside play)."""
        if self.phase != "play":
            return []
        return kernel.cards_of(self.hand.legal_mask(self.hand.to_play()))

    def why_not(self, card: Card) -> Text | None:
        """Why the seat to play may not play `card` (None: it may)."""
        return self.hand.why_not(self.hand.to_play(), card)

    def play(self, card: Card) -> Card:
        """The seat to play plays `card`; a refused card changes nothing."""
        phase = self.phase
        if phase == "pass":
            raise IllegalAction("blackwidow.illegal.passing", seat=self.turn)
        if phase == "moon":
            raise IllegalAction("blackwidow.illegal.moon_pending", seat=self.turn)
        if phase in ("over", "scored"):
            raise IllegalAction("blackwidow.illegal.game_over")
        seat = self.hand.to_play()
        why = self.hand.why_not(seat, card)
        if why is not None:
            raise IllegalAction("blackwidow.illegal.play", card=card, seat=seat, why=why)
        self.hand.apply_play(seat, card)
        if self.hand.finished and not (self.hand.shooter() is not None
                                       and self.rules.moon == "choose"):
            self._score(self.rules.moon)
        return card

    def choose_moon(self, choice: str) -> None:
        """The shooter's choice under `moon: choose`: 'self' (-26) or 'others' (+26 each)."""
        if self.phase != "moon":
            raise IllegalAction("blackwidow.illegal.no_moon")
        if choice not in ("self", "others"):
            raise IllegalAction("blackwidow.illegal.bad_moon", value=choice)
        self.hand.moon = choice
        self._score(choice)

    def moon_outcomes(self) -> dict[str, list[int]]:
        """The game scores after this hand under each moon choice (for the shooter to weigh)."""
        return {choice: self._scores_after(choice) for choice in ("self", "others")}

    def _scores_after(self, moon: str) -> list[int]:
        hand_points = self.hand.points()
        shooter = self.hand.shooter()
        deltas = list(hand_points)
        if shooter is not None:
            for seat in range(self.rules.players):
                if moon == "self":
                    deltas[seat] = hand_points[seat] - (52 if seat == shooter else 0)
                else:
                    deltas[seat] = hand_points[seat] + (-26 if seat == shooter else 26)
        scores = [score + delta for score, delta in zip(self.scores, deltas, strict=True)]
        if self.rules.exact_hundred != "none":
            reset = 50 if self.rules.exact_hundred == "minus50" else 0
            scores = [reset if score == 100 else score for score in scores]
        return scores

    def _score(self, moon: str) -> None:
        self.scores = self._scores_after(moon)
        self.results.append(HandResult(self.hand.points(), self.hand.shooter(), list(self.scores)))

    def undone(self) -> BlackWidowGame:
        """The game as it was before the last card played (or the last moon choice):
        the record replayed without that action."""
        record = self.to_record()
        last = record.hands[-1]
        if last.moon is not None:
            last = replace(last, moon=None)
        elif last.plays:
            last = replace(last, plays=last.plays[:-1])
        else:
            raise IllegalAction("undo.nothing")
        return BlackWidowGame.from_record(replace(record, hands=(*record.hands[:-1], last)))

    def to_record(self) -> BlackWidowRecord:
        """The full record of the game so far."""
        return BlackWidowRecord(self.rules, tuple(hand.record() for hand in self.hands))
