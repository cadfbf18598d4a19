"""Cards, suits, ranks and decks, with tolerant parsing and names in two languages.

>>> card = Card.parse("10♥")
>>> str(card), card.name(), card.name("de")
('TH', 'Ten of Hearts', 'Herz-Zehn')
>>> Hand("AH QS 2C").sorted()
Hand('2C AH QS')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from cardlab.errors import CardError
from cardlab.i18n import message
from cardlab.render.cards import card_svg, hand_svg


class Suit(IntEnum):
    """The four suits, in the order cards are sorted: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card codes: ``Suit.SPADES.letter == 'S'``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``Suit.HEARTS.symbol == '♥'``."""
        return "♣♦♥♠"[self]

    def title(self, lang: str = "en") -> str:
        """The suit's name as a title: ``Suit.SPADES.title('de') == 'Pik'``."""
        return message(f"suit.{self.letter}", lang)

    def label(self, lang: str = "en") -> str:
        """The suit's name inside a sentence: ``Suit.CLUBS.label() == 'clubs'``."""
        return message(f"suit_lower.{self.letter}", lang)


class Rank(IntEnum):
    """Ranks from Two to Ace; the value is the rank's strength (Ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's character in card codes: ``Rank.TEN.letter == 'T'``."""
        return "23456789TJQKA"[self - 2]

    @property
    def is_face(self) -> bool:
        """Jack, Queen and King are face cards."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    def title(self, lang: str = "en") -> str:
        """The rank's name: ``Rank.QUEEN.title('de') == 'Dame'``."""
        return message(f"rank.{self.letter}", lang)


_SUIT_BY_TEXT = {
    **{suit.letter: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    # Outline symbols and their variation selectors, as typed on some phones.
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_RANK_BY_TEXT = {**{rank.letter: rank for rank in Rank}, "10": Rank.TEN}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; sorts by suit, then rank.

    >>> Card.parse("qs") == Card(Suit.SPADES, Rank.QUEEN)
    True
    >>> sorted(Card.parse(c) for c in ["AH", "2H", "KC"])
    [Card('KC'), Card('2H'), Card('AH')]
    """

    suit: Suit
    rank: Rank

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card code: canonical (``QS``), ``10`` for ``T``, any case, suit symbols.

        >>> Card.parse(" 10♥ "), Card.parse("q♠")
        (Card('TH'), Card('QS'))
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError("error.bad_card_type", text=text, actual=type(text).__name__)
        cleaned = text.strip().replace("\ufe0f", "").upper()
        if not cleaned:
            raise CardError("error.bad_card_empty", text=text)
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        if suit_text not in _SUIT_BY_TEXT:
            raise CardError("error.bad_card_suit", text=text, suit=suit_text)
        if rank_text not in _RANK_BY_TEXT:
            raise CardError("error.bad_card_rank", text=text, rank=rank_text)
        return _CARDS[_SUIT_BY_TEXT[suit_text], _RANK_BY_TEXT[rank_text]]

    @property
    def code(self) -> str:
        """The canonical code: rank then suit letter, ``'QS'``."""
        return self.rank.letter + self.suit.letter

    @property
    def index(self) -> int:
        """Position 0..51 in the standard deck order (clubs 2 first, spades Ace last)."""
        return self.suit * 13 + self.rank - 2

    @property
    def is_face(self) -> bool:
        """Jack, Queen or King."""
        return self.rank.is_face

    def name(self, lang: str = "en") -> str:
        """The full name: ``'Queen of Spades'``, or ``'Pik-Dame'`` in German."""
        return message("card.name", lang, rank=self.rank.title(lang), suit=self.suit.title(lang))

    def label(self, lang: str = "en") -> str:
        """The card inside a sentence, as its corner shows it: ``'Q♠'``, German ``'D♠'``.

        >>> Card.parse("JC").label(), Card.parse("JC").label("de"), Card.parse("TH").label()
        ('J♣', 'B♣', '10♥')
        """
        return message(f"rank_short.{self.rank.letter}", lang) + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_svg_(self) -> str:
        return card_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


_CARDS = {(suit, rank): Card(suit, rank) for suit in Suit for rank in Rank}

QUEEN_OF_SPADES = _CARDS[Suit.SPADES, Rank.QUEEN]
TWO_OF_CLUBS = _CARDS[Suit.CLUBS, Rank.TWO]
JACK_OF_DIAMONDS = _CARDS[Suit.DIAMONDS, Rank.JACK]

#: The 52-card deck in index order.
STANDARD_DECK: tuple[Card, ...] = tuple(sorted(_CARDS.values()))
#: The 12 face cards, Jack to King of each suit.
FACE_CARDS: tuple[Card, ...] = tuple(card for card in STANDARD_DECK if card.is_face)


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several card codes, from a list or one string split on spaces or commas.

    >>> parse_cards("QS, 10h ah")
    (Card('QS'), Card('TH'), Card('AH'))
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of `cards`, in the given order: ``codes([QUEEN_OF_SPADES]) == ['QS']``."""
    return [card.code for card in cards]


def standard_deck(removed: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The 52-card deck without `removed`, in index order.

    >>> len(standard_deck(parse_cards("2D 2C")))
    50
    """
    gone = set(removed)
    return tuple(card for card in STANDARD_DECK if card not in gone)


@dataclass(frozen=True)
class CardName:
    """A card as a message parameter that reads as its full name in the reader's language.

    >>> from cardlab.i18n import Text
    >>> Text("error.duplicate_card", card=CardName(QUEEN_OF_SPADES)).text()
    'Queen of Spades appears more than once'
    >>> CardName(QUEEN_OF_SPADES).label("de")
    'Pik-Dame'
    """

    card: Card

    def label(self, lang: str = "en") -> str:
        """The full name in `lang`."""
        return self.card.name(lang)

    def declined(self, lang: str, case: str) -> str:
        """The full name with its definite article in the grammatical `case` (``nom``,
        ``acc``, ``dat``), for a message that asks for it as ``{card:acc}``.

        >>> CardName(QUEEN_OF_SPADES).declined("en", "acc")
        'the Queen of Spades'
        >>> CardName(Card.parse("JH")).declined("de", "dat")
        'dem Herz-Buben'
        """
        card = self.card
        return message(f"card_case.{case}.{card.rank.letter}", lang, suit=card.suit.title(lang))


class Hand(tuple[Card, ...]):
    """An ordered group of cards that draws itself in Jupyter.

    >>> Hand("AH QS 2C")
    Hand('AH QS 2C')
    >>> Hand("AH QS 2C").sorted()
    Hand('2C AH QS')
    """

    def __new__(cls, cards: str | Iterable[str | Card] = ()) -> Hand:
        return super().__new__(cls, parse_cards(cards))

    def sorted(self) -> Hand:
        """The same cards, sorted by suit then rank."""
        return Hand(sorted(self))

    def __repr__(self) -> str:
        return f"Hand({' '.join(codes(self))!r})"

    def _repr_svg_(self) -> str:
        return hand_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()
