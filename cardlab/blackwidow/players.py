"""Bots at a Black Widow table: each decision is taken from that seat's view only.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> action, why = bot_seat("heuristic", seed=1).decide(game, game.decisions[0])
>>> action.card.code, why.text()
('2C', '2♣ must open the first trick.')
"""

from __future__ import annotations

from typing import Any

from cardlab import bot_seating
from cardlab.blackwidow.actions import Action, Kind, Moon, MoonChoice, Pass, Play
from cardlab.blackwidow.bots import BlackWidowBot, make_bot
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.view import seat_view
from cardlab.decisions import Decision
from cardlab.i18n import Text


class BotSeat(bot_seating.BotSeat[BlackWidowBot]):
    """A Black Widow bot at a table. The bot is handed the seat's view, never the game."""

    def decide(self, game: BlackWidowGame, decision: Decision[Kind, Any]) -> tuple[Action, Text]:
        """The bot's choice for `decision`, and its reason."""
        seat = decision.seat
        view = seat_view(game, seat)
        if decision.kind is Kind.PASS:
            cards, why = self.bot.pass_cards(view)
            return Pass(seat, tuple(cards)), why
        if decision.kind is Kind.PLAY:
            card, why = self.bot.play(view)
            return Play(seat, card), why
        choice, why = self.bot.choose_moon(view, game.moon_outcomes())
        return Moon(seat, MoonChoice(choice)), why


def bot_seat(name: str, seed: int | None = None) -> BotSeat:
    """The bot called `name` (see `cardlab.blackwidow.bots.BOTS`), ready to sit at a table."""
    return BotSeat(make_bot(name, seed))
