"""A Black Widow table seen from one seat: the others around it, the trick in the middle.

The viewer sits at the bottom; the other seats follow clockwise: up the left
side, along the top, down the right side (`seating`). Each has its name, its
face-down cards and the points it has taken this hand. The trick lies in the
middle, each card on the side of the seat that played it. Nothing drawn covers
anything else, for 3 to 6 seats and names of any length: each label gets a
fixed room and wraps into it, and the picture grows taller for what it holds.
The picture is drawn from what the viewer may see: how many cards each seat
holds, never which.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlab.cards import Card
from cardlab.i18n import Count, message
from cardlab.render.cards import CARD_HEIGHT, CARD_WIDTH, FONT, card_face
from cardlab.render.felt import BACK_ID, FELT_EDGE, ON_FELT, TURN, felt
from cardlab.render.svg import element, svg_document

#: The picture's width; its height follows from what it holds (more seats: taller).
WIDTH = 600
_BACK_SCALE = 0.5
_BACK_STEP = 5
#: Seat labels: large enough to stay about 12 px on a phone (the picture shrinks to
#: roughly 360 of its 600 units), wrapped into lines that fit the room of the seat.
NAME_SIZE, POINTS_SIZE, LINE = 20, 19, 22
#: A generous estimate of DejaVu Sans' average letter width, in em (bold is wider).
_EM, _BOLD_EM = 0.58, 0.64
#: Room kept inside the felt's edge, and between two things drawn on it.
_EDGE, _GAP = 14, 8
#: How wide the label of a seat at the side may be, and the widest any label grows.
_SIDE, _MAX_LABEL = 176, 300
#: The height of the face-down cards above a seat's label.
_BACKS = CARD_HEIGHT * _BACK_SCALE
#: The least vertical half-axis of the trick's ellipse: a trick never lies in a flat row.
_LEAST_TILT = 30

#: A label's lines, each with its font size and weight, for the room it is given.
Lines = list[tuple[str, int, str | None]]


@dataclass(frozen=True)
class Place:
    """One seat as the viewer sees it: name, cards left, points taken this hand."""

    seat: int
    name: str
    cards: int
    points: int
    turn: bool = False


@dataclass(frozen=True)
class Spot:
    """Where a seat is drawn: the middle of its label, the top of its face-down cards
    (its label right under them) and how wide its label may be."""

    x: float
    top: float
    room: float


def table_svg(places: Sequence[Place], trick: Sequence[tuple[int, Card]], title: str,
              *, lang: str = "en") -> str:
    """The table as an SVG picture; `places[0]` is the viewer, the rest follow clockwise.

    `trick` holds (seat, card) in the order played; `title` names the picture
    (which trick it is, or the last one).
    """
    labels = [_labeller(place, lang) for place in places]
    spots, middles, height = _layout(labels)
    parts = felt(WIDTH, height, rx=60, lang=lang)
    parts += [_place(place, spots[i], labels[i](spots[i].room), viewer=i == 0)
              for i, place in enumerate(places)]
    order = {place.seat: i for i, place in enumerate(places)}
    parts += [card_face(card, round(middles[order[seat]][0] - CARD_WIDTH / 2, 1),
                        round(middles[order[seat]][1] - CARD_HEIGHT / 2, 1), lang=lang,
                        css_class="cardlab-trick-card") for seat, card in trick]
    names = {place.seat: place.name for place in places}
    played = "; ".join(f"{names[seat]}: {card.name(lang)}" for seat, card in trick)
    seats = "; ".join(message("blackwidow.table.place", lang, name=place.name, cards=place.cards,
                              points=Count("count.points", place.points).label(lang))
                      for place in places)
    description = " ".join(part for part in (played and f"{played}.", f"{seats}.") if part)
    return svg_document(WIDTH, height, title, *parts, description=description, fluid=True)


def seating(players: int) -> tuple[int, int]:
    """How many of the other seats sit at each side of the table, and how many at the top.

    >>> [seating(players) for players in range(3, 7)]
    [(1, 0), (1, 1), (1, 2), (2, 1)]
    """
    side = max(1, (players - 2) // 2)
    return side, players - 1 - 2 * side


def _layout(labels: Sequence[Callable[[float], Lines]]
            ) -> tuple[list[Spot], list[tuple[float, float]], int]:
    """Each seat's spot, the middle of the trick card each seat plays, the picture's height.

    Clockwise from the viewer (index 0, at the bottom): the left column from the
    bottom up, the top row from left to right, the right column from the top down.
    The columns and the trick share a band under the top row, each centred in it;
    the viewer's label lies under the trick (as wide as a top seat's once it is
    below the columns too).
    """
    n = len(labels)
    side, top = seating(n)
    spots: dict[int, Spot] = {}
    band_top: float = _EDGE
    if top:
        room = min(_MAX_LABEL, (WIDTH - 2 * _EDGE - (top - 1) * _GAP) / top)
        first = WIDTH / 2 - (top * room + (top - 1) * _GAP) / 2 + room / 2
        row = range(1 + side, 1 + side + top)
        for k, i in enumerate(row):
            spots[i] = Spot(first + k * (room + _GAP), _EDGE, room)
        band_top += max(_BACKS + _height(labels[i](room)) for i in row) + _GAP
    left, right = list(range(side, 0, -1)), list(range(n - side, n))
    block = {i: _BACKS + _height(labels[i](_SIDE)) for i in left + right}

    def stacked(seats: list[int]) -> float:
        return sum(block[i] for i in seats) + _GAP * (len(seats) - 1)

    column = max(stacked(left), stacked(right))
    middle = WIDTH - 2 * (_EDGE + _SIDE + _GAP)       # the room between the columns
    offsets = _trick_offsets(n, (middle - CARD_WIDTH) / 2)
    high = min(dy for _, dy in offsets) - CARD_HEIGHT / 2
    low = max(dy for _, dy in offsets) + CARD_HEIGHT / 2
    band = max(column, low - high)
    for x, seats in ((_EDGE + _SIDE / 2, left), (WIDTH - _EDGE - _SIDE / 2, right)):
        y = band_top + (band - stacked(seats)) / 2
        for i in seats:
            spots[i] = Spot(x, y, _SIDE)
            y += block[i] + _GAP
    centre = band_top + (band - (low - high)) / 2 - high
    middles = [(WIDTH / 2 + dx, centre + dy) for dx, dy in offsets]
    columns_end = band_top + (band + column) / 2
    # Between the columns the viewer's label is narrow, and so taller: it goes below them
    # where that makes the picture at most a line taller.
    between = centre + low + _GAP
    below = max(between, columns_end + _GAP)
    ends = {top: max(top + _height(labels[0](room)), columns_end)
            for top, room in ((between, middle), (below, _MAX_LABEL))}
    label_top = below if ends[below] <= ends[between] + LINE else between
    room = _MAX_LABEL if label_top == below else middle
    spots[0] = Spot(WIDTH / 2, label_top - _BACKS, room)
    return [spots[i] for i in range(n)], middles, math.ceil(ends[label_top] + _EDGE)


def _trick_offsets(n: int, across: float) -> list[tuple[float, float]]:
    """Where each seat's card lies from the middle of the trick: on an ellipse `across`
    wide, clockwise from the viewer's (straight down), as flat as its cards allow
    without covering each other."""
    angles = [math.radians(90 + i * 360 / n) for i in range(n)]
    tilt = float(_LEAST_TILT)
    while True:
        spots = [(across * math.cos(a), tilt * math.sin(a)) for a in angles]
        if all(abs(x - x2) >= CARD_WIDTH or abs(y - y2) >= CARD_HEIGHT
               for k, (x, y) in enumerate(spots) for x2, y2 in spots[k + 1:]):
            return spots
        tilt += 2


def _labeller(place: Place, lang: str) -> Callable[[float], Lines]:
    """The lines of `place`'s label (name, then points) for a given room."""
    points = message("blackwidow.table.points", lang,
                     points=Count("count.points", place.points).label(lang))

    def lines(room: float) -> Lines:
        return ([(line, NAME_SIZE, "bold")
                 for line in wrap(place.name, NAME_SIZE, room - 16, bold=True)]
                + [(line, POINTS_SIZE, None) for line in wrap(points, POINTS_SIZE, room - 16)])
    return lines


