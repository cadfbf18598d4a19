"""The rules of play as operations on 52-bit card masks, shared by every Black Widow path.

Bit `card.index` stands for a card (clubs 2 is bit 0, spades Ace bit 51), so a
hand is one int and "the clubs in this hand" is one `&`. The readable engine,
the fast playouts and the bots all ask these functions what is legal, who
wins a trick, what breaks hearts and how a hand scores, so the rules are
written once. `MaskRules` carries one game's options in the form they need.

>>> from cardlab.cards import parse_cards
>>> hand = mask(parse_cards("2C 9C AH QS"))
>>> cards_of(legal(hand, led_suit=0, first_trick=True, hearts_broken=False, opening=None,
...               points_on_first_trick=False))
[Card('2C'), Card('9C')]
>>> cards_of(legal(mask(parse_cards("AH QS 5D")), 0, True, False, None, False))
[Card('5D')]
>>> cards_of(legal(mask(parse_cards("AH QS")), 0, True, False, None, False))
[Card('AH'), Card('QS')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, STANDARD_DECK, Card, Suit
from cardlab.i18n import Text

SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in Suit)
HEARTS = SUIT_MASKS[Suit.HEARTS]
QUEEN_BIT = 1 << QUEEN_OF_SPADES.index
JACK_BIT = 1 << JACK_OF_DIAMONDS.index
POINTS = HEARTS | QUEEN_BIT


def mask(cards: Iterable[Card]) -> int:
    """The mask of some cards: ``mask([QUEEN_OF_SPADES]) == QUEEN_BIT``."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def cards_of(bits: int) -> list[Card]:
    """The cards of a mask, in deck order."""
    cards = []
    while bits:
        low = bits & -bits
        cards.append(STANDARD_DECK[low.bit_length() - 1])
        bits ^= low
    return cards


def legal(hand: int, led_suit: int | None, first_trick: bool, hearts_broken: bool,
          opening: int | None, points_on_first_trick: bool) -> int:
    """The mask of the cards in `hand` that may be played now.

    `led_suit` is None when leading; `opening` is the bit of the card that
    must open the hand (the lowest club in play) while it is still to be led.
    """
    if led_suit is not None:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow
        if first_trick and not points_on_first_trick and hand & ~POINTS:
            return hand & ~POINTS
        return hand
    if opening is not None:
        return opening
    if not hearts_broken and hand & ~HEARTS:
        return hand & ~HEARTS
    return hand


def refusal(hand: int, legal_mask: int, led_suit: Suit | None, opening: Card | None,
            seat: int, card: Card) -> Text | None:
    """Why `seat`, holding `hand` with the legal cards `legal_mask`, may not play `card`
    (None: it may). `led_suit` is None when leading; `opening` is the card that must open
    the hand while nothing is played yet.

    >>> from cardlab.cards import parse_cards
    >>> two, ace = parse_cards("2C AH")
    >>> refusal(mask([two, ace]), mask([two]), None, two, 0, ace).text()
    'the first trick opens with 2♣'
    """
    bit = 1 << card.index
    if not hand & bit:
        return Text("blackwidow.why.not_held", seat=seat, card=card)
    if legal_mask & bit:
        return None
    if led_suit is not None:
        if hand & SUIT_MASKS[led_suit]:
            return Text("blackwidow.why.follow", suit=led_suit)
        return Text("blackwidow.why.first_trick_points")
    if opening is not None:
        return Text("blackwidow.why.opening", card=opening)
    return Text("blackwidow.why.hearts_not_broken")


