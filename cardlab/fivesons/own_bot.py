"""Your own Five Sons bot: a plain function that chooses the question to ask.

The function is given the seat's observation log (`FiveSonsLog`: its hand and every
event as it saw it) and the legal questions, each a pair (face card, heart), and
returns one of them. The beginner's bot shows cards and guesses for it, and asks
whenever the function fails (`cardlab.own_bot` says how, and what the learner is told).

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.table import Table
>>> def first_question(view, legal):
...     return legal[0]
>>> game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=2)
>>> bot = own_bot(first_question, seed=1)
>>> _ = Table(game, [bot, *make_bots(["checklist"] * 2, 2, seed=1)]).run()
>>> game.over, bot.problems
(True, [])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cardlab.cards import Card
from cardlab.decisions import Decision
from cardlab.fivesons.actions import Kind, Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import make_bots
from cardlab.fivesons.players import bot_seat
from cardlab.games import Leveled, game
from cardlab.own_bot import LIMIT, Asked, Choose, FunctionBot, Problem

__all__ = ["Questions", "beginner", "make_bots", "own_bot"]


def beginner() -> str:
    """The name of the beginner's bot, which decides whatever the learner's function does not.

    >>> beginner()
    'checklist'
    """
    return cast(Leveled, game("fivesons")).levels["beginner"]


class Questions:
    """Puts each question to the learner's function; showing and guessing it leaves."""

    def ask(self, state: FiveSonsGame, decision: Decision[Any, Any]) -> Asked | None:
        """The seat's observation log and the legal questions, when it is to ask."""
        if decision.kind is not Kind.ASK:
            return None
        return Asked(state.observation_log(decision.seat), list(decision.options))

    def action(self, decision: Decision[Any, Any], choice: tuple[Card, Card]) -> Question:
        """Ask about `choice`, a face card and a heart."""
        face, heart = choice
        return Question(decision.seat, face, heart)


def own_bot(function: Choose, seed: int | None = None, *, limit: float = LIMIT,
            told: Callable[[Problem], None] | None = None, name: str = "yours") -> FunctionBot:
    """`function(view, legal)` as a bot that asks the questions, the beginner's bot (seeded
    with `seed`) deciding the rest and whenever the function fails."""
    return FunctionBot(function, Questions(), bot_seat(beginner(), seed), name=name,
                       limit=limit, told=told)
