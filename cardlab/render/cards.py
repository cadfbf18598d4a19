"""Cards, face-down cards and hands as accessible SVG.

>>> from cardlab.cards import Card
>>> svg = card_svg(Card.parse("QS"))
>>> '<title>Queen of Spades</title>' in svg and 'role="img"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardlab.i18n import Count, message
from cardlab.render.palette import MUTED
from cardlab.render.svg import element, svg_document

if TYPE_CHECKING:
    # Only for types: the cards draw themselves with this module (`Card._repr_svg_`).
    from cardlab.cards import Card, Suit

CARD_WIDTH, CARD_HEIGHT = 60, 84
#: How far apart overlapping cards in a hand sit: enough to read each corner.
HAND_SPACING = 26
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

#: Ink by suit letter.
_TWO_COLOURS = {"C": "#1b1b1b", "S": "#1b1b1b", "H": "#c8102e", "D": "#c8102e"}
# The usual four-colour deck: every suit tells itself apart without red/green.
_FOUR_COLOURS = {"C": "#0b7a3b", "S": "#1b1b1b", "H": "#c8102e", "D": "#1f5fbf"}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The ink colour of a suit, in the two- or four-colour deck.

    >>> from cardlab.cards import Suit
    >>> suit_colour(Suit.DIAMONDS), suit_colour(Suit.DIAMONDS, four_colour=True)
    ('#c8102e', '#1f5fbf')
    """
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[suit.letter]


def card_face(card: Card, x: float = 0, y: float = 0, *, four_colour: bool = False,
              lang: str = "en", css_class: str | None = None) -> str:
    """The SVG group that draws `card` face up with its top-left corner at (x, y).

    Other renderers (tables, notes sheets) place these groups in their own SVG.
    """
    colour = suit_colour(card.suit, four_colour)
    rank = message(f"rank_short.{card.rank.letter}", lang)
    corner = element(
        "text", None, element("tspan", rank, x=7, dy=0),
        element("tspan", card.suit.symbol, x=7, dy=15),
        x=7, y=17, font_size=15, font_weight="bold", fill=colour, text_anchor="start",
    )
    if card.is_face:
        centre = element("text", rank, x=CARD_WIDTH / 2, y=60, font_size=30, font_weight="bold",
                         fill=colour, text_anchor="middle")
    else:
        centre = element("text", card.suit.symbol, x=CARD_WIDTH / 2 + 4, y=62, font_size=32,
                         fill=colour, text_anchor="middle")
    return element(
        "g", None,
        element("title", card.name(lang)),
        element("rect", x=0.5, y=0.5, width=CARD_WIDTH - 1, height=CARD_HEIGHT - 1, rx=6,
                fill="#ffffff", stroke="#6b6b6b"),
        corner, centre,
        transform=f"translate({x},{y})", font_family=FONT, class_=css_class,
        data_card=card.code,
    )


#: A small card in a line of text (an event of a log): its rank over its suit, big enough to read.
CHIP_WIDTH, CHIP_HEIGHT = 28, 38


def card_chip(card: Card | None, x: float = 0, y: float = 0, *, lang: str = "en") -> str:
    """A small card with its top-left corner at (x, y): `card` face up, or face down for None.

    >>> from cardlab.cards import Card
    >>> chip = card_chip(Card.parse("TH"))
    >>> 'data-card="TH"' in chip and ">10</text>" in chip and "Ten of Hearts" in chip
    True
    >>> "data-card" in card_chip(None)
    False
    """
    frame = {"x": 0.5, "y": 0.5, "width": CHIP_WIDTH - 1, "height": CHIP_HEIGHT - 1, "rx": 3}
    if card is None:
        return element("g", None, element("title", message("card.back", lang)),
                       element("rect", **frame, fill="#24457a", stroke="#6b6b6b"),
                       element("rect", x=4, y=4, width=CHIP_WIDTH - 8, height=CHIP_HEIGHT - 8,
                               rx=2, fill="none", stroke="#d9e2f2"),
                       transform=f"translate({x},{y})")
    colour = suit_colour(card.suit)
    return element(
        "g", None, element("title", card.name(lang)),
        element("rect", **frame, fill="#ffffff", stroke="#6b6b6b"),
        element("text", message(f"rank_short.{card.rank.letter}", lang), x=CHIP_WIDTH / 2, y=16,
                font_size=13, font_weight="bold", fill=colour, text_anchor="middle"),
        element("text", card.suit.symbol, x=CHIP_WIDTH / 2, y=32, font_size=14, fill=colour,
                text_anchor="middle"),
        transform=f"translate({x},{y})", font_family=FONT, data_card=card.code)


def card_back(x: float = 0, y: float = 0, *, lang: str = "en") -> str:
    """The SVG group that draws a face-down card with its top-left corner at (x, y)."""
    dots = "".join(
        element("circle", cx=x_dot, cy=y_dot, r=1.6, fill="#8fa6cf")
        for x_dot in range(12, CARD_WIDTH - 8, 9) for y_dot in range(12, CARD_HEIGHT - 8, 9)
    )
    return element(
        "g", None,
        element("title", message("card.back", lang)),
        element("rect", x=0.5, y=0.5, width=CARD_WIDTH - 1, height=CARD_HEIGHT - 1, rx=6,
                fill="#24457a", stroke="#6b6b6b"),
        element("rect", x=6, y=6, width=CARD_WIDTH - 12, height=CARD_HEIGHT - 12, rx=3,
                fill="none", stroke="#d9e2f2", stroke_width=1.5),
        dots,
        transform=f"translate({x},{y})",
    )


def card_svg(card: Card, *, four_colour: bool = False, lang: str = "en") -> str:
    """One card as a standalone SVG image.

    >>> from cardlab.cards import Card
    >>> 'Pik-Dame' in card_svg(Card.parse("QS"), lang="de")
    True
    """
    return svg_document(CARD_WIDTH, CARD_HEIGHT, card.name(lang),
                        card_face(card, four_colour=four_colour, lang=lang))


def back_svg(*, lang: str = "en") -> str:
    """A face-down card as a standalone SVG image."""
    return svg_document(CARD_WIDTH, CARD_HEIGHT, message("card.back", lang), card_back(lang=lang))


def hand_svg(cards: Iterable[Card], *, four_colour: bool = False, lang: str = "en",
             spacing: float = HAND_SPACING) -> str:
    """A hand of cards, overlapping left to right, as a standalone SVG image.

    >>> from cardlab.cards import Hand
    >>> '<title>Hand of 2 cards: Ace of Hearts, Two of Clubs</title>' in hand_svg(Hand("AH 2C"))
    True
    """
    cards = list(cards)
    if not cards:
        return svg_document(CARD_WIDTH, CARD_HEIGHT, message("card.hand_empty", lang),
                            element("rect", x=0.5, y=0.5, width=CARD_WIDTH - 1,
                                    height=CARD_HEIGHT - 1, rx=6, fill="none",
                                    stroke=MUTED, stroke_dasharray="4 3"))
    title = message("card.hand", lang, cards=Count("count.cards", len(cards)).label(lang),
                    names=", ".join(card.name(lang) for card in cards))
    width = CARD_WIDTH + spacing * (len(cards) - 1)
    faces = [card_face(card, i * spacing, 0, four_colour=four_colour, lang=lang)
             for i, card in enumerate(cards)]
    return svg_document(width, CARD_HEIGHT, title, *faces)
