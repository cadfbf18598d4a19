"""cardlab: Jupyter teaching widgets for card games (the games: `cardlab.games`).

>>> from cardlab import Card, Hand
>>> Card.parse("q♠").name("de")
'Pik-Dame'
"""

from cardlab.cards import Card, Hand, Rank, Suit, parse_cards
from cardlab.errors import CardlabError, IllegalAction, RecordError

__version__ = "0.1.0"
__all__ = [
    "Card",
    "CardlabError",
    "Hand",
    "IllegalAction",
    "Rank",
    "RecordError",
    "Suit",
    "parse_cards",
]
