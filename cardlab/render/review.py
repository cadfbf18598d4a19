"""A review's graph through the game, as accessible SVG: where the seat stood at each
decision, the turning points marked, like a chess engine's evaluation graph.

The line joins each decision's `standing` (`cardlab.review.Moment`; what it
measures the game names: `Review.standing`); a decision without one leaves a gap.
A turning point (a decision judged an inaccuracy or a mistake) is a larger
mark with a symbol beside it ("?" a mistake, "?!" an inaccuracy), not told by
colour alone. Each mark has a tooltip and a ``data-open`` attribute with the
decision's number (a widget may open it on a click), and the text alternative
lists every point and every turning point.

>>> from cardlab.review import BITS, Estimate, Moment, Option, Review
>>> def asked(key, value, standing):
...     options = (Option("a", Estimate.exact(1.0, 8)), Option("b", Estimate.exact(value, 8)))
...     return Moment("ask", BITS, options, key, key, "a", "a", {"after": 0},
...                   standing=standing)
>>> review = Review("game", 0, 0, "bits", (asked("a", 1.0, 3.0), asked("b", 0.2, 2.5)),
...                 standing="uncertainty")
>>> svg = review_graph_svg(review, "Uncertainty left (bits)")
>>> svg.count('data-open='), 'Turning points: 2 (mistake' in svg
(2, True)
>>> "1: 3; 2: 2,5." in review_graph_svg(review, "Unsicherheit (Bit)", "de")  # German decimals
True
"""

from __future__ import annotations

import math
import re

from cardlab.cards import Card
from cardlab.i18n import Number, catalogue, message, percent
from cardlab.i18n import number as written
from cardlab.render.cards import FONT
from cardlab.render.palette import BACKGROUND, CHANGED, INK, MUTED, SEAT_COLOURS, SOFT_INK
from cardlab.render.svg import element, svg_document
from cardlab.review import CHANCE, Moment, Review, Scale

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 64, 20, 32, 48
#: The line's colour, and each verdict's mark: (colour, radius, symbol).
LINE = SEAT_COLOURS[0]
MARKS = {"mistake": ("#D55E00", 8, "?"), "inaccuracy": (CHANGED, 7, "?!")}
#: Horizontal grid lines (about this many).
TICKS = 4


def review_graph_svg(review: Review, label: str, lang: str = "en") -> str:
    """The graph of `review`'s standings (`label`: what they measure, for the axis)."""
    points = [(number, moment) for number, moment in enumerate(review.moments, start=1)
              if moment.standing is not None and math.isfinite(moment.standing)]
    title = message("review_graph.title", lang, what=label)
    if not points:
        return svg_document(WIDTH, 60, title,
                            element("text", message("review_graph.empty", lang), x=20, y=36,
                                    font_size=14, fill=INK, font_family=FONT),
                            description=message("review_graph.empty", lang), fluid=True)
    values = [moment.standing for _, moment in points if moment.standing is not None]
    low, high = _range(min(values), max(values))
    count = len(review.moments)

    def x(number: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * (number - 0.5) / count, 2)

    def y(value: float) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low), 2)

    parts = [element("rect", width=WIDTH, height=HEIGHT, fill=BACKGROUND)]
    for tick in _ticks(low, high):
        parts.append(element("line", x1=LEFT, y1=y(tick), x2=WIDTH - RIGHT, y2=y(tick),
                             stroke="#d0d0d0", stroke_width=1))
        parts.append(element("text", _number(tick, lang), x=LEFT - 6, y=y(tick) + 4,
                             text_anchor="end", font_size=12, fill=SOFT_INK, font_family=FONT))
    parts.append(element("line", x1=LEFT, y1=HEIGHT - BOTTOM, x2=WIDTH - RIGHT,
                         y2=HEIGHT - BOTTOM, stroke=MUTED, stroke_width=1))
    every = max(1, math.ceil(count / 20))
    parts += [element("text", str(number), x=x(number), y=HEIGHT - BOTTOM + 16,
                      text_anchor="middle", font_size=11, fill=SOFT_INK, font_family=FONT)
              for number in range(1, count + 1, every)]
    parts.append(element("text", message("review_graph.decisions", lang), x=(WIDTH + LEFT) / 2,
                         y=HEIGHT - 10, text_anchor="middle", font_size=13, fill=INK,
                         font_family=FONT))
    parts.append(element("text", label, x=LEFT, y=14, font_size=13, fill=INK,
                         font_family=FONT))
    for run in _runs(points):
        coordinates = " ".join(f"{x(n)},{y(m.standing or 0.0)}" for n, m in run)
        parts.append(element("polyline", points=coordinates, fill="none", stroke=LINE,
                             stroke_width=2.5))
    parts += [_mark(review.game, number, moment, x(number), y(moment.standing or 0.0), lang)
              for number, moment in points]
    return svg_document(WIDTH, HEIGHT, title, *parts,
                        description=_description(review, points, label, lang), fluid=True)