def winner(trick: Sequence[int], leader: int, players: int) -> int:
    """The seat that wins a trick: highest card of the suit led (one-bit masks, in play order).

    >>> winner([QUEEN_BIT, 1 << 50, 1], leader=2, players=3)
    0
    """
    led = SUIT_MASKS[(trick[0].bit_length() - 1) // 13]
    # The trick's bits are distinct, so their sum is their union.
    best = 1 << ((sum(trick) & led).bit_length() - 1)
    return (leader + trick.index(best)) % players


def trick_winner(cards: list[int], leader: int, players: int) -> int:
    """`winner` for a trick given as card indices.

    >>> trick_winner([QUEEN_OF_SPADES.index, 50, 0], leader=2, players=3)
    0
    """
    return winner([1 << card for card in cards], leader, players)


def taken_cards(plays: Sequence[tuple[int, int]], players: int) -> list[int]:
    """The cards each seat took in the complete tricks of `plays`, (seat, one-bit mask) pairs.

    >>> plays = [(1, 1 << 5), (2, 1 << 9), (0, QUEEN_BIT), (1, 1 << 7)]
    >>> [cards_of(bits) for bits in taken_cards(plays, players=3)]
    [[], [], [Card('7C'), Card('JC'), Card('QS')]]
    """
    taken = [0] * players
    for start in range(0, len(plays) - len(plays) % players, players):
        trick = [card for _, card in plays[start:start + players]]
        taken[winner(trick, plays[start][0], players)] |= sum(trick)
    return taken


def breaks_hearts(played: int, queen_breaks_hearts: bool) -> bool:
    """True if playing the cards of `played` breaks hearts (by option, the Queen does too).

    >>> breaks_hearts(QUEEN_BIT, False), breaks_hearts(QUEEN_BIT, True)
    (False, True)
    """
    return bool(played & (POINTS if queen_breaks_hearts else HEARTS))


def points(taken: int, jack_of_diamonds: bool) -> int:
    """Points in a mask of taken cards: 1 per heart, 13 for the Queen, -10 for the Jack if used."""
    total = (taken & HEARTS).bit_count() + (13 if taken & QUEEN_BIT else 0)
    if jack_of_diamonds and taken & JACK_BIT:
        total -= 10
    return total


def shooter(taken: Sequence[int]) -> int | None:
    """The seat that took every heart and the Queen of Spades, if one did.

    >>> shooter([0, POINTS | JACK_BIT, 0]), shooter([HEARTS, QUEEN_BIT])
    (1, None)
    """
    for seat, bits in enumerate(taken):
        if bits & POINTS == POINTS:
            return seat
    return None


def scores_after(points_taken: Sequence[int], moon_shooter: int | None, moon: str,
                 scores: Sequence[int], exact_hundred: str) -> list[int]:
    """Game scores after a hand: the moon rule, then the exact-hundred rule.

    `points_taken` are the hand's points before the moon rule, `moon` is how a
    shooter scores (``"self"``: 26 off their own score, ``"others"``: 26 for
    everybody else) and `exact_hundred` is ``"none"``, ``"minus50"`` or ``"zero"``.

    >>> scores_after([26, 0, 0, 0], 0, "others", [10, 74, 20, 30], "minus50")
    [10, 50, 46, 56]
    >>> scores_after([16, 0, 0, 0], 0, "self", [10, 74, 20, 30], "none")
    [-26, 74, 20, 30]
    """
    deltas = list(points_taken)
    if moon_shooter is not None:
        for seat in range(len(deltas)):
            if moon == "self":
                deltas[seat] -= 52 if seat == moon_shooter else 0
            else:
                deltas[seat] += -26 if seat == moon_shooter else 26
    after = [score + delta for score, delta in zip(scores, deltas, strict=True)]
    if exact_hundred != "none":
        reset = 50 if exact_hundred == "minus50" else 0
        after = [reset if score == 100 else score for score in after]
    return after


@dataclass(frozen=True)
class MaskRules:
    """One game's rules of play and scoring, in the form the fast paths read.

    >>> table = MaskRules.of(BlackWidowRules(players=5, jack_of_diamonds=True))
    >>> table.players, cards_of(table.opening), table.deck.bit_count(), table.jack_of_diamonds
    (5, [Card('3C')], 50, True)
    """

    players: int
    deck: int
    opening: int
    points_on_first_trick: bool
    queen_breaks_hearts: bool
    jack_of_diamonds: bool
    moon: str
    exact_hundred: str

    @staticmethod
    @cache
    def of(rules: BlackWidowRules) -> MaskRules:
        """The masks of `rules` (computed once per rules object)."""
        deck = mask(rules.deck)
        clubs = deck & SUIT_MASKS[Suit.CLUBS]
        return MaskRules(rules.players, deck, clubs & -clubs, rules.first_trick_points,
                         rules.queen_breaks_hearts, rules.jack_of_diamonds, rules.moon,
                         rules.exact_hundred)
