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
from cardlab.render.cards import CARD_HEIGHT, CARD_WIDTH, FONT, card_face
from cardlab.render.felt import BACK_ID, FELT_EDGE, ON_FELT, TURN, felt
from cardlab.render.svg import element, svg_document

#: Five or six seats need a taller table.
WIDTH, HEIGHT, TALL = 600, 400, 480
_BACK_SCALE = 0.5
_BACK_STEP = 5
#: Seat labels: large enough to stay about 12 px on a phone (the picture shrinks to
#: roughly 360 of its 600 units), wrapped into lines that fit the room round the seat.
NAME_SIZE, POINTS_SIZE, LINE = 20, 19, 22
#: A generous estimate of DejaVu Sans' average letter width, in em (bold is wider).
_EM, _BOLD_EM = 0.58, 0.64
#: The widest a label may grow, and the room kept between labels and the edge.
_MAX_LABEL, _GAP = 300, 12


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
    parts = felt(WIDTH, height, rx=150, lang=lang)
    parts += [_place(place, *where[place.seat], viewer=i == 0, lang=lang,
                     room=_room(where[place.seat], list(where.values())))
              for i, place in enumerate(places)]
    order = {place.seat: i for i, place in enumerate(places)}
    parts += [_trick_card(card, order[seat], n, height, lang) for seat, card in trick]
    if hearts_broken:
        parts.append(element("text", message("blackwidow.table.hearts_broken", lang), x=WIDTH - 110,
                             y=height - 70, text_anchor="end", font_size=POINTS_SIZE,
                             font_weight="bold", fill="#ffb3c1", font_family=FONT))
    played = "; ".join(f"{names[seat]}: {card.name(lang)}" for seat, card in trick)
    seats = "; ".join(message("blackwidow.table.place", lang, name=place.name, cards=place.cards,
                              points=Count("count.points", place.points).label(lang))
                      for place in places)
    description = " ".join(part for part in (played and f"{played}.", f"{seats}.") if part)
    return svg_document(WIDTH, height, title, *parts, description=description, fluid=True)


def _position(i: int, n: int, height: float) -> tuple[float, float]:
    """Where the i-th seat clockwise from the viewer sits: bottom, then left, top, right."""
    angle = math.radians(90 + i * 360 / n)
    across = 205 if n <= 4 else 215
    return WIDTH / 2 + across * math.cos(angle), height / 2 + (height / 2 - 50) * math.sin(angle)


def _room(at: tuple[float, float], seats: Sequence[tuple[float, float]]) -> float:
    """How wide a seat's label may be: up to the edge and the labels beside it."""
    x, y = at
    room = min(_MAX_LABEL, 2 * (min(x, WIDTH - x) - _GAP))
    for other_x, other_y in seats:
        if (other_x, other_y) != at and abs(other_y - y) < 4 * LINE:
            room = min(room, abs(other_x - x) - _GAP)
    return room


def wrap(text: str, size: float, room: float, *, bold: bool = False) -> list[str]:
    """`text` split at spaces into lines of about `room` units at font size `size`.

    A single word longer than `room` keeps a line of its own.

    >>> wrap("0 Punkte in dieser Runde", 19, 180)
    ['0 Punkte in', 'dieser Runde']
    >>> wrap("You", 20, 100)
    ['You']
    """
    per_letter = size * (_BOLD_EM if bold else _EM)
    lines: list[str] = []
    for word in text.split():
        if lines and (len(lines[-1]) + 1 + len(word)) * per_letter <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _place(place: Place, x: float, y: float, *, viewer: bool, lang: str,
           room: float) -> str:
    parts = []
    if not viewer:
        width = CARD_WIDTH * _BACK_SCALE + _BACK_STEP * max(place.cards - 1, 0)
        backs = "".join(element("use", href=f"#{BACK_ID}", x=round(i * _BACK_STEP / _BACK_SCALE))
                        for i in range(place.cards))
        parts.append(element("g", None, backs, transform=(
            f"translate({x - width / 2:.1f},{y - 44:.1f}) scale({_BACK_SCALE})")))
    # The viewer has no face-down cards above the label: it moves up, off the edge.
    label_y = y + 14 if not viewer else y - 4
    points = message("blackwidow.table.points", lang,
                     points=Count("count.points", place.points).label(lang))
    lines: list[tuple[str, int, str | None]]
    lines = [(line, NAME_SIZE, "bold") for line in wrap(place.name, NAME_SIZE, room - 16,
                                                         bold=True)]
    lines += [(line, POINTS_SIZE, None) for line in wrap(points, POINTS_SIZE, room - 16)]
    width = min(room, 16 + max(len(line) * size * (_BOLD_EM if weight else _EM)
                               for line, size, weight in lines))
    parts.append(element("rect", x=round(x - width / 2, 1), y=label_y - 18,
                         width=round(width, 1), height=LINE * len(lines) + 6, rx=8,
                         fill=FELT_EDGE, stroke=TURN if place.turn else "none",
                         stroke_width=3))
    parts += [element("text", line, x=x, y=label_y + i * LINE, text_anchor="middle",
                      font_size=size, font_weight=weight, fill=ON_FELT, font_family=FONT)
              for i, (line, size, weight) in enumerate(lines)]
    return element("g", None, *parts, data_seat=place.seat)


def _trick_card(card: Card, i: int, n: int, height: float, lang: str) -> str:
    # Each card lies in front of the seat that played it, on a small ellipse round the
    # middle; five or six cards need a wider one.
    angle = math.radians(90 + i * 360 / n)
    x = WIDTH / 2 + (80 if n <= 4 else 90) * math.cos(angle) - CARD_WIDTH / 2
    y = height / 2 + (62 if n <= 4 else 95) * math.sin(angle) - CARD_HEIGHT / 2
    return card_face(card, round(x, 1), round(y, 1), lang=lang, css_class="cardlab-trick-card")