def _mark(game: str, number: int, moment: Moment, x: float, y: float, lang: str) -> str:
    """One decision's point: small, or a turning point's larger mark and symbol."""
    verdict, loss = moment.judged
    tip = message("review_graph.point", lang, number=number,
                  chosen=option_words(game, moment.chosen_key, lang),
                  best=option_words(game, moment.best_key, lang),
                  verdict=message(f"review.verdict.{verdict}", lang),
                  loss=amount_words(loss, moment.scale, lang))
    if verdict not in MARKS:
        return element("circle", tooltip=tip, cx=x, cy=y, r=3.5, fill=LINE,
                       data_open=number, class_="cardlab-review-point")
    colour, radius, symbol = MARKS[verdict]
    above = y - radius - 6 if y - radius - 20 > 16 else y + radius + 16
    return element("g", None,
                   element("circle", cx=x, cy=y, r=radius, fill=colour, stroke=INK,
                           stroke_width=1.5),
                   element("text", symbol, x=x, y=above, text_anchor="middle", font_size=15,
                           font_weight="bold", fill=INK, font_family=FONT),
                   tooltip=tip, data_open=number, class_="cardlab-review-point")


def _runs(points: list[tuple[int, Moment]]) -> list[list[tuple[int, Moment]]]:
    """The points in runs of consecutive decisions (a decision without a standing: a gap)."""
    runs: list[list[tuple[int, Moment]]] = []
    for number, moment in points:
        if runs and runs[-1][-1][0] == number - 1:
            runs[-1].append((number, moment))
        else:
            runs.append([(number, moment)])
    return runs


def _range(low: float, high: float) -> tuple[float, float]:
    """The axis's bounds: the values with a little room, never empty."""
    if high - low < 1e-9:
        return low - 1, high + 1
    pad = (high - low) * 0.08
    return low - pad, high + 2 * pad          # room above the top point for its symbol


def _ticks(low: float, high: float) -> list[float]:
    """Round values between `low` and `high`, about `TICKS` of them."""
    raw = (high - low) / TICKS
    step = 10 ** math.floor(math.log10(raw))
    step *= next((f for f in (1, 2, 5, 10) if raw <= f * step), 10)
    first = math.ceil(low / step) * step
    return [round(first + i * step, 9) for i in range(int((high - first) / step) + 1)]


def _number(value: float, lang: str) -> str:
    """`value` as `lang` writes it, with no more than two decimals and none that are 0.

    >>> _number(2.5, "de"), _number(0.25, "en"), _number(3.0, "de")
    ('2,5', '0.25', '3')
    """
    digits = next(d for d in (0, 1, 2) if round(value, d) == round(value, 2))
    return written(value, lang, digits)


def _description(review: Review, points: list[tuple[int, Moment]], label: str,
                 lang: str) -> str:
    """Every point's value, then the turning points with their verdict and loss."""
    line = "; ".join(f"{number}: {_number(moment.standing or 0.0, lang)}"
                     for number, moment in points)
    turning = [(number, moment) for number, moment in enumerate(review.moments, start=1)
               if moment.judged[0] in MARKS]
    said = [message("review_graph.values", lang, what=label, values=line)]
    if turning:
        said.append(message("review_graph.turning", lang, points="; ".join(
            message("review_graph.turn", lang, number=number,
                    verdict=message(f"review.verdict.{moment.judged[0]}", lang),
                    loss=amount_words(moment.judged[1], moment.scale, lang))
            for number, moment in turning)))
    else:
        said.append(message("review_graph.no_turning", lang))
    return " ".join(said)


#: An option written as records write cards: one card, several, or two joined by "+".
_CARD_CODES = re.compile(r"[2-9TJQKA][CDHS](?:[+ ][2-9TJQKA][CDHS])*")


def option_words(game: str, key: str, lang: str) -> str:
    """An option as the table shows it: the game's words for it, or its cards as their
    corners show them, else as records write it.

    >>> option_words("any game", "KC+5H", "de"), option_words("any game", "2C 3C QS", "en")
    ('K♣ + 5♥', '2♣, 3♣, Q♠')
    """
    words = catalogue(lang).get(f"{game}.review.option.{key}")
    if words:
        return words
    if not _CARD_CODES.fullmatch(key):
        return key
    if "+" in key:
        return " + ".join(Card.parse(code).label(lang) for code in key.split("+"))
    return ", ".join(Card.parse(code).label(lang) for code in key.split())


def amount_words(value: float, scale: Scale, lang: str = "en") -> str:
    """A loss as a learner reads it: a chance in percent, anything else in its unit.

    >>> from cardlab.review import POINTS
    >>> amount_words(0.4, CHANCE, "de"), amount_words(0.0, CHANCE), amount_words(1.5, POINTS)
    ('40,0 %', '0%', '1.50 points')
    """
    if scale.unit == CHANCE.unit:
        return percent(value, lang)
    return f"{Number(value, scale.digits).label(lang)} {message(f'review.unit.{scale.unit}', lang)}"
