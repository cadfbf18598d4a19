"""The current question round at a Five Sons table, as one seat saw it, for the table picture.

Drawn from the seat's view (`cardlab.fivesons.view`), the table's events as told to it and
the seat whose decision the table waits for.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.view import seat_view
>>> game = FiveSonsGame.deal(FiveSonsRules(players=3), 1)
>>> print(round_picture(seat_view(game, 0), [], 0, ["You", "Seat 1", "Seat 2"]
...                     ).count("data-seat"))
3
>>> import re
>>> re.findall(r'data-seat="([0-9])"', round_picture(seat_view(game, 1), [], 0,
...                                                  ["Ann", "Ben", "Cy"]))
['1', '2', '0']
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.decisions import Event
from cardlab.fivesons.narration import addressed
from cardlab.fivesons.record import AskSeen
from cardlab.fivesons.render.table import Seated, fivesons_table_svg
from cardlab.fivesons.view import FiveSonsView
from cardlab.i18n import message


def round_picture(view: FiveSonsView, events: Sequence[Event[Any]], turn: int | None,
                  names: Sequence[str], lang: str = "en") -> str:
    """The question of the round in words, then the table from the view's seat: each seat's
    cards and what it did since the last question (`events`: the table's, as told to that
    seat), `turn` the seat to decide.

    The view's seat sits at the bottom and the others follow it clockwise, as at the table.
    """
    seat = view.me
    assert seat is not None
    start = max((k for k, event in enumerate(events) if event.kind == "ask"), default=len(events))
    done: dict[int, str] = {}
    question = ""
    for event in events[start:]:
        if event.kind == "ask":
            question = addressed(event, seat).text(lang)
        if event.seat is None:
            continue
        # The view's own seat reads its deeds addressed to it ("you"; German conjugates).
        mine = "you." if event.seat == seat else ""
        if event.kind == "show":
            asker = event.data["asker"]
            done[event.seat] = (_say("showed_you", lang) if asker == seat else
                                _say(f"{mine}showed", lang, asker=asker))
        elif event.kind == "guess":
            guess = _say(mine + ("won" if event.data.get("correct") else "wrong"), lang)
            done[event.seat] = ", ".join(filter(None, [done.get(event.seat), guess]))
        elif event.kind in ("ask", "pass"):
            done[event.seat] = _say(mine + event.kind, lang)
    places = [Seated(place, names[place], size, done.get(place) or (
        _say("out", lang) if place in view.out else ""), turn=place == turn)
        for place, size in enumerate(view.rules.hand_sizes)]
    places = places[seat:] + places[:seat]
    said = (f'<p class="cardlab-fs-question">{html.escape(question)}</p>' if question
            else "")
    return said + fivesons_table_svg(places, _shown(view) if question else None,
                                     _say("title", lang), lang)


def _shown(view: FiveSonsView) -> Card | bool:
    """The card shown in the last question if the view's seat saw it; True if someone
    else did."""
    asks = [e for e in view.events if isinstance(e, AskSeen)]
    if not asks or asks[-1].shown_by is None:
        return False
    return asks[-1].shown or True


def _say(key: str, lang: str, **params: object) -> str:
    return message(f"fivesons.table.picture.{key}", lang, **params)
