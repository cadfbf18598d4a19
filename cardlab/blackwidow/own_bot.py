"""Your own Black Widow bot: a plain function that chooses the card to play.

The function is given the seat's `BlackWidowView` (its cards, the trick, every card
played and by whom, the scores) and the legal cards, and returns one of them. The
beginner's bot passes and makes the moon choice for it, and plays whenever the
function fails (`cardlab.own_bot` says how, and what the learner is told).

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.table import Person, Table
>>> def lowest_card(view, legal):
...     return min(legal, key=lambda card: card.rank)
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> bot = own_bot(lowest_card, seed=1)
>>> Table(game, [bot, *make_bots(["lowest"] * 3, 3, seed=1)], chance=Person()).run()
... # doctest: +ELLIPSIS
[...]
>>> len(game.results), bot.problems
(1, [])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cardlab.blackwidow.actions import Kind, Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import make_bots
from cardlab.blackwidow.players import bot_seat
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Card
from cardlab.decisions import Decision
from cardlab.games import Leveled, game
from cardlab.own_bot import LIMIT, Asked, Choose, FunctionBot, Problem

__all__ = ["Plays", "beginner", "make_bots", "own_bot"]


def beginner() -> str:
    """The name of the beginner's bot, which decides whatever the learner's function does not.

    >>> beginner()
    'lowest'
    """
    return cast(Leveled, game("blackwidow")).levels["beginner"]


class Plays:
    """Puts each card to play to the learner's function; passing and the moon it leaves."""

    def ask(self, state: BlackWidowGame, decision: Decision[Any, Any]) -> Asked | None:
        """The seat's view and its legal cards, when it is to play a card."""
        if decision.kind is not Kind.PLAY:
            return None
        return Asked(seat_view(state, decision.seat), list(decision.options))

    def action(self, decision: Decision[Any, Any], choice: Card) -> Play:
        """Play `choice`."""
        return Play(decision.seat, choice)


def own_bot(function: Choose, seed: int | None = None, *, limit: float = LIMIT,
            told: Callable[[Problem], None] | None = None, name: str = "yours") -> FunctionBot:
    """`function(view, legal)` as a bot that plays the cards, the beginner's bot (seeded with
    `seed`) deciding the rest and whenever the function fails."""
    return FunctionBot(function, Plays(), bot_seat(beginner(), seed), name=name, limit=limit,
                       told=told)
