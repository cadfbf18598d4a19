"""The Black Widow state machine: hands of dealing, passing and tricks until someone goes over.

The full state lives here; seats see only `view(seat)`. What must happen next
is data (`decisions`, as in `cardlab.decisions`); every action is checked
first and a refused action changes nothing.

>>> from cardlab.cards import TWO_OF_CLUBS
>>> game = BlackWidowGame.new(BlackWidowRules(players=4, pass_cycle=("hold",)), seed=1)
>>> decision, = game.decisions
>>> decision.kind, decision.seat == game.hand.holder(TWO_OF_CLUBS), decision.options
(<Kind.PLAY: 'play'>, True, (Card('2C'),))
>>> [event.told_to(None).text() for event in game.apply(Play(decision.seat, TWO_OF_CLUBS))]
['Seat 2 played the Two of Clubs.']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from cardlab.blackwidow import kernel, narration
from cardlab.blackwidow.actions import Action, Deal, Kind, Moon, MoonChoice, Pass, Play
from cardlab.blackwidow.narration import BlackWidowEvent
from cardlab.blackwidow.record import BlackWidowRecord, HandRecord
from cardlab.blackwidow.rules import MAX_HANDS, PASS_SIZE, BlackWidowRules
from cardlab.cards import Card, Suit
from cardlab.decisions import CHANCE, Decision, refusal
from cardlab.errors import IllegalAction
from cardlab.i18n import Text
from cardlab.replay import RecordedAction, Step, replay


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
    moon: MoonChoice | None = None

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
        return self.last_trick_winner()

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
        if kernel.breaks_hearts(1 << card.index, self.rules.queen_breaks_hearts):
            self.hearts_broken = True
        if len(self.plays) % self.rules.players == 0:
            self.taken[self.last_trick_winner()] |= kernel.mask(self.plays[-self.rules.players:])

    def last_trick_winner(self) -> int:
        """The seat that won the last complete trick."""
        n = self.rules.players
        end = len(self.plays) - len(self.plays) % n
        cards = [card.index for card in self.plays[end - n:end]]
        return kernel.trick_winner(cards, self.seats[end - n], n)

    def points(self) -> list[int]:
        """Points each seat took this hand, before the moon rule."""
        return [kernel.points(bits, self.rules.jack_of_diamonds) for bits in self.taken]

    def shooter(self) -> int | None:
        """The seat that took every heart and the Queen of Spades, if one did."""
        return kernel.shooter(self.taken)

    def record(self) -> HandRecord:
        """This hand as a record entry."""
        passes = None if self.offset == 0 else tuple(self.passes)
        return HandRecord(self.deal, passes, tuple(self.plays), self.moon)


class Phase(StrEnum):
    """Where a game of Black Widow stands."""

    PASS = "pass"      # some seats still have to pass
    PLAY = "play"      # tricks are being played
    MOON = "moon"      # the shooter must choose how to score the moon
    SCORED = "scored"  # no hand in play (the last is scored): chance deals the next
    OVER = "over"      # someone went above the end score


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
    #: The dealer's shuffle (games are equal whatever it will deal next).
    rng: random.Random = field(compare=False)
    scores: list[int] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)

    @classmethod
    def new(cls, rules: BlackWidowRules, seed: int | random.Random | None = None,
            deal: Sequence[Sequence[Card]] | None = None, number: int = 0) -> BlackWidowGame:
        """A game with its first hand dealt (shuffled from `seed`, or the given `deal`)."""
        game = cls.empty(rules, seed)
        game.start_hand(deal, number)
        return game

    @classmethod
    def from_record(cls, record: BlackWidowRecord,
                    before_play: Callable[[BlackWidowGame], None] | None = None,
                    told: Callable[[Step], None] | None = None) -> BlackWidowGame:
        """Replay a record (`cardlab.replay`); an illegal action raises, naming the hand
        and play.

        `before_play`, if given, sees the game before every play (for listing legal cards);
        `told`, if given, hears each step: each deal, pass, play and moon choice.
        """
        def before(game: BlackWidowGame, action: Action) -> None:
            if before_play is not None and isinstance(action, Play):
                before_play(game)

        game = cls.empty(record.rules)
        return replay(game, game.recorded(record.hands), told, before)

    @classmethod
    def empty(cls, rules: BlackWidowRules,
              seed: int | random.Random | None = 0) -> BlackWidowGame:
        """A game before its first deal: chance is to deal (shuffled from `seed`)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(rules, rng, [0] * rules.players)

    def replay_hand(self, entry: HandRecord) -> None:
        """Deal, pass and play one recorded hand; an illegal action raises, naming it."""
        replay(self, self.recorded((entry,)))

    def recorded(self, hands: Sequence[HandRecord]) -> Iterator[RecordedAction]:
        """The actions of recorded `hands`, from the next hand of this game on: each hand's
        deal (chance's), passes, plays and moon choice, each with where it stands.

        A generator: the seat of each play is the one to play once the actions before it
        are applied.
        """
        first = len(self.hands) + 1
        for number, entry in enumerate(hands, start=first):
            yield f"hand {number}", Deal(entry.deal)
            for seat, cards in enumerate(entry.passes or ()):
                if cards is not None:
                    yield f"hand {number}, pass", Pass(seat, cards)
            for count, card in enumerate(entry.plays, start=1):
                yield f"hand {number}, play {count}", self._next_play(card)
            if entry.moon is not None:
                shooter = self.hand.shooter()
                yield f"hand {number}, moon", Moon(0 if shooter is None else shooter,
                                                    MoonChoice(entry.moon))

    @property
    def hand(self) -> Hand:
        """The hand being played (or the last one)."""
        return self.hands[-1]

    @property
    def over(self) -> bool:
        """True once a finished hand left someone above the end score, or was the last
        hand cardlab plays (`MAX_HANDS`: some rules let a game go on for ever)."""
        return bool(self.results) and len(self.results) == len(self.hands) and (any(
            score > self.rules.end_above for score in self.scores) or self.at_limit)

    @property
    def at_limit(self) -> bool:
        """True once `MAX_HANDS` hands have been dealt: the game ends after this one."""
        return len(self.hands) >= MAX_HANDS

    @property
    def winners(self) -> list[int]:
        """The seats with the lowest score once the game is over (ties share the win)."""
        if not self.over:
            return []
        low = min(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == low]

    @property
    def phase(self) -> Phase:
        """Passing, playing, the moon choice, scored (between hands) or over."""
        if self.over:
            return Phase.OVER
        if len(self.results) == len(self.hands):
            return Phase.SCORED
        if self.hand.passing:
            return Phase.PASS
        if self.hand.finished:
            return Phase.MOON
        return Phase.PLAY

    @property
    def turn(self) -> int | None:
        """The seat to act: the first still to pass, the one to play, or the moon shooter
        (None between hands, while chance deals, and once the game is over)."""
        return next((d.seat for d in self.decisions if not d.chance), None)

    @property
    def decisions(self) -> tuple[Decision[Kind, Any], ...]:
        """Every decision open now: one per seat still to pass (they pass at the same
        time), else the seat to play with its legal cards, else the moon shooter's;
        between hands, chance's deal."""
        phase = self.phase
        if phase is Phase.SCORED:
            return (Decision(CHANCE, Kind.DEAL, ()),)
        if phase is Phase.OVER:
            return ()
        hand = self.hand
        if phase is Phase.PASS:
            return tuple(Decision(seat, Kind.PASS, tuple(kernel.cards_of(hand.holding[seat])),
                                  pick=PASS_SIZE)
                         for seat, passed in enumerate(hand.passes) if passed is None)
        if phase is Phase.PLAY:
            seat = hand.to_play()
            return (Decision(seat, Kind.PLAY, tuple(kernel.cards_of(hand.legal_mask(seat)))),)
        if phase is Phase.MOON:
            shooter = hand.shooter()
            assert shooter is not None
            return (Decision(shooter, Kind.MOON, tuple(MoonChoice)),)
        return ()

    def why_not(self, action: Action) -> Text | None:
        """Why `action` is refused now (None: it is allowed)."""
        return refusal(self._check, action)

    def apply(self, action: Action) -> list[BlackWidowEvent]:
        """Check and apply one decision; returns what happened, told seat by seat."""
        self._check(action)
        if isinstance(action, Deal):
            return self._dealt(self.start_hand(action.cards))
        if isinstance(action, Pass):
            return self._pass(action)
        if isinstance(action, Play):
            return self._play(action)
        return self._moon(action.choice)

    def draw(self) -> Deal:
        """The next hand as the game's dealer shuffles it (from the game's seed)."""
        cards = list(self.rules.deck)
        self.rng.shuffle(cards)
        return Deal(tuple(tuple(sorted(cards[seat::self.rules.players]))
                          for seat in range(self.rules.players)))

    def deal_next(self, deal: Sequence[Sequence[Card]] | None = None) -> list[BlackWidowEvent]:
        """Chance deals the next hand once the last one is scored (shuffled unless `deal`
        is given)."""
        if self.phase is not Phase.SCORED:
            raise IllegalAction("blackwidow.illegal.not_between_hands")
        return self.apply(self.draw() if deal is None else
                          Deal(tuple(tuple(cards) for cards in deal)))

    def start_hand(self, deal: Sequence[Sequence[Card]] | None = None,
                   number: int | None = None) -> Hand:
        """Deal the next hand (shuffled unless `deal` is given).

        `number` sets where the hand stands in the passing cycle (default: its place
        in this game), for tournaments that play single hands.
        """
        if self.over:
            raise IllegalAction("blackwidow.illegal.game_over")
        deal = self.draw().cards if deal is None else tuple(tuple(cards) for cards in deal)
        number = len(self.hands) if number is None else number
        hand = Hand(self.rules, number, deal, [None] * self.rules.players,
                    [kernel.mask(cards) for cards in deal], taken=[0] * self.rules.players)
        self.hands.append(hand)
        return hand

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` passes three of its cards; once all have passed, the cards move."""
        self.apply(Pass(seat, tuple(cards)))

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play, in deck order (empty outside play)."""
        if self.phase is not Phase.PLAY:
            return []
        return kernel.cards_of(self.hand.legal_mask(self.hand.to_play()))

    def play(self, card: Card) -> Card:
        """The seat to play plays `card`; a refused card changes nothing."""
        self.apply(self._next_play(card))
        return card

    def choose_moon(self, choice: str) -> None:
        """The shooter's choice under `moon: choose`: 'self' (-26) or 'others' (+26 each)."""
        self.apply(self._moon_choice(choice))

    def cards_held(self, seat: int) -> list[Card]:
        """The cards `seat` holds now, in deck order (hidden from every other seat: only the
        teacher's view and the seat's own view show them)."""
        return kernel.cards_of(self.hand.holding[seat])

    def moon_outcomes(self) -> dict[str, list[int]]:
        """The game scores after this hand under each moon choice (for the shooter to weigh)."""
        return {choice: self._scores_after(choice) for choice in MoonChoice}

    def to_record(self) -> BlackWidowRecord:
        """The full record of the game so far (passes still to come are None)."""
        return BlackWidowRecord(self.rules, tuple(hand.record() for hand in self.hands))

    def _next_play(self, card: Card) -> Play:
        """`card` played by the seat to play (checked when applied)."""
        # The seat alone, without the legal cards that `turn` lists: replays play many cards.
        seat = self.hand.to_play() if self.phase is Phase.PLAY else self.turn
        return Play(0 if seat is None else seat, card)

    def _moon_choice(self, choice: str) -> Moon:
        """The shooter's `choice`, refused unless a moon choice is due and `choice` is one."""
        if self.phase is not Phase.MOON:
            raise IllegalAction("blackwidow.illegal.no_moon")
        shooter = self.hand.shooter()
        assert shooter is not None
        if choice not in tuple(MoonChoice):
            raise IllegalAction("blackwidow.illegal.bad_moon", value=choice)
        return Moon(shooter, MoonChoice(choice))

    def _dealt(self, hand: Hand) -> list[BlackWidowEvent]:
        return [narration.dealt(hand.number, self.rules.pass_direction(hand.number))]

    def _check(self, action: Action) -> None:
        phase = self.phase
        if phase is Phase.OVER:
            raise IllegalAction("blackwidow.illegal.game_over")
        if isinstance(action, Deal):
            self._check_deal(action)
            return
        if phase is Phase.SCORED:
            raise IllegalAction("blackwidow.illegal.no_moon" if isinstance(action, Moon)
                                else "blackwidow.illegal.hand_over")
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise IllegalAction("blackwidow.illegal.bad_seat", seat=seat,
                                last=self.rules.players - 1)
        if isinstance(action, Pass):
            self._check_pass(action)
        elif phase is Phase.PASS:
            raise IllegalAction("blackwidow.illegal.passing", seat=self.turn)
        elif isinstance(action, Play):
            self._check_play(action)
        else:
            self._check_moon(action)

    def _check_deal(self, action: Deal) -> None:
        """A deal comes between hands and gives each seat a hand of the rules' deck."""
        if self.phase is not Phase.SCORED:
            raise IllegalAction("blackwidow.illegal.not_between_hands")
        rules = self.rules
        if len(action.cards) != rules.players or any(
                len(cards) != rules.hand_size for cards in action.cards) or \
                sorted(card for cards in action.cards for card in cards) != sorted(rules.deck):
            raise IllegalAction("blackwidow.illegal.bad_deal", players=rules.players,
                                size=rules.hand_size)

    def _check_pass(self, action: Pass) -> None:
        hand = self.hand
        if self.phase is not Phase.PASS:
            raise IllegalAction("blackwidow.illegal.not_passing")
        if hand.passes[action.seat] is not None:
            raise IllegalAction("blackwidow.illegal.already_passed", seat=action.seat)
        cards = action.cards
        if len(set(cards)) != PASS_SIZE or len(cards) != PASS_SIZE:
            raise IllegalAction("blackwidow.illegal.pass_three", count=len(cards))
        for card in cards:
            if not hand.holding[action.seat] & (1 << card.index):
                raise IllegalAction("blackwidow.illegal.pass_not_held", seat=action.seat,
                                    card=card)

    def _check_play(self, action: Play) -> None:
        if self.phase is Phase.MOON:
            raise IllegalAction("blackwidow.illegal.moon_pending", seat=self.turn)
        seat = self.hand.to_play()
        if action.seat != seat:
            raise IllegalAction("blackwidow.illegal.not_your_turn", seat=action.seat, turn=seat)
        why = self.hand.why_not(seat, action.card)
        if why is not None:
            raise IllegalAction("blackwidow.illegal.play", card=action.card, seat=seat, why=why)

    def _check_moon(self, action: Moon) -> None:
        if self.phase is not Phase.MOON:
            raise IllegalAction("blackwidow.illegal.no_moon")
        shooter = self.hand.shooter()
        if action.seat != shooter:
            raise IllegalAction("blackwidow.illegal.not_shooter", seat=action.seat,
                                shooter=shooter)
        if action.choice not in tuple(MoonChoice):
            raise IllegalAction("blackwidow.illegal.bad_moon", value=action.choice)

    def _pass(self, action: Pass) -> list[BlackWidowEvent]:
        hand = self.hand
        hand.passes[action.seat] = tuple(action.cards)
        told = [narration.passed(action.seat, self.rules.receiver(action.seat, hand.number),
                                 action.cards)]
        if not hand.passing:
            for passer, passed in enumerate(hand.passes):
                assert passed is not None
                bits = kernel.mask(passed)
                hand.holding[passer] &= ~bits
                hand.holding[self.rules.receiver(passer, hand.number)] |= bits
            told += [narration.received(self.rules.receiver(passer, hand.number), passer, passed)
                     for passer, passed in enumerate(hand.passes) if passed is not None]
        return told

    def _play(self, action: Play) -> list[BlackWidowEvent]:
        hand, n = self.hand, self.rules.players
        broken = hand.hearts_broken
        hand.apply_play(action.seat, action.card)
        told = [narration.played(action.seat, action.card)]
        if hand.hearts_broken and not broken:
            told.append(narration.hearts_broken(action.card))
        if len(hand.plays) % n == 0:
            trick = hand.plays[-n:]
            winner = hand.last_trick_winner()
            told.append(narration.took_trick(
                winner, kernel.points(kernel.mask(trick), self.rules.jack_of_diamonds),
                hand.points()[winner]))
        if hand.finished:
            shooter = hand.shooter()
            if shooter is not None:
                told.append(narration.shot_moon(shooter))
                if self.rules.moon == "choose":
                    return told  # the shooter decides how it scores
            told += self._score(self.rules.moon)
        return told

    def _moon(self, choice: MoonChoice) -> list[BlackWidowEvent]:
        self.hand.moon = choice
        shooter = self.hand.shooter()
        assert shooter is not None
        return [narration.moon_choice(shooter, choice), *self._score(choice)]

    def _scores_after(self, moon: str) -> list[int]:
        return kernel.scores_after(self.hand.points(), self.hand.shooter(), moon, self.scores,
                                   self.rules.exact_hundred)

    def _score(self, moon: str) -> list[BlackWidowEvent]:
        self.scores = self._scores_after(moon)
        result = HandResult(self.hand.points(), self.hand.shooter(), list(self.scores))
        self.results.append(result)
        told = [narration.hand_scored(self.hand.number, result.points, result.scores)]
        if self.over:
            told.append(narration.game_over(self.winners))
        return told
