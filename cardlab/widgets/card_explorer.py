"""A widget for lesson 1: type card codes, see the cards and their names in two languages.

>>> explorer = CardExplorer("QS 10♥")
>>> explorer.cards
(Card('QS'), Card('TH'))
>>> explorer.codes.value = "ZZ"; explorer.show.click()
>>> explorer.message.value
"bad card code 'ZZ': 'Z' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)"
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlab.cards import Card, parse_cards
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.render.cards import hand_svg


class CardExplorer(widgets.VBox):
    """Cards typed in any accepted notation, drawn, with canonical codes and full names.

    Bad input shows a message and keeps the cards shown before.
    """

    def __init__(self, text: str = "", lang: str = "en") -> None:
        self.cards: tuple[Card, ...] = ()
        self.lang = lang
        self.codes = widgets.Text(value=text, continuous_update=False)
        self.show = widgets.Button(button_style="primary")
        self.language = widgets.ToggleButtons(options=LANGUAGES, value=lang)
        self.four_colour = widgets.Checkbox(value=False, indent=False)
        self.picture = widgets.HTML()
        self.names = widgets.HTML()
        self.message = widgets.Label()
        self.message.add_class("cardlab-error")
        self.show.on_click(lambda _: self.read())
        self.codes.observe(lambda _: self.read(), "value")
        self.language.observe(self._language_changed, "value")
        self.four_colour.observe(lambda _: self.render(), "value")
        super().__init__([
            widgets.HBox([self.codes, self.show]), self.message,
            widgets.HBox([self.language, self.four_colour]), self.picture, self.names,
        ])
        self._relabel()
        self.read()

    def read(self) -> None:
        """Parse the typed codes; on bad input show why and keep the previous cards."""
        try:
            self.cards = parse_cards(self.codes.value)
        except CardlabError as err:
            self.message.value = err.text(self.lang)
            return
        self.message.value = ""
        self.render()

    def render(self) -> None:
        """Draw the current cards and list their codes and names."""
        self.picture.value = hand_svg(self.cards, four_colour=self.four_colour.value,
                                      lang=self.lang)
        rows = "".join(f"<li><code>{card.code}</code> {escape(card.name(self.lang))}</li>"
                       for card in self.cards)
        self.names.value = f"<ul>{rows}</ul>"

    def _language_changed(self, change: dict) -> None:
        self.lang = change["new"]
        self._relabel()
        self.read()

    def _relabel(self) -> None:
        self.codes.description = message("widget.cards_prompt", self.lang)
        self.codes.placeholder = message("widget.cards_placeholder", self.lang)
        self.show.description = message("widget.show", self.lang)
        self.four_colour.description = message("widget.four_colour", self.lang)
        self.language.description = message("widget.language", self.lang)
