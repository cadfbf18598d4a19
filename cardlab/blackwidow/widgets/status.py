"""The Black Widow table's status line: what the seat is asked to do, or whom it waits for.

Built from the seat's view and its open decision only.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> view = seat_view(game, 0)
>>> waiting(view, "Seat {}".format) == f"Seat {view.turn} is to play."
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.blackwidow.actions import Kind
from cardlab.blackwidow.view import BlackWidowView, Phase
from cardlab.decisions import Decision
from cardlab.i18n import ListOf, message

#: How a seat is called at this table.
Names = Callable[[int], str]


def prompt(view: BlackWidowView, decision: Decision[Any, Any] | None, *, selected: int,
           name: Names, lang: str = "en") -> str:
    """What the seat reads after the news: it won, the hand is over, or what to decide now
    (`selected`: how many cards it has chosen to pass)."""
    if view.phase is Phase.OVER:
        return (_text("you_win", lang) if list(view.winners) == [view.me] else
                _text("winners", lang, names=ListOf(map(name, view.winners)).label(lang)))
    if view.phase is Phase.SCORED:
        return _text("hand_over", lang, number=view.hand_number + 1)
    if decision is None:
        return waiting(view, name, lang)
    if decision.kind is Kind.PASS:
        return _text("choose_pass", lang, name=name(view.passed_to), count=selected)
    if decision.kind is Kind.MOON:
        return _text("you_shot", lang)
    return _text("your_lead", lang) if not view.trick else _text(
        "your_turn", lang, suit=view.trick[0][1].suit.label(lang))


def waiting(view: BlackWidowView, name: Names, lang: str = "en") -> str:
    """Whom the seat waits for (the seat to move, if one is)."""
    if view.phase is Phase.PASS:
        return _text("others_passing", lang)
    if view.phase is Phase.PLAY and view.turn is not None:
        return _text("to_play", lang, name=name(view.turn))
    if view.phase is Phase.MOON and view.turn is not None:
        return _text("moon_waiting", lang, name=name(view.turn))
    return _text("hand_over", lang, number=view.hand_number + 1)


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"blackwidow.table.{key}", lang, **params)