def _height(lines: Lines) -> float:
    return LINE * len(lines) + 6


def wrap(text: str, size: float, room: float, *, bold: bool = False) -> list[str]:
    """`text` split at spaces into lines of about `room` units at font size `size`.

    A word longer than `room` is cut into pieces that fit (a bot's name may be a long
    function name).

    >>> wrap("0 Punkte in dieser Runde", 19, 180)
    ['0 Punkte in', 'dieser Runde']
    >>> wrap("You", 20, 100)
    ['You']
    >>> wrap("Seat 0 (my_clever_bot)", 20, 100)
    ['Seat 0', '(my_clev', 'er_bot)']
    """
    per_letter = size * (_BOLD_EM if bold else _EM)
    most = max(1, int(room // per_letter))
    lines: list[str] = []
    for whole in text.split():
        for word in (whole[start:start + most] for start in range(0, len(whole), most)):
            if lines and (len(lines[-1]) + 1 + len(word)) * per_letter <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
    return lines or [""]


def _place(place: Place, spot: Spot, lines: Lines, *, viewer: bool) -> str:
    """A seat's face-down cards (not the viewer's) and its label right under them."""
    parts = []
    if not viewer:
        width = CARD_WIDTH * _BACK_SCALE + _BACK_STEP * max(place.cards - 1, 0)
        backs = "".join(element("use", href=f"#{BACK_ID}", x=round(i * _BACK_STEP / _BACK_SCALE))
                        for i in range(place.cards))
        parts.append(element("g", None, backs, transform=(
            f"translate({spot.x - width / 2:.1f},{spot.top:.1f}) scale({_BACK_SCALE})")))
    top = spot.top + _BACKS
    width = min(spot.room, 16 + max(len(line) * size * (_BOLD_EM if weight else _EM)
                                    for line, size, weight in lines))
    parts.append(element("rect", x=round(spot.x - width / 2, 1), y=round(top, 1),
                         width=round(width, 1), height=_height(lines), rx=8,
                         fill=FELT_EDGE, stroke=TURN if place.turn else "none",
                         stroke_width=3))
    parts += [element("text", line, x=round(spot.x, 1), y=round(top + 18 + i * LINE, 1),
                      text_anchor="middle", font_size=size, font_weight=weight, fill=ON_FELT,
                      font_family=FONT)
              for i, (line, size, weight) in enumerate(lines)]
    return element("g", None, *parts, data_seat=place.seat)
