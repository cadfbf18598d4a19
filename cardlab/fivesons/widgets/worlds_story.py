"""One event of a Five Sons game told in full, for the possible worlds explorer.

The explorer shows every deal, so it tells every event as the asker (or the
guesser) saw it: the card shown and, after a wrong guess, the solution.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.worlds import tiny_game
>>> game = tiny_game()
>>> _ = game.ask(0, *parse_cards("JC 3H"))
>>> for sentence in tell(game, 0).split(". "): print(sentence)
Seat 0 asked: The Jack of Clubs has three sons
Seat 1 passed
Seat 2 showed seat 0 the Three of Hearts.
"""

from __future__ import annotations

from cardlab.fivesons.actions import Question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.narration import (
    asked,
    guessed_right,
    guessed_wrong,
    nobody_showed,
    passed,
    showed,
)
from cardlab.fivesons.record import Ask


def tell(game: FiveSonsGame, k: int, lang: str = "en") -> str:
    """Event `k` of `game` in words, as the seat that asked or guessed saw it."""
    event = game.events[k]
    if not isinstance(event, Ask):
        right = (event.face, event.heart) == game.solution
        told = (guessed_right if right else guessed_wrong)(event.seat, game.solution)
        return told.told_to(event.seat).text(lang)
    question = Question(event.seat, event.face, event.heart)
    responder = game.responder(event.seat, event.face, event.heart)
    events = [asked(question)]
    for step in range(1, game.players):
        seat = (event.seat + step) % game.players
        if seat == responder:
            break
        events.append(passed(seat))
    if responder is None or event.shown is None:
        events.append(nobody_showed(question))
    else:
        events.append(showed(question, responder, event.shown))
    return " ".join(told.told_to(event.seat).text(lang) for told in events)
