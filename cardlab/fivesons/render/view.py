"""What one seat saw of a Five Sons game up to some event: its hand, then each event.

The picture is drawn from the seat's observation log alone, so it cannot show
what the seat did not see: a card shown to another seat is a face-down card,
and no other hand appears. Each event is a row: who asked, the two cards asked
about, who passed, who showed (the card face up where this seat saw it). Its
``<desc>`` tells the same events in sentences, for screen readers.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import AskSeen, FiveSonsLog
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> jc, eight = parse_cards("JC 8H")
>>> log = FiveSonsLog(FiveSonsRules(), 1, parse_cards("KH JD AH 5H QD"),
...                   (AskSeen(2, jc, eight, 0),))
>>> svg = seat_view_svg(log, 1)
>>> "<title>Seat 1's view after event 1</title>" in svg, svg.count('data-role="hand"')
(True, 5)
>>> 'data-card="8H"' in svg, "seat 0 shows" in svg
(True, True)
"""

from __future__ import annotations

from cardlab.cards import Card
from cardlab.fivesons.record import AskSeen, FiveSonsLog
from cardlab.fivesons.story import event_sentence
from cardlab.i18n import message
from cardlab.render.cards import (
    CARD_HEIGHT,
    CHIP_HEIGHT,
    CHIP_WIDTH,
    FONT,
    HAND_SPACING,
    card_chip,
    card_face,
)
from cardlab.render.palette import BACKGROUND, INK, MUTED
from cardlab.render.svg import element, svg_document

_ROW = CHIP_HEIGHT + 6
#: One column of events up to this many; more go into two columns, side by side.
_ONE_COLUMN = 12
#: Between two columns of events; the narrowest picture (room for the title).
_GAP, _MIN_WIDTH = 28, 380
_MARGIN = 12
_FONT_SIZE = 12.5
#: The width of one character at `_FONT_SIZE` (an estimate, to place the next part of a row).
_CHAR_W = 6.6


def seat_view_svg(log: FiveSonsLog, after: int, lang: str = "en") -> str:
    """`log.me`'s hand and the first `after` events of `log`, as that seat saw them.

    Raises ValueError for a log of the whole table (no seat) or an `after` beyond the log.
    """
    if log.me is None:
        raise ValueError("a seat's view needs a seat's log, not the table's")
    if not 0 <= after <= len(log.events):
        raise ValueError(f"after must be 0 to {len(log.events)}, not {after}")
    seat = log.me
    columns = 1 if after <= _ONE_COLUMN else 2
    per_column = -(-after // columns) if after else 1
    top = 36 + CARD_HEIGHT + 40
    rows, x = [], float(_MARGIN)
    for first in range(1, after + 1, per_column):
        drawn = [_event(log, number, x, top + (number - first) * _ROW, lang)
                 for number in range(first, min(first + per_column, after + 1))]
        rows += [row for row, _ in drawn]
        x = max(end for _, end in drawn) + _GAP
    width = max(x - _GAP + _MARGIN, _MIN_WIDTH)
    height = top + _ROW * per_column + _MARGIN
    title = (message("fivesons.view.title", lang, seat=seat, after=after) if after
             else message("fivesons.view.title_deal", lang, seat=seat))
    parts = [element("rect", width=width, height=height, fill=BACKGROUND, stroke=MUTED),
             _text(title, _MARGIN, 22, bold=True, size=15),
             _text(message("fivesons.view.hand", lang, seat=seat), _MARGIN, 40 + 4)]
    hand = sorted(log.hand)
    parts += [element("g", None, card_face(card, _MARGIN + i * HAND_SPACING, 50, lang=lang),
                      data_role="hand") for i, card in enumerate(hand)]
    parts.append(_text(message("fivesons.view.events", lang, seat=seat) if after
                       else message("fivesons.view.no_events", lang), _MARGIN, top - 8))
    parts += rows
    description = " ".join(f"{number}. {event_sentence(log, number, lang)}"
                           for number in range(1, after + 1))
    return svg_document(width, height, title, *parts, description=description or None,
                        fluid=True)


def _event(log: FiveSonsLog, number: int, x: float, y: float, lang: str) -> tuple[str, float]:
    """Event `number` as one row, words and small cards placed left to right; and where the
    row ends."""
    event = log.events[number - 1]
    parts = [_text(f"{number}.", x + 20, y + CHIP_HEIGHT / 2 + 5, anchor="end")]
    at = x + 26

    def words(text: str) -> None:
        nonlocal at
        parts.append(_text(text, at, y + CHIP_HEIGHT / 2 + 5))
        at += len(text) * _CHAR_W + 6

    def chip(card: Card | None, role: str) -> None:
        nonlocal at
        parts.append(element("g", None, card_chip(card, at, y, lang=lang), data_role=role))
        at += CHIP_WIDTH + 4

    if not isinstance(event, AskSeen):
        if event.correct:
            words(message("fivesons.view.guess_right", lang, seat=event.seat))
        elif event.solution is not None:
            words(message("fivesons.view.guess_wrong_saw", lang, seat=event.seat))
            chip(event.solution[0], "solution")
            chip(event.solution[1], "solution")
        else:
            words(message("fivesons.view.guess_wrong", lang, seat=event.seat))
        return element("g", None, *parts, data_event=number), at
    players = log.rules.players
    words(message("fivesons.view.asks", lang, seat=event.seat))
    chip(event.face, "asked")
    chip(event.heart, "asked")
    at += 4
    last = event.shown_by if event.shown_by is not None else event.seat
    passers = [(event.seat + step) % players
               for step in range(1, (last - event.seat) % players or players)]
    if passers:
        words(message("fivesons.view.passed", lang,
                      seats=", ".join(str(passer) for passer in passers)))
    if event.shown_by is None:
        words(message("fivesons.view.nobody", lang))
    else:
        words(message("fivesons.view.shows", lang, seat=event.shown_by))
        chip(event.shown, "shown" if event.shown is not None else "unseen")
    return element("g", None, *parts, data_event=number), at


def _text(text: str, x: float, y: float, *, bold: bool = False, size: float = _FONT_SIZE,
          anchor: str = "start") -> str:
    return element("text", text, x=x, y=y, font_size=size, font_family=FONT, fill=INK,
                   font_weight="bold" if bold else None, text_anchor=anchor)
