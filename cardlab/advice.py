"""A bot's reason said to the learner, as a hint: "you", and cards by their full names.

A bot explains its own move in the first person with cards as their corners show them
(``<game>.bot.<key>``: "I show 6♥; ..."). A hint says the same to the learner: the
catalogue holds the learner's version under ``<game>.advice.<key>``, and every card
among the parameters reads as its full name in the learner's language.

>>> from cardlab.cards import Card
>>> hint = advice(Text("anygame.bot.keep", card=Card.parse("6H"), bits=0.42))
>>> hint.key, type(hint.params["card"]).__name__, hint.params["bits"]
('anygame.advice.keep', 'CardName', 0.42)
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
