"""A bot's reason said to the learner, as a hint: "you", and cards by their full names.

A bot explains its own move in the first person with cards as their corners show them
(``<game>.bot.<key>``: "I show 6♥; ..."). A hint says the same to the learner: the
catalogue holds the learner's version under ``<game>.advice.<key>``, and every card
among the parameters reads as its full name in the learner's language.

>>> from cardlab.cards import Card
>>> why = Text("fivesons.bot.show_any", card=Card.parse("6H"))
>>> why.text()
'I show 6♥; the asker has seen neither card from me.'
>>> advice(why).text()
'The asker has seen neither card from you yet.'
>>> advice(Text("fivesons.bot.ask_unsettled", face=Card.parse("QS"), heart=Card.parse("3H"))
...        ).text("de")
'Von Pik-Dame und Herz-Drei weißt du noch nicht, wo sie sind.'
"""

from __future__ import annotations

from cardlab.cards import Card, CardName
from cardlab.i18n import Text

#: The part of a bot's reason key that names it as the bot's, and the learner's version.
_BOT, _ADVICE = ".bot.", ".advice."


def advice(why: Text) -> Text:
    """`why`, a bot's reason for a move, as a hint to the learner who would make it."""
    if _BOT not in why.key:
        raise ValueError(f"not a bot's reason: {why.key}")
    return Text(why.key.replace(_BOT, _ADVICE, 1),
                **{name: CardName(value) if isinstance(value, Card) else value
                   for name, value in why.params.items()})
