"""High Card at a classroom seat: the plays so far, the seat's cards as buttons, a status line.

It draws from the seat's view (`HighCard.view`) only, and every click is a
request that the shared table checks (`SharedTable.act`): a card out of turn
is refused with its reason and the game goes on.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.cards import Card
from cardlab.classroom.shared import SharedTable
from cardlab.decisions import Decision
from cardlab.errors import IllegalAction
from cardlab.i18n import message
from cardlab_highcard.game import HighCardView, Play


class HighCardSeat(widgets.VBox):
    """One seat's High Card table, shared with the other screens through the store."""

    def __init__(self, shared: SharedTable, seat: int, names: Sequence[str],
                 lang: str) -> None:
        self.shared = shared
        self.seat = seat
        self.names = tuple(names)
        self.lang = lang
        self.plays = widgets.HTML()
        self.hand = widgets.HBox()
        self.status = widgets.HTML()
        super().__init__([self.plays, self.hand, self.status])
        self.add_class("cardlab-highcard")
        self._draw()

    @property
    def view(self) -> HighCardView:
        """What this seat sees now: the one thing drawn."""
        view: HighCardView = self.shared.entry.view(self.shared.table.game, self.seat)
        return view

    @property
    def decision(self) -> Decision[Any, Any] | None:
        """This seat's decision now, or None."""
        return next((decision for decision in self.shared.table.game.decisions
                     if decision.seat == self.seat), None)

    def play(self, card: Card) -> None:
        """Ask the table to play `card`; a refusal is said, and nothing changes."""
        try:
            self.shared.act(Play(self.seat, card))
        except IllegalAction as err:
            self._draw(err.text(self.lang))
            return
        self._draw()

    def others_moved(self) -> None:
        """Redraw after the other screens' (and the bots') moves."""
        self._draw()

    def _draw(self, refusal: str = "") -> None:
        view = self.view
        played = [self._text("played", name=self.names[seat], card=card.name(self.lang))
                  for seat, card in view.plays]
        self.plays.value = "<ol>" + "".join(f"<li>{html.escape(line)}</li>"
                                            for line in played) + "</ol>"
        mine = self.decision is not None
        buttons = []
        for card in view.hand:
            button = widgets.Button(description=card.name(self.lang), disabled=not mine)
            button.on_click(lambda _, card=card: self.play(card))
            buttons.append(button)
        self.hand.children = buttons
        self.status.value = (f'<p role="status">{html.escape(refusal or self._turn())}</p>')

    def _turn(self) -> str:
        game = self.shared.table.game
        if game.over:
            return self._text("over", names=", ".join(self.names[seat] for seat in game.winners))
        if self.decision is not None:
            return self._text("your_turn")
        return self._text("waiting", name=self.names[game.turn])

    def _text(self, key: str, **params: object) -> str:
        return message(f"highcard.widget.{key}", self.lang, **params)
