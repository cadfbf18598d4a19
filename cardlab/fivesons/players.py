"""Bots at a Five Sons table: each decision is taken from that seat's observation log only.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> game = FiveSonsGame.deal(FiveSonsRules(), seed=2)
>>> action, why = bot_seat("logician", seed=1).decide(game, game.decisions[0])
>>> type(action).__name__, action.seat
('Question', 0)
"""

from __future__ import annotations

from typing import Any

from cardlab import bot_seating
from cardlab.decisions import Decision
from cardlab.fivesons.actions import Action, Guess, Kind, NoGuess, Question, Show
from cardlab.fivesons.bots import FiveSonsBot, make_bot
from cardlab.fivesons.game import FiveSonsGame
from cardlab.i18n import Text


class BotSeat(bot_seating.BotSeat[FiveSonsBot]):
    """A Five Sons bot at a table. The bot is handed the seat's log, never the game."""

    def decide(self, game: FiveSonsGame, decision: Decision[Kind, Any]) -> tuple[Action, Text]:
        """The bot's choice for `decision`, and its reason."""
        seat = decision.seat
        log = game.observation_log(seat)
        if decision.kind is Kind.ASK:
            face, heart, why = self.bot.question(log)
            return Question(seat, face, heart), why
        if decision.kind is Kind.SHOW:
            assert game.pending is not None
            card, why = self.bot.show(log, game.pending.seat, decision.options)
            return Show(seat, card), why
        guess = self.bot.guess(log)
        if guess is None:
            return NoGuess(seat), Text("fivesons.bot.not_certain")
        face, heart, why = guess
        return Guess(seat, face, heart), why


def bot_seat(name: str, seed: int | None = None) -> BotSeat:
    """The bot called `name` (see `cardlab.fivesons.bots.BOTS`), ready to sit at a table."""
    return BotSeat(make_bot(name, seed))
