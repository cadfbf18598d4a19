"""cardlab: Jupyter teaching widgets for Five Sons and Black Widow.

>>> from cardlab import Card, Hand
>>> Card.parse("q♠").name("de")
'Pik-Dame'
"""

from cardlab.cards import Card, Hand, Rank, Suit, parse_cards
from cardlab.errors import CardlabError, IllegalAction, RecordError
from cardlab.fivesons.cards import five_sons_question

__version__ = "0.1.0"
__all__ = [
    "Card",
    "CardlabError",
    "Hand",
    "IllegalAction",
    "Rank",
    "RecordError",
    "Suit",
    "five_sons_question",
    "parse_cards",
]
