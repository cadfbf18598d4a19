"""What Five Sons makes of the cards: the sons a heart stands for, its deck, its question.

>>> five_sons_question(Card.parse("QS"), Card.parse("3H"))
'The Queen of Spades has three sons.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.cards import FACE_CARDS, STANDARD_DECK, Card, Rank, Suit
from cardlab.i18n import message


def sons(card: Card) -> int:
    """How many sons a heart stands for: its rank, the Ace one.

    >>> sons(Card.parse("AH")), sons(Card.parse("TH"))
    (1, 10)
    """
    return 1 if card.rank is Rank.ACE else int(card.rank)


#: The 10 heart number cards of Five Sons, Ace (one son) to Ten.
HEART_NUMBERS: tuple[Card, ...] = tuple(sorted(
    (card for card in STANDARD_DECK if card.suit is Suit.HEARTS and not card.is_face), key=sons))


def five_sons_deck(
    faces: Iterable[Card] = FACE_CARDS, hearts: Iterable[Card] = HEART_NUMBERS
) -> tuple[Card, ...]:
    """The Five Sons deck: face cards then heart number cards (22 by default).

    >>> len(five_sons_deck())
    22
    """
    return (*faces, *hearts)


def five_sons_question(face: Card, heart: Card, lang: str = "en") -> str:
    """The question as the rules phrase it.

    >>> five_sons_question(Card.parse("KH"), Card.parse("5H"))
    'The King of Hearts has five sons.'
    >>> five_sons_question(Card.parse("QS"), Card.parse("AH"), "de")
    'Die Pik-Dame hat einen Sohn.'
    """
    return message(
        "fivesons.question",
        lang,
        article=message(f"fivesons.article.{face.rank.letter}", lang),
        face=face.name(lang),
        sons=message(f"fivesons.sons.{sons(heart)}", lang),
    )


@dataclass(frozen=True)
class QuestionSentence:
    """A Five Sons question as a message parameter, phrased as the rules phrase it.

    >>> QuestionSentence(Card.parse("QS"), Card.parse("3H")).label()
    'The Queen of Spades has three sons.'
    """

    face: Card
    heart: Card

    def label(self, lang: str = "en") -> str:
        """The sentence in `lang`."""
        return five_sons_question(self.face, self.heart, lang)
