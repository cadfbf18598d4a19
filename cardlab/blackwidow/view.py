"""What one seat of Black Widow sees: its own cards, its pass, every card played, and where
the game stands (phase, whose turn, the scores, the winners).

Bots, the card-counting knowledge and the table widget get only this, never the other
hands: the widget presents a view and its seat's decisions, and every rule it shows (who
receives a pass, who took a trick, why a card is refused) is answered here.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> view = seat_view(game, game.turn)
>>> [card.code for card in view.legal()]
['2C']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardlab.blackwidow import kernel
from cardlab.blackwidow.actions import MoonChoice
from cardlab.blackwidow.game import BlackWidowGame, HandResult, Phase
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card, Suit
from cardlab.i18n import Text

__all__ = ["BlackWidowView", "HandResult", "Phase", "seat_view"]


@dataclass(frozen=True)
class BlackWidowView:
    """One seat's knowledge of the current hand (and the scores before it).

    `phase`, `turn` (the seat to act, None between hands), `results` (every finished
    hand), `winners` and `moon_scores` (the game scores under each moon choice, while the
    shooter chooses) say where the game stands now; a view that looks back (a replay)
    has the results before its hand, no turn and no winners.
    """

    rules: BlackWidowRules
    me: int
    hand_number: int
    scores: tuple[int, ...]
    dealt: tuple[Card, ...]
    passed: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    plays: tuple[tuple[int, Card], ...] = ()
    # Where the game stands: not part of what the seat knows of the cards, so two views
    # of the same cards are equal (and hash alike) wherever a replay built them.
    phase: Phase = field(default=Phase.PLAY, compare=False)
    turn: int | None = field(default=None, compare=False)
    results: tuple[HandResult, ...] = field(default=(), compare=False)
    winners: tuple[int, ...] = field(default=(), compare=False)
    moon_scores: tuple[tuple[MoonChoice, tuple[int, ...]], ...] = field(default=(),
                                                                        compare=False)

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
    def last_trick_fresh(self) -> bool:
        """True while the last complete trick was completed after my last card (so I have
        not played since it was taken: it stays on the table for me to see).

        >>> from dataclasses import replace
        >>> from cardlab.cards import parse_cards
        >>> two, nine, king, four = parse_cards("2C 9C KC 4D")
        >>> plays = ((1, two), (2, nine), (0, king), (0, four))
        >>> view = BlackWidowView(BlackWidowRules(players=3), 0, 0, (0, 0, 0), (), plays=plays)
        >>> replace(view, plays=plays[:3]).last_trick_fresh, view.last_trick_fresh
        (True, False)
        """
        complete = len(self.plays) - len(self.plays) % self.rules.players
        mine = [number for number, (seat, _) in enumerate(self.plays) if seat == self.me]
        return complete > 0 and (not mine or mine[-1] < complete)

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

    def why_not(self, card: Card) -> Text | None:
        """Why I may not play `card` now (None: I may, if it is my turn)."""
        trick = self.trick
        opening = next(card for card in self.rules.deck if card.suit is Suit.CLUBS)
        return kernel.refusal(self.hand_mask, kernel.mask(self.legal()),
                              trick[0][1].suit if trick else None,
                              None if self.plays else opening, self.me, card)

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
    now = hand is None and plays is None and passed
    phase = game.phase if now else Phase.PASS if received is None and current.offset \
        else Phase.PLAY
    return BlackWidowView(
        game.rules, seat, current.number, tuple(before), current.deal[seat],
        passes[seat] if current.offset else None, received,
        tuple(zip(current.seats[:shown], current.plays[:shown], strict=True)),
        phase=phase, turn=game.turn if now else None,
        results=tuple(game.results if now else game.results[:number]),
        winners=tuple(game.winners) if now else (),
        moon_scores=tuple((MoonChoice(choice), tuple(scores)) for choice, scores
                          in game.moon_outcomes().items()) if phase is Phase.MOON else ())
