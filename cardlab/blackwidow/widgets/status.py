"""The Black Widow table's status line: what the seat is asked to do, or whom it waits for.

Built from the phase, the seat's view and its open decision only.

>>> from cardlab.blackwidow.game import BlackWidowGame, Phase
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> waiting(game.phase, game.turn, 0, "Seat {}".format) == f"Seat {game.turn} is to play."
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardlab.blackwidow.actions import Kind
from cardlab.blackwidow.game import Phase
from cardlab.blackwidow.view import BlackWidowView
from cardlab.decisions import Decision
from cardlab.i18n import message

#: How a seat is called at this table.
Names = Callable[[int], str]


def prompt(phase: Phase, view: BlackWidowView, decision: Decision[Any, Any] | None, *,
           turn: int | None, winners: Sequence[int], selected: int, name: Names,
           lang: str = "en") -> str:
    """What the seat reads after the news: it won, the hand is over, or what to decide now."""
    if phase is Phase.OVER:
        return (_text("you_win", lang) if list(winners) == [view.me] else
                _text("winners", lang, names=", ".join(map(name, winners))))
    if phase is Phase.SCORED:
        return _text("hand_over", lang, number=view.hand_number + 1)
    if decision is None:
        return waiting(phase, turn, view.hand_number, name, lang)
    if decision.kind is Kind.PASS:
        return _text("choose_pass", lang, name=name(view.passed_to), count=selected)
    if decision.kind is Kind.MOON:
        return _text("you_shot", lang)
    return _text("your_lead", lang) if not view.trick else _text(
        "your_turn", lang, suit=view.trick[0][1].suit.label(lang))


def waiting(phase: Phase, turn: int | None, hand_number: int, name: Names,
            lang: str = "en") -> str:
    """Whom the seat waits for (`turn`: the seat to move, if one is)."""
    if phase is Phase.PASS:
        return _text("others_passing", lang)
    if phase is Phase.PLAY and turn is not None:
        return _text("to_play", lang, name=name(turn))
    if phase is Phase.MOON and turn is not None:
        return _text("moon_waiting", lang, name=name(turn))
    return _text("hand_over", lang, number=hand_number + 1)


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"blackwidow.table.{key}", lang, **params)
