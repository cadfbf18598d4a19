"""A Five Sons table seen from one seat: the seats round the felt, the shown card in the middle.

The viewer sits at the bottom and the other seats follow clockwise.

Each seat shows its name, its face-down cards (hand sizes are public) and what it
did in the current question round: asked, passed, showed a card (to whom),
guessed wrong, won. The card shown for the current question lies in the middle,
face up only when the viewer asked or showed it, else face down. The question
itself is the caller's to write beside the picture, where it never covers a seat and
stays legible when the picture shrinks to a phone.

>>> from cardlab.cards import Card
>>> places = [Seated(0, "You", 7, "asked"), Seated(1, "Seat 1", 7, "passed"),
...           Seated(2, "Seat 2", 6, "showed", turn=True)]
>>> svg = fivesons_table_svg(places, Card.parse("QS"), "The table")
>>> 'role="img"' in svg and "Seat 2: 6 cards, showed" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.cards import Card
from cardlab.i18n import Count, message
from cardlab.render.cards import CARD_WIDTH, FONT, card_face
from cardlab.render.felt import BACK_ID, FELT_EDGE, ON_FELT, TURN, felt
from cardlab.render.svg import element, svg_document

#: Small enough that the labels stay >= 12 px when the picture shrinks to a phone's 356 px.
WIDTH, HEIGHT = 440, 500
_BACK_SCALE, _BACK_STEP = 0.45, 6
#: A seat's name tag and its label's size.
_TAG, _FONT = 172, 15
#: Characters of the label's font that fit on one line of a tag (an estimate).
_PER_LINE = int((_TAG - 12) / (_FONT * 0.58))
#: What a seat did this round, written under its name on a lighter tag.
DONE = "#ffe9a8"


@dataclass(frozen=True)
class Seated:
    """One seat as the viewer sees it: name, cards held, what it did this round ('' nothing)."""

    seat: int
    name: str
    cards: int
    done: str = ""
    turn: bool = False


def fivesons_table_svg(places: Sequence[Seated], shown: Card | bool | None, title: str,
                       lang: str = "en") -> str:
    """The table; `places[0]` is the viewer. `shown`: the card shown, if the viewer saw it;
    True when a card was shown that the viewer did not see; None or False when none was."""
    n = len(places)
    parts = felt(WIDTH, HEIGHT, rx=140, lang=lang)
    for i, place in enumerate(places):
        angle = math.radians(90 + i * 360 / n)
        # Stretched sideways and clamped: the seats stand on a rounded rectangle, where two
        # seats at one height (the top pair of five) leave room for both name tags.
        x = WIDTH / 2 + (WIDTH / 2 - _TAG / 2 - 8) * max(-1.0, min(1.0, 1.7 * math.cos(angle)))
        y = HEIGHT / 2 + (HEIGHT / 2 - 72) * math.sin(angle)
        parts.append(_seat(place, x, y, lang))
    if isinstance(shown, Card):
        parts.append(element("g", None, card_face(
            shown, WIDTH / 2 - CARD_WIDTH / 2, HEIGHT / 2 - 16, lang=lang), data_part="shown"))
    elif shown is True:
        parts.append(element("g", None, element("use", href=f"#{BACK_ID}", transform=(
            f"translate({WIDTH / 2 - CARD_WIDTH / 2:.1f},{HEIGHT / 2 - 16:.1f})")),
            data_part="shown"))
    seats = "; ".join(message("fivesons.table.picture.place", lang, name=place.name,
                              cards=Count("count.cards", place.cards).label(lang),
                              done=place.done or message("fivesons.table.picture.idle", lang))
                      for place in places)
    return svg_document(WIDTH, HEIGHT, title, *parts, description=f"{seats}.", fluid=True)


def _seat(place: Seated, x: float, y: float, lang: str) -> str:
    width = CARD_WIDTH * _BACK_SCALE + _BACK_STEP * max(place.cards - 1, 0)
    backs = "".join(element("use", href=f"#{BACK_ID}", x=round(i * _BACK_STEP / _BACK_SCALE))
                    for i in range(place.cards))
    parts = [element("g", None, backs, transform=(
        f"translate({x - width / 2:.1f},{y - 52:.1f}) scale({_BACK_SCALE})"))]
    parts.append(element("rect", x=x - _TAG / 2, y=y - 2, width=_TAG, height=24, rx=8,
                         fill=FELT_EDGE, stroke=TURN if place.turn else "none", stroke_width=3))
    parts.append(element("text", place.name, x=x, y=y + 15, text_anchor="middle",
                         font_size=_FONT, font_weight="bold", fill=ON_FELT, font_family=FONT))
    if place.done:
        lines = _lines(place.done)
        parts.append(element("rect", x=x - _TAG / 2, y=y + 24, width=_TAG,
                             height=4 + 18 * len(lines), rx=8, fill=DONE))
        parts.extend(element("text", line, x=x, y=y + 40 + 18 * i, text_anchor="middle",
                             font_size=_FONT, fill="#222222", font_family=FONT)
                     for i, line in enumerate(lines))
    return element("g", None, *parts, data_seat=place.seat)


def _lines(text: str) -> list[str]:
    """`text` on one line of a tag, or on two split at the space nearest the middle.

    >>> _lines("passed"), _lines("hat Platz 2 eine Karte gezeigt")
    (['passed'], ['hat Platz 2 eine', 'Karte gezeigt'])
    """
    if len(text) <= _PER_LINE or " " not in text:
        return [text]
    spaces = [i for i, char in enumerate(text) if char == " "]
    cut = min(spaces, key=lambda i: abs(len(text) - 2 * i))
    return [text[:cut], text[cut + 1:]]
