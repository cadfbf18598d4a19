"""A widget for lesson 2: type card codes, see the cards and their names in either language.

The page speaks the lesson's language; "Card names in" chooses the language of
the card names only (English or German), so a learner can compare them.

>>> explorer = CardExplorer("QS 10♥")
>>> explorer.cards
(Card('QS'), Card('TH'))
>>> explorer.codes.value = "ZZ QS 1H"; explorer.controls.click("show")
>>> print(explorer.controls.status)
bad card code 'ZZ': 'Z' is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)
bad card code '1H': '1' is not a rank (use 2-9, T or 10, J, Q, K, A)
>>> explorer.cards, explorer.picture.value
((), '')
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlab.cards import Card
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.render.cards import hand_svg
from cardlab.widgets.controls import FOCUS_CLASS, LINES_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

#: Each language by its own name: the choice is read by those who speak it.
ENDONYMS = {"en": "English", "de": "Deutsch"}


class CardExplorer(widgets.VBox):
    """Cards typed in any accepted notation, drawn, with canonical codes and full names.

    Bad input names every bad code, each with why on a line of its own, in the status
    (``role="status"``), and clears the cards, so that no picture of earlier codes seems
    to answer the new ones.
    """

    def __init__(self, text: str = "", lang: str = "en") -> None:
        self.cards: tuple[Card, ...] = ()
        self.lang = lang
        self.codes = widgets.Text(value=text, continuous_update=False,
                                  description=message("widget.cards_prompt", lang),
                                  placeholder=message("widget.cards_placeholder", lang),
                                  layout=widgets.Layout(width="auto", max_width="100%"))
        self.controls = ControlBar([ButtonSpec("show", message("widget.show", lang),
                                               primary=True)],
                                   label=message("widget.explorer", lang))
        self.controls.add_class(LINES_CLASS)
        self.names_in = widgets.Dropdown(options=[(ENDONYMS[code], code) for code in LANGUAGES],
                                         value=lang, description=message("widget.names_in", lang),
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(width="auto"))
        self.four_colour = widgets.Checkbox(value=False, indent=False,
                                            description=message("widget.four_colour", lang),
                                            layout=widgets.Layout(width="auto"))
        self.picture = widgets.HTML()
        self.names = widgets.HTML()
        self.controls.on_click(lambda _: self.read())
        self.codes.observe(lambda _: self.read(), "value")
        self.names_in.observe(lambda _: self.render(), "value")
        self.four_colour.observe(lambda _: self.render(), "value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            widgets.HBox([self.codes, self.controls], layout=wrap),
            widgets.HBox([self.names_in, self.four_colour], layout=wrap),
            self.picture, self.names,
        ])
        self.add_class(FOCUS_CLASS)
        guard(self)
        self.read()

    def read(self) -> None:
        """Read the typed codes; name every bad one and clear the cards, or show them all."""
        cards, problems = [], []
        for code in self.codes.value.replace(",", " ").split():
            try:
                cards.append(Card.parse(code))
            except CardlabError as err:
                problems.append(err.text(self.lang))
        self.controls.status = "\n".join(problems)
        self.cards = () if problems else tuple(cards)
        self.render()

    def render(self) -> None:
        """Draw the current cards and list their codes and names (in the chosen language)."""
        lang = self.names_in.value
        if not self.cards:
            self.picture.value = self.names.value = ""
            return
        self.picture.value = hand_svg(self.cards, four_colour=self.four_colour.value,
                                      lang=lang)
        rows = "".join(f"<li><code>{card.code}</code> {escape(card.name(lang))}</li>"
                       for card in self.cards)
        self.names.value = f'<ul lang="{lang}">{rows}</ul>'
