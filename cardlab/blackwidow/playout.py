"""Fast play on bitmasks: whole random hands for the benchmark, rollouts for the Monte Carlo bot.

Every rule of play comes from `kernel` (the engine's own), under the game's
options: which cards are legal, who wins a trick, what breaks hearts, how a
hand scores. This module only keeps the state of a hand as masks and moves
the cards.

>>> import random
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> table = MaskRules.of(BlackWidowRules())
>>> sum(random_hand(table, random.Random(1))) in (26, 78)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from cardlab.blackwidow import kernel
from cardlab.blackwidow.kernel import MaskRules
from cardlab.blackwidow.rules import PASS_SIZE
from cardlab.blackwidow.view import BlackWidowView
from cardlab.cards import Card

#: Chooses a card: ``policy(seat, legal, trick)`` gets the legal cards and the
#: trick so far as masks and returns one legal card as a one-bit mask.
Policy = Callable[[int, int, list[int]], int]


@dataclass
class Position:
    """A hand in play, as masks: enough to play it to the end.

    `trick` holds the one-bit masks already played to the trick in progress,
    led by `leader`; `taken` the cards each seat has taken in earlier tricks.
    """

    hands: list[int]
    leader: int
    trick: list[int]
    taken: list[int]
    hearts_broken: bool
    first_trick: bool

    @classmethod
    def opening(cls, table: MaskRules, hands: list[int]) -> Position:
        """The position before the first card: the holder of the opening club leads."""
        leader = next(seat for seat, bits in enumerate(hands) if bits & table.opening)
        return cls(list(hands), leader, [], [0] * table.players, False, True)

    @classmethod
    def from_view(cls, view: BlackWidowView, deal: dict[Card, int]) -> Position:
        """The position `view` sees, with the unseen cards where `deal` puts them.

        It must be `view.me`'s turn.
        """
        n = view.rules.players
        hands = [0] * n
        for card, seat in deal.items():
            hands[seat] |= 1 << card.index
        hands[view.me] = view.hand_mask
        taken = kernel.taken_cards([(seat, 1 << card.index) for seat, card in view.plays], n)
        trick = [1 << card.index for _, card in view.trick]
        leader = view.trick[0][0] if view.trick else view.me
        broken = kernel.breaks_hearts(kernel.mask(card for _, card in view.plays),
                                      view.rules.queen_breaks_hearts)
        return cls(hands, leader, trick, taken, broken, len(view.plays) < n)


    def with_unseen(self, unseen: list[int]) -> Position:
        """This position with each seat also holding its cards of `unseen` (masks by seat:
        a sampled deal of the cards its seat has not seen)."""
        hands = [held | cards for held, cards in zip(self.hands, unseen, strict=True)]
        return Position(hands, self.leader, list(self.trick), list(self.taken),
                        self.hearts_broken, self.first_trick)


@dataclass(frozen=True)
class Playout:
    """A hand played to the end: the cards played from the position on, and what each seat took."""

    plays: list[int]
    taken: list[int]

    def points(self, table: MaskRules) -> list[int]:
        """Points each seat took in the hand, before the moon rule."""
        return [kernel.points(bits, table.jack_of_diamonds) for bits in self.taken]


def play_out(table: MaskRules, position: Position, rng: random.Random,
             policy: Policy | None = None) -> Playout:
    """Play the rest of the hand from `position`: `policy` chooses, or else chance.

    `position` is left as it was.
    """
    hands = list(position.hands)
    taken = list(position.taken)
    trick = list(position.trick)
    leader, broken, first = position.leader, position.hearts_broken, position.first_trick
    players = table.players
    legal_of, winner, breaks = kernel.legal, kernel.winner, kernel.breaks_hearts
    pof, queen_breaks = table.points_on_first_trick, table.queen_breaks_hearts
    random = rng.random
    plays: list[int] = []
    seat = (leader + len(trick)) % players
    led = (trick[0].bit_length() - 1) // 13 if trick else None
    while True:
        for _ in range(players - len(trick)):
            hand = hands[seat]
            legal = legal_of(hand, led, first, broken, table.opening if first else None, pof)
            if policy:
                card = policy(seat, legal, trick)
            else:  # a uniform pick of one set bit, inlined: it runs for every card played
                card = legal
                for _ in range(int(random() * legal.bit_count())):
                    card &= card - 1
                card &= -card
            hands[seat] = hand ^ card
            if not trick:
                led = (card.bit_length() - 1) // 13
            trick.append(card)
            seat = seat + 1 if seat + 1 < players else 0
        cards = sum(trick)
        leader = seat = winner(trick, leader, players)
        taken[seat] |= cards
        plays += trick
        if not hands[seat]:
            return Playout(plays[len(position.trick):], taken)
        broken = broken or breaks(cards, queen_breaks)
        trick = []
        led = None
        first = False


def lead_draws(rng: random.Random, table: MaskRules) -> tuple[float, ...]:
    """The rollout policy's chance of what to lead: one number in [0, 1) per trick of a hand.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> len(lead_draws(random.Random(1), MaskRules.of(BlackWidowRules(players=5))))
    10
    """
    return tuple(rng.random() for _ in range(table.deck.bit_count() // table.players))


def play_ducking(table: MaskRules, position: Position, leads: Sequence[float],
                 first: int = 0) -> Playout:
    """Play the rest of the hand from `position`, every seat by the fast rollout policy:
    duck under the winner, else dump the worst card; lead low. The last seat to play
    takes a trick that holds the Jack of Diamonds (where it counts) and no point cards;
    a seat that cannot follow keeps the Jack. The seat to play plays `first` (a one-bit
    mask, if given; it must be legal) first. `position` is left as it was.

    A leader leads the lowest card of a suit chosen at random, by ``leads[t]`` for the
    hand's trick `t` (from 0; `lead_draws`), among the suits other than hearts that it
    holds; while the Queen of Spades is unplayed, not spades if it holds her or only
    spades above her. With no such suit, it leads its lowest card that is not a heart,
    or else its lowest heart. Always leading the lowest club instead made every
    imagined hand open the same way, and the Monte Carlo bot played worse for it.

    The policy is written out here, not passed as a function: the Monte Carlo bot and
    the review play millions of cards this way, and a call per card cost as much as
    the choice itself.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> table = MaskRules.of(BlackWidowRules())
    >>> hands = random_deal(table, random.Random(4))
    >>> sum(kernel.points(bits, False) for bits in play_ducking(table,
    ...     Position.opening(table, hands), lead_draws(random.Random(5), table)).taken)
    26
    """
    hands = list(position.hands)
    taken = list(position.taken)
    trick = list(position.trick)
    leader, broken, first_trick = position.leader, position.hearts_broken, position.first_trick
    players = table.players
    last = players - 1
    jack = kernel.JACK_BIT if table.jack_of_diamonds else 0
    points, queen, suits = kernel.POINTS, kernel.QUEEN_BIT, kernel.SUIT_MASKS
    not_points, not_hearts, not_jack = ~points, ~kernel.HEARTS, ~jack
    hearts = kernel.HEARTS
    breaking = points if table.queen_breaks_hearts else hearts
    lenient = table.points_on_first_trick
    clubs, diamonds, spades = suits[0], suits[1], suits[3]
    plays: list[int] = []
    seat = (leader + len(trick)) % players
    cards = sum(trick)
    led = suits[(trick[0].bit_length() - 1) // 13] if trick else 0
    gone = sum(taken) | cards       # played: in the tricks taken and the trick so far
    while True:
        played = len(trick)
        while played < players:
            hand = hands[seat]
            if played:  # the legal cards, as `kernel.legal` gives them
                legal = hand & led
                if not legal:
                    legal = hand & not_points if first_trick and not lenient and \
                        hand & not_points else hand
            elif first_trick:
                legal = table.opening
            elif not broken and hand & not_hearts:
                legal = hand & not_hearts
            else:
                legal = hand
            if first:
                card, first = first, 0
            elif not played:
                low = legal & not_hearts or legal
                card = low & -low
                if low & not_hearts:
                    lowest = [part & -part for part in (low & clubs, low & diamonds)
                              if part]
                    if (part := low & spades) and (gone & queen or not (
                            hand & queen or part & -part > queen)):
                        lowest.append(part & -part)
                    if lowest:
                        card = lowest[int(leads[gone.bit_count() // players] * len(lowest))]
            elif legal & led:
                if played == last and cards & jack and not cards & points:
                    card = 1 << (legal.bit_length() - 1)
                elif under := legal & ((1 << ((cards & led).bit_length() - 1)) - 1):
                    card = 1 << (under.bit_length() - 1)
                else:
                    card = 1 << (legal.bit_length() - 1) if played == last else legal & -legal
            elif legal & queen:
                card = queen
            else:
                worst = legal & hearts or legal & not_jack or legal
                card = 1 << (worst.bit_length() - 1)
            hands[seat] = hand ^ card
            if not played:
                led = suits[(card.bit_length() - 1) // 13]
            trick.append(card)
            cards |= card
            played += 1
            seat = seat + 1 if seat < last else 0
        # The highest card of the suit led wins (the trick's bits are distinct).
        leader = seat = (leader + trick.index(1 << ((cards & led).bit_length() - 1))) % players
        taken[seat] |= cards
        plays += trick
        if not hands[seat]:
            return Playout(plays[len(position.trick):], taken)
        broken = broken or bool(cards & breaking)
        gone |= cards
        trick = []
        cards = led = 0
        first_trick = False


def random_hand(table: MaskRules, rng: random.Random, pass_offset: int = 1) -> list[int]:
    """One whole hand from a random deal: random passes `pass_offset` seats on, random play.

    Returns how each seat's score changes (the moon rule applied; under
    ``moon: "choose"`` the shooter chooses at random).
    """
    hands = random_deal(table, rng, pass_offset)
    taken = play_out(table, Position.opening(table, hands), rng).taken
    n = table.players
    moon = table.moon if table.moon != "choose" else rng.choice(("self", "others"))
    points = [kernel.points(bits, table.jack_of_diamonds) for bits in taken]
    return kernel.scores_after(points, kernel.shooter(taken), moon, [0] * n, "none")


def random_deal(table: MaskRules, rng: random.Random, pass_offset: int = 1) -> list[int]:
    """Each seat's cards after a random deal and random passes `pass_offset` seats on.

    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> hands = random_deal(MaskRules.of(BlackWidowRules(players=6)), random.Random(2))
    >>> [bits.bit_count() for bits in hands]
    [8, 8, 8, 8, 8, 8]
    """
    random = rng.random
    n = table.players
    # Sorting by random keys shuffles uniformly, and faster than random.shuffle.
    cards = sorted(_bits(table.deck), key=lambda _: random())
    # Seat s is dealt cards[s::n]. In a uniform shuffle the first three cards a
    # seat is dealt are a uniform choice of three of its cards: those it passes.
    rest = PASS_SIZE * n if pass_offset % n else 0
    return [sum(cards[seat + rest::n]) | sum(cards[(seat - pass_offset) % n:rest:n])
            for seat in range(n)]


@cache
def _bits(bits: int) -> tuple[int, ...]:
    """The cards of a mask as one-bit masks, in order."""
    return tuple(1 << i for i in range(52) if bits >> i & 1)
