"""The bots' level chooser at the start of a game (`cardlab.levels`), for any leveled game.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> choice = level_choice(entry, "beginner", "de")
>>> choice.description, choice.options[0][0], "Anfänger" in choice.note.value
('Stufe der Bots', 'Anfänger', False)
>>> given = level_choice(entry, None, "en", ("random", "mine"))
>>> given.options[0], "As set for this game: Random, mine" in given.note.value
(('As set for this game', ''), True)
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from cardlab.games import Leveled
from cardlab.i18n import message
from cardlab.levels import bot_label
from cardlab.widgets.described_choice import DescribedChoice

#: The value of the option that keeps the bots set seat by seat (by an app's address, a lesson).
ADDRESS = ""


def level_choice(entry: Leveled, level: str | None, lang: str,
                 bots: Sequence[str] = ()) -> DescribedChoice:
    """A drop-down of `entry`'s levels at `level`, each named in the menu and described by what
    its bots do below it; None (the `bots` were set seat by seat, not by level) adds a first
    option that keeps them."""
    options = [(message(f"level.{name}", lang), name) for name in entry.levels]
    does = {name: message(f"{entry.name}.level.{name}", lang) for name in entry.levels}
    if level is None:
        named = ", ".join(bot_label(entry, bot, lang) for bot in bots)
        options.insert(0, (message("level.given_short", lang), ADDRESS))
        does[ADDRESS] = message("level.given", lang, bots=named)
    choice = DescribedChoice(options, level or ADDRESS, does,
                             description=message("level.chooser", lang),
                             style={"description_width": "initial"},
                             layout=widgets.Layout(width="auto", max_width="100%"))
    choice.add_class("cardlab-level")
    return choice
