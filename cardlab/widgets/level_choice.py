"""The bots' level chooser at the start of a game (`cardlab.levels`), for any leveled game.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> choice = level_choice(entry, "beginner", "de")
>>> choice.description, choice.options[0][0].startswith("Anfänger: ")
('Stufe der Bots', True)
>>> level_choice(entry, None, "en", ("random", "mine")).options[0]
('As set for this game: random, mine', '')
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from cardlab.games import Leveled
from cardlab.i18n import message
from cardlab.levels import bot_label, level_label

#: The value of the option that keeps the bots set seat by seat (by an app's address, a lesson).
ADDRESS = ""


def level_choice(entry: Leveled, level: str | None, lang: str,
                 bots: Sequence[str] = ()) -> widgets.Dropdown:
    """A drop-down of `entry`'s levels, each named by what its bots do, at `level`; None (the
    `bots` were set seat by seat, not by level) adds a first option that keeps them."""
    options = [(level_label(entry, name, lang), name) for name in entry.levels]
    if level is None:
        named = ", ".join(bot_label(entry, bot, lang) for bot in bots)
        options.insert(0, (message("level.given", lang, bots=named), ADDRESS))
    choice = widgets.Dropdown(options=options, value=level or ADDRESS,
                              description=message("level.chooser", lang),
                              style={"description_width": "initial"},
                              layout=widgets.Layout(width="auto", max_width="100%"))
    choice.add_class("cardlab-level")
    return choice
