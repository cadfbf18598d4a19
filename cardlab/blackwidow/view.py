"""What one seat of Black Widow sees: its own cards, its pass, and every card played.

Bots and the card-counting knowledge get only this, never the other hands.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> view = seat_view(game, game.turn)
>>> [card.code for card in view.legal()]
['2C']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlab.blackwidow import kernel
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card, Suit

if TYPE_CHECKING:
    from cardlab.blackwidow.game import BlackWidowGame


@dataclass(frozen=True)
class BlackWidowView:
    """One seat's knowledge of the current hand (and the scores before it)."""

    rules: BlackWidowRules
    me: int
    hand_number: int
    scores: tuple[int, ...]
    dealt: tuple[Card, ...]
    passed: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    plays: tuple[tuple[int, Card], ...] = ()

    @property
    def offset(self) -> int:
        """Seats from passer to receiver this hand (0 on a hold hand)."""
        return self.rules.pass_offset(self.hand_number)

    @property
    def passed_to(self) -> int:
        """The seat that received my pass."""
        return self.rules.receiver(self.me, self.hand_number)

    @property
    def hand_mask(self) -> int:
        """My cards now, as a mask."""
        bits = kernel.mask(self.dealt)
        bits &= ~kernel.mask(self.passed or ())
        bits |= kernel.mask(self.received or ())
        return bits & ~kernel.mask(card for seat, card in self.plays if seat == self.me)

    @property
    def hand(self) -> list[Card]:
        """My cards now, in deck order."""
        return kernel.cards_of(self.hand_mask)

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress."""
        return list(self.plays[len(self.plays) - len(self.plays) % self.rules.players:])

    @property
    def trick_number(self) -> int:
        """The trick in progress, counted from 1 (the last one once the hand is played out)."""
        return min(len(self.plays) // self.rules.players + 1, self.rules.hand_size)

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last complete trick, (seat, card) in the order played; empty before the first.

        >>> from cardlab.blackwidow.rules import BlackWidowRules
        >>> from cardlab.cards import parse_cards
        >>> two, nine, king, four = parse_cards("2C 9C KC 4D")
        >>> view = BlackWidowView(BlackWidowRules(players=3), 0, 0, (0, 0, 0), (),
        ...                       plays=((1, two), (2, nine), (0, king), (1, four)))
        >>> view.last_trick == ((1, two), (2, nine), (0, king)), view.last_trick_winner
        (True, 0)
        """
        n = self.rules.players
        complete = len(self.plays) - len(self.plays) % n
        return self.plays[complete - n:complete] if complete else ()

    @property
    def last_trick_winner(self) -> int | None:
        """The seat that took the last complete trick (None before the first)."""
        trick = self.last_trick
        if not trick:
            return None
        return kernel.trick_winner([card.index for _, card in trick], trick[0][0],
                                   self.rules.players)

    @property
    def hearts_broken(self) -> bool:
        """True once a heart (or, by option, the Queen of Spades) has been played."""
        return kernel.breaks_hearts(kernel.mask(card for _, card in self.plays),
                                    self.rules.queen_breaks_hearts)

    def held_by(self, seat: int) -> int:
        """How many cards `seat` holds now."""
        return self.rules.hand_size - sum(1 for s, _ in self.plays if s == seat)

    def legal(self) -> list[Card]:
        """The cards I may play if it is my turn."""
        trick = self.trick
        opening = next(card for card in self.rules.deck if card.suit is Suit.CLUBS)
        return kernel.cards_of(kernel.legal(
            self.hand_mask, trick[0][1].suit if trick else None,
            first_trick=len(self.plays) < self.rules.players, hearts_broken=self.hearts_broken,
            opening=(1 << opening.index) if not self.plays else None,
            points_on_first_trick=self.rules.first_trick_points))

    def taken(self) -> list[int]:
        """Points each seat has taken so far this hand (tricks completed)."""
        plays = [(seat, 1 << card.index) for seat, card in self.plays]
        return [kernel.points(bits, self.rules.jack_of_diamonds)
                for bits in kernel.taken_cards(plays, self.rules.players)]


def seat_view(game: BlackWidowGame, seat: int, hand: int | None = None, plays: int | None = None,
              passed: bool = True) -> BlackWidowView:
    """What `seat` knows of `game`'s current hand; or, for a replay that looks back, of hand
    `hand` (counted from 0) after its first `plays` cards, before its passes if not `passed`.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> _ = [game.play(game.legal_cards()[0]) for _ in range(5)]
    >>> len(seat_view(game, 0).plays), len(seat_view(game, 0, hand=0, plays=2).plays)
    (5, 2)
    """
    number = len(game.hands) - 1 if hand is None else hand
    current = game.hands[number]
    shown = len(current.plays) if plays is None else plays
    passes = current.passes if passed else [None] * game.rules.players
    received = None
    if current.offset != 0 and all(cards is not None for cards in passes):
        received = passes[game.rules.passer(seat, current.number)]
    before = game.results[number - 1].scores if number else [0] * game.rules.players
    return BlackWidowView(
        game.rules, seat, current.number, tuple(before), current.deal[seat],
        passes[seat] if current.offset else None, received,
        tuple(zip(current.seats[:shown], current.plays[:shown], strict=True)))
