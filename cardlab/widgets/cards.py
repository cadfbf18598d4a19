"""Cards as real buttons: a wrapping row of card pictures a learner clicks or presses Enter on.

Each card is a ``<button>`` drawn with the project's SVG
(`cardlab.render.cards`) whose accessible name is the card's full name in
the interface language (``Queen of Spades``, ``Pik-Dame``):

- a card that is not a legal choice now has ``aria-disabled="true"`` (never
  ``disabled``): it stays focusable, and a click on it still reaches Python,
  which says why it is not allowed;
- a card that can be selected (three cards to pass, one card to show) is a
  toggle with ``aria-pressed``;
- a card just received is marked, visibly and for screen readers;
- a `plain` card is only a picture (``role="img"``, named the same way), in
  full colour: for cards that cannot be pressed now and whose pressing would
  mean nothing, such as a hand between the moments it is asked for a card.
  It is not in the tab order, and a click on it reaches nobody.

The widget decides nothing: every click on a card button, available or not,
calls the handlers with the card's code. Only the cards given to `show` are ever synced to the
browser, so a view passes only cards its seat may see.

>>> from cardlab.cards import parse_cards
>>> queen, ace = parse_cards("QS AH")
>>> hand = CardButtons(label="Your hand", lang="de")
>>> hand.show([CardButton(queen), CardButton(ace, disabled=True, received=True)])
>>> [(c["code"], c["name"], c["disabled"]) for c in hand.cards]
[('QS', 'Pik-Dame', False), ('AH', 'Herz-Ass', True)]
>>> clicked = []
>>> hand.on_click(clicked.append)
>>> hand.click("AH"); clicked
['AH']
>>> hand.show([CardButton(queen, plain=True)]); hand.click("QS"); clicked
['AH']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import traitlets

from cardlab.cards import Card
from cardlab.i18n import message
from cardlab.render.cards import card_svg
from cardlab.widgets.guard import KernelOwned, script

_HERE = Path(__file__).parent


@dataclass(frozen=True)
class CardButton:
    """One card to show: `pressed` is None for a button that is no toggle, True or False for a
    toggle; a `plain` card is a picture, not a button."""

    card: Card
    disabled: bool = False
    pressed: bool | None = None
    received: bool = False
    plain: bool = False


@cache
def _picture(card: Card, lang: str, four_colour: bool) -> str:
    return card_svg(card, lang=lang, four_colour=four_colour)


class CardButtons(KernelOwned):
    """A row of card buttons (wrapping on narrow screens); clicks go to `on_click` handlers.

    The cards shown are kernel state (`shown`); the synced `cards` only draws them.
    """

    _esm = script(_HERE / "cards.js")
    # The shared rules (the visually hidden note) first, then the cards' own.
    _css = (_HERE / "controls.css").read_text("utf-8") + (_HERE / "cards.css").read_text("utf-8")
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    received_label = traitlets.Unicode("").tag(sync=True)
    #: True while pressing a card is a player's decision (a card to play or show), which a
    #: double click must not make twice: the browser drops a click on a card while the
    #: last one is unanswered. False where a press switches a card on or off (to pass).
    decisions = traitlets.Bool(False).tag(sync=True)

    def __init__(self, label: str = "", lang: str = "en", four_colour: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(label=label, received_label=message("cards.received", lang),
                         **kwargs)
        self.lang = lang
        self.four_colour = four_colour
        self._shown: dict[str, CardButton] = {}
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._message)

    def show(self, buttons: Iterable[CardButton]) -> None:
        """Show these cards, in this order, replacing those shown before."""
        shown = list(buttons)
        self._shown = {b.card.code: b for b in shown}
        self.cards = [{"code": b.card.code, "name": b.card.name(self.lang),
                       "svg": _picture(b.card, self.lang, self.four_colour),
                       "disabled": b.disabled, "pressed": b.pressed, "received": b.received,
                       "plain": b.plain}
                      for b in shown]

    @property
    def shown(self) -> tuple[CardButton, ...]:
        """The cards shown, in order."""
        return tuple(self._shown.values())

    @property
    def codes(self) -> list[str]:
        """The codes of the cards shown, in order."""
        return list(self._shown)

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call `handler` with the card's code whenever a card button is pressed (disabled
        ones too; a plain card is no button)."""
        self._handlers.append(handler)

    def click(self, code: str) -> None:
        """Press the card `code`, as the browser does; a card not shown, or shown as a
        plain picture, does nothing."""
        shown = self._shown.get(code)
        if shown is None or shown.plain:
            return
        for handler in self._handlers:
            handler(code)

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("click"), str):
            self.click(content["click"])
