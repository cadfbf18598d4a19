"""The current question round at a Five Sons table, as one seat saw it, for the table picture.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.table import Person, Table
>>> table = Table(FiveSonsGame.deal(FiveSonsRules(players=3), 1), [Person()] * 3)
>>> print(round_picture(table, ["Seat 0 (you)", "Seat 1", "Seat 2"]).count("data-seat"))
3
>>> import re
>>> re.findall(r'data-seat="([0-9])"', round_picture(table, ["Ann", "Ben", "Cy"], seat=1))
['1', '2', '0']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cardlab.cards import Card
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import AskSeen
from cardlab.fivesons.render.table import Seated, fivesons_table_svg
from cardlab.i18n import message
from cardlab.table import Table


def round_picture(table: Table, names: Sequence[str], lang: str = "en", seat: int = 0) -> str:
    """The table from `seat`: each seat's cards and what it did since the last question.

    `seat` sits at the bottom and the others follow it clockwise, as at the real table.
    """
    game = cast(FiveSonsGame, table.game)
    events = table.events
    start = max((k for k, event in enumerate(events) if event.kind == "ask"), default=len(events))
    done: dict[int, str] = {}
    question = ""
    for event in events[start:]:
        if event.kind == "ask":
            question = event.told_to(seat).text(lang)
        if event.seat is None:
            continue
        if event.kind == "show":
            done[event.seat] = _say("showed", lang, asker=event.data["asker"])
        elif event.kind == "guess":
            guess = _say("won" if event.data.get("correct") else "wrong", lang)
            done[event.seat] = ", ".join(filter(None, [done.get(event.seat), guess]))
        elif event.kind in ("ask", "pass"):
            done[event.seat] = _say(event.kind, lang)
    current = game.decisions[0].seat if game.decisions else None
    places = [Seated(place, names[place], size, done.get(place) or (
        _say("out", lang) if place in game.eliminated else ""), turn=place == current)
        for place, size in enumerate(game.rules.hand_sizes)]
    places = places[seat:] + places[:seat]
    return fivesons_table_svg(places, question, _shown(game, seat) if question else None,
                              _say("title", lang), lang)


def _shown(game: FiveSonsGame, seat: int) -> Card | bool:
    """The card shown in the last question if `seat` saw it; True if someone else did."""
    asks = [e for e in game.observation_log(seat).events if isinstance(e, AskSeen)]
    if not asks or asks[-1].shown_by is None:
        return False
    return asks[-1].shown or True


def _say(key: str, lang: str, **params: object) -> str:
    return message(f"fivesons.table.picture.{key}", lang, **params)
