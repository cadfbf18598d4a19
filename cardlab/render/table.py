"""A Black Widow table seen from one seat: the others around it, the trick in the middle.

The viewer sits at the bottom; the other seats follow clockwise (left,
across, right with four players), each with its name, its face-down cards
and the points it has taken this hand. The trick lies in the middle, each
card in front of the seat that played it. The picture is drawn from what the
viewer may see: how many cards each seat holds, never which.

>>> from cardlab.cards import parse_cards
>>> two, nine = parse_cards("2C 9C")
>>> places = [Place(0, "You", 13, 0), Place(1, "Seat 1", 12, 0, turn=True),
...           Place(2, "Seat 2", 13, 0), Place(3, "Seat 3", 12, 0)]
>>> svg = table_svg(places, [(3, two), (0, nine)], "Trick 1")
>>> '<title>Trick 1</title>' in svg and 'role="img"' in svg
True
>>> 'Seat 3: Two of Clubs' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.cards import Card
from cardlab.i18n import Count, message
from cardlab.render.cards import CARD_HEIGHT, CARD_WIDTH, FONT, card_back, card_face
from cardlab.render.svg import element, svg_document

#: Five or six seats need a taller table.
WIDTH, HEIGHT, TALL = 600, 400, 480
FELT, FELT_EDGE, ON_FELT = "#1f5b3a", "#143d27", "#ffffff"
#: The ring drawn round the seat whose turn it is (7.6:1 on the felt).
TURN = "#ffd54a"
_BACK_SCALE = 0.5
#: The id of the face-down card that every seat's cards reuse.
BACK_ID = "cardlab-table-back"
_BACK_STEP = 5


@dataclass(frozen=True)
class Place:
    """One seat as the viewer sees it: name, cards left, points taken this hand."""

    seat: int
    name: str
    cards: int
    points: int
    turn: bool = False


def table_svg(places: Sequence[Place], trick: Sequence[tuple[int, Card]], title: str,
              *, hearts_broken: bool = False, lang: str = "en") -> str:
    """The table as an SVG picture; `places[0]` is the viewer, the rest follow clockwise.

    `trick` holds (seat, card) in the order played; `title` names the picture
    (which trick it is, or the last one).
    """
    n = len(places)
    height = HEIGHT if n <= 4 else TALL
    where = {place.seat: _position(i, n, height) for i, place in enumerate(places)}
    names = {place.seat: place.name for place in places}
    # One face-down card drawn once and reused: a full table has dozens of them.
    parts = [element("defs", None, element("g", None, card_back(lang=lang), id=BACK_ID)),
             element("rect", x=4, y=4, width=WIDTH - 8, height=height - 8, rx=150,
                     fill=FELT, stroke=FELT_EDGE, stroke_width=8)]
    parts += [_place(place, *where[place.seat], viewer=i == 0, lang=lang)
              for i, place in enumerate(places)]
    order = {place.seat: i for i, place in enumerate(places)}
    parts += [_trick_card(card, order[seat], n, height, lang) for seat, card in trick]
    if hearts_broken:
        parts.append(element("text", message("bwtable.hearts_broken", lang), x=WIDTH - 110,
                             y=height - 70, text_anchor="end", font_size=15,
                             font_weight="bold", fill="#ffb3c1", font_family=FONT))
    played = "; ".join(f"{names[seat]}: {card.name(lang)}" for seat, card in trick)
    seats = "; ".join(message("bwtable.place", lang, name=place.name, cards=place.cards,
                              points=Count("count.points", place.points).label(lang))
                      for place in places)
    description = " ".join(part for part in (played and f"{played}.", f"{seats}.") if part)
    return svg_document(WIDTH, height, title, *parts, description=description, fluid=True)


def _position(i: int, n: int, height: float) -> tuple[float, float]:
    """Where the i-th seat clockwise from the viewer sits: bottom, then left, top, right."""
    angle = math.radians(90 + i * 360 / n)
    across = 205 if n <= 4 else 215
    return WIDTH / 2 + across * math.cos(angle), height / 2 + (height / 2 - 50) * math.sin(angle)


def _place(place: Place, x: float, y: float, *, viewer: bool, lang: str) -> str:
    parts = []
    if not viewer:
        width = CARD_WIDTH * _BACK_SCALE + _BACK_STEP * max(place.cards - 1, 0)
        backs = "".join(element("use", href=f"#{BACK_ID}", x=round(i * _BACK_STEP / _BACK_SCALE))
                        for i in range(place.cards))
        parts.append(element("g", None, backs, transform=(
            f"translate({x - width / 2:.1f},{y - 44:.1f}) scale({_BACK_SCALE})")))
    label_y = y + 14 if not viewer else y + 12
    points = message("bwtable.points", lang,
                     points=Count("count.points", place.points).label(lang))
    parts.append(element("rect", x=x - 78, y=label_y - 15, width=156, height=38, rx=8,
                         fill=FELT_EDGE, stroke=TURN if place.turn else "none",
                         stroke_width=3))
    parts.append(element("text", place.name, x=x, y=label_y, text_anchor="middle",
                         font_size=14, font_weight="bold", fill=ON_FELT, font_family=FONT))
    parts.append(element("text", points, x=x, y=label_y + 17, text_anchor="middle",
                         font_size=13, fill=ON_FELT, font_family=FONT))
    return element("g", None, *parts, data_seat=place.seat)


def _trick_card(card: Card, i: int, n: int, height: float, lang: str) -> str:
    # Each card lies in front of the seat that played it, on a small ellipse round the
    # middle; five or six cards need a wider one.
    angle = math.radians(90 + i * 360 / n)
    x = WIDTH / 2 + (80 if n <= 4 else 90) * math.cos(angle) - CARD_WIDTH / 2
    y = height / 2 + (62 if n <= 4 else 95) * math.sin(angle) - CARD_HEIGHT / 2
    return card_face(card, round(x, 1), round(y, 1), lang=lang, css_class="cardlab-trick-card")
