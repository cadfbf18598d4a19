"""The rules of play as operations on 52-bit card masks, shared by every Black Widow path.

Bit `card.index` stands for a card (clubs 2 is bit 0, spades Ace bit 51), so a
hand is one int and "the clubs in this hand" is one `&`. The readable engine,
the fast playouts and the bots all ask these functions what is legal, so the
rules are written once.

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

from collections.abc import Iterable

from cardlab.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, STANDARD_DECK, Card, Suit

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


def trick_winner(cards: list[int], leader: int, players: int) -> int:
    """The seat that wins a trick: highest card of the suit led (cards as indices, in play order).

    >>> trick_winner([QUEEN_OF_SPADES.index, 50, 0], leader=2, players=3)
    0
    """
    led = cards[0] // 13
    best = max(card for card in cards if card // 13 == led)
    return (leader + cards.index(best)) % players


def points(taken: int, jack_of_diamonds: bool) -> int:
    """Points in a mask of taken cards: 1 per heart, 13 for the Queen, -10 for the Jack if used."""
    total = (taken & HEARTS).bit_count() + (13 if taken & QUEEN_BIT else 0)
    if jack_of_diamonds and taken & JACK_BIT:
        total -= 10
    return total
